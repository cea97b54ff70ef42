"""``python main.py bench [game]``: how fast the game draws, idles, resizes and starts.

Everything runs headless with SDL's dummy video and audio drivers, each window size
in a fresh subprocess (so the peak memory of that process is the peak of the scenes
at that size). The figures:

* **frame time** p50 and p99 per scene and window size. A frame is one pass of the
  App's loop that draws: events + fixed updates + draw + ``display.flip``
  (``App.step``). With the dummy driver ``flip`` presents nothing (SDL keeps the
  window's software surface and shows it nowhere), so the figures are the game's
  own CPU cost of a frame; a real driver adds the upload of the picture, the same
  for the floor. The App runs on a manual clock advanced 1/60 s after each frame,
  so every scene shows the same animation at every size, and the frame itself is
  timed in the game thread's CPU time (``time.thread_time``: the machine's load
  does not count).
* **the floor**, measured in the same run: fill the screen, blit the card images
  the scene showed in that frame (the same already-rendered images, at the same
  places), ``display.flip`` — no game logic. Each scene runs twice, one pass
  right after the other: the first times its frames, nothing drawn between them
  but what the loop draws; the second times the floors, each right after the
  same frame (see :func:`_apart`). Each pass runs three times and each frame (and
  floor) keeps its least time: a burst of load lengthens a frame in one pass, a
  frame slow by its own work stays slow. Each scene's p50 is compared with the
  floor's p50, its p99 with the floor's p99 (both measured under the same load);
  the old p99 figure (one pass of each) is printed beside it.
* **idle CPU**: the real loop (``App.run``, real clock) with a game in progress
  (its clock ticking on screen) and no input for 5 s: process CPU time
  (``time.process_time``, every thread) per second of wall time.
* **resize**: the time to rasterise the whole card set (52 faces and the back) at
  the card size of the window; and, the window resized as a player does
  (``Window.size``: SDL makes the window's new picture and queues the events),
  the pass that handles it against the floor of a resize (another window resized
  the same way, filled and given the same cards; the system's making of either
  window's new picture is timed apart, it is not the game's); the first full
  frame after it against the same floor; and the stall, like with like (see
  :func:`_stall_like_with_like`): the passes after a resize with no card set kept,
  each pass's thread CPU (with the work done in its spare time) against a still
  frame timed right after it, in the same run under the same load, the median of
  three repetitions per pass, the largest over the passes. The budget takes it.
  The old stall figure is printed beside it as a reference: the longest pass in
  the second after a resize (thread CPU, and wall time alone: its spare time
  waits for the card thread) against the long scene's still p99, measured
  minutes apart, a single worst pass of some 120 (one load burst was enough).
* **peak memory**: ``ru_maxrss`` of the fresh process that ran the size's scenes.
* **start to first frame** from source: ``python main.py --smoke-test`` with
  ``SPIDER_EXIT_AFTER_FIRST_FRAME=1`` starts the game as a double-click does and
  exits right after its first ``display.flip``; wall time of the whole process,
  median of several runs (a fresh data folder each time, so the first-start
  window: full screen at the dummy driver's desktop size, 1024×768).

``--json OUT`` writes the same figures; ``--quick`` runs fewer frames at one size.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spider import environment

if TYPE_CHECKING:
    import pygame

    from spider.app.loop import App, Frame
    from spider.model.game import Game

ROOT = Path(__file__).resolve().parent.parent.parent
SIZES = ((1280, 720), (1920, 1080), (3840, 2160))
QUICK_SIZES = ((1280, 720),)
SCENES = ("rest", "long", "drag", "deal", "run", "win", "win_panel")
SCENE_TITLES = {
    "rest": "fresh deal at rest",
    "long": "long game at rest (104 cards)",
    "drag": "dragging 12 cards",
    "deal": "deal animation",
    "run": "run-removal animation",
    "win": "win celebration (cascade)",
    "win_panel": "  the same under the win panel",
}
FRAMES = 300
QUICK_FRAMES = 30
IDLE_SECONDS = 5.0
QUICK_IDLE_SECONDS = 1.0
STARTUP_RUNS = 5
QUICK_STARTUP_RUNS = 1
DT = 1 / 60
#: Each resize repeated this many times for the stall like with like (see
#: ``_stall_like_with_like``).
STALL_REPEATS = 3
#: Passes of each scene's frames, and of its floors (see :func:`_apart`).
PASSES = 3
FIRST_FRAME_ENV = environment.EXIT_AFTER_FIRST_FRAME

#: Budgets (the ratios are to floors measured in the same run).
BUDGET_P50 = 1.15          # frame p50 / the still-picture floor's p50
BUDGET_P99 = 1.6           # frame p99 / the still-picture floor's p99
BUDGET_IDLE = 2.0          # % of one core, dummy driver
BUDGET_IDLE_WINDOW = 1.0   # % of one core, a real window (Xvfb)
BUDGET_RASTER = 1.3        # the card set / SDL rasterising the same pictures
BUDGET_RESIZE = 2.0        # a resize's passes (CPU time) / their floors
BUDGET_MEMORY_4K = 250.0   # MB, a real window at 4K with the hint worker and a search
BUDGET_GROWTH = 0.5        # MB per 100 games over a long session
BUDGET_STARTUP = 1.2       # start to first frame / a bare pygame-ce window's
MEMORY_GAMES = 300
QUICK_MEMORY_GAMES = 6
WINDOW_SIZES = ((1920, 1080), (3840, 2160))
WINDOW_IDLE_SECONDS = 30.0

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


# ====================================================================== worker side
# Runs in the subprocess for one window size (``python -m tools.bench.game --worker``).

_DATA: str | None = None  # the worker's temporary folder (each App gets its own inside)


def _headless(data: str) -> None:
    global _DATA
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    os.environ[environment.CACHE_DIR] = os.path.join(data, "cache")  # never the player's
    _DATA = data


def _make_app(size: tuple[int, int], *, code: str = FRESH_CODE, position: str | None = None,
              game: Game | None = None, real_clock: bool = False) -> App:
    """The real App as the game builds it (with dialogs, saving and sound)."""
    import tempfile

    from spider.app.clock import ManualClock, SystemClock
    from spider.app.loop import App
    from spider.data.session import Session
    from spider.data.settings import Settings
    from spider.model.dealcode import DealCode
    from spider.model.notation import parse_position

    # A fresh data folder for every App: nothing saved by the last scene is loaded.
    os.environ[environment.DATA_DIR] = tempfile.mkdtemp(prefix="spider-bench-", dir=_DATA)
    session = Session(DealCode.parse(code))
    if position is not None:
        session.game = parse_position(position)
    if game is not None:
        session.game = game
    return App(settings=Settings(), session=session, size=size, fullscreen=False,
               clock=SystemClock() if real_clock else ManualClock())


def _shown_cards(app: App) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The card images the table drew in the last frame and where (what the floor blits)."""
    from spider.app.table.cardimages import turned

    table = app.table
    celebration = table.celebration
    if celebration is not None:
        tops = [pile[0] for pile in celebration.piles if pile]
        return tops + celebration.drawn
    resting, flying, dragged = table.board.layers()
    top = {sprite.pos: sprite for sprite in resting}
    shown = [sprite for sprite in resting if top[sprite.pos] is sprite] + flying + dragged
    images = table.images
    return [(images.image(sprite.card, sprite.shown_up, turned(sprite.squash)),
             (round(sprite.pos[0]), round(sprite.pos[1]))) for sprite in shown]


