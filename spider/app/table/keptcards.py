"""Pictures kept between runs, so that a start at a size played before shows its table
without making it again (most of the first frame's work otherwise): the card set
(rasterised art), the cloth (:mod:`spider.app.table.felt`), the table and the bar as
the next start shows them (:class:`KeptTable`, :class:`spider.app.table.hud.KeptBar`)
and the window's icon (decoded from its PNG: :func:`window_icon`).

A set of pictures (the 52 faces and the back at one card size, colours, back and
index; or the cloth at one window size and colour) is one file in the user cache
folder, named by a checksum of everything its pictures depend on: the size and
choices, the art's and fonts' files (names, sizes, times), the code that draws them
and pygame's version. The file holds a header with all of that (checked before a
picture is read), then each picture's BGRA bytes in order. It is written whole
(beside its place, then renamed) once every picture of the set is made, in the
frame's spare time; only the newest few sets of a kind stay. A picture is read
alone when asked for, straight from the file mapped into memory (no copy made).
Whatever goes wrong reading (no file, a short or damaged one) means the picture is
made as before; writing, that the set is not kept.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import sys
import zlib
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Final

import pygame

from spider.app.assets import ASSETS, FONTS
from spider.data.storage import StorageError, atomic_write, cache_dir

#: Raise when the way pictures are made changes in a way the files' times do not show.
VERSION = 1
MAGIC = b"SPCARDS1"
#: The order of each pixel's bytes: the window's own on most systems (ARGB words,
#: little-endian), so a picture read needs no reordering to be drawn.
ORDER: Final = "BGRA"
#: Card sets kept (a 4K set is 18 MB; a 1080p one 4.6 MB).
KEEP = 4
#: The modules that make the card pictures (their code signs a kept set, and the kept
#: table that shows them).
CARD_CODE = ("cardimages.py", "cardart.py", "cardshapes.py", "rasteriser.py")


def _signature(paths: Sequence[Path | os.DirEntry[str]]) -> bytes:
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


def _files(folder: Path, suffix: str = "") -> list[os.DirEntry[str]]:
    """The files in ``folder`` whose names end with ``suffix``, by name (none if it
    cannot be read), as the folder lists them (no path objects made)."""
    try:
        with os.scandir(folder) as entries:
            return sorted((entry for entry in entries
                           if entry.name.endswith(suffix) and not entry.name.startswith(".")),
                          key=lambda entry: entry.name)
    except OSError:
        return []


@cache
def _signed_files(folder: Path, suffix: str = "") -> bytes:
    """The signature of the files in ``folder`` whose names end with ``suffix``: the
    game's own art and fonts, looked at once a run (each new card size asks)."""
    return _signature(_files(folder, suffix))


def fonts_signature() -> bytes:
    """What changes when one of the bundled fonts does (the words on cards and bar)."""
    return _signed_files(FONTS)


def art_signature(art: Path) -> bytes:
    """What changes when the card art in the folder ``art`` does."""
    return _signed_files(art, ".svg")


@cache
def code_signature(*modules: str) -> bytes:
    """What changes when the code that draws the pictures does: the ``modules`` (their
    files' paths from this one's folder) from source, or the executable (a built
    game); looked at once a run."""
    if getattr(sys, "frozen", False):
        return _signature([Path(sys.executable)])
    here = Path(__file__)
    return _signature([here.parent / name for name in modules] + [here])


