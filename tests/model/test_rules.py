"""One test per rule of docs/RULES.md (moving, dealing, runs, score, undo): a small
position, an action, the exact result."""

from __future__ import annotations

import pytest

from spider.model.actions import DEAL, CardFlipped, CardsDealt, CardsMoved, Move
from spider.model.actions import RunRemoved as Removed
from spider.model.game import IllegalAction, Rule
from tests.helpers import position, same_position, text_of

RUN_S = "Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"  # K..2 of spades, face up


def refused(game, action, rule: Rule) -> None:
    before = text_of(game)
    with pytest.raises(IllegalAction) as caught:
        game.play(action)
    assert caught.value.rule is rule
    assert caught.value.explanation()
    assert text_of(game) == before


def test_a_card_goes_on_one_rank_higher_whatever_the_suit() -> None:
    game = position("""
        stock:
        1: [5s] 9h
        2: Ts
    """)
    game.play(Move(0, 1))
    assert same_position(game, """
        score: 499
        moves: 1
        1: 5s
        2: Ts 9h
    """)


def test_a_card_two_ranks_lower_is_refused() -> None:
    refused(position("1: 8h\n2: Ts"), Move(0, 1), Rule.NOT_ONE_HIGHER)


def test_nothing_goes_on_an_ace() -> None:
    refused(position("1: Ks\n2: As"), Move(0, 1), Rule.NOT_ONE_HIGHER)


def test_a_one_suit_group_moves_together_under_classic() -> None:
    game = position("1: 4d 8h 7h 6h\n2: 9c")
    game.play(Move(0, 1, 3))
    assert same_position(game, "score: 499\nmoves: 1\n1: 4d\n2: 9c 8h 7h 6h")


def test_a_mixed_group_is_refused_under_classic() -> None:
    refused(position("1: 8h 7s\n2: 9c"), Move(0, 1, 2), Rule.MIXED_SUITS)


def test_a_mixed_group_moves_under_relaxed() -> None:
    game = position("rules: relaxed\n1: 8h 7s 6d\n2: 9c")
    game.play(Move(0, 1, 3))
    assert same_position(game, "rules: relaxed\nscore: 499\nmoves: 1\n1:\n2: 9c 8h 7s 6d")


def test_cards_out_of_sequence_never_move_together() -> None:
    refused(position("rules: relaxed\n1: 8h 6h\n2: 9c"), Move(0, 1, 2), Rule.NOT_IN_SEQUENCE)


def test_a_movable_group_may_be_split() -> None:
    game = position("1: 8h 7h 6h\n2: 8s")
    game.play(Move(0, 1, 2))
    assert same_position(game, "score: 499\nmoves: 1\n1: 8h\n2: 8s 7h 6h")


def test_face_down_cards_do_not_move() -> None:
    refused(position("1: [8h] 7h\n2: 9c"), Move(0, 1, 2), Rule.FACE_DOWN)


def test_the_card_under_a_moved_card_turns_up_at_once() -> None:
    game = position("1: [Kd] [4c] 9h\n2: Ts")
    outcome = game.play(Move(0, 1))
    assert same_position(game, "score: 499\nmoves: 1\n1: [Kd] 4c\n2: Ts 9h")
    assert outcome.events == (CardsMoved(0, 1, (game.columns[1][-1].card,)),
                              CardFlipped(0, game.columns[0][-1].card))


def test_an_empty_column_takes_any_card_or_group() -> None:
    game = position("1: 3c 8h 7h\n2:")
    game.play(Move(0, 1, 2))
    assert same_position(game, "score: 499\nmoves: 1\n1: 3c\n2: 8h 7h")


def test_f_to_t_onto_an_empty_column_takes_the_longest_group() -> None:
    game = position("1: 9d 8h 7h 6h\n2:")
    game.play(Move(0, 1))
    assert same_position(game, "score: 499\nmoves: 1\n1: 9d\n2: 8h 7h 6h")


def test_f_to_t_onto_a_card_takes_the_group_that_fits() -> None:
    game = position("1: 9h 8h 7h 6h\n2: 8c")
    game.play(Move(0, 1))
    assert same_position(game, "score: 499\nmoves: 1\n1: 9h 8h\n2: 8c 7h 6h")


def test_deal_puts_one_face_up_card_on_each_column_column_1_first() -> None:
    game = position("stock: 2h 3h 4h 5h\n1: [Ks] 9c\n2: 8d")
    outcome = game.play(DEAL)
    assert same_position(game, "score: 499\nmoves: 1\nstock: 4h 5h\n1: [Ks] 9c 2h\n2: 8d 3h")
    assert outcome.events[0] == CardsDealt((0, 1), tuple(c.card for c in
                                                         (game.columns[0][-1],
                                                          game.columns[1][-1])))


def test_a_short_last_deal_goes_to_the_first_columns() -> None:
    game = position("stock: 2h 3h\n1: 9c\n2: 8d\n3: 7s")
    game.play(DEAL)
    assert same_position(game, "score: 499\nmoves: 1\n1: 9c 2h\n2: 8d 3h\n3: 7s")


def test_dealing_is_refused_while_a_column_is_empty() -> None:
    refused(position("stock: 2h 3h\n1: 9c\n2:"), DEAL, Rule.EMPTY_COLUMN_BLOCKS_DEAL)


