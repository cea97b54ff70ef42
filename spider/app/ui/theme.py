"""The dialogs' look: colours, the sizes that follow from a font size (:class:`Style`),
how large the interface is drawn, and the rounded shapes everything is made of."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from spider.app.ui.pictures import kept

Colour = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# Palette: a dark green-black card over the felt, gold for what is chosen.
PANEL: RGBA = (17, 38, 27, 255)
PANEL_EDGE: RGBA = (255, 214, 92, 96)
SCRIM: RGBA = (0, 0, 0, 118)
WHITE: Colour = (255, 255, 255)
TEXT: Colour = (234, 243, 236)
DIM: Colour = (170, 198, 180)
GOLD: Colour = (255, 214, 92)
GOLD_DEEP: Colour = (232, 188, 72)
INK: Colour = (32, 30, 18)
ERROR: Colour = (255, 150, 128)
FOCUS: RGBA = (150, 205, 255, 235)
DISABLED: Colour = (110, 134, 118)
FIELD: RGBA = (0, 0, 0, 96)
QUIET: RGBA = (255, 255, 255, 24)
QUIET_HOVER: RGBA = (255, 255, 255, 52)
QUIET_DOWN: RGBA = (255, 255, 255, 80)
LINE: RGBA = (255, 255, 255, 40)

Point = tuple[int, int]


# --------------------------------------------------------------------- style
@dataclass(frozen=True)
class Style:
    """Sizes for one font size ``fs``: everything else follows from it."""

    fs: int

    @property
    def small(self) -> int:
        return max(9, round(self.fs * 0.84))

    @property
    def title(self) -> int:
        return round(self.fs * 1.45)

    @property
    def heading(self) -> int:
        return round(self.fs * 1.05)

    @property
    def pad(self) -> int:
        return max(8, round(self.fs * 1.25))

    @property
    def gap(self) -> int:
        return max(4, round(self.fs * 0.6))

    @property
    def control_h(self) -> int:
        return max(20, round(self.fs * 2.0))

    @property
    def radius(self) -> int:
        return max(4, round(self.fs * 0.45))

    @property
    def line(self) -> int:
        return max(1, round(self.fs / 12))


def ui_scale(size: tuple[int, int]) -> float:
    """How large the interface is drawn: 1.0 at 1280 × 720."""
    return min(size[0] / 1280, size[1] / 720)



# --------------------------------------------------------------- primitives
@kept(12_000_000)
def rounded(size: tuple[int, int], fill: RGBA | None, radius: int,
            border: RGBA | None = None, border_w: int = 0) -> pygame.Surface:
    """An antialiased rounded rectangle (drawn at twice the size, then reduced; cached).

    Only the corners need the detail: a big one is put together from a small one
    drawn that way, its straight edges stretched and its middle filled, which gives
    the same pixels (a dialog's panel at 4K: ~150 ms and a 20 MB scratch picture,
    now ~3 ms).
    """
    w, h = max(1, size[0]), max(1, size[1])
    r = min(radius, h // 2, w // 2)
    corner = r + max(0, border_w) + 2
    side = 2 * corner + 1
    if w <= side + 2 or h <= side + 2:
        return _rounded_whole((w, h), fill, r, border, border_w)
    small = _rounded_whole((side, side), fill, r, border, border_w)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    copy = pygame.BLEND_RGBA_MAX  # onto a clear surface: an exact copy
    far_x, far_y, far = w - corner, h - corner, side - corner
    for x, sx in ((0, 0), (far_x, far)):
        for y, sy in ((0, 0), (far_y, far)):
            out.blit(small, (x, y), (sx, sy, corner, corner), special_flags=copy)
    across, down = w - 2 * corner, h - 2 * corner
    for strip, place, stretched in (((corner, 0, 1, corner), (corner, 0), (across, corner)),
                                    ((corner, far, 1, corner), (corner, far_y), (across, corner)),
                                    ((0, corner, corner, 1), (0, corner), (corner, down)),
                                    ((far, corner, corner, 1), (far_x, corner), (corner, down))):
        out.blit(pygame.transform.scale(small.subsurface(strip), stretched), place,
                 special_flags=copy)
    out.fill(small.get_at((corner, corner)), (corner, corner, across, down))
    return out


def _rounded_whole(size: tuple[int, int], fill: RGBA | None, radius: int,
                   border: RGBA | None = None, border_w: int = 0) -> pygame.Surface:
    w, h = max(1, size[0]), max(1, size[1])
    scale = 2
    big = pygame.Surface((w * scale, h * scale), pygame.SRCALPHA)
    rect = big.get_rect()
    r = min(radius, h // 2, w // 2) * scale
    if fill is not None:
        pygame.draw.rect(big, fill, rect, border_radius=r)
    if border is not None and border_w > 0:
        pygame.draw.rect(big, border, rect, border_w * scale, border_radius=r)
    return pygame.transform.smoothscale(big, (w, h))


def draw_round(surface: pygame.Surface, rect: pygame.Rect, fill: RGBA | None, radius: int,
               border: RGBA | None = None, border_w: int = 0) -> None:
    if rect.w > 0 and rect.h > 0:
        surface.blit(rounded(rect.size, fill, radius, border, border_w), rect.topleft)


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, style: Style) -> None:
    """The keyboard focus ring, just outside ``rect``."""
    grow = style.line * 3 + 2
    draw_round(surface, rect.inflate(2 * grow, 2 * grow), None, style.radius + grow, FOCUS,
               max(2, style.line * 2))
