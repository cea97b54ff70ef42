"""Input storms: seeded random mouse, key and window events through the real App loop.

A :class:`Fuzzer` starts the game the way a player's double-click does (saved
files read from a data folder, the App built from them, dialogs, saving and
sound wired in), then posts long storms of real pygame events to the queue
while the App's own loop reads them, on a manual clock so animations are
caught half-way: presses, drags that leave the window or lose the focus half-way,
releases outside the window, double-clicks, every shortcut, typed text,
wheel turns, resizes and window events. Closing the window ends a run of the
game; the next one resumes from what it saved.

After every pass of the loop the card multiset is checked and the sprites must
hold the model's cards. After each storm, once the pointer is let go, the dialogs
are closed and the animations have finished: every sprite rests where the model
says, the saved game replays to the same position, and undo (Ctrl+Z, as a
player would press it) back to the start gives the deal's starting position.

Everything is reproducible from the seed (new deals come from a seeded
generator and the winnable-deal search, a thread, is left out). A failure
raises :class:`StormFailure` naming the seed, the storm and the last events.

On demand (see README, "Reliability")::

    python -m tests.fuzz_tools --events 1000000            # seeds 1, 2, ... in turn
    python -m tests.fuzz_tools --events 20000 --seed 42     # one seed again
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
import traceback
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from spider.app.clock import Clock, ManualClock
from spider.app.loop import App
from spider.app.table.geometry import Box
from spider.app.table.scene import TableScene
from spider.data.session import Session
from spider.data.settings import Settings, save_settings
from spider.model.cards import Card, ordered_deck
from spider.model.dealcode import DealCode
from spider.model.notation import apply_token, format_position, game_from_code, parse_moves
from tests.helpers import Tally, card_multiset

SIZES = ((800, 600), (1024, 700), (1280, 720), (1000, 900), (1366, 768), (801, 1199),
         (1600, 900))
CODES = ("SP1-S1C-AAAAAAD", "SP1-S2R-ABCDEFG", "SB1-S4C-QWERTYU", "SO1-S1C-AAAAAAB",
         "SO1-S4R-AAAQRST", "SP1-S4C-ZZZZZZZ", "SB1-S2C-HELLOOO")
#: Keys pressed in storms: (key, modifiers, unicode, weight).
KEYS: tuple[tuple[int, int, str, int], ...] = (
    (pygame.K_z, pygame.KMOD_CTRL, "", 14),
    (pygame.K_y, pygame.KMOD_CTRL, "", 8),
    (pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT, "", 3),
    (pygame.K_d, 0, "d", 8),
    (pygame.K_n, 0, "n", 3),
    (pygame.K_ESCAPE, 0, "", 7),
    (pygame.K_F11, 0, "", 1),
    (pygame.K_RETURN, pygame.KMOD_ALT, "", 1),
    (pygame.K_F1, 0, "", 2),
    (pygame.K_a, 0, "a", 3),
    (pygame.K_h, 0, "h", 2),
    (pygame.K_h, pygame.KMOD_SHIFT, "H", 1),
    (pygame.K_RETURN, 0, "\r", 4),
    (pygame.K_KP_ENTER, 0, "\r", 1),
    (pygame.K_TAB, 0, "\t", 4),
    (pygame.K_TAB, pygame.KMOD_SHIFT, "\t", 1),
    (pygame.K_UP, 0, "", 2),
    (pygame.K_DOWN, 0, "", 3),
    (pygame.K_LEFT, 0, "", 2),
    (pygame.K_RIGHT, 0, "", 2),
    (pygame.K_SPACE, 0, " ", 3),
    (pygame.K_BACKSPACE, 0, "", 1),
    (pygame.K_BACKSPACE, pygame.KMOD_CTRL, "", 1),
    (pygame.K_DELETE, 0, "", 1),
    (pygame.K_HOME, 0, "", 1),
    (pygame.K_END, 0, "", 1),
    (pygame.K_PAGEUP, 0, "", 1),
    (pygame.K_PAGEDOWN, 0, "", 1),
    (pygame.K_v, pygame.KMOD_CTRL, "", 1),
    (pygame.K_c, pygame.KMOD_CTRL, "", 1),
    (pygame.K_a, pygame.KMOD_CTRL, "", 1),
    (pygame.K_r, 0, "r", 1),
    (pygame.K_s, 0, "s", 1),
    (pygame.K_1, 0, "1", 1),
    (pygame.K_F4, pygame.KMOD_ALT, "", 1),
)
#: Keys pressed while a group is held.
DRAG_KEYS = ((pygame.K_F1, 0, ""), (pygame.K_n, 0, "n"), (pygame.K_d, 0, "d"),
             (pygame.K_z, pygame.KMOD_CTRL, ""), (pygame.K_y, pygame.KMOD_CTRL, ""),
             (pygame.K_ESCAPE, 0, ""), (pygame.K_F11, 0, ""), (pygame.K_a, 0, "a"),
             (pygame.K_h, 0, "h"), (pygame.K_q, pygame.KMOD_CTRL, ""))
TEXTS = ("SP1-S1C-AAAAAAD", "so1-s4r-aaaqrst", "SB1-S2C-", "x", "sp2-s3x-!!", "ZZZZZZZ",
         " sp1-s2r-abcdefg ", "ĐƯỜNG", "蜘蛛纸牌", "🂡🂱", "-", "A" * 40)
WINDOW_EVENTS = ("WINDOWFOCUSLOST", "WINDOWFOCUSGAINED", "WINDOWLEAVE", "WINDOWENTER",
                 "WINDOWMINIMIZED", "WINDOWRESTORED", "WINDOWEXPOSED", "WINDOWSHOWN",
                 "WINDOWHIDDEN", "WINDOWMAXIMIZED", "WINDOWMOVED", "VIDEOEXPOSE")
#: Clock steps between passes of the loop (seconds): mostly frames, sometimes a stall.
DTS = (0.0, 1 / 240, 1 / 120, 1 / 60, 1 / 60, 1 / 30, 0.05, 0.12, 0.3, 2.5)


class StormFailure(AssertionError):
    """An invariant broke (or the game raised) during a storm."""


@dataclass
class Figures(Tally):
    """What a fuzz run did."""

    events: int = 0
    passes: int = 0
    storms: int = 0
    actions: int = 0
    games: int = 0
    launches: int = 0
    quits: int = 0
    wins: int = 0
    seeds: list[int] = field(default_factory=list)
    seconds: float = 0.0
    kinds: Counter[str] = field(default_factory=Counter)

    def summary(self) -> str:
        seeds = self.seeds
        shown = (f"{seeds[0]}..{seeds[-1]}" if len(seeds) > 3 and seeds == list(
            range(seeds[0], seeds[-1] + 1)) else ", ".join(map(str, seeds)))
        return (f"{self.events} events in {self.passes} passes of the loop, {self.storms} storms, "
                f"{self.actions} actions, {self.games} games ({self.wins} won), "
                f"{self.launches} starts of the game ({self.quits} closed and resumed), "
                f"seeds {shown}; {self.seconds:.0f} s")


def winning_lines() -> dict[str, str]:
    try:
        from tests.winning_lines import WINNING_LINES
    except ImportError:
        from tests.winning_lines import WINNING_LINES
    return WINNING_LINES


def read_saved_game(folder: Path) -> Session:
    """The session in ``folder``'s game file, read straight from its JSON."""
    from spider.data.persistence import GAME_FILE

    document = json.loads((folder / GAME_FILE).read_text(encoding="utf-8"))
    return Session.from_dict(document["data"]["session"])


