"""The table's pictures at a start: the first frame drawn straight into the window,
and the still layer kept for the next start.

At the first frame neither the static layer nor the still layer is made. The window
reads the still layer the last run kept, when it shows the same table
(:class:`~.keptcards.KeptTable`); otherwise the static layer and the resting cards
are drawn straight into it, each card only where it shows (:meth:`StartPictures.compose`),
and the renderer makes its layers in spare time after. When the game closes the still
layer, up to date, is kept for the next start (:meth:`StartPictures.keep`), under a key
naming all it shows and the code that draws it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from spider.app.table.cardshapes import OPAQUE_EDGE
from spider.app.table.drawing import Drawing, DrawingJob
from spider.app.table.keptcards import (
    CARD_CODE,
    KeptTable,
    art_signature,
    code_signature,
    fonts_signature,
)
from spider.app.table.sprites import CardSprite
from spider.app.table.staticlayer import static_layer
from spider.app.table.stillchanges import uncovered
from spider.app.table.stilllayer import StillLayer


class StartPictures(DrawingJob):
    """The first frame and the kept table of ``drawing``, whose still layer is ``still``
    and whose static layer's key (its size, places and cloth) ``static_key`` gives."""

    def __init__(self, drawing: Drawing, still: StillLayer,
                 static_key: Callable[[], tuple[object, ...] | None]) -> None:
        super().__init__(drawing)
        self._still = still
        self._static_key = static_key

    def compose(self, window: pygame.Surface, resting: list[CardSprite]) -> None:
        """The static layer and the resting cards drawn straight into the window: no
        window-sized picture of their own is made and copied before the window shows
        them (or the still layer the last run kept, when it shows the same, is read
        into the window)."""
        if self._kept(resting).read_into(0, window):
            return
        for _ in static_layer(window, self.geometry, self.images,
                              self._drawing.table.app.settings.table, keep=True):
            pass  # every step at once
        top = uncovered(resting)
        window.blits(self._showing([sprite for sprite in resting if sprite in top]),
                     doreturn=False)

    def keep(self, resting: list[CardSprite]) -> None:
        """Keep the still layer showing ``resting`` for the next start, unless it is
        kept already (and if it is the window's size)."""
        kept = self._kept(resting)
        if not kept.complete:
            still = self._still.up_to_date(resting)
            if still.get_size() == self.geometry.size:
                kept.write({0: still})

    def _kept(self, resting: list[CardSprite]) -> KeptTable:
        """The kept still layer showing ``resting`` over this static layer, with these
        pictures."""
        settings = self._drawing.table.app.settings
        images = self.images
        shown = [(sprite.card, sprite.pos, sprite.shown_up) for sprite in resting]
        key = repr((self._static_key(), images.size, settings.four_colour,
                    settings.card_back, settings.large_index, shown)).encode()
        code = code_signature("renderer.py", "startpictures.py", "standin.py", "staticlayer.py",
                              "stilllayer.py", "stillchanges.py", "resizesteps.py", "areas.py",
                              "felt.py", "hud.py", *CARD_CODE)
        return KeptTable(self.geometry.size, b"\0".join(
            (key, art_signature(images.folder), fonts_signature(), code)))

    def _showing(self, sprites: list[CardSprite]
                 ) -> list[tuple[pygame.Surface, tuple[int, int], pygame.Rect]]:
        """What shows of each of ``sprites`` (drawn in order), to be blitted: of a card
        that the next one drawn at the same place across covers further down, only what
        is not under the other's opaque middle (the same picture as drawing each card
        whole, without its hidden pixels)."""
        size = self.geometry.card_w, self.geometry.card_h
        corner = self.images.radius + OPAQUE_EDGE
        below: dict[int, int] = {}  # the top of the card drawn next at each x
        parts = []
        placed = self._still.placed
        for sprite in reversed(sprites):
            image, (x, y) = placed(sprite)
            areas = ([image.get_rect()] if x not in below or image.get_size() != size
                     else _shown_areas(size, corner, below[x] - y))
            parts += [(image, (x + area.x, y + area.y), area) for area in areas]
            if image.get_size() == size:
                below[x] = y
            else:
                below.pop(x, None)
        parts.reverse()
        return parts


def _shown_areas(size: tuple[int, int], corner: int, lower: int) -> list[pygame.Rect]:
    """The parts of a card of ``size`` (corners of ``corner`` pixels, edges of
    ``OPAQUE_EDGE``) that show when another lies over it ``lower`` pixels down (see
    :func:`~.cardshapes.opaque_parts`): above the other's opaque middle, the edges
    beside it and below it."""
    w, h = size
    top, bottom = lower + corner, min(h, lower + h - corner)
    if lower <= 0 or top >= bottom:
        return [pygame.Rect(0, 0, w, h)]
    areas = [pygame.Rect(0, 0, w, top), pygame.Rect(0, top, OPAQUE_EDGE, bottom - top),
             pygame.Rect(w - OPAQUE_EDGE, top, OPAQUE_EDGE, bottom - top),
             pygame.Rect(0, bottom, w, h - bottom)]
    return [area for area in areas if area.h > 0]
