"""The resized table prepared between frames, in steps of bounded work.

Just after a resize the last still layer stands in, stretched over the window
(:func:`scaled`), first halved (:class:`Halving`: a quarter of the memory, its
buffer free for the new layer); the new still layer is then drawn in horizontal
bands into a picture apart (:class:`Bands`), and its rows below the bar copied into
the window unshown, for the frame that swaps it in. Each step costs under about a
still frame's work (the constants below).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate

import pygame

from spider.app.table.sprites import CardSprite
from spider.app.table.stillchanges import uncovered

#: The work of one band of the still layer drawn after a resize, in pixels copied per
#: pixel of the window (a card's pixel, blended, counts as two): under a still frame.
BAND_WORK = 0.5
#: The rows of the new still layer copied into the window in a step after those bands
#: (not shown until the frame that swaps it in: see :class:`Bands`), in pixels per
#: pixel of the window. A copy between pictures of other widths costs about twice
#: one between pictures laid out alike, as a still frame's is: this is about one.
SHOWN_WORK = 0.5
#: The resting cards whose pictures and places a step gathers for those bands (a few
#: microseconds each: a long game's 104, gathered at once, took 0.3 ms).
PLACED_A_STEP = 32
#: The old picture's pixels read in a step halving it after a resize, per pixel of
#: the window (a band of rows, its half's memory first written: under a still frame).
HALVING_WORK = 0.125
#: What a card's pixel costs to draw against a copied one.
CARD_PIXEL = 2


def scaled(picture: pygame.Surface, into: pygame.Surface) -> None:
    """``picture`` stretched over all of ``into`` (quickly: nearest pixel)."""
    try:
        pygame.transform.scale(picture, into.get_size(), into)
    except ValueError:  # another pixel format
        into.blit(pygame.transform.scale(picture, into.get_size()), (0, 0))


class Halving:
    """``source`` at half its size each way (stretched over the window, it looks the
    same as the whole one but for fine detail; a quarter of the memory) drawn into
    ``picture``, in bands of rows of bounded work, one a step."""

    def __init__(self, source: pygame.Surface, picture: pygame.Surface) -> None:
        self.source, self.picture = source, picture
        self._done = 0  # rows of the picture made

    def step(self, work: int) -> bool:
        """Make the next rows, reading at most ``work`` of the source's pixels (a row
        at least); whether the picture is whole. Each row is the source's row twice
        its number, whatever the bands (the picture is the same however made)."""
        picture, source = self.picture, self.source
        width, height = picture.get_size()
        top = self._done
        bottom = min(height, top + max(1, work // (2 * source.get_width())))
        rows = pygame.Rect(0, 2 * top, source.get_width(),
                           min(source.get_height(), 2 * bottom) - 2 * top)
        pygame.transform.scale(source.subsurface(rows), (width, bottom - top),
                               picture.subsurface(0, top, width, bottom - top))
        self._done = bottom
        return bottom == height


class Bands:
    """The still layer drawn whole after a resize in horizontal bands of bounded work,
    one a step, into a picture apart from the one standing in (the window never shows
    a half-drawn table); the bands are found from how much card each row holds."""

    def __init__(self, resting: list[CardSprite], key: tuple[object, ...],
                 backdrop: pygame.Surface, target: pygame.Surface,
                 placed: Callable[[CardSprite], tuple[pygame.Surface, tuple[int, int]]]
                 ) -> None:
        self.key = key  # (see PictureSteps.resting_key)
        self.resting = [(sprite, sprite.pos, sprite.shown_up) for sprite in resting]
        self.backdrop, self.target, self.placed = backdrop, target, placed
        top = uncovered(resting)
        self.unplaced = [sprite for sprite in resting if sprite in top]  # (gathered in steps)
        self.cards: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self.bands: list[pygame.Rect] | None = None  # (found after the cards)
        #: The window's rows below the bar still to be copied from the layer, and the
        #: table's frames when the first was (see :meth:`step`).
        self.rows: list[pygame.Rect] | None = None
        self.frames = -1

    def step(self, frames: int, below: pygame.Rect | None) -> bool:
        """Gather the next ``PLACED_A_STEP`` cards' pictures and places, find where the
        bands lie (the step after the last), draw the next band, or copy the next rows
        of the whole layer into the window ``below`` the bar (None: the window shows
        more than the table); whether it is all done. ``frames``: the frames the table
        has drawn so far.

        The rows are copied while the table alone is shown, and shown by the frame
        that swaps the layer in, which then copies nothing (alone in one frame, the
        copy between pictures laid out apart took two to three still frames): every
        frame drawn before it draws the old picture whole (``draw_changes`` draws
        whole while it stands in), so the window never shows those rows before; and
        after such a frame the rows are not copied any more, that frame copies them."""
        if self.unplaced:
            placing, self.unplaced = self.unplaced[:PLACED_A_STEP], self.unplaced[PLACED_A_STEP:]
            self.cards += map(self.placed, placing)
            return False
        if self.bands is None:
            self.bands = _bands(self.target.get_size(),
                                [image.get_rect(topleft=place) for image, place in self.cards])
            return False
        if self.bands:
            band, target = self.bands.pop(), self.target
            target.set_clip(band)
            target.blit(self.backdrop, band.topleft, band)
            target.fblits([(image, place) for image, place in self.cards
                           if place[1] < band.bottom and place[1] + image.get_height() > band.top])
            target.set_clip(None)
            return False
        window = pygame.display.get_surface()
        if window is None or window.get_size() != self.target.get_size() or below is None:
            self.rows = []
        elif self.rows is None:
            height = max(1, round(SHOWN_WORK * window.get_height()))
            self.rows = [pygame.Rect(0, top, below.w, min(height, below.bottom - top))
                         for top in range(below.top, below.bottom, height)]
            self.frames = frames
        if window is None or not self.rows or self.frames != frames:
            self.rows = []  # (a frame drew the window since: it copies the layer)
            return True
        rows = self.rows.pop(0)
        window.blit(self.target, rows, rows)
        return not self.rows

    def in_window(self, frames: int) -> pygame.Surface | None:
        """The window, if it holds the whole layer below the bar (see :meth:`step`;
        ``frames``: the frames the table has drawn so far)."""
        return (pygame.display.get_surface() if self.rows == [] and self.frames >= 0
                and self.frames == frames else None)


def _bands(size: tuple[int, int], cards: list[pygame.Rect]) -> list[pygame.Rect]:
    """Horizontal bands covering a window of ``size``, each (but a row alone) of at
    most ``BAND_WORK`` of the window's pixels in work: its pixels, and those of the
    ``cards`` in it (``CARD_PIXEL`` each). The lowest first (they are taken from the
    end of the list)."""
    width, height = size
    change = [0] * (height + 1)  # of the cards' width, from each row to the next
    for card in cards:
        top, bottom = max(0, card.top), min(height, card.bottom)
        if top < bottom:
            change[top] += card.w
            change[bottom] -= card.w
    widths = accumulate(change[:height])  # of the cards in each row
    done = list(accumulate(width + CARD_PIXEL * w for w in widths))  # the work to each row's end
    budget = BAND_WORK * width * height
    bands: list[pygame.Rect] = []
    top = 0
    while top < height:
        bottom = max(top + 1, bisect_right(done, (done[top - 1] if top else 0) + budget))
        bands.append(pygame.Rect(0, top, width, bottom - top))
        top = bottom
    bands.reverse()
    return bands
