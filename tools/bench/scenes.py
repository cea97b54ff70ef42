"""The game benchmark's scenes: the positions shown, the real App built headless, and
the real input that plays each scene while a :class:`~tools.bench.frames.Recorder`
times its frames."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from spider import environment
from tools.bench.frames import DT, Recorder

if TYPE_CHECKING:
    from spider.app.loop import App
    from spider.model.game import Game

#: The scenes timed, in the report's order (``win_panel``: the cascade under the win panel).
SCENES = ("rest", "long", "drag", "deal", "run", "win", "win_panel")

#: A fresh 4-suit deal (every face appears), dealt in and at rest.
FRESH_CODE = "SP1-S4C-BCDEFGH"

#: The win: seven runs gone, the last one completes when the ace goes onto the two.
WIN_POSITION = """\
rules: classic
score: 1200
moves: 140
removed: 7
1: Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
2: As
3:
4:
5:
6:
7:
8:
9:
10:
"""


def long_position() -> str:
    """All 104 cards on the table in long columns; column 1 ends with a 12-card
    spade run (K to 2) to drag, and the ace of spades lies at the end of column 10
    (a double-click on it completes a run)."""
    from spider.model.cards import RANK_LETTERS, Suit

    def name(rank: int, suit: Suit) -> str:
        return f"{RANK_LETTERS[rank - 1]}{suit.value}"

    deck = [(rank, suit) for _ in range(2) for suit in Suit for rank in range(1, 14)]
    spade_run = [(rank, Suit.SPADES) for rank in range(13, 1, -1)]
    for card in [*spade_run, (1, Suit.SPADES)]:
        deck.remove(card)
    # Interleave so that columns mix suits like a real game.
    deck = deck[::3] + deck[1::3] + deck[2::3]
    lengths = [5, 14, 12, 11, 10, 9, 8, 8, 8, 6]  # plus the run (12) and the ace (1): 104
    columns, cursor = [], 0
    for number, length in enumerate(lengths):
        cards = deck[cursor:cursor + length]
        cursor += length
        down = length // 2 if number else length
        slots = [f"[{name(*card)}]" if index < down else name(*card)
                 for index, card in enumerate(cards)]
        if number == 0:
            slots += [name(*card) for card in spade_run]
        if number == len(lengths) - 1:
            slots.append(name(1, Suit.SPADES))
        columns.append(slots)
    assert cursor == len(deck)
    lines = ["rules: classic", "score: 420", "moves: 80", "removed: 0", "stock:"]
    lines += [f"{number}: {' '.join(slots)}" for number, slots in enumerate(columns, start=1)]
    return "\n".join(lines) + "\n"


_DATA: str | None = None  # the worker's temporary folder (each App gets its own inside)


def headless(data: str) -> None:
    """The worker's SDL drivers, dummy, and its folders, in ``data``."""
    global _DATA
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    os.environ[environment.CACHE_DIR] = os.path.join(data, "cache")  # never the player's
    _DATA = data


def scratch_folder(prefix: str) -> str:
    """A new folder in the worker's temporary folder."""
    import tempfile

    return tempfile.mkdtemp(prefix=prefix, dir=_DATA)


def make_app(size: tuple[int, int], *, code: str = FRESH_CODE, position: str | None = None,
             game: Game | None = None, real_clock: bool = False) -> App:
    """The real App as the game builds it (with dialogs, saving and sound)."""
    from spider.app.clock import ManualClock, SystemClock
    from spider.app.loop import App
    from spider.data.session import Session
    from spider.data.settings import Settings
    from spider.model.dealcode import DealCode
    from spider.model.notation import parse_position

    # A fresh data folder for every App: nothing saved by the last scene is loaded.
    os.environ[environment.DATA_DIR] = scratch_folder("spider-bench-")
    session = Session(DealCode.parse(code))
    if position is not None:
        session.game = parse_position(position)
    if game is not None:
        session.game = game
    return App(settings=Settings(), session=session, size=size, fullscreen=False,
               clock=SystemClock() if real_clock else ManualClock())


def _post(kind: int, **attributes: object) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(kind, **attributes))


def settle(app: App) -> None:
    """Run the App until nothing moves."""
    app.run_until_idle(limit=20000)


def show(app: App, *, position: str | None = None, code: str = FRESH_CODE) -> None:
    """Start a new game in the running App (as the New game dialog does) and let it settle."""
    from spider.data.session import Session
    from spider.model.dealcode import DealCode
    from spider.model.notation import parse_position

    session = Session(DealCode.parse(code))
    if position is not None:
        session.game = parse_position(position)
    app.start_session(session)
    settle(app)


def scene_rest(app: App, frames: int, *, position: str | None = None,
               timing: str = "both") -> dict[str, Any]:
    """A game at rest (a fresh deal, or ``position``), the whole table drawn each frame."""
    show(app, position=position)
    recorder = Recorder(app, timing)
    while len(recorder.frames) < frames:
        recorder.frame(before=app.request_redraw)
    return recorder.result()


