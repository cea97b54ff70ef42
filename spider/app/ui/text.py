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
    """The bundled font at ``size`` pixels for ``language`` (default: the current one).

    Chinese uses the CJK face, which also covers Latin letters; other languages
    use Noto Sans. A missing or damaged font file falls back to pygame's own font.
    """
    # The language is resolved before the cache: a font cached for "the current
    # language" must not outlive a change of language.
    return _font(max(6, int(size)), bold, _script(language or current_language()))


@lru_cache(maxsize=64)
def _font(size: int, bold: bool, script: str) -> pygame.font.Font:
    _made.add((size, bold, script))
    face = _measurers.pop((bold, script), None)  # opened already: set to this size
    if face is None:
        return _open(size, bold, script)
    if face.point_size != size:
        face.point_size = size
    return face


#: The fonts made (for drawing; measuring with one costs least).
_made: set[tuple[int, bool, str]] = set()


def _open(size: int, bold: bool, script: str) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        # From the file's bytes in memory: a new size (after a resize) then costs the
        # frame half as much as opening the file again.
        face = pygame.font.Font(io.BytesIO(_face_bytes(_FACES[script, bold])), size)
        face.size("Ag")  # a damaged file may open, and fail only when used
    except (OSError, ValueError, pygame.error):  # missing, empty or damaged
        face = pygame.font.Font(None, size)
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
    return _font(max(6, int(size)), bold, script).render(text, True, colour)


def width(text: str, size: int, bold: bool = False, language: str | None = None) -> int:
    """How wide ``text`` is drawn, in pixels (cached: dialogs measure the same words
    many times while they are built)."""
    return _width(text, max(6, int(size)), bold, _script(language or current_language()))


@lru_cache(maxsize=8192)
def _width(text: str, size: int, bold: bool, script: str) -> int:
    if (size, bold, script) in _made:
        return int(_font(size, bold, script).size(text)[0])
    face = _measurer(bold, script)
    if face.point_size != size:
        face.point_size = size
    return int(face.size(text)[0])


#: The faces kept for measuring, by boldness and script (see :func:`_measurer`).
_measurers: dict[tuple[bool, str], pygame.font.Font] = {}


def _measurer(bold: bool, script: str) -> pygame.font.Font:
    """A face kept for measuring at sizes no font is made for yet (the bar's after a
    resize): set to another size, it costs a third of a millisecond; a new font costs
    about a millisecond before its first word, as much as a still frame at 720p. The
    next font made of its face takes it (the bar measures its words at the sizes it
    then draws them), and another is opened when next needed."""
    face = _measurers.get((bold, script))
    if face is None:
        face = _measurers[bold, script] = _open(12, bold, script)
    return face


def fit_size(text: str, size: int, max_width: int, bold: bool = False,
             language: str | None = None) -> int:
    """The largest size up to ``size`` at which ``text`` fits in ``max_width`` pixels."""
    while size > 8 and width(text, size, bold, language) > max_width:
        size -= 1
    return size
