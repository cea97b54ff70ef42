"""Crash handling: a forced exception writes a report and exits non-zero, no real box."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import tomllib
from datetime import datetime
from pathlib import Path

import pytest

from spider.commands import crash
from spider.data.storage import data_dir
from tests.helpers import PATIENCE

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reports go to this test's own folders, never the player's or the shared temp folder."""
    data, temp = tmp_path / "data", tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setenv("SPIDER_DATA_DIR", str(data))
    monkeypatch.setattr(tempfile, "tempdir", str(temp))


def boom() -> int:
    raise ValueError("the table fell over")


class Box:
    """A stand-in for the message box: records what it was asked to show."""

    def __init__(self) -> None:
        self.shown: list[tuple[str, str]] = []

    def __call__(self, title: str, message: str) -> bool:
        self.shown.append((title, message))
        return True


def reports(folder: Path) -> list[Path]:
    return sorted(folder.glob("crash-*.txt"))


def test_a_forced_exception_writes_a_report_and_exits_non_zero(
        capsys: pytest.CaptureFixture[str]) -> None:
    box = Box()
    status = crash.run_guarded(boom, show=box)
    assert status == crash.EXIT_CRASH != 0
    [report] = reports(data_dir())
    text = report.read_text(encoding="utf-8")
    assert "ValueError: the table fell over" in text
    assert "Traceback (most recent call last)" in text and "in boom" in text
    assert f"version: {crash.app_version()} (source)" in text
    assert "platform: " in text and "python: 3." in text
    [(title, message)] = box.shown
    assert title == "Spider"
    assert "the table fell over" in message and str(report) in message
    assert str(report) in capsys.readouterr().err


def test_the_report_goes_to_the_temp_folder_when_the_data_folder_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("SPIDER_DATA_DIR", str(blocker / "Spider"))
    temp = Path(tempfile.gettempdir())
    box = Box()
    assert crash.run_guarded(boom, show=box) == crash.EXIT_CRASH
    [report] = reports(temp)
    assert "the table fell over" in report.read_text(encoding="utf-8")
    assert str(report) in box.shown[0][1]


def test_when_no_report_can_be_written_the_player_is_still_told(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setattr(crash, "report_folders", lambda: [blocker / "a", blocker / "b"])
    box = Box()
    assert crash.run_guarded(boom, show=box) == crash.EXIT_CRASH
    [(_, message)] = box.shown
    assert "could not be saved" in message and "the table fell over" in message


def test_two_crashes_in_the_same_second_keep_both_reports(tmp_path: Path) -> None:
    when = datetime(2026, 1, 2, 3, 4, 5)
    first = crash.write_report("one", folders=[tmp_path], when=when)
    second = crash.write_report("two", folders=[tmp_path], when=when)
    assert first is not None and second is not None and first != second
    assert first.name == "crash-20260102-030405.txt"
    assert (first.read_text(), second.read_text()) == ("one", "two")


def test_a_failing_message_box_does_not_hide_the_exit_status() -> None:
    def broken_box(title: str, message: str) -> None:
        raise RuntimeError("no display")

    assert crash.run_guarded(boom, show=broken_box) == crash.EXIT_CRASH
    assert len(reports(data_dir())) == 1


def test_normal_exits_pass_through() -> None:
    box = Box()
    assert crash.run_guarded(lambda: 0, show=box) == 0
    assert crash.run_guarded(lambda: 2, show=box) == 2
    assert crash.run_guarded(lambda: None, show=box) == 0
    with pytest.raises(SystemExit):
        crash.run_guarded(lambda: sys.exit(3), show=box)

    def interrupted() -> int:
        raise KeyboardInterrupt

    assert crash.run_guarded(interrupted, show=box) == 130
    assert box.shown == [] and reports(data_dir()) == []


def test_headless_runs_never_open_a_box(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert crash.show_message_box("Spider", "text") is False


def test_missing_console_streams_are_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    try:
        assert crash.run_guarded(boom, show=Box()) == crash.EXIT_CRASH
        assert sys.stdout is not None and sys.stderr is not None
    finally:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.close()


def test_the_version_is_the_projects() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert crash.app_version() == pyproject["project"]["version"]


@pytest.mark.slow
def test_main_py_is_wrapped_in_the_handler(tmp_path: Path) -> None:
    """The real entry point, forced to crash: a report, a message on stderr, status 70."""
    env = dict(os.environ, SPIDER_TEST_CRASH="1", SPIDER_DATA_DIR=str(tmp_path),
               SDL_VIDEODRIVER="dummy")
    result = subprocess.run([sys.executable, str(ROOT / "main.py")], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=PATIENCE)
    assert result.returncode == crash.EXIT_CRASH, result.stderr
    [report] = reports(tmp_path)
    assert "ForcedCrash" in report.read_text(encoding="utf-8")
    assert f"Crash report: {report}" in result.stderr