def test_dealing_an_empty_stock_is_refused() -> None:
    refused(position("stock:\n1: 9c\n2: 8d"), DEAL, Rule.STOCK_EMPTY)


def test_a_completed_one_suit_run_is_removed_and_the_card_under_it_turns() -> None:
    game = position(f"1: [5c] {RUN_S}\n2: 7d As")
    outcome = game.play(Move(1, 0))
    assert same_position(game, "score: 599\nmoves: 1\nremoved: 1\n1: 5c\n2: 7d")
    assert [type(event) for event in outcome.events] == [CardsMoved, Removed, CardFlipped]
    assert game.runs[-1].value == "s"


def test_a_deal_that_completes_a_run_removes_it() -> None:
    game = position(f"stock: As 9d\n1: {RUN_S}\n2: 8c")
    game.play(DEAL)
    assert same_position(game, "score: 599\nmoves: 1\nremoved: 1\n1:\n2: 8c 9d")


def test_a_mixed_suit_king_to_ace_stays_even_under_relaxed() -> None:
    game = position("rules: relaxed\n1: Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s\n2: 7d Ah")
    game.play(Move(1, 0))
    assert game.removed == 0 and len(game.columns[0]) == 13


def test_the_game_is_won_when_no_card_is_left() -> None:
    game = position(f"stock:\n1: {RUN_S}\n2: As")
    assert not game.is_won
    game.play(Move(1, 0))
    assert game.is_won and game.score == 599


def test_moves_and_deals_cost_one_and_the_score_never_goes_below_zero() -> None:
    game = position("score: 1\nstock: 2h 3h\n1: 9c 8c\n2: 9d")
    game.play(Move(0, 1))
    assert (game.score, game.moves) == (0, 1)
    game.play(DEAL)
    assert (game.score, game.moves) == (0, 2)


def test_a_run_removed_at_zero_scores_a_hundred() -> None:
    game = position(f"score: 0\n1: {RUN_S}\n2: As")
    game.play(Move(1, 0))
    assert (game.score, game.moves, game.removed) == (100, 1, 1)


def test_undo_reverts_a_move_with_its_flip_and_run_and_counters() -> None:
    start = f"score: 3\nmoves: 9\n1: [5c] {RUN_S}\n2: [Jh] As"
    game = position(start)
    game.play(Move(1, 0))
    outcome = game.undo()
    assert outcome.undone
    assert same_position(game, start)
    assert game.runs == []


def test_undo_reverts_a_whole_deal() -> None:
    start = "stock: 2h 3h 4h\n1: 9c\n2: 8d"
    game = position(start)
    game.play(DEAL)
    game.undo()
    assert same_position(game, start)


def test_redo_replays_until_a_new_action() -> None:
    game = position("stock: 2h 3h\n1: 9c 8c\n2: 9d\n3: Tc")
    game.play(Move(0, 1))
    after_move = text_of(game)
    game.play(DEAL)
    game.undo()
    game.undo()
    game.redo()
    assert text_of(game) == after_move
    game.play(Move(0, 2))
    with pytest.raises(IllegalAction) as caught:
        game.redo()
    assert caught.value.rule is Rule.NOTHING_TO_REDO


def test_nothing_to_undo() -> None:
    with pytest.raises(IllegalAction) as caught:
        position("1: 9c").undo()
    assert caught.value.rule is Rule.NOTHING_TO_UNDO


def test_at_least_a_hundred_actions_undo() -> None:
    game = position("1: 9c 8c\n2: 9d")
    start = text_of(game)
    for index in range(150):
        game.play(Move(index % 2, 1 - index % 2, 1))
    for _ in range(150):
        game.undo()
    assert text_of(game) == start


@pytest.mark.parametrize(("move", "rule"), [
    (Move(0, 0), Rule.SAME_COLUMN),
    (Move(0, 5), Rule.NO_SUCH_COLUMN),
    (Move(-1, 1), Rule.NO_SUCH_COLUMN),
    (Move(2, 0), Rule.EMPTY_SOURCE),
    (Move(0, 1, 5), Rule.EMPTY_SOURCE),
    (Move(3, 0), Rule.FACE_DOWN),
    (Move(0, 3), Rule.FACE_DOWN),
])
def test_each_refusal_names_its_rule(move: Move, rule: Rule) -> None:
    refused(position("1: 9c 8c\n2: 9d\n3:\n4: [5h]"), move, rule)


def test_best_destination_prefers_same_suit_then_any_then_empty() -> None:
    game = position("1: 9h\n2: 9s\n3: 5d Tc\n4:\n5: Th\n6: Ts")
    assert game.destinations(0, 1) == [2, 3, 4, 5]
    assert game.best_destination(0, 1) == 4  # 9h -> Th, the same suit, over Tc and the empty
    assert game.best_destination(1, 1) == 5  # 9s -> Ts
    game = position("1: 9h\n2: Tc\n3:\n4: Ts")
    assert game.best_destination(0, 1) == 1  # a one-higher target, lowest column
    game = position("1: 9h\n2: Jc\n3:\n4:")
    assert game.best_destination(0, 1) == 2  # the first empty column
    assert position("1: 9h\n2: Jc").best_destination(0, 1) is None
