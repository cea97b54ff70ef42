"""Card pictures at the current card size: rasterised from the SVG art, cached.

Faces are drawn from ``assets/cards/{rank}{suit}.svg`` at exactly the size the
table needs (never a small bitmap scaled up). Four-colour mode recolours the
art by substituting its two suit colours. A missing or unreadable file gets a
clean drawn stand-in, so the game never fails for want of a picture.

Rasterising is the slow part (nanosvg): the leading shapes that many cards share
(the paper with its rounded edge on every card, the frame and pattern of the court
cards) are rasterised once per size and each card's own shapes are drawn over a
copy; the picture is the same to a level or so.

Pictures wanted ahead (the set after a resize, a new back) are rasterised on the
background thread (:mod:`spider.app.table.rasteriser`); between frames the game
thread only puts finished parts together (:meth:`CardImages.work`, a budget of pixels
a frame). Meanwhile the old size's pictures stand in, scaled, and are replaced all at
once.

The table's pictures (``kept=True``) are kept between runs once the whole set is
made (:mod:`spider.app.table.keptcards`): the next start at that size reads them.
"""

from __future__ import annotations

import io
import re
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from spider.app.assets import CARDS
from spider.app.clock import SystemClock
from spider.app.ui import text
from spider.app.ui.pictures import PictureCache
from spider.logs import logger
from spider.model.cards import RANK_LETTERS, Card, Suit

if TYPE_CHECKING:
    from spider.app.clock import Clock
    from spider.app.table.keptcards import KeptCards
    from spider.app.table.rasteriser import Errand, Rasteriser

log = logger(__name__)

RED, BLACK = "#c8102e", "#111111"
#: Four-colour mode: diamonds blue, clubs green (the art's red/black swapped out).
FOUR_COLOUR = {Suit.DIAMONDS: (RED, "#1f5fbf"), Suit.CLUBS: (BLACK, "#1e7b34")}
PAPER = (255, 253, 247)
EDGE = (140, 140, 140)
BACK_BLUE = (28, 52, 120)
#: The backs offered in Settings (``assets/cards/back.svg`` is the first, the others
#: ``back-<name>.svg``), as in ``spider.data.settings.CARD_BACKS``.
BACKS = ("web", "garnet", "waves", "deco")
DEFAULT_BACK = BACKS[0]
#: Memory for narrowed (turning) cards and for shadows, each: pictures made while
#: cards move are kept this far, the least recently used going first. (At 4K one
#: card is 0.6 MB; unbounded, these filled hundreds of MB.)
SCRATCH_BYTES = 4_000_000
#: Shadows kept: the card's, and the last groups' (each made from the card's at once).
SHADOWS = 4
#: Leading shapes shared by at least this many pictures are rasterised once.
MIN_SHARED = 8
#: Every picture of the set: the 52 faces and the back (``None``).
ALL_PICTURES: tuple[Card | None, ...] = (*(Card(rank, suit) for suit in Suit
                                           for rank in range(1, 14)), None)
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
#: How a picture is drawn (see :meth:`CardImages._plan`).
Plan = list[tuple[tuple[bytes, ...] | None, bytes]]
#: The clock of :meth:`CardImages.work` when none is given.
_REAL_CLOCK = SystemClock()


@cache
def _svg_bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def back_file(back: str) -> str:
    """The file name (without ``.svg``) of the back named ``back`` in the settings."""
    return "back" if back == DEFAULT_BACK else f"back-{back}"


def card_svg(card: Card | None, four_colour: bool = False, folder: Path = CARDS,
             back: str = DEFAULT_BACK) -> bytes | None:
    """The SVG source of a face, or of the back named ``back`` (``card`` None),
    recoloured for four-colour mode."""
    name = back_file(back) if card is None else f"{RANK_LETTERS[card.rank - 1]}{card.suit.value}"
    data = _svg_bytes(folder / f"{name}.svg")
    if data is not None and four_colour and card is not None and card.suit in FOUR_COLOUR:
        old, new = FOUR_COLOUR[card.suit]
        data = data.replace(old.encode(), new.encode())
    return data


#: How many faces share each run of leading elements, per (four colour, folder). (A
#: back adds at most one to a count, never enough to share a layer: whichever back is
#: chosen, these stay the same.)
_SHARED: dict[tuple[bool, Path], Counter[tuple[bytes, ...]]] = {}
#: How each picture is drawn (see :meth:`CardImages._plan`), by the card, colours, art
#: folder and back: the same at every size (a resize works out none again).
_PLANS: dict[tuple[Card | None, bool, Path, str], Plan] = {}
#: The first faces' plans, whole, by the same keys (see :meth:`CardImages._plan`):
#: found once, not at every frame that asks whether their parts are made.
_WHOLE_PLANS: dict[tuple[Card | None, bool, Path, str], Plan] = {}

