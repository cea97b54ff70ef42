"""Safe JSON documents on disk: atomic writes, a versioned envelope, damaged files set aside.

Every file is ``{"kind": KIND, "version": N, "data": {...}}``. Writing never leaves a
half-written file in place; reading never raises and never blocks: only a regular file
of at most :data:`MAX_BYTES` is read (a FIFO, a device or a folder in its place is not
opened for reading). Anything unusable is renamed aside (kept for the player) and the
caller gets ``None`` plus a message key to show. Temporary files that an interrupted
write left behind are swept by :func:`sweep_temporary`.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Generic, TypeVar

from spider import environment
from spider.jsonread import loads
from spider.model.values import replace, value

T = TypeVar("T")

#: The folder name under the platform's user folders.
APP_NAME = "Spider"

KINDS = ("settings", "game", "statistics")
#: The largest file read back: far above any real save (a long game is tens of kB).
MAX_BYTES = 4 * 1024 * 1024
#: A temporary file of ours older than this (seconds) is left over from a killed write.
STALE_SECONDS = 60.0

# Message keys (translated by the UI).
DAMAGED = "storage.damaged"
NEWER_VERSION = "storage.newer-version"
UNREADABLE = "storage.unreadable"
DISK_FULL = "storage.disk-full"
PERMISSION_DENIED = "storage.permission-denied"
WRITE_FAILED = "storage.write-failed"


class StorageError(OSError):
    """A document could not be saved; ``key`` is the message key, ``path`` the target."""

    def __init__(self, key: str, path: Path, detail: str = "") -> None:
        super().__init__(f"{key}: {path}: {detail}" if detail else f"{key}: {path}")
        self.key = key
        self.path = path


@value
class Loaded(Generic[T]):
    """Result of a load: the value (None if missing or damaged) and what went wrong."""

    value: T | None
    problem: str | None = None
    set_aside: Path | None = None

    def or_default(self, default: T) -> Loaded[T]:
        """The same result with ``default`` in place of a missing value."""
        return self if self.value is not None else replace(self, value=default)


def data_dir() -> Path:
    """The folder for saved data: $SPIDER_DATA_DIR, else the platform's user data folder."""
    override = os.environ.get(environment.DATA_DIR)
    if override:
        return Path(override).expanduser()
    return user_folder("data")


def cache_dir() -> Path:
    """The folder for files kept only to start faster: $SPIDER_CACHE_DIR, else the
    platform's user cache folder (anything in it may be deleted)."""
    override = os.environ.get(environment.CACHE_DIR)
    if override:
        return Path(override).expanduser()
    return user_folder("cache")


#: The XDG Base Directory variable of each kind of user folder, and its default.
XDG_FOLDERS = {"data": ("XDG_DATA_HOME", ".local/share"), "cache": ("XDG_CACHE_HOME", ".cache")}


