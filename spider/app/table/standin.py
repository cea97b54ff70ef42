"""The last still layer standing in, stretched, while the table is prepared anew.

Just before the window's size (or the cloth) changes, the still layer as shown is
kept (:meth:`StandIn.keep`); frames then draw it stretched over the window
(:meth:`StandIn.draw`) while what the new table needs is made between frames, one
step of bounded work at a time (:meth:`StandIn.step`): the pictures of the cards in
play wanted, the kept card set opened, the pictures of the cards in view made, the
old picture halved when it lies in the still layer's buffer (:class:`.Halving`, into
a buffer of its own, kept between resizes), the static layer and the bar's words at
their new size, and the new still layer drawn in bands
(:meth:`.StillLayer.redraw_step`). When that is done the stand-in goes and the new
table is drawn in an ordinary frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from spider.app.table.buffers import Buffer
from spider.app.table.drawing import Drawing, DrawingJob
from spider.app.table.resizesteps import HALVING_WORK, Halving, scaled

if TYPE_CHECKING:
    from spider.app.table.barpicture import BarPicture
    from spider.app.table.picturesteps import PictureSteps
    from spider.app.table.stilllayer import StillLayer


class StandIn(DrawingJob):
    """The stretched stand-in after a resize and the steps that replace it (see the
    module docstring). ``static_step`` takes a step towards the static layer, False
    when it is drawn; ``below_bar`` is the window below the bar."""

    def __init__(self, drawing: Drawing, still: StillLayer, pictures: PictureSteps,
                 bar_picture: BarPicture, static_step: Callable[[], bool],
                 below_bar: Callable[[], pygame.Rect]) -> None:
        super().__init__(drawing)
        self._still, self._pictures, self._bar_picture = still, pictures, bar_picture
        self._static_step, self._below_bar = static_step, below_bar
        #: The last still layer (at the old size), shown stretched until the new one
        #: can be drawn in one frame (None: no stand-in).
        self.picture: pygame.Surface | None = None
        #: The old picture being halved to free the still layer's buffer, under way
        #: (for this stand-in alone: it goes with it).
        self._halving: Halving | None = None
        #: Kept between resizes: the old still layer halved (see Halving).
        self._halves = Buffer(unwritten=True)

    def keep(self) -> None:
        """Keep the still layer as shown to stand in, unless one stands in already (a
        new one is halved afresh, even in the same Surface as the last)."""
        if self.picture is None:
            self.picture, self._halving = self._still.stand_in(), None

    def draw(self, surface: pygame.Surface) -> None:
        """The stand-in stretched over all of ``surface``."""
        assert self.picture is not None, "keep() first"
        scaled(self.picture, surface)

    def drop(self) -> None:
        """No stand-in, and no halving under way."""
        self.picture = self._halving = None

    def step(self, until: float, frames: int) -> bool:
        """One step towards drawing the resized table in an ordinary frame (see the
        module docstring; ``until``: when the frame's spare time ends; ``frames``:
        the frames the table has drawn). True when it is done: the stand-in is gone."""
        pictures = self._pictures
        if pictures.due:  # (the pictures of the cards in play wanted: a step)
            pictures.want()
            return False
        if self.images.open_kept():  # (a file looked at: a step)
            return False
        table = self._drawing.table
        resting, _, _ = table.board.layers()
        width, height = self.geometry.size
        key = pictures.resting_key(resting)
        if pictures.in_view_step(key, resting):
            return False
        picture = self.picture
        if picture is not None and self._still.holds(picture):  # (see Halving)
            halving = self._halving
            if halving is None:
                size = picture.get_width() // 2, picture.get_height() // 2
                halving = self._halving = Halving(picture, self._halves.get(size))
            if halving.step(round(width * height * HALVING_WORK)):
                self.picture, self._halving = halving.picture, None
            return False
        if self._static_step():
            return False
        if self._bar_picture.old is not None:  # the bar's words at their new size
            self._bar_picture.prepare_step()
            return False
        if not pictures.in_view_made():
            pictures.put_together(until)
            return False
        alone = table.app.scenes.visible == (table,)
        if not self._still.redraw_step(resting, key, picture, frames,
                                       self._below_bar() if alone else None):
            return False
        self.picture = self._halving = None
        return True
