"""Suit pips and the cards built from them: the blank card, corner indices, number
cards and aces."""

from __future__ import annotations

import math

from tools.card_art.glyphs import GLYPHS, bbox
from tools.card_art.svg import (
    CARD_EDGE,
    CARD_FACE,
    CORNER_RADIUS,
    FRAME_BG,
    FRAME_LATTICE,
    GOLD,
    GOLD_DARK,
    SUIT_COLOUR,
    WHITE,
    H,
    Point,
    W,
    circle,
    contours_d,
    group,
    num,
    path,
    rounded_rect_d,
)

# ---------------------------------------------------------------------------
# Suit pips: smooth Bezier outlines in a 100-unit box centred on the origin
# ---------------------------------------------------------------------------

PIP_HEART = (
    "M0 46C-6 37-25 21-37 8C-47-3-51-14-50-25C-49-39-38-48-25-48"
    "C-13-48-4-41 0-31C4-41 13-48 25-48C38-48 49-39 50-25"
    "C51-14 47-3 37 8C25 21 6 37 0 46Z"
)
PIP_SPADE = (
    "M0-50C7-40 25-26 37-14C47-4 51 6 50 16C49 30 38 38 26 38"
    "C17 38 9 34 5 27C6 36 10 44 18 50L-18 50C-10 44-6 36-5 27"
    "C-9 34-17 38-26 38C-38 38-49 30-50 16C-51 6-47-4-37-14C-25-26-7-40 0-50Z"
)
PIP_DIAMOND = "M0-50C9-35 22-18 38 0C22 18 9 35 0 50C-9 35-22 18-38 0C-22-18-9-35 0-50Z"


def _club_path(stem: bool = True) -> str:
    """Club: three lobes traced as one outline, with a flared stem (or closed without)."""
    r = 23.0
    top, left, right = (0.0, -25.0), (-25.5, 11.0), (25.5, 11.0)

    def outer_meet(c0: Point, c1: Point) -> Point:
        dx, dy = c1[0] - c0[0], c1[1] - c0[1]
        d = math.hypot(dx, dy)
        a, hh = d / 2, math.sqrt(max(r * r - d * d / 4, 0))
        mx, my = c0[0] + dx * a / d, c0[1] + dy * a / d
        cands = [(mx + hh * dy / d, my - hh * dx / d), (mx - hh * dy / d, my + hh * dx / d)]
        return max(cands, key=lambda p: math.hypot(p[0], p[1] - 2))

    j_lt, j_tr = outer_meet(left, top), outer_meet(top, right)
    ang = math.radians(52)
    s_l = (left[0] + r * math.cos(ang), left[1] + r * math.sin(ang))
    s_r = (-s_l[0], s_l[1])
    rr = num(r)
    lobes = (
        f"A{rr} {rr} 0 1 1 {num(j_lt[0])} {num(j_lt[1])}"
        f"A{rr} {rr} 0 1 1 {num(j_tr[0])} {num(j_tr[1])}"
        f"A{rr} {rr} 0 1 1 {num(s_r[0])} {num(s_r[1])}"
    )
    start = f"{num(s_l[0])} {num(s_l[1])}"
    if not stem:
        return f"M{start}{lobes}Z"
    return f"M-18 50C-10 43-6 35 {start}{lobes}C6 35 10 43 18 50Z"


PIPS = {"s": PIP_SPADE, "h": PIP_HEART, "d": PIP_DIAMOND, "c": _club_path()}
#: Pip outlines without stems, for the inlaid line on the aces.
PIP_INLAYS = {
    **PIPS,
    "s": PIP_SPADE.replace("C6 36 10 44 18 50L-18 50C-10 44-6 36-5 27", "L-5 27"),
    "c": _club_path(stem=False),
}


def pip(
    suit: str,
    x: float,
    y: float,
    size: float,
    flip: bool = False,
    fill: str | None = None,
    **kw: str | float,
) -> str:
    """A suit pip ``size`` units tall centred on ``(x, y)``; ``flip`` turns it over."""
    turn = " rotate(180)" if flip else ""
    transform = f"translate({num(x)} {num(y)}){turn} scale({num(size / 100)})"
    return path(PIPS[suit], fill or SUIT_COLOUR[suit], transform=transform, **kw)


# ---------------------------------------------------------------------------
# Card furniture: blank, corner indices
# ---------------------------------------------------------------------------

INDEX_HEIGHT = 46.0  # rank glyph cap height in card units (18.4% of card width)
INDEX_TOP, INDEX_LEFT = 13.0, 12.0
INDEX_PIP_SIZE, INDEX_GAP = 30.0, 6.0
INDEX_PIP_MIN_X = 68.0  # pip centre for one-character ranks, so pips line up in a column


def blank_card() -> str:
    """White rounded card with a thin grey border; outside corners stay transparent."""
    return path(rounded_rect_d(1, 1, W - 2, H - 2, CORNER_RADIUS - 1), CARD_FACE, CARD_EDGE, 2)


