"""The table's picture: a static layer, a kept layer of resting cards, and what moves.

The renderer composes the table's drawing jobs, each in a module of its own. The
static layer (:mod:`.staticlayer`: felt, the bar's backdrop, the outlines of empty
places) is kept between frames, drawn again when the window's size, the layout or
the cloth changes. The still layer (:mod:`.stilllayer`) adds every resting card (and
cards waiting for their turn to fly) and is kept between frames, drawn again only
where cards leave or land. Flying and dragged cards over their shadows
(:mod:`.shadows`), the drop highlights and focus ring (:mod:`.marks`), the hint mark,
the bar (:mod:`.barpicture`: a kept picture, drawn again where what it shows
changes) and the banner or message (:mod:`.messages`) are drawn over it. Frames by
changes draw only the areas moving cards leave and enter, from the still layer. Card
pictures are made between frames (:mod:`.picturesteps`). Just after a resize the
last still layer stands in, stretched, while the static layer and the new still
layer are prepared between frames in steps of bounded work (:mod:`.standin`);
window-sized pictures are kept between resizes (:mod:`.buffers`). The win cascade
draws into the still layer's buffer and only its new steps each frame. The first
frame is drawn straight into the window, and when the game closes the still layer is
kept for the next start (:mod:`.startpictures`; the bar's picture: :mod:`.barpicture`).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from spider.app.scenes import Cover, Scene
from spider.app.table.areas import copy_area, joined
from spider.app.table.barpicture import BarPicture
from spider.app.table.cardimages import CardImages, turned
from spider.app.table.felt import keep_cloth
from spider.app.table.geometry import whole
from spider.app.table.hud import TopBar
from spider.app.table.marks import draw_focus, drop_highlights
from spider.app.table.messages import NO_MESSAGE, Messages
from spider.app.table.picturesteps import PictureSteps
from spider.app.table.shadows import FLYING, Blit, Shadows
from spider.app.table.sprites import CardSprite
from spider.app.table.standin import StandIn
from spider.app.table.startpictures import StartPictures
from spider.app.table.staticlayer import StaticLayer
from spider.app.table.stilllayer import StillLayer

if TYPE_CHECKING:
    from spider.app.table.celebration import Celebration
    from spider.app.table.geometry import TableGeometry
    from spider.app.table.scene import TableScene

#: Seconds the game closing waits for the card set being kept (at 4K, tens of ms).
KEEPING_WAIT = 2.0


class TableRenderer:
    """Draws the table scene (see the module docstring); owns the card pictures."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self._images: CardImages | None = None
        #: What lies under the cards, kept between frames (it gives the bar its strip).
        self.static = StaticLayer(self, lambda strip: self.bar_picture.over(strip))
        #: The bar's picture (and its layout).
        self.bar_picture = BarPicture(table, self.static.now)
        #: The resting cards over the static layer, kept between frames.
        self.still = StillLayer(self, self.static.now)
        #: The first frame drawn straight into the window, the table kept for the next.
        self.start_pictures = StartPictures(self, self.still, lambda: self.static.key)
        #: The next pass draws the whole window, the old picture stretched over it
        #: just after a resize or the new table once ready: work enough for a pass,
        #: its spare time is not taken.
        self._whole_pass = False
        #: The card pictures made between frames, in steps.
        self.pictures = PictureSteps(self)
        #: After a resize, the last still layer shown stretched while the table is
        #: prepared anew.
        self.stand_in = StandIn(self, self.still, self.pictures, self.bar_picture,
                                self.static.step, lambda: self._bar_rects()[1])
        #: Frames the table has drawn (see :class:`.Bands`).
        self._frames = 0
        #: Where the last frame drew moving cards (None: unknown, draw whole next).
        self._moved: list[pygame.Rect] | None = None
        #: The shadows of lifted and flying cards.
        self._shadows = Shadows(self)
        #: What the window shows over the cards (see :meth:`_overlay_key`).
        self._overlays: tuple[object, ...] = ()
        #: The demo's banner and the message, and where the window shows the message.
        self.messages = Messages(table)
        #: The geometry, the bar's place and the window below it (made once a size:
        #: the table at rest is drawn with them every frame).
        self._bar_places: tuple[TableGeometry | None, pygame.Rect, pygame.Rect] = (
            None, pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        #: The window was drawn without the kept layers: they are made in spare time.
        self._layers_due = False

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
        static layer is drawn in spare time, see :meth:`.StandIn.step`)."""
        if not later:
            self.stand_in.drop()
        g = self.geometry
        settings = self.table.app.settings
        card_size, four, back = (g.card_w, g.card_h), settings.four_colour, settings.card_back
        large = settings.large_index
        images = self._images
        if images is None or not images.matches(card_size, four, back, large):
            # A new size, back or index: the old pictures stand in while the new ones
            # are made between frames (see spare), so the change does not stall a frame.
            self._images = CardImages(card_size, four, previous=images, back=back,
                                      large_index=large, kept=True)
        self._whole_pass = later
        self.bar_picture.restyle(later)
        # The still layer's picture goes with a static layer of another size (let go
        # before a bigger one is made).
        self.still.restyle(let_go=self.static.restyle())

    def keep_stand_in_for_cloth(self) -> None:
        """Before the table's colour changes: the table as it was shown stands in while
        the new cloth is drawn in spare time, as after a resize."""
        cloth = self.static.cloth
        if cloth is not None and cloth != self.table.app.settings.table:
            self.stand_in.keep()

    @property
    def bar(self) -> TopBar:
        """The bar's layout for the window (after a resize: made when first needed)."""
        return self.bar_picture.bar

    def want_pictures(self, later: bool = False) -> None:
        """Have the pictures of the cards in play made soon (see
        :meth:`.PictureSteps.want`)."""
        self.pictures.want(later)

    @property
    def pending(self) -> bool:
        """Whether pictures are still to be made (the loop keeps offering time)."""
        images = self._images
        return images is not None and images.pending

    def spare(self, until: float, calm: bool) -> bool:
        """Work that can wait, in the time left in the frame (see :meth:`_spare_steps`);
        then the flights the frame's still layer can see are noted (see
        :meth:`.StillLayer.note_flights`)."""
        self.bar_picture.release()
        changed = self._spare_steps(until, calm)
        changed = self._still_ahead() or changed
        self.still.note_flights()
        return changed

    def _still_ahead(self) -> bool:
        """The still layer brought up to date after the frame (see
        :meth:`.StillLayer.ahead`), unless a stretched picture or the cascade shows."""
        if self.stand_in.picture is not None or self.table.controller.celebration is not None:
            return False
        return self.still.ahead()

    def _spare_steps(self, until: float, calm: bool) -> bool:
        """Work that can wait, in the time left in the frame: a cloth drawn afresh is
        kept for the next run (when nothing moves, ``calm``, or after the first frame);
        after the first frame, the static and still layers it was drawn without; just
        after a resize what the resized table needs to be drawn (see
        :meth:`.StandIn.step`), then card pictures still wanted, made by the
        background thread (when calm and stand-ins are replaced the resting cards are
        drawn again here, not in the next frame). True when the table is to be drawn
        again."""
        if self._whole_pass:  # (see __init__)
            self._whole_pass = False
            return False
        if calm or self._layers_due:
            keep_cloth()  # (then the layers read it)
        if self._layers_due:
            self._layers_due = False
            if self.stand_in.picture is None and self.table.controller.celebration is None:
                self.still.up_to_date(self.table.board.layers()[0])
        if self.stand_in.picture is not None:
            if not self.stand_in.step(until, self._frames):
                return False
            self._whole_pass = True
            return True
        if self.pictures.due:
            self.pictures.want()
        self.pictures.ready_turning()
        if self.images.pending and self.pictures.put_together(until):
            if calm:
                self.still.up_to_date(self.table.board.layers()[0])
            return True
        return False

    # ----------------------------------------------------------- celebration
    def covered(self) -> None:
        """A scene now covers the table: the window's picture is no longer its own
        (frames may be drawn without it)."""
        self.still.covered()

    def start_celebration(self) -> Celebration:
        """The win cascade, drawing into the still layer's buffer; the static layer is
        let go until the table is drawn again (a 4K picture is 33 MB: the win dialog
        over the cascade needs the room). Its leaps are drawn from the deal and the
        moves it took: the same win shows the same cascade on any run (tests)."""
        import random

        from spider.app.table.celebration import Celebration  # (after the first frame)

        piles = [[(self.images.face(sprite.card), whole(sprite.target)) for sprite in run]
                 for run in self.table.board.runs]
        canvas = self.still.lend()
        session = self.table.app.session
        celebration = Celebration(self.static.now(), piles, canvas=canvas,
                                  top=self.geometry.bar.bottom,
                                  rng=random.Random(f"{session.code} {session.game.moves}"))
        self.static.let_go()
        return celebration

    def end_celebration(self, celebration: Celebration) -> None:
        """The cascade is over: its canvas is the still layer's buffer again."""
        self.still.take_back(celebration.buffer)

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        self._frames += 1
        in_window, self.still.in_window = self.still.in_window, None
        if surface is pygame.display.get_surface():
            self.bar_picture.held = None  # (a whole frame shows the bar as it is)
            self.still.shown_whole()
        celebration = table.controller.celebration
        if celebration is None and self._draw_at_rest(surface, in_window is surface):
            return
        shown = self._moved, self._overlays
        self._moved = None
        self._overlays = self._overlay_key()
        composed = False
        if celebration is not None:
            celebration.draw(surface)
        else:
            composed = self._draw_cards(surface)
            table.hinting.draw(surface)
        if self.stand_in.picture is not None and self.bar_picture.old is not None:
            self.bar_picture.draw_old(surface)
        elif composed:  # over its backdrop in the window: the bar's pictures come later
            bar = self.geometry.bar
            self.bar_picture.draw_into(surface.subsurface(bar.x, bar.y, bar.w, bar.h))
        else:
            bar = self.geometry.bar
            surface.blit(self.bar_picture.picture(), (bar.x, bar.y))
        self.messages.draw(surface)
        if surface is not pygame.display.get_surface():
            # Drawn aside (a test, a picture): what the window shows is as it was (and
            # the bar's picture drawn again where it was, if it was, still unshown).
            self._moved, self._overlays = shown
        else:
            self.bar_picture.unshown = []
            self.messages.shown = self.messages.state()

    def _draw_at_rest(self, surface: pygame.Surface, in_window: bool = False) -> bool:
        """The table at rest drawn whole, when it is: the still layer and the bar, with
        nothing over them (no card moving or in the hand, no mark, ring or message);
        False when it is not (nothing drawn). ``in_window``: the window holds the
        still layer below the bar already (copied after a resize: see :class:`.Bands`)."""
        overlays = self._overlay_key()
        if (overlays != _AT_REST or self.stand_in.picture is not None or self.still.picture is None
                or surface is not pygame.display.get_surface()):
            return False
        resting, flying, dragged = self.table.board.layers()
        if flying or dragged or drop_highlights(self.table, self.images):
            return False
        self._overlays, self._moved, self.messages.shown = overlays, [], NO_MESSAGE
        still = self.still.up_to_date(resting)
        if not in_window or self.still.drawn != []:  # (drawn again in places since)
            self._blit_below_bar(surface, still)
        surface.blit(self.bar_picture.picture(), self._bar_rects()[0])
        self.bar_picture.unshown = []
        return True

    def keep_for_next_start(self) -> None:
        """When the game closes: keep the still layer and the bar as a start from the
        game as it is now shows them (see :meth:`_keep_table`, :meth:`.BarPicture.keep`),
        and the card set being kept written."""
        if self._images is not None:
            self._images.finish_keeping(KEEPING_WAIT)
        self._keep_table()
        self.bar_picture.keep()

    def _keep_table(self) -> None:
        """Keep the still layer for the next start (:meth:`.StartPictures.keep`),
        if it is drawn, up to date and of finished pictures (not during a resize or
        the win cascade)."""
        if (self.still.picture is None or self.stand_in.picture is not None or self.images.pending
                or self.table.controller.celebration is not None):
            return
        board = self.table.board
        board.catch_up()  # (closed before the spare time of an action's frame)
        self.start_pictures.keep(board.layers()[0])

    def draw_changes(self, surface: pygame.Surface,
                     above: Sequence[Scene]) -> list[pygame.Rect] | None:
        """Bring the window up to date by what changed alone; the areas drawn, or None
        when only a whole redraw will do. The cascade: its new steps (also under a
        dialog that covers it simply). Otherwise, with nothing above the table: the
        places moving cards left and entered, the places where cards landed, and the
        bar when what it shows changed (the clock's second), and the message where it
        came, faded or went."""
        table = self.table
        self._frames += 1
        self.still.in_window = None
        celebration = table.controller.celebration
        if celebration is not None:
            if self.messages.changes():
                return None  # (the cascade covers what it draws again simply)
            covers = [scene.cover() for scene in above]
            toast = table.toast.placed(self.geometry)
            if toast is not None:  # the message covers the cascade simply, under a dialog
                picture, place = toast
                covers.insert(0, Cover(255, pygame.Rect(place.center, (0, 0)), picture,
                                       place.topleft))
            if table.banner is not None or None in covers:
                return None
            drawn = celebration.draw_changes(surface, [cover for cover in covers if cover])
            return [surface.get_rect()] if drawn else None
        overlays, shown = self._overlay_key(), self._overlays
        banner = overlays[4]
        if (above or self.stand_in.picture is not None or self._moved is None
                or overlays[:3] != _NO_OVERLAYS or shown[:3] != _NO_OVERLAYS
                or banner != shown[4] or (banner is not None and overlays[3] != shown[3])):
            # The hint's mark, the shaking stock, the focus ring, a banner and a message
            # coming or going over it (it shows where the message does not): drawn whole.
            return None
        resting, flying, dragged = table.board.layers()
        landed = self.still.changes(resting)
        if landed is None:
            return None
        moved = self._moving_areas(flying, dragged, drop_highlights(self.table, self.images))
        areas = joined([*self._moved, *(area for area, _ in moved), *landed,
                         *self.messages.changes()])
        screen = surface.get_rect()
        areas = [area.clip(screen) for area in areas]
        areas = [area for area in areas if area.w and area.h]
        if sum(area.w * area.h for area in areas) * 2 > screen.w * screen.h:
            return None  # most of the window: drawing it whole is as quick
        bar_rect = self._bar_rects()[0]
        picture = self.bar_picture.hold(bar_rect.collidelist(areas) < 0)
        # The bar (opaque, over the cards) is drawn whole when cards reach it, else
        # where its picture changed (the clock's second: the time alone).
        unshown = self.bar_picture.unshown
        bar_places = ([bar_rect.copy()] if unshown is None or bar_rect.collidelist(areas) >= 0
                      else [place.move(bar_rect.topleft) for place in unshown])
        self.bar_picture.unshown = []
        areas = [area.clip(0, bar_rect.bottom, screen.w, screen.h) for area in areas]
        areas = [area for area in areas if area.w and area.h]
        still = self.still.picture
        assert still is not None
        # Each area drawn whole, messages last (the areas may overlap).
        messages = table.toast.visible or table.banner is not None
        for area in areas:
            surface.set_clip(area)
            copy_area(surface, still, area.topleft, area)
            surface.blits([blit for place, blits in moved if place.colliderect(area)
                           for blit in blits], doreturn=False)
            if messages:  # (over the cards, where they lie in the area)
                self.messages.draw(surface)
        surface.set_clip(None)
        self._moved, self._overlays = [area for area, _ in moved], overlays
        for place in bar_places:
            copy_area(surface, picture, place.topleft, place.move(-bar_rect.x, -bar_rect.y))
            areas.append(place)
            if messages:
                surface.set_clip(place)
                self.messages.draw(surface)
                surface.set_clip(None)
        return areas

    def _overlay_key(self) -> tuple[object, ...]:
        """What the table shows over its cards that frames by changes do not place:
        the hint's mark, the stock shaking, the focus ring, the message and the banner
        (while any of the first three shows, or any of them changes, the table is drawn
        whole)."""
        table = self.table
        return (table.hinting.mark, bool(table.board.stock_shake()),
                table.input.keys.visible, table.toast.message, table.banner)

    def _moving_areas(self, flying: list[CardSprite], dragged: list[CardSprite],
                      highlights: list[tuple[tuple[int, int], pygame.Surface]]
                      ) -> list[tuple[pygame.Rect, list[Blit]]]:
        """Where this frame draws moving things, each with what is blitted there, in the
        order drawn: each drop highlight (``highlights``, see :func:`.drop_highlights`),
        every flying card over its shadow, the dragged group over its shadow."""
        g = self.geometry
        areas: list[tuple[pygame.Rect, list[Blit]]] = []
        for top_left, glow in highlights:
            lit = glow.get_rect(topleft=top_left)
            areas.append((lit, [(glow, lit)]))
        if flying:
            left, top, right, bottom = self._shadows.reach(FLYING)
            width, height = g.card_w + left + right, g.card_h + top + bottom
            now, image = self.table.board.time, self.images.image
            card_w, card_h = g.card_w, g.card_h
            shadows = self._shadows.card_shadows()
            for sprite in flying:  # (what StillLayer.placed finds, with the shadow: every frame)
                pos = px, py = sprite.pos
                x, y = round(px), round(py)
                share = turned(sprite.squash)
                picture = image(sprite.card, sprite.shown_up, share)
                drawn = picture.get_width()
                place = (x if drawn == card_w else round(px + (card_w - drawn) / 2), y,
                         drawn, card_h)
                if pos != sprite.target and sprite.first_start <= now:
                    # Turning over, the shadow is narrower too, its middle kept.
                    narrow = max(1, round(card_w * share))
                    parts = shadows.get(narrow) or self._shadows.card_shadow(narrow)
                    corner = place[0] if narrow == drawn else round(px + (card_w - narrow) / 2)
                    blits: list[Blit] = [(shadow, (corner + dx, y + dy, w, h), area)
                                          for shadow, dx, dy, w, h, area in parts]
                    blits.append((picture, place))
                else:
                    blits = [(picture, place)]
                areas.append((pygame.Rect(x - left, y - top, width, height), blits))
        if dragged:
            left, top, right, bottom = self._shadows.reach(1.0)
            top_x, top_y = dragged[0].pos
            height = round(dragged[-1].pos[1] - top_y) + g.card_h
            areas.append((pygame.Rect(round(top_x) - left, round(top_y) - top,
                                      g.card_w + left + right, height + top + bottom),
                          [*self._shadows.group_blits(dragged),
                           *map(self.still.card_blit, dragged)]))
        return areas

    def _draw_cards(self, surface: pygame.Surface) -> bool:
        """The cards and what is under them; whether the window was composed afresh
        (the first frame, see :meth:`.StartPictures.compose`)."""
        resting, flying, dragged = self.table.board.layers()
        composed = False
        shake = self.table.board.stock_shake()
        highlights = drop_highlights(self.table, self.images)
        moved = self._moving_areas(flying, dragged, highlights)
        if self.stand_in.picture is not None and (flying or dragged or shake):
            # Play goes on: the real picture, now (and no halving left half done).
            self.stand_in.drop()
            self.bar_picture.old = None
        if self.stand_in.picture is not None:
            self.stand_in.draw(surface)
        elif shake:
            shaking = {id(sprite) for sprite in self.table.board.stock}
            surface.blit(self.static.now(), (0, 0))
            card_blit = self.still.card_blit
            for sprite in resting:
                surface.blit(*card_blit(sprite, shake if id(sprite) in shaking else 0.0))
        else:
            composed = (self.still.picture is None and self.static.picture is None
                        and surface is pygame.display.get_surface())
            if composed:  # (the first frame: the layers are made in spare time after it)
                self._layers_due = True
                self.start_pictures.compose(surface, resting)
            else:
                self._blit_below_bar(surface, self.still.up_to_date(resting))
            self._moved = [area for area, _ in moved]
        if not (flying or dragged or highlights or self.table.input.keys.visible):
            return composed  # (the table at rest)
        lit = len(highlights)  # (drawn first, under the focus ring)
        surface.blits([blit for _, blits in moved[:lit] for blit in blits], doreturn=False)
        if self.table.input.keys.visible:
            draw_focus(surface, self.table)
        surface.blits([blit for _, blits in moved[lit:] for blit in blits], doreturn=False)
        return composed

    def _blit_below_bar(self, surface: pygame.Surface, still: pygame.Surface) -> None:
        """The still layer where the window shows it: below the bar, which is opaque
        and drawn over it (its part of the layer would only be written twice)."""
        below = self._bar_rects()[1]
        surface.blit(still, below, below)  # (a Rect: a pair is first tried as a Rect)

    def _bar_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The bar's place and the window below it, for this size."""
        geometry = self.table.geometry
        if self._bar_places[0] is not geometry:
            bar, (width, height) = geometry.bar, geometry.size
            self._bar_places = (geometry, pygame.Rect(bar.x, bar.y, bar.w, bar.h),
                                pygame.Rect(0, bar.bottom, width, height - bar.bottom))
        return self._bar_places[1:]


#: No mark, no shake, no focus ring (see :meth:`TableRenderer._overlay_key`).
_NO_OVERLAYS = (None, False, False)
#: Nothing over the cards at all: no mark, shake, ring, message or banner.
_AT_REST = (*_NO_OVERLAYS, None, None)
