"""The game's dataclasses compiled once, as Python compiles a module once.

For every dataclass, :mod:`dataclasses` writes its methods (``__init__``, ``__eq__``,
``__repr__``, …) as text and compiles that text at every start: on Python 3.11 a third
of the time the game takes to import. :func:`install` keeps what that text compiles to
beside the game's bytecode (``spider/__pycache__``, or under ``sys.pycache_prefix``),
one file per Python version, read at start and written at exit when something new was
compiled (unless writing bytecode is turned off). A built game keeps nothing: its
folder is not the game's to write in.

Only the game's own classes are concerned (those of ``spider.*`` modules), and each
gets exactly what compiling its text gives, run as before in its module. A file that
cannot be read, or was written by another Python, is ignored; one that cannot be
written is not kept.
"""

from __future__ import annotations

import atexit
import builtins
import contextlib
import dataclasses
import importlib.util
import marshal
import os
import sys
from pathlib import Path
from types import CodeType
from typing import Any

#: The package whose classes are kept.
PACKAGE = "spider."
NAME = f"dataclasses.{sys.implementation.cache_tag}.bin"

_compiled: dict[str, CodeType] = {}
_state = {"new": False, "installed": False}


def cache_file() -> Path:
    """Where the compiled methods are kept: beside the package's own bytecode."""
    init = Path(__file__).with_name("__init__.py")
    return Path(importlib.util.cache_from_source(str(init))).with_name(NAME)


def _exec(source: Any, globals: dict[str, Any] | None = None,
          locals: dict[str, Any] | None = None, /) -> None:
    """:func:`exec` for :mod:`dataclasses`: a game class's text compiled once."""
    if (isinstance(source, str) and globals is not None
            and str(globals.get("__name__", "")).startswith(PACKAGE)):
        code = _compiled.get(source)
        if code is None:
            code = _compiled[source] = compile(source, "<string>", "exec")
            _state["new"] = True
        source = code
    builtins.exec(source, globals, locals)


def load(path: Path) -> dict[str, CodeType]:
    """The kept methods in ``path`` (nothing when it is missing, damaged or foreign)."""
    try:
        data = path.read_bytes()
        magic = importlib.util.MAGIC_NUMBER
        if not data.startswith(magic):
            return {}
        kept = marshal.loads(data[len(magic):])
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    if not isinstance(kept, dict):
        return {}
    return {text: code for text, code in kept.items()
            if isinstance(text, str) and isinstance(code, CodeType)}


def save(path: Path) -> bool:
    """Write what was compiled, when something new was and bytecode may be written."""
    if not _state["new"] or sys.dont_write_bytecode:
        return False
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(importlib.util.MAGIC_NUMBER + marshal.dumps(_compiled))
        os.replace(tmp, path)
    except (OSError, ValueError):
        with contextlib.suppress(OSError):
            tmp.unlink()
        return False
    _state["new"] = False
    return True


def install() -> None:
    """Have :mod:`dataclasses` use the kept methods (once per process)."""
    if _state["installed"] or getattr(sys, "frozen", False):
        return
    _state["installed"] = True
    path = cache_file()
    _compiled.update(load(path))
    dataclasses.exec = _exec  # type: ignore[attr-defined]  # found before the builtin
    atexit.register(save, path)
