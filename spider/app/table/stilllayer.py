"""The still layer: the static layer with every resting card over it (and the cards
waiting for their turn to fly), kept between frames.

It is drawn whole when its cards, their pictures or the window's size are new to it,
and otherwise, when cards start or stop moving, only at the places they leave or land
on (:mod:`.stillchanges` finds them; while cards fly, only the cards noted as able to
set off or land are compared: :meth:`StillLayer.note_flights`). It tells the renderer
the places each update drew again (:attr:`StillLayer.drawn`), and those drawn in
spare time that the window does not show yet. After a resize it is drawn anew in bands
(:class:`.Bands`) into a picture apart from the one standing in; its window-sized
picture is kept between resizes (:class:`.Buffer`) and lent to the win cascade as its
canvas.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from spider.app.table.areas import copy_area
from spider.app.table.buffers import Buffer
from spider.app.table.cardimages import turned
from spider.app.table.drawing import Drawing, DrawingJob
from spider.app.table.resizesteps import Bands
from spider.app.table.sprites import CardSprite
from spider.app.table.stillchanges import Resting, StillChanges, as_still, uncovered


class StillLayer(DrawingJob):
    """The picture of the resting cards ``drawing`` shows, over the static layer that
    ``backdrop`` gives (see the module docstring)."""

    def __init__(self, drawing: Drawing, backdrop: Callable[[], pygame.Surface]) -> None:
        super().__init__(drawing)
        self._backdrop = backdrop
        #: The layer (None: not drawn yet, or let go).
        self.picture: pygame.Surface | None = None
        #: Kept between resizes (a 4K allocation page-faults for tens of ms).
        self._buffer = Buffer()
        #: The resting cards the layer shows (None: it must be drawn whole), the
        #: pictures and size it was drawn with, and the board and its version when it
        #: was last brought up to date.
        self._key: list[Resting] | None = None
        self._base: tuple[object, ...] = ()
        self._seen: tuple[object, int] | None = None
        #: The layer's key when last kept, the board's arrangement then, and the sprites
        #: that could still set off or land, each as the layer showed it (None: in
        #: flight); see :meth:`.StillChanges.flight_changes`.
        self._flights: tuple[list[Resting] | None, tuple[object, int],
                             list[tuple[CardSprite, Resting | None]]] = (None, (None, 0), [])
        #: The layer's key and the board's arrangement whose flights are to be noted
        #: after the frame (see :meth:`note_flights`), or None.
        self._flights_due: tuple[list[Resting], tuple[object, int]] | None = None
        #: The places the last update drew again (None: all of it).
        self.drawn: list[pygame.Rect] | None = None
        #: The places drawn again in spare time, for the next frame to show (see
        #: :meth:`ahead`).
        self._unshown: list[pygame.Rect] = []
        #: After a resize: the new layer's bands, under way (see :meth:`redraw_step`).
        self.bands: Bands | None = None
        #: The window holding the new layer below the bar, copied in spare time, for
        #: the frame that swaps it in (None: that frame copies it).
        self.in_window: pygame.Surface | None = None

    # --------------------------------------------------------------- state
    def restyle(self, let_go: bool = False) -> None:
        """New geometry or settings: the resting cards are drawn again (whole, into the
        same buffer), bands under way dropped (``let_go``: the picture let go first,
        before a bigger one is made)."""
        self.bands = self.in_window = None
        if let_go:
            self.picture = None
        self._key = None

    def forget(self) -> None:
        """Draw the resting cards from scratch at the next update (tests compare)."""
        self._key = None

    def stand_in(self) -> pygame.Surface | None:
        """The picture to stand in while the table is prepared anew (after a resize):
        the layer, if it is drawn and shows the resting cards."""
        return self.picture if self._key is not None else None

    def holds(self, surface: pygame.Surface | None) -> bool:
        """Whether ``surface`` is drawn in the layer's buffer (see :class:`.Halving`)."""
        return self._buffer.holds(surface)

    def covered(self) -> None:
        """A scene covers the table: the window no longer holds the layer, and the
        bands under way copy no more rows into it."""
        self.in_window = None
        if self.bands is not None:
            self.bands.frames = -2  # (its rows are not copied any more)

    def lend(self) -> pygame.Surface | None:
        """The layer's picture, let go (the win cascade draws on it)."""
        canvas, self.picture, self._key = self.picture, None, None
        return canvas

    def take_back(self, canvas: pygame.Surface) -> None:
        """The cascade is over: its ``canvas`` is the layer's buffer again, if the layer
        has none and the window's size is the same."""
        if self.picture is None and canvas.get_size() == self.geometry.size:
            self.picture, self._key = canvas, None

    # ------------------------------------------------------------- updates
    def up_to_date(self, resting: list[CardSprite]) -> pygame.Surface:
        """The static layer with every card of ``resting``: when cards start or stop
        moving only the places they leave or land on are drawn again (while cards fly
        or a group is dragged, the rest is one blit)."""
        board = self._drawing.table.board
        seen = (board, board.version)
        base = self._drawn_with()
        still = self.picture
        if (still is not None and base == self._base and self._key is not None
                and seen == self._seen):
            self.drawn = []  # the sprites are as they were
            return still
        key = [(sprite, sprite.pos, sprite.shown_up) for sprite in resting]
        self._seen = seen
        arranged = (board, board.arrangement)
        kept_key, kept_arrangement, flown = self._flights
        if still is not None and base == self._base and key == self._key:
            self.drawn = []
            self._flights_due = self._key, arranged
            return still
        backdrop = self._backdrop()
        if still is None or still.get_size() != backdrop.get_size():
            self.picture = None
            still = self.picture = self._buffer.get(backdrop.get_size())
            self._key = None
        geometry = self._drawing.geometry
        changes, differ = None, StillChanges(geometry)
        if base == self._base and self._key is not None:
            changes = (differ.flight_changes(board.time, flown, self._key, resting)
                       if kept_key is self._key and kept_arrangement == arranged
                       else differ.changed_regions(self._key, key, resting))
        regions, landed = changes if changes is not None else (None, [])
        if regions is None:
            still.blit(backdrop, (0, 0))
            top = uncovered(resting)
            for sprite in resting:
                if sprite in top:
                    still.blit(*self.card_blit(sprite))
        elif regions:  # (none: the same picture)
            w, h = geometry.card_w, geometry.card_h
            left = min(region.left for region in regions) - w
            right = max(region.right for region in regions)
            near = [sprite for sprite in resting if left < sprite.pos[0] < right]
            top = uncovered(near)  # (the cards at one place are all near or none)
            for region in regions:
                still.set_clip(region)
                copy_area(still, backdrop, region.topleft, region)
                still.fblits([self.placed(sprite) for sprite in near
                              if sprite in top and region.left - w < sprite.pos[0] < region.right
                              and region.top - h < sprite.pos[1] < region.bottom])
            still.set_clip(None)
        for sprite, _, _ in landed:  # over everything where it lies
            still.blit(*self.card_blit(sprite))
        if regions is not None:
            regions += [differ.resting_rect(entry) for entry in landed]
        self.drawn = regions
        self._key, self._base = key, base
        self._flights_due = key, arranged
        return still

    def _update(self, resting: list[CardSprite]) -> list[pygame.Rect] | None:
        """Bring the layer up to date; the places drawn again, or None when it was
        drawn whole."""
        self.drawn = None
        self.up_to_date(resting)
        return self.drawn

    def changes(self, resting: list[CardSprite]) -> list[pygame.Rect] | None:
        """Bring the layer up to date; the places drawn again that the window does not
        show yet (with those drawn in spare time since its last frame: see
        :meth:`ahead`), or None when it was drawn whole."""
        regions = self._update(resting)
        if regions is not None and self._unshown:
            regions, self._unshown = [*regions, *self._unshown], []
        return regions

    def shown_whole(self) -> None:
        """The window was drawn whole: it shows every place of the layer."""
        self._unshown = []

    def ahead(self) -> bool:
        """The layer brought up to date after the frame when the board's arrangement
        changed since the frame drew it (an action's later events replayed in its spare
        time: see ``Board.catch_up``), not within the next frame, which shows the places
        drawn again (see :meth:`changes`). True: it was drawn whole, so is the window."""
        due, board = self._flights_due, self._drawing.table.board
        if due is None or due[1] == (board, board.arrangement) or self.picture is None:
            return False
        regions = self._update(board.layers()[0])
        if regions is None:
            return True
        self._unshown += regions
        return False

    def note_flights(self) -> None:
        """Note the sprites that may set off or land before the board's arrangement
        changes, as the layer last brought up to date shows them (its key and the
        arrangement then: ``_flights_due``): after the frame, in its spare time (the
        board does not move before the next). Until they are noted, the next update of
        the layer compares all its cards (:meth:`.StillChanges.changed_regions`)."""
        if self._flights_due is None:
            return
        (key, arranged), self._flights_due = self._flights_due, None
        board = self._drawing.table.board
        now, dragged = board.time, board.dragging
        self._flights = key, arranged, [(sprite, as_still(sprite, now))
                                        for sprite in board.stepping() if sprite not in dragged]

    # --------------------------------------------------------- after a resize
    def redraw_step(self, resting: list[CardSprite], key: tuple[object, ...],
                    besides: pygame.Surface | None, frames: int,
                    below: pygame.Rect | None) -> bool:
        """One step drawing the layer anew in bands (see :class:`.Bands`: ``key``, that
        of ``resting``; ``frames``, the table's frames so far; ``below``, the window
        below the bar, or None when it shows more than the table) into a picture apart
        from ``besides`` (standing in meanwhile). True when it is done: the new picture
        is the layer (and :attr:`in_window` tells whether the window holds it)."""
        bands = self.bands
        if bands is None or bands.key != key:
            backdrop = self._backdrop()
            self.bands = Bands(resting, key, backdrop, self._buffer.get(
                backdrop.get_size(), besides=besides), self.placed)  # a step
            return False
        if not bands.step(frames, below):
            return False
        self.in_window = bands.in_window(frames)
        self.picture, self.bands = self._commit(bands), None
        return True

    def _commit(self, bands: Bands) -> pygame.Surface:
        """Make the whole picture of ``bands`` the layer (as :meth:`up_to_date` keeps
        it); return it."""
        board = self._drawing.table.board
        self._key, self.drawn = bands.resting, None
        self._base = self._drawn_with()
        self._seen = (board, board.version)
        return bands.target

    def _drawn_with(self) -> tuple[object, ...]:
        """What the layer's picture shows besides its cards' places and faces: the card
        pictures (which set, and how far made) and the window's size."""
        drawing = self._drawing
        images = drawing.images
        return id(images), images.generation, drawing.geometry.size

    # ----------------------------------------------------------------- cards
    def card_blit(self, sprite: CardSprite,
                  dx: float = 0.0) -> tuple[pygame.Surface, tuple[int, int, int, int]]:
        """The card's picture as shown and its place as a rectangle (see :data:`.Blit`)."""
        image, (x, y) = self.placed(sprite, dx)
        return image, (x, y, *image.get_size())

    def placed(self, sprite: CardSprite,
               dx: float = 0.0) -> tuple[pygame.Surface, tuple[int, int]]:
        """The card's picture as shown and where it goes (``dx`` further right): on the
        layer, and so for the cards the renderer draws over it."""
        drawing = self._drawing
        image = drawing.images.image(sprite.card, sprite.shown_up, turned(sprite.squash))
        x, y = sprite.pos
        x += dx + (drawing.geometry.card_w - image.get_width()) / 2
        return image, (round(x), round(y))
