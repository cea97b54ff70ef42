"""The static layer: what lies under the cards and changes only with the window's size,
the layout or the table's colour.

The cloth (kept by an earlier run, or drawn), the bar's backdrop and the outlines of
the empty places (the columns, the runs, the stock), drawn in steps of at most about
a still frame's work, so that it can be made between frames after a resize.
"""

from __future__ import annotations

from collections.abc import Generator
from functools import cache
from typing import TYPE_CHECKING

import pygame

from spider.app.table.cardimages import OPAQUE_EDGE
from spider.app.table.felt import cloth, table_colour
from spider.app.table.hud import draw_backdrop

if TYPE_CHECKING:
    from spider.app.table.cardimages import CardImages
    from spider.app.table.geometry import TableGeometry

#: The outline of an empty place.
SLOT_LINE = (255, 255, 255, 46)


def static_layer(into: pygame.Surface, g: TableGeometry, images: CardImages, table: str,
                 keep: bool = False) -> Generator[None, None, pygame.Surface]:
    """The static layer drawn into ``into``, in steps of at most about what a still
    frame takes: the cloth (kept by an earlier run, or its light, then its grain;
    ``keep``: a cloth drawn afresh is kept for the next run); the bar's backdrop;
    the outlines of empty places. Returns the picture (``into`` unless it does
    not fit). ``g``: the table's geometry; ``table``: the cloth's colour."""
    colour = table_colour(table)
    surface = yield from cloth(g.size, colour, into, keep)
    yield
    draw_backdrop(surface, g.bar)
    yield
    line = max(1, g.card_w // 50)
    slot = images.outline(SLOT_LINE, line)
    parts = _drawn_parts(slot, line + OPAQUE_EDGE, images.radius + line + OPAQUE_EDGE)
    places = [*(g.column_slot(column)[:2] for column in range(g.columns)),
              g.run_slot(0)[:2], g.stock_pile(0, 1)[:2]]
    surface.blits([(slot, (x + part.x, y + part.y), part) for x, y in places
                   for part in parts], doreturn=False)
    return surface


@cache
def _drawn_parts(outline: pygame.Surface, edge: int, corner: int) -> list[pygame.Rect]:
    """The parts of a card-sized ``outline`` to blit: all but its clear middle (within
    ``edge`` pixels of its sides and ``corner`` of its top and bottom), when that is
    clear; else the whole picture."""
    w, h = outline.get_size()
    middle = pygame.Rect(edge, corner, w - 2 * edge, h - 2 * corner)
    drawn = pygame.mask.from_surface(outline, 0)  # (pixels not wholly transparent)
    if middle.w <= 0 or middle.h <= 0 or drawn.overlap_area(
            pygame.mask.Mask(middle.size, fill=True), middle.topleft):
        return [outline.get_rect()]
    return [pygame.Rect(0, 0, w, corner), pygame.Rect(0, corner, edge, middle.h),
            pygame.Rect(w - edge, corner, edge, middle.h), pygame.Rect(0, h - corner, w, corner)]
