"""Text drawing with the bundled fonts: the right face for the language, cached renders."""

from __future__ import annotations

from functools import lru_cache

import pygame

from spider.assets import FONTS
from spider.i18n import current_language

_FACES = {
    ("latin", False): "NotoSans-Regular.ttf",
    ("latin", True): "NotoSans-Bold.ttf",
    ("cjk", False): "NotoSansSC-Regular.otf",
    ("cjk", True): "NotoSansSC-Bold.otf",
}


def _script(language: str) -> str:
    return "cjk" if language == "zh" else "latin"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False, language: str | None = None) -> pygame.font.Font:
    """The bundled font at ``size`` pixels for ``language`` (default: the current one).

    Chinese uses the CJK face, which also covers Latin letters; other languages
    use Noto Sans. A missing font file falls back to pygame's own font.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    path = FONTS / _FACES[_script(language or current_language()), bold]
    size = max(6, int(size))
    try:
        face = pygame.font.Font(path, size)
    except (OSError, FileNotFoundError):
        face = pygame.font.Font(None, size)
        face.bold = bold
    return face


@lru_cache(maxsize=512)
def render(text: str, size: int, colour: tuple[int, int, int], bold: bool = False,
           language: str | None = None) -> pygame.Surface:
    """``text`` drawn antialiased on a transparent surface (cached: text rarely changes)."""
    language = language or current_language()
    return font(size, bold, language).render(text, True, colour)


def fit_size(text: str, size: int, max_width: int, bold: bool = False) -> int:
    """The largest size up to ``size`` at which ``text`` fits in ``max_width`` pixels."""
    while size > 8 and font(size, bold).size(text)[0] > max_width:
        size -= 1
    return size
