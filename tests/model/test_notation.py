"""Position text and move tokens: reading, writing and round trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spider.model.actions import DEAL, Move
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


# ----------------------------------------------- positions a deck cannot hold (SPEC 3.2)
SPADES_RUN = "Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s As"
FOUR_SUITS = "As Ah Ad Ac"


def _columns(*lines: str) -> str:
    return "".join(f"{number}: {line}\n" for number, line in enumerate(lines, start=1))


#: name -> (position text, message key, line named (None: no line))
REFUSED = {
    "105 cards": ("stock: 2s\n" + _columns(*[SPADES_RUN] * 8), "position.card-copies", 9),
    "104 cards and a run removed": ("removed: 1\n" + _columns(*[SPADES_RUN] * 8),
                                    "position.too-many-cards", 9),
    "removed 9": ("removed: 9\n1:\n", "position.number-range", None),
    "4 removed and 1 card in 7 columns": ("removed: 4\n" + _columns("9s", *[""] * 6),
                                          "position.too-many-cards", 2),
    "removed 99999999999": ("removed: 99999999999\n1: 9s\n", "position.number-range", None),
    "removed of 5000 digits": ("removed: " + "9" * 5000 + "\n1: 9s\n",
                               "position.number-range", None),
    "53 cards in 7 columns": (_columns(SPADES_RUN, SPADES_RUN, SPADES_RUN, SPADES_RUN, "As",
                                       "", ""), "position.too-many-cards", 5),
    "9 aces of spades": (_columns("As " * 9), "position.card-copies", 1),
    "5 aces of spades in 7 columns": (_columns("As As As As As", *[""] * 6),
                                      "position.card-copies", 1),
    "5 aces of hearts with spades": (_columns("As", "Ah Ah Ah Ah Ah"), "position.card-copies", 2),
    "3 aces of clubs": (_columns(FOUR_SUITS, "Ac Ac"), "position.card-copies", 2),
    "2 aces of clubs in 7 columns": (_columns(FOUR_SUITS, "Ac", *[""] * 5),
                                     "position.card-copies", 2),
    "3 kings of diamonds in the stock": ("stock: Kd Kd Kd\n1: 9s\n", "position.card-copies", 1),
    "face-down above face-up": (_columns("[9s] 8s [7s]"), "position.face-down-above", 1),
    "face-down last": ("1: 9s\n2: Ks [Qs]\n", "position.face-down-above", 2),
    "score 10^9 + 1": ("score: 1000000001\n1: 9s\n", "position.number-range", None),
    "moves of 400 digits": ("moves: " + "9" * 400 + "\n1: 9s\n", "position.number-range", None),
    "score in other digits": ("score: ٥٠٠\n1: 9s\n", "position.number", None),
    "column 105": (_columns(*[""] * 104) + "105: 9s\n", "position.too-many-columns", 105),
    "column of 5000 digits": ("9" * 5000 + ": 9s\n", "position.too-many-columns", 1),
}


@pytest.mark.parametrize("case", REFUSED)
def test_a_position_no_deck_can_hold_is_refused_naming_the_line(case: str) -> None:
    text, key, line = REFUSED[case]
    with pytest.raises(NotationError) as caught:
        parse_position(text)
    assert caught.value.key == key
    assert caught.value.params.get("line") == line
    assert len(str(caught.value)) < 300  # quoted input is cut short


#: Positions at the limits, which are allowed (puzzles and tests use them).
ALLOWED = {
    "104 spades": _columns(*[SPADES_RUN] * 8),
    "8 runs removed, no card": "removed: 8\n1:\n",
    "4 runs removed in 7 columns": "removed: 4\n" + _columns(*[""] * 7),
    "52 spades in 7 columns": _columns(*[SPADES_RUN] * 4, "", "", ""),
    "4 aces of each of two suits": _columns("As As As As", "Ah Ah Ah Ah"),
    "2 of each of four suits": _columns(FOUR_SUITS, FOUR_SUITS),
    "fewer cards than a deck": "1: 9s\n",
    "many columns": _columns(*[""] * 104),
    "largest numbers": "score: 1000000000\nmoves: 1000000000\n1: 9s\n",
    "face-down under face-down under face-up": _columns("[Ks] [Qh] 9s 8s"),
}


@pytest.mark.parametrize("case", ALLOWED)
def test_positions_at_the_limits_are_read(case: str) -> None:
    game = parse_position(ALLOWED[case])
    assert parse_position(format_position(game)).columns == game.columns


#: Tokens with numbers out of range or written with other digits: refused as bad input
#: (before: a traceback for 5000 digits, or for 400 through a float in the message).
BAD_TOKENS = {
    "count of 5000 digits": "1:" + "9" * 5000 + ">2",
    "column of 400 digits": "9" * 400 + ">1",
    "target of 400 digits": "1>" + "9" * 400,
    "column 105": "105>1",
    "target 0": "1>0",
    "count 0": "1:0>2",
    "count 105": "1:105>2",
    "full-width digits": "１>２",
    "Arabic-Indic digits": "١>٢",
    "superscript digits": "¹>²",
    "Devanagari count": "1:५>2",
    "negative": "-1>2",
    "a space inside": "1 >2",
    "plus sign": "+1>2",
}


@pytest.mark.parametrize("case", BAD_TOKENS)
def test_move_numbers_are_ascii_digits_within_range(case: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_moves(BAD_TOKENS[case])
    assert caught.value.key in ("moves.bad-token", "moves.bad-number")
    assert len(str(caught.value)) < 300


def test_the_largest_move_numbers_are_read() -> None:
    assert parse_moves("104:104>104") == [Move(103, 103, 104)]
