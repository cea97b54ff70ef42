"""The card backs: an ivory rim around a framed field, each its own colour and pattern."""

from __future__ import annotations

import math
from collections.abc import Callable

from tools.card_art.pips import blank_card
from tools.card_art.svg import H, Point, W, circle, ellipse, num, path, rounded_rect_d

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