#: An SVG tag (compiled when first used, by ``re``: not at start-up).
_TAG = rb"<(/?)([A-Za-z][\w:.-]*)(?:[^>\"']|\"[^\"]*\"|'[^']*')*?(/?)>"


@cache
def svg_parts(data: bytes) -> tuple[bytes, tuple[bytes, ...], bytes] | None:
    """An SVG split into its opening tag, its top-level elements and its end, or
    ``None`` when it is not that simple (then it is rasterised whole)."""
    opening = re.search(rb"<svg\b[^>]*>", data)
    end = data.rfind(b"</svg>")
    if opening is None or end < opening.end() or b"<defs" in data or b"url(" in data:
        return None
    body = data[opening.end():end]
    elements: list[bytes] = []
    depth, start = 0, 0
    for tag in re.finditer(_TAG, body):
        closing, _, empty = tag.groups()
        if depth == 0 and not closing:
            start = tag.start()
        depth += -1 if closing else (0 if empty else 1)
        if depth < 0:
            return None
        if depth == 0:
            elements.append(body[start:tag.end()])
    if depth != 0 or not elements:
        return None
    return data[:opening.end()], tuple(elements), data[end:]


def missing_art(folder: Path = CARDS) -> list[str]:
    """The card pictures that are absent or unreadable (drawn stand-ins replace them)."""
    problems = []
    for name in ([f"{rank}{suit.value}" for suit in Suit for rank in RANK_LETTERS]
                 + [back_file(back) for back in BACKS]):
        data = _svg_bytes(folder / f"{name}.svg")
        try:
            if data is None or pygame.image.load_sized_svg(io.BytesIO(data), (50, 70)) is None:
                problems.append(name)
        except (pygame.error, ValueError):
            problems.append(name)
    return problems


