"""Game analysis: the last winnable point of a played line, found by bisection."""

from __future__ import annotations

import random
import time

import pytest

from spider.model.dealcode import DealCode
from spider.model.notation import game_from_code, parse_position
from spider.solver.analysis import LOST, UNKNOWN, WINNABLE, analyse, search_position
from spider.solver.shorten import shorten
from spider.solver.solve import Solution, exhaustive, game_of, verify
from spider.solver.state import Position, Step
from tests.helpers import STUCK

NODES = 200_000  # exhausts every position below: answers never depend on the machine

# One deal lost by dealing at once: Q♠ must go onto K♠ before the deal buries them.
# Dealt at once, then J♠ onto Q♠, A♠ onto 2♠, the 6♠ it turns onto 7♠: no move is left.
LOST_BY_DEALING = """\
rules: classic
removed: 7
stock: Js 2s 7s
1: [4s] [6s] As
2: [9s] [5s] Ks
3: 8s 3s
4: [Ts] Qs
"""

# Lost by dealing at once too (Q♠ onto K♠ first wins), and the lost game can go on for long.
LONG_LOST = """\
rules: classic
removed: 7
stock: 4s 9s 5s
1: Ks
2: 3s 7s
3: [6s] [2s] [Js] [8s] As
4: Qs
5: Ts
"""

def start_of(text: str) -> Position:
    return Position.from_game(parse_position(text))


def counting_search(calls: list[Position]):
    def search(position: Position) -> Solution:
        calls.append(position)
        return search_position(position, 600.0, NODES)
    return search


def wins(position: Position, line: tuple[Step, ...]) -> bool:
    return verify(game_of(position), list(line))


def winnable(position: Position) -> bool:
    steps, proven, _ = exhaustive(position, NODES, time.monotonic() + 600)
    assert steps is not None or proven
    return steps is not None


def random_line(start: Position, seed: int, length: int, first: list[Step]) -> list[Step]:
    """``first``, then random legal steps (a game played by a careless player)."""
    rng = random.Random(seed)
    line, position = list(first), start
    for step in first:
        position = position.play(step)
    while len(line) < length:
        steps = position.legal_steps()
        if not steps or position.is_won:
            break
        step = rng.choice(steps)
        line.append(step)
        position = position.play(step)
    return line


def positions_of(start: Position, line: list[Step]) -> list[Position]:
    positions = [start]
    for step in line:
        positions.append(positions[-1].play(step))
    return positions


def test_a_game_lost_by_its_first_deal_names_the_deal_and_the_move_instead():
    start = start_of(LOST_BY_DEALING)
    line = random_line(start, 1, 40, [None])
    result = analyse(start, line, counting_search([]))
    assert (result.verdict, result.last_winnable, result.losing) == (LOST, 0, None)
    assert result.instead == (3, 1, 1)  # 4>2: the queen onto the king first
    assert wins(start, result.line)


def test_a_long_game_lost_at_its_first_deal_takes_a_few_searches():
    start = start_of(LONG_LOST)
    line = random_line(start, 1, 60, [None])
    assert len(line) == 60 and len(set(positions_of(start, line))) > 20
    calls: list[Position] = []
    result = analyse(start, line, counting_search(calls))
    assert (result.verdict, result.last_winnable, result.losing) == (LOST, 0, None)
    assert result.instead is not None and wins(start, result.line)
    assert result.searches == len(calls) <= 2 + len(line).bit_length()  # 8, not 61


@pytest.mark.parametrize("seed", [0, 1, 2, 14, 49, 57])  # 0 stays winnable
def test_the_last_winnable_point_is_the_one_a_search_of_every_prefix_finds(seed):
    """Bisection with what earlier searches learned agrees with searching every prefix."""
    start = start_of(LOST_BY_DEALING)
    solved = search_position(start, 600.0, NODES).steps
    assert solved is not None
    prefix = solved[:random.Random(seed).randrange(1, 12)]
    line = random_line(start, seed, len(prefix) + 30, prefix)
    positions = positions_of(start, line)
    expected = max((k for k, position in enumerate(positions) if winnable(position)),
                   default=None)
    calls: list[Position] = []
    result = analyse(start, line, counting_search(calls))
    assert len(calls) <= 2 + len(line).bit_length()
    if expected == len(line):
        assert result.verdict == WINNABLE
        assert wins(positions[-1], result.line)
        return
    assert (result.verdict, result.last_winnable) == (LOST, expected)
    assert expected is not None and expected >= len(prefix)  # the prefix is on a winning line
    assert result.losing == line[expected] != result.instead
    assert wins(positions[expected], result.line)
    assert not winnable(positions[expected + 1])


def test_a_stuck_position_could_never_be_won():
    start = start_of(STUCK)
    result = analyse(start, [], counting_search([]))
    assert (result.verdict, result.last_winnable, result.line) == (LOST, None, ())


def test_a_winnable_game_gives_a_winning_line_from_where_it_stands():
    start = start_of(LOST_BY_DEALING)
    line: list[Step] = [(3, 1, 1), None]
    calls: list[Position] = []
    result = analyse(start, line, counting_search(calls))
    assert result.verdict == WINNABLE and len(calls) == 1
    assert wins(positions_of(start, line)[-1], result.line)


def test_a_position_reached_twice_is_searched_once():
    """An undone move played again reaches a position already proven lost."""
    start = start_of(LOST_BY_DEALING)
    line: list[Step] = [None, (0, 3, 1), (3, 0, 1), (0, 3, 1), (3, 0, 1), (0, 3, 1)]
    positions = positions_of(start, line)
    assert positions[1] == positions[3] == positions[5]
    calls: list[Position] = []
    result = analyse(start, line, counting_search(calls))
    assert result.last_winnable == 0
    assert len(calls) == len(set(calls))


def test_a_budget_too_small_says_unknown_not_lost():
    start = start_of(LOST_BY_DEALING)
    result = analyse(start, [None], lambda position: search_position(position, 600.0, 16))
    assert (result.verdict, result.lost_from, result.winnable_until) == (UNKNOWN, 1, None)


@pytest.mark.parametrize(("undecided", "verdict", "bounds"), [
    (range(2, 40), LOST, (None, None)),   # the move after the last winnable point is proven
    (range(1, 40), UNKNOWN, (0, 40)),     # it is not: only bounds are known
])
def test_searches_without_an_answer_narrow_like_losses(undecided, verdict, bounds):
    start = start_of(LONG_LOST)
    line = random_line(start, 1, 40, [None])
    positions = positions_of(start, line)
    assert len(positions) == 41
    hidden = {positions[index] for index in undecided} - {positions[0], positions[-1]}
    if verdict == LOST:
        hidden.discard(positions[1])

    def search(position: Position) -> Solution:
        if position in hidden:
            return Solution(None, False, 0.0)
        return search_position(position, 600.0, NODES)

    result = analyse(start, line, search)
    assert result.verdict == verdict
    assert (result.winnable_until, result.lost_from) == bounds
    if verdict == LOST:
        assert result.last_winnable == 0 and wins(start, result.line)


@pytest.mark.slow
def test_the_line_shown_is_the_found_line_shortened():
    start = Position.from_game(game_from_code(DealCode.parse("SP1-S1C-BCDEFGH")))
    found = search_position(start, 600.0, NODES).steps
    assert found is not None
    result = analyse(start, [], lambda position: search_position(position, 600.0, NODES))
    assert result.verdict == WINNABLE and wins(start, result.line)
    assert result.line == tuple(shorten(start, found)) and len(result.line) < len(found)