def _still_picture(app: App) -> tuple[pygame.Surface, list[tuple[pygame.Surface,
                                                                  tuple[int, int]]]]:
    """The still-picture floor's parts: one kept picture of the composed table (the
    resting cards on the felt; in the cascade, its canvas) and the cards that move
    in this frame, where they are."""
    from spider.app.table.cardimages import turned

    table = app.table
    celebration = table.celebration
    if celebration is not None:
        return celebration.canvas, list(celebration.drawn)
    renderer = table.renderer
    resting, flying, dragged = table.board.layers()
    still = renderer.still.up_to_date(resting)
    images = table.images
    return still, [(images.image(sprite.card, sprite.shown_up, turned(sprite.squash)),
                    (round(sprite.pos[0]), round(sprite.pos[1])))
                   for sprite in flying + dragged]


class _Recorder:
    """Times frames of the real loop and, right after each, the floor for the same cards."""

    def __init__(self, app: App, timing: str = "both") -> None:
        """``timing``: what its passes time (see :func:`_apart`): the frames and, right
        after each, the floors (``"both"``), or only the frames or the floors."""
        import pygame

        from spider.app.table.felt import FELT

        self.app = app
        self.timing = timing
        self.pygame = pygame
        self.felt = FELT
        self.frames: list[float] = []
        self.floor: list[float] = []
        self.still_floor: list[float] = []
        self.drawn = 0  # frames the App has drawn
        app.frame_observers.append(self._count)

    def _count(self, frame: Frame) -> None:
        self.drawn += 1

    def frame(self, before: Callable[[], None] | None = None) -> None:
        """One timed pass of the loop (it must draw), then one timed floor frame."""
        pygame, app = self.pygame, self.app
        if before is not None:
            before()
        drawn = self.drawn
        start = time.thread_time()
        app.step()
        elapsed = time.thread_time() - start
        if self.drawn == drawn:  # nothing was drawn: not a frame
            _spare(app, DT - elapsed)
            app.clock.sleep(DT)
            return
        self.frames.append(elapsed)
        if self.timing == "frames":
            _spare(app, DT - elapsed)
            app.clock.sleep(DT)
            return
        cards = _shown_cards(app)
        still, moving = _still_picture(app)
        screen = app.screen
        start = time.thread_time()
        screen.fill(self.felt)
        screen.fblits(cards)
        pygame.display.flip()
        self.floor.append(time.thread_time() - start)
        start = time.thread_time()
        screen.blit(still, (0, 0))
        screen.fblits(moving)
        pygame.display.flip()
        self.still_floor.append(time.thread_time() - start)
        _spare(app, DT - elapsed)  # the rest of the frame, as App.run offers it
        app.clock.sleep(DT)

    def result(self) -> dict[str, Any]:
        return {"frames": len(self.frames), "times": self.frames, "floor": self.floor,
                "still_floor": self.still_floor}


def _apart(scene: Callable[[str], Any]) -> Any:
    """A scene's figures (``scene(timing)``: a result, or a pair of them, its recorders
    made with that ``timing``) from passes of two kinds:
    its frames timed in the first, its floors in the second (the same animation:
    the App's clock is a manual one). Drawn between the frames, the floors
    (the whole window filled and copied, every card picture read: about 14 MB of
    memory a frame) took the caches the next frame finds its pictures and state in,
    and made it slower, while the floor, a streaming copy, did not suffer so: at
    720p, the run scene's frames took p50 0.19 ms with the floors drawn between
    them, 0.10 ms without, 0.32 ms with only 14 MB written between them.

    Each kind of pass runs :data:`PASSES` times and each frame (and floor) keeps its
    least time over them: a burst of the machine's load lengthens a frame in one
    pass, a frame slow by its own work is slow in all. The first passes' times are
    kept too (``times_once``, ``still_floor_once``: the old figures)."""
    timed = [scene("frames") for _ in range(PASSES)]
    floors = [scene("floors") for _ in range(PASSES)]

    def joined(frames: list[dict[str, Any]], floor: list[dict[str, Any]]) -> dict[str, Any]:
        return {**frames[0], "times": least_times([run["times"] for run in frames]),
                "floor": least_times([run["floor"] for run in floor]),
                "still_floor": least_times([run["still_floor"] for run in floor]),
                "times_once": frames[0]["times"], "still_floor_once": floor[0]["still_floor"]}

    if isinstance(timed[0], tuple):
        return tuple(joined([run[part] for run in timed], [run[part] for run in floors])
                     for part in range(len(timed[0])))
    return joined(timed, floors)


