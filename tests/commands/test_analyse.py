"""``analyse``: the verdict lines, their lines checked with ``play``, exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest

from spider.model.notation import parse_position
from tests.commands.test_cli import spider
from tests.helpers import STUCK
from tests.solver.test_analysis import LOST_BY_DEALING

BUDGET = ("--nodes", "200000", "--seconds", "600")


def report(text: str) -> dict[str, str]:
    return dict(line.split(": ", 1) for line in text.splitlines())


@pytest.fixture
def lost_by_dealing(tmp_path: Path) -> Path:
    path = tmp_path / "lost.txt"
    path.write_text(LOST_BY_DEALING, encoding="utf-8")
    return path


def plays_to_a_win(position: Path, *moves: str) -> bool:
    result = spider("play", "--position", str(position), *moves)
    assert result.returncode == 0, result.stderr
    return parse_position(result.stdout).is_won


def test_a_game_lost_by_one_deal(lost_by_dealing: Path) -> None:
    result = spider("analyse", "--position", str(lost_by_dealing), "d", "1>4", "1>2", *BUDGET)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:3] == ["verdict: lost", "last-winnable: 0", "instead: 4:1>2"]
    found = report(result.stdout)
    assert found["line"].startswith(found["instead"] + " ")
    assert found["lost-by"] == "d"
    assert plays_to_a_win(lost_by_dealing, *found["line"].split())


def test_undone_moves_are_not_part_of_the_game(lost_by_dealing: Path) -> None:
    """The queen moved and taken back, then the deal: the game is the deal alone."""
    result = spider("analyse", "--position", str(lost_by_dealing), "4>2", "u", "d", "u", "r",
                    *BUDGET)
    found = report(result.stdout)
    assert (found["verdict"], found["last-winnable"], found["moves"]) == ("lost", "0", "1")
    assert found["lost-by"] == "d"


def test_a_stuck_position(tmp_path: Path) -> None:
    stuck = tmp_path / "stuck.txt"
    stuck.write_text(STUCK, encoding="utf-8")
    result = spider("analyse", "--position", str(stuck), *BUDGET)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[:2] == ["verdict: lost", "last-winnable: none"]
    assert "instead" not in report(result.stdout)


@pytest.mark.slow
def test_a_winnable_deal_gives_a_line_from_the_final_position() -> None:
    moves = ("6>1", "d")
    result = spider("analyse", "--code", "SP1-S1C-AAAAAAD", *moves, "--seconds", "60")
    assert result.returncode == 0, result.stderr
    found = report(result.stdout)
    assert found["verdict"] == "winnable"
    final = spider("play", "--code", "SP1-S1C-AAAAAAD", *moves, *found["line"].split())
    assert final.returncode == 0 and parse_position(final.stdout).is_won


def test_a_small_budget_says_unknown(lost_by_dealing: Path) -> None:
    result = spider("analyse", "--position", str(lost_by_dealing), "d", "--nodes", "16")
    assert result.returncode == 0, result.stderr
    found = report(result.stdout)
    assert found["verdict"] == "unknown" and "lost after move 1" in found["searched"]


def test_an_illegal_move_exits_1_like_play(lost_by_dealing: Path) -> None:
    result = spider("analyse", "--position", str(lost_by_dealing), "d", "1>3")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.strip() == (
        "illegal move 2 (1>3): not-one-higher: Only a card one rank lower can go here.")


@pytest.mark.parametrize(("args", "fragment"), [
    (("--code", "SP1-S3C-AAAAAAA"), "Group 2"),
    (("--code", "SP1-S1C-AAAAAAA", "jump"), '"jump" is not a move'),
    (("--code", "SP1-S1C-AAAAAAA", "--nodes", "0"), "--nodes"),
    (("--code", "SP1-S1C-AAAAAAA", "--seconds", "-1"), "--seconds"),
    (("--position", "no-such-file.txt"), "cannot read position file"),
])
def test_bad_input_exits_2_with_one_line(args: tuple[str, ...], fragment: str) -> None:
    result = spider("analyse", *args)
    assert result.returncode == 2 and result.stdout == ""
    assert fragment in result.stderr and len(result.stderr.strip().splitlines()) == 1
