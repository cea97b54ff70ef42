"""The table's picture: a static layer, a kept layer of resting cards, and what moves.

The static layer (felt, the bar's backdrop, the outlines of empty places) is drawn
when the window's size or the layout changes. The still layer adds every resting
card and is kept between frames: when cards start or stop moving only the places
they leave or land on are drawn again. Flying and dragged cards, the hint mark,
the bar and the message are drawn over it each frame. Just after a resize the
last still layer stands in, stretched, while the new one is prepared between
frames (:meth:`TableRenderer.spare`). The win cascade draws into the still
layer's buffer and only its new steps each frame.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from spider.app.scenes import Scene
from spider.app.table.cardimages import ALL_PICTURES, CardImages
from spider.app.table.celebration import Celebration
from spider.app.table.felt import render_felt, table_colour
from spider.app.table.hud import Banner, TopBar
from spider.app.table.sprites import CardSprite
from spider.model.cards import Card

if TYPE_CHECKING:
    from spider.app.table.geometry import TableGeometry
    from spider.app.table.scene import TableScene

HIGHLIGHT = (255, 214, 92)
SLOT_LINE = (255, 255, 255, 46)


class TableRenderer:
    """Draws the table scene (see the module docstring); owns the card pictures."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self._banner = Banner()
        self._images: CardImages | None = None
        self._background_key: tuple[object, ...] | None = None
        self.background: pygame.Surface | None = None
        self._still: pygame.Surface | None = None
        #: After a resize, the last still layer (at the old size) shown scaled until
        #: the new one can be drawn in one frame (see :meth:`_prepare_after_resize`).
        self.interim: pygame.Surface | None = None
        #: The bar's layout (None just after a resize, until needed) and, meanwhile,
        #: the one drawn stretched while the table is prepared.
        self._bar: TopBar | None = None
        self._old_bar: TopBar | None = None
        self._backdrop_seconds = 0.0  # how long the static layer took to draw
        #: The resting cards the still layer shows (None: it must be drawn whole).
        self._still_key: list[_Resting] | None = None
        self._still_base: tuple[object, ...] = ()
        # Kept between resizes (a 4K allocation page-faults for tens of ms).
        self._background_buffer, self._still_buffer = _Buffer(), _Buffer()

    @property
    def geometry(self) -> TableGeometry:
        return self.table.geometry

    @property
    def images(self) -> CardImages:
        """The card pictures at the current size and colours."""
        assert self._images is not None, "restyle() first"
        return self._images

    # --------------------------------------------------------------- set-up
    def restyle(self, later: bool = False) -> None:
        """Rebuild everything drawn from the geometry and the settings (``later``: the
        static layer is drawn in spare time, see :meth:`_prepare_after_resize`)."""
        if not later:
            self.interim = None
        g = self.geometry
        settings = self.table.app.settings
        card_size, four, back = (g.card_w, g.card_h), settings.four_colour, settings.card_back
        images = self._images
        if images is None or not images.matches(card_size, four, back):
            # A new size or back: the old pictures stand in while the new ones are
            # made between frames (see spare), so the change does not stall a frame.
            self._images = CardImages(card_size, four, previous=images, back=back)
        if later:  # the bar is laid out again in spare time (fonts at a new size)
            self._old_bar, self._bar = self._bar or self._old_bar, None
        else:
            self._bar, self._old_bar = TopBar(g, hint=settings.hints), None
        # The static layer depends only on where things are: a new game or new
        # settings in the same window keep it (a 4K one takes tens of ms to draw).
        key = (g.size, g.columns, g.column_slot(0), g.run_slot(0), g.stock_pile(0, 1),
               settings.table)
        if key != self._background_key or self.background is None:
            if self.background is not None and self.background.get_size() != g.size:
                self._still = None  # let go before a bigger one is made
            self.background, self._background_key = None, key
            if not later:
                self._backdrop()
        self._still_key = None  # the resting cards are drawn again (into the same buffer)

    def keep_interim(self) -> None:
        """Before the window's size changes: keep the last picture of the resting cards to
        stand in, scaled, while the new static layer and the cards' pictures are made
        between frames (a resize costs a frame little more than drawing it does)."""
        if self.interim is None and self._still is not None and self._still_key is not None:
            self.interim = self._still

    def keep_interim_for_cloth(self) -> None:
        """Before the table's colour changes: the table as it was shown stands in while
        the new cloth is drawn in spare time, as after a resize."""
        key = self._background_key
        if key and key[-1] != self.table.app.settings.table:
            self.keep_interim()

    def forget_resting(self) -> None:
        """Draw the resting cards from scratch at the next frame (tests compare)."""
        self._still_key = None

    @property
    def bar(self) -> TopBar:
        """The bar's layout for the window (after a resize: made when first needed)."""
        if self._bar is None:
            self._bar = TopBar(self.geometry, hint=self.table.app.settings.hints)
        return self._bar

    def _render_background(self, into: pygame.Surface | None = None) -> pygame.Surface:
        """The static layer: felt, bar backdrop and the outlines of empty places
        (drawn into ``into`` when it has the right size)."""
        g = self.geometry
        surface = render_felt(g.size, table_colour(self.table.app.settings.table), into=into)
        self.bar.draw_backdrop(surface)
        slot = self.images.outline(SLOT_LINE, max(1, g.card_w // 50))
        for column in range(g.columns):
            surface.blit(slot, g.column_slot(column)[:2])
        surface.blit(slot, g.run_slot(0))
        surface.blit(slot, g.stock_pile(0, 1))
        return surface

    def want_pictures(self) -> None:
        """Have the pictures of the cards in play made soon (between frames), then the
        rest of the set: a face turned up for the first time (dealt, uncovered) must
        not be rasterised in the middle of its animation."""
        self.images.want([None, *(sprite.card for sprite in self.table.board.sprites()
                                    if sprite.face_up), *ALL_PICTURES])

    @property
    def pending(self) -> bool:
        """Whether pictures are still to be made (the loop keeps offering time)."""
        return self.images.pending

    def spare(self, until: float, calm: bool) -> None:
        """Work that can wait, in the time left in the frame: just after a resize what
        the resized table needs to be drawn (see :meth:`_prepare_after_resize`), then
        card pictures still wanted; at least one step per frame when nothing moves
        (``calm``: the resting cards are then drawn again here, not in the next frame)."""
        if self.interim is not None:
            self._prepare_after_resize(until, calm)
        elif self.images.pending and self.images.work(until, stop=pygame.event.peek,
                                                          at_least_one=calm):
            if calm:
                self._still_layer(self.table.board.layers()[0])
            self.table.app.request_redraw()

    def _prepare_after_resize(self, until: float, calm: bool) -> None:
        """One step towards drawing the resized table in an ordinary frame: the static
        layer (when it fits in the time left, or nothing moves), then a picture for
        every card in view (the last size's, scaled). Then the table is drawn again."""
        if self.background is None:
            if calm or time.perf_counter() + self._backdrop_seconds <= until:
                self._backdrop()
            return
        resting, _, _ = self.table.board.layers()
        shown = dict.fromkeys(sprite.card if sprite.shown_up else None
                              for sprite in _uncovered(resting))
        if not self.images.make_shown(shown, until):
            return
        if self._old_bar is not None:  # the bar's words at their new size
            self._old_bar = None
            g = self.geometry
            self._draw_bar(pygame.Surface((g.bar.w, g.bar.h), pygame.SRCALPHA), self.bar)
            return
        if calm or time.perf_counter() + self._backdrop_seconds <= until:
            self._still_layer(resting)
            self.interim = None
            self.table.app.request_redraw()

    # ----------------------------------------------------------- celebration
    def start_celebration(self) -> Celebration:
        """The win cascade, drawing into the still layer's buffer; the static layer is
        let go until the table is drawn again (a 4K picture is 33 MB: the win dialog
        over the cascade needs the room)."""
        piles = [[(self.images.face(sprite.card), _whole(sprite.target)) for sprite in run]
                 for run in self.table.board.runs]
        canvas, self._still, self._still_key = self._still, None, None
        celebration = Celebration(self._backdrop(), piles, canvas=canvas,
                                  top=self.geometry.bar.bottom)
        self.background = None
        self._background_buffer.release()
        return celebration

    def end_celebration(self, celebration: Celebration) -> None:
        """The cascade is over: its canvas is the still layer's buffer again."""
        if self._still is None:
            canvas = celebration.buffer
            if canvas.get_size() == self.geometry.size:
                self._still, self._still_key = canvas, None

    def _backdrop(self) -> pygame.Surface:
        """The static layer (drawn now if it was let go during a celebration or is not
        drawn yet after a resize)."""
        if self.background is None:
            start = time.perf_counter()
            self.background = self._render_background(
                self._background_buffer.get(self.geometry.size))
            self._backdrop_seconds = time.perf_counter() - start
        return self.background

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        celebration = table.controller.celebration
        if celebration is not None:
            celebration.draw(surface)
        else:
            self._draw_cards(surface)
            table.hinting.draw(surface)
        if self.interim is not None and self._old_bar is not None:
            self._draw_old_bar(surface)
        else:
            self._draw_bar(surface, self.bar)
        if table.banner is not None and not table.toast.visible:
            self._banner.draw(surface, self.geometry, table.banner)
        table.toast.draw(surface, self.geometry)

    def _draw_bar(self, surface: pygame.Surface, bar: TopBar) -> None:
        table = self.table
        session, game, controller = table.app.session, table.game, table.controller
        disabled = {action for action in ("undo", "redo")
                    if not controller.button_enabled(action)}
        bar.draw(surface, hovered=table.input.hovered, pressed=table.input.pressed,
                 disabled=disabled, score=game.score, moves=game.moves,
                 seconds=session.elapsed, code=str(session.code),
                 busy=frozenset(("hint",)) if table.hinting.thinking else frozenset(),
                 note=table.hinting.status, note_faded=table.hinting.rechecking)

    def _draw_old_bar(self, surface: pygame.Surface) -> None:
        """Just after a resize: the bar as it was, stretched like the table under it
        (its words at the new size are made between frames)."""
        old, new = self._old_bar, self.geometry.bar
        assert old is not None
        strip = pygame.Surface((old.geometry.bar.w, old.geometry.bar.h), pygame.SRCALPHA)
        self._draw_bar(strip, old)
        surface.blit(pygame.transform.scale(strip, (new.w, new.h)), (new.x, new.y))

    def draw_changes(self, surface: pygame.Surface, above: Sequence[Scene]) -> bool:
        """The cascade alone moves: only its new steps are drawn (also under a dialog
        that covers it simply), not the whole window (33 MB at 4K)."""
        celebration = self.table.controller.celebration
        covers = [scene.cover() for scene in above]
        if (celebration is None or self.table.toast.visible or self.table.banner is not None
                or len(covers) > 1 or None in covers):
            return False
        return celebration.draw_changes(surface, covers[0] if covers else None)

    def _draw_cards(self, surface: pygame.Surface) -> None:
        resting, flying, dragged = self.table.board.layers()
        shake = self.table.board.stock_shake()
        if self.interim is not None and (flying or dragged or shake):
            self.interim = self._old_bar = None  # play goes on: the real picture, now
        if self.interim is not None:
            _scaled(self.interim, surface)
        elif shake:
            shaking = {id(sprite) for sprite in self.table.board.stock}
            surface.blit(self._backdrop(), (0, 0))
            for sprite in resting:
                self._blit(surface, sprite, shake if id(sprite) in shaking else 0.0)
        else:
            surface.blit(self._still_layer(resting), (0, 0))
        drag = self.table.input.dragging
        if drag is not None and self.table.app.settings.placement_help:
            self._draw_highlights(surface, drag.accepting)
        for sprite in flying:
            if sprite.pos != sprite.target and sprite.first_start <= self.table.board.time:
                self._draw_shadow(surface, [sprite], lifted=0.5)
            self._blit(surface, sprite)
        if dragged:
            self._draw_shadow(surface, dragged)
            for sprite in dragged:
                self._blit(surface, sprite)

    def _still_layer(self, resting: list[CardSprite]) -> pygame.Surface:
        """The background with every resting card, kept between frames: when cards
        start or stop moving only the places they leave or land on are drawn again
        (while cards fly or a group is dragged, the rest is one blit)."""
        key = [(id(sprite), sprite.card, sprite.pos, sprite.shown_up) for sprite in resting]
        base = (id(self.images), self.images.generation, self.geometry.size)
        still = self._still
        if still is not None and base == self._still_base and key == self._still_key:
            return still
        backdrop = self._backdrop()
        if still is None or still.get_size() != backdrop.get_size():
            self._still = None
            still = self._still = self._still_buffer.get(backdrop.get_size())
            self._still_key = None
        regions = (self._changed_regions(self._still_key, key)
                   if base == self._still_base and self._still_key is not None else None)
        top = _uncovered(resting)
        if regions is None:
            still.blit(backdrop, (0, 0))
            for sprite in resting:
                if sprite in top:
                    self._blit(still, sprite)
        else:
            w, h = self.geometry.card_w, self.geometry.card_h
            for region in regions:
                still.set_clip(region)
                still.blit(backdrop, region.topleft, region)
                for sprite in resting:
                    x, y = sprite.pos
                    if (sprite in top and x < region.right and y < region.bottom
                            and x + w > region.left and y + h > region.top):
                        self._blit(still, sprite)
            still.set_clip(None)
        self._still_key, self._still_base = key, base
        return still

    def _changed_regions(self, old: list[_Resting],
                         new: list[_Resting]) -> list[pygame.Rect] | None:
        """The places on the still layer that differ between two sets of resting cards
        (merged where they touch), or None when drawing it whole is simpler."""
        changed = set(old).symmetric_difference(new)
        if not changed:  # the same cards in another order: the piles may differ
            return None
        g = self.geometry
        rects: list[pygame.Rect] = []
        for _, _, (x, y), _ in changed:
            rect = pygame.Rect(round(x) - 1, round(y) - 1, g.card_w + 2, g.card_h + 2)
            # Merge with every region it touches (regions never overlap each other).
            while (hit := rect.collidelist(rects)) >= 0:
                rect.union_ip(rects.pop(hit))
            rects.append(rect)
        screen = pygame.Rect((0, 0), g.size)
        rects = [rect.clip(screen) for rect in rects]
        if sum(rect.w * rect.h for rect in rects) * 2 > g.size[0] * g.size[1]:
            return None
        return [rect for rect in rects if rect.w and rect.h]

    def _blit(self, surface: pygame.Surface, sprite: CardSprite, dx: float = 0.0) -> None:
        image = self.images.image(sprite.card, sprite.shown_up, sprite.squash)
        x, y = sprite.pos
        x += dx + (self.geometry.card_w - image.get_width()) / 2
        surface.blit(image, (round(x), round(y)))

    def _draw_highlights(self, surface: pygame.Surface, columns: list[int]) -> None:
        g = self.geometry
        glow = self.images.outline((*HIGHLIGHT, 235), max(2, g.card_w // 36),
                                   fill=(*HIGHLIGHT, 46))
        for column in columns:
            cards = self.table.board.columns[column]
            place = _whole(cards[-1].target) if cards else g.column_slot(column)[:2]
            surface.blit(glow, place)

    def _draw_shadow(self, surface: pygame.Surface, group: list[CardSprite],
                     lifted: float = 1.0) -> None:
        """A soft shadow under a lifted group, ``lifted`` high (1: held in the hand)."""
        first, last = group[0], group[-1]
        card_w = self.geometry.card_w
        height = round(last.pos[1] - first.pos[1]) + self.geometry.card_h
        width = max(1, round(card_w * first.squash))
        shadow, spread = self.images.shadow((card_w, height))  # the flat one, kept
        offset = max(1, round(card_w / 22 * lifted))
        x = round(first.pos[0] + (card_w - width) / 2) - spread + offset
        y = round(first.pos[1]) - spread + offset * 2
        if width >= card_w:
            surface.blit(shadow, (x, y))
            return
        # A card turning over: the flat shadow's two ends, closer together, with its
        # even middle between them (no narrowed copy made for every width).
        full, tall = shadow.get_size()
        total = width + 2 * spread
        end = min(2 * spread + self.images.radius, total // 2)
        surface.blit(shadow, (x, y), (0, 0, end, tall))
        surface.blit(shadow, (x + total - end, y), (full - end, 0, end, tall))
        if total > 2 * end:
            surface.blit(shadow, (x + end, y), (end, 0, total - 2 * end, tall))



#: A resting card as the still layer shows it: sprite id, card, place, face shown.
_Resting = tuple[int, Card, tuple[float, float], bool]


def _uncovered(resting: list[CardSprite]) -> set[CardSprite]:
    """The resting cards not hidden under another at exactly the same place (piles)."""
    return set({sprite.pos: sprite for sprite in resting}.values())


def _scaled(picture: pygame.Surface, into: pygame.Surface) -> None:
    """``picture`` stretched over all of ``into`` (quickly: nearest pixel)."""
    try:
        pygame.transform.scale(picture, into.get_size(), into)
    except ValueError:  # another pixel format
        into.blit(pygame.transform.scale(picture, into.get_size()), (0, 0))


def _whole(point: tuple[float, float]) -> tuple[int, int]:
    return round(point[0]), round(point[1])


class _Buffer:
    """A window-sized picture kept between resizes: the biggest one made so far,
    used through a part of it the size of the window (no new allocation, and no
    page faults filling it, unless the window grows past it)."""

    def __init__(self) -> None:
        self._base: pygame.Surface | None = None

    def get(self, size: tuple[int, int]) -> pygame.Surface:
        base = self._base
        if base is None or base.get_width() < size[0] or base.get_height() < size[1]:
            self._base = base = None  # let the old one go first
            screen = pygame.display.get_surface()
            base = self._base = (pygame.Surface(size, 0, screen) if screen is not None
                                 else pygame.Surface(size))
        return base if base.get_size() == size else base.subsurface((0, 0, *size))

    def release(self) -> None:
        """Let the memory go (pictures taken from it keep it until they go too)."""
        self._base = None
