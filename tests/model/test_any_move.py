"""The quick answers agree with the rules' own checks: ``Game.has_legal_move`` (the
stuck-table check) with ``legal_moves``, ``destinations`` with ``is_legal``."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spider.model.actions import Move
from spider.model.cards import Card, Suit
from spider.model.dealcode import DealCode
from spider.model.game import Game, Slot
from spider.model.notation import game_from_code

SUITS = list(Suit)

slots = st.builds(Slot, st.builds(Card, st.integers(1, 13), st.sampled_from(SUITS[:2])),
                  st.booleans())
#: Small tables of few ranks and two suits: runs, mixed groups, face-down tops,
#: empty columns and stuck positions all come up often.
tables = st.lists(st.lists(slots, max_size=6), min_size=1, max_size=6)


@given(tables, st.booleans())
@settings(max_examples=400, deadline=None)
def test_it_agrees_with_legal_moves_on_random_tables(columns: list[list[Slot]],
                                                     relaxed: bool) -> None:
    game = Game(columns, relaxed=relaxed)
    assert game.has_legal_move() == bool(game.legal_moves())


@given(tables, st.booleans())
@settings(max_examples=400, deadline=None)
def test_the_destinations_are_the_columns_a_legal_move_goes_to(columns: list[list[Slot]],
                                                              relaxed: bool) -> None:
    game = Game(columns, relaxed=relaxed)
    for source, column in enumerate(columns):
        for count in range(1, len(column) + 1):
            assert game.destinations(source, count) == [
                target for target in range(len(columns))
                if game.is_legal(Move(source, target, count))]


def test_it_agrees_with_legal_moves_through_played_games() -> None:
    rng = random.Random(19)
    answers = set()
    for number in range(6):
        game = game_from_code(DealCode("SP", rng.choice((1, 2, 4)), False, number))
        for _ in range(120):
            moves = game.legal_moves()
            assert game.has_legal_move() == bool(moves)
            answers.add(bool(moves))
            if game.stock and (not moves or rng.random() < 0.15) and all(game.columns):
                game.deal()
            elif moves:
                game.move(rng.choice(moves))
            else:
                break
    assert answers == {True, False}  # stuck tables were checked too
