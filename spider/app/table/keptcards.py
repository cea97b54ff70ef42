"""Card pictures kept between runs, so that a start at a size played before shows its
cards without rasterising the art again (most of the first frame's work otherwise).

A set (the 52 faces and the back at one card size, colours, back and index) is one
file in the user cache folder, named by a checksum of everything its pictures depend
on: the size and choices, the art's and fonts' files (names, sizes, times), the code
that draws them and pygame's version. The file holds a header with all of that
(checked before a picture is read), then each picture's BGRA bytes in
``ALL_PICTURES`` order. It is written whole (beside its place, then renamed) once
every picture of the set is made, in the frame's spare time; only the newest ``KEEP``
sets stay. A picture is read alone, when asked for. Whatever goes wrong reading (no
file, a short or damaged one) means the picture is rasterised as before; writing,
that the set is not kept.
"""

from __future__ import annotations

import contextlib
import os
import struct
import sys
import zlib
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Final

import pygame

from spider.app.assets import FONTS
from spider.data.storage import StorageError, atomic_write, cache_dir

#: Raise when the way pictures are made changes in a way the files' times do not show.
VERSION = 1
MAGIC = b"SPCARDS1"
#: The order of each pixel's bytes: the window's own on most systems (ARGB words,
#: little-endian), so a picture read needs no reordering to be drawn.
ORDER: Final = "BGRA"
HEADER = struct.Struct("<8sIIII")  # magic, width, height, pictures, length of the key
#: Sets kept (a 4K set is 18 MB; a 1080p one 4.6 MB).
KEEP = 4
SUFFIX = ".cards"


def _signature(paths: list[Path]) -> bytes:
    """What changes when one of ``paths`` does: names, sizes and modification times."""
    parts = []
    for path in paths:
        try:
            info = path.stat()
        except OSError:
            parts.append(f"{path.name}:-")
        else:
            parts.append(f"{path.name}:{info.st_size}:{info.st_mtime_ns}")
    return "\n".join(parts).encode()


@cache
def _files(folder: Path, pattern: str) -> bytes:
    """The signature of the files in ``folder`` matching ``pattern``: the game's own
    art and fonts, looked at once a run (each new card size asks)."""
    return _signature(sorted(folder.glob(pattern)))


@cache
def _code_signature() -> bytes:
    """The signature of the files whose change changes the pictures: the modules that
    draw them (from source), or the executable (a built game); looked at once a run."""
    if getattr(sys, "frozen", False):
        return _signature([Path(sys.executable)])
    return _signature([Path(__file__).with_name("cardimages.py"), Path(__file__)])


class KeptCards:
    """The kept set for one card size, colours, back and index, if there is one."""

    def __init__(self, size: tuple[int, int], choices: tuple[object, ...], art: Path,
                 count: int, folder: Path | None = None) -> None:
        """``choices``: what else the pictures depend on (colours, back, index);
        ``art``: the folder of the card art; ``count``: pictures in a set."""
        self.size, self.count = size, count
        self.key = b"\0".join((repr((VERSION, size, choices, count, pygame.version.ver,
                                     pygame.version.SDL)).encode(),
                               _files(art, "*.svg"),
                               _files(FONTS, "*.*"),  # the large index
                               _code_signature()))
        name = f"{zlib.crc32(self.key):08x}{zlib.adler32(self.key):08x}{SUFFIX}"
        self.path = (folder or cache_dir()) / "cards" / name
        self._header = HEADER.pack(MAGIC, *size, count, len(self.key)) + self.key
        self._bytes = size[0] * size[1] * 4
        #: Whether the file holds this set (then it is not written again).
        self.complete = self._valid()
        if self.complete:
            with contextlib.suppress(OSError):
                os.utime(self.path)  # used: kept longer than sets not used lately

    def _valid(self) -> bool:
        try:
            with open(self.path, "rb") as file:
                header = file.read(len(self._header))
                length = os.fstat(file.fileno()).st_size
        except OSError:
            return False
        return header == self._header and length == len(header) + self.count * self._bytes

    def read(self, index: int) -> pygame.Surface | None:
        """Picture ``index`` of the set, or ``None`` (not kept, or unreadable)."""
        if not self.complete or not 0 <= index < self.count:
            return None
        try:
            with open(self.path, "rb") as file:
                file.seek(len(self._header) + index * self._bytes)
                data = file.read(self._bytes)
            if len(data) != self._bytes:
                return None
            return pygame.image.frombytes(data, self.size, ORDER)
        except (OSError, ValueError, pygame.error):
            return None

    def write(self, pictures: Mapping[int, pygame.Surface]) -> bool:
        """Keep the set (``pictures`` by index, every one of them); then let go of
        the oldest sets beyond ``KEEP``. Whether it was written."""
        if self.complete or len(pictures) != self.count:
            return False

        def chunks() -> Iterator[bytes]:
            yield self._header
            for index in range(self.count):
                picture = pictures[index]
                if picture.get_size() != self.size:
                    raise ValueError("a picture of another size")
                yield pygame.image.tobytes(picture, ORDER)

        try:
            atomic_write(self.path, chunks(), durable=False)
        except (StorageError, ValueError, pygame.error):
            return False
        self.complete = True
        _prune(self.path.parent)
        return True


def _prune(folder: Path) -> None:
    """Remove all but the ``KEEP`` sets used or made last."""
    with contextlib.suppress(OSError):
        sets = sorted(folder.glob(f"*{SUFFIX}"), key=lambda path: path.stat().st_mtime_ns)
        for path in sets[:-KEEP]:
            path.unlink()
