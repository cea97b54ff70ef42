"""Generate Spider's own vector card art: 52 faces and the backs as SVG files.

Run ``python tools/make_card_art.py`` to (re)write ``assets/cards/*.svg``.

The SVG subset is chosen for nanosvg (``pygame.image.load_sized_svg``): only
paths, rects, circles, ellipses and groups with transforms, solid lowercase hex
colours, no text, no ``<use>``/``<defs>``, no CSS.  Suit colours are used for
suit-coloured elements only, so the game can recolour suits by replacing the
two hex strings ``RED`` and ``BLACK``.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

Point = tuple[float, float]
Contour = list[Point]

# ---------------------------------------------------------------------------
# Colour contract and card geometry
# ---------------------------------------------------------------------------

W, H = 250, 350
CORNER_RADIUS = 12
RED = "#c8102e"
BLACK = "#111111"
SUIT_COLOUR = {"s": BLACK, "h": RED, "d": RED, "c": BLACK}
RANKS = "A23456789TJQK"
SUITS = "shdc"

CARD_FACE = "#fffdf7"
CARD_EDGE = "#8c8c8c"
INK = "#222222"
GOLD = "#e3b341"
GOLD_DARK = "#a97a1f"
SKIN = "#f8d9bd"
SKIN_SHADE = "#e9b897"
LIP = "#b8374a"
BLUE = "#27459a"
WHITE = "#ffffff"
PEARL = "#f3efe6"
STEEL = "#d5dbe3"
GREEN = "#3f7f3a"
ROSE = "#d9506b"
FRAME_BG = "#fbf5e6"

OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "cards"


# ---------------------------------------------------------------------------
# Small SVG helpers
# ---------------------------------------------------------------------------


def num(value: float) -> str:
    """Format a coordinate compactly (at most two decimals)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attrs(**kw: str | float | None) -> str:
    """Render keyword arguments as SVG attributes (``_`` becomes ``-``)."""
    parts = []
    for key, value in kw.items():
        if value is None:
            continue
        text = num(value) if isinstance(value, float | int) else value
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{text}"')
    return " ".join(parts)


def path(
    d: str,
    fill: str = "none",
    stroke: str | None = None,
    sw: float | None = None,
    **kw: str | float | None,
) -> str:
    """A ``<path>`` element."""
    extra = {"stroke_width": sw} if stroke else {}
    return f"<path {attrs(d=d, fill=fill, stroke=stroke, **extra, **kw)}/>"


def ink(d: str, fill: str, sw: float = 1.2, **kw: str | float) -> str:
    """A path with the standard dark outline."""
    return path(d, fill, INK, sw, stroke_linejoin="round", **kw)


def ellipse(
    cx: float,
    cy: float,
    rx: float,
    ry: float,
    fill: str,
    stroke: str | None = INK,
    sw: float = 1.2,
    **kw: str | float,
) -> str:
    """An ``<ellipse>`` element."""
    extra = {"stroke_width": sw} if stroke else {}
    shape = attrs(cx=cx, cy=cy, rx=rx, ry=ry, fill=fill, stroke=stroke, **extra, **kw)
    return f"<ellipse {shape}/>"


def circle(
    cx: float,
    cy: float,
    r: float,
    fill: str,
    stroke: str | None = None,
    sw: float = 1.0,
    **kw: str | float,
) -> str:
    """A ``<circle>`` element."""
    extra = {"stroke_width": sw} if stroke else {}
    return f"<circle {attrs(cx=cx, cy=cy, r=r, fill=fill, stroke=stroke, **extra, **kw)}/>"


def group(children: Iterable[str], transform: str | None = None, **kw: str | float) -> str:
    """A ``<g>`` element wrapping ``children``."""
    return f"<g {attrs(transform=transform, **kw)}>" + "".join(children) + "</g>"


def contours_d(contours: Iterable[Contour], precision: int = 1) -> str:
    """Path data for closed polygons."""
    out = []
    for contour in contours:
        pts = [f"{round(x, precision):g} {round(y, precision):g}" for x, y in contour]
        out.append("M" + " L".join(pts) + "Z")
    return "".join(out)


def rounded_rect_d(x: float, y: float, w: float, h: float, r: float) -> str:
    """Path data for a rounded rectangle (clockwise)."""
    return (
        f"M{num(x + r)} {num(y)}H{num(x + w - r)}A{num(r)} {num(r)} 0 0 1 {num(x + w)} "
        f"{num(y + r)}V{num(y + h - r)}A{num(r)} {num(r)} 0 0 1 {num(x + w - r)} {num(y + h)}"
        f"H{num(x + r)}A{num(r)} {num(r)} 0 0 1 {num(x)} {num(y + h - r)}V{num(y + r)}"
        f"A{num(r)} {num(r)} 0 0 1 {num(x + r)} {num(y)}Z"
    )


def svg_document(body: Iterable[str]) -> str:
    """Wrap ``body`` in the card's root ``<svg>`` element."""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">'
    )
    return head + "\n" + "\n".join(body) + "\n</svg>\n"


# ---------------------------------------------------------------------------
# Geometry: flattening and turning centre-line skeletons into filled outlines
# ---------------------------------------------------------------------------


def signed_area(contour: Contour) -> float:
    """Shoelace area; positive means clockwise on screen (y points down)."""
    total = 0.0
    for (x0, y0), (x1, y1) in zip(contour, contour[1:] + contour[:1], strict=True):
        total += x0 * y1 - x1 * y0
    return total / 2


def oriented(contour: Contour, positive: bool) -> Contour:
    """Return ``contour`` wound clockwise (``positive``) or anticlockwise."""
    return contour if (signed_area(contour) > 0) == positive else contour[::-1]


