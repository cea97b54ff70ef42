"""The card art's SVG: the colour contract, the card's size and small element helpers.

The SVG subset is chosen for nanosvg (``pygame.image.load_sized_svg``): only
paths, rects, circles, ellipses and groups with transforms, solid lowercase hex
colours, no text, no ``<use>``/``<defs>``, no CSS.  Suit colours are used for
suit-coloured elements only, so the game can recolour suits by replacing the
two hex strings ``RED`` and ``BLACK``.
"""

from __future__ import annotations

from collections.abc import Iterable
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
FRAME_LATTICE = "#f2e6c8"

OUT_DIR = Path(__file__).resolve().parents[2] / "assets" / "cards"


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
    return _element("path", {"d": d}, fill, stroke, sw, kw)


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
    return _element("ellipse", {"cx": cx, "cy": cy, "rx": rx, "ry": ry}, fill, stroke, sw, kw)


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
    return _element("circle", {"cx": cx, "cy": cy, "r": r}, fill, stroke, sw, kw)


def _element(tag: str, shape: dict[str, float | str], fill: str, stroke: str | None,
             sw: float | None, more: dict[str, str | float | None]) -> str:
    """A ``<tag>`` element: its shape, fill and outline (the outline's width only with
    an outline), then ``more`` attributes."""
    width = {"stroke_width": sw} if stroke else {}
    return f"<{tag} {attrs(**shape, fill=fill, stroke=stroke, **width, **more)}/>"


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