def least_times(passes: Sequence[Sequence[float]]) -> list[float]:
    """Each frame's least time over passes that timed the same frames."""
    return [min(times) for times in zip(*passes, strict=True)]


def _spare(app: App, seconds: float) -> None:
    """The rest of the frame offered to work that can wait, as ``App.run`` does."""
    spare = getattr(app, "spare", None)  # (an App from before it had any)
    if spare is not None:
        spare(seconds)


def _post(kind: int, **attributes: object) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(kind, **attributes))


def _settle(app: App) -> None:
    app.run_until_idle(limit=20000)


def _show(app: App, *, position: str | None = None, code: str = FRESH_CODE) -> None:
    """Start a new game in the running App (as the New game dialog does) and let it settle."""
    from spider.data.session import Session
    from spider.model.dealcode import DealCode
    from spider.model.notation import parse_position

    session = Session(DealCode.parse(code))
    if position is not None:
        session.game = parse_position(position)
    app.start_session(session)
    _settle(app)


def _scene_rest(app: App, frames: int, *, position: str | None = None,
                timing: str = "both") -> dict[str, Any]:
    _show(app, position=position)
    recorder = _Recorder(app, timing)
    while len(recorder.frames) < frames:
        recorder.frame(before=app.request_redraw)
    return recorder.result()


def _scene_drag(app: App, frames: int, timing: str = "both") -> dict[str, Any]:
    import pygame

    from spider.app.table.driver import EventDriver

    _show(app, position=long_position())
    driver = EventDriver(app)
    column = app.table.game.columns[0]
    start = driver.card_point(0, len(column) - 12)
    width, height = app.size
    driver.press(start)
    recorder = _Recorder(app, timing)
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
    _settle(app)
    return recorder.result()


def _repeat_animation(app: App, frames: int, begin: Callable[[], None],
                      reset: Callable[[], None],
                      lead: Callable[[], None] | None = None,
                      timing: str = "both") -> dict[str, Any]:
    """Time every frame while the animation ``begin`` starts runs; ``reset`` between.
    ``lead``: input that comes a frame before ``begin``'s (a double-click's first click),
    its frame timed too. ``timing``: see :class:`_Recorder`."""
    recorder = _Recorder(app, timing)
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
    _settle(app)


def _scene_deal(app: App, frames: int, timing: str = "both") -> dict[str, Any]:
    import pygame

    _show(app)

    def begin() -> None:
        _post(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=0)

    return _repeat_animation(app, frames, begin, lambda: _undo_at_once(app), timing=timing)


def _double_click(point: tuple[int, int], clicks: tuple[int, ...] = (1, 2)) -> None:
    """A double-click at ``point`` (``clicks``: only some of its two clicks)."""
    import pygame

    for count in clicks:
        _post(pygame.MOUSEBUTTONDOWN, pos=point, button=1, clicks=count)
        _post(pygame.MOUSEBUTTONUP, pos=point, button=1)


def _scene_run(app: App, frames: int, timing: str = "both") -> dict[str, Any]:
    from spider.app.table.driver import EventDriver

    _show(app, position=long_position())
    ace = EventDriver(app).column_point(9)

    def reset() -> None:
        assert app.table.game.removed == 1, "the run was not removed"
        _undo_at_once(app)

    # A player's double-click comes in two frames (SDL counts a second press that
    # follows a release): the first click, then the one that moves the ace.
    return _repeat_animation(app, frames, lambda: _double_click(ace, (2,)), reset,
                             lead=lambda: _double_click(ace, (1,)), timing=timing)


def _scene_win(app: App, frames: int,
               timing: str = "both") -> tuple[dict[str, Any], dict[str, Any]]:
    """The cascade: its frames before the win panel shows (2.5 s), and after, under it."""
    from spider.app.table.driver import EventDriver

    alone, under = _Recorder(app, timing), _Recorder(app, timing)
    for _ in range(frames):  # each round times one frame at least
        if len(alone.frames) >= frames and len(under.frames) >= frames:
            break
        _show(app, position=WIN_POSITION)
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


def _full_set(images: Any) -> None:
    """Make every picture of the card set at the images' size (52 faces and the back)."""
    from spider.model.cards import Card, Suit

    prepare = getattr(images, "prepare_all", None)
    if prepare is not None:
        prepare()
        return
    for suit in Suit:
        for rank in range(1, 14):
            images.face(Card(rank, suit))
    images.back()