def cubic_points(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 14) -> list[Point]:
    """Points on a cubic Bezier, excluding ``p0``."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        u = 1 - t
        out.append(
            (
                u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
            )
        )
    return out


class Pen:
    """Builds a polyline skeleton from lines and cubic curves."""

    def __init__(self, x: float, y: float) -> None:
        self.pts: list[Point] = [(x, y)]

    def line(self, x: float, y: float) -> Pen:
        self.pts.append((x, y))
        return self

    def curve(
        self, x1: float, y1: float, x2: float, y2: float, x: float, y: float, steps: int = 14
    ) -> Pen:
        self.pts.extend(cubic_points(self.pts[-1], (x1, y1), (x2, y2), (x, y), steps))
        return self


def superellipse(
    cx: float, cy: float, a: float, b: float, n: float = 2.4, steps: int = 72
) -> Contour:
    """A closed superellipse skeleton (flat-sided oval), clockwise."""
    out = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        c, s = math.cos(t), math.sin(t)
        out.append(
            (
                cx + a * math.copysign(abs(c) ** (2 / n), c),
                cy + b * math.copysign(abs(s) ** (2 / n), s),
            )
        )
    return out


def _intersect(a: Point, da: Point, b: Point, db: Point) -> tuple[float, Point] | None:
    """Intersect lines ``a + s*da`` and ``b + u*db``; return ``(s, point)``."""
    cross = da[0] * db[1] - da[1] * db[0]
    if abs(cross) < 1e-6:
        return None
    s = ((b[0] - a[0]) * db[1] - (b[1] - a[1]) * db[0]) / cross
    return s, (a[0] + s * da[0], a[1] + s * da[1])


WEIGHT_V, WEIGHT_H = 18.0, 15.0  # glyph stroke weights for vertical / horizontal strokes


def _half_width(t: Point, wv: float, wh: float) -> float:
    return (wh + (wv - wh) * abs(t[1])) / 2


def _offset_side(
    pts: Sequence[Point],
    tangents: Sequence[Point],
    halves: Sequence[float],
    sign: float,
    closed: bool,
) -> list[Point]:
    """Offset a polyline to one side, joining segments at offset-line intersections."""
    n_seg = len(tangents)
    out: list[Point] = []
    vertices = range(len(pts)) if closed else range(1, len(pts) - 1)
    for k in vertices:
        i0, i1 = (k - 1) % n_seg, k % n_seg
        t0, t1 = tangents[i0], tangents[i1]
        h0, h1 = halves[i0] * sign, halves[i1] * sign
        p = pts[k]
        a = (p[0] - t0[1] * h0, p[1] + t0[0] * h0)
        b = (p[0] - t1[1] * h1, p[1] + t1[0] * h1)
        hit = _intersect(a, t0, b, t1)
        if hit is None or abs(hit[0]) > 3 * max(abs(h0), abs(h1)):
            out.append(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
        else:
            out.append(hit[1])
    return out


def _cap(p: Point, t: Point, h: float, style: str, at_start: bool) -> list[Point]:
    """Cap points from the left offset side to the right one at an open end."""
    nx, ny = -t[1], t[0]
    left, right = (p[0] + nx * h, p[1] + ny * h), (p[0] - nx * h, p[1] - ny * h)
    outward = (-t[0], -t[1]) if at_start else t
    if style == "butt":
        return [left, right]
    if style == "square":
        return [
            (left[0] + outward[0] * h, left[1] + outward[1] * h),
            (right[0] + outward[0] * h, right[1] + outward[1] * h),
        ]
    if style == "round":
        base = math.atan2(ny, nx)
        turn = -1 if at_start else 1
        return [
            (
                p[0] + h * math.cos(base - turn * math.pi * i / 12),
                p[1] + h * math.sin(base - turn * math.pi * i / 12),
            )
            for i in range(13)
        ]
    cut = (1.0, 0.0) if style == "h" else (0.0, 1.0)
    out = []
    for q in (left, right):
        hit = _intersect(q, t, p, cut)
        out.append(hit[1] if hit else q)
    return out


def stroke(
    pts: Sequence[Point],
    caps: tuple[str, str] = ("butt", "butt"),
    closed: bool = False,
    wv: float = WEIGHT_V,
    wh: float = WEIGHT_H,
) -> list[Contour]:
    """Outline a centre-line skeleton as filled contours (outer clockwise, holes not).

    Width follows the stroke direction (vertical strokes ``wv``, horizontal ``wh``),
    like a real bold typeface.  Caps: butt, square, round, ``h``/``v`` (cut level
    with the x / y axis).
    """
    pts = list(pts)
    if closed and pts[0] == pts[-1]:
        pts.pop()
    seg_ends = list(zip(pts, pts[1:] + (pts[:1] if closed else []), strict=False))
    tangents = []
    for (x0, y0), (x1, y1) in seg_ends:
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        tangents.append(((x1 - x0) / length, (y1 - y0) / length))
    halves = [_half_width(t, wv, wh) for t in tangents]
    left = _offset_side(pts, tangents, halves, 1, closed)
    right = _offset_side(pts, tangents, halves, -1, closed)
    if closed:
        outer, inner = sorted((left, right), key=lambda c: abs(signed_area(c)), reverse=True)
        return [oriented(outer, True), oriented(inner, False)]
    start = _cap(pts[0], tangents[0], halves[0], caps[0], True)
    end = _cap(pts[-1], tangents[-1], halves[-1], caps[1], False)
    outline = [start[0], *left, *end, *right[::-1], start[1]]
    return [oriented(outline, True)]


def polygon(outer: Contour, *holes: Contour) -> list[Contour]:
    """Outline contours from an outer polygon and optional holes."""
    return [oriented(outer, True), *(oriented(h, False) for h in holes)]


def line_x(p: Point, q: Point, y: float) -> float:
    """x where the line through ``p`` and ``q`` crosses height ``y``."""
    return p[0] + (q[0] - p[0]) * (y - p[1]) / (q[1] - p[1])


def meet(p: Point, q: Point, r: Point, s: Point) -> Point:
    """Intersection of line ``pq`` with line ``rs``."""
    hit = _intersect(p, (q[0] - p[0], q[1] - p[1]), r, (s[0] - r[0], s[1] - r[1]))
    assert hit is not None
    return hit[1]


def transformed(contours: Iterable[Contour], fn: Callable[[Point], Point]) -> list[Contour]:
    """Apply a point function to every contour point (orientation re-normalised)."""
    out = []
    for contour in contours:
        moved = [fn(p) for p in contour]
        out.append(oriented(moved, signed_area(contour) > 0))
    return out


# ---------------------------------------------------------------------------
# Rank glyphs: a bold, slightly condensed grotesque.  Cap height 100, y down.
# ---------------------------------------------------------------------------

TOP, BASE = WEIGHT_H / 2, 100 - WEIGHT_H / 2  # skeleton lines for horizontal strokes
HV = WEIGHT_V / 2


def glyph_0(a: float = 21.0) -> list[Contour]:
    """Zero: a flat-sided oval ring."""
    return stroke(superellipse(HV + a, 50, a, 50 - TOP), closed=True)


def glyph_1() -> list[Contour]:
    """One: stem with a sloped flag, no foot."""
    flag = [(27, 0), *cubic_points((27, 0), (26, 12), (20, 20), (8, 21), 8)]
    return polygon([(45, 0), (45, 100), (27, 100), (27, 34), (8, 34), *flag[::-1][:-1]])


def glyph_2() -> list[Contour]:
    """Two: hooked top, straight diagonal, flat base."""
    top = (
        Pen(9, 31)
        .curve(9, 16, 18, TOP, 30.5, TOP)
        .curve(43, TOP, 52, 15.5, 52, 29)
        .curve(52, 40, 40, 48, 33, 59)
        .line(12, BASE)
    )
    base = Pen(1, BASE).line(57, BASE)
    return stroke(top.pts, ("butt", "h")) + stroke(base.pts)


def glyph_3() -> list[Contour]:
    """Three: two right-facing bowls meeting at a short middle bar."""
    mid = 45.5
    upper = (
        Pen(8, 26)
        .curve(8, 14, 18, TOP, 30, TOP)
        .curve(42, TOP, 50, 14, 50, 25.5)
        .curve(50, 37, 42, mid, 30, mid)
        .line(22, mid)
    )
    lower = (
        Pen(22, mid)
        .line(30, mid)
        .curve(44, mid, 53, 55, 53, 68.5)
        .curve(53, 83, 43, BASE, 30, BASE)
        .curve(17, BASE, 8.5, 87, 7, 76)
    )
    return stroke(upper.pts) + stroke(lower.pts)


def glyph_4() -> list[Contour]:
    """Four: closed diagonal, stem and crossbar."""
    bar_top, bar_bot = 63.0, 78.0
    stem_l, stem_r = 35.0, 53.0
    d_top, d_bot = (33.0, 0.0), (0.0, bar_top)
    shift = 20.0
    inner_x = line_x(d_top, d_bot, bar_top) + shift
    inner_y = d_bot[1] - (stem_l - shift - d_bot[0]) * (d_bot[1] - d_top[1]) / (d_top[0] - d_bot[0])
    outer = [
        d_top,
        (stem_r, 0),
        (stem_r, bar_top),
        (62, bar_top),
        (62, bar_bot),
        (stem_r, bar_bot),
        (stem_r, 100),
        (stem_l, 100),
        (stem_l, bar_bot),
        (0, bar_bot),
        d_bot,
    ]
    hole = [(inner_x, bar_top), (stem_l, bar_top), (stem_l, inner_y)]
    return polygon(outer, hole)


def glyph_5() -> list[Contour]:
    """Five: flat top, short left stem, open round bowl."""
    bar = Pen(6, TOP).line(51, TOP)
    stem = Pen(15, 0).line(13.2, 51)
    bowl = (
        Pen(13, 45)
        .curve(19, 40.5, 25, 39, 31, 39)
        .curve(45, 39, 53, 50, 53, 65)
        .curve(53, 82, 43, BASE, 29.5, BASE)
        .curve(17, BASE, 9, 87.5, 7, 78)
    )
    return stroke(bar.pts) + stroke(stem.pts, ("h", "h")) + stroke(bowl.pts)


def glyph_6() -> list[Contour]:
    """Six: closed lower bowl with a curved ascender."""
    bowl = stroke(superellipse(31, 64, 21.5, 100 - TOP - 64, 2.2), closed=True)
    stem = Pen(9.5, 66).curve(9.5, 28, 17, TOP, 33, TOP).curve(42, TOP, 48, 11, 51, 19)
    return bowl + stroke(stem.pts, ("butt", "butt"))


def glyph_7() -> list[Contour]:
    """Seven: flat top and a straight diagonal."""
    return polygon([(0, 0), (59, 0), (59, 14), (35, 100), (16, 100), (40, 15), (0, 15)])


def glyph_8() -> list[Contour]:
    """Eight: two stacked oval rings, the lower one larger."""
    join = 48.0
    upper = superellipse(31, (TOP + join) / 2, 18.5, (join - TOP) / 2, 2.2)
    lower = superellipse(31, (join + BASE) / 2, 22, (BASE - join) / 2, 2.2)
    return stroke(lower, closed=True) + stroke(upper, closed=True)


def glyph_9() -> list[Contour]:
    """Nine: a six turned half round."""
    return transformed(glyph_6(), lambda p: (62 - p[0], 100 - p[1]))


def glyph_10() -> list[Contour]:
    """Ten: a condensed one followed by a narrow zero."""
    one = transformed(glyph_1(), lambda p: (p[0] - 8, p[1]))
    zero = transformed(glyph_0(19.0), lambda p: (p[0] + 41, p[1]))
    return one + zero


def glyph_a() -> list[Contour]:
    """A: flat apex, straight legs, low crossbar."""
    l_out, l_top = (0.0, 100.0), (25.0, 0.0)
    r_out, r_top = (68.0, 100.0), (43.0, 0.0)
    leg = 18.5
    bar_top, bar_bot = 63.0, 78.0

    def lin(y: float) -> float:
        return line_x(l_out, l_top, y) + leg

    def rin(y: float) -> float:
        return line_x(r_out, r_top, y) - leg

    apex = meet((lin(0), 0), (lin(100), 100), (rin(0), 0), (rin(100), 100))
    outer = [
        l_out,
        l_top,
        r_top,
        r_out,
        (rin(100), 100),
        (rin(bar_bot), bar_bot),
        (lin(bar_bot), bar_bot),
        (lin(100), 100),
    ]
    hole = [(lin(bar_top), bar_top), apex, (rin(bar_top), bar_top)]
    return polygon(outer, hole)


def glyph_j() -> list[Contour]:
    """J: stem with a round hook to the left."""
    hook = (
        Pen(45, 0)
        .line(45, 66)
        .curve(45, 84, 37, BASE, 25.5, BASE)
        .curve(14, BASE, 7.5, 86, 6.5, 74)
    )
    return stroke(hook.pts, ("h", "butt"))


def glyph_q() -> list[Contour]:
    """Q: wide oval with a diagonal tail crossing the bowl."""
    ring = stroke(superellipse(36, 50, 27, 50 - TOP, 2.3), closed=True)
    tail = stroke([(42, 67), (66, 99)], ("butt", "butt"), wv=19, wh=19)
    return ring + tail


def glyph_k() -> list[Contour]:
    """K: stem, a straight arm to the top right and a leg springing from the arm."""
    stem = 18.5
    arm_root, arm_top, arm_end = (stem, 44.0), (41.0, 0.0), (62.0, 0.0)
    arm_dir = (arm_root[0] - arm_top[0], arm_root[1] - arm_top[1])
    arm_low = (arm_end[0] + arm_dir[0], arm_end[1] + arm_dir[1])
    leg_in, leg_out, leg_dir = (46.0, 100.0), (67.0, 100.0), (-19.0, -44.0)
    leg_in2 = (leg_in[0] + leg_dir[0], leg_in[1] + leg_dir[1])
    leg_out2 = (leg_out[0] + leg_dir[0], leg_out[1] + leg_dir[1])
    notch = meet(arm_end, arm_low, leg_out, leg_out2)
    crotch = meet(arm_end, arm_low, leg_in, leg_in2)
    arm_foot = meet(arm_end, arm_low, (stem, 0), (stem, 100))
    return polygon(
        [
            (0, 0),
            (stem, 0),
            arm_root,
            arm_top,
            arm_end,
            notch,
            leg_out,
            leg_in,
            crotch,
            arm_foot,
            (stem, 100),
            (0, 100),
        ]
    )


GLYPHS: dict[str, Callable[[], list[Contour]]] = {
    "A": glyph_a,
    "2": glyph_2,
    "3": glyph_3,
    "4": glyph_4,
    "5": glyph_5,
    "6": glyph_6,
    "7": glyph_7,
    "8": glyph_8,
    "9": glyph_9,
    "T": glyph_10,
    "J": glyph_j,
    "Q": glyph_q,
    "K": glyph_k,
}


def bbox(contours: Iterable[Contour]) -> tuple[float, float, float, float]:
    """Bounding box ``(x0, y0, x1, y1)`` of contours."""
    xs = [x for c in contours for x, _ in c]
    ys = [y for c in contours for _, y in c]
    return min(xs), min(ys), max(xs), max(ys)


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


# ---------------------------------------------------------------------------
# Card back
# ---------------------------------------------------------------------------

BACK_FIELD = "#1b3a8c"
BACK_DEEP = "#122a6b"
BACK_LINE = "#5d7fd0"
BACK_LIGHT = "#dfe7fb"
BACK_GOLD = "#e8c25a"


Box = tuple[float, float, float, float]


def _clip_segment(p: Point, q: Point, box: Box) -> tuple[Point, Point] | None:
    """Liang-Barsky clip of segment ``pq`` to ``box`` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for edge_p, edge_q in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if edge_p == 0:
            if edge_q < 0:
                return None
            continue
        t = edge_q / edge_p
        if edge_p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 > t1:
        return None
    return (p[0] + t0 * dx, p[1] + t0 * dy), (p[0] + t1 * dx, p[1] + t1 * dy)


