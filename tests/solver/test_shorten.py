"""Shorter winning lines: detours go, the line still plays legally and wins."""

from __future__ import annotations

import random
import threading

import pytest

from spider.model.dealcode import DealCode
from spider.model.notation import game_from_code
from spider.solver import shorten as shorten_module
from spider.solver import solve as solve_module
from spider.solver.shorten import drop_moves, is_legal, shortcuts, shorten
from spider.solver.solve import solve, verify
from spider.solver.state import Position, Step
from spider.solver.winnable import can_still_win, find_winnable_code
from tests.helpers import LAST_MOVE_WINS
from tests.helpers import solver_position as position

# The ace of spades finishes the run on column 1; columns 3 and 4 are free to wander to.
ACE = LAST_MOVE_WINS + "3:\n4:\n"


def test_a_move_and_its_reverse_are_dropped():
    start = position(ACE)
    line: list[Step] = [(1, 2, 1), (2, 1, 1), (1, 0, 1)]
    assert shortcuts(start, line) == [(1, 0, 1)]
    assert shorten(start, line) == [(1, 0, 1)]


def test_a_card_parked_on_the_way_goes_straight_to_its_place():
    start = position(ACE)
    line: list[Step] = [(1, 2, 1), (2, 3, 1), (3, 0, 1)]
    shorter = shorten(start, line)
    assert shorter == [(1, 0, 1)]
    assert drop_moves(start, [(1, 2, 1), (2, 0, 1)]) == [(1, 0, 1)]


def test_a_move_that_the_win_needs_stays():
    start = position(ACE)
    assert shorten(start, [(1, 0, 1)]) == [(1, 0, 1)]


def test_legality_follows_the_rules():
    start = position(ACE)
    assert is_legal(start, (1, 0, 1)) and is_legal(start, (1, 2, 1))
    assert not is_legal(start, (0, 1, 1))  # the 2 does not go on the ace
    assert not is_legal(start, (2, 0, 1))  # nothing to move from an empty column
    assert not is_legal(start, (1, 1, 1)) and not is_legal(start, None)


@pytest.mark.slow
def test_solved_deals_get_lines_no_longer_that_still_win():
    for code in ("SP1-S1C-AAAAAAB", "SP1-S2C-AAAAAAC"):
        game = game_from_code(DealCode.parse(code))
        start = Position.from_game(game)
        result = solve(game, 600, nodes=40_000)
        assert result.won and verify(game, result.steps)
        again = shorten(start, result.steps)
        assert len(again) <= len(result.steps) and verify(game, again)


def test_asking_whether_a_win_exists_spends_nothing_on_a_shorter_line(monkeypatch):
    def refuse(*_: object, **__: object) -> list[Step]:
        raise AssertionError("a line was shortened only to be thrown away")

    monkeypatch.setattr(solve_module, "shorten", refuse)
    code = find_winnable_code("SP", 1, False, 600, random.Random(7), nodes_per_try=60_000)
    assert can_still_win(game_from_code(code), 600, nodes=60_000) is True


def test_a_cancelled_shortening_searches_nothing_and_keeps_a_winning_line(monkeypatch):
    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("the ending was searched after the player cancelled")

    monkeypatch.setattr(shorten_module, "finish", refuse)
    cancel = threading.Event()
    cancel.set()
    start = position(ACE)
    assert shorten(start, [(1, 2, 1), (2, 1, 1), (1, 0, 1)], cancel=cancel) == [(1, 0, 1)]