def _resize(app: App) -> dict[str, Any]:
    """The card set rasterised at the window's card size; a resize through the loop."""
    import statistics

    from spider.app.table.cardimages import CardImages

    size = app.size
    _show(app, position=long_position())
    card = app.table.images.size
    rasters, raster_floors = [], []
    for _ in range(3):
        start = time.perf_counter()
        _full_set(CardImages(card, app.settings.four_colour))
        rasters.append(time.perf_counter() - start)
        raster_floors.append(_raster_floor(card, app.settings.four_colour))
    from spider.app.window import MIN_WINDOW

    smaller = (max(MIN_WINDOW[0], size[0] * 3 // 4), max(MIN_WINDOW[1], size[1] * 3 // 4))
    window, floor = _windows(app, size)
    felt = _Recorder(app).felt
    resizes, stalls, completes, systems = [], [], [], []
    firsts, cpu_stalls = [], []
    for _ in range(2):
        for target in (smaller, size):
            # The floor of a resize: another window resized the same way, filled and
            # given the same cards. Making the window's new picture is the system's
            # work (SDL's, or the window manager's), timed apart for both windows.
            begin = time.perf_counter()
            floor.size = target
            system = time.perf_counter() - begin
            begin = time.thread_time()
            screen = floor.get_surface()
            screen.fill(felt)
            screen.fblits(_shown_cards(app))
            floor.flip()
            floor_time = time.thread_time() - begin
            # The player resizes the window: SDL makes its new picture and queues the
            # events, which the next pass handles. Then the loop as App.run runs it
            # (each pass, then the rest of its frame offered to work that can wait)
            # until every picture is made; then a second of frames.
            start = time.perf_counter()
            window.size = target
            systems.append(max(system, time.perf_counter() - start))
            passes, cpus, _ = zip(*_passes_until_pictures(app), strict=True)
            assert app.size == target, f"the window is {app.size}, not {target}"
            completes.append(time.perf_counter() - start)
            resizes.append((passes[0], floor_time, cpus[0]))
            recorder = _Recorder(app)
            recorder.frame(before=app.request_redraw)
            # The frame's own CPU time (not the floors timed after it, nor its spare time).
            firsts.append((recorder.frames[0], floor_time))
            while len(recorder.frames) < 60:
                recorder.frame(before=app.request_redraw)
            stalls.append(max([*passes[1:], *recorder.frames]))
            cpu_stalls.append(max([*cpus[1:], *recorder.frames]))
    floor.destroy()
    like = max((_stall_like_with_like(app, window, target, smaller if target == size else size)
                for target in (smaller, size)), key=lambda figures: figures["stall_like"])
    worst_resize = max(resizes, key=lambda pair: pair[0] / pair[1])
    worst_first = max(firsts, key=lambda pair: pair[0] / pair[1])
    return {"card": list(card), "raster": statistics.median(rasters), "rasters": rasters,
            "raster_floor": statistics.median(raster_floors),
            "complete": statistics.median(completes[1::2]), "stall": max(stalls),
            "stall_cpu": max(cpu_stalls),
            "resize_pass": worst_resize[0], "resize_floor": worst_resize[1],
            "resize_pass_cpu": worst_resize[2],
            "first_full_cpu": worst_first[0], "first_full_floor": worst_first[1],
            "window": max(systems), **like}


def _still_after(app: App) -> float:
    """A still frame's floor, timed right after a pass (thread CPU): the window's
    picture blitted whole and presented (the picture left as it was)."""
    import pygame

    screen = app.screen
    picture = screen.copy()
    start = time.thread_time()
    screen.blit(picture, (0, 0))
    pygame.display.flip()
    return time.thread_time() - start


def _passes_until_pictures(app: App, after: Callable[[], float] | None = None,
                           ) -> list[tuple[float, float, float]]:
    """The loop as ``App.run`` runs it (each pass, then the rest of its frame offered to
    work that can wait) until every picture is made: each pass's wall time (the pass
    alone: its spare time waits for the card thread), its thread CPU (with its spare
    time) and what ``after`` returns, called right after it (0.0 without)."""
    timed = []
    for _ in range(1000):
        begin, cpu = time.perf_counter(), time.thread_time()
        app.step()
        wall = time.perf_counter() - begin
        _spare(app, DT - wall)
        timed.append((wall, time.thread_time() - cpu, after() if after else 0.0))
        app.clock.sleep(DT)
        if not _pictures_pending(app):
            break
    return timed


def _resized_passes(app: App, window: Any, target: tuple[int, int]) -> list[tuple[float, float]]:
    """The window resized to ``target`` with no card set kept, then the loop run until
    every picture is made: each pass after the resize's own (that is the resize
    figure's), its thread CPU (with its spare time) and a still frame's timed right
    after it. (The frames after are whole redraws, not passes doing spare work: the
    scenes' frame budgets and the first full frame's figure measure them.)"""
    window.size = target
    return [(cpu, still) for _, cpu, still
            in _passes_until_pictures(app, after=lambda: _still_after(app))[1:]]


def _stall_like_with_like(app: App, window: Any, target: tuple[int, int],
                          back: tuple[int, int]) -> dict[str, Any]:
    """The stall against a still frame, like with like: the resize to ``target`` (from
    ``back``) repeated ``STALL_REPEATS`` times, each with a fresh card cache (the
    pictures made by the thread, as in a first resize). On the App's ManualClock each
    repetition runs the same passes (the picture thread takes none of its time), so
    pass ``i`` is the same work every time: its CPU is divided by the still frame
    timed right after it (the same moment, the same load), the median of those
    ratios over the repetitions taken per pass (a load burst on one repetition is
    not a stall; a pass that stalls does so in every repetition), and the largest
    over the passes is the figure."""
    import statistics
    import tempfile

    kept = os.environ.get(environment.CACHE_DIR)
    runs = []
    try:
        for _ in range(STALL_REPEATS):
            if app.size != back:
                window.size = back
                _settle(app)
            os.environ[environment.CACHE_DIR] = tempfile.mkdtemp(prefix="cache-", dir=_DATA)
            runs.append(_resized_passes(app, window, target))
    finally:
        if kept is not None:
            os.environ[environment.CACHE_DIR] = kept
    ratios = [statistics.median(cpu / max(floor, 1e-9) for cpu, floor in same)
              for same in zip(*runs, strict=False)]  # (the same passes: see above)
    worst = max(range(len(ratios)), key=ratios.__getitem__)
    return {"stall_like": ratios[worst], "stall_like_pass": worst,
            "stall_like_cpu": statistics.median(run[worst][0] for run in runs),
            "stall_like_floor": statistics.median(run[worst][1] for run in runs),
            "stall_like_passes": [len(run) for run in runs]}


def _raster_floor(card: tuple[int, int], four_colour: bool) -> float:
    """The least the card set costs: SDL rasterising the 53 pictures at ``card``."""
    import io

    import pygame

    from spider.app.table.cardart import card_svg
    from spider.app.table.cardimages import ALL_PICTURES

    sources = [card_svg(picture, four_colour) for picture in ALL_PICTURES]
    start = time.perf_counter()
    for data in sources:
        if data is not None:
            pygame.image.load_sized_svg(io.BytesIO(data), card)
    return time.perf_counter() - start


def _windows(app: App, size: tuple[int, int]) -> tuple[Any, Any]:
    """The App's window, and another of the same size for the floor of a resize."""
    import warnings

    import pygame

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    return window, pygame.Window("floor", size)


def _pictures_pending(app: App) -> bool:
    return bool(getattr(app.table.images, "pending", False))


def _peak_rss_mb() -> float | None:
    try:
        import resource
    except ImportError:  # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1e6 if sys.platform == "darwin" else peak / 1024


def worker_frames(size: tuple[int, int], frames: int) -> dict[str, Any]:
    """Every scene in one App, as a player goes from game to game, then a resize."""
    import gc

    app = _make_app(size)
    try:
        scenes: dict[str, Callable[[str], Any]] = {
            "rest": lambda timing: _scene_rest(app, frames, timing=timing),
            "long": lambda timing: _scene_rest(app, frames, position=long_position(),
                                               timing=timing),
            "drag": lambda timing: _scene_drag(app, frames, timing),
            "deal": lambda timing: _scene_deal(app, frames, timing),
            "run": lambda timing: _scene_run(app, frames, timing),
        }
        result: dict[str, Any] = {"scenes": {}}
        for name, run in scenes.items():
            result["scenes"][name] = _apart(run)
            gc.collect()
        result["scenes"]["win"], result["scenes"]["win_panel"] = _apart(
            lambda timing: _scene_win(app, frames, timing))
        gc.collect()
        result["peak_rss_mb"] = _peak_rss_mb()  # the scenes (the budget's figure)
        result["resize"] = _resize(app)
    finally:
        app.close()
    result["peak_rss_resize_mb"] = _peak_rss_mb()  # and the resize test after them
    return result


def worker_idle(size: tuple[int, int], seconds: float) -> dict[str, Any]:
    """The real loop on the real clock, a game in progress, no input for ``seconds``."""
    import threading

    import pygame

    from spider.model.game import Move
    from spider.model.notation import parse_position

    game = parse_position(long_position())
    game.play(Move(9, 0, 1))  # the ace completes a run: the game is under way
    app = _make_app(size, game=game, real_clock=True)
    drawn = [0]
    app.frame_observers.append(lambda frame: drawn.__setitem__(0, drawn[0] + 1))
    marks: dict[str, float] = {}
    warm = 1.0

    def mark() -> None:
        marks["cpu"], marks["wall"], marks["drawn"] = (time.process_time(),
                                                       time.perf_counter(), drawn[0])

    def stop() -> None:
        marks["cpu_end"], marks["wall_end"], marks["drawn_end"] = (
            time.process_time(), time.perf_counter(), drawn[0])
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    timers = [threading.Timer(warm, mark), threading.Timer(warm + seconds, stop)]
    for timer in timers:
        timer.start()
    try:
        app.run()
    finally:
        for timer in timers:
            timer.cancel()
        app.close()
    wall = marks["wall_end"] - marks["wall"]
    cpu = marks["cpu_end"] - marks["cpu"]
    return {"seconds": wall, "cpu_seconds": cpu, "cpu_percent": 100 * cpu / wall,
            "frames": marks["drawn_end"] - marks["drawn"]}


# ====================================================================== parent side

def _run_worker(kind: str, size: tuple[int, int], value: float) -> dict[str, Any]:
    import json
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory(prefix="spider-bench-") as data:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1", **{environment.DATA_DIR: data})
        env.pop(FIRST_FRAME_ENV, None)
        command = [sys.executable, "-m", "tools.bench.game", "--worker", kind,
                   "--size", f"{size[0]}x{size[1]}", "--value", str(value)]
        result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                                timeout=1800)
    if result.returncode != 0:
        raise RuntimeError(f"bench worker {kind} {size} failed ({result.returncode}):\n"
                           f"{result.stdout}{result.stderr}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def _startup(runs: int) -> dict[str, Any]:
    """Start to first frame from source: ``python main.py`` exits after its first flip.

    Timed as a player starts it from source after a first run: with the bytecode
    cached (in a temporary pycache prefix, even where the environment turns
    writing bytecode off). The first run, compiling every module, is reported apart.
    """
    import statistics
    import subprocess
    import tempfile

    def once(pycache: str, write_bytecode: bool) -> float:
        with tempfile.TemporaryDirectory(prefix="spider-bench-") as cwd:
            env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                       PYGAME_HIDE_SUPPORT_PROMPT="1",
                       **{environment.DATA_DIR: str(Path(cwd) / "data")},
                       PYTHONPYCACHEPREFIX=pycache)
            env[FIRST_FRAME_ENV] = "1"
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            if not write_bytecode:
                env["PYTHONDONTWRITEBYTECODE"] = "1"
            command = [sys.executable, str(ROOT / "main.py"), "--smoke-test"]
            start = time.perf_counter()
            result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                                    timeout=300)
            elapsed = time.perf_counter() - start
        if result.returncode != 0:
            raise RuntimeError(f"start-up run failed ({result.returncode}):\n"
                               f"{result.stdout}{result.stderr}")
        return elapsed

    with tempfile.TemporaryDirectory(prefix="spider-bench-pycache-") as pycache:
        cold = once(pycache, write_bytecode=False)
        once(pycache, write_bytecode=True)  # writes the bytecode
        times = [once(pycache, write_bytecode=True) for _ in range(runs)]
    return {"runs": times, "median": statistics.median(times), "cold": cold}


