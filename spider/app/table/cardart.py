"""The card art: which SVG file draws each card, recoloured, and how it is stacked.

Faces are ``assets/cards/{rank}{suit}.svg``, the backs ``back.svg`` and
``back-<name>.svg``. Four-colour mode recolours a face by substituting its suit
colour. A picture's *plan* lists the SVG sources stacked to draw it: the leading
shapes that many faces share (the paper with its rounded edge, the court cards'
frame and pattern) are sources of their own, so that they are rasterised once per
size (:class:`~.cardimages.CardImages` keeps them) and each card's own shapes are
drawn over a copy.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pygame

from spider.app.assets import CARDS
from spider.model.cards import RANK_LETTERS, Card, Suit

RED, BLACK = "#c8102e", "#111111"
#: Four-colour mode: diamonds blue, clubs green (the art's red/black swapped out).
FOUR_COLOUR = {Suit.DIAMONDS: (RED, "#1f5fbf"), Suit.CLUBS: (BLACK, "#1e7b34")}
#: The backs offered in Settings (``assets/cards/back.svg`` is the first, the others
#: ``back-<name>.svg``), as in ``spider.data.settings.CARD_BACKS``.
BACKS = ("web", "garnet", "waves", "deco")
DEFAULT_BACK = BACKS[0]
#: The 52 faces, in the order of a set's pictures.
FACES: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in range(1, 14))
#: Leading shapes shared by at least this many pictures are rasterised once.
MIN_SHARED = 8
#: How a picture is drawn (see :func:`card_plan`).
Plan = list[tuple[tuple[bytes, ...] | None, bytes]]


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


def suit_colour(suit: Suit, four_colour: bool = False) -> tuple[int, int, int]:
    """The colour the art gives ``suit`` (for what is drawn beside it)."""
    colour = pygame.Color(FOUR_COLOUR[suit][1] if four_colour and suit in FOUR_COLOUR
                          else RED if suit.is_red else BLACK)
    return colour.r, colour.g, colour.b


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


#: How many faces share each run of leading elements, per (four colour, folder). (A
#: back adds at most one to a count, never enough to share a layer: whichever back is
#: chosen, these stay the same.)
_SHARED: dict[tuple[bool, Path], Counter[tuple[bytes, ...]]] = {}
#: How each picture is drawn (see :func:`card_plan`), by the card, colours, art folder and
#: back: the same at every size (a resize works out none again).
_PLANS: dict[tuple[Card | None, bool, Path, str], Plan] = {}
#: The first faces' plans, whole, by the same keys (see :func:`card_plan`): found once,
#: not at every frame that asks whether their parts are made.
_WHOLE_PLANS: dict[tuple[Card | None, bool, Path, str], Plan] = {}


def card_plan(card: Card | None, four_colour: bool, folder: Path, back: str,
              first: bool = False) -> Plan:
    """How ``card`` is drawn: SVG sources stacked from the bottom, each with the key
    of the layer made by stacking up to it (None: the card itself, not kept).
    Leading shapes that many cards share are layers of their own. ``first``: no face
    is made yet at this size (then, until some art has been split, a face is drawn
    whole, rather than first reading and splitting every card's art to find what
    they share: the first faces at start-up)."""
    key = (card, four_colour, folder, back)
    made = _PLANS.get(key)
    if made is not None:
        return made
    if card is not None and first and (four_colour, folder) not in _SHARED:
        made = _WHOLE_PLANS.get(key)
        if made is None:
            data = card_svg(*key)
            made = _WHOLE_PLANS[key] = [] if data is None else [(None, data)]
        return made
    data = card_svg(*key)
    if data is None:
        return []
    parts = svg_parts(data)
    # The back is whole in every start, as in the first (before the faces' art is
    # read): the same pixels whatever a process made before.
    made = _PLANS[key] = ([(None, data)] if parts is None or card is None
                          else _layered(*parts, (four_colour, folder)))
    return made


def _layered(head: bytes, elements: tuple[bytes, ...], tail: bytes,
             art: tuple[bool, Path]) -> Plan:
    top = _shared_length(elements, len(elements) - 1, art)
    layers: Plan = [(None, head + b"".join(elements[top:]) + tail)]
    while top:
        below = _shared_length(elements, top - 1, art)
        source = head + b"".join(elements[below:top]) + tail
        layers.append(((head, *elements[:top], tail), source))
        top = below
    layers.reverse()
    return layers


def _shared_length(elements: tuple[bytes, ...], most: int, art: tuple[bool, Path]) -> int:
    """How many leading ``elements`` (at most ``most``) ``MIN_SHARED`` faces share, in
    the ``art`` (four colour, folder)."""
    shared = _SHARED.get(art)
    if shared is None:  # once per process (it depends on neither the size nor the back)
        shared = _SHARED[art] = Counter()
        for card in FACES:
            data = card_svg(card, *art)
            parts = svg_parts(data) if data is not None else None
            if parts is not None:
                for length in range(1, len(parts[1])):
                    shared[parts[1][:length]] += 1
    for length in range(most, 0, -1):
        if shared[elements[:length]] >= MIN_SHARED:
            return length
    return 0
