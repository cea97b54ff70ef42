"""Text drawing with the bundled fonts: the right face for the language, cached renders."""

from __future__ import annotations

import io
from functools import cache, lru_cache

import pygame

from spider.app.assets import FONTS
from spider.app.ui.pictures import kept
from spider.text.i18n import current_language

_FACES = {
    ("latin", False): "NotoSans-Regular.ttf",
    ("latin", True): "NotoSans-Bold.ttf",
    ("cjk", False): "NotoSansSC-Regular.otf",
    ("cjk", True): "NotoSansSC-Bold.otf",
}


def _script(language: str) -> str:
    return "cjk" if language == "zh" else "latin"


def font(size: int, bold: bool = False, language: str | None = None) -> pygame.font.Font:
    """The bundled font at ``size`` pixels for ``language`` (default: the current one),
    to be used at once: there is one face of each boldness and script, set to the size
    asked (a face costs about half a millisecond to open and first use, a new size a
    fiftieth of that).

    Chinese uses the CJK face, which also covers Latin letters; other languages
    use Noto Sans. A missing or damaged font file falls back to pygame's own font.
    """
    # The language is resolved before the face is chosen: the face of "the current
    # language" must not outlive a change of language.
    return _sized(_face(bold, _script(language or current_language())), max(6, int(size)))


def _sized(face: pygame.font.Font, size: int) -> pygame.font.Font:
    if face.point_size != size:
        face.point_size = size
    return face


@cache
def _face(bold: bool, script: str) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        # From the file's bytes in memory (read once for every face of the file).
        face = pygame.font.Font(io.BytesIO(_face_bytes(_FACES[script, bold])))
        face.size("Ag")  # a damaged file may open, and fail only when used
    except (OSError, ValueError, pygame.error):  # missing, empty or damaged
        face = pygame.font.Font(None)
        face.bold = bold
    return face


@cache
def _face_bytes(name: str) -> bytes:
    return (FONTS / name).read_bytes()


def render(text: str, size: int, colour: tuple[int, int, int], bold: bool = False,
           language: str | None = None) -> pygame.Surface:
    """``text`` drawn antialiased on a transparent surface (kept: text rarely changes)."""
    return _render(text, size, tuple(colour), bold, _script(language or current_language()))


#: Bytes of text pictures kept (at 4K a line of help text is half a MB), and how many.
RENDERS_KEPT = 12_000_000, 512


@kept(*RENDERS_KEPT)
def _render(text: str, size: int, colour: tuple[int, ...], bold: bool,
            script: str) -> pygame.Surface:
    return _sized(_face(bold, script), max(6, int(size))).render(text, True, colour)


def width(text: str, size: int, bold: bool = False, language: str | None = None) -> int:
    """How wide ``text`` is drawn, in pixels (cached: dialogs measure the same words
    many times while they are built)."""
    return _width(text, max(6, int(size)), bold, _script(language or current_language()))


@lru_cache(maxsize=8192)
def _width(text: str, size: int, bold: bool, script: str) -> int:
    return int(_sized(_face(bold, script), size).size(text)[0])


def fit_size(text: str, size: int, max_width: int, bold: bool = False,
             language: str | None = None) -> int:
    """The largest size up to ``size`` at which ``text`` fits in ``max_width`` pixels."""
    while size > 8 and width(text, size, bold, language) > max_width:
        size -= 1
    return size