def _percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def _summarise(raw: dict[str, Any]) -> dict[str, Any]:
    times, floor, still = raw["times"], raw["floor"], raw["still_floor"]
    p50, p99 = _percentile(times, 0.5), _percentile(times, 0.99)
    f50, f99 = _percentile(floor, 0.5), _percentile(floor, 0.99)
    s50, s99 = _percentile(still, 0.5), _percentile(still, 0.99)
    once = (_percentile(raw["times_once"], 0.99)
            / _percentile(raw["still_floor_once"], 0.99))  # (the old figure: one pass)
    return {
        "frames": raw["frames"],
        "p50_ms": p50 * 1000, "p99_ms": p99 * 1000, "max_ms": max(times) * 1000,
        "still_p50_ms": s50 * 1000, "still_p99_ms": s99 * 1000,
        "still_p50_ratio": p50 / s50, "still_p99_ratio": p99 / s99,
        "still_p99_ratio_once": once,
        "floor_p50_ms": f50 * 1000, "floor_p99_ms": f99 * 1000,
        "p50_ratio": p50 / f50, "p99_ratio": p99 / f99, "p99_to_floor_p50": p99 / f50,
    }


def size_name(size: Sequence[int]) -> str:
    return f"{size[0]}x{size[1]}"


def run_bench(sizes: Sequence[tuple[int, int]], frames: int, idle_seconds: float,
              startup_runs: int, out: Any = sys.stdout,
              progress: Callable[[str], None] | None = None,
              quick: bool = False) -> dict[str, Any]:
    """Measure everything; return the figures (also what ``--json`` writes)."""
    say = progress or (lambda message: None)
    report: dict[str, Any] = {
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0],
                    "platform": sys.platform, "video_driver": "dummy"},
        "frames_per_scene": frames, "sizes": {}, "scenes": list(SCENES),
    }
    for size in sizes:
        name = size_name(size)
        say(f"frames at {name}...")
        raw = _run_worker("frames", size, frames)
        say(f"idle at {name}...")
        idle = _run_worker("idle", size, idle_seconds)
        scenes = {scene: _summarise(raw["scenes"][scene]) for scene in SCENES}
        report["sizes"][name] = {
            "scenes": scenes,
            "idle": idle,
            "resize": {"card": raw["resize"]["card"],
                       **{f"{key}_ms": raw["resize"][key] * 1000 for key in (
                           "raster", "raster_floor", "complete", "stall", "stall_cpu",
                           "resize_pass", "resize_pass_cpu", "resize_floor",
                           "first_full_cpu", "first_full_floor", "window",
                           "stall_like_cpu", "stall_like_floor")},
                       **{key: raw["resize"][key] for key in (
                           "stall_like", "stall_like_pass", "stall_like_passes")},
                       # (the old stall figure, a reference: see the module)
                       "stall_old": (raw["resize"]["stall_cpu"] * 1000
                                     / scenes["long"]["still_p99_ms"])},
            "peak_rss_mb": raw["peak_rss_mb"],
            "peak_rss_with_resize_mb": raw["peak_rss_resize_mb"],
        }
    say("start to first frame...")
    report["startup"] = _startup(startup_runs)
    from tools.bench import memory, window

    report["window"] = window.measure(list(WINDOW_SIZES[:1] if quick else WINDOW_SIZES),
                                      idle_seconds if quick else WINDOW_IDLE_SECONDS,
                                      startup_runs, say)
    say("a long session of play (memory)...")
    session = memory.measure(QUICK_MEMORY_GAMES if quick else MEMORY_GAMES, say=say)
    report["memory_growth_mb_per_100_games"] = session["growth_mb_per_100_games"]
    report["memory_session"] = {"games": session["games"], "rss_mb": session["rss_mb"]}
    report["budgets"] = check_budgets(report)
    print_table(report, out)
    return report


