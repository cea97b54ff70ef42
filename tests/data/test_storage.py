"""Atomic writes, the versioned envelope and setting damaged files aside."""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import platformdirs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spider.data import storage
from spider.data.storage import (
    DAMAGED,
    DISK_FULL,
    NEWER_VERSION,
    PERMISSION_DENIED,
    UNREADABLE,
    WRITE_FAILED,
    Loaded,
    StorageError,
    atomic_write_json,
    data_dir,
    load_document,
    save_document,
)

ASIDE = re.compile(r"game\.damaged-\d{8}-\d{6}(-\d+)?\.json")


def parse_game(data: dict[str, Any]) -> int:
    """A strict toy parser: data must be {"score": int}."""
    score = data["score"]
    if type(score) is not int:
        raise ValueError("score must be an int")
    return score


def load(path: Path) -> Loaded[int]:
    return load_document(path, "game", 2, parse_game)


def listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


# --- data folder -----------------------------------------------------------------


def test_data_dir_follows_environment_override(tmp_path, monkeypatch):
    monkeypatch.setenv("SPIDER_DATA_DIR", str(tmp_path / "custom"))
    assert data_dir() == tmp_path / "custom"
    assert not (tmp_path / "custom").exists()  # asking does not create it


@pytest.mark.parametrize("xdg", [None, "/srv/xdg home", "relative/xdg", ""])
@pytest.mark.parametrize(("folder", "override", "kind"), [
    (data_dir, "SPIDER_DATA_DIR", "data"), (storage.cache_dir, "SPIDER_CACHE_DIR", "cache")])
def test_folders_default_to_the_platformdirs_ones(monkeypatch, folder, override, kind, xdg):
    """Read without platformdirs on Linux, the folders are still the ones it gives."""
    monkeypatch.delenv(override, raising=False)
    variable = storage.XDG_FOLDERS[kind][0]
    if xdg is None:
        monkeypatch.delenv(variable, raising=False)
    else:
        monkeypatch.setenv(variable, xdg)
    wanted = getattr(platformdirs, f"user_{kind}_dir")("Spider", appauthor=False)
    assert folder() == Path(wanted)


# --- atomic writes ---------------------------------------------------------------


def test_write_creates_folders_and_round_trips(tmp_path):
    path = tmp_path / "a" / "b" / "doc.json"
    atomic_write_json(path, {"x": [1, 2], "name": "Tiếng Việt"})
    assert json.loads(path.read_text("utf-8")) == {"x": [1, 2], "name": "Tiếng Việt"}
    assert os.listdir(path.parent) == ["doc.json"]


def test_write_replaces_previous_file(tmp_path):
    path = tmp_path / "doc.json"
    atomic_write_json(path, {"v": 1})
    atomic_write_json(path, {"v": 2})
    assert json.loads(path.read_bytes()) == {"v": 2}
    assert os.listdir(tmp_path) == ["doc.json"]


def test_write_syncs_the_data_before_renaming(tmp_path, monkeypatch):
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        events.append("fsync")
        real_fsync(fd)

    def replace(src: Any, dst: Any) -> None:
        events.append("replace")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    atomic_write_json(tmp_path / "doc.json", {"v": 1})
    assert events[:2] == ["fsync", "replace"]


def test_unserialisable_document_touches_nothing(tmp_path):
    path = tmp_path / "doc.json"
    path.write_bytes(b"old")
    with pytest.raises((TypeError, ValueError)):
        atomic_write_json(path, {"bad": object()})
    with pytest.raises(ValueError):
        atomic_write_json(path, {"nan": float("nan")})
    assert listing(tmp_path) == {"doc.json": b"old"}


def _raise(exc: BaseException):
    def fail(*args: Any, **kwargs: Any) -> Any:
        raise exc

    return fail