def full_deck(code: DealCode) -> Counter[Card]:
    return Counter(ordered_deck(code.suits, code.table.decks))


def stale_picture(app: App) -> bool:
    """Whether the window, with nothing moving, shows other than what drawing every
    scene afresh shows (below the bar, whose clock may have moved on since)."""
    def picture() -> bytes:
        bar = app.table.geometry.bar
        width, height = app.size
        return pygame.image.tobytes(app.screen.subsurface(
            (0, bar.bottom, width, height - bar.bottom)), "RGB")

    shown = picture()
    app.table.renderer.still.forget()  # the resting cards drawn from scratch too
    app.request_redraw()
    app.draw()
    return picture() != shown


def settled_problems(app: App) -> list[str]:
    """Why the sprites do not rest exactly where the model and the layout put them."""
    table: TableScene = app.table
    game, board, g = table.game, table.board, table.geometry
    problems = []
    if not board.matches(game):
        problems.append("the sprites do not hold the model's cards")
        return problems
    if board.dragging or table.dragging is not None:
        problems.append("a group is still held")
    for number, (sprites, slots) in enumerate(zip(board.columns, game.columns, strict=True)):
        ys = g.card_ys(number, [slot.face_up for slot in slots])
        for sprite, slot, y in zip(sprites, slots, ys, strict=True):
            if (sprite.card, sprite.shown_up) != (slot.card, slot.face_up):
                problems.append(f"{sprite!r} shows the wrong face in column {number + 1}")
            if sprite.pos != (g.column_x[number], y) or sprite.moving or sprite.squash != 1.0:
                problems.append(f"{sprite!r} in column {number + 1} is not at "
                                f"{(g.column_x[number], y)}")
    piles = game.deals_left
    for index, sprite in enumerate(board.stock):
        if sprite.shown_up or sprite.pos != g.stock_pile(index // len(game.columns), piles):
            problems.append(f"stock {sprite!r} is out of place")
    for slot, run in enumerate(board.runs):
        for sprite in run:
            if sprite.pos != g.run_slot(slot) or not sprite.shown_up:
                problems.append(f"run {slot} {sprite!r} is out of place")
    width, height = app.size
    if g.size != app.size:
        problems.append(f"the table is laid out for {g.size}, the window is {app.size}")
    for sprite in board.sprites():
        if not Box(round(sprite.pos[0]), round(sprite.pos[1]), g.card_w, g.card_h).within(
                width, height):
            problems.append(f"{sprite!r} is off screen")
    return problems


@contextlib.contextmanager
def deterministic(threaded_hints: bool = False) -> Iterator[None]:
    """No winnable-deal search thread and (unless ``threaded_hints``) no hint thread,
    for repeatable storms (new deals come from the App's seeded ``deals``)."""
    import spider.app.dialogs.newgame as newgame

    finder = getattr(newgame, "winnable_finder", None)
    if finder is not None:
        newgame.winnable_finder = lambda: None  # type: ignore[attr-defined]
    # Hints and the demo answer on the loop's thread (in order); the solver's
    # "can still be won" search after every action is left out (seconds each).
    from spider.app.table.hinting import Hinting
    from spider.app.table.winnability import WinCheck

    switches = [(WinCheck, "enabled")] + ([] if threaded_hints else [(Hinting, "threaded")])
    before = [getattr(owner, name) for owner, name in switches]
    for owner, name in switches:
        setattr(owner, name, False)
    try:
        yield
    finally:
        if finder is not None:
            newgame.winnable_finder = finder  # type: ignore[attr-defined]
        for (owner, name), value in zip(switches, before, strict=True):
            setattr(owner, name, value)


def launch(folder: Path, code: str | None = None, size: tuple[int, int] = (1024, 700),
           clock: Clock | None = None, first: bool = False,
           deals: random.Random | None = None) -> App:
    """Start the game as a player does: read the saved files in ``folder``, build the App,
    with dialogs, saving and sound. ``code``: the deal when nothing is saved; ``deals``:
    what new deals are drawn from (None: the system's randomness, as for a player)."""
    from spider.data.persistence import load_saved

    saved = load_saved(folder)
    if saved.session is None and code is not None:
        saved.session = Session(DealCode.parse(code))
    return App(saved=saved, size=size, fullscreen=False if first else None,
               clock=clock or ManualClock(), deals=deals)


class Fuzzer:
    """Storms of events for one seed, over as many starts of the game as it takes."""

    def __init__(self, seed: int, folder: Path, code: str | None = None,
                 size: tuple[int, int] | None = None, near_wins: float = 0.3,
                 threaded_hints: bool = False) -> None:
        """``threaded_hints``: hints, the demo and the can-still-win search on, on their
        worker thread as in the game (answers then come when they come: such storms
        are not repeatable)."""
        self.seed = seed
        self.threaded_hints = threaded_hints
        self.rng = random.Random(seed)
        self.deals = random.Random(seed * 7919 + 1)
        self.folder = folder
        self.code = code or self.rng.choice(CODES)
        self.size = size or self.rng.choice(SIZES[:4])
        # Threaded storms: the worker's answers take real time (the clock never waits).
        self.clock = ManualClock(threads=not threaded_hints)
        self.figures = Figures(seeds=[seed])
        self.recent: deque[str] = deque(maxlen=40)
        self.app: App | None = None
        self._sessions: set[DealCode] = set()
        self._won: set[DealCode] = set()
        self._deck: Counter[Card] | None = None
        self._deck_code: DealCode | None = None
        self.storm = 0
        #: How often a start resumes a saved game a few actions short of a win.
        self.near_wins = near_wins

    # ------------------------------------------------------------ start/stop
    def near_win(self) -> None:
        """Leave a saved game a few redos (or moves) short of a win, as the next start's."""
        from spider.data.persistence import save_game

        code, line = self.rng.choice(sorted(winning_lines().items()))
        session = Session(DealCode.parse(code))
        tokens = parse_moves(line)
        for token in tokens:
            apply_token(session.game, token)
        for _ in range(self.rng.randint(1, 3)):
            session.game.undo()
        save_game(self.folder, session)

    def start(self) -> App:
        first = self.figures.launches == 0
        if first and self.threaded_hints:
            save_settings(self.folder, Settings(fullscreen=False, hints=True, win_check=True))
        if self.rng.random() < self.near_wins:
            self.near_win()
        self.app = launch(self.folder, self.code if first else None, self.size, self.clock,
                          first=first, deals=self.deals)
        self.figures.launches += 1
        original = self.app.on_game_event

        def counted(kind: str) -> None:
            self.figures.actions += kind != "won"
            if kind == "won":
                self._won.add(self.app.session.code)
            original(kind)

        self.app.on_game_event = counted  # type: ignore[method-assign]
        self._pass()
        return self.app

    def close(self) -> None:
        if self.app is not None:
            self.app.close()
            self.app = None

    # ---------------------------------------------------------------- events
    def post(self, kind: int, **attributes: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **attributes))
        self.figures.events += 1
        name = pygame.event.event_name(kind)
        self.figures.kinds[name] += 1
        shown = {k: v for k, v in attributes.items() if k in ("pos", "mod", "clicks",
                                                               "button", "w", "h", "text", "y")}
        if "key" in attributes:
            shown["key"] = pygame.key.name(attributes["key"])
        self.recent.append(f"{name} {shown}" if shown else name)

    def _pass(self) -> None:
        """One pass of the App's loop, then the cheap invariants."""
        app = self.app
        assert app is not None
        app.step()
        self.figures.passes += 1
        if not app.running:
            return
        session = app.session
        if session.code not in self._sessions:  # a deal played (resumes count once)
            self._sessions.add(session.code)
            self.figures.games += 1
        if self._deck_code != session.code:
            self._deck_code, self._deck = session.code, full_deck(session.code)
        if card_multiset(session.game) != self._deck:
            self.fail("the cards on the table, in the stock and in the runs changed")
        table = app.table
        if not table.board.matches(session.game):
            self.fail("the sprites do not hold the model's cards")
        if app.scenes.top is not table and (table.board.dragging or table.dragging is not None):
            self.fail(f"{type(app.scenes.top).__name__} opened over a group still held")

    def advance(self) -> None:
        """Let some time pass and run the loop once."""
        self.clock.sleep(self.rng.choice(DTS))
        self._pass()

    def fail(self, what: str) -> None:
        recent = "\n  ".join(self.recent)
        where = ""
        if self.app is not None:
            game = self.app.session.game
            where = (f" ({type(self.app.scenes.top).__name__} on top, {self.app.session.code},"
                     f" {game.moves} moves, history {len(game.history()[0])} done"
                     f" {len(game.history()[1])} undone)")
        raise StormFailure(f"seed {self.seed}, storm {self.storm}, event {self.figures.events}: "
                           f"{what}{where}\n  last events:\n  {recent}")

    # ------------------------------------------------------------ aim points
    def size_now(self) -> tuple[int, int]:
        assert self.app is not None
        return self.app.size

    def anywhere(self, outside: float = 0.08) -> tuple[int, int]:
        width, height = self.size_now()
        if self.rng.random() < outside:
            return (self.rng.randint(-400, width + 400), self.rng.choice(
                (self.rng.randint(-300, -1), self.rng.randint(height, height + 300))))
        return self.rng.randrange(width), self.rng.randrange(height)

    def card_point(self) -> tuple[int, int] | None:
        """A point on a random card of the table (its visible part), if any."""
        assert self.app is not None
        table = self.app.table
        g = table.geometry
        columns = [(c, ys) for c, ys in enumerate(table.board.column_ys()) if ys]
        if not columns:
            return None
        column, ys = self.rng.choice(columns)
        faces = [sprite.face_up for sprite in table.board.columns[column]]
        up = [i for i, face in enumerate(faces) if face]
        index = self.rng.choice(up) if up and self.rng.random() < 0.85 else self.rng.randrange(
            len(ys))
        bottom = ys[index + 1] if index + 1 < len(ys) else ys[index] + g.card_h
        x = g.column_x[column] + self.rng.randrange(max(1, g.card_w))
        y = self.rng.randint(ys[index], max(ys[index], bottom - 1))
        return x, y

    def column_point(self) -> tuple[int, int]:
        assert self.app is not None
        table = self.app.table
        g = table.geometry
        column = self.rng.randrange(g.columns)
        ys = table.board.column_ys()[column]
        y = (ys[-1] if ys else g.top) + self.rng.randrange(max(1, g.card_h))
        return g.column_x[column] + self.rng.randrange(max(1, g.card_w)), y

    def target(self) -> tuple[int, int]:
        """Somewhere a player aims: mostly cards and columns, sometimes anything."""
        assert self.app is not None
        top = self.app.scenes.top
        roll = self.rng.random()
        if top is not self.app.table:
            widgets = self.widget_points(top)
            if widgets and roll < 0.8:
                return self.rng.choice(widgets)
            return self.anywhere()
        table = self.app.table
        if roll < 0.45:
            return self.card_point() or self.column_point()
        if roll < 0.65:
            return self.column_point()
        if roll < 0.75:
            box = table.geometry.stock_box(table.game.deals_left)
            if box is not None:
                return (box.x + self.rng.randrange(box.w), box.y + self.rng.randrange(box.h))
        if roll < 0.85:
            return self.rng.choice(table.bar.buttons).box.centre
        return self.anywhere()

    @staticmethod
    def widget_points(scene: Any) -> list[tuple[int, int]]:
        from spider.app.ui.focus import walk

        focus = getattr(scene, "focus", None)
        root = getattr(focus, "root", None)
        if root is None:
            button = getattr(scene, "_button", None)
            return [button.center] if button is not None else []
        points = []
        for widget in walk(root):
            if widget.focusable and widget.rect.w > 0 and widget.rect.h > 0:
                rect = widget.rect
                points.append((rect.x + rect.w // 3, rect.centery))
                points.append((rect.x + rect.w * 2 // 3, rect.centery))
        return points

    # --------------------------------------------------------------- gestures
    def press(self, pos: tuple[int, int], clicks: int = 1, button: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, clicks=clicks, touch=False)

    def release(self, pos: tuple[int, int], button: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button, clicks=1, touch=False)

    def motion(self, pos: tuple[int, int], held: bool = True) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(int(held), 0, 0),
                  touch=False)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        if self.rng.random() < 0.9:
            self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)

    def window(self, name: str) -> None:
        kind = getattr(pygame, name)
        extra: dict[str, Any] = {}
        if name == "WINDOWMOVED":
            extra = {"x": self.rng.randint(-50, 500), "y": self.rng.randint(-50, 500)}
        self.post(kind, **extra)

    def interruption(self) -> None:
        """What the machine does to a drag: focus lost, pointer gone, a stall."""
        roll = self.rng.random()
        if roll < 0.3:
            self.window("WINDOWFOCUSLOST")
            self.post(pygame.ACTIVEEVENT, gain=0, state=self.rng.choice((1, 2, 6)))
        elif roll < 0.55:
            self.window("WINDOWLEAVE")
        elif roll < 0.7:
            self.post(pygame.ACTIVEEVENT, gain=0, state=2)
        elif roll < 0.8:
            self.window("WINDOWMINIMIZED")
            self.window("WINDOWRESTORED")
        elif roll < 0.9:
            self.resize()
        else:
            key, mod, text = self.rng.choice(DRAG_KEYS)
            self.key(key, mod, text)

    def aimed_move(self) -> bool:
        """Drag a group the rules allow to move onto a column that takes it (or not)."""
        assert self.app is not None
        table = self.app.table
        if self.app.scenes.top is not table:
            return False
        game = table.game
        moves = game.legal_moves()
        if not moves:
            return False
        move = self.rng.choice(moves)
        count = move.count or 1
        ys = table.board.column_ys()[move.source]
        index = len(ys) - count
        g = table.geometry
        bottom = ys[index + 1] if index + 1 < len(ys) else ys[index] + g.card_h
        start = (g.column_x[move.source] + self.rng.randrange(max(1, g.card_w)),
                 self.rng.randint(ys[index], max(ys[index], bottom - 1)))
        column = move.target if self.rng.random() < 0.8 else self.rng.randrange(g.columns)
        target_ys = table.board.column_ys()[column]
        end = (g.column_x[column] + self.rng.randrange(max(1, g.card_w)),
               (target_ys[-1] if target_ys else g.top) + self.rng.randrange(max(1, g.card_h)))
        self.drag(start, end)
        return True

    def drag(self, start: tuple[int, int] | None = None,
             end: tuple[int, int] | None = None) -> None:
        start = start or self.target()
        self.press(start)
        if self.rng.random() < 0.5:
            self.advance()
        steps = self.rng.randint(1, 12)
        if end is None:
            end = self.target() if self.rng.random() < 0.85 else self.anywhere(outside=0.6)
        interrupt_at = self.rng.randrange(steps) if self.rng.random() < 0.25 else -1
        for number in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * number // steps + self.rng.randint(-3, 3)
            y = start[1] + (end[1] - start[1]) * number // steps + self.rng.randint(-3, 3)
            self.motion((x, y))
            if number == interrupt_at:
                self.interruption()
            if self.rng.random() < 0.3:
                self.advance()
        roll = self.rng.random()
        if roll < 0.85:
            self.release(end)
        elif roll < 0.95:
            self.release(self.anywhere(outside=1.0))
        # else: the release never comes (lost outside the window)

    def double_click(self) -> None:
        pos = self.target()
        self.press(pos, 1)
        self.release(pos)
        if self.rng.random() < 0.3:
            self.advance()
        self.press(pos, 2)
        self.release(pos)

    def resize(self) -> None:
        if self.rng.random() < 0.85:
            width, height = self.rng.choice(SIZES)
        else:
            width, height = self.rng.randint(800, 1700), self.rng.randint(600, 1200)
        self.post(pygame.VIDEORESIZE, w=width, h=height, size=(width, height))
        if self.rng.random() < 0.9:
            self.post(pygame.WINDOWSIZECHANGED, x=width, y=height)

    def gesture(self) -> None:
        """One thing a player (or the machine) does."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.15:
            if not self.aimed_move():
                self.drag()
        elif roll < 0.30:
            self.drag()
        elif roll < 0.40:
            self.double_click()
        elif roll < 0.52:
            pos = self.target()
            self.press(pos, button=rng.choice((1, 1, 1, 1, 2, 3)))
            if rng.random() < 0.95:
                self.release(pos if rng.random() < 0.8 else self.target())
        elif roll < 0.60:
            self.motion(self.anywhere(), held=rng.random() < 0.2)
        elif roll < 0.80:
            key, mod, text, _ = rng.choices(KEYS, weights=[k[3] for k in KEYS])[0]
            self.key(key, mod, text)
        elif roll < 0.83:
            self.post(pygame.TEXTINPUT, text=rng.choice(TEXTS))
        elif roll < 0.85:
            self.post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 2)), flipped=False,
                      precise_x=0.0, precise_y=1.0, touch=False)
        elif roll < 0.865:
            self.resize()
        elif roll < 0.94:
            self.window(rng.choice(WINDOW_EVENTS))
        elif roll < 0.95:
            self.post(pygame.ACTIVEEVENT, gain=rng.randint(0, 1), state=rng.choice((1, 2, 4, 6)))
        elif roll < 0.9515:
            self.post(pygame.QUIT)
        elif roll < 0.97:
            for _ in range(rng.randint(1, 4)):  # redo, redo, redo...
                self.key(pygame.K_y, pygame.KMOD_CTRL)
        else:
            self.release(self.anywhere(outside=0.5))

    # ------------------------------------------------------------------ storms
    def run(self, events: int, storm_size: int = 400) -> Figures:
        """Storms of about ``storm_size`` events until ``events`` were posted."""
        started = time.perf_counter()
        with deterministic(self.threaded_hints):
            try:
                self.start()
                while self.figures.events < events:
                    self.storm += 1
                    self.one_storm(min(storm_size, events - self.figures.events))
                    self.figures.storms += 1
            except StormFailure:
                raise
            except Exception as error:
                detail = "".join(traceback.format_exception(error))
                self.fail(f"the game raised {type(error).__name__}: {error}\n{detail}")
            finally:
                self.close()
        self.figures.wins = len(self._won)
        self.figures.seconds = time.perf_counter() - started
        return self.figures

    def one_storm(self, events: int) -> None:
        goal = self.figures.events + events
        while self.figures.events < goal:
            burst = self.rng.choice((1, 1, 1, 2, 3, 5))
            for _ in range(burst):
                self.gesture()
            self.advance()
            if self.threaded_hints and self.app is not None and self.rng.random() < (
                    0.5 if self.app.table.hinting.waiting else 0.05):
                self.think()
            if self.app is not None and not self.app.running:
                self.closed()
        self.calm()
        self.check_after_storm()

    def closed(self) -> None:
        """The window was closed: what was saved is the game as it stood; start again."""
        assert self.app is not None
        self.figures.quits += 1
        expected = self.app.session
        self.close()
        self.check_saved(expected)
        self.start()

    def think(self) -> None:
        """A player's pause (threaded storms): real time passes, the loop running,
        so that the worker's answers come in the middle of play."""
        app = self.app
        assert app is not None
        start = time.perf_counter()
        end = start + self.rng.uniform(0.1, 1.5)
        hinting = app.table.hinting
        while app.running and (time.perf_counter() < end or (
                hinting.thinking and time.perf_counter() < start + 5)):
            app.step()
            app.spare(1 / 60)
            self.clock.sleep(1 / 60)
            time.sleep(0.008)

    def calm(self) -> None:
        """Let go of the pointer, close the dialogs, and let every animation end (a win's
        celebration ends in a dialog: close that too)."""
        for _ in range(4):
            app = self.app
            assert app is not None
            width, height = app.size
            for _ in range(12):
                if app.scenes.top is app.table:
                    break
                self.release((width + 50, height + 50))
                self.key(pygame.K_ESCAPE)
                self.advance()
                if not app.running:
                    self.closed()
                    return self.calm()
            if app.scenes.top is not app.table:
                self.fail(f"Esc does not close {type(app.scenes.top).__name__}")
            self.release((width + 50, height + 50))
            self.advance()
            try:
                app.run_until_idle(limit=6000)
            except RuntimeError as error:
                self.fail(str(error))
            if app.scenes.top is app.table:
                return
        self.fail("dialogs keep opening by themselves")

    def check_saved(self, session: Session) -> None:
        """The game file replays to ``session``'s position and history."""
        try:
            saved = read_saved_game(self.folder)
        except (OSError, ValueError, KeyError, TypeError) as error:
            self.fail(f"the saved game cannot be read: {error!r}")
        if format_position(saved.game) != format_position(session.game):
            self.fail("the saved game is not the game as it stood")
        if saved.game.history() != session.game.history():
            self.fail("the saved game lost its undo or redo history")

    def check_files(self) -> None:
        """Statistics and settings on disk are those in play, and read back cleanly."""
        from spider.data.settings import load_settings
        from spider.data.statistics import load_statistics

        app = self.app
        assert app is not None
        statistics = load_statistics(self.folder)
        if statistics.problem is not None:
            self.fail(f"the statistics file is unusable: {statistics.problem}")
        if statistics.value != app.persistence.statistics:  # type: ignore[attr-defined]
            self.fail("the statistics on disk are not the statistics in play")
        settings = load_settings(self.folder)
        if settings.problem is not None:
            self.fail(f"the settings file is unusable: {settings.problem}")
        if (self.folder / "settings.json").exists():
            assert settings.value is not None
            if settings.value.with_(fullscreen=app.settings.fullscreen) != app.settings:
                self.fail("the settings on disk are not the settings in play")

    def check_after_storm(self) -> None:
        app = self.app
        assert app is not None
        problems = settled_problems(app)
        if problems:
            self.fail("after the storm: " + "; ".join(problems[:5]))
        if stale_picture(app):
            self.fail("the window does not show what drawing the table afresh shows")
        self.check_saved(app.session)
        self.check_files()
        game = app.session.game
        start = format_position(game_from_code(app.session.code))
        for _ in range(len(game.history()[0]) + 1):
            if not game.can_undo:
                break
            self.key(pygame.K_z, pygame.KMOD_CTRL)
            if self.rng.random() < 0.3:
                self.advance()
            else:
                self._pass()
        app.run_until_idle(limit=6000)
        if game.can_undo or format_position(game) != start:
            self.fail("undo back to the start does not give the starting position")
        problems = settled_problems(app)
        if problems:
            self.fail("after undoing everything: " + "; ".join(problems[:5]))
        self.check_saved(app.session)


def fuzz(seed: int, events: int, folder: Path, code: str | None = None,
         threaded_hints: bool = False) -> Figures:
    """Run one seed's storms (``events`` events in all) with saved data in ``folder``."""
    return Fuzzer(seed, folder, code, threaded_hints=threaded_hints).run(events)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz_tools",
                                     description="Input storms through the real game loop.")
    parser.add_argument("--events", type=int, default=int(os.environ.get(
        "SPIDER_FUZZ_EVENTS", "100000")), help="events in all (default 100000)")
    parser.add_argument("--seed", type=int, default=None,
                        help="only this seed (default: seeds 1, 2, ... in turn)")
    parser.add_argument("--per-seed", type=int, default=20000,
                        help="events per seed when going through seeds (default 20000)")
    parser.add_argument("--threaded-hints", action="store_true",
                        help="hints, demo and can-still-win on their thread (not repeatable)")
    args = parser.parse_args(argv)
    import tempfile

    total = Figures()
    seeds = [args.seed] if args.seed is not None else None
    next_seed = 1
    started = time.perf_counter()
    while total.events < args.events:
        if seeds is not None:
            seed, budget = seeds[0], args.events
        else:
            seed, next_seed = next_seed, next_seed + 1
            budget = min(args.per_seed, args.events - total.events)
        with tempfile.TemporaryDirectory(prefix=f"spider-fuzz-{seed}-") as folder:
            try:
                figures = fuzz(seed, budget, Path(folder), threaded_hints=args.threaded_hints)
            except StormFailure as failure:
                print(f"FAILED: {failure}", flush=True)
                print(f"again: python -m tests.fuzz_tools --seed {seed} --events {budget}",
                      flush=True)
                return 1
        total.add(figures)
        total.seconds = time.perf_counter() - started
        print(f"seed {seed}: {figures.summary()}", flush=True)
        print(f"  so far: {total.summary()}", flush=True)
    print(f"passed: {total.summary()}")
    print("events by kind: " + ", ".join(f"{k} {v}" for k, v in total.kinds.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
