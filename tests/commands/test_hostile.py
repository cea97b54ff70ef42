"""Hostile input on the command line: every case is one clear line on stderr, exit 2,
nothing written where it should not be, and never a traceback (exit 70).

Most cases run ``spider.commands.main.main`` in this process (an escaping exception
fails the test as a traceback would); the issue's own examples also run as real
processes (``slow``).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from spider.commands.common import MAX_POSITION_BYTES
from spider.commands.main import main

ROOT = Path(__file__).resolve().parents[2]
CODE = "SP1-S1C-AAAAAAD"
NINES = "9" * 5000
RUN = "Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s As"

#: name -> position file content (text or bytes)
POSITIONS: dict[str, str | bytes] = {
    "removed 99999999999": "removed: 99999999999\n1: 9s\n",
    "removed 9": "removed: 9\n1:\n",
    "105 cards": "stock: 2s\n" + "".join(f"{n}: {RUN}\n" for n in range(1, 9)),
    "a card too often": "1: As As As As As As As As As\n",
    "3 of a card with four suits": "1: As Ah Ad Ac Ac Ac\n",
    "face-down above face-up": "1: [9s] 8s [7s]\n",
    "score of 5000 digits": f"score: {NINES}\n1: 9s\n",
    "moves 10^10": "moves: 10000000000\n1: 9s\n",
    "column 10^5000": f"{NINES}: 9s\n",
    "column 105": "".join(f"{n}:\n" for n in range(1, 106)),
    "not UTF-8": b"1: 9s \xff\xfe\n",
    "too big": "# " + "x" * MAX_POSITION_BYTES + "\n1: 9s\n",
    "NUL bytes": b"\x00" * 100,
    "only comments": "# nothing\n",
}


def _position(tmp_path: Path, name: str) -> str:
    path = tmp_path / "position.txt"
    content = POSITIONS[name]
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return str(path)


#: name -> arguments ("{tmp}" is this test's folder)
ARGUMENTS: dict[str, list[str]] = {
    "count of 5000 digits": ["play", "--code", CODE, f"1:{NINES}>2"],
    "column of 400 digits": ["play", "--code", CODE, "9" * 400 + ">1"],
    "target of 400 digits": ["play", "--code", CODE, "1>" + "9" * 400],
    "count 105": ["play", "--code", CODE, "1:105>2"],
    "full-width move": ["play", "--code", CODE, "６>１"],
    "Arabic-Indic move": ["play", "--code", CODE, "٦>١"],
    "sharp s in a code": ["deal", "SP1-S1C-AAAAAAß"],
    "dotless i in a code": ["deal", "SP1-S1C-AAAAAAı"],
    "Cyrillic in a code": ["play", "--code", "SP1-S1C-AAAAAAА"],
    "code of 100000 letters": ["deal", "Ä" * 100000],
    "start code with an accent": ["--code", "SP1-S1C-AAAAAAÉ"],
    "position is a folder": ["play", "--position", "{tmp}"],
    "position is /dev/zero": ["play", "--position", "/dev/zero"],
    "screenshot under /proc": ["screenshot", "/proc/no-such-folder/x.png", "--code", CODE],
    "screenshot onto a folder": ["screenshot", "{tmp}", "--code", CODE],
    "screenshot onto /dev/full": ["screenshot", "/dev/full", "--code", CODE],
    "screenshot under a file": ["screenshot", "{tmp}/file.txt/x.png", "--code", CODE],
    "screenshot 20-digit size": ["screenshot", "{tmp}/x.png", "--size", "9" * 20 + "x1080"],
    "screenshot size 0x0": ["screenshot", "{tmp}/x.png", "--size", "0x0"],
    "screenshot size 9000x9000": ["screenshot", "{tmp}/x.png", "--size", "9000x9000"],
    "screenshot full-width size": ["screenshot", "{tmp}/x.png", "--size", "８００x６００"],
    "solve for ever": ["solve", "--code", CODE, "--seconds", "inf"],
    "solve for 1e309 s": ["solve", "--code", CODE, "--seconds", "1e309"],
    "solve for NaN s": ["solve", "--code", CODE, "--seconds", "nan"],
    "solve for a year": ["solve", "--code", CODE, "--seconds", "31536000"],
    "bench figures under /proc": ["bench", "game", "--quick", "--json", "/proc/none/b.json"],
    "bench figures onto /dev/full": ["bench", "--json", "/dev/full"],
    "bench log onto a folder": ["bench", "solver", "--deals", "1", "--log", "{tmp}"],
    "bench log under /proc": ["bench", "solver", "--deals", "1", "--log", "/proc/none/x.log"],
}

CASES = [("position", name) for name in POSITIONS] + [("arguments", name) for name in ARGUMENTS]


def _arguments(kind: str, name: str, tmp_path: Path) -> list[str]:
    if kind == "position":
        return ["play", "--position", _position(tmp_path, name)]
    (tmp_path / "file.txt").write_text("a file, not a folder")
    return [word.replace("{tmp}", str(tmp_path)) for word in ARGUMENTS[name]]


@pytest.mark.skipif(os.name != "posix", reason="uses /proc and /dev")
@pytest.mark.parametrize(("kind", "name"), CASES)
def test_hostile_input_is_one_line_and_exit_2(kind: str, name: str, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    arguments = _arguments(kind, name, tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    status = main(arguments)
    out, err = capsys.readouterr()
    assert status == 2, (status, err)
    assert len(err.strip().splitlines()) == 1 and len(err) < 400, err
    assert out == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing written


#: The examples the issue gives, through a real process.
ISSUE_EXAMPLES = {
    "count of 5000 nines": ["play", "--code", "SP1-S1C-AAAAAAD", f"1:{NINES}>2"],
    "column of 400 nines": ["play", "--code", "SP1-S1C-AAAAAAD", "9" * 400 + ">1"],
    "removed 99999999999 (play)": ["play", "--position", "{position}"],
    "removed 99999999999 (solve)": ["solve", "--position", "{position}", "--seconds", "1"],
    "screenshot under /proc": ["screenshot", "/proc/missing/x.png"],
    "screenshot onto /dev/full": ["screenshot", "/dev/full"],
}


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="uses /proc and /dev")
@pytest.mark.parametrize("name", ISSUE_EXAMPLES)
def test_the_issues_examples_in_a_real_process(name: str, tmp_path: Path) -> None:
    position = tmp_path / "p.txt"
    position.write_text("removed: 99999999999\n1: 9s\n", encoding="utf-8")
    arguments = [word.replace("{position}", str(position)) for word in ISSUE_EXAMPLES[name]]
    env = {**os.environ, "SPIDER_DATA_DIR": str(tmp_path / "data")}
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), *arguments], cwd=ROOT,
                            capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_full_width_codes_work_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "ＳＰ１－Ｓ１Ｃ－ＡＡＡＡＡＡＤ"]) == 0
    plain = capsys.readouterr().out
    assert main(["deal", "SP1—S1C—AAAAAAD"]) == 0
    assert capsys.readouterr().out == plain


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("arguments", [
    ["deal", CODE], ["play", "--code", CODE, "6>1"], ["play", "--code", CODE, "1>2"],
    ["solve", "--position", "{position}", "--seconds", "5"],
])
def test_a_full_stdout_is_one_line_and_exit_2(arguments: list[str], tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    position = tmp_path / "p.txt"
    position.write_text("1: Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s\n2: As\n", encoding="utf-8")
    full = open("/dev/full", "w", encoding="utf-8")  # noqa: SIM115
    try:
        with monkeypatch.context() as patch:
            patch.setattr(sys, "stdout", full)
            status = main([word.replace("{position}", str(position)) for word in arguments])
    finally:
        with contextlib.suppress(OSError):  # what is left in its buffer cannot go either
            full.close()
    err = capsys.readouterr().err
    assert status == 2 and len(err.strip().splitlines()) == 1, err
