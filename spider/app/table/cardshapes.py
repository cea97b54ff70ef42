"""Card shapes drawn with pygame: shadows, rounded outlines (and where a card is surely
opaque), suits and the large index,
and the plain faces and back that stand in for missing art.

Smooth edges are drawn at twice the size and reduced; soft shadows are blurred at a
fraction of their size and enlarged. What is kept is converted for the window
(:func:`prepared`).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from spider.app.ui import text
from spider.model.cards import RANK_LETTERS, Card, Suit

PAPER = (255, 253, 247)
EDGE = (140, 140, 140)
BACK_BLUE = (28, 52, 120)


def prepared(surface: pygame.Surface) -> pygame.Surface:
    """Converted for fast blitting when a window exists (unless it is in the window's
    alpha format already, as a kept picture is: converting would only copy it)."""
    if pygame.display.get_surface() is None:
        return surface
    if surface.get_flags() & pygame.SRCALPHA and surface.get_masks() == _alpha_masks():
        return surface
    return surface.convert_alpha()


def _alpha_masks() -> tuple[int, int, int, int]:
    """The pixel layout of a picture converted for the window with its alpha."""
    return pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha().get_masks()


# ---------------------------------------------------------------- shadows
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
    return prepared(small)


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


# --------------------------------------------------------------- outlines
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


@lru_cache(maxsize=8)  # a size's two (empty places, highlights): the last few sizes
def rounded_outline(size: tuple[int, int], radius: int, colour: tuple[int, int, int, int],
                    width: int, fill: tuple[int, int, int, int] | None) -> pygame.Surface:
    """A rounded outline of ``size`` (``fill``: its inside too), drawn at twice the size
    and reduced, for smooth corners. Only a box holding its four corners is drawn so:
    between them its edges and its middle are the same all along, stretched from that
    box's middle row and column (the same picture, without drawing and reducing one
    four times the card's size: 3 ms at 4K)."""
    line = max(1, width or max(1, size[0] // 60))
    reach = radius + line + 1  # the corners lie within this of the edges
    w, h = size
    if min(w, h) <= 2 * reach + 1:
        return prepared(_smooth_outline(size, radius, colour, line, fill))
    side = 2 * reach + 1
    box = _smooth_outline((side, side), radius, colour, line, fill)
    made = pygame.Surface(size, pygame.SRCALPHA)  # (clear: what is put on it is copied)
    middle, far = reach, reach + 1
    for x, y in ((0, 0), (far, 0), (0, far), (far, far)):  # the corners
        made.blit(box, (0 if x == 0 else w - reach, 0 if y == 0 else h - reach),
                  (x, y, reach, reach))
    across, down = w - 2 * reach, h - 2 * reach
    for area, place, stretched in (((middle, 0, 1, reach), (reach, 0), (across, reach)),
                                   ((middle, far, 1, reach), (reach, h - reach), (across, reach)),
                                   ((0, middle, reach, 1), (0, reach), (reach, down)),
                                   ((far, middle, reach, 1), (w - reach, reach), (reach, down))):
        made.blit(pygame.transform.scale(box.subsurface(area), stretched), place)
    made.fill(box.get_at((middle, middle)), (reach, reach, across, down))
    return prepared(made)


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


# ------------------------------------------------------- suits and indexes
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


# ------------------------------------------------ stand-ins for missing art
def fallback_face(card: Card, size: tuple[int, int], radius: int,
                  colour: tuple[int, int, int]) -> pygame.Surface:
    """A plain face of ``card`` in its suit's ``colour``: rank, suit and a large pip
    (or the court card's letter)."""
    w, h = size
    surface = _rounded_card(size, radius, PAPER, EDGE)
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


def fallback_back(size: tuple[int, int], radius: int) -> pygame.Surface:
    """A plain back: a blue lattice inside a light rounded border."""
    w, h = size
    surface = _rounded_card(size, radius, (250, 250, 250), EDGE)
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
                     border_radius=max(1, radius - inset // 2))
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(pattern, inner.topleft)
    return surface


def _rounded_card(size: tuple[int, int], radius: int, paper: tuple[int, int, int],
                  edge: tuple[int, int, int]) -> pygame.Surface:
    """A blank card: smooth rounded corners (drawn at twice the size, then reduced)."""
    scale = 2
    big = pygame.Surface((size[0] * scale, size[1] * scale), pygame.SRCALPHA)
    pygame.draw.rect(big, edge, big.get_rect(), border_radius=radius * scale)
    pygame.draw.rect(big, paper, big.get_rect().inflate(-2 * scale, -2 * scale),
                     border_radius=max(1, radius - 1) * scale)
    return pygame.transform.smoothscale(big, size)
