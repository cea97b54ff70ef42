"""The command line through a real subprocess: output, exit codes and messages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from spider.model.dealcode import DealCode
from spider.model.notation import format_position, game_from_code, parse_position

ROOT = Path(__file__).resolve().parents[2]
RUN = "Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"


def spider(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=cwd,
                          capture_output=True, text=True, timeout=60)


def test_deal_prints_the_starting_position() -> None:
    result = spider("deal", " sp1-s2c-bcdefgh ")
    assert result.returncode == 0, result.stderr
    assert result.stdout == format_position(game_from_code(DealCode.parse("SP1-S2C-BCDEFGH")))


def test_play_prints_the_resulting_position() -> None:
    result = spider("play", "--code", "SP1-S1C-AAAAAAD", "6>1", "d,u", "r")
    assert result.returncode == 0, result.stderr
    game = parse_position(result.stdout)
    assert (game.score, game.moves, len(game.stock)) == (498, 2, 40)


def test_the_worked_score_example_by_hand(tmp_path: Path) -> None:
    """Won in 117 moves without touching 0: 500 - 117 + 8 x 100 = 1183 (SPEC 1.4)."""
    columns = [f"{n}: {RUN}" for n in range(1, 9)]
    text = "\n".join(["rules: classic", "stock:", *columns, "9: " + " ".join(["As"] * 8),
                      "10:", "11:"])
    start = tmp_path / "example.txt"
    start.write_text(text + "\n", encoding="utf-8")
    shuttles = ["10>11", "11>10"] * 54
    finish = ["10>1"] + [f"9>{n}" for n in range(2, 9)]
    moves = ["9>10", *shuttles, *finish]
    assert len(moves) == 117
    result = spider("play", "--position", str(start), *moves)
    assert result.returncode == 0, result.stderr
    game = parse_position(result.stdout)
    assert (game.score, game.moves, game.removed) == (1183, 117, 8)
    assert game.is_won


def test_an_illegal_move_exits_1_naming_the_move_and_rule() -> None:
    result = spider("play", "--code", "SP1-S1C-AAAAAAD", "6>1", "1>2")
    assert result.returncode == 1
    assert result.stderr.strip() == (
        "illegal move 2 (1>2): not-one-higher: Only a card one rank lower can go here.")
    assert parse_position(result.stdout).moves == 1


@pytest.mark.parametrize(("args", "fragment"), [
    (("deal", "SP1-S3C-AAAAAAA"), "Group 2"),
    (("deal", "SP1-S1C-AAAAA"), "Group 3"),
    (("deal", "XY1-S1C-AAAAAAA"), "Group 1"),
    (("play", "--code", "SP1-S1C-AAAAAAA", "1>2", "jump"), '"jump" is not a move'),
    (("play", "--position", "no-such-file.txt"), "cannot read position file"),
    (("play",), "--code --position"),
    (("bogus",), "invalid choice"),
])
def test_bad_input_exits_2_with_one_clear_line(args: tuple[str, ...], fragment: str) -> None:
    result = spider(*args)
    assert result.returncode == 2
    assert fragment in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_bad_position_text_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("rules: classic\nscore: 500\n1: 9s Zq\n", encoding="utf-8")
    result = spider("play", "--position", str(bad))
    assert result.returncode == 2
    assert "Line 3" in result.stderr and '"Zq"' in result.stderr


def test_screenshot_takes_moves_after_its_options(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    result = spider("screenshot", str(out), "--size", "800x600", "--code", "SP1-S1C-AAAAAAD",
                    "6>1", "d")
    assert result.returncode == 0, result.stderr
    assert out.read_bytes().startswith(b"\x89PNG")


def test_screenshot_refuses_an_unknown_back_or_table(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    for option in (("--back", "plaid"), ("--table", "pink")):
        result = spider("screenshot", str(out), *option)
        assert result.returncode == 2 and not out.exists()
        assert len(result.stderr.strip().splitlines()) == 1 and option[1] in result.stderr
        assert "Traceback" not in result.stderr


def test_unknown_words_are_refused() -> None:
    assert spider("deal", "SP1-S1C-AAAAAAA", "extra").returncode == 2
    assert spider("play", "--code", "SP1-S1C-AAAAAAD", "6>1", "--bogus").returncode == 2
