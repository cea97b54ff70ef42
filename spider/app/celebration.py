"""The win celebration: cards leap off the completed runs and bounce along the
bottom of the window, leaving trails (the classic Microsoft cascade).

Each card is drawn into a persistent canvas at every step, so the trails
build up for free: a frame is one blit of the canvas plus the piles' tops. While
nothing is drawn over it, the canvas can be the window itself (``draw_on``):
then a frame is only the new cards, not a window-sized copy.
"""

from __future__ import annotations

import random

import pygame

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
        never leap that high."""
        if canvas is not None and canvas.get_size() == backdrop.get_size():
            canvas.blit(backdrop, (0, 0))
            self.canvas = canvas
        else:
            self.canvas = backdrop.copy()
        self._own = self.canvas  # the canvas of its own (the window may stand in)
        self.size = backdrop.get_size()
        self.top = max(0, min(top, self.size[1]))
        self.piles = [list(pile) for pile in piles if pile]
        #: Where the piles lie: drawn straight on the window, the cascade keeps this
        #: part of its own canvas up to date too (the piles' tops go over it).
        self._pile_area = pygame.Rect(0, 0, 0, 0).unionall(
            [image.get_rect(topleft=place) for pile in self.piles for image, place in pile]
        ).clip(self._own.get_rect())
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
            place = (round(leaper.x), round(leaper.y))
            self.canvas.blit(leaper.image, place)
            if self.canvas is not self._own:  # clipped to the piles' area
                self._own.blit(leaper.image, place)
        self.leapers = [leaper for leaper in self.leapers
                        if -leaper.image.get_width() < leaper.x < width]

    def _launch(self) -> None:
        """The top card of the next pile (taking the piles in turn, right to left)."""
        for _ in range(len(self.piles)):
            pile = self.piles[self.turn]
            self.turn = (self.turn - 1) % len(self.piles)
            if pile:
                image, (x, y) = pile.pop(0)
                width, height = self.size
                direction = 1 if self.rng.random() < 0.8 else -1
                vx = direction * width * self.rng.uniform(0.18, 0.42)
                vy = -height * self.rng.uniform(0.4, 1.3)
                self.leapers.append(_Leaper(image, x, y, vx, vy))
                return

    @property
    def buffer(self) -> pygame.Surface:
        """The canvas of its own (to reuse when the cascade is over)."""
        return self._own

    def draw_on(self, screen: pygame.Surface) -> None:
        """Draw the trails straight onto ``screen`` from now on: it must keep its
        pixels between frames and nothing else may draw over the cascade (the caller
        goes back with ``draw_apart`` before drawing anything else over it)."""
        if self.canvas is not screen and screen.get_size() == self.size:
            screen.blit(self.canvas, (0, 0))
            self.canvas = screen
            self._own.set_clip(self._pile_area)

    def draw_apart(self) -> None:
        """Back to drawing into the own canvas: the window's picture is taken over
        (below ``top``: what others drew above it is not part of the cascade)."""
        if self.canvas is not self._own:
            width, height = self.size
            self._own.set_clip(None)
            under_piles = self._own.subsurface(self._pile_area).copy()  # no tops in it
            self._own.blit(self.canvas, (0, self.top), (0, self.top, width, height - self.top))
            self._own.blit(under_piles, self._pile_area.topleft)
            self.canvas = self._own

    def draw(self, surface: pygame.Surface) -> None:
        if self.canvas is not surface:
            surface.blit(self.canvas, (0, 0))
        else:  # drawn straight on the window: fresh rows above, and under the piles
            if self.top:
                surface.blit(self._own, (0, 0), (0, 0, self.size[0], self.top))
            surface.blit(self._own, self._pile_area, self._pile_area)
        for pile in self.piles:
            if pile:
                image, position = pile[0]
                surface.blit(image, position)