def lattice(box: Box, step: float, colour: str, width: float) -> str:
    """Diagonal lattice lines clipped to ``box`` (x0, y0, x1, y1), centred on the card."""
    segs = []
    cx, cy = W / 2, H / 2
    for k in range(-40, 41):
        for sign in (1, -1):
            p = (cx - 400, cy + k * step - sign * 400)
            q = (cx + 400, cy + k * step + sign * 400)
            clipped = _clip_segment(p, q, box)
            if clipped:
                (ax, ay), (bx, by) = clipped
                segs.append(f"M{num(ax)} {num(ay)}L{num(bx)} {num(by)}")
    return path("".join(segs), "none", colour, width)


def back_card() -> list[str]:
    """Deep blue back: ivory rim, double border, diamond lattice and a web medallion."""
    out = [blank_card()]
    fx, fy, fw, fh = 10.0, 10.0, W - 20.0, H - 20.0
    out.append(path(rounded_rect_d(fx, fy, fw, fh, 7), BACK_FIELD))
    inner = (fx + 12, fy + 12, fx + fw - 12, fy + fh - 12)
    step = 22.0
    cx, cy = W / 2, H / 2
    out.append(lattice(inner, step, BACK_LINE, 1.6))
    # small diamonds at lattice crossings, dots in cell centres
    marks, dots = [], []
    for i in range(-12, 13):
        for j in range(-20, 21):
            x, y = cx + i * step / 2, cy + j * step / 2
            if (i + j) % 2:
                continue
            inside = inner[0] + 4 < x < inner[2] - 4 and inner[1] + 4 < y < inner[3] - 4
            if not inside:
                continue
            if i % 2 == 0:
                marks.append(
                    f"M{num(x)} {num(y - 3.6)}L{num(x + 3.6)} {num(y)} {num(x)} "
                    f"{num(y + 3.6)} {num(x - 3.6)} {num(y)}Z"
                )
            else:
                dots.append(
                    f"M{num(x - 1.8)} {num(y)}A1.8 1.8 0 1 1 {num(x + 1.8)} {num(y)}"
                    f"A1.8 1.8 0 1 1 {num(x - 1.8)} {num(y)}Z"
                )
    out.append(path("".join(marks), BACK_LIGHT))
    out.append(path("".join(dots), BACK_GOLD))
    # borders
    out.append(
        path(
            rounded_rect_d(inner[0], inner[1], inner[2] - inner[0], inner[3] - inner[1], 4),
            "none",
            BACK_LIGHT,
            2.2,
        )
    )
    out.append(path(rounded_rect_d(fx + 5, fy + 5, fw - 10, fh - 10, 5), "none", BACK_GOLD, 1.4))
    out.extend(web_medallion(cx, cy))
    return out


