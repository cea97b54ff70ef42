"""Window-sized pictures kept between resizes (the static and still layers, the old
picture halved, the bar's picture as shown): a 4K picture's allocation page-faults
for tens of milliseconds, so the biggest one made so far is kept and used through a
part of it the size of the window. A picture may take its memory from the system as
it is first written, a band at a time, instead of all at once.
"""

from __future__ import annotations

import mmap

import pygame


def _unwritten(size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
    """A picture of ``size`` in ``like``'s pixel format, its memory taken from the
    system as it is first written, a part at a time (a new Surface clears all of it
    at once: 8 MB, a 4K window's half, are about 5 ms of page faults in one step)."""
    pixels = mmap.mmap(-1, size[0] * size[1] * 4)  # (the picture keeps it)
    picture = pygame.image.frombuffer(pixels, size, "BGRA")
    if like.get_bytesize() != 4 or picture.get_masks()[:3] != like.get_masks()[:3]:
        return pygame.Surface(size, 0, like)
    picture.set_alpha(None)  # its fourth byte is no alpha, as in ``like``
    return picture


class Buffer:
    """A window-sized picture kept between resizes: the biggest one made so far,
    used through a part of it the size of the window (no new allocation, and no
    page faults filling it, unless the window grows past it)."""

    def __init__(self, unwritten: bool = False) -> None:
        self._base: pygame.Surface | None = None
        #: A new picture's memory is taken as it is first written (see :func:`_unwritten`).
        self._unwritten = unwritten

    def get(self, size: tuple[int, int], besides: pygame.Surface | None = None) -> pygame.Surface:
        """A picture of ``size``; a new one when ``besides`` (shown meanwhile) is
        drawn in the one kept."""
        base = self._base
        if (base is None or base.get_width() < size[0] or base.get_height() < size[1]
                or (besides is not None and besides.get_abs_parent() is base)):
            self._base = base = None  # let the old one go first
            screen = pygame.display.get_surface()
            base = self._base = (pygame.Surface(size) if screen is None
                                 else _unwritten(size, screen) if self._unwritten
                                 else pygame.Surface(size, 0, screen))
        return base if base.get_size() == size else base.subsurface((0, 0, *size))

    def holds(self, surface: pygame.Surface | None) -> bool:
        """Whether ``surface`` is drawn in the picture kept here."""
        return surface is not None and surface.get_abs_parent() is self._base

    def release(self) -> None:
        """Let the memory go (pictures taken from it keep it until they go too)."""
        self._base = None
