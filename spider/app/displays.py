"""Where the displays are on the desktop, and which one a window is on.

pygame gives only the displays' sizes; their places come from SDL itself (through
its library, already loaded by pygame). Where it cannot be reached the displays are
taken to stand side by side, left to right, in SDL's order. (:mod:`ctypes` is
imported when first needed: a full-screen start on one display does not need it.)
"""

from __future__ import annotations

import contextlib
import re
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    import ctypes


@cache
def _rect_type() -> Any:
    """SDL's ``SDL_Rect`` as a :mod:`ctypes` structure."""
    import ctypes

    class Rect(ctypes.Structure):
        _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int),
                    ("h", ctypes.c_int)]

    return Rect


def displays() -> list[pygame.Rect]:
    """Every display's place on the desktop, in SDL's order (at least one)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        sizes = []
    if not sizes:
        return [pygame.Rect(0, 0, 1600, 1000)]
    sdl = sdl_library()
    if sdl is not None:
        import ctypes

        places = []
        for index in range(len(sizes)):
            rect = _rect_type()()
            if sdl.SDL_GetDisplayBounds(index, ctypes.byref(rect)) != 0:
                break
            places.append(pygame.Rect(rect.x, rect.y, rect.w, rect.h))
        else:
            return places
    places, x = [], 0
    for width, height in sizes:
        places.append(pygame.Rect(x, 0, width, height))
        x += width
    return places


def display_of(window: pygame.Rect | None) -> int:
    """The index of the display showing most of ``window`` (0 when unknown)."""
    if window is None:
        return 0
    areas = [(rect.clip(window).w * rect.clip(window).h, -index)
             for index, rect in enumerate(displays())]
    best, index = max(areas)
    return -index if best > 0 else 0


@cache
def sdl_library() -> ctypes.CDLL | None:
    """The SDL library pygame uses (None where it cannot be found)."""
    import ctypes

    for path in _candidates():
        with contextlib.suppress(OSError, AttributeError):
            library = ctypes.CDLL(path)
            function = library.SDL_GetDisplayBounds
            function.restype, function.argtypes = ctypes.c_int, [
                ctypes.c_int, ctypes.POINTER(_rect_type())]
            return library
    return None


def _candidates() -> list[str]:
    if sys.platform == "win32":
        return ["SDL2.dll"]  # pygame's, already loaded: found by its name
    found: list[str] = []
    with contextlib.suppress(OSError):  # Linux: the copy this process has loaded
        maps = Path("/proc/self/maps").read_text(encoding="utf-8", errors="replace")
        found += sorted(set(re.findall(r"(/\S*/libSDL2-2\S*\.so\S*)", maps)))
    package = Path(pygame.__file__).parent
    for folder in (package, package / ".dylibs", package.parent / "pygame_ce.libs"):
        found += [str(path) for path in sorted(folder.glob("libSDL2-2*"))]
    return found
