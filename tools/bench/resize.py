"""A resize, measured: the card set rasterised at the window's card size against SDL
alone, the pass that handles a resize and the first full frame after it against
their floors, and the stall, like with like (see :mod:`tools.bench.game`)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from spider import environment
from tools.bench.frames import DT, Recorder, shown_cards, spare
from tools.bench.scenes import long_position, scratch_folder, settle, show

if TYPE_CHECKING:
    from spider.app.loop import App

#: Each resize repeated this many times for the stall like with like (see
#: ``_stall_like_with_like``).
STALL_REPEATS = 3


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


def measure(app: App) -> dict[str, Any]:
    """The card set rasterised at the window's card size; a resize through the loop."""
    import statistics

    from spider.app.table.cardimages import CardImages

    size = app.size
    show(app, position=long_position())
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
    felt = Recorder(app).felt
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
            screen.fblits(shown_cards(app))
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
            recorder = Recorder(app)
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
        spare(app, DT - wall)
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

    kept = os.environ.get(environment.CACHE_DIR)
    runs = []
    try:
        for _ in range(STALL_REPEATS):
            if app.size != back:
                window.size = back
                settle(app)
            os.environ[environment.CACHE_DIR] = scratch_folder("cache-")
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