def rank_glyph(rank: str, colour: str, left: float, top: float, height: float) -> tuple[str, float]:
    """A rank glyph ``height`` tall with its top-left at ``(left, top)``; also its width."""
    contours = GLYPHS[rank]()
    x0, _, x1, _ = bbox(contours)
    s = height / 100
    transform = f"translate({num(left - x0 * s)} {num(top)}) scale({num(s)})"
    return path(contours_d(contours), colour, transform=transform), (x1 - x0) * s


def corner_index(rank: str, suit: str) -> list[str]:
    """Rank and a pip side by side, top left and (turned) bottom right."""
    colour = SUIT_COLOUR[suit]
    glyph, width = rank_glyph(rank, colour, INDEX_LEFT, INDEX_TOP, INDEX_HEIGHT)
    pip_x = max(INDEX_PIP_MIN_X, INDEX_LEFT + width + INDEX_GAP + INDEX_PIP_SIZE / 2)
    one = [glyph, pip(suit, pip_x, INDEX_TOP + INDEX_HEIGHT / 2, INDEX_PIP_SIZE)]
    return [*one, group(one, f"rotate(180 {W // 2} {H // 2})")]


# ---------------------------------------------------------------------------
# Number cards and aces
# ---------------------------------------------------------------------------

PIP_SIZE = 45.0
COL_X = (72.0, 125.0, 178.0)
ROW_TOP, ROW_BOTTOM = 91.0, 259.0


def pip_layout(count: int) -> list[tuple[float, float]]:
    """Traditional pip centres for 2..10."""
    left, mid, right = COL_X
    top, bot = ROW_TOP, ROW_BOTTOM
    centre = (top + bot) / 2
    four = [top + (bot - top) * i / 3 for i in range(4)]
    sides3 = [(x, y) for x in (left, right) for y in (top, centre, bot)]
    layouts: dict[int, list[tuple[float, float]]] = {
        2: [(mid, top), (mid, bot)],
        3: [(mid, top), (mid, centre), (mid, bot)],
        4: [(x, y) for x in (left, right) for y in (top, bot)],
        5: [(x, y) for x in (left, right) for y in (top, bot)] + [(mid, centre)],
        6: sides3,
        7: [*sides3, (mid, (top + centre) / 2)],
        8: [*sides3, (mid, (top + centre) / 2), (mid, (centre + bot) / 2)],
        9: [(x, y) for x in (left, right) for y in four] + [(mid, centre)],
        10: [(x, y) for x in (left, right) for y in four]
        + [(mid, (four[0] + four[1]) / 2), (mid, (four[2] + four[3]) / 2)],
    }
    return layouts[count]


def number_face(count: int, suit: str) -> list[str]:
    """Pips for a number card; pips below the middle are turned over."""
    centre = H / 2
    return [pip(suit, x, y, PIP_SIZE, flip=y > centre + 1) for x, y in pip_layout(count)]


def ace_face(suit: str) -> list[str]:
    """One large pip with an inlaid outline, set in a gold medallion with a fine lattice."""
    cx, cy = W / 2, H / 2
    out = [
        circle(cx, cy, 84, FRAME_BG, GOLD_DARK, 1.5),
        lattice_circle(cx, cy, 76, 12.0, FRAME_LATTICE, 1.0),
        circle(cx, cy, 78, "none", GOLD, 3.5),
        circle(cx, cy, 73, "none", GOLD_DARK, 0.8),
    ]
    for i in range(16):
        a = 2 * math.pi * i / 16
        x, y = cx + 84 * math.sin(a), cy - 84 * math.cos(a)
        r = 6.5 if i % 4 == 0 else 4.5
        spike = f"M0 {num(-r)}L{num(r * 0.55)} 0L0 {num(r)}L{num(-r * 0.55)} 0Z"
        turn = f"translate({num(x)} {num(y)}) rotate({num(math.degrees(a))})"
        out.append(path(spike, GOLD_DARK, transform=turn))
    size = 118.0
    out.append(pip(suit, cx, cy, size))
    inset = f"translate({num(cx)} {num(cy)}) scale({num(size * 0.8 / 100)})"
    out.append(path(PIP_INLAYS[suit], "none", WHITE, 3.2, transform=inset))
    return out


def lattice_circle(cx: float, cy: float, r: float, step: float, colour: str, width: float) -> str:
    """Diagonal lattice lines (x = ±y + k·step about the centre) clipped to a circle."""
    segs = []
    reach = int(math.sqrt(2) * r / step)
    for k in range(-reach, reach + 1):
        c = k * step
        half = math.sqrt(max(r * r / 2 - c * c / 4, 0.0))
        for sign in (1, -1):
            for y0, y1 in ((-sign * c / 2 - half, -sign * c / 2 + half),):
                segs.append(
                    f"M{num(cx + sign * y0 + c)} {num(cy + y0)}"
                    f"L{num(cx + sign * y1 + c)} {num(cy + y1)}"
                )
    return path("".join(segs), "none", colour, width)
