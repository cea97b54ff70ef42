"""Frames timed against their floors: a pass of the real loop, then the same cards
drawn with no game logic (see :mod:`tools.bench.game`).

:class:`Recorder` times one frame and, right after it, its floors; :func:`apart`
runs a scene's passes of frames and of floors apart, each frame keeping its least
time over them (:func:`least_times`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from spider.app.loop import App, Frame

DT = 1 / 60  # the manual clock's step after each frame
#: Passes of each scene's frames, and of its floors (see :func:`apart`).
PASSES = 3


def shown_cards(app: App) -> list[tuple[pygame.Surface, tuple[int, int]]]:
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


class Recorder:
    """Times frames of the real loop and, right after each, the floor for the same cards."""

    def __init__(self, app: App, timing: str = "both") -> None:
        """``timing``: what its passes time (see :func:`apart`): the frames and, right
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
            spare(app, DT - elapsed)
            app.clock.sleep(DT)
            return
        self.frames.append(elapsed)
        if self.timing == "frames":
            spare(app, DT - elapsed)
            app.clock.sleep(DT)
            return
        cards = shown_cards(app)
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
        spare(app, DT - elapsed)  # the rest of the frame, as App.run offers it
        app.clock.sleep(DT)

    def result(self) -> dict[str, Any]:
        return {"frames": len(self.frames), "times": self.frames, "floor": self.floor,
                "still_floor": self.still_floor}


def apart(scene: Callable[[str], Any]) -> Any:
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


def spare(app: App, seconds: float) -> None:
    """The rest of the frame offered to work that can wait, as ``App.run`` does."""
    spare = getattr(app, "spare", None)  # (an App from before it had any)
    if spare is not None:
        spare(seconds)