class KeptPictures:
    """The kept set of ``count`` pictures of ``size`` of one ``kind`` (its folder and
    suffix), told apart from other sets by ``key`` (everything they depend on)."""

    #: Sets of this kind kept.
    keep = KEEP

    def __init__(self, kind: str, size: tuple[int, int], count: int, key: bytes,
                 folder: Path | None = None) -> None:
        self.size, self.count = size, count
        self.key = b"\0".join((repr((VERSION, size, count, pygame.version.ver,
                                     pygame.version.SDL)).encode(), key))
        name = f"{zlib.crc32(self.key):08x}{zlib.adler32(self.key):08x}.{kind}"
        self.path = (folder or cache_dir()) / kind / name
        # The magic; width, height, pictures and the key's length, four bytes each,
        # little-endian (``struct``'s "<8sIIII", without importing it); the key.
        numbers = (*size, count, len(self.key))
        self._header = b"".join((MAGIC, *(n.to_bytes(4, "little") for n in numbers), self.key))
        self._bytes = size[0] * size[1] * 4
        self._pixels: memoryview | None = None  # (see _mapped)
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

    def _offset(self, index: int) -> int:
        return len(self._header) + index * self._bytes

    def read(self, index: int) -> pygame.Surface | None:
        """Picture ``index`` of the set, or ``None`` (not kept, or unreadable): the
        file's own bytes, mapped into memory (copied only where the picture is drawn
        on), not read and copied."""
        pixels = self._mapped() if self.complete and 0 <= index < self.count else None
        if pixels is None:
            return None
        start = self._offset(index)
        try:
            return pygame.image.frombuffer(pixels[start:start + self._bytes], self.size, ORDER)
        except (ValueError, pygame.error):
            return None

    def _mapped(self) -> memoryview | None:
        """The whole file in memory, mapped when first asked for (None if it cannot be)."""
        if self._pixels is None:
            try:
                with open(self.path, "rb") as file:
                    pixels = memoryview(mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_COPY))
            except (OSError, ValueError):
                return None
            if len(pixels) == self._offset(self.count):
                self._pixels = pixels
        return self._pixels

    def read_into(self, index: int, surface: pygame.Surface,
                  rows: tuple[int, int] | None = None) -> bool:
        """Picture ``index`` drawn over ``surface`` (of the set's size, without
        per-pixel alpha; ``rows``: only from the first to before the second): read
        straight into its pixels when they are laid out as the file's. Whether it was
        there to read (if not, ``surface`` may hold part of it)."""
        if (not self.complete or not 0 <= index < self.count
                or surface.get_size() != self.size):
            return False
        width, height = self.size
        top, bottom = rows or (0, height)
        if not _laid_out_as_kept(surface):
            picture = self.read(index)
            if picture is None:
                return False
            band = pygame.Rect(0, top, width, bottom - top)
            surface.blit(picture.subsurface(band).convert(surface), band)
            return True
        row = width * 4
        try:
            with open(self.path, "rb", buffering=0) as file:
                file.seek(self._offset(index) + top * row)
                view = surface.get_view("1")  # (the surface is locked while it lives)
                with memoryview(view) as pixels, pixels.cast("B") as data:  # type: ignore[arg-type]
                    return file.readinto(data[top * row:bottom * row]) == (bottom - top) * row
        except (OSError, ValueError, pygame.error):
            return False

    def write(self, pictures: Mapping[int, pygame.Surface | bytes]) -> bool:
        """Keep the set (``pictures`` by index, every one of them, or their ``ORDER``
        bytes); then let go of the oldest sets of its kind beyond ``keep``. Whether it
        was written."""
        if self.complete or len(pictures) != self.count:
            return False

        def chunks() -> Iterator[bytes]:
            yield self._header
            for index in range(self.count):
                picture = pictures[index]
                data = (picture if isinstance(picture, bytes)
                        else pygame.image.tobytes(picture, ORDER))
                if len(data) != self._bytes:
                    raise ValueError("a picture of another size")
                yield data

        try:
            atomic_write(self.path, chunks(), durable=False)
        except (StorageError, ValueError, pygame.error):
            return False
        self.complete = True
        _prune(self.path.parent, self.path.suffix, self.keep)
        return True


def _laid_out_as_kept(surface: pygame.Surface) -> bool:
    """Whether ``surface``'s pixels are rows of ``ORDER`` bytes without gaps (the
    alpha byte unused), so that a kept picture's bytes can be read straight in."""
    return (sys.byteorder == "little" and surface.get_bitsize() == 32
            and surface.get_masks()[:3] == (0xFF0000, 0xFF00, 0xFF)
            and not surface.get_flags() & pygame.SRCALPHA
            and surface.get_pitch() == surface.get_width() * 4)


class KeptCards(KeptPictures):
    """The kept card set for one card size, colours, back and index, if there is one."""

    def __init__(self, size: tuple[int, int], choices: tuple[object, ...], art: Path,
                 count: int, folder: Path | None = None) -> None:
        """``choices``: what else the pictures depend on (colours, back, index);
        ``art``: the folder of the card art; ``count``: pictures in a set."""
        key = b"\0".join((repr(choices).encode(),
                          art_signature(art),
                          fonts_signature(),  # the large index
                          code_signature(*CARD_CODE)))
        super().__init__("cards", size, count, key, folder)


class KeptTable(KeptPictures):
    """The table's still layer (the cloth, the bar's strip, the empty places and the
    resting cards) for a window of ``size``, kept when the game closes for the next
    start that shows the same: ``key``, everything it shows."""

    keep = 2  # (a 4K one is 33 MB)

    def __init__(self, size: tuple[int, int], key: bytes) -> None:
        super().__init__("table", size, 1, key)


#: The window's icon, and its size (that of the picture kept).
ICON = ASSETS / "icon" / "spider.png"
ICON_SIZE = (256, 256)
#: The icon decoded afresh by :func:`window_icon`, to be kept by :func:`keep_icon`.
_unkept_icon: list[pygame.Surface] = []


class KeptIcon(KeptPictures):
    """The window's icon as its PNG decodes (:data:`ICON`), if it is kept."""

    keep = 1

    def __init__(self, folder: Path | None = None) -> None:
        super().__init__("icon", ICON_SIZE, 1, _signature([ICON]), folder)


def window_icon(folder: Path | None = None) -> pygame.Surface:
    """The window's icon: the picture an earlier start kept (a fifth of the time
    decoding the PNG takes), else :data:`ICON` decoded (and kept by :func:`keep_icon`).
    Raises ``pygame.error`` or ``FileNotFoundError`` if there is no icon to decode."""
    icon = KeptIcon(folder).read(0)
    if icon is None:
        icon = pygame.image.load(ICON)
        _unkept_icon[:] = [icon]
    return icon


def keep_icon(folder: Path | None = None) -> None:
    """Keep the icon :func:`window_icon` decoded for the next start (in spare time)."""
    while _unkept_icon:
        KeptIcon(folder).write({0: _unkept_icon.pop()})


def _prune(folder: Path, suffix: str, keep: int) -> None:
    """Remove all but the ``keep`` sets used or made last."""
    with contextlib.suppress(OSError):
        sets = sorted(_files(folder, suffix), key=lambda entry: entry.stat().st_mtime_ns)
        for entry in sets[:-keep]:
            os.unlink(entry.path)
