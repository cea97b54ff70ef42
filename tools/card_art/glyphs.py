"""The rank glyphs: a bold, slightly condensed grotesque drawn as contours (cap height
100, y down)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tools.card_art.outline import (
    WEIGHT_H,
    WEIGHT_V,
    Pen,
    cubic_points,
    line_x,
    meet,
    polygon,
    stroke,
    superellipse,
    transformed,
)
from tools.card_art.svg import Contour

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
