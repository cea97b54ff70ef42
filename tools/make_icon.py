"""Make Spider's application icon from our own card art: PNG, ICO and ICNS.

Run ``python tools/make_icon.py`` to (re)write ``assets/icon/``:

- ``spider.svg``  — the icon as one SVG (the ace and king of spades from
  ``assets/cards`` fanned on a rounded green tile), rendered by pygame's nanosvg;
- ``spider.png``  — 256×256 (window icon, Linux desktop files);
- ``spider.ico``  — Windows: 16…256 px, each a PNG inside the ICO (Vista and later);
- ``spider.icns`` — macOS: 16…1024 px, each a PNG element.

Every size is rasterised from the vector art at that size (no bitmap is scaled),
so small sizes stay crisp. Needs only pygame-ce; no new dependency.
"""

from __future__ import annotations

import io
import os
import re
import struct
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "assets" / "cards"
OUT = ROOT / "assets" / "icon"

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICNS element types holding PNG data, by pixel size (the @2x types reuse sizes).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
    (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256),
    (b"ic14", 512),
)
PNG_SIZE = 256
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# The card SVGs are 250×350; on the 256-unit tile they are drawn this big.
CARD_W, CARD_H = 250, 350
CARD_SCALE = 0.5


def card_body(name: str) -> str:
    """The drawing inside ``assets/cards/<name>.svg`` (its outer ``<svg>`` removed)."""
    text = (CARDS / f"{name}.svg").read_text(encoding="utf-8")
    match = re.search(r"<svg\b[^>]*>(.*)</svg>", text, re.S)
    if match is None:
        raise ValueError(f"{name}.svg: no <svg> element")
    return match.group(1).strip()


def placed_card(name: str, cx: float, cy: float, angle: float) -> str:
    """A card centred on (cx, cy), turned by ``angle`` degrees, with a soft shadow."""
    s = CARD_SCALE
    place = (f"translate({cx} {cy}) rotate({angle}) scale({s}) "
             f"translate({-CARD_W / 2} {-CARD_H / 2})")
    shadow = "".join(
        f'<rect x="{1 + d}" y="{3 + d}" width="{CARD_W - 2}" height="{CARD_H - 2}" '
        f'rx="{12 + d}" fill="#000000" fill-opacity="0.12"/>'
        for d in (0, 4, 8)
    )
    return f'<g transform="{place}">{shadow}{card_body(name)}</g>'


def icon_svg() -> str:
    """The icon: king and ace of spades fanned on a rounded felt-green tile."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" '
        'viewBox="0 0 256 256">'
        '<defs><radialGradient id="felt" cx="128" cy="96" r="170" '
        'gradientUnits="userSpaceOnUse">'
        '<stop offset="0" stop-color="#3a9a4a"/><stop offset="1" stop-color="#1d5e2b"/>'
        "</radialGradient></defs>"
        '<rect x="8" y="8" width="240" height="240" rx="48" fill="#154a21"/>'
        '<rect x="12" y="12" width="232" height="232" rx="44" fill="url(#felt)"/>'
        + placed_card("Ks", 104, 132, -14)
        + placed_card("As", 154, 134, 12)
        + "</svg>"
    )


def render(svg: str, size: int) -> pygame.Surface:
    return pygame.image.load_sized_svg(io.BytesIO(svg.encode()), (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` as PNG data (pygame saves PNG by file name, so go through a file)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "icon.png"
        pygame.image.save(surface, str(path))
        return path.read_bytes()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file holding each PNG of ``images`` (size → PNG data)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = [], []
    for size in sizes:
        data = images[size]
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO entry
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(blobs)


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """An ICNS file with a PNG element for every type in ICNS_TYPES."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(images[size])) + images[size]
        for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons(out: Path = OUT) -> list[Path]:
    """Write the icon files into ``out``; return their paths."""
    svg = icon_svg()
    sizes = sorted({*ICO_SIZES, *(size for _, size in ICNS_TYPES), PNG_SIZE})
    images = {size: png_bytes(render(svg, size)) for size in sizes}
    out.mkdir(parents=True, exist_ok=True)
    files = {
        "spider.svg": svg.encode(),
        "spider.png": images[PNG_SIZE],
        "spider.ico": ico_bytes({size: images[size] for size in ICO_SIZES}),
        "spider.icns": icns_bytes(images),
    }
    written = []
    for name, data in files.items():
        path = out / name
        path.write_bytes(data)
        written.append(path)
    return written


def main() -> int:
    for path in make_icons(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT):
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
