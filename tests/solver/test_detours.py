"""Detours searched again: the exact position reached in fewer moves, the line still wins."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from spider.model.dealcode import DealCode
from spider.model.notation import game_from_code
from spider.solver.detours import bridge, groups, straighten
from spider.solver.shorten import positions_of, shorten
from spider.solver.solve import verify
from spider.solver.state import Step
from tests.helpers import solver_position as position
from tests.solver.test_finish import _raw_line

# 8s may wander onto 9s and back onto 9h; once dealt, 6c onto 7s and back onto 7h.
TABLE = """\
rules: classic
1: [Kd] 6h
2: [Qd] 9s
3: [Jd] 7h
4: [Td] 5h
5: [9d] 9h 8s
stock: 4s 8d 6c 9c 7s
"""


def test_groups_count_the_moves_that_carry_cards_at_least():
    assert groups(()) == 0
    assert groups(position("1: 7h 6h 5h\n").cols[0]) == 1  # one suit, in order: one move
    assert groups(position("1: 7h 6s 5h\n").cols[0]) == 3  # other suits: a move each
    assert groups(position("1: [8h] 7h\n").cols[0]) == 2  # a face-down card is its own


def test_a_wandering_way_to_a_position_is_replaced_by_the_shortest():
    start = position(TABLE)
    wandering: list[Step] = [(4, 1, 1), (1, 4, 1), (3, 0, 1)]
    target = positions_of(start, wandering)[-1]
    found, spent = bridge(start, target)
    assert found == [(3, 0, 1)] and spent > 0
    assert bridge(start, target, longest=1)[0] is None  # one move is not fewer than one


def test_no_way_is_searched_to_a_card_turned_back_down_or_across_a_deal():
    start = position(TABLE)
    turned = start.play((3, 0, 1))  # 5h leaves [Td], which turns face up
    assert bridge(turned, start) == (None, 0)  # the card would have to turn back down
    assert bridge(start, start.play(None)) == (None, 0)  # a deal is not a move


def test_a_line_with_a_detour_in_each_segment_gets_both_taken_out():
    start = position(TABLE)
    line: list[Step] = [(4, 1, 1), (1, 4, 1), (3, 0, 1), None, (2, 4, 1), (4, 2, 1), (1, 3, 1)]
    shorter, spent = straighten(start, line)
    assert shorter == [(3, 0, 1), None, (1, 3, 1)] and spent > 0
    assert positions_of(start, shorter)[-1] == positions_of(start, line)[-1]


@pytest.mark.slow
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(0, 10_000), suits=st.sampled_from((1, 2)))
@example(number=10, suits=4)  # a 4-suit deal that 60,000 positions win
def test_straightened_lines_reach_each_deal_as_before_and_win(number: int, suits: int):
    code = str(DealCode("SP", suits, False, number))
    start, steps = _raw_line(code, 60_000)
    straighter, spent = straighten(start, steps, nodes=4000)
    assert len(straighter) <= len(steps) and spent <= 4000
    before = [position for position, step in zip(positions_of(start, steps), [*steps, 0],
                                                  strict=True) if step is None]
    after = [position for position, step in zip(positions_of(start, straighter),
                                                 [*straighter, 0], strict=True) if step is None]
    assert after == before  # every deal is made on the very same table
    assert verify(game_from_code(DealCode.parse(code)), straighter)
    shorter = shorten(start, steps)
    assert len(shorter) <= len(steps)
    assert verify(game_from_code(DealCode.parse(code)), shorter)