def check_budgets(report: dict[str, Any]) -> dict[str, Any]:
    """Each budget: the worst figure against its limit, and whether it holds (a figure
    that could not be measured here, such as a real window without Xvfb, is None)."""
    sizes = report["sizes"]
    checks: dict[str, Any] = {}

    def check(key: str, worst: float | None, limit: float, size: str | None = None) -> None:
        checks[key] = {"worst": worst, "limit": limit,
                       "ok": worst is not None and worst <= limit,
                       **({"size": size} if size else {})}

    scenes = [figures for size in sizes.values() for figures in size["scenes"].values()]
    check("frame_p50", max(f["still_p50_ratio"] for f in scenes), BUDGET_P50)
    check("frame_p99", max(f["still_p99_ratio"] for f in scenes), BUDGET_P99)
    check("idle_cpu_percent", max(size["idle"]["cpu_percent"] for size in sizes.values()),
          BUDGET_IDLE)
    windows = report.get("window") or {}
    check("idle_cpu_window_percent",
          max((w["idle"]["cpu_percent"] for w in windows.values()), default=None),
          BUDGET_IDLE_WINDOW)
    check("raster_ratio", max(size["resize"]["raster_ms"] / size["resize"]["raster_floor_ms"]
                              for size in sizes.values()), BUDGET_RASTER)
    check("resize_stall_ratio", max(max(
        size["resize"]["stall_like"],
        size["resize"]["resize_pass_cpu_ms"] / size["resize"]["resize_floor_ms"],
        size["resize"]["first_full_cpu_ms"] / size["resize"]["first_full_floor_ms"])
        for size in sizes.values()), BUDGET_RESIZE)
    biggest = max(windows, key=lambda name: [int(n) for n in name.split("x")], default=None)
    check("peak_rss_window_mb",
          windows[biggest]["helpers"]["peak_rss_mb"] if biggest else None, BUDGET_MEMORY_4K,
          biggest)
    check("memory_growth_mb_per_100_games", report["memory_growth_mb_per_100_games"],
          BUDGET_GROWTH)
    check("startup_ratio", max((w["startup"]["ratio"] for w in windows.values()),
                               default=None), BUDGET_STARTUP)
    return checks


