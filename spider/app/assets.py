"""Where the game's files are: found beside the package, from source and from a bundle."""

from __future__ import annotations

from pathlib import Path

#: The ``assets`` folder: next to the ``spider`` package in the source tree, and
#: at the same place inside a PyInstaller bundle (the spec copies it there).
ASSETS = Path(__file__).resolve().parents[2] / "assets"
CARDS = ASSETS / "cards"
SOUNDS = ASSETS / "sounds"
FONTS = ASSETS / "fonts"
