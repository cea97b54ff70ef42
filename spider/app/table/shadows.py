"""The soft shadows under lifted cards: a group held in the hand, a card in flight.

A shadow is the card pictures' flat one (:meth:`~.cardimages.CardImages.shadow`),
drawn a little right and down of the cards, only around the larger of their opaque
boxes (the rest is hidden under them); a card turning over casts a narrower one, the
flat one's ends drawn closer together. The parts to blit are kept by their sizes, and
a flying card's by its width while the pictures stand.
"""

from __future__ import annotations

import pygame

from spider.app.scenes import outside
from spider.app.table.cardimages import turned
from spider.app.table.cardshapes import opaque_parts
from spider.app.table.drawing import Drawing, DrawingJob
from spider.app.table.sprites import CardSprite

#: How high a flying card is off the table, as a share of a group held in the hand
#: (its shadow lies nearer to it).
FLYING = 0.5

#: What to blit: a picture, its place as a rectangle, and (or the whole picture) the
#: part of it. ``blits`` reads a place as a rectangle first: for a pair it fails,
#: formatting an error, before reading the pair, which takes longer than the blit of
#: a card's part.
Blit = (tuple[pygame.Surface, tuple[int, int, int, int] | pygame.Rect]
         | tuple[pygame.Surface, tuple[int, int, int, int], pygame.Rect])
#: A part of a flying card's shadow: the shadow, how far right and down of the card's
#: corner it goes, its width and height, and the part.
ShadowPart = tuple[pygame.Surface, int, int, int, int, pygame.Rect]


class Shadows(DrawingJob):
    """The shadows of lifted cards for what ``drawing`` shows (see the module
    docstring)."""

    def __init__(self, drawing: Drawing) -> None:
        super().__init__(drawing)
        #: The parts of shadows drawn, by their sizes (see :meth:`_parts`).
        self._pieces: dict[tuple[object, ...], list[tuple[int, int, pygame.Rect]]] = {}
        #: The parts of a flying card's shadow by its width, for the pictures and size
        #: they were drawn for (see :meth:`card_shadow`).
        self._card_shadows: tuple[tuple[object, ...], dict[int, list[ShadowPart]]] = ((), {})

    def reach(self, lifted: float) -> tuple[int, int, int, int]:
        """How far the shadow of a card ``lifted`` high (see :meth:`group_blits`) can
        reach past the card, left, up, right and down (a pixel more for rounding):
        it lies a little right and down of the card."""
        card_w = self.geometry.card_w
        _, spread = self.images.shadow((card_w, self.geometry.card_h))
        offset = max(1, round(card_w / 22 * lifted))
        return (max(0, spread - offset) + 1, max(0, spread - 2 * offset) + 1,
                spread + offset + 1, spread + 2 * offset + 1)

    def card_shadows(self) -> dict[int, list[ShadowPart]]:
        """The shadows of flying cards made so far, by their width (see
        :meth:`card_shadow`), for the pictures and size they were made for."""
        g, images = self.geometry, self.images
        base = (id(images), images.generation, g.card_w, g.card_h)
        if self._card_shadows[0] != base:
            self._card_shadows = (base, {})
        return self._card_shadows[1]

    def card_shadow(self, width: int) -> list[ShadowPart]:
        """The shadow of one flying card ``width`` wide (narrower while turning over): the
        parts to blit, each with how far right and down of the card's corner and its
        size (see :meth:`group_blits`); kept while the pictures stand."""
        kept = self.card_shadows()
        parts = kept.get(width)
        if parts is None:
            g = self.geometry
            shadow, spread = self.images.shadow((g.card_w, g.card_h))
            offset = max(1, round(g.card_w / 22 * FLYING))
            x, y = offset - spread, offset * 2 - spread
            parts = kept[width] = [
                (shadow, x + dx, y + dy, area.w, area.h, area) for dx, dy, area
                in self._parts(shadow.get_size(), width, g.card_h, spread, offset)]
        return parts

    def group_blits(self, group: list[CardSprite], lifted: float = 1.0) -> list[Blit]:
        """A soft shadow under a lifted group, ``lifted`` high (1: held in the hand): the
        parts of the flat one to blit, where."""
        first, last = group[0], group[-1]
        card_w = self.geometry.card_w
        height = round(last.pos[1] - first.pos[1]) + self.geometry.card_h
        width = max(1, round(card_w * turned(first.squash)))
        shadow, spread = self.images.shadow((card_w, height))  # the flat one, kept
        offset = max(1, round(card_w / 22 * lifted))
        x = round(first.pos[0] + (card_w - width) / 2) - spread + offset
        y = round(first.pos[1]) - spread + offset * 2
        return [(shadow, (x + dx, y + dy, area.w, area.h), area) for dx, dy, area
                in self._parts(shadow.get_size(), width, height, spread, offset)]

    def _parts(self, size: tuple[int, int], width: int, height: int, spread: int,
                      offset: int) -> list[tuple[int, int, pygame.Rect]]:
        """What of the flat shadow of ``size`` is drawn where under cards ``width`` wide
        (narrower while turning over) and ``height`` tall, ``offset`` right and twice that
        down from it: (right, down, the part), around the larger of the cards' opaque
        boxes (see :func:`~.cardshapes.opaque_parts`): four pieces, not the eight around
        both, the little of the other box they cover hidden by the cards drawn over
        them. A narrower shadow is the flat one's two ends, closer together, with its
        even middle between them (no narrowed copy made for every width)."""
        key = (size, width, height, spread, offset, self.images.radius)
        parts = self._pieces.get(key)
        if parts is None:
            if len(self._pieces) > 64:
                self._pieces.clear()
            full, tall = size
            total = width + 2 * spread
            columns = [(0, 0, full)]  # (left, from, wide) of the flat shadow's columns
            if total < full:
                end = min(2 * spread + self.images.radius, total // 2)
                columns = [(0, 0, end), (total - end, full - end, end)]
                if total > 2 * end:
                    columns.append((end, end, total - 2 * end))
            x, y = spread - offset, spread - offset * 2  # the cards' corner in the shadow
            pieces = [pygame.Rect(0, 0, total, tall)]
            boxes = opaque_parts((width, height), self.images.radius)
            if boxes:
                hole = max(boxes, key=lambda box: box.w * box.h).move(x, y)
                pieces = outside(pieces[0], hole)
            parts = []
            for piece in pieces:
                for left, source, wide in columns:
                    start, stop = max(piece.left, left), min(piece.right, left + wide)
                    if start < stop:
                        parts.append((start, piece.y, pygame.Rect(source + start - left,
                                                                  piece.y, stop - start,
                                                                  piece.h)))
            self._pieces[key] = parts
        return parts
