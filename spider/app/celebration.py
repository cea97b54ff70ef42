"""The win celebration: cards leap off the completed runs and bounce along the
bottom of the window, leaving trails (the classic Microsoft cascade).

Each card is drawn into a persistent canvas at every step, so the trails
build up for free: a frame is one blit of the canvas plus the piles' tops.
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
                 canvas: pygame.Surface | None = None) -> None:
        if canvas is not None and canvas.get_size() == backdrop.get_size():
            canvas.blit(backdrop, (0, 0))
            self.canvas = canvas
        else:
            self.canvas = backdrop.copy()
        self.size = backdrop.get_size()
        self.piles = [list(pile) for pile in piles if pile]
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
            self.canvas.blit(leaper.image, (round(leaper.x), round(leaper.y)))
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

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.canvas, (0, 0))
        for pile in self.piles:
            if pile:
                image, position = pile[0]
                surface.blit(image, position)
