"""Position text and move tokens: reading, writing and round trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spider.model.game import DEAL, Move
from spider.model.notation import (
    REDO,
    UNDO,
    NotationError,
    format_moves,
    format_position,
    parse_moves,
    parse_position,
)

SPEC_EXAMPLE = """rules: classic
score: 500
moves: 0
removed: 0
stock: 4h Kd 2s
1: [5s] [Kh] [2d] 9c
2: [Ah] Ts 9s
3:
"""


def test_the_spec_example_round_trips_exactly() -> None:
    game = parse_position(SPEC_EXAMPLE)
    assert format_position(game) == SPEC_EXAMPLE
    assert len(game.columns) == 3 and game.columns[2] == []
    assert [slot.face_up for slot in game.columns[0]] == [False, False, False, True]


def test_input_is_case_insensitive_and_accepts_10() -> None:
    game = parse_position("RULES: Relaxed\nstock: 10H kd\n1: [10s] qC\n")
    assert format_position(game).splitlines()[:1] == ["rules: relaxed"]
    assert format_position(game).endswith("stock: Th Kd\n1: [Ts] Qc\n")


@pytest.mark.parametrize(("text", "fragment"), [
    ("1: 9s\n2 9h\n", "Line 2"),
    ("1: 9s\n1: 9h\n", "Line 2"),
    ("1: 9s\ncolour: red\n", "Line 2"),
    ("1: 9s\n3: 9h\n", "numbered 1, 2, 3"),
    ("rules: loose\n1: 9s\n", "loose"),
    ("score: -4\n1: 9s\n", "score"),
    ("stock: [9s]\n1: 9s\n", "Stock"),
    ("1: 9s 1x\n", "Line 1"),
])
def test_bad_position_text_names_what_is_wrong(text: str, fragment: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_position(text)
    assert fragment in str(caught.value)


def test_move_tokens() -> None:
    assert parse_moves("1>2, 3:4>5 d  u,r D") == [
        Move(0, 1), Move(2, 4, 4), DEAL, UNDO, REDO, DEAL]
    with pytest.raises(NotationError, match="x>2"):
        parse_moves("1>2 x>2")
    with pytest.raises(NotationError):
        parse_moves("1:0>2")


@given(st.lists(st.one_of(
    st.builds(Move, st.integers(0, 11), st.integers(0, 11), st.none() | st.integers(1, 20)),
    st.sampled_from([DEAL, UNDO, REDO]))))
def test_moves_round_trip(tokens: list) -> None:
    assert parse_moves(format_moves(tokens)) == tokens
