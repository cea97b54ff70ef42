"""Card pictures at the current card size: rasterised from the SVG art, cached.

Faces are drawn from ``assets/cards/{rank}{suit}.svg`` at exactly the size the
table needs (never a small bitmap scaled up). Four-colour mode recolours the
art by substituting its two suit colours. A missing or unreadable file gets a
clean drawn stand-in, so the game never fails for want of a picture.
"""

from __future__ import annotations

import io
import logging
from collections import OrderedDict
from functools import cache
from pathlib import Path

import pygame

from spider.app import text
from spider.assets import CARDS
from spider.cards import RANK_LETTERS, Card, Suit

log = logging.getLogger(__name__)

RED, BLACK = "#c8102e", "#111111"
#: Four-colour mode: diamonds blue, clubs green (the art's red/black swapped out).
FOUR_COLOUR = {Suit.DIAMONDS: (RED, "#1f5fbf"), Suit.CLUBS: (BLACK, "#1e7b34")}
PAPER = (255, 253, 247)
EDGE = (140, 140, 140)
BACK_BLUE = (28, 52, 120)
#: Memory for narrowed (turning) cards and for shadows, each: pictures made while
#: cards move are kept this far, the least recently used going first. (At 4K one
#: card is 0.6 MB; unbounded, these filled hundreds of MB.)
SCRATCH_BYTES = 8_000_000


@cache
def _svg_bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def card_svg(card: Card | None, four_colour: bool = False, folder: Path = CARDS) -> bytes | None:
    """The SVG source of a face (``None``: the back), recoloured for four-colour mode."""
    name = "back" if card is None else f"{RANK_LETTERS[card.rank - 1]}{card.suit.value}"
    data = _svg_bytes(folder / f"{name}.svg")
    if data is not None and four_colour and card is not None and card.suit in FOUR_COLOUR:
        old, new = FOUR_COLOUR[card.suit]
        data = data.replace(old.encode(), new.encode())
    return data


def missing_art(folder: Path = CARDS) -> list[str]:
    """The card pictures that are absent or unreadable (drawn stand-ins replace them)."""
    problems = []
    for name in [f"{rank}{suit.value}" for suit in Suit for rank in RANK_LETTERS] + ["back"]:
        data = _svg_bytes(folder / f"{name}.svg")
        try:
            if data is None or pygame.image.load_sized_svg(io.BytesIO(data), (50, 70)) is None:
                problems.append(name)
        except (pygame.error, ValueError):
            problems.append(name)
    return problems


def suit_colour(suit: Suit, four_colour: bool = False) -> tuple[int, int, int]:
    if four_colour and suit in FOUR_COLOUR:
        return pygame.Color(FOUR_COLOUR[suit][1])[:3]
    return pygame.Color(RED if suit.is_red else BLACK)[:3]


class CardImages:
    """Every picture the table draws that depends on the card size."""

    def __init__(self, size: tuple[int, int], four_colour: bool = False,
                 folder: Path = CARDS) -> None:
        self.size = (max(8, size[0]), max(8, size[1]))
        self.four_colour = four_colour
        self.folder = folder
        self._faces: dict[Card | None, pygame.Surface] = {}
        self._squashed = _SurfaceCache(SCRATCH_BYTES)
        self._shadows = _SurfaceCache(SCRATCH_BYTES)

    @property
    def radius(self) -> int:
        return max(2, round(self.size[0] * 11 / 250))

    def face(self, card: Card) -> pygame.Surface:
        return self._image(card)

    def back(self) -> pygame.Surface:
        return self._image(None)

    def image(self, card: Card, face_up: bool, squash: float = 1.0) -> pygame.Surface:
        """The card as shown, narrowed to ``squash`` of its width while turning over."""
        key = card if face_up else None
        full = self._image(key)
        if squash >= 0.999:
            return full
        width = max(1, round(self.size[0] * squash))
        cached = self._squashed.get((key, width))
        if cached is None:
            cached = self._squashed.put((key, width), pygame.transform.smoothscale(
                full, (width, self.size[1])))
        return cached

    def _image(self, card: Card | None) -> pygame.Surface:
        surface = self._faces.get(card)
        if surface is None:
            surface = self._faces[card] = self._rasterise(card)
        return surface

    def _rasterise(self, card: Card | None) -> pygame.Surface:
        data = card_svg(card, self.four_colour, self.folder)
        surface = None
        if data is not None:
            try:
                surface = pygame.image.load_sized_svg(io.BytesIO(data), self.size)
            except (pygame.error, ValueError) as error:
                log.warning("card art for %s unreadable: %s", card or "back", error)
        if surface is None or surface.get_size() != self.size:
            surface = self._fallback_back() if card is None else self._fallback_face(card)
        return _prepared(surface)

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
        """A soft shadow for a box of ``size``, and how far it spreads beyond it."""
        spread = max(2, round(self.size[0] * 0.08))
        cached = self._shadows.get(size)
        if cached is None:
            width = self.size[0]
            if size[0] < width:  # a card turning over: its flat shadow, narrowed
                flat, _ = self.shadow((width, size[1]))
                cached = pygame.transform.smoothscale(flat, (size[0] + 2 * spread,
                                                             size[1] + 2 * spread))
            else:
                cached = soft_shadow(size, spread, self.radius)
            cached = self._shadows.put(size, cached)
        return cached, spread

    def outline(self, colour: tuple[int, int, int, int], width: int = 0,
                fill: tuple[int, int, int, int] | None = None) -> pygame.Surface:
        """A card-sized rounded outline (empty places, highlights)."""
        return _outline(self.size, self.radius, colour, width, fill)


class _SurfaceCache:
    """Pictures by key, the least recently used dropped beyond ``limit`` bytes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.bytes = 0
        self._items: OrderedDict[object, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: object) -> pygame.Surface | None:
        surface = self._items.get(key)
        if surface is not None:
            self._items.move_to_end(key)
        return surface

    def put(self, key: object, surface: pygame.Surface) -> pygame.Surface:
        self._items[key] = surface
        self.bytes += _size_of(surface)
        while self.bytes > self.limit and len(self._items) > 1:
            _, dropped = self._items.popitem(last=False)
            self.bytes -= _size_of(dropped)
        return surface


def _size_of(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()


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


@cache
def _outline(size: tuple[int, int], radius: int, colour: tuple[int, int, int, int], width: int,
             fill: tuple[int, int, int, int] | None) -> pygame.Surface:
    scale = 2
    big = pygame.Surface((size[0] * scale, size[1] * scale), pygame.SRCALPHA)
    rect = big.get_rect()
    line = max(1, width or max(1, size[0] // 60)) * scale
    if fill is not None:
        pygame.draw.rect(big, fill, rect, border_radius=radius * scale)
    pygame.draw.rect(big, colour, rect, line, border_radius=radius * scale)
    return _prepared(pygame.transform.smoothscale(big, size))


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


def _prepared(surface: pygame.Surface) -> pygame.Surface:
    """Converted for fast blitting when a window exists."""
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface
