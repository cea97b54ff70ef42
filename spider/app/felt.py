"""The green table cloth: a soft light in the middle fading to darker edges.

Rendered once per window size: the gradient is computed on a small grid and
smoothly enlarged, with a faint grain so it does not band.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

FELT = (24, 110, 56)
GRID = (96, 54)


@lru_cache(maxsize=2)
def render_felt(size: tuple[int, int], colour: tuple[int, int, int] = FELT) -> pygame.Surface:
    """The table background for a window of ``size`` (cached: do not draw on it)."""
    small = pygame.Surface(GRID)
    cols, rows = GRID
    for j in range(rows):
        for i in range(cols):
            dx, dy = (i + 0.5) / cols - 0.5, (j + 0.5) / rows - 0.42
            distance = min(1.0, (dx * dx * 1.2 + dy * dy * 1.6) ** 0.5 / 0.62)
            light = 1.12 - 0.42 * distance ** 1.7
            small.set_at((i, j), tuple(min(255, round(c * light)) for c in colour))
    surface = pygame.transform.smoothscale(small, size)
    _grain(surface)
    return surface.convert() if pygame.display.get_surface() is not None else surface


def _grain(surface: pygame.Surface) -> None:
    """Sprinkle a faint, fixed noise (tiled) so the gradient shows no steps."""
    tile = pygame.Surface((128, 128), pygame.SRCALPHA)
    rng = random.Random(7)
    for _ in range(1400):
        shade = rng.choice((0, 255))
        tile.set_at((rng.randrange(128), rng.randrange(128)), (shade, shade, shade, 9))
    for y in range(0, surface.get_height(), 128):
        for x in range(0, surface.get_width(), 128):
            surface.blit(tile, (x, y))