def print_table(report: dict[str, Any], out: Any = sys.stdout) -> None:
    def line(text: str = "") -> None:
        print(text, file=out)

    machine = report["machine"]
    line(f"Spider benchmark — Python {machine['python']}, {machine['cpus']} CPUs, "
         f"SDL dummy video/audio drivers, {report['frames_per_scene']} frames per scene")
    line("frame = one loop pass that draws (events + update + draw + display.flip; the dummy")
    line("driver's flip presents nothing, so this is the game's CPU cost of a frame).")
    line("still = the still-picture floor: one blit of the kept picture of the table (the")
    line("resting cards on the felt; in the cascade its canvas) + the cards moving in that")
    line("frame + flip. floor = the old reference: fill the screen + blit every shown card.")
    line("Both timed right after each frame, no game logic, in a second pass of the scene")
    line("(its frames timed in the first, nothing drawn between them). Ratios p50 to p50,")
    line(f"p99 to p99. Each pass runs {PASSES} times; each frame and floor keeps its least time")
    line("(a load burst seldom hits the same frame every time; a slow frame is slow in all).")
    line("p99/1: the old figure, p99 to p99 of one pass of each (the budget takes p99/st).")
    line()
    header = (f"{'size':<10} {'scene':<30} {'p50':>6} {'p99':>6} {'still50':>7} "
              f"{'still99':>7} {'p50/st':>6} {'p99/st':>6} {'p99/1':>6} {'floor50':>7} "
              f"{'p50/fl':>6}")
    line(header)
    line("-" * len(header))
    for name, size in report["sizes"].items():
        for scene in SCENES:
            f = size["scenes"][scene]
            line(f"{name:<10} {SCENE_TITLES[scene]:<30} {f['p50_ms']:>6.2f} {f['p99_ms']:>6.2f} "
                 f"{f['still_p50_ms']:>7.2f} {f['still_p99_ms']:>7.2f} "
                 f"{f['still_p50_ratio']:>5.2f}x {f['still_p99_ratio']:>5.2f}x "
                 f"{f['still_p99_ratio_once']:>5.2f}x "
                 f"{f['floor_p50_ms']:>7.2f} {f['p50_ratio']:>5.2f}x")
    line()
    header = (f"{'size':<10} {'idle %':>6} {'card':>9} {'raster':>7} {'its fl':>6} "
              f"{'resized':>7} {'resize':>6} {'cpu':>5} {'its fl':>6} {'1st full':>8} "
              f"{'stall':>6} {'cpu':>5} {'peak MB':>7}")
    line(header)
    line("-" * len(header))
    for name, size in report["sizes"].items():
        idle, r = size["idle"], size["resize"]
        rss = size["peak_rss_mb"]
        line(f"{name:<10} {idle['cpu_percent']:>6.2f} {r['card'][0]:>4}x{r['card'][1]:<4} "
             f"{r['raster_ms']:>7.1f} {r['raster_floor_ms']:>6.1f} {r['complete_ms']:>7.1f} "
             f"{r['resize_pass_ms']:>6.2f} {r['resize_pass_cpu_ms']:>5.2f} "
             f"{r['resize_floor_ms']:>6.2f} {r['first_full_cpu_ms']:>8.2f} "
             f"{r['stall_ms']:>6.2f} {r['stall_cpu_ms']:>5.2f} "
             f"{'n/a' if rss is None else f'{rss:.1f}':>7}")
    line("idle: real loop and clock, game in progress (its clock ticking), no input; CPU time of")
    line("the process per wall second. raster: the whole card set (52 faces + back) made at the")
    line("card size; its fl(oor): SDL rasterising the same 53 pictures at that size alone.")
    line("resized: from a resize until every picture in play is made, through the loop (ms).")
    line("resize: the pass that handles the resize: wall (the pass alone: its spare time waits")
    line("for the card thread) and thread CPU (with the work done in its spare time); its fl(oor):")
    line("another window resized the same way, filled, the same cards blitted. 1st full: CPU of")
    line("the first full-quality frame after it. stall: the longest later pass in the second")
    line("after a resize, wall and CPU as the resize's, each the longest (CPU against the long")
    line("game's still-picture p99). peak: ru_maxrss of the process that ran the scenes there.")
    for name, size in report["sizes"].items():
        r = size["resize"]
        line(f"{name}: stall like with like {r['stall_like']:.2f}x (pass {r['stall_like_pass']}: "
             f"{r['stall_like_cpu_ms']:.2f} ms against {r['stall_like_floor_ms']:.2f} ms; passes "
             f"{r['stall_like_passes']}); old: stall CPU / long still p99 "
             f"{r['stall_old']:.2f}x")
    line(f"stall like with like: each resize repeated {STALL_REPEATS} times (no card set kept),")
    line("the same passes each time; per pass, the median over the repetitions of its CPU over")
    line("a still frame (the window's picture blitted and flipped) timed right after it; the")
    line("largest over the passes (the whole frames after them are the scenes' and 1st full's).")
    line("The budget takes it; the old figure, a reference, divides one worst pass of ~120 by a")
    line("p99 timed minutes before, under another load.")
    windows = report.get("window") or {}
    line()
    if not windows:
        line("real window: not measured (needs Xvfb and xdotool on Linux)")
    for name, w in windows.items():
        s = w["startup"]
        line(f"real window {name} (Xvfb): idle CPU {w['idle']['cpu_percent']:.2f}% of a core "
             f"(a bare window presenting a clock: {w['idle']['floor_cpu_percent']:.2f}%), "
             f"peak {w['idle']['peak_rss_mb']:.1f} MB; with hints and the can-still-win search "
             f"{w['helpers']['peak_rss_mb']:.1f} MB; start to first frame (a game in "
             f"progress) {s['game_median']:.3f} s against a bare window's "
             f"{s['bare_median']:.3f} s ({s['ratio']:.2f}x; a new deal "
             f"{s['new_median']:.3f} s); CPU {s['game_cpu_median']:.3f} s (a new deal "
             f"{s['new_cpu_median']:.3f} s) against {s['bare_cpu_median']:.3f} s "
             f"({s['cpu_ratio']:.2f}x, the larger)")
    rss = [mb for _, mb in report["memory_session"]["rss_mb"]]
    line(f"long session ({report['memory_session']['games']} games of real play at 1920x1080): "
         f"RSS {rss[0]:.1f} -> {rss[-1]:.1f} MB, growth over the second half "
         f"{report['memory_growth_mb_per_100_games']:.2f} MB per 100 games")
    line()
    startup = report["startup"]
    runs = " ".join(f"{value:.3f}" for value in startup["runs"])
    line(f"start to first frame from source (python main.py, dummy drivers, "
         f"{len(startup['runs'])} runs): median {startup['median']:.3f} s  [{runs}]")
    line(f"(bytecode cached as after a first run; the very first run, compiling every "
         f"module: {startup.get('cold', float('nan')):.3f} s)")
    line()
    line("budgets:")
    labels = {
        "frame_p50": ("every scene p50 / still floor", "x"),
        "frame_p99": ("every scene p99 / still floor", "x"),
        "idle_cpu_percent": ("idle CPU, dummy driver", "%"),
        "idle_cpu_window_percent": ("idle CPU, real window", "%"),
        "raster_ratio": ("card set raster / SDL alone", "x"),
        "resize_stall_ratio": ("resize passes (CPU) / their floors", "x"),
        "peak_rss_window_mb": ("peak memory, real window", " MB"),
        "memory_growth_mb_per_100_games": ("memory growth per 100 games", " MB"),
        "startup_ratio": ("start to first frame / bare window", "x"),
    }
    for key, (label, unit) in labels.items():
        check = report["budgets"][key]
        where = f" at {check['size']}" if "size" in check else ""
        worst = "n/a" if check["worst"] is None else f"{check['worst']:.2f}{unit}"
        line(f"  {'ok  ' if check['ok'] else 'MISS'} {label + where:<40} {worst:>12}  "
             f"(limit {check['limit']:g}{unit})")