def _half_write(exc: BaseException):
    """os.write that really writes half of the buffer, then fails like a crash."""
    real_write = os.write

    def write(fd: int, data: Any) -> int:
        real_write(fd, bytes(data)[: len(data) // 2])
        raise exc

    return write


FAILURES = [
    ("replace", _raise(PermissionError(errno.EACCES, "denied")), PERMISSION_DENIED),
    ("open", _raise(PermissionError(errno.EACCES, "denied")), PERMISSION_DENIED),
    ("open", _raise(OSError(errno.EROFS, "read-only")), PERMISSION_DENIED),
    ("fsync", _raise(OSError(errno.ENOSPC, "no space")), DISK_FULL),
    ("write", _raise(OSError(errno.ENOSPC, "no space")), DISK_FULL),
    ("write", _half_write(OSError(errno.ENOSPC, "no space")), DISK_FULL),
    ("write", _half_write(OSError(errno.EIO, "I/O error")), WRITE_FAILED),
]


@pytest.mark.parametrize(("name", "fake", "key"), FAILURES)
def test_failed_write_keeps_previous_file_and_leaves_no_temp(
    tmp_path, monkeypatch, name, fake, key
):
    path = tmp_path / "doc.json"
    atomic_write_json(path, {"v": "previous"})
    before = listing(tmp_path)
    monkeypatch.setattr(os, name, fake)
    with pytest.raises(StorageError) as caught:
        atomic_write_json(path, {"v": "new" * 1000})
    monkeypatch.undo()
    assert caught.value.key == key
    assert caught.value.path == path
    assert isinstance(caught.value, OSError)
    assert listing(tmp_path) == before


def test_crash_mid_write_keeps_previous_file(tmp_path, monkeypatch):
    # A non-OS exception (e.g. Ctrl+C) half-way through the temp file.
    path = tmp_path / "doc.json"
    atomic_write_json(path, {"v": "previous"})
    before = listing(tmp_path)
    monkeypatch.setattr(os, "write", _half_write(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        atomic_write_json(path, {"v": "new" * 1000})
    monkeypatch.undo()
    assert listing(tmp_path) == before


def test_leftover_temp_file_from_a_crash_does_not_disturb_loading(tmp_path):
    path = tmp_path / "game.json"
    save_document(path, "game", 2, {"score": 7})
    (tmp_path / ".game.json.abc123.tmp").write_bytes(b'{"kind": "ga')
    assert load(path) == Loaded(7)


def test_directory_in_place_of_file_raises_storage_error(tmp_path):
    path = tmp_path / "doc.json"
    path.mkdir()
    (path / "inside").write_bytes(b"keep")
    with pytest.raises(StorageError):
        atomic_write_json(path, {"v": 1})
    assert (path / "inside").read_bytes() == b"keep"
    assert sorted(os.listdir(tmp_path)) == ["doc.json"]


def test_folder_vanishing_mid_write_raises_storage_error(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    real_replace = os.replace

    def replace(src: Any, dst: Any) -> None:
        shutil.rmtree(folder)
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(StorageError) as caught:
        atomic_write_json(folder / "doc.json", {"v": 1})
    assert caught.value.key == WRITE_FAILED


def test_parent_is_a_file_raises_storage_error(tmp_path):
    (tmp_path / "data").write_bytes(b"not a folder")
    with pytest.raises(StorageError):
        atomic_write_json(tmp_path / "data" / "doc.json", {"v": 1})
    assert (tmp_path / "data").read_bytes() == b"not a folder"


def test_save_document_rejects_unknown_kind(tmp_path):
    with pytest.raises(ValueError):
        save_document(tmp_path / "x.json", "cheats", 1, {})
    assert not (tmp_path / "x.json").exists()


# --- loading ---------------------------------------------------------------------


def test_missing_file_is_no_problem(tmp_path):
    assert load(tmp_path / "game.json") == Loaded(None, None, None)
    assert load(tmp_path / "nowhere" / "game.json") == Loaded(None)
    assert list(tmp_path.iterdir()) == []


def test_round_trip_through_envelope(tmp_path):
    path = tmp_path / "game.json"
    save_document(path, "game", 2, {"score": 1183})
    assert json.loads(path.read_bytes()) == {"kind": "game", "version": 2, "data": {"score": 1183}}
    assert load(path) == Loaded(1183)


def envelope(**changes: Any) -> bytes:
    doc: dict[str, Any] = {"kind": "game", "version": 2, "data": {"score": 5}}
    doc.update(changes)
    return json.dumps(doc).encode()


GOOD = envelope()
DAMAGED_FILES = {
    "truncated": (GOOD[: len(GOOD) // 2], DAMAGED),
    "empty": (b"", DAMAGED),
    "binary": (bytes(range(256)) * 4, DAMAGED),
    "not-utf8": (b'{"kind": "g\xe9me"}', DAMAGED),
    "not-json": (b"kind = game\n", DAMAGED),
    "list": (b"[1, 2, 3]", DAMAGED),
    "deep-nesting": (b"[" * 100_000 + b"]" * 100_000, DAMAGED),
    "wrong-kind": (envelope(kind="settings"), DAMAGED),
    "no-kind": (json.dumps({"version": 2, "data": {"score": 5}}).encode(), DAMAGED),
    "older-version": (envelope(version=1), DAMAGED),
    "version-string": (envelope(version="2"), DAMAGED),
    "version-bool": (envelope(version=True), DAMAGED),
    "version-float": (envelope(version=2.0), DAMAGED),
    "newer-version": (envelope(version=3), NEWER_VERSION),
    "data-list": (envelope(data=[5]), DAMAGED),
    "no-data": (json.dumps({"kind": "game", "version": 2}).encode(), DAMAGED),
    "wrong-type": (envelope(data={"score": "5"}), DAMAGED),
    "missing-field": (envelope(data={}), DAMAGED),
}


@pytest.mark.parametrize("case", sorted(DAMAGED_FILES))
def test_damaged_file_is_set_aside_with_its_bytes(tmp_path, case):
    content, key = DAMAGED_FILES[case]
    path = tmp_path / "game.json"
    path.write_bytes(content)
    (tmp_path / "settings.json").write_bytes(b"other file")
    loaded = load(path)
    assert loaded.value is None
    assert loaded.problem == key
    assert loaded.set_aside is not None
    assert loaded.set_aside.parent == tmp_path
    assert ASIDE.fullmatch(loaded.set_aside.name)
    assert loaded.set_aside.read_bytes() == content
    assert not path.exists()
    assert (tmp_path / "settings.json").read_bytes() == b"other file"
    assert len(list(tmp_path.iterdir())) == 2


def test_version_bool_is_damaged_for_version_one(tmp_path):
    # True == 1 in Python; the loader must not accept it as version 1.
    path = tmp_path / "game.json"
    path.write_bytes(json.dumps({"kind": "game", "version": True, "data": {"score": 1}}).encode())
    loaded = load_document(path, "game", 1, parse_game)
    assert (loaded.value, loaded.problem) == (None, DAMAGED)


def test_parser_bug_is_reported_not_raised(tmp_path):
    path = tmp_path / "game.json"
    save_document(path, "game", 2, {"score": 5})

    def broken(data: Any) -> int:
        raise ZeroDivisionError

    loaded = load_document(path, "game", 2, broken)
    assert (loaded.value, loaded.problem) == (None, DAMAGED)
    assert loaded.set_aside is not None and loaded.set_aside.exists()


def test_directory_in_place_of_file_is_set_aside(tmp_path):
    path = tmp_path / "game.json"
    path.mkdir()
    (path / "inside.txt").write_bytes(b"keep me")
    loaded = load(path)
    assert (loaded.value, loaded.problem) == (None, DAMAGED)
    assert loaded.set_aside is not None
    assert (loaded.set_aside / "inside.txt").read_bytes() == b"keep me"
    assert not path.exists()
    save_document(path, "game", 2, {"score": 1})  # the slot is free again
    assert load(path) == Loaded(1)


def test_unreadable_file_is_set_aside(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    path.write_bytes(GOOD)
    monkeypatch.setattr(os, "open", _raise(PermissionError(errno.EACCES, "denied")))
    loaded = load(path)
    monkeypatch.undo()
    assert (loaded.value, loaded.problem) == (None, UNREADABLE)
    assert loaded.set_aside is not None
    assert loaded.set_aside.read_bytes() == GOOD


def test_failed_set_aside_still_reports_and_does_not_raise(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    path.write_bytes(b"garbage")
    monkeypatch.setattr(os, "rename", _raise(PermissionError(errno.EACCES, "denied")))
    assert load(path) == Loaded(None, DAMAGED, None)
    assert path.read_bytes() == b"garbage"


def test_set_aside_names_do_not_collide(tmp_path, monkeypatch):
    monkeypatch.setattr(storage, "_timestamp", lambda: "20240102-030405")
    path = tmp_path / "game.json"
    names = []
    for n in range(3):
        path.write_bytes(b"bad %d" % n)
        aside = load(path).set_aside
        assert aside is not None
        names.append(aside.name)
        assert aside.read_bytes() == b"bad %d" % n
    assert names == [
        "game.damaged-20240102-030405.json",
        "game.damaged-20240102-030405-1.json",
        "game.damaged-20240102-030405-2.json",
    ]


def test_or_default_fills_only_missing_value():
    assert Loaded(None, DAMAGED).or_default(3) == Loaded(3, DAMAGED)
    assert Loaded(4).or_default(3) == Loaded(4)


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.binary(max_size=200))
def test_any_bytes_load_without_raising(tmp_path, content):
    folder = tmp_path / os.urandom(8).hex()
    folder.mkdir()
    path = folder / "game.json"
    path.write_bytes(content)
    loaded = load(path)
    if loaded.problem is None:
        assert isinstance(loaded.value, int)
        assert path.read_bytes() == content
    else:
        assert loaded.value is None
        assert loaded.set_aside is not None
        assert loaded.set_aside.read_bytes() == content


@pytest.mark.slow
def test_storage_does_not_import_pygame():
    import subprocess
    import sys

    code = ("import sys, spider.data.settings, spider.data.statistics; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --- special files, size, versions, stale temporary files ----------------------------

def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _device(path: Path) -> None:
    os.symlink("/dev/zero", path)  # endless bytes: read_bytes() would never finish


def _too_big(path: Path) -> None:
    path.write_bytes(b" " * (storage.MAX_BYTES + 1))


def _socket(path: Path) -> None:
    import socket

    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()


SPECIAL = {"fifo": _fifo, "device": _device, "too big": _too_big, "socket": _socket}


@pytest.mark.skipif(os.name != "posix", reason="FIFOs, devices and sockets are POSIX")
@pytest.mark.parametrize("kind", SPECIAL)
def test_a_special_file_is_set_aside_without_blocking(tmp_path, kind):
    """Only a regular file is read: a FIFO with no writer must not block start-up (it
    did: the game hung before its window, deaf to SIGTERM)."""
    import threading

    path = tmp_path / "game.json"
    if len(str(path)) > 100 and kind == "socket":
        pytest.skip("the path is too long for a socket")
    SPECIAL[kind](path)
    answer: list[Loaded[int]] = []
    reader = threading.Thread(target=lambda: answer.append(load(path)), daemon=True)
    reader.start()
    reader.join(60)  # a guard against a hang, not a timing: the load needs no waiting
    assert answer, f"loading a {kind} blocked"
    assert answer[0].value is None and answer[0].problem in (DAMAGED, UNREADABLE)
    assert answer[0].set_aside is not None and not os.path.lexists(path)


def _upgrade(data: dict[str, Any]) -> dict[str, Any]:
    return {"score": data["points"]}


@pytest.mark.parametrize(("version", "data", "expected"), [
    (1, {"points": 7}, Loaded(7)),               # upgraded
    (2, {"score": 7}, Loaded(7)),                # current
    (0, {"points": 7}, Loaded(None, DAMAGED)),   # no way up
    (-5, {"points": 7}, Loaded(None, DAMAGED)),
    (3, {"score": 7}, Loaded(None, NEWER_VERSION)),
    (1, {"score": 7}, Loaded(None, DAMAGED)),    # the upgrade fails on it
])
def test_older_versions_are_upgraded_one_step_at_a_time(tmp_path, version, data, expected):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"kind": "game", "version": version, "data": data}))
    loaded = load_document(path, "game", 2, parse_game, {1: _upgrade})
    assert (loaded.value, loaded.problem) == (expected.value, expected.problem)


def test_stale_temporary_files_of_ours_are_swept(tmp_path):
    """A kill during a write leaves ``.game.json.XXXX.tmp``: swept at the next start,
    unless it is fresh (another running game may be writing it) or not ours."""
    old = time.time() - 2 * storage.STALE_SECONDS
    names = {".game.json.a1b2.tmp": True, ".settings.json.x_9.tmp": True,
             ".statistics.json.q.tmp": True, "game.json.a1b2.tmp": False,
             ".notes.json.a1b2.tmp": False, ".game.json.a1b2.tmp.keep": False,
             "game.json": False}
    for name in names:
        (tmp_path / name).write_text("x")
        os.utime(tmp_path / name, (old, old))
    (tmp_path / ".game.json.fresh.tmp").write_text("being written")
    (tmp_path / ".game.json.dir.tmp").mkdir()
    swept = storage.sweep_temporary(tmp_path)
    assert sorted(p.name for p in swept) == sorted(n for n, ours in names.items() if ours)
    left = {p.name for p in tmp_path.iterdir()}
    assert left == {n for n, ours in names.items() if not ours} | {
        ".game.json.fresh.tmp", ".game.json.dir.tmp"}
    assert storage.sweep_temporary(tmp_path / "missing") == []


def test_the_temporary_file_of_a_killed_write_is_swept_at_the_next_start(tmp_path):
    """A kill -9 between writing the data and the rename leaves the file that
    atomic_write_json made (its own naming): the next start removes it."""
    from spider.data.persistence import load_saved

    fd, name = tempfile.mkstemp(prefix=".game.json.", suffix=".tmp", dir=tmp_path)
    os.close(fd)
    old = time.time() - 2 * storage.STALE_SECONDS
    os.utime(name, (old, old))
    load_saved(tmp_path)
    assert not os.path.exists(name)


def test_the_data_layer_imports_neither_text_nor_pygame():
    """data sits below text and app: it hands up message keys, never translated text."""
    import ast

    folder = Path(storage.__file__).parent
    for source in folder.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert not name.startswith(("pygame", "spider.text", "spider.app")), (
                    f"{source.name} imports {name}")


_NAME_PARTS = st.sampled_from([".", "game", "settings", "statistics", "stats", ".json",
                               ".json.", "json", ".tmp", "tmp", "/", "\\", "x", "1", ""])


@given(st.lists(_NAME_PARTS, max_size=8).map("".join))
def test_temporary_names_are_exactly_those_of_our_writes(name: str) -> None:
    """The files a start sweeps: ``.<kind>.json.<anything but a slash>.tmp``."""
    ours = re.fullmatch(r"\.(?:settings|game|statistics)\.json\.[^/\\]*\.tmp", name)
    assert storage.is_temporary(name) == (ours is not None)
