"""The static layer: what lies under the cards and changes only with the window's size,
the layout or the table's colour.

The cloth (kept by an earlier run, or drawn), the bar's backdrop and the outlines of
the empty places (the columns, the runs, the stock), drawn in steps of at most about
a still frame's work (:func:`static_layer`), so that it can be made between frames
after a resize. :class:`StaticLayer` keeps it between frames, in a window-sized
picture kept between resizes, under a key naming what it shows.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from functools import cache
from typing import TYPE_CHECKING

import pygame

from spider.app.table.buffers import Buffer
from spider.app.table.cardshapes import OPAQUE_EDGE
from spider.app.table.drawing import Drawing, DrawingJob
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


class StaticLayer(DrawingJob):
    """The static layer of ``drawing``, kept between frames (see the module docstring);
    each picture drawn gives ``strip`` its strip under the bar, a copy (the bar is
    drawn on it)."""

    def __init__(self, drawing: Drawing, strip: Callable[[pygame.Surface], None]) -> None:
        super().__init__(drawing)
        self._strip = strip
        #: The layer (None: not drawn yet, or let go).
        self.picture: pygame.Surface | None = None
        #: What the layer shows: the window's size, the places of the empty columns,
        #: runs and stock, and the cloth (None: nothing yet).
        self.key: tuple[object, ...] | None = None
        #: Its steps, under way (see :meth:`step`).
        self._steps: Iterator[None] | None = None
        #: Kept between resizes (a 4K allocation page-faults for tens of ms).
        self._buffer = Buffer()

    @property
    def cloth(self) -> str | None:
        """The table's colour the layer shows (or is to show), None before the first."""
        return None if self.key is None else str(self.key[-1])

    def restyle(self) -> bool:
        """New geometry or settings: the layer is drawn again when what it shows
        changed (a new game or new settings in the same window keep it: a 4K one takes
        tens of ms to draw), or when it is not drawn yet (steps under way start over).
        Whether a picture of another size was let go."""
        g = self.geometry
        key = (g.size, g.columns, g.column_slot(0), g.run_slot(0), g.stock_pile(0, 1),
               self._drawing.table.app.settings.table)
        if key == self.key and self.picture is not None:
            return False
        picture = self.picture
        self.picture, self.key, self._steps = None, key, None  # (drawn when first needed)
        return picture is not None and picture.get_size() != g.size

    def step(self) -> bool:
        """A step towards the layer unless it is drawn (whether one was taken)."""
        if self.picture is not None:
            return False
        self._step()
        return True

    def now(self) -> pygame.Surface:
        """The layer, drawn now if it is not (let go during the win cascade, or not
        drawn yet after a resize)."""
        while self.picture is None:
            self._step()
        return self.picture

    def let_go(self) -> None:
        """Let the layer and its buffer go until it is next needed (a 4K picture is
        33 MB: the win cascade's dialog needs the room)."""
        self.picture = self._steps = None
        self._buffer.release()

    def _step(self) -> None:
        """One step towards the layer (see :meth:`_draw`)."""
        if self._steps is None:
            self._steps = self._draw()
        if next(self._steps, True) is True:  # the last step is done
            self._steps = None

    def _draw(self) -> Iterator[None]:
        """The layer in its buffer (see :func:`static_layer`), then its strip under the
        bar given away."""
        g = self.geometry
        self.picture = picture = yield from static_layer(
            self._buffer.get(g.size), g, self.images, self._drawing.table.app.settings.table)
        bar = self.geometry.bar
        self._strip(picture.subsurface(bar.x, bar.y, bar.w, bar.h).copy())


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
