"""The help's worked example: its line is legal and wins, and each comment is true of its step."""

from __future__ import annotations

from spider.model import example
from spider.model.actions import DEAL, Move, Outcome, RunRemoved
from spider.model.dealcode import DealCode
from spider.model.notation import apply_token, game_from_code, parse_moves

KINDS = {"start", "empty", "run", "first-deal", "deal", "last-deal", "fill", "won"}


Step = tuple[Outcome | None, list[int], list[int]]


def replay() -> list[Step]:
    """For each step (0: the deal): its outcome, and the empty columns before and after it."""
    game = game_from_code(DealCode.parse(example.CODE))
    steps: list[Step] = [(None, [], [])]
    for token in parse_moves(example.LINE):
        before = [n for n, column in enumerate(game.columns) if not column]
        outcome = apply_token(game, token)          # raises on an illegal move
        after = [n for n, column in enumerate(game.columns) if not column]
        steps.append((outcome, before, after))
    return steps


def test_the_line_is_legal_and_wins_with_the_figures_the_help_quotes() -> None:
    code = DealCode.parse(example.CODE)
    assert (code.layout, code.suits, code.relaxed) == ("SP", 1, False)
    game = game_from_code(code)
    tokens = parse_moves(example.LINE)
    for token in tokens:
        apply_token(game, token)
    assert game.is_won
    assert game.moves == len(tokens) == example.MOVES
    assert game.score == example.SCORE == 500 - example.MOVES + 8 * 100


def test_each_comment_is_attached_to_a_step_where_it_is_true() -> None:
    steps = replay()
    tokens = parse_moves(example.LINE)
    deals = [n for n, token in enumerate(tokens, start=1) if token == DEAL]
    assert set(example.NOTES.values()) <= KINDS
    for step, kind in example.NOTES.items():
        assert 0 <= step < len(steps), step
        outcome, before, after = steps[step]
        action = outcome.action if outcome is not None else None
        removed = outcome is not None and any(isinstance(e, RunRemoved) for e in outcome.events)
        if kind == "start":
            assert step == 0
        elif kind == "empty":
            assert isinstance(action, Move) and set(after) - set(before), step
        elif kind == "run":
            assert removed, step
        elif kind == "won":
            assert step == len(tokens) and removed
        elif kind == "fill":
            assert isinstance(action, Move) and action.target in before, step
            assert not after and tokens[step] == DEAL, step   # the very next step deals
        else:
            assert action == DEAL, step
            if kind == "first-deal":
                assert step == deals[0]
            if kind == "last-deal":
                assert step == deals[-1]


def test_every_run_and_every_deal_has_its_comment() -> None:
    steps = replay()
    for step, (outcome, _, _) in enumerate(steps):
        if outcome is None:
            continue
        if any(isinstance(event, RunRemoved) for event in outcome.events):
            assert example.NOTES.get(step) in ("run", "won"), step
        if outcome.action == DEAL:
            assert example.NOTES.get(step) in ("first-deal", "deal", "last-deal"), step
