"""The win celebration: cards leap off the completed runs and bounce along the
bottom of the window, leaving trails (the classic Microsoft cascade).

The cascade lives in a persistent canvas: each card is drawn at every step, so
the trails build up for free. Frames after the first draw only the new steps,
straight onto the window (``draw_changes``), also under a dialog that leaves the
picture around its panel as it is (a ``Cover``); the canvas then lags behind the
window except where others draw over the cascade (the piles' tops, the dialog),
and takes the window's picture back before it is drawn whole again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pygame

from spider.app.scenes import Cover, outside

GRAVITY = 2.4          # window heights per second squared
BOUNCE = 0.78          # fraction of speed kept at each bounce
LAUNCH_GAP = 0.16      # seconds between cards
PANEL_AFTER = 2.5      # seconds before the score panel is shown
LONGEST = 24.0         # the cascade ends by then whatever happens


class _Leaper:
    __slots__ = ("image", "vx", "vy", "x", "y")

    def __init__(self, image: pygame.Surface, x: float, y: float, vx: float, vy: float) -> None:
        self.image, self.x, self.y, self.vx, self.vy = image, x, y, vx, vy


class Celebration:
    """Cards from ``piles`` (each a list of (image, position), top card first)
    bouncing across a copy of ``backdrop`` (drawn into ``canvas`` when one of the
    same size is given, which saves allocating another full-size picture)."""

    def __init__(self, backdrop: pygame.Surface,
                 piles: list[list[tuple[pygame.Surface, tuple[int, int]]]],
                 rng: random.Random | None = None,
                 canvas: pygame.Surface | None = None, top: int = 0) -> None:
        """``top``: the rows above it are drawn over by others (the bar): the cards
        never leap that high, and ``draw_changes`` leaves those rows alone."""
        if canvas is not None and canvas.get_size() == backdrop.get_size():
            canvas.blit(backdrop, (0, 0))
            self.canvas = canvas
        else:
            self.canvas = backdrop.copy()
        self.size = backdrop.get_size()
        self.top = max(0, min(top, self.size[1]))
        self.piles = [list(pile) for pile in piles if pile]
        #: The highest row the cards reach when they bounce along the bottom.
        self.lane = self.size[1] - max((image.get_height() for pile in self.piles
                                        for image, _ in pile), default=0)
        #: Where the piles lie (their tops are drawn over the cascade).
        places = [image.get_rect(topleft=place) for pile in self.piles for image, place in pile]
        self._pile_area = places[0].unionall(places) if places else pygame.Rect(0, 0, 0, 0)
        #: The piles' tops, and where each lies.
        self._tops: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self._top_rects: list[pygame.Rect] = []
        self._find_tops()
        #: The cards drawn into the canvas since the last frame, and where.
        self._steps: list[tuple[pygame.Surface, tuple[int, int]]] = []
        #: The cards the last frame drew, and where (what a benchmark's floor draws).
        self.drawn: list[tuple[pygame.Surface, tuple[int, int]]] = []
        #: Piles' tops that changed since the last frame.
        self._left_piles: list[pygame.Rect] = []
        #: The window, while it is ahead of the canvas (outside ``_kept``).
        self._window: pygame.Surface | None = None
        #: Where others draw over the cascade on the window: the canvas is kept there.
        self._kept: list[pygame.Rect] = []
        self.rng = rng or random.Random()
        self.time = 0.0
        self.next_launch = 0.0
        self.turn = len(self.piles) - 1
        self.leapers: list[_Leaper] = []
        self.panel_shown = False

    @property
    def done(self) -> bool:
        return self.time >= LONGEST or (not self.leapers and not any(self.piles))

    @property
    def panel_due(self) -> bool:
        return not self.panel_shown and (self.time >= PANEL_AFTER or self.done)

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.time += dt
        width, height = self.size
        if self.time >= self.next_launch and any(self.piles):
            self._launch()
            self.next_launch = self.time + LAUNCH_GAP
        for leaper in self.leapers:
            leaper.vy += GRAVITY * height * dt
            leaper.x += leaper.vx * dt
            leaper.y += leaper.vy * dt
            floor = height - leaper.image.get_height()
            if leaper.y > floor:
                leaper.y = floor
                leaper.vy = -leaper.vy * BOUNCE
            self._steps.append((leaper.image, (round(leaper.x), round(leaper.y))))
        self.leapers = [leaper for leaper in self.leapers
                        if -leaper.image.get_width() < leaper.x < width]

    def _launch(self) -> None:
        """The top card of the next pile (taking the piles in turn, right to left)."""
        for _ in range(len(self.piles)):
            pile = self.piles[self.turn]
            self.turn = (self.turn - 1) % len(self.piles)
            if pile:
                image, (x, y) = pile.pop(0)
                self._find_tops()
                self._left_piles.append(image.get_rect(topleft=(x, y)))
                width, height = self.size
                direction = 1 if self.rng.random() < 0.8 else -1
                vx = direction * width * self.rng.uniform(0.18, 0.42)
                vy = -height * self.rng.uniform(0.4, 1.3)
                self.leapers.append(_Leaper(image, x, y, vx, vy))
                return

    @property
    def buffer(self) -> pygame.Surface:
        """The canvas (to reuse when the cascade is over)."""
        return self.canvas

    def draw(self, surface: pygame.Surface) -> None:
        """The whole picture: the canvas and the piles' tops."""
        self._catch_up()
        surface.blit(self.canvas, (0, 0))
        self._draw_piles(surface)

    def draw_changes(self, surface: pygame.Surface, covers: Sequence[Cover] = ()) -> bool:
        """Bring ``surface``, which shows the last frame, up to date by the cards
        drawn since (under ``covers`` when given, the lowest first: a message, a
        dialog). False when it cannot: a cover that darkens, or a window or covers
        other than the last frame's."""
        if any(cover.keep < 255 for cover in covers):
            return False
        shields = [cover.shield for cover in covers]
        bounds = self.canvas.get_rect()
        kept = [area.clip(bounds) for area in (self._pile_area, *shields) if area]
        kept = [area for area in kept if area]
        if self._window is not None and (surface is not self._window or kept != self._kept):
            return False
        self._window, self._kept = surface, kept
        holes = [cover.hole for cover in covers]
        redraw = list(self._left_piles)  # drawn again from the canvas
        plain: list[tuple[pygame.Surface, tuple[int, int]]] = []  # blitted together, in order
        hidden: list[list[tuple[pygame.Surface, tuple[int, int]]]] = [[] for _ in kept]
        reached: list[tuple[pygame.Surface, tuple[int, int]]] = []  # in order
        for step in self._steps:
            image, place = step
            drawn = image.get_rect(topleft=place)
            hits = drawn.collidelistall(kept)
            if not hits:  # (the shield is one of the kept areas)
                plain.append(step)
                continue
            reached.append(step)
            for hit in hits:  # where others draw over the cascade: from the canvas
                hidden[hit].append(step)
                redraw.append(drawn.clip(kept[hit]))
            if any(kept[hit].contains(drawn) for hit in hits):
                continue  # drawn again from the canvas below
            if drawn.collidelist(holes) < 0:
                plain.append(step)  # whole: its parts in kept areas are drawn again below
                continue
            if plain:
                surface.fblits(plain)
                plain.clear()
            for piece in _outside_all(drawn, holes):
                surface.blit(image, piece, piece.move(-place[0], -place[1]))
        if plain:
            surface.fblits(plain)
        self._keep_up(hidden, reached)
        self.drawn, self._steps = self._steps, []
        self._left_piles.clear()
        canvas, width, height = self.canvas, *self.size
        below = pygame.Rect(0, self.top, width, height - self.top)
        for area in kept:  # joined within each area: only there is the canvas up to date
            for changed in _merged([rect.clip(area) for rect in redraw
                                    if rect.colliderect(area)]):
                changed = changed.clip(below)
                for piece in _outside_all(changed, holes):
                    if piece.w and piece.h:
                        surface.blit(canvas, piece, piece)
                        self._draw_piles(surface, piece)
                        for cover in covers:
                            cover.apply(surface, piece)
        return True

    def _keep_up(self, hidden: list[list[tuple[pygame.Surface, tuple[int, int]]]],
                 reached: list[tuple[pygame.Surface, tuple[int, int]]]) -> None:
        """Draw into the canvas the cards that reach the kept areas, together: in each
        area its own (``hidden``, in the order of ``_kept``), or, where kept areas
        overlap, all of them (``reached``) within their bounds, so that no card is
        drawn twice anywhere (the canvas outside the kept areas is taken back from
        the window anyway)."""
        canvas, kept = self.canvas, self._kept
        if any(area.collidelist(kept[index + 1:]) >= 0 for index, area in enumerate(kept)):
            hidden, kept = [reached], [kept[0].unionall(kept)]
        for area, steps in zip(kept, hidden, strict=True):
            if steps:
                canvas.set_clip(area)
                canvas.fblits(steps)
        canvas.set_clip(None)

    def _catch_up(self) -> None:
        """The canvas takes back the window's picture (where it was ahead) and the
        cards drawn since the last frame."""
        canvas = self.canvas
        if self._window is not None:
            width, height = self.size
            kept = [(area, canvas.subsurface(area).copy()) for area in self._kept]
            canvas.blit(self._window, (0, self.top), (0, self.top, width, height - self.top))
            for area, picture in kept:
                canvas.blit(picture, area)
            self._window, self._kept = None, []
        canvas.fblits(self._steps)
        self.drawn, self._steps = self._steps, []
        self._left_piles.clear()

    def _find_tops(self) -> None:
        self._tops = [pile[0] for pile in self.piles if pile]
        self._top_rects = [image.get_rect(topleft=place) for image, place in self._tops]

    def _draw_piles(self, surface: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """The piles' tops (only within ``area`` when given)."""
        if area is None:
            surface.fblits(self._tops)
            return
        if not area.colliderect(self._pile_area):
            return
        # (blitted together: a single blit to a pair of numbers first tries it as a Rect)
        tops = [self._tops[index] for index in area.collidelistall(self._top_rects)]
        if tops:
            clip = surface.get_clip()
            surface.set_clip(area)
            surface.fblits(tops)
            surface.set_clip(clip)


def _outside_all(area: pygame.Rect, holes: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """The parts of ``area`` outside every one of ``holes``."""
    pieces = [area]
    for hole in holes:
        pieces = [part for piece in pieces for part in outside(piece, hole)]
    return pieces


def _merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with those that mostly overlap joined (fewer, barely larger blits)."""
    merged: list[pygame.Rect] = []
    for rect in rects:
        for index, other in enumerate(merged):
            union = rect.union(other)
            if union.w * union.h <= rect.w * rect.h + other.w * other.h:
                merged[index] = union
                break
        else:
            merged.append(rect)
    return merged
