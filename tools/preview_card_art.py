"""Check and preview the generated card SVGs.

``python tools/preview_card_art.py [out_dir]`` validates every SVG in
``assets/cards`` against the nanosvg-safe subset, rasterises them with
``pygame.image.load_sized_svg`` and writes contact sheets (default ``/tmp``):

* ``cards_80.png``: every card at 80x112 (a 1280x720 window with 10 columns),
* ``cards_200_<suit>.png``: each suit (and the back) at 200x280,
* ``cards_columns.png``: a tableau of overlapped columns (25% offset) at 80 px,
* ``cards_4col.png``: diamonds and clubs recoloured as in four-colour mode,
* ``cards_backs.png``: every back at 200x280,
* ``cards_zoom.png``: a few cards at 400x560 for detail work.
"""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

CARD_DIR = Path(__file__).resolve().parent.parent / "assets" / "cards"
RANKS = "A23456789TJQK"
SUITS = "shdc"
TABLE = (18, 105, 56)
ALLOWED_TAGS = {"svg", "path", "rect", "circle", "ellipse", "polygon", "g"}
COLOUR_ATTR = re.compile(r'\b(fill|stroke)="([^"]*)"')
HEX = re.compile(r"#[0-9a-f]{6}")


def check_svg(text: str, name: str) -> None:
    """Assert the SVG uses only the nanosvg-safe subset with lowercase hex colours."""
    for banned in ("<text", "<use", "<defs", "<style", "style=", "class=", "url(", "<filter"):
        assert banned not in text, f"{name}: contains {banned}"
    tags = set(re.findall(r"<([a-zA-Z]+)", text))
    assert tags <= ALLOWED_TAGS, f"{name}: unexpected tags {tags - ALLOWED_TAGS}"
    for attr, value in COLOUR_ATTR.findall(text):
        assert value == "none" or HEX.fullmatch(value), f"{name}: {attr}={value!r}"
    assert 'viewBox="0 0 250 350"' in text, f"{name}: wrong viewBox"
    suit_hexes = {"#c8102e", "#111111"}
    used = {value for _, value in COLOUR_ATTR.findall(text)} & suit_hexes
    if name.startswith("back"):
        assert not used, f"{name}: the back must not use suit colours"
    else:
        expected = "#c8102e" if name[1] in "hd" else "#111111"
        assert used == {expected}, f"{name}: suit colours {used}, expected only {expected}"


BACKS = ["back.svg", "back-garnet.svg", "back-waves.svg", "back-deco.svg"]


def names() -> list[str]:
    """Every file name in display order: the 52 faces, then the backs."""
    return [f"{r}{s}.svg" for s in SUITS for r in RANKS] + BACKS


#: Example four-colour substitution (diamonds blue, clubs green) to preview recolouring.
FOUR_COLOUR = {"d": ("#c8102e", "#1f5fbf"), "c": ("#111111", "#1e7b34")}


def load(name: str, size: tuple[int, int], four_colour: bool = False) -> pygame.Surface:
    """Rasterise one card at ``size``, optionally with four-colour suits substituted."""
    data = (CARD_DIR / name).read_bytes()
    suit = name[1] if len(name) == 6 else ""
    if four_colour and suit in FOUR_COLOUR:
        old, new = FOUR_COLOUR[suit]
        data = data.replace(old.encode(), new.encode())
    return pygame.image.load_sized_svg(io.BytesIO(data), size)


def sheet(
    cards: list[str], size: tuple[int, int], cols: int, gap: int = 8, four_colour: bool = False
) -> pygame.Surface:
    """Cards laid out in a grid on the table colour."""
    w, h = size
    rows = (len(cards) + cols - 1) // cols
    out = pygame.Surface((cols * (w + gap) + gap, rows * (h + gap) + gap))
    out.fill(TABLE)
    for i, name in enumerate(cards):
        pos = (gap + (i % cols) * (w + gap), gap + (i // cols) * (h + gap))
        out.blit(load(name, size, four_colour), pos)
    return out


def columns_view(width: int = 80, per_column: int = 8) -> pygame.Surface:
    """Ten overlapped columns, each card showing its top 25%."""
    size = (width, round(width * 1.4))
    step = size[1] // 4
    gap = width // 8
    cards = [f"{r}{s}.svg" for s in SUITS for r in RANKS[::-1]]
    ncol = 10
    out = pygame.Surface((ncol * (width + gap) + gap, gap * 2 + step * (per_column - 1) + size[1]))
    out.fill(TABLE)
    for c in range(ncol):
        for k in range(per_column):
            name = "back.svg" if k < 2 and c % 3 == 0 else cards[(c * 5 + k) % len(cards)]
            out.blit(load(name, size), (gap + c * (width + gap), gap + k * step))
    return out


def main(argv: list[str]) -> int:
    """Validate, rasterise and write the contact sheets."""
    out_dir = Path(argv[0]) if argv else Path("/tmp")
    all_names = names()
    total = 0
    for name in all_names:
        text = (CARD_DIR / name).read_text(encoding="utf-8")
        check_svg(text, name)
        total += len(text.encode())
    print(f"{len(all_names)} SVGs valid, {total / 1024:.0f} KiB in total")
    pygame.image.save(sheet(all_names, (80, 112), 13), str(out_dir / "cards_80.png"))
    for suit in SUITS:
        cards = [f"{r}{suit}.svg" for r in RANKS] + (["back.svg"] if suit == "s" else [])
        pygame.image.save(sheet(cards, (200, 280), 7), str(out_dir / f"cards_200_{suit}.png"))
    pygame.image.save(columns_view(), str(out_dir / "cards_columns.png"))
    four = [f"{r}{s}.svg" for s in "dc" for r in "A7TJQK"]
    pygame.image.save(sheet(four, (160, 224), 6, four_colour=True), str(out_dir / "cards_4col.png"))
    pygame.image.save(sheet(BACKS, (200, 280), 4), str(out_dir / "cards_backs.png"))
    zoom = ["Ks.svg", "Qh.svg", "Jd.svg", "As.svg"]
    pygame.image.save(sheet(zoom, (400, 560), 4), str(out_dir / "cards_zoom.png"))
    print(f"contact sheets written to {out_dir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
