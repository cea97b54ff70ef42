"""The ending searched again: fewer moves, still a win, and a bound that holds."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from spider.model.dealcode import DealCode
from spider.model.notation import game_from_code
from spider.solver import shorten as shorten_module
from spider.solver.finish import BEAM_WIDTH, Gates, beam, finish, groups, moves_needed
from spider.solver.search import Searcher
from spider.solver.shorten import positions_of, shorten, shorter_by_beam, shorter_ending
from spider.solver.solve import verify
from spider.solver.state import Position, Step
from tests.helpers import solver_position as position

# Two runs to finish: the spades need their ace, the hearts their lower half.
TWO_RUNS = """\
rules: classic
removed: 6
1: Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
2: Kh Qh Jh Th 9h 8h 7h 6h
3: 5h 4h 3h 2h Ah
4: As
5:
"""


def test_groups_split_where_a_card_does_not_lie_on_its_next_higher_card():
    start = position(TWO_RUNS)
    assert groups(start.cols) == 4
    assert moves_needed(start.cols) == 2  # four groups, two runs: two moves at least
    assert groups(position("1: [Ks] [Qh] 5h 4h 3s\n2:\n").cols) == 4  # face-down cards count


def test_the_ending_found_is_the_shortest_and_wins():
    start = position(TWO_RUNS)
    line, spent = finish(start)
    assert line is not None and len(line) == 2 and spent > 0
    assert positions_of(start, line)[-1].is_won


def test_a_wandering_ending_is_replaced_and_a_short_one_kept():
    start = position(TWO_RUNS)
    wandering: list[Step] = [(3, 4, 1), (4, 0, 1), (2, 4, 5), (4, 1, 5)]
    shorter = shorter_ending(start, wandering)
    assert len(shorter) == 2 and positions_of(start, shorter)[-1].is_won
    assert shorter_ending(start, shorter) == shorter  # nothing shorter: the line stays


def test_a_long_ending_is_searched_from_near_its_end_first(monkeypatch):
    start = position(TWO_RUNS)
    # The ace of spades parked back and forth between two columns, then the two moves that win.
    wandering: list[Step] = [(3, 4, 1), (4, 3, 1)] * 20 + [(3, 0, 1), (2, 1, 5)]
    spans = []

    def searched(first: Position, nodes: int, longest: int, weight: float):
        spans.append(longest)
        return finish(first, nodes, longest, weight)

    monkeypatch.setattr(shorten_module, "finish", searched)
    shorter = shorter_ending(start, wandering)
    assert len(shorter) == 2 and positions_of(start, shorter)[-1].is_won
    assert spans[0] == shorten_module.ENDING_STRIDE  # the last moves first, then further back


# A deal left (the 2s, Ah and As): five moves and deals win, no fewer.
A_DEAL_LEFT = """\
rules: classic
removed: 6
1: Ks Qs Js Ts 9s 8s 7s 6s 5s 4s
2: 3s
3: Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h
stock: 2s Ah As
"""


def test_an_ending_is_searched_across_the_deals_left():
    start = position(A_DEAL_LEFT)
    assert moves_needed(start.cols, start.stock) == 5  # a deal, then six groups into two runs
    line, spent = finish(start)
    assert line is not None and None in line and len(line) == 5 and spent > 0
    assert positions_of(start, line)[-1].is_won
    assert finish(start, longest=5)[0] is None  # five are not fewer


def test_no_ending_is_searched_beyond_the_budget():
    assert finish(position(TWO_RUNS), nodes=0) == (None, 0)
    assert finish(position(TWO_RUNS), longest=2)[0] is None  # two moves are not fewer


def test_the_beam_finds_the_short_win_past_a_detour_and_it_replays():
    start = position(A_DEAL_LEFT)
    # The 3s parked on the 4s and moved back before the deal, then the five steps that win.
    short, _ = finish(start)
    assert short is not None
    detour: list[Step] = [(1, 0, 1), (0, 1, 1), *short]
    assert positions_of(start, detour)[-1].is_won
    shorter = shorter_by_beam(start, detour)
    assert len(shorter) == 5 and positions_of(start, shorter)[-1].is_won


def test_the_beam_deals_only_through_its_gate():
    start = position(A_DEAL_LEFT)
    line, spent = beam(start, 1_000)
    assert line is not None and len(line) == 5 and spent > 0
    assert beam(start, 1_000, gates={3: (7, 0)})[0] is None  # a seventh run before the deal
    assert beam(start, 1_000, longest=5)[0] is None  # five are not fewer
    assert beam(start, 0) == (None, 0)


def test_the_beam_from_the_start_is_the_widest(monkeypatch):
    start = position(A_DEAL_LEFT)
    short, _ = finish(start)
    assert short is not None
    widths = []

    def searched(first: Position, nodes: int, longest: int, gates: Gates, width: int):
        widths.append(width)
        return beam(first, nodes, longest, gates, width)

    monkeypatch.setattr(shorten_module, "beam", searched)
    shorter = shorter_by_beam(start, [(1, 0, 1), (0, 1, 1), *short])
    assert len(shorter) == 5 and positions_of(start, shorter)[-1].is_won
    # From the start, then from after the deal of the line it found.
    assert widths == [shorten_module.START_WIDTH, BEAM_WIDTH]
    assert shorten_module.START_WIDTH > BEAM_WIDTH


def test_a_detour_in_the_beams_line_is_taken_out(monkeypatch):
    start = position(TWO_RUNS)
    # The ace of spades parked on an empty column and moved back, then the two moves that win.
    wandering: list[Step] = [(3, 4, 1), (4, 3, 1), (3, 0, 1), (2, 1, 5)]
    assert positions_of(start, wandering)[-1].is_won
    monkeypatch.setattr(shorten_module, "shorter_by_beam", lambda *args, **kwargs: wandering)
    assert shorten(start, [(3, 0, 1), (2, 1, 5)]) == [(3, 0, 1), (2, 1, 5)]


def _raw_line(code: str, nodes: int) -> tuple[Position, list[Step]]:
    """A winning line as the search finds it, before any shortening."""
    start = Position.from_game(game_from_code(DealCode.parse(code)))
    steps = Searcher(start, math.inf, nodes=nodes).run()
    assert steps is not None
    return start, steps


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(0, 10_000), suits=st.sampled_from((1, 2)))
def test_shortened_lines_win_and_are_never_longer(number: int, suits: int):
    code = str(DealCode("SP", suits, False, number))
    start, steps = _raw_line(code, 60_000)
    shorter = shorten(start, steps)
    assert len(shorter) <= len(steps)
    assert verify(game_from_code(DealCode.parse(code)), shorter)
    ending = next(index for index in range(len(shorter), -1, -1)
                  if not positions_of(start, shorter[:index])[-1].stock)
    # The bound that prunes the searches holds for a real ending.
    rest = positions_of(start, shorter[:ending])[-1]
    assert len(shorter) - ending >= moves_needed(rest.cols)


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(0, 10_000), suits=st.sampled_from((1, 2, 4)), back=st.integers(0, 6))
def test_endings_searched_from_any_deal_win_and_are_shorter(number: int, suits: int, back: int):
    code = str(DealCode("SP", suits, False, number))
    start = Position.from_game(game_from_code(DealCode.parse(code)))
    steps = Searcher(start, math.inf, nodes=60_000).run()
    assume(steps is not None)
    assert steps is not None
    firsts = [0, *(index + 1 for index, step in enumerate(steps) if step is None)]
    first = firsts[max(0, len(firsts) - 1 - back)]
    ending, spent = finish(positions_of(start, steps[:first])[-1], 800, len(steps) - first)
    assert spent <= 800
    if ending is not None:
        assert len(ending) < len(steps) - first
        assert verify(game_from_code(DealCode.parse(code)), [*steps[:first], *ending])
