"""Card pictures at the current card size: rasterised from the SVG art, cached.

Faces are drawn from the art (:mod:`~.cardart`) at exactly the size the table needs
(never a small bitmap scaled up). A missing or unreadable file gets a clean drawn
stand-in (:mod:`~.cardshapes`), so the game never fails for want of a picture.

Rasterising is the slow part (nanosvg): the leading shapes that many cards share
(the paper with its rounded edge on every card, the frame and pattern of the court
cards) are rasterised once per size, kept as layers, and each card's own shapes are
drawn over a copy; the picture is the same to a level or so.

Pictures wanted ahead (the set after a resize, a new back) are rasterised on the
background thread (:mod:`spider.app.table.rasteriser`); between frames the game
thread only puts finished parts together (:meth:`CardImages.work`, a budget of pixels
a frame). Meanwhile the old size's pictures stand in, scaled, and are replaced all at
once.

The table's pictures (``kept=True``) are kept between runs once the whole set is
made (:mod:`spider.app.table.keptcards`): the next start at that size reads them.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from spider.app.assets import CARDS
from spider.app.clock import SystemClock
from spider.app.table.cardart import DEFAULT_BACK, FACES, Plan, card_plan, suit_colour
from spider.app.table.cardshapes import (
    draw_large_index,
    fallback_back,
    fallback_face,
    opaque_parts,
    prepared,
    rounded_outline,
    soft_shadow,
    taller,
)
from spider.app.ui.pictures import PictureCache
from spider.logs import logger
from spider.model.cards import Card

if TYPE_CHECKING:
    from spider.app.clock import Clock
    from spider.app.table.keptcards import KeptCards
    from spider.app.table.rasteriser import Errand, Rasteriser

log = logger(__name__)

#: Memory for narrowed (turning) cards and for shadows, each: pictures made while
#: cards move are kept this far, the least recently used going first. (At 4K one
#: card is 0.6 MB; unbounded, these filled hundreds of MB.)
SCRATCH_BYTES = 4_000_000
#: Shadows kept: the card's, and the last groups' (each made from the card's at once).
SHADOWS = 4
#: Every picture of the set: the 52 faces and the back (``None``).
ALL_PICTURES: tuple[Card | None, ...] = (*FACES, None)
#: Each picture's place in :data:`ALL_PICTURES` (and in a kept set).
PICTURE_INDEX: dict[Card | None, int] = {card: index for index, card in enumerate(ALL_PICTURES)}
#: Pictures whose parts the background thread is asked for at once (the first
#: wanted): enough to keep it busy between frames (a frame puts two to four together),
#: few enough that one shown next goes soon and that asking after them, in every
#: frame's spare time, is quick (after a resize, 12 took 0.1 ms a step).
IN_FLIGHT = 6
#: What putting a picture together costs beyond its pixels, in pixels: a copy, a blit
#: or two and a conversion, each called from Python (measured: 0.06 ms for a 720p card
#: of 18 000 pixels, 0.4 ms for a 4K one of 171 000).
PICTURE_COST = 10_000
#: What a step putting pictures together costs beyond them, in pixels: looking for
#: the parts made and asking the thread for the next, a switch of threads each (some
#: 90 us a step at 960x600 on 2 busy cores, where a card of 10 000 pixels took 30).
STEP_COST = 20_000
#: The clock of :meth:`CardImages.work` when none is given.
_REAL_CLOCK = SystemClock()


class CardImages:
    """Every picture the table draws that depends on the card size."""

    def __init__(self, size: tuple[int, int], four_colour: bool = False,
                 folder: Path = CARDS, previous: CardImages | None = None,
                 back: str = DEFAULT_BACK, large_index: bool = False,
                 kept: bool = False) -> None:
        """``previous``: the pictures at the last size, scaled to stand in (shown
        only until :meth:`work` has made the real ones); at the same size with
        another ``back`` its faces are kept as they are, its back stands in.
        ``large_index``: faces get a larger index (see :func:`draw_large_index`).
        ``kept``: read the pictures kept by an earlier run, and keep the set once
        made (the table's, not a dialog's examples)."""
        self.size = (max(8, size[0]), max(8, size[1]))
        self.four_colour = four_colour
        self.large_index = large_index
        self.folder = folder
        self.back_name = back
        self._faces: dict[Card | None, pygame.Surface] = {}
        self._squashed = PictureCache(SCRATCH_BYTES * 3 // 2)
        self._shadows = PictureCache(SCRATCH_BYTES, most=SHADOWS)
        self._layers: dict[tuple[bytes, ...], pygame.Surface] = {}
        self._wanted: OrderedDict[Card | None, None] = OrderedDict()
        self._stand_ins: dict[Card | None, pygame.Surface] = {}
        self._fresh: dict[Card | None, pygame.Surface] = {}  # to replace stand-ins
        self._rasteriser: Rasteriser | None = None
        #: What each wanted picture needs of the thread (see :meth:`_ready`).
        self._needs: dict[int, tuple[Card | None, tuple[int, bool], list[bytes]]] = {}
        if previous is not None:
            previous.close()  # its pictures still to be made are not wanted now
        while previous is not None and not previous._faces:
            previous = previous._previous
        usable = (previous is not None and previous.usable_for(four_colour, folder)
                  and previous.large_index == large_index)
        self._previous: CardImages | None = previous if usable else None
        if self._previous is not None and self._previous.size == self.size:
            # Only the back changed: the faces are the same pictures.
            self._faces = {card: surface for card, surface in self._previous._faces.items()
                           if card is not None}
            self._layers = self._previous._layers
        if self._previous is not None:
            self.want(self._previous._faces)
        #: Goes up whenever a picture already shown changes (stand-in replaced).
        self.generation = 0
        self._kept: KeptCards | None = None
        #: Whether the kept set is still to be opened (see :meth:`open_kept`).
        self._unopened = kept
        self._writing: Errand | None = None  # the set being kept

    def open_kept(self) -> bool:
        """Open the set kept by an earlier run, if not done yet (its file is looked at:
        a resize's pass leaves that to its spare time); whether it was opened now."""
        if not self._unopened:
            return False
        from spider.app.table.keptcards import KeptCards

        self._unopened = False
        self._kept = KeptCards(self.size, (self.four_colour, self.back_name, self.large_index),
                               self.folder, len(ALL_PICTURES))
        return True

    def usable_for(self, four_colour: bool, folder: Path) -> bool:
        return self.four_colour == four_colour and self.folder == folder

    def matches(self, size: tuple[int, int], four_colour: bool, back: str,
                large_index: bool = False) -> bool:
        """Whether these are the pictures for that size, colours, back and index."""
        return (self.size == size and self.four_colour == four_colour
                and self.back_name == back and self.large_index == large_index)

    @property
    def radius(self) -> int:
        return max(2, round(self.size[0] * 11 / 250))

    def face(self, card: Card) -> pygame.Surface:
        return self._image(card)

    def back(self) -> pygame.Surface:
        return self._image(None)

    def image(self, card: Card, face_up: bool, squash: float = 1.0) -> pygame.Surface:
        """The card as shown, narrowed to ``squash`` of its width while turning over
        (just after a resize, maybe the old picture scaled: see :meth:`work`)."""
        key = card if face_up else None
        full = self._faces.get(key)
        if full is None:
            full = self._stand_in(key)
            if full is None:
                full = self._image(key)
        if squash >= 0.999:
            return full
        width = max(1, round(self.size[0] * squash))
        cached = self._squashed.get((key, width))
        if cached is None:
            narrowed = pygame.transform.smoothscale(full, (width, self.size[1]))
            # Its rounding leaves the opaque middle at alpha 254: opaque again, a shadow
            # under the turning card need only be drawn where it shows.
            for part in opaque_parts(narrowed.get_size(), self.radius):
                narrowed.fill((0, 0, 0, 255), part, special_flags=pygame.BLEND_RGBA_MAX)
            cached = self._squashed.put((key, width), narrowed)
        return cached

    def _image(self, card: Card | None) -> pygame.Surface:
        surface = self._faces.get(card) or self._fresh.get(card)
        if surface is None:
            surface = self._keep(card, self._rasterise(card))
        return surface

    def _keep(self, card: Card | None, picture: pygame.Surface) -> pygame.Surface:
        """Keep a picture just made (one whose stand-in is shown waits for the others)."""
        (self._fresh if card in self._stand_ins else self._faces)[card] = picture
        self._wanted.pop(card, None)
        return picture

    # ------------------------------------------------------ made between frames
    def want(self, cards: Iterable[Card | None]) -> None:
        """Make these pictures soon (in :meth:`work`), in this order."""
        wanted, faces, fresh = self._wanted, self._faces, self._fresh
        if not faces and not fresh:  # (a new size: none made, a card hashed once)
            for card in cards:
                wanted[card] = None
            return
        for card in cards:
            if card not in faces and card not in fresh:
                wanted[card] = None

    @property
    def pending(self) -> bool:
        """Whether pictures are waiting to be made (some maybe shown as stand-ins), the
        last size's are still to be let go, or the set is being kept."""
        if self._writing is not None and not self._writing.busy:
            self._writing = None  # kept: not asked again every frame
        return bool(self._wanted) or self._previous is not None or self._writing is not None

    def work(self, until: float, stop: Callable[[], bool] | None = None,
             clock: Clock | None = None, budget: int = 0) -> bool:
        """Put together the wanted pictures whose parts the background thread has made,
        up to ``budget`` pixels of work (``STEP_COST``, then each picture's pixels and
        ``PICTURE_COST``; one at least), while ``stop()`` is false; if none are ready,
        wait for the thread until ``clock``, the App's (default: the real one), reaches
        ``until`` (a ManualClock waits until the thread has made what was asked, even
        when some are ready: the same pictures each pass on any machine). Return True
        once every stand-in shown has its real picture (time to draw again: once,
        rather than after each picture)."""
        clock = clock or _REAL_CLOCK
        ready = self._ready()
        raster = self._rasteriser  # (none made: nothing asked of the thread)
        if raster is not None and clock.wait_for(raster, until if not ready else clock.now()):
            ready = self._ready()
        if not self._wanted and self._writing is not None:
            clock.wait_for(self._writing, until)  # the set being kept
        cost = self.size[0] * self.size[1] + PICTURE_COST
        ready = ready[:max(1, (budget - STEP_COST) // cost)]
        for card in ready:
            if stop and stop():
                break
            self._keep(card, self._rasterise(card))
        self.ask()  # the thread goes on with the next ones meanwhile (if it has none)
        if not self._wanted:
            if not ready:  # (a step of its own, not the one making the last pictures)
                self._previous = None  # the last size's pictures let go
            if self._rasteriser is not None:
                self._rasteriser.forget()  # parts made for a plan that changed meanwhile
        if not self._fresh or not self._stand_ins.keys() <= self._fresh.keys():
            self._keep_set(clock)
            return False
        # Every stand-in shown has its picture: all change at once, so the table
        # never shows some cards' new pictures beside others' stand-ins.
        self._faces.update(self._fresh)
        self._fresh.clear()
        self._stand_ins.clear()
        self.generation += 1
        self._squashed.clear()  # made from stand-ins too
        self._keep_set(clock)
        return True

    def ask(self) -> None:
        """Have the background thread make the parts of the next wanted pictures, if
        it has none to make (work that can wait goes on meanwhile)."""
        if self._wanted and (self._rasteriser is None or not self._rasteriser.busy):
            self._ready()

    def _ready(self) -> list[Card | None]:
        """Ask the thread for the parts of the next few wanted pictures; those of them
        whose parts are all made. (Called two or three times a step: what each card
        needs is kept while no layer is made, by the card's identity; looking a card
        up by its value costs a microsecond, and it was looked up three times.)"""
        ready: list[Card | None] = []
        asking: list[bytes] = []
        self.open_kept()
        complete = self._kept is not None and self._kept.complete
        version, needs = (len(self._layers), complete), self._needs
        for card in list(islice(self._wanted, IN_FLIGHT)):
            need = needs.get(id(card))
            if need is None or need[0] is not card or need[1] != version:
                if card in self._faces or card in self._fresh:
                    del self._wanted[card]
                    continue
                need = needs[id(card)] = card, version, [] if complete else self._sources(card)
            sources = need[2]  # (none from a kept set: no thread made)
            if not sources or all(map(self._raster.has, sources)):
                ready.append(card)
            else:
                asking += sources
        if asking:
            self._raster.ask(*asking)
        return ready

    def finish_keeping(self, seconds: float) -> None:
        """Wait up to ``seconds`` for the set being kept to be written (the game is
        closing: the picture thread does not hold the process open)."""
        if self._writing is not None:
            self._writing.wait(seconds)

    def close(self) -> None:
        """These pictures are no longer wanted: the thread makes no more of them."""
        if self._rasteriser is not None:
            self._rasteriser.cancel()

    @property
    def _raster(self) -> Rasteriser:
        """The background thread's share of these pictures, made when first asked (a
        start drawing its first frame from the kept set needs neither it nor threads)."""
        if self._rasteriser is None:
            from spider.app.table.rasteriser import Rasteriser

            self._rasteriser = Rasteriser(self.size, _window_layout())
        return self._rasteriser

    def want_first(self, cards: Iterable[Card | None]) -> None:
        """Make these pictures before the others wanted (the cards in view). (Each card
        hashed once, none looked up at a new size, where none is made: each of a long
        game's cards in view was hashed four times, a microsecond each.)"""
        faces, fresh = self._faces, self._fresh
        wanted = OrderedDict.fromkeys(
            [card for card in cards if card not in faces and card not in fresh]
            if faces or fresh else cards)
        wanted.update(self._wanted)
        self._wanted = wanted

    def made(self, cards: Iterable[Card | None]) -> bool:
        """Whether the real pictures of ``cards`` are all made."""
        return all(card in self._faces for card in cards)

    def prepare_all(self) -> None:
        """Make every picture of the set now (the 52 faces and the back)."""
        for card in ALL_PICTURES:
            self._image(card)

    def _stand_in(self, card: Card | None) -> pygame.Surface | None:
        """The last size's picture scaled to this size, while the real one waits."""
        if self._previous is None:
            return None
        surface = self._stand_ins.get(card)
        if surface is None:
            old = self._previous._faces.get(card)
            if old is None:
                return None
            # Nearest-pixel scaling: shown for a moment only, and 8 times faster than
            # smooth (the frame that shows a resize scales every card in view).
            surface = self._stand_ins[card] = prepared(pygame.transform.scale(old, self.size))
            self._wanted[card] = None
            self._wanted.move_to_end(card, last=False)  # shown: made first
        return surface

    def _keep_set(self, clock: Clock) -> None:
        """Keep the whole set for the next run (once, when every picture is made; on
        a ManualClock, which that thread takes no time of, written before ``pending``
        is next asked)."""
        self.open_kept()
        kept = self._kept
        # (Its keys are pictures of the set: the whole set when as many. Looking each
        # up, every step, cost as much as putting a picture together.)
        if kept is None or kept.complete or len(self._faces) < len(ALL_PICTURES):
            return
        faces = dict(self._faces)  # (a copy: no card hashed again on this thread)
        # On the picture thread (at 4K, 18 MB: tens of ms), which also puts the
        # pictures in order; the pictures are never drawn into once made.
        from spider.app.table.rasteriser import run_later

        self._writing = run_later(lambda: _write_kept(kept, faces))
        self._kept = None  # written or not: not tried again
        clock.wait_for(self._writing, clock.now())  # (the real clock: only looks)

    # -------------------------------------------------------------- rasterising
    def _rasterise(self, card: Card | None) -> pygame.Surface:
        """The picture of ``card``: kept by an earlier run, or from the parts the thread
        has made and the rest rasterised here and now."""
        self.open_kept()
        if self._kept is not None:
            picture = self._kept.read(PICTURE_INDEX[card])
            if picture is not None:
                return prepared(picture)
        surface = None
        plan = self._plan(card)
        if plan:
            try:
                surface = self._stack(plan)
            except (pygame.error, ValueError) as error:
                log.warning("card art for %s unreadable: %s", card or "back", error)
        if surface is None or surface.get_size() != self.size:
            if card is None:
                surface = fallback_back(self.size, self.radius)
            else:
                surface = fallback_face(card, self.size, self.radius,
                                        suit_colour(card.suit, self.four_colour))
        if self.large_index and card is not None:
            surface = surface.copy()  # not a shared layer
            draw_large_index(surface, card, suit_colour(card.suit, self.four_colour))
        return prepared(surface)

    def _svg(self, source: bytes) -> pygame.Surface:
        """``source`` rasterised: by the thread if it has made it, else here and now."""
        made = self._raster.take(source)
        if made is None:
            from spider.app.table.rasteriser import rasterise

            return rasterise(source, self.size)
        if not isinstance(made, pygame.Surface):
            raise made
        return made

    def _sources(self, card: Card | None) -> list[bytes]:
        """The SVG sources still to be rasterised for ``card``'s picture."""
        plan = self._plan(card)
        return [source for _, source in plan[self._steps_made(plan):]]

    def _plan(self, card: Card | None) -> Plan:
        """How ``card`` is drawn (see :func:`~.cardart.card_plan`); before any face is
        made at this size, maybe whole."""
        return card_plan(card, self.four_colour, self.folder, self.back_name,
                         first=not self._faces)

    def _steps_made(self, plan: Plan) -> int:
        """How many steps of ``plan`` are made: those up to its highest layer kept."""
        for index in range(len(plan) - 1, -1, -1):
            key = plan[index][0]
            if key is not None and key in self._layers:
                return index + 1
        return 0

    def _stack(self, plan: Plan) -> pygame.Surface:
        """The picture ``plan`` draws, keeping its layers."""
        made = self._steps_made(plan)
        surface = None
        if made:
            key = plan[made - 1][0]
            assert key is not None
            surface = self._layers[key]
        for key, source in plan[made:]:
            piece = self._svg(source)
            if surface is None:
                surface = piece
            else:
                surface = surface.copy()
                surface.blit(piece, (0, 0))
            if key is not None:
                self._layers[key] = surface
        assert surface is not None
        return surface

    # ---------------------------------------------------------------- extras
    def shadow(self, size: tuple[int, int]) -> tuple[pygame.Surface, int]:
        """A soft shadow for a box of ``size``, and how far it spreads beyond it. A
        group's shadow is the card's, its middle stretched (a few are kept, however
        many group heights a long session shows)."""
        spread = max(2, round(self.size[0] * 0.08))
        cached = self._shadows.get(size)
        if cached is None:
            width, height = self.size
            if size[0] < width:  # a card turning over: its flat shadow, narrowed
                flat, _ = self.shadow((width, size[1]))
                cached = pygame.transform.smoothscale(flat, (size[0] + 2 * spread,
                                                             size[1] + 2 * spread))
            elif size[0] == width and size[1] > height:
                cached = prepared(taller(self.shadow(self.size)[0], size[1] + 2 * spread))
            else:
                cached = soft_shadow(size, spread, self.radius)
            cached = self._shadows.put(size, cached)
        return cached, spread

    def outline(self, colour: tuple[int, int, int, int], width: int = 0,
                fill: tuple[int, int, int, int] | None = None) -> pygame.Surface:
        """A card-sized rounded outline (empty places, highlights)."""
        return rounded_outline(self.size, self.radius, colour, width, fill)


def _write_kept(kept: KeptCards, faces: dict[Card | None, pygame.Surface]) -> None:
    """Keep the whole set ``faces`` (on the thread keeping it)."""
    kept.write({PICTURE_INDEX[card]: picture for card, picture in faces.items()})


def _window_layout() -> pygame.Surface | None:
    """A picture in the window's pixel layout with alpha (None without a window)."""
    if pygame.display.get_surface() is None:
        return None
    return pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha()


#: A card turning over narrows in this many steps of its width: every card shows the
#: same few narrowed backs (made once), and each face a few pictures, not one a frame.
TURN_STEPS = 32


def turned(squash: float) -> float:
    """``squash`` (a turning card's width, as a share) to the nearest of the steps."""
    return 1.0 if squash >= 1.0 else max(1, round(squash * TURN_STEPS)) / TURN_STEPS
