"""Incremental position keys: the key a move is given before its position is built is the
key of the position it builds, and its new columns' hashes find their facts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spider.model.dealcode import DealCode
from spider.model.notation import game_from_code
from spider.solver.evaluation import Infos
from spider.solver.hashing import check, moved_key
from spider.solver.lookahead import HINT_WEIGHTS
from spider.solver.movegen import build, moves
from spider.solver.state import Position


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([1, 2, 4]), st.randoms())
def test_a_moves_key_is_its_positions_key(number, suits, rng: random.Random):
    position = Position.from_game(game_from_code(DealCode("SP", suits, False, number)))
    infos = Infos(False, HINT_WEIGHTS)
    for _ in range(40):
        cols, stock_len = position.cols, len(position.stock)
        key = check(cols, stock_len)
        for move in moves(cols, [infos[column] for column in cols], stock_len > 0, False):
            source, target, count, _ = move
            _, new, gone = build(cols, move, infos)
            if gone:
                continue  # a run removed: the search keys those from scratch
            before = infos[cols[source]], infos[cols[target]]
            rest, grown = infos.moved(cols[source], cols[target], count, *before)
            # The new columns' facts are found by their hashes before the columns are built.
            assert rest is infos[new[source]] and grown is infos[new[target]]
            field = 5 if stock_len else 6  # the columns' hashes, or their mix (unordered)
            after = moved_key(key, source, target, (before[0][field], before[1][field]),
                              (rest[field], grown[field]), ordered=stock_len > 0)
            assert after == check(new, stock_len)
        steps = position.legal_steps()
        if not steps:
            break
        position = position.play(rng.choice(steps))


def test_once_the_stock_is_empty_column_order_does_not_matter_but_places_of_cards_do():
    a, b, c = (13, 12), (45, 44, 43), (29,)
    assert check((a, b, c), 0) == check((c, a, b), 0)
    assert check((a, b, c), 3) != check((c, a, b), 3)
    # The same cards at the same depths, in other columns: another position, another key.
    assert check(((13, 44), (45, 12)), 0) != check(((13, 12), (45, 44)), 0)