def web_medallion(cx: float, cy: float) -> list[str]:
    """A round medallion holding a stylised spider web."""
    out = [circle(cx, cy, 56, BACK_DEEP, BACK_GOLD, 3), circle(cx, cy, 49, "none", BACK_LIGHT, 1.2)]
    spokes = 12
    d = []
    for i in range(spokes):
        a = 2 * math.pi * i / spokes
        d.append(f"M{num(cx)} {num(cy)}L{num(cx + 46 * math.cos(a))} {num(cy + 46 * math.sin(a))}")
    for ring in (9.0, 17.0, 25.5, 34.0, 42.0):
        for i in range(spokes):
            a0, a1 = 2 * math.pi * i / spokes, 2 * math.pi * (i + 1) / spokes
            p0 = (cx + ring * math.cos(a0), cy + ring * math.sin(a0))
            p1 = (cx + ring * math.cos(a1), cy + ring * math.sin(a1))
            am = (a0 + a1) / 2
            sag = ring * 0.82
            c = (cx + sag * math.cos(am), cy + sag * math.sin(am))
            d.append(
                f"M{num(p0[0])} {num(p0[1])}Q{num(c[0])} {num(c[1])} {num(p1[0])} {num(p1[1])}"
            )
    out.append(path("".join(d), "none", BACK_LIGHT, 1.3, stroke_linecap="round"))
    out.append(circle(cx, cy, 3.2, BACK_GOLD))
    return out


# ---------------------------------------------------------------------------
# More backs: the same ivory rim and framed field, each its own colour and pattern
# ---------------------------------------------------------------------------

FIELD_BOX = (10.0, 10.0, W - 10.0, H - 10.0)
#: The patterned part of the field; patterns may overrun it by up to ``OVERRUN``,
#: which the field's border band then paints over (nanosvg has no clipping).
PATTERN_BOX = (26.0, 26.0, W - 26.0, H - 26.0)
OVERRUN = 15.0


def _box_d(box: Box, r: float) -> str:
    return rounded_rect_d(box[0], box[1], box[2] - box[0], box[3] - box[1], r)


def _circle_d(cx: float, cy: float, r: float) -> str:
    """Path data for a full circle (two arcs), to gather many circles in one path."""
    return (f"M{num(cx - r)} {num(cy)}A{num(r)} {num(r)} 0 1 1 {num(cx + r)} {num(cy)}"
            f"A{num(r)} {num(r)} 0 1 1 {num(cx - r)} {num(cy)}Z")


def framed_back(field: str, line: str, gold: str, pattern: list[str],
                centre: list[str]) -> list[str]:
    """A back: ivory rim, a ``field`` coloured panel holding ``pattern`` (masked to
    ``PATTERN_BOX``), a light and a gold border, and ``centre`` on top."""
    fx0, fy0, fx1, fy1 = FIELD_BOX
    band = _box_d(FIELD_BOX, 7) + _box_d(PATTERN_BOX, 4)
    return [
        blank_card(),
        path(_box_d(FIELD_BOX, 7), field),
        *pattern,
        path(band, field, fill_rule="evenodd"),
        path(_box_d(PATTERN_BOX, 4), "none", line, 2.0),
        path(rounded_rect_d(fx0 + 5, fy0 + 5, fx1 - fx0 - 10, fy1 - fy0 - 10, 5), "none", gold,
             1.4),
        *centre,
    ]


