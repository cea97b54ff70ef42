"""The compiled code of the modules a start imports, kept together in one file.

Started from source, Python finds, checks and reads each of the game's modules apart
(its ``.pyc`` in ``__pycache__``): about a tenth of a millisecond a module before its
code runs, some 6 ms for the sixty the first frame needs, half of which a start taking
them from one file saves. So ``main.py`` calls
:func:`install` first: the code a start kept (:func:`keep`) is read in one go, and each
of those modules is taken from it as long as its source is as it was then (its size
and modification time, what Python checks of a ``.pyc``); a module changed since, or
not kept, is imported as usual. The file lies beside the package's own bytecode
(``spider/__pycache__/start.<interpreter>.code``) and is written as Python writes
bytecode: not when told not to, and only where it can. It holds Python's magic number,
the length of the index, the index (marshalled: where each module's code lies) and the
code: a start reads it once and unmarshals each module's part where it lies (no copy
of the whole code made, a millisecond before the first frame). A built game (its modules
already in one archive) keeps nothing. Whatever goes wrong (no file, a damaged one or
one of another Python) means the modules are imported as usual.

Only the standard library is imported here: this module comes before the game's.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
from importlib.machinery import ModuleSpec, SourceFileLoader
from importlib.util import MAGIC_NUMBER, cache_from_source, spec_from_file_location
from pathlib import Path
from types import CodeType

#: A kept module: its source file, that file's size and modification time when its
#: code was kept, and where its code (marshalled) lies in the kept code.
Kept = tuple[str, int, int, int, int]


class KeptCode:
    """Finds the kept modules (a finder on ``sys.meta_path``) and notes those that
    had to be imported as usual (then the file is kept again)."""

    def __init__(self, path: Path, modules: dict[str, Kept], code: memoryview) -> None:
        self.path = path
        self.modules = modules
        self.code = code  # (each module's part read where it lies)
        #: Whether a module of the game was not taken from the file (changed, or new).
        self.outdated = False

    def find_spec(self, name: str, path: object = None,
                  target: object = None) -> ModuleSpec | None:
        kept = self.modules.get(name)
        if kept is None:
            self.outdated = self.outdated or name.startswith(_PACKAGE + ".")
            return None
        try:
            source, size, modified, start, end = kept
            info = os.stat(source)
        except (OSError, TypeError, ValueError):
            info = None
        if info is None or (info.st_size, info.st_mtime_ns) != (size, modified):
            self.outdated = True
            return None
        loader = _KeptLoader(name, source, self.code[start:end], self)
        return spec_from_file_location(name, source, loader=loader)


class _KeptLoader(SourceFileLoader):
    """Loads a module from its kept code; everything else as from its source file."""

    def __init__(self, name: str, source: str, code: memoryview, finder: KeptCode) -> None:
        super().__init__(name, source)
        self._code = code
        self._finder = finder
        #: Whether the module's kept code was sound (else it came from its source).
        self.intact = True

    def get_code(self, fullname: str) -> CodeType | None:
        try:
            code = marshal.loads(self._code)
        except (EOFError, ValueError, TypeError):
            code = None
        if not isinstance(code, CodeType):  # (damaged): as from the source, kept again
            self.intact, self._finder.outdated = False, True
            return super().get_code(fullname)
        return code


_PACKAGE = __name__.partition(".")[0]
#: The finder installed by :func:`install` in this process (None: none).
_installed: KeptCode | None = None


def kept_path() -> Path | None:
    """Where the code is kept for this interpreter: beside the package's bytecode
    (None for a built game)."""
    if getattr(sys, "frozen", False):
        return None
    package = Path(__file__).with_name("__init__.py")
    try:
        bytecode = Path(cache_from_source(str(package)))  # (after PYTHONPYCACHEPREFIX, -O)
    except NotImplementedError:  # a Python that keeps no bytecode
        return None
    interpreter = bytecode.name.removeprefix("__init__.").removesuffix(".pyc")
    return bytecode.with_name(f"start.{interpreter}.code")


def install(path: Path | None = None) -> KeptCode | None:
    """Take the game's modules from the code kept at ``path`` (by default
    :func:`kept_path`'s) from now on; the finder, or None for a built game."""
    global _installed
    path = path or kept_path()
    if path is None:
        return None
    modules: dict[str, Kept] = {}
    code = memoryview(b"")
    with contextlib.suppress(OSError, ValueError, EOFError, TypeError):
        modules, code = read_kept(path)
    _installed = KeptCode(path, modules, code)
    sys.meta_path.insert(0, _installed)
    return _installed


