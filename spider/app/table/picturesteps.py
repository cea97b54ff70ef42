"""Card pictures made between frames, in steps: the picture thread rasterises the art
and the spare time after each frame puts the pictures together, a share of the
window's pixels a frame.

The pictures of the cards in play are wanted first, then the rest of the set; the
narrowed pictures of cards about to turn over are made before the frames that show
them; after a resize the pictures of the cards in view are chosen, wanted first and
asked of the thread in steps of their own, and the still layer waits until they are
made (:meth:`PictureSteps.in_view_made`).
"""

from __future__ import annotations

import pygame

from spider.app.table.cardimages import ALL_PICTURES, turned
from spider.app.table.drawing import Drawing, DrawingJob
from spider.app.table.sprites import CardSprite
from spider.app.table.stillchanges import uncovered
from spider.model.cards import Card

#: Pixels of card pictures put together in a frame, per pixel of the window (see
#: :data:`~.cardimages.PICTURE_COST`): a picture costs some 3 ns a pixel, a still
#: frame 0.2 ns a window's pixel, so this is 3 or 4 pictures, about a still frame.
PICTURE_WORK = 0.1
#: How far ahead (board seconds) the pictures of turning cards are made: the next
#: frame comes one to four of the loop's updates (1/120 s each) later.
AHEAD = (1 / 120, 2 / 120, 3 / 120, 4 / 120)


class PictureSteps(DrawingJob):
    """The card pictures ``drawing`` needs, made between frames (see the module
    docstring)."""

    def __init__(self, drawing: Drawing) -> None:
        super().__init__(drawing)
        #: The pictures of the cards in play are still to be wanted (see :meth:`want`).
        self.due = False
        #: The resting cards (their key) and the pictures of those in view.
        self._in_view: tuple[object, list[Card | None]] = (None, [])
        self._unmade: list[Card | None] = []  # of those, the ones not yet found made
        self._in_view_asked = True  # whether the thread was asked for them (a step)
        #: What the resting cards' key was worked out from, and the key.
        self._resting_seen: tuple[object, tuple[object, ...]] = (None, ())

    def want(self, later: bool = False) -> None:
        """Have the pictures of the cards in play made soon (between frames), then the
        rest of the set: a face turned up for the first time (dealt, uncovered) must
        not be rasterised in the middle of its animation. ``later``: in a step of the
        spare time (a resize's pass leaves it there: 158 cards looked up)."""
        if later:
            self.due = True
            return
        self.due = False
        self.images.want([None, *(sprite.card for sprite in self._drawing.table.board.sprites()
                                  if sprite.face_up), *ALL_PICTURES])

    def resting_key(self, resting: list[CardSprite]) -> tuple[object, ...]:
        """What the still layer shows of ``resting``: the cards, places and faces, the
        pictures and the size (worked out again only when they may have changed: 104
        cards, a step)."""
        board, images = self._drawing.table.board, self.images
        seen = (board, board.version, id(images), images.generation, self.geometry.size)
        if self._resting_seen[0] != seen:
            self._resting_seen = seen, self._key(resting)
        return self._resting_seen[1]

    def in_view_step(self, key: tuple[object, ...], resting: list[CardSprite]) -> bool:
        """One step having the pictures of the cards in view (of ``resting``, whose key
        is ``key``) made first: True when it was taken (they are chosen and wanted, or
        the thread asked for their parts); else the thread is asked again (it makes
        them meanwhile)."""
        if self._in_view[0] != key:  # the pictures of the cards in view, first: a step
            self._in_view = key, list(dict.fromkeys(
                sprite.card if sprite.shown_up else None for sprite in uncovered(resting)))
            self.images.want_first(self._in_view[1])
            self._unmade = list(self._in_view[1])
            self._in_view_asked = False
            return True
        if not self._in_view_asked:
            # The thread asked for their parts: a step (17 sources, and the thread's
            # share of the new size made; with the step choosing them, 2.8 still
            # frames at 960x600).
            self._in_view_asked = True
            self.images.ask()
            return True
        self.images.ask()  # the thread makes them meanwhile
        return False

    def put_together(self, until: float) -> bool:
        """Card pictures made by the thread put together, a share of the window's
        pixels a frame (see :meth:`CardImages.work`)."""
        width, height = self.geometry.size
        return self.images.work(until, stop=pygame.event.peek, clock=self._drawing.table.app.clock,
                                budget=round(width * height * PICTURE_WORK))

    def ready_turning(self) -> None:
        """The narrowed pictures of cards turning over in the next frames, made now, in
        the time left after a frame, not in the frame that shows them."""
        board = self._drawing.table.board
        images = self.images
        for sprite in board.stepping():
            for ahead in AHEAD:
                shown, squash = sprite.look_at(board.time + ahead)
                if squash < 1.0:
                    images.image(sprite.card, shown, turned(squash))

    def in_view_made(self) -> bool:
        """Whether the pictures of the cards in view are made (see :meth:`in_view_step`).
        Those found made leave the list, so a step looks up only the rest (they are made
        in order: looking up all 43 of a long game's, each step, took up to 40 us at
        720p, 0.4 of a still frame)."""
        unmade, made = self._unmade, self.images.made
        while unmade and made(unmade[:1]):
            del unmade[0]
        return not unmade

    def _key(self, resting: list[CardSprite]) -> tuple[object, ...]:
        """What the still layer shows of ``resting``: the cards, places and faces, the
        pictures and the size."""
        return (tuple((sprite, sprite.pos, sprite.shown_up) for sprite in resting),
                id(self.images), self.images.generation, self.geometry.size)