# ====================================================================== command line

def _parse_size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def add_arguments(parser: argparse.ArgumentParser, after: bool = False) -> None:
    """The game benchmark's options (on ``bench`` and on ``bench game``; ``after``:
    given after ``game``, they keep what was given before it when left out)."""
    unset: dict[str, Any] = {"default": argparse.SUPPRESS} if after else {}
    parser.add_argument("--json", type=Path, metavar="OUT", help="also write the figures here",
                        **unset)
    parser.add_argument("--quick", action="store_true",
                        help=f"{QUICK_FRAMES} frames per scene, one size, short idle (a smoke run)",
                        **unset)
    parser.add_argument("--frames", type=int, help=f"frames per scene (default {FRAMES})",
                        **unset)
    parser.add_argument("--sizes",
                        help="window sizes, like 1280x720,3840x2160 (default: 720p, 1080p, 4K)",
                        **unset)


def command(args: argparse.Namespace) -> int:
    """``python main.py bench [game]``."""
    import json

    from spider.commands.common import BadInput

    quick = bool(getattr(args, "quick", False))
    try:
        sizes = ([_parse_size(text) for text in args.sizes.split(",") if text.strip()]
                 if getattr(args, "sizes", None) else list(QUICK_SIZES if quick else SIZES))
    except ValueError:
        raise BadInput(f"bad sizes {args.sizes!r}: write them like 1280x720,1920x1080") from None
    frames = getattr(args, "frames", None) or (QUICK_FRAMES if quick else FRAMES)
    if frames < 1 or not sizes or any(w < 320 or h < 240 for w, h in sizes):
        raise BadInput("bench: frames must be at least 1 and sizes at least 320x240")
    report = run_bench(sizes, frames, QUICK_IDLE_SECONDS if quick else IDLE_SECONDS,
                       QUICK_STARTUP_RUNS if quick else STARTUP_RUNS,
                       progress=lambda message: print(message, file=sys.stderr, flush=True),
                       quick=quick)
    out = getattr(args, "json", None)
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


def _worker_main(argv: Sequence[str]) -> int:
    import contextlib
    import json
    import tempfile
    parser = argparse.ArgumentParser()
    parser.add_argument("--worker", choices=("frames", "idle"), required=True)
    parser.add_argument("--size", required=True)
    parser.add_argument("--value", type=float, required=True)
    args = parser.parse_args(argv)
    _headless(os.environ.get(environment.DATA_DIR) or tempfile.mkdtemp(prefix="spider-bench-"))
    size = _parse_size(args.size)
    with contextlib.redirect_stdout(sys.stderr):  # stdout carries only the result
        if args.worker == "frames":
            result = worker_frames(size, int(args.value))
        else:
            result = worker_idle(size, args.value)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(_worker_main(sys.argv[1:]))