#: The bytes that give the length of the index, after the magic number.
_INDEX_LENGTH = 4


def read_kept(path: Path) -> tuple[dict[str, Kept], memoryview]:
    """The index and the code kept at ``path``; raises OSError when it cannot be read,
    ValueError (or EOFError, TypeError) when it is not kept code of this Python."""
    with open(path, "rb") as file:
        data = memoryview(file.read())
    start = len(MAGIC_NUMBER) + _INDEX_LENGTH
    if data[:len(MAGIC_NUMBER)] != MAGIC_NUMBER:
        raise ValueError("not kept code of this Python")
    end = start + int.from_bytes(data[len(MAGIC_NUMBER):start], "little")
    modules = marshal.loads(data[start:end]) if end <= len(data) else None
    code = data[end:]
    if not isinstance(modules, dict) or max(
            (last for *_, last in modules.values()), default=0) != len(code):
        raise ValueError("a damaged file")  # (an index or code cut short, or another's)
    return modules, code


def packed(modules: dict[str, Kept], code: bytes | bytearray) -> bytes:
    """The file's bytes for the index ``modules`` and their ``code`` (see the module)."""
    index = marshal.dumps(modules)
    return b"".join((MAGIC_NUMBER, len(index).to_bytes(_INDEX_LENGTH, "little"), index, code))


def keep(names: list[str] | None = None) -> bool:
    """Once a start through :func:`install` has shown its first frame, keep the code
    of the modules it imported (``names``: by default every module of the game now
    loaded) when one of them was not taken from the file. Whether the file was
    written (at most once a run: later imports do not change what a start needs)."""
    global _installed
    finder, _installed = _installed, None
    if finder is None or not finder.outdated or sys.dont_write_bytecode:
        return False
    modules: dict[str, Kept] = {}
    code = bytearray()
    for name in names if names is not None else _loaded():
        spec: ModuleSpec | None = getattr(sys.modules.get(name), "__spec__", None)
        if spec is None or not isinstance(spec.origin, str):
            continue
        loader = spec.loader
        if isinstance(loader, _KeptLoader) and loader.intact and name in finder.modules:
            source, size, modified, start, end = finder.modules[name]  # as it was kept
            marshalled = bytes(finder.code[start:end])
        elif isinstance(loader, SourceFileLoader):
            try:
                info = os.stat(spec.origin)
                compiled = loader.get_code(name)  # from its .pyc when that is up to date
            except (OSError, ImportError, SyntaxError, ValueError):
                continue
            if compiled is None:
                continue
            source, size, modified = spec.origin, info.st_size, info.st_mtime_ns
            marshalled = marshal.dumps(compiled)
        else:
            continue
        modules[name] = (source, size, modified, len(code), len(code) + len(marshalled))
        code += marshalled
    temporary = finder.path.with_name(f"{finder.path.name}.{os.getpid()}.tmp")
    try:
        finder.path.parent.mkdir(parents=True, exist_ok=True)
        with open(temporary, "wb") as file:
            file.write(packed(modules, code))
        os.replace(temporary, finder.path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        return False
    return True


def _loaded() -> list[str]:
    return [name for name in list(sys.modules)
            if name == _PACKAGE or name.startswith(_PACKAGE + ".")]
