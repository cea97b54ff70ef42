"""Property tests: random games with undo and redo keep every invariant of the rules."""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from spider.model.actions import DEAL, Move
from spider.model.dealcode import NUMBER_LIMIT, DealCode
from spider.model.game import Game, IllegalAction
from spider.model.notation import format_position, game_from_code, parse_position
from tests.helpers import card_multiset


def hidden_counts(game: Game) -> list[int]:
    return [sum(not slot.face_up for slot in column) for column in game.columns]


class RandomGames(RuleBasedStateMachine):
    """Plays random legal and illegal actions, undoes and redoes, checking invariants."""

    @initialize(layout=st.sampled_from(["SP", "SB", "SO"]), suits=st.sampled_from([1, 2, 4]),
                relaxed=st.booleans(), number=st.integers(0, NUMBER_LIMIT - 1))
    def start(self, layout: str, suits: int, relaxed: bool, number: int) -> None:
        self.game = game_from_code(DealCode(layout, suits, relaxed and suits > 1, number))
        self.cards = card_multiset(self.game)
        self.texts = [format_position(self.game)]  # position after each action still done
        self.scores = [500]
        self.redo_texts: list[str] = []

    def after_action(self, outcome_runs: int, hidden_before: list[int]) -> None:
        expected = max(0, self.scores[-1] - 1) + 100 * outcome_runs
        assert self.game.score == expected
        assert self.game.moves == len(self.scores)
        for column, before, after in zip(self.game.columns, hidden_before,
                                         hidden_counts(self.game), strict=True):
            assert after in (before, before - 1)
            if after == before - 1:  # the card that turned up is the exposed one
                assert len(column) == after + 1
        self.scores.append(self.game.score)
        self.texts.append(format_position(self.game))
        self.redo_texts.clear()

    @rule(data=st.data())
    def legal_move(self, data: st.DataObject) -> None:
        moves = self.game.legal_moves()
        if not moves:
            return
        move = data.draw(st.sampled_from(moves))
        hidden = hidden_counts(self.game)
        outcome = self.game.play(move)
        self.after_action(outcome.runs_removed, hidden)

    @rule()
    def deal(self) -> None:
        before = format_position(self.game)
        hidden = hidden_counts(self.game)
        try:
            outcome = self.game.play(DEAL)
        except IllegalAction as refusal:
            assert refusal.rule.value in ("stock-empty", "empty-column-blocks-deal")
            assert format_position(self.game) == before
            return
        self.after_action(outcome.runs_removed, hidden)

    @rule(source=st.integers(-1, 10), destination=st.integers(-1, 10),
          count=st.none() | st.integers(1, 14))
    def any_move(self, source: int, destination: int, count: int | None) -> None:
        before = format_position(self.game)
        hidden = hidden_counts(self.game)
        try:
            outcome = self.game.play(Move(source, destination, count))
        except IllegalAction:
            assert format_position(self.game) == before
            return
        self.after_action(outcome.runs_removed, hidden)

    @precondition(lambda self: len(self.texts) > 1)
    @rule()
    def undo(self) -> None:
        self.redo_texts.append(self.texts.pop())
        self.scores.pop()
        self.game.undo()
        assert format_position(self.game) == self.texts[-1]

    @precondition(lambda self: bool(self.redo_texts))
    @rule()
    def redo(self) -> None:
        self.game.redo()
        self.texts.append(self.redo_texts.pop())
        self.scores.append(self.game.score)
        assert format_position(self.game) == self.texts[-1]

    @invariant()
    def cards_are_never_lost_or_made(self) -> None:
        assert card_multiset(self.game) == self.cards

    @invariant()
    def undo_and_redo_availability_match_history(self) -> None:
        assert self.game.can_undo == (len(self.texts) > 1)
        assert self.game.can_redo == bool(self.redo_texts)

    @invariant()
    def position_text_round_trips(self) -> None:
        text = format_position(self.game)
        assert format_position(parse_position(text)) == text


RandomGames.TestCase.settings = settings(max_examples=60, stateful_step_count=60, deadline=None)
TestRandomGames = pytest.mark.slow(RandomGames.TestCase)