def suit_colour(suit: Suit, four_colour: bool = False) -> tuple[int, int, int]:
    colour = pygame.Color(FOUR_COLOUR[suit][1] if four_colour and suit in FOUR_COLOUR
                          else RED if suit.is_red else BLACK)
    return colour.r, colour.g, colour.b


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
            surface = self._stand_ins[card] = _prepared(pygame.transform.scale(old, self.size))
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
                return _prepared(picture)
        surface = None
        plan = self._plan(card)
        if plan:
            try:
                surface = self._stack(plan)
            except (pygame.error, ValueError) as error:
                log.warning("card art for %s unreadable: %s", card or "back", error)
        if surface is None or surface.get_size() != self.size:
            surface = self._fallback_back() if card is None else self._fallback_face(card)
        if self.large_index and card is not None:
            surface = surface.copy()  # not a shared layer
            draw_large_index(surface, card, suit_colour(card.suit, self.four_colour))
        return _prepared(surface)

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
        """How ``card`` is drawn: SVG sources stacked from the bottom, each with the key
        of the layer made by stacking up to it (None: the card itself, not kept).
        Leading shapes that many cards share are layers made once per size."""
        key = (card, self.four_colour, self.folder, self.back_name)
        plan = _PLANS.get(key)
        if plan is not None:
            return plan
        if card is not None and not self._faces and (self.four_colour, self.folder) not in _SHARED:
            # The first faces at start-up: whole, rather than first reading and
            # splitting every card's art to find what they share.
            plan = _WHOLE_PLANS.get(key)
            if plan is None:
                data = card_svg(*key)
                plan = _WHOLE_PLANS[key] = [] if data is None else [(None, data)]
            return plan
        data = card_svg(*key)
        if data is None:
            return []
        parts = svg_parts(data)
        # The back is whole in every start, as in the first (before the faces' art is
        # read): the same pixels whatever a process made before.
        plan = _PLANS[key] = ([(None, data)] if parts is None or card is None
                                    else self._layered(*parts))
        return plan

    def _layered(self, head: bytes, elements: tuple[bytes, ...], tail: bytes) -> Plan:
        top = self._shared_length(elements, len(elements) - 1)
        plan: Plan = [(None, head + b"".join(elements[top:]) + tail)]
        while top:
            below = self._shared_length(elements, top - 1)
            source = head + b"".join(elements[below:top]) + tail
            plan.append(((head, *elements[:top], tail), source))
            top = below
        plan.reverse()
        return plan

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

    def _shared_length(self, elements: tuple[bytes, ...], most: int) -> int:
        """How many leading ``elements`` (at most ``most``) ``MIN_SHARED`` pictures share."""
        key = (self.four_colour, self.folder)
        shared = _SHARED.get(key)
        if shared is None:  # once per process (it depends on neither the size nor the back)
            shared = _SHARED[key] = Counter()
            for card in ALL_PICTURES[:-1]:
                data = card_svg(card, *key)
                parts = svg_parts(data) if data is not None else None
                if parts is not None:
                    for length in range(1, len(parts[1])):
                        shared[parts[1][:length]] += 1
        for length in range(most, 0, -1):
            if shared[elements[:length]] >= MIN_SHARED:
                return length
        return 0

    # -------------------------------------------------------- drawn stand-ins
    def _fallback_face(self, card: Card) -> pygame.Surface:
        w, h = self.size
        surface = _rounded_card(self.size, self.radius, PAPER, EDGE)
        colour = suit_colour(card.suit, self.four_colour)
        rank = "10" if card.rank == 10 else RANK_LETTERS[card.rank - 1]
        label = text.render(rank, max(8, round(h * 0.15)), colour, bold=True)
        pip = max(4, round(h * 0.075))
        surface.blit(label, (round(w * 0.07), round(h * 0.02)))
        draw_suit(surface, card.suit, (round(w * 0.07) + label.get_width() + pip,
                                       round(h * 0.02) + label.get_height() // 2), pip, colour)
        corner = pygame.transform.rotate(surface.subsurface((0, 0, w // 2, h // 4)).copy(), 180)
        surface.blit(corner, (w - corner.get_width(), h - corner.get_height()))
        if card.rank > 10:
            big = text.render(rank, max(8, round(h * 0.3)), colour, bold=True)
            surface.blit(big, big.get_rect(center=(w // 2, h // 2)))
        else:
            draw_suit(surface, card.suit, (w // 2, h // 2), max(6, round(w * 0.3)), colour)
        return surface

    def _fallback_back(self) -> pygame.Surface:
        w, h = self.size
        surface = _rounded_card(self.size, self.radius, (250, 250, 250), EDGE)
        inset = max(2, round(w * 0.06))
        inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
        pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
        pattern.fill((*BACK_BLUE, 255))
        step = max(4, w // 10)
        light = (60, 96, 170, 255)
        for offset in range(-inner.h, inner.w + inner.h, step):
            pygame.draw.line(pattern, light, (offset, 0), (offset + inner.h, inner.h))
            pygame.draw.line(pattern, light, (offset, inner.h), (offset + inner.h, 0))
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(),
                         border_radius=max(1, self.radius - inset // 2))
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(pattern, inner.topleft)
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
                cached = _prepared(taller(self.shadow(self.size)[0], size[1] + 2 * spread))
            else:
                cached = soft_shadow(size, spread, self.radius)
            cached = self._shadows.put(size, cached)
        return cached, spread

    def outline(self, colour: tuple[int, int, int, int], width: int = 0,
                fill: tuple[int, int, int, int] | None = None) -> pygame.Surface:
        """A card-sized rounded outline (empty places, highlights)."""
        return _outline(self.size, self.radius, colour, width, fill)


#: How far in from a card's edges its picture is surely opaque (but at the corners).
OPAQUE_EDGE = 2


def opaque_parts(size: tuple[int, int], radius: int) -> list[pygame.Rect]:
    """Where a card's picture of ``size`` (narrowed or not; a group of cards in a
    column alike) with corners of ``radius`` is surely opaque, in two overlapping
    boxes: all but its rounded corners and a pixel or two at its edges."""
    w, h = size
    edge, corner = OPAQUE_EDGE, radius + OPAQUE_EDGE
    boxes = (pygame.Rect(corner, edge, w - 2 * corner, h - 2 * edge),
             pygame.Rect(edge, corner, w - 2 * edge, h - 2 * corner))
    return [box for box in boxes if box.w > 0 and box.h > 0]


def soft_shadow(size: tuple[int, int], spread: int, radius: int, alpha: int = 110,
                blur: int | None = None) -> pygame.Surface:
    """A rounded box of ``size`` (black at ``alpha``), blurred by ``blur`` pixels
    (default ``spread // 2``) and spreading ``spread`` pixels beyond the box.

    A blur is smooth, so it is made at a fraction of the size and enlarged: the
    same look for a fraction of the time and memory (a full-size blur of a 12-card
    group at 4K took over 250 ms, a dialog's panel over a second).
    """
    blur = max(1, spread // 2) if blur is None else blur
    step = max(1, blur // 3)
    w, h = size[0] + 2 * spread, size[1] + 2 * spread
    small = pygame.Surface((max(1, -(-w // step)), max(1, -(-h // step))), pygame.SRCALPHA)
    edge = round(spread / step)
    pygame.draw.rect(small, (0, 0, 0, alpha),
                     (edge, edge, max(1, round(size[0] / step)), max(1, round(size[1] / step))),
                     border_radius=max(1, round(radius / step)))
    small = pygame.transform.gaussian_blur(small, max(1, round(blur / step)))
    if small.get_size() != (w, h):
        small = pygame.transform.smoothscale(small, (w, h))
    return _prepared(small)


def taller(shadow: pygame.Surface, height: int) -> pygame.Surface:
    """``shadow`` (of a box, vertically even in its middle) made ``height`` tall: its
    top and bottom halves kept, its middle row repeated between them."""
    w, h = shadow.get_size()
    middle = h // 2
    made = pygame.Surface((w, height), pygame.SRCALPHA)
    add = pygame.BLEND_RGBA_ADD  # onto the clear picture: the pixels exactly
    made.blit(shadow, (0, 0), (0, 0, w, middle), special_flags=add)
    made.blit(pygame.transform.scale(shadow.subsurface((0, middle, w, 1)),
                                     (w, height - h + 1)), (0, middle), special_flags=add)
    made.blit(shadow, (0, height - h + middle + 1), (0, middle + 1, w, h - middle - 1),
              special_flags=add)
    return made


@lru_cache(maxsize=8)  # a size's two (empty places, highlights): the last few sizes
def _outline(size: tuple[int, int], radius: int, colour: tuple[int, int, int, int], width: int,
             fill: tuple[int, int, int, int] | None) -> pygame.Surface:
    """A rounded outline of ``size`` (``fill``: its inside too), drawn at twice the size
    and reduced, for smooth corners. Only a box holding its four corners is drawn so:
    between them its edges and its middle are the same all along, stretched from that
    box's middle row and column (the same picture, without drawing and reducing one
    four times the card's size: 3 ms at 4K)."""
    line = max(1, width or max(1, size[0] // 60))
    reach = radius + line + 1  # the corners lie within this of the edges
    w, h = size
    if min(w, h) <= 2 * reach + 1:
        return _prepared(_smooth_outline(size, radius, colour, line, fill))
    side = 2 * reach + 1
    box = _smooth_outline((side, side), radius, colour, line, fill)
    outline = pygame.Surface(size, pygame.SRCALPHA)  # (clear: what is put on it is copied)
    middle, far = reach, reach + 1
    for x, y in ((0, 0), (far, 0), (0, far), (far, far)):  # the corners
        outline.blit(box, (0 if x == 0 else w - reach, 0 if y == 0 else h - reach),
                     (x, y, reach, reach))
    across, down = w - 2 * reach, h - 2 * reach
    for area, place, stretched in (((middle, 0, 1, reach), (reach, 0), (across, reach)),
                                   ((middle, far, 1, reach), (reach, h - reach), (across, reach)),
                                   ((0, middle, reach, 1), (0, reach), (reach, down)),
                                   ((far, middle, reach, 1), (w - reach, reach), (reach, down))):
        outline.blit(pygame.transform.scale(box.subsurface(area), stretched), place)
    outline.fill(box.get_at((middle, middle)), (reach, reach, across, down))
    return _prepared(outline)


def _smooth_outline(size: tuple[int, int], radius: int, colour: tuple[int, int, int, int],
                    line: int, fill: tuple[int, int, int, int] | None) -> pygame.Surface:
    """A rounded outline of ``size`` drawn whole at twice the size, then reduced."""
    scale = 2
    big = pygame.Surface((size[0] * scale, size[1] * scale), pygame.SRCALPHA)
    rect = big.get_rect()
    if fill is not None:
        pygame.draw.rect(big, fill, rect, border_radius=radius * scale)
    pygame.draw.rect(big, colour, rect, line * scale, border_radius=radius * scale)
    return pygame.transform.smoothscale(big, size)


def _rounded_card(size: tuple[int, int], radius: int, paper: tuple[int, int, int],
                  edge: tuple[int, int, int]) -> pygame.Surface:
    """A blank card: smooth rounded corners (drawn at twice the size, then reduced)."""
    scale = 2
    big = pygame.Surface((size[0] * scale, size[1] * scale), pygame.SRCALPHA)
    pygame.draw.rect(big, edge, big.get_rect(), border_radius=radius * scale)
    pygame.draw.rect(big, paper, big.get_rect().inflate(-2 * scale, -2 * scale),
                     border_radius=max(1, radius - 1) * scale)
    return pygame.transform.smoothscale(big, size)


def draw_suit(surface: pygame.Surface, suit: Suit, centre: tuple[int, int], size: int,
              colour: tuple[int, int, int]) -> None:
    """A suit symbol ``size`` pixels wide, drawn with shapes (no font needed)."""
    x, y = centre
    r = size / 4
    if suit is Suit.DIAMONDS:
        pygame.draw.polygon(surface, colour, [(x, y - size * 0.6), (x + size * 0.42, y),
                                              (x, y + size * 0.6), (x - size * 0.42, y)])
    elif suit is Suit.HEARTS:
        pygame.draw.circle(surface, colour, (x - r, y - r * 0.6), r * 1.05)
        pygame.draw.circle(surface, colour, (x + r, y - r * 0.6), r * 1.05)
        pygame.draw.polygon(surface, colour, [(x - 2 * r, y - r * 0.3), (x + 2 * r, y - r * 0.3),
                                              (x, y + 2 * r)])
    elif suit is Suit.SPADES:
        pygame.draw.circle(surface, colour, (x - r, y + r * 0.4), r * 1.05)
        pygame.draw.circle(surface, colour, (x + r, y + r * 0.4), r * 1.05)
        pygame.draw.polygon(surface, colour, [(x - 2 * r, y + r * 0.1), (x + 2 * r, y + r * 0.1),
                                              (x, y - 2 * r)])
        pygame.draw.polygon(surface, colour, [(x, y + r * 0.4), (x - r, y + 2 * r),
                                              (x + r, y + 2 * r)])
    else:
        pygame.draw.circle(surface, colour, (x, y - r), r)
        pygame.draw.circle(surface, colour, (x - r, y + r * 0.5), r)
        pygame.draw.circle(surface, colour, (x + r, y + r * 0.5), r)
        pygame.draw.polygon(surface, colour, [(x, y), (x - r, y + 2 * r), (x + r, y + 2 * r)])


def draw_large_index(surface: pygame.Surface, card: Card, colour: tuple[int, int, int]) -> None:
    """Accessibility: a larger rank and suit over the card's top-left index, on plain
    paper, within the strip a fanned column leaves in view (readable at 1280 × 720
    from an arm's length)."""
    w, h = surface.get_size()
    band = round(h * 0.235)  # a face-up card in a column shows at least this much
    margin = max(1, round(w * 0.03))
    patch = pygame.Rect(margin, margin, w - 2 * margin, band - margin)
    pygame.draw.rect(surface, PAPER, patch, border_radius=max(1, round(w * 0.04)))
    # A thin rule: the index is a header band of its own, not something cut off.
    pygame.draw.line(surface, (205, 200, 190), (patch.x + margin, patch.bottom),
                     (patch.right - margin, patch.bottom), max(1, round(h / 150)))
    rank = "10" if card.rank == 10 else RANK_LETTERS[card.rank - 1]
    label = text.render(rank, max(8, round(patch.h * 1.25)), colour, bold=True)
    label = label.subsurface(label.get_bounding_rect())  # the glyphs alone
    left = round(w * 0.07)
    surface.blit(label, label.get_rect(midleft=(left, patch.centery)))
    pip = max(5, round(patch.h * 0.8))
    draw_suit(surface, card.suit, (left + label.get_width() + pip * 3 // 4, patch.centery),
              pip, colour)


def _write_kept(kept: KeptCards, faces: dict[Card | None, pygame.Surface]) -> None:
    """Keep the whole set ``faces`` (on the thread keeping it)."""
    kept.write({PICTURE_INDEX[card]: picture for card, picture in faces.items()})


def _prepared(surface: pygame.Surface) -> pygame.Surface:
    """Converted for fast blitting when a window exists (unless it is in the window's
    alpha format already, as a kept picture is: converting would only copy it)."""
    if pygame.display.get_surface() is None:
        return surface
    if surface.get_flags() & pygame.SRCALPHA and surface.get_masks() == _alpha_masks():
        return surface
    return surface.convert_alpha()


def _window_layout() -> pygame.Surface | None:
    """A picture in the window's pixel layout with alpha (None without a window)."""
    if pygame.display.get_surface() is None:
        return None
    return pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha()


def _alpha_masks() -> tuple[int, int, int, int]:
    """The pixel layout of a picture converted for the window with its alpha."""
    return pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha().get_masks()


#: A card turning over narrows in this many steps of its width: every card shows the
#: same few narrowed backs (made once), and each face a few pictures, not one a frame.
TURN_STEPS = 32


def turned(squash: float) -> float:
    """``squash`` (a turning card's width, as a share) to the nearest of the steps."""
    return 1.0 if squash >= 1.0 else max(1, round(squash * TURN_STEPS)) / TURN_STEPS
