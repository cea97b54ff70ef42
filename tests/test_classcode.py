"""The game's dataclasses compiled once: a class made from kept code is the class
compiling its text makes, and a damaged file of kept code is ignored."""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from spider import classcode

SOURCE = '''
from dataclasses import dataclass, field

@dataclass(frozen=True, slots=True)
class Point:
    x: int
    y: int = 0
    tags: tuple[str, ...] = field(default=())

@dataclass(order=True)
class Counter:
    count: int = 0
'''


@pytest.fixture
def module() -> Iterator[types.ModuleType]:
    """A game module (``spider.*``) whose classes are made from ``SOURCE``."""
    made: list[str] = []

    def make() -> types.ModuleType:
        name = f"spider.kept_code_example_{len(made)}"
        made.append(name)
        module = sys.modules[name] = types.ModuleType(name)
        exec(compile(SOURCE, name, "exec"), module.__dict__)
        return module

    yield make  # type: ignore[misc]
    for name in made:
        sys.modules.pop(name, None)


def behaviour(module: types.ModuleType) -> list[object]:
    point = module.Point(1, tags=("a",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 2
    counters = sorted([module.Counter(3), module.Counter(1)])
    return [repr(point), point == module.Point(1, 0, ("a",)), hash(point) == hash((1, 0, ("a",))),
            point.__slots__, repr(counters), module.Counter() < module.Counter(1)]


def test_classes_from_kept_code_are_the_classes_compiled_afresh(
        module, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert dataclasses.exec is classcode._exec  # installed with the package
    monkeypatch.setattr(classcode, "_compiled", {})
    monkeypatch.setitem(classcode._state, "new", False)
    fresh = behaviour(module())
    assert classcode._compiled and classcode._state["new"]
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    path = tmp_path / classcode.NAME
    assert classcode.save(path)
    kept = classcode.load(path)
    assert kept.keys() == classcode._compiled.keys()

    # A later start: the kept code is read, nothing is compiled.
    monkeypatch.setattr(classcode, "_compiled", kept)

    def no_compiling(*args: object) -> None:
        raise AssertionError("compiled again")

    monkeypatch.setattr(classcode, "compile", no_compiling, raising=False)
    assert behaviour(module()) == fresh


def test_other_packages_classes_are_compiled_as_ever(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(classcode, "_compiled", {})

    @dataclasses.dataclass
    class Elsewhere:  # a class of the tests, not of the game
        value: int = 1

    assert Elsewhere() == Elsewhere(1) and classcode._compiled == {}


@pytest.mark.parametrize("content", [b"", b"not marshal data",
                                     importlib.util.MAGIC_NUMBER + b"\xff\x00garbage",
                                     b"\x00\x00\x00\x00" + b"\x00" * 40])
def test_a_damaged_or_foreign_file_is_ignored(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / classcode.NAME
    path.write_bytes(content)
    assert classcode.load(path) == {}
    assert classcode.load(tmp_path / "missing.bin") == {}


def test_nothing_is_written_where_bytecode_is_not(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(classcode._state, "new", True)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert not classcode.save(tmp_path / classcode.NAME)
    assert not (tmp_path / classcode.NAME).exists()