def _grid(step_x: float, step_y: float, stagger: bool = False,
          beyond: Point = (0.0, 0.0)) -> list[tuple[int, Point]]:
    """Points ``(row, (x, y))`` of a grid centred on the card, inside ``PATTERN_BOX``
    grown by ``beyond`` (x, y) (``stagger``: odd rows shifted half a step)."""
    x0, y0, x1, y1 = PATTERN_BOX
    x0, x1, y0, y1 = x0 - beyond[0], x1 + beyond[0], y0 - beyond[1], y1 + beyond[1]
    cx, cy = W / 2, H / 2
    points = []
    rows = int((cy - y0) // step_y) + 1
    cols = int((cx - x0) // step_x) + 2
    for j in range(-rows, rows + 1):
        shift = step_x / 2 if stagger and j % 2 else 0.0
        for i in range(-cols, cols + 1):
            x, y = cx + i * step_x + shift, cy + j * step_y
            if x0 - 0.01 <= x <= x1 + 0.01 and y0 - 0.01 <= y <= y1 + 0.01:
                points.append((j, (x, y)))
    return points


GARNET_FIELD = "#7a1628"
GARNET_DEEP = "#5c0f1d"
GARNET_LINE = "#c4566c"
GARNET_LIGHT = "#f6dcc8"


def garnet_back() -> list[str]:
    """Garnet red: interlaced circles making four-petalled flowers, a rosette in the middle."""
    r = 15.0
    circles = "".join(_circle_d(x, y, r) for _, (x, y) in _grid(r, r))
    dots = "".join(_circle_d(x + r / 2, y + r / 2, 1.5) for _, (x, y) in _grid(2 * r, 2 * r))
    pattern = [path(circles, "none", GARNET_LINE, 1.3), path(dots, BACK_GOLD)]
    cx, cy = W / 2, H / 2
    centre = [circle(cx, cy, 50, GARNET_DEEP, BACK_GOLD, 3),
              circle(cx, cy, 43, "none", GARNET_LIGHT, 1.2)]
    for petals, length, width, colour in ((8, 38, 11, GARNET_LIGHT), (8, 24, 7, GARNET_LINE)):
        for k in range(petals):
            angle = 360 * k / petals + (0 if colour == GARNET_LIGHT else 180 / petals)
            centre.append(ellipse(cx, cy - length / 2, width / 2, length / 2, colour, None,
                                  transform=f"rotate({num(angle)} {num(cx)} {num(cy)})"))
    centre += [circle(cx, cy, 9, BACK_GOLD, GARNET_DEEP, 1.5), circle(cx, cy, 3.2, GARNET_DEEP)]
    return framed_back(GARNET_FIELD, GARNET_LIGHT, BACK_GOLD, pattern, centre)


WAVES_FIELD = "#0d5560"
WAVES_LINE = "#8fd3cb"
WAVES_DEEP = "#083d45"


def _visible_arc(r: float, rho: float, covers: list[Point]) -> tuple[float, float]:
    """The angles (radians, 0 = up, clockwise) bounding the top arc of radius ``rho``
    about the origin left uncovered by discs of radius ``r`` centred on ``covers``."""
    def hidden(angle: float) -> bool:
        x, y = rho * math.sin(angle), -rho * math.cos(angle)
        return any((x - cx) ** 2 + (y - cy) ** 2 < r * r for cx, cy in covers)
    edge = 0.0
    while edge < math.pi and not hidden(edge):
        edge += 0.01
    low, high = edge - 0.01, edge  # refine the edge by halving
    for _ in range(20):
        middle = (low + high) / 2
        low, high = (low, middle) if hidden(middle) else (middle, high)
    return -low, low


def waves_back() -> list[str]:
    """Sea teal: rows of overlapping wave scales, a round shell of rings in the middle.

    Only the part of each scale the next rows leave showing is drawn (its top
    arcs), which keeps the picture quick to rasterise."""
    r = 13.0
    covers = [(-r, r / 2), (r, r / 2), (0.0, r)]  # the scales in the next two rows
    arcs = [(rho, *_visible_arc(r, rho, covers)) for rho in (r, 9.0, 5.0)]
    d = []
    for _, (x, y) in _grid(2 * r, r / 2, stagger=True, beyond=(2.0, r)):
        if y < PATTERN_BOX[1] + r - OVERRUN:
            continue
        for rho, a0, a1 in arcs:
            big = 1 if a1 - a0 > math.pi else 0
            d.append(f"M{num(x + rho * math.sin(a0))} {num(y - rho * math.cos(a0))}"
                     f"A{num(rho)} {num(rho)} 0 {big} 1 {num(x + rho * math.sin(a1))} "
                     f"{num(y - rho * math.cos(a1))}")
    pattern = [path("".join(d), "none", WAVES_LINE, 1.2, stroke_linecap="round")]
    cx, cy = W / 2, H / 2
    centre = [circle(cx, cy, 50, WAVES_DEEP, BACK_GOLD, 3)]
    for rr in (42.0, 34.0, 26.0, 18.0):
        centre.append(circle(cx, cy, rr, "none", WAVES_LINE if rr % 16 else BACK_LIGHT, 1.6))
    centre.append(circle(cx, cy, 9, BACK_GOLD))
    return framed_back(WAVES_FIELD, BACK_LIGHT, BACK_GOLD, pattern, centre)


DECO_FIELD = "#15181e"
DECO_GOLD = "#d6b25e"
DECO_PALE = "#f1e2b8"


def deco_back() -> list[str]:
    """Night and gold: a sunburst from the middle, stepped frames, a stepped diamond."""
    cx, cy = W / 2, H / 2
    box = PATTERN_BOX
    rays = []
    for k in range(48):
        a = 2 * math.pi * k / 48
        far = (cx + 400 * math.cos(a), cy + 400 * math.sin(a))
        clipped = _clip_segment((cx, cy), far, box)
        if clipped:
            (ax, ay), (bx, by) = clipped
            rays.append(f"M{num(ax)} {num(ay)}L{num(bx)} {num(by)}")
    pattern = [path("".join(rays), "none", DECO_GOLD, 1.1)]
    for inset, width in ((8.0, 1.6), (14.0, 1.0)):
        pattern.append(path(_box_d((box[0] + inset, box[1] + inset, box[2] - inset,
                                    box[3] - inset), 2), "none", DECO_GOLD, width))
    centre = []
    for half, fill in ((62.0, DECO_FIELD), (50.0, DECO_GOLD), (44.0, DECO_FIELD),
                       (32.0, DECO_PALE), (26.0, DECO_FIELD), (14.0, DECO_GOLD)):
        tall = half * 1.35
        centre.append(path(f"M{num(cx)} {num(cy - tall)}L{num(cx + half)} {num(cy)} "
                           f"{num(cx)} {num(cy + tall)} {num(cx - half)} {num(cy)}Z", fill,
                           DECO_GOLD if fill == DECO_FIELD else None,
                           1.4 if fill == DECO_FIELD else None))
    return framed_back(DECO_FIELD, DECO_PALE, DECO_GOLD, pattern, centre)


#: Every back by its name in the settings, and the file it is written to.
BACKS: dict[str, tuple[str, Callable[[], list[str]]]] = {
    "web": ("back.svg", back_card),
    "garnet": ("back-garnet.svg", garnet_back),
    "waves": ("back-waves.svg", waves_back),
    "deco": ("back-deco.svg", deco_back),
}


# ---------------------------------------------------------------------------
# Court cards
# ---------------------------------------------------------------------------

FRAME = (35.0, 63.5, 180.0, 223.0)  # x, y, w, h of the portrait frame
HALF_X0, HALF_CUT = 10.0, 111.0  # halves are drawn for x 10..190, divider at y = 111
FRAME_LATTICE = "#f2e6c8"


def court_face(rank: str, suit: str) -> list[str]:
    """Framed, double-ended court portrait."""
    fx, fy, fw, fh = FRAME
    half = {"J": jack_half, "Q": queen_half, "K": king_half}[rank](suit)
    upper = group(half, f"translate({num(fx - HALF_X0)} {num(fy + fh / 2 - HALF_CUT)})")
    lower = group([upper], f"rotate(180 {W // 2} {H // 2})")
    return [
        path(rounded_rect_d(fx, fy, fw, fh, 3), FRAME_BG),
        lattice((fx + 3, fy + 3, fx + fw - 3, fy + fh - 3), 14.0, FRAME_LATTICE, 1.0),
        upper,
        lower,
        path(f"M{num(fx)} {num(fy + fh / 2)}H{num(fx + fw)}", "none", INK, 1.4),
        path(rounded_rect_d(fx, fy, fw, fh, 3), "none", INK, 1.6),
        path(rounded_rect_d(fx + 3, fy + 3, fw - 6, fh - 6, 2), "none", GOLD, 1.6),
    ]


PURPLE = "#5a3d8f"
#: Hair colour per court rank and suit, so the twelve portraits are individuals.
HAIR = {
    "K": {"s": "#7d7d82", "h": "#8a5a2b", "d": "#b06a2a", "c": "#4a3322"},
    "Q": {"s": "#3b2a21", "h": "#a65a2a", "d": "#c7963f", "c": "#6b4226"},
    "J": {"s": "#5b3a1e", "h": "#b5712f", "d": "#2e2420", "c": "#8a6a3a"},
}
#: Secondary garment colour per suit; never a suit colour, also in four-colour mode.
ACCENT = {"s": BLUE, "h": BLUE, "d": PURPLE, "c": BLUE}
WOOD = "#8b5a2b"
VEIL = "#dfe6f6"
EYE = "#3b2a1c"


def face(cx: float, cy: float, rx: float, ry: float, lashes: bool = False) -> list[str]:
    """Face oval with eyes, nose and cheeks (brows and mouth are drawn by the caller)."""
    ey = cy - ry * 0.06
    dx = rx * 0.42
    out = [ellipse(cx, cy, rx, ry, SKIN)]
    for side in (-1, 1):
        x = cx + side * dx
        out.append(ellipse(x, ey, rx * 0.2, ry * 0.08, WHITE, None))
        out.append(circle(x + side * 0.3, ey + 0.2, ry * 0.072, EYE))
        out.append(
            path(
                f"M{num(x - rx * 0.23)} {num(ey + 0.3)}Q{num(x)} {num(ey - ry * 0.15)} "
                f"{num(x + rx * 0.23)} {num(ey + 0.3)}",
                "none",
                INK,
                1.1,
                stroke_linecap="round",
            )
        )
        out.append(circle(cx + side * rx * 0.52, cy + ry * 0.3, rx * 0.17, ROSE, opacity=0.22))
        if lashes:
            out.append(
                path(
                    f"M{num(x + side * rx * 0.21)} {num(ey)}l{num(side * 2)} -1.8",
                    "none",
                    INK,
                    0.9,
                    stroke_linecap="round",
                )
            )
    nose_y = cy + ry * 0.3
    out.append(
        path(
            f"M{num(cx + 0.5)} {num(ey + 3)}Q{num(cx - 3.5)} {num(nose_y)} "
            f"{num(cx + 1.5)} {num(nose_y + 0.5)}",
            "none",
            SKIN_SHADE,
            1.4,
            stroke_linecap="round",
            stroke_linejoin="round",
        )
    )
    return out


def brows(cx: float, y: float, dx: float, colour: str, lift: float = 2.5) -> str:
    """Two eyebrows as short thick curves."""
    d = "".join(
        f"M{num(cx + s * (dx - 5))} {num(y + 0.5)}Q{num(cx + s * dx)} {num(y - lift)} "
        f"{num(cx + s * (dx + 6))} {num(y + 1)}"
        for s in (-1, 1)
    )
    return path(d, "none", colour, 2.2, stroke_linecap="round")


def ermine(x: float, y: float) -> str:
    """A small ermine tail mark."""
    return path(
        f"M{num(x)} {num(y)}c-1.2 2-1.6 4-2.4 5.5 1-.5 1.8-.4 2.4.4.6-.8 1.4-.9 "
        f"2.4-.4-.8-1.5-1.2-3.5-2.4-5.5Z",
        INK,
    )


def jewel_row(points: Iterable[Point], r: float = 2.2) -> list[str]:
    """Alternating blue and rose jewels with a fine outline."""
    return [circle(x, y, r, (BLUE, ROSE)[i % 2], INK, 0.7) for i, (x, y) in enumerate(points)]


def lozenges(points: Iterable[Point], size: float, fill: str) -> str:
    """Small diamonds (one path) centred on ``points``."""
    return path(
        "".join(
            f"M{num(x)} {num(y - size)}l{num(size * 0.75)} {num(size)} "
            f"{num(-size * 0.75)} {num(size)} {num(-size * 0.75)} {num(-size)}Z"
            for x, y in points
        ),
        fill,
    )


def raised_hand(x: float, y: float, cuff: str, sleeve: str) -> list[str]:
    """A fist gripping a shaft at ``(x, y)``, with cuff and sleeve down to the divider."""
    return [
        ink(
            f"M{num(x - 10)} 111L{num(x - 9)} {num(y + 9)}H{num(x + 9)}L{num(x + 11)} 111Z", sleeve
        ),
        ink(f"M{num(x - 10)} {num(y + 5)}h20v6h-20Z", cuff),
        ink(
            f"M{num(x - 8)} {num(y - 3)}C{num(x - 8)} {num(y - 7)} {num(x + 8)} {num(y - 7)} "
            f"{num(x + 8)} {num(y - 3)}V{num(y + 3)}C{num(x + 8)} {num(y + 6)} {num(x - 8)} "
            f"{num(y + 6)} {num(x - 8)} {num(y + 3)}Z",
            SKIN,
            1,
        ),
        path(
            f"M{num(x - 8)} {num(y - 2)}h9M{num(x - 8)} {num(y + 1)}h9M{num(x - 8)} {num(y + 4)}h9",
            "none",
            SKIN_SHADE,
            0.9,
        ),
        path(
            f"M{num(x + 1)} {num(y - 5.5)}C{num(x + 6)} {num(y - 4)} {num(x + 6)} {num(y)} "
            f"{num(x + 1)} {num(y + 1)}",
            "none",
            INK,
            0.9,
            stroke_linecap="round",
        ),
    ]


def sword(x: float, tip: float, guard: float) -> list[str]:
    """Upright sword with a gold guard; the blade runs from ``tip`` to ``guard``."""
    return [
        ink(
            f"M{num(x - 4.5)} {num(guard)}V{num(tip + 10)}L{num(x)} {num(tip)}L{num(x + 4.5)} "
            f"{num(tip + 10)}V{num(guard)}Z",
            STEEL,
        ),
        path(f"M{num(x)} {num(tip + 9)}V{num(guard - 2)}", "none", "#9aa4b0", 1.3),
        ink(f"M{num(x - 3)} {num(guard)}h6v16h-6Z", WOOD),
        ink(
            f"M{num(x - 16)} {num(guard - 3)}C{num(x - 8)} {num(guard - 1)} {num(x + 8)} "
            f"{num(guard - 1)} {num(x + 16)} {num(guard - 3)}V{num(guard + 3)}C{num(x + 8)} "
            f"{num(guard + 5)} {num(x - 8)} {num(guard + 5)} {num(x - 16)} {num(guard + 3)}Z",
            GOLD,
        ),
        circle(x - 16, guard, 3.2, GOLD, INK, 0.9),
        circle(x + 16, guard, 3.2, GOLD, INK, 0.9),
    ]


ROBE = (
    "M10 111V85C26 78 46 74 66 71.5C80 70 90 69 100 69C110 69 120 70 134 71.5"
    "C154 74 174 78 190 85V111Z"
)


def king_half(suit: str) -> list[str]:
    """Upper half of the king: crowned, bearded, ermine cape, raised sword."""
    c, hair, accent = SUIT_COLOUR[suit], HAIR["K"][suit], ACCENT[suit]
    out = [pip(suit, 30, 22, 28)]
    out.append(ink("M79 30C72 46 71 62 74 78H126C129 62 128 46 121 30Z", hair))
    out.append(ink(ROBE, c))
    out.append(
        lozenges(
            [
                (x, y)
                for y in (90, 102)
                for x in range(20 + (y % 4) * 3, 184, 20)
                if abs(x - 100) > 22
            ],
            3.2,
            GOLD,
        )
    )
    out.append(ink("M88 80H112V111H88Z", GOLD))
    out.append(lozenges([(100, 89), (100, 101)], 4, accent))
    # ermine cape with a scalloped edge
    out.append(
        ink(
            "M12 92C24 78 56 68 100 68C144 68 176 78 188 92C176 97 164 96 156 90"
            "C146 97 132 96 124 88C114 93 86 93 76 88C68 96 54 97 44 90"
            "C36 96 24 97 12 92Z",
            WHITE,
        )
    )
    out += [
        ermine(x, y)
        for x, y in ((30, 83), (54, 76), (74, 79), (126, 79), (146, 76), (170, 83), (100, 77))
    ]
    out += sword(150, 7, 80)
    out += raised_hand(150, 92, GOLD, c)
    # neck, face, beard, moustache
    out.append(ink("M92 58H108V72H92Z", SKIN_SHADE))
    out += face(100, 44, 18.5, 22)
    out.append(brows(100, 37, 8, hair))
    out.append(
        ink(
            "M81 46C80 62 87 74 95 80L100 86L105 80C113 74 120 62 119 46"
            "C116 53 113 57 109 59C105 56 95 56 91 59C87 57 84 53 81 46Z",
            hair,
        )
    )
    out.append(ellipse(100, 60.5, 3.6, 1.7, LIP, None))
    out.append(
        ink(
            "M100 55.5C95 52.5 88 53 84.5 58C89 56.5 94 57.5 100 58.5"
            "C106 57.5 111 56.5 115.5 58C112 53 105 52.5 100 55.5Z",
            hair,
            0.9,
        )
    )
    # crown: velvet cap, five points tipped with pearls, jewelled band
    out.append(ink("M82 22C82 10 118 10 118 22Z", c))
    out.append(ink("M78 30L76 8L88 17L100 5L112 17L124 8L122 30Z", GOLD))
    out.append(ink("M77 21H123V31H77Z", GOLD))
    out += [circle(x, y, 2.5, PEARL, INK, 0.8) for x, y in ((76, 8), (100, 5), (124, 8))]
    out += jewel_row([(84, 26), (92, 26), (100, 26), (108, 26), (116, 26)], 2.1)
    return out


def queen_half(suit: str) -> list[str]:
    """Upper half of the queen: tiara, veil, long hair, pearls and a rose."""
    c, hair, accent = SUIT_COLOUR[suit], HAIR["Q"][suit], ACCENT[suit]
    out = [pip(suit, 30, 22, 28)]
    out.append(ink("M80 16C62 28 54 52 50 80H150C146 52 138 28 120 16Z", VEIL))
    out.append(
        ink(
            "M82 28C73 42 71 60 66 80C76 84 86 80 90 70H110C114 80 124 84 134 80"
            "C129 60 127 42 118 28C110 20 90 20 82 28Z",
            hair,
        )
    )
    # gown: bodice, blue puffed sleeves with gold slashes, square neckline
    out.append(ink(ROBE, c))
    out.append(ink("M10 111V86C16 79 26 76 40 76C60 76 70 90 68 111Z", accent))
    out.append(ink("M190 111V86C184 79 174 76 160 76C140 76 130 90 132 111Z", accent))
    out.append(
        path(
            "".join(
                f"M{x} {82 if x in (38, 162) else 85}V111" for x in (24, 38, 54, 146, 162, 176)
            ),
            "none",
            GOLD,
            2.4,
        )
    )
    out.append(lozenges([(100, 100), (88, 104), (112, 104)], 3, GOLD))
    out.append(ink("M82 69H118L113 88H87Z", SKIN))
    out.append(path("M81 68L87 90H113L119 68", "none", GOLD, 3.6, stroke_linejoin="round"))
    out.append(ink("M93 58H107V72H93Z", SKIN_SHADE))
    out += face(100, 43, 17.5, 21.5, lashes=True)
    out.append(brows(100, 36.5, 7.5, hair, 3))
    out.append(ink("M95.8 57C98 55.6 102 55.6 104.2 57C102 59.6 98 59.6 95.8 57Z", LIP, 0.6))
    out.append(
        ink(
            "M82 39C81 26 90 21 100 25C110 21 119 26 118 39C113 31 106 28 100 31"
            "C94 28 87 31 82 39Z",
            hair,
        )
    )
    # pearl necklace and pendant
    out += [
        circle(88 + 3 * i, 71 + 5 * math.sin(math.pi * i / 8), 1.7, PEARL, INK, 0.5)
        for i in range(9)
    ]
    out.append(ink("M100 78l3.2 4.2-3.2 4.2-3.2-4.2Z", GOLD, 0.8))
    # tiara with arches, pearls and the suit as its centre jewel
    out.append(ink("M81 26C90 21 110 21 119 26L118 19C110 15 90 15 82 19Z", GOLD))
    out.append(
        ink(
            "M85 19C86 12 92 8.5 100 7C108 8.5 114 12 115 19C110 16.5 105 15.5 100 15.5"
            "C95 15.5 90 16.5 85 19Z",
            GOLD,
        )
    )
    out += [
        circle(x, y, 2, PEARL, INK, 0.7)
        for x, y in ((85, 17.5), (92, 10.5), (108, 10.5), (115, 17.5))
    ]
    out.append(circle(100, 5.5, 2.5, PEARL, INK, 0.7))
    out.append(pip(suit, 100, 13, 8))
    # a rose held up on the right
    out.append(path("M154 90C153 76 154 60 156 42", "none", GREEN, 2.8, stroke_linecap="round"))
    out.append(ink("M154 70C162 63 169 63 174 65C168 72 161 72 154 70Z", GREEN, 0.8))
    out.append(ink("M155 58C148 51 143 51 138 53C144 60 150 60 155 58Z", GREEN, 0.8))
    out.append(
        ink(
            "M156 27C163 27 168 32 167 38C166 44 161 47 156 47C150 47 145 43 145 37"
            "C145 31 150 27 156 27Z",
            ROSE,
            1,
        )
    )
    out.append(
        path(
            "M156 33c3.5-.5 5 3 3 5.5s-7 1.5-7-2.5 4-8 9-6",
            "none",
            "#9e2f45",
            1.3,
            stroke_linecap="round",
        )
    )
    out += raised_hand(154, 92, GOLD, accent)
    return out


def halberd(x: float, top: float) -> list[str]:
    """A halberd: wooden shaft, axe blade, back spike and spear point."""
    return [
        ink(f"M{num(x - 2.6)} 111V{num(top + 14)}H{num(x + 2.6)}V111Z", WOOD),
        ink(
            f"M{num(x - 4)} {num(top + 16)}L{num(x)} {num(top)}L{num(x + 4)} {num(top + 16)}Z",
            STEEL,
        ),
        ink(
            f"M{num(x + 2)} {num(top + 18)}C{num(x + 12)} {num(top + 14)} {num(x + 19)} "
            f"{num(top + 17)} {num(x + 22)} {num(top + 21)}C{num(x + 17)} {num(top + 30)} "
            f"{num(x + 17)} {num(top + 39)} {num(x + 22)} {num(top + 48)}C{num(x + 15)} "
            f"{num(top + 46)} {num(x + 8)} {num(top + 42)} {num(x + 2)} {num(top + 39)}Z",
            STEEL,
        ),
        ink(
            f"M{num(x - 2)} {num(top + 25)}L{num(x - 15)} {num(top + 31)}L{num(x - 2)} "
            f"{num(top + 34)}Z",
            STEEL,
        ),
        ink(f"M{num(x - 4)} {num(top + 40)}h8v4h-8Z", GOLD, 0.8),
    ]


def jack_half(suit: str) -> list[str]:
    """Upper half of the jack: plumed cap, bobbed hair, white collar, halberd."""
    c, hair, accent = SUIT_COLOUR[suit], HAIR["J"][suit], ACCENT[suit]
    out = [pip(suit, 30, 22, 28)]
    out += halberd(160, 6)
    out.append(
        ink(
            "M79 36C75 50 75 64 79 74C87 79 93 75 95 70H105C107 75 113 79 121 74"
            "C125 64 125 50 121 36Z",
            hair,
        )
    )
    # doublet with blue panels, gold trim and buttons
    out.append(ink(ROBE, c))
    out.append(ink("M36 77C30 88 28 98 28 111H52C52 98 55 88 60 73Z", accent))
    out.append(ink("M164 77C170 88 172 98 172 111H148C148 98 145 88 140 73Z", accent))
    out.append(path("M29 100H52M148 100H171M31 88H55M145 88H169", "none", GOLD, 2.6))
    out.append(path("M100 82V111", "none", GOLD, 5))
    out += [circle(100, y, 2.3, GOLD, INK, 0.8) for y in (88, 97, 106)]
    out += raised_hand(160, 92, GOLD, accent)
    # neck and white falling collar
    out.append(ink("M92 60H108V74H92Z", SKIN_SHADE))
    out.append(ink("M100 77C92 86 80 86 74 79L82 69H118L126 79C120 86 108 86 100 77Z", WHITE))
    out.append(path("M100 77V84", "none", INK, 1))
    out += face(100, 46, 17.5, 21.5)
    out.append(brows(100, 39.5, 7.5, hair, 2))
    out.append(path("M95.5 59Q100 62 104.5 59", "none", LIP, 1.8, stroke_linecap="round"))
    out.append(
        ink(
            "M82 41C80 30 88 24 100 24C112 24 120 30 118 41C114 37 110 35 106 37"
            "C102 34 98 34 94 37C90 35 86 37 82 41Z",
            hair,
        )
    )
    # flat cap with gold band, jewels and a curling plume
    out.append(ink("M66 27C66 13 86 3 106 4C126 5 138 13 136 24C122 31 84 32 66 27Z", c))
    out.append(ink("M70 25C90 30 116 30 134 22L135 28C118 36 90 37 70 31Z", GOLD))
    out += jewel_row([(84, 32.5), (102, 33), (120, 31)], 2)
    out.append(
        ink("M82 25C72 11 59 6 46 10C55 12 62 16 67 21C60 20 55 22 51 26C61 24 71 25 79 30Z", PEARL)
    )
    out.append(path("M79 27C70 16 59 11 49 11", "none", "#b9b2a2", 1, stroke_linecap="round"))
    return out


# ---------------------------------------------------------------------------
# Assembly
# ---------------------------------------------------------------------------


def face_card(rank: str, suit: str) -> str:
    """Complete SVG text for one face."""
    body = [blank_card()]
    if rank == "A":
        body += ace_face(suit)
    elif rank in "JQK":
        body += court_face(rank, suit)
    else:
        body += number_face(10 if rank == "T" else int(rank), suit)
    body += corner_index(rank, suit)
    return svg_document(body)


def write_all(out_dir: Path = OUT_DIR) -> list[Path]:
    """Write the 52 faces and every back; return the written paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for suit in SUITS:
        for rank in RANKS:
            target = out_dir / f"{rank}{suit}.svg"
            target.write_text(face_card(rank, suit), encoding="utf-8")
            written.append(target)
    for name, make in BACKS.values():
        back = out_dir / name
        back.write_text(svg_document(make()), encoding="utf-8")
        written.append(back)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point: optional output directory."""
    args = list(sys.argv[1:] if argv is None else argv)
    paths = write_all(Path(args[0]) if args else OUT_DIR)
    total = sum(p.stat().st_size for p in paths)
    print(f"wrote {len(paths)} SVG files, {total / 1024:.0f} KiB, to {paths[0].parent}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
