"""Deal codes: reading, writing, errors, and the version-1 shuffle pinned forever."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spider.model.cards import Card, Suit
from spider.model.dealcode import NUMBER_LIMIT, DealCode, DealCodeError, encode_number
from spider.model.layouts import LAYOUTS
from spider.model.notation import format_position, game_from_code

GOLDEN = Path(__file__).with_name("golden") / "deals.txt"


def reference_deal(layout: str, suits: int, number: int) -> tuple[list[list[str]], list[str]]:
    """SPEC 1.6 written out again as literally as possible, independent of the game code."""
    decks = 1 if layout == "SO" else 2
    suit_letters = "shdc"[:suits]
    copies = 4 * decks // suits
    cards = [r + s for s in suit_letters for _ in range(copies) for r in "A23456789TJQK"]
    state = number
    mask = 2**64 - 1

    def next_value() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) % 2**64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        return (z ^ (z >> 31)) & mask

    for i in range(len(cards) - 1, 0, -1):
        j = next_value() % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    heights = {"SP": [6] * 4 + [5] * 6, "SB": [5] * 10, "SO": [1, 2, 3, 4, 5, 6, 7]}[layout]
    columns: list[list[str]] = [[] for _ in heights]
    while any(len(c) < h for c, h in zip(columns, heights, strict=True)):
        for column, height in zip(columns, heights, strict=True):
            if len(column) < height:
                column.append(cards.pop(0))
    return columns, cards


def test_spec_example_reads_as_described() -> None:
    code = DealCode.parse("SP1-S1C-AAAAAAD")
    assert (code.layout, code.version, code.suits, code.relaxed, code.number) == (
        "SP", 1, 1, False, 3)
    assert str(code) == "SP1-S1C-AAAAAAD"


def test_input_is_case_insensitive_and_trimmed() -> None:
    assert DealCode.parse("  sb1-s4r-zzzzzzz \n") == DealCode("SB", 4, True, NUMBER_LIMIT - 1)


@given(st.sampled_from(sorted(LAYOUTS)), st.sampled_from([1, 2, 4]), st.booleans(),
       st.integers(0, NUMBER_LIMIT - 1))
def test_codes_round_trip(layout: str, suits: int, relaxed: bool, number: int) -> None:
    code = DealCode(layout, suits, relaxed and suits > 1, number)
    assert DealCode.parse(str(code)) == code


@pytest.mark.parametrize(("text", "group", "fragment"), [
    ("SP1-S1C", 0, "three groups"),
    ("SX1-S1C-AAAAAAA", 1, "Group 1"),
    ("SP2-S1C-AAAAAAA", 1, "SP, SB or SO"),
    ("SP1-S3C-AAAAAAA", 2, "Group 2"),
    ("SP1-S4X-AAAAAAA", 2, "C for Classic or R for Relaxed"),
    ("SP1-S1R-AAAAAAA", 2, "always Classic"),
    ("SP1-S2C-AAAAAA", 3, "7 letters"),
    ("SP1-S2C-AAAAAA1", 3, "Group 3"),
    ("", 0, "three groups"),
])
def test_bad_codes_name_the_wrong_group(text: str, group: int, fragment: str) -> None:
    with pytest.raises(DealCodeError) as caught:
        DealCode.parse(text)
    assert caught.value.group == group
    assert fragment in str(caught.value)


def test_number_letters_are_base_26_most_significant_first() -> None:
    assert encode_number(0) == "AAAAAAA"
    assert encode_number(3) == "AAAAAAD"
    assert encode_number(26) == "AAAAABA"
    assert encode_number(NUMBER_LIMIT - 1) == "ZZZZZZZ"


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("suits", [1, 2, 4])
@pytest.mark.parametrize("number", [0, 1, 3, 12345, NUMBER_LIMIT - 1])
def test_deal_matches_the_spec_written_out(layout: str, suits: int, number: int) -> None:
    columns, stock = DealCode(layout, suits, False, number).deal()
    expected_columns, expected_stock = reference_deal(layout, suits, number)
    assert [[str(c) for c in column] for column in columns] == expected_columns
    assert [str(c) for c in stock] == expected_stock


@pytest.mark.parametrize(("layout", "suits", "columns", "face_down", "stock"), [
    ("SP", 1, 10, 44, 50), ("SP", 4, 10, 44, 50), ("SB", 2, 10, 40, 54), ("SO", 4, 7, 21, 24),
])
def test_starting_positions_have_the_layouts_shape(layout: str, suits: int, columns: int,
                                                   face_down: int, stock: int) -> None:
    game = game_from_code(DealCode(layout, suits, False, 7))
    assert len(game.columns) == columns
    assert sum(not slot.face_up for column in game.columns for slot in column) == face_down
    assert all(column[-1].face_up for column in game.columns)
    assert len(game.stock) == stock
    decks = 1 if layout == "SO" else 2
    counts = {suit: 0 for suit in Suit}
    for card in game.cards():
        counts[card.suit] += 1
    assert sorted(counts.values(), reverse=True)[:suits] == [52 * decks // suits] * suits
    assert sum(counts.values()) == 52 * decks


def golden_blocks() -> dict[str, str]:
    blocks: dict[str, str] = {}
    for block in GOLDEN.read_text(encoding="utf-8").split("\n\n"):
        if block.strip():
            header, _, body = block.strip().partition("\n")
            blocks[header.removeprefix("code: ")] = body + "\n"
    return blocks


def test_golden_deals_never_change() -> None:
    blocks = golden_blocks()
    assert len(blocks) >= 18
    for code, expected in blocks.items():
        assert format_position(game_from_code(DealCode.parse(code))) == expected, code


def test_random_codes_are_valid_and_vary() -> None:
    codes = {DealCode.random("SO", 2, True) for _ in range(20)}
    assert len(codes) > 1
    assert all(code.layout == "SO" and code.suits == 2 and code.relaxed for code in codes)
    assert DealCode.random("SP", 1, True).relaxed is False


def test_card_text() -> None:
    assert str(Card(10, Suit.SPADES)) == "Ts"
    assert Card.parse("10h") == Card.parse("TH") == Card(10, Suit.HEARTS)
    with pytest.raises(ValueError):
        Card.parse("1s")
    with pytest.raises(ValueError):
        Card.parse("Kx")


#: Codes as typed with other keyboards and input methods: read after NFKC, with dash
#: look-alikes read as "-".
TYPED = {
    "full-width (Chinese input method)": "ＳＰ１－Ｓ４Ｃ－ＡＢＣＤＥＦＧ",
    "full-width letters only": "SP1-S4C-ＡＢＣＤＥＦＧ",
    "en dashes": "SP1–S4C–ABCDEFG",
    "em dashes": "SP1—S4C—ABCDEFG",
    "minus signs": "SP1−S4C−ABCDEFG",
    "hyphens": "SP1‐S4C‑ABCDEFG",
    "figure dash and bar": "SP1‒S4C―ABCDEFG",
    "small hyphen-minus": "SP1﹣S4C﹣ABCDEFG",
    "ideographic spaces around": "\u3000sp1-s4c-abcdefg\u3000",
    "no-break spaces around": "\u00a0SP1-S4C-ABCDEFG\u00a0",
}


@pytest.mark.parametrize("case", TYPED)
def test_codes_typed_with_other_keyboards_are_read(case: str) -> None:
    assert str(DealCode.parse(TYPED[case])) == "SP1-S4C-ABCDEFG"


#: Letters that are not plain A-Z/0-9 after NFKC, though some upper-case to ASCII (ß to
#: SS, the dotless ı to I). What NFKC itself folds to ASCII (the long ſ, the Kelvin sign)
#: is read like the letter it stands for.
FOREIGN = {
    "sharp s": "SP1-S4C-ABCDEß",
    "dotless i": "SP1-S4C-ABCDEFı",
    "accented letter": "SP1-S4C-ABCDEFÉ",
    "combining accent": "SP1-S4C-ABCDEFE\u0301",
    "Cyrillic A": "SP1-S4C-АBCDEFG",
    "Greek capital": "SP1-S4C-ΑBCDEFG",
    "Ohm sign (NFKC: Greek omega)": "SP1-S4C-ABCDEF\u2126",
    "zero-width space": "SP1-S4C-ABC\u200bDEFG",
    "underscore": "SP1_S4C_ABCDEFG",
    "Arabic-Indic one": "SP١-S4C-ABCDEFG",
    "emoji": "SP1-S4C-ABCDEF🂡",
    "very long": "SP1-S4C-" + "Ä" * 5000,
}


@pytest.mark.parametrize("case", FOREIGN)
def test_codes_with_other_letters_are_refused_quoting_what_was_typed(case: str) -> None:
    typed = FOREIGN[case]
    with pytest.raises(DealCodeError) as caught:
        DealCode.parse(typed)
    assert caught.value.key == "code.characters"
    found = str(caught.value.params["found"])
    assert len(found) <= 40 and typed.strip().startswith(found.rstrip("…"))