def scene_drag(app: App, frames: int, timing: str = "both") -> dict[str, Any]:
    """Twelve cards of the long game dragged across the table and back."""
    import pygame

    from spider.app.table.driver import EventDriver

    show(app, position=long_position())
    driver = EventDriver(app)
    column = app.table.game.columns[0]
    start = driver.card_point(0, len(column) - 12)
    width, height = app.size
    driver.press(start)
    recorder = Recorder(app, timing)
    # Sweep the group across the table and back, lower each time (real MOUSEMOTION events).
    for number in range(frames):
        phase = (number % 120) / 60
        across = phase if phase <= 1 else 2 - phase
        x = round(width * (0.05 + 0.9 * across))
        y = min(height - 2, round(start[1] + height * 0.1 * ((number // 120) % 3)))
        recorder.frame(before=lambda x=x, y=y: _post(
            pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0)))
    assert app.table.dragging is not None, "the group was not dragged"
    driver.release(start)
    settle(app)
    return recorder.result()


def _repeat_animation(app: App, frames: int, begin: Callable[[], None],
                      reset: Callable[[], None],
                      lead: Callable[[], None] | None = None,
                      timing: str = "both") -> dict[str, Any]:
    """Time every frame while the animation ``begin`` starts runs; ``reset`` between.
    ``lead``: input that comes a frame before ``begin``'s (a double-click's first click),
    its frame timed too. ``timing``: see :class:`Recorder`."""
    recorder = Recorder(app, timing)
    for _ in range(frames):  # each round times one frame at least
        if len(recorder.frames) >= frames:
            break
        if lead is not None:
            recorder.frame(before=lead)
        recorder.frame(before=begin)
        while app.busy and len(recorder.frames) < frames:
            recorder.frame()
        reset()
    assert len(recorder.frames) >= frames, "the animation did not start"
    return recorder.result()


def _undo_at_once(app: App) -> None:
    app.table.perform("undo")
    app.table.finish_animations()
    settle(app)


def scene_deal(app: App, frames: int, timing: str = "both") -> dict[str, Any]:
    """The stock dealt (the D key), again and again, undone at once between."""
    import pygame

    show(app)

    def begin() -> None:
        _post(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=0)

    return _repeat_animation(app, frames, begin, lambda: _undo_at_once(app), timing=timing)


def _double_click(point: tuple[int, int], clicks: tuple[int, ...] = (1, 2)) -> None:
    """A double-click at ``point`` (``clicks``: only some of its two clicks)."""
    import pygame

    for count in clicks:
        _post(pygame.MOUSEBUTTONDOWN, pos=point, button=1, clicks=count)
        _post(pygame.MOUSEBUTTONUP, pos=point, button=1)


def scene_run(app: App, frames: int, timing: str = "both") -> dict[str, Any]:
    """The long game's ace double-clicked onto the run it completes, which leaves."""
    from spider.app.table.driver import EventDriver

    show(app, position=long_position())
    ace = EventDriver(app).column_point(9)

    def reset() -> None:
        assert app.table.game.removed == 1, "the run was not removed"
        _undo_at_once(app)

    # A player's double-click comes in two frames (SDL counts a second press that
    # follows a release): the first click, then the one that moves the ace.
    return _repeat_animation(app, frames, lambda: _double_click(ace, (2,)), reset,
                             lead=lambda: _double_click(ace, (1,)), timing=timing)


def scene_win(app: App, frames: int,
              timing: str = "both") -> tuple[dict[str, Any], dict[str, Any]]:
    """The cascade: its frames before the win panel shows (2.5 s), and after, under it."""
    from spider.app.table.driver import EventDriver

    alone, under = Recorder(app, timing), Recorder(app, timing)
    for _ in range(frames):  # each round times one frame at least
        if len(alone.frames) >= frames and len(under.frames) >= frames:
            break
        show(app, position=WIN_POSITION)
        _double_click(EventDriver(app).column_point(1))
        # The last move and its run fly first (the run scene times those): the
        # celebration starts when they land.
        for _ in range(1000):
            if app.table.celebration is not None:
                break
            app.step()
            app.clock.sleep(DT)
        assert app.table.celebration is not None, "no celebration"
        while app.busy and app.table.celebration is not None:
            recorder = alone if len(app.scenes) == 1 else under
            if len(recorder.frames) < frames:
                recorder.frame()
            elif recorder is under or len(under.frames) >= frames:
                break
            else:  # enough of the cascade alone: on (untimed) to the panel
                app.step()
                app.clock.sleep(DT)
        while len(app.scenes) > 1:  # the win dialog
            app.scenes.pop()
    assert len(alone.frames) >= frames and len(under.frames) >= frames, "no win dialog"
    return alone.result(), under.result()
