"""Text in the dialogs: measuring, drawing anchored, and breaking into lines
(at spaces, and anywhere in Chinese, minding its punctuation)."""

from __future__ import annotations

import re
from typing import Any

import pygame

from spider.app.ui import text
from spider.app.ui.theme import Colour


def line_height(size: int, bold: bool = False, language: str | None = None) -> int:
    return text.font(size, bold, language).get_linesize()


def row_height(size: int, bold: bool = False) -> int:
    """A line's height in the tallest of the scripts (Chinese's face is taller), so that
    a row holding one line stays the same height in every language."""
    return max(line_height(size, bold, language) for language in ("en", "zh"))


def text_width(string: str, size: int, bold: bool = False, language: str | None = None) -> int:
    return text.width(string, size, bold, language)



def blit_text(surface: pygame.Surface, string: str, size: int, colour: Colour,
              bold: bool = False, language: str | None = None, **anchor: Any) -> pygame.Rect:
    """Render ``string`` and blit it anchored like ``Rect`` keywords (``midleft=(x, y)``)."""
    image = text.render(string, size, colour, bold, language)
    rect = image.get_rect(**anchor)
    surface.blit(image, rect)
    return rect


_BREAKABLE = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]")
#: A CJK character on its own, or a run of other characters (a Latin word inside Chinese).
_CJK_PIECE = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]|"
                        r"[^\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+")
#: Chinese line breaking: these never start a line (closing marks) ...
_NO_START = frozenset("，。、：；！？）】》〉」』”’…·%,.:;!?)]}")
#: ... and these never end one (opening marks).
_NO_END = frozenset("（【《〈「『“‘([{")


def wrap(string: str, size: int, width: int, bold: bool = False,
         language: str | None = None) -> list[str]:
    """Break ``string`` into lines no wider than ``width`` (at spaces; CJK anywhere).

    Chinese may break between any two characters, except before closing
    punctuation or after opening punctuation; a Latin word inside Chinese text
    stays whole.
    """
    def measure(piece: str) -> int:
        return text.width(piece, size, bold, language)

    lines: list[str] = []
    for paragraph in string.split("\n"):
        tokens = re.findall(r"\S+\s*|\s+", paragraph) if paragraph else [""]
        pieces: list[str] = []
        for token in tokens:
            if _BREAKABLE.search(token):
                for piece in _CJK_PIECE.findall(token):
                    if len(piece) > 1 and measure(piece.rstrip()) > width:
                        pieces.extend(piece)
                    else:
                        pieces.append(piece)
            elif measure(token.rstrip()) > width:
                pieces.extend(token)  # one character at a time
            else:
                pieces.append(token)
        line: list[str] = []
        for piece in pieces:
            if line and measure(("".join(line) + piece).rstrip()) > width:
                carried: list[str] = []
                if piece.lstrip()[:1] in _NO_START and len(line) > 1:
                    carried.append(line.pop())
                while len(line) > 1 and line[-1].rstrip()[-1:] in _NO_END:
                    carried.insert(0, line.pop())
                lines.append("".join(line).rstrip())
                line = [*carried, piece] if carried else [piece.lstrip()]
            else:
                line.append(piece)
        lines.append("".join(line).rstrip())
    return lines
