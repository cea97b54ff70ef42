"""Outlines from skeletons: curves flattened, centre lines stroked into filled contours."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from tools.card_art.svg import Contour, Point


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