def user_folder(kind: str) -> Path:
    """The game's user folder of ``kind`` (``data`` or ``cache``): platformdirs' on
    Windows and macOS; elsewhere the XDG one, read here as platformdirs reads it
    (importing platformdirs would cost every start a few milliseconds): the variable
    when it holds an absolute path, else its default in the home folder."""
    if sys.platform in ("win32", "darwin"):
        import platformdirs

        folder: str = getattr(platformdirs, f"user_{kind}_dir")(APP_NAME, appauthor=False)
        return Path(folder)
    variable, default = XDG_FOLDERS[kind]
    base = os.environ.get(variable, "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), default)
    return Path(base) / APP_NAME


def _error_key(exc: OSError) -> str:
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return DISK_FULL
    if isinstance(exc, PermissionError) or exc.errno == errno.EROFS:
        return PERMISSION_DENIED
    return WRITE_FAILED


def _fsync_folder(folder: Path) -> None:
    """Make a rename durable where the platform allows opening folders (POSIX)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_json(path: Path | str, document: Any) -> None:
    """Replace ``path`` with ``document`` as JSON, all or nothing.

    Raises StorageError on any OS failure; the previous file is then untouched and no
    temporary file is left. A document that is not JSON-serialisable raises
    TypeError/ValueError before the disk is touched.
    """
    import json  # (not before the first frame: see spider.jsonread)

    payload = (json.dumps(document, ensure_ascii=False, indent=2, allow_nan=False) + "\n").encode()
    atomic_write(path, (payload,))


def atomic_write(path: Path | str, chunks: Iterable[bytes], durable: bool = True) -> None:
    """Replace ``path`` with the bytes of ``chunks``, all or nothing: written beside it,
    then renamed over it. ``durable``: flushed to the disk, the rename too (saved data;
    a cache need not be).

    Raises StorageError on any OS failure (anything else ``chunks`` raises goes through);
    the previous file is then untouched and no temporary file is left.
    """
    path = Path(path)
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            for chunk in chunks:
                view = memoryview(chunk)
                while view:
                    view = view[os.write(fd, view) :]
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise StorageError(_error_key(exc), path, str(exc)) from exc
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    if durable:
        _fsync_folder(path.parent)


def save_document(path: Path | str, kind: str, version: int, data: dict[str, Any]) -> None:
    """Write ``data`` inside the versioned envelope, atomically (see atomic_write_json)."""
    if kind not in KINDS:
        raise ValueError(f"unknown document kind {kind!r}")
    atomic_write_json(path, {"kind": kind, "version": version, "data": data})


def _timestamp() -> str:
    from datetime import datetime  # here: only a damaged file is set aside

    return datetime.now().strftime("%Y%m%d-%H%M%S")


def set_aside(path: Path) -> Path | None:
    """Rename ``path`` to ``<stem>.damaged-<stamp>[-n]<suffix>``; None if that fails."""
    stamp = _timestamp()
    for n in range(1000):
        tail = f"-{n}" if n else ""
        target = path.with_name(f"{path.stem}.damaged-{stamp}{tail}{path.suffix}")
        if os.path.lexists(target):
            continue
        try:
            os.rename(path, target)
        except FileExistsError:
            continue
        except OSError:
            return None
        return target
    return None


class _Bad(Exception):
    """A document is unusable; ``key`` says why."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


Upgrades = Mapping[int, Callable[[Any], Any]]


def _parse_envelope(raw: bytes, kind: str, version: int, parse: Callable[[Any], T],
                    upgrades: Upgrades) -> T:
    """Decode and check a document; raises _Bad with the problem key."""
    try:
        document = loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise _Bad(DAMAGED) from exc
    if not isinstance(document, dict) or document.get("kind") != kind:
        raise _Bad(DAMAGED)
    found = document.get("version")
    if type(found) is not int:
        raise _Bad(DAMAGED)
    if found > version:
        raise _Bad(NEWER_VERSION)
    if not isinstance(document.get("data"), dict):
        raise _Bad(DAMAGED)
    data = document["data"]
    try:
        while found < version:  # an older file: brought up to date one version at a time
            if found not in upgrades:
                raise _Bad(DAMAGED)
            data, found = upgrades[found](data), found + 1
        return parse(data)
    except _Bad:
        raise
    except Exception as exc:  # a parser must never stop the game
        raise _Bad(DAMAGED) from exc


def read_regular(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes.

    Never blocks: the file is opened without waiting (a FIFO with no writer opens at
    once) and checked before anything is read. Raises FileNotFoundError when there is
    nothing there, _Bad(DAMAGED) for something that is not such a file, OSError else.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            raise _Bad(DAMAGED)
        chunks, size = [], 0
        while chunk := os.read(fd, min(1 << 20, limit + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:  # it grew while being read
                raise _Bad(DAMAGED)
        return b"".join(chunks)
    finally:
        os.close(fd)


def load_document(path: Path | str, kind: str, version: int, parse: Callable[[Any], T],
                  upgrades: Upgrades | None = None) -> Loaded[T]:
    """Read a document of ``kind`` at ``version``; never raises, never blocks.

    Missing file: ``Loaded(None)``. An older version is brought up to date by
    ``upgrades[n]`` (data of version n to data of version n + 1). Anything wrong
    (unreadable, not a regular file, too big, not UTF-8 JSON, wrong kind, a version
    with no way up, ``parse`` raising, a folder in its place): the file is set aside and
    ``Loaded(None, problem_key, set_aside_path_or_None)`` is returned.
    """
    path = Path(path)
    try:
        if path.is_dir():
            raise _Bad(DAMAGED)
        raw = read_regular(path)
        return Loaded(_parse_envelope(raw, kind, version, parse, upgrades or {}))
    except (FileNotFoundError, NotADirectoryError):  # no file (its folder is a file: the
        return Loaded(None)                          # first save tells the player, once)
    except _Bad as bad:
        problem = bad.key
    except OSError:
        problem = UNREADABLE
    return Loaded(None, problem, set_aside(path))


def is_temporary(name: str) -> bool:
    """Whether ``name`` is that of one of our temporary files: ``.game.json.`` (or
    another kind's), anything without a slash, ``.tmp`` (told without compiling a
    regex: a start asks)."""
    kind, found, rest = name.partition(".json.")
    return (found != "" and kind[:1] == "." and kind[1:] in KINDS and rest.endswith(".tmp")
            and "/" not in rest and "\\" not in rest)


def sweep_temporary(folder: Path, now: float | None = None) -> list[Path]:
    """Delete the temporary files of our own naming (``.game.json.*.tmp``…) that a
    killed write left in ``folder`` more than :data:`STALE_SECONDS` ago; return them.
    Anything else, and a write under way in another running game, is left alone."""
    now = time.time() if now is None else now
    swept: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return swept
    for entry in entries:
        if not is_temporary(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_SECONDS:
                os.unlink(entry.path)
                swept.append(Path(entry.path))
        except OSError:
            continue
    return swept
