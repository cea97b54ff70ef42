"""Generate Spider's own vector card art: 52 faces and the backs as SVG files.

Run ``python -m tools.card_art`` to (re)write ``assets/cards/*.svg`` (or
``python -m tools.card_art DIR`` to write them elsewhere)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from tools.card_art.backs import BACKS
from tools.card_art.courts import court_face
from tools.card_art.pips import ace_face, blank_card, corner_index, number_face
from tools.card_art.svg import OUT_DIR, RANKS, SUITS, svg_document


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
