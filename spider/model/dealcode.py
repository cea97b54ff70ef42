"""Deal codes (``SP1-S1C-AAAAAAD``) and shuffle algorithm version 1
(docs/RULES.md: Deal codes).

The shuffle is fixed forever: a code must give the same deal in every version
of the game, so nothing here may change the order of cards it produces.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from spider.model.cards import Card, ordered_deck
from spider.model.layouts import LAYOUTS, Layout
from spider.model.values import value
from spider.model.wording import words

SHUFFLE_VERSION = 1
NUMBER_LETTERS = 7
NUMBER_LIMIT = 26**NUMBER_LETTERS
_MASK64 = (1 << 64) - 1
#: Dash look-alikes read as "-" (after NFKC, which already folds the full-width one):
#: hyphens, figure/en/em dashes, the horizontal bar, minus signs, small and long dashes.
DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2e3a\u2e3b\ufe58\ufe63\u30fc"
_FOLD_DASHES = str.maketrans(dict.fromkeys(DASHES, "-"))
_CODE_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-")
#: How much of a typed code a message quotes.
QUOTE_LENGTH = 40


def _quote(text: str) -> str:
    return text if len(text) <= QUOTE_LENGTH else text[: QUOTE_LENGTH - 1] + "…"


class DealCodeError(ValueError):
    """A deal code that cannot be read; ``group`` is 1, 2 or 3 (0: the whole code)."""

    def __init__(self, group: int, key: str, **params: Any) -> None:
        params = {name: _quote(value) if isinstance(value, str) else value
                  for name, value in params.items()}
        self.group, self.key, self.params = group, key, params
        super().__init__(words(key, group=group, **params))


@value
class DealCode:
    """A deal: layout, number of suits, rule set and shuffle number."""

    layout: str = "SP"
    suits: int = 1
    relaxed: bool = False
    number: int = 0
    version: int = SHUFFLE_VERSION

    def __str__(self) -> str:
        return (
            f"{self.layout}{self.version}-S{self.suits}{'R' if self.relaxed else 'C'}"
            f"-{encode_number(self.number)}"
        )

    @property
    def table(self) -> Layout:
        return LAYOUTS[self.layout]

    @classmethod
    def parse(cls, text: str) -> DealCode:
        """Read a code, case-insensitively, ignoring surrounding spaces.

        Typed text is first brought to NFKC (full-width letters from an input method
        become ASCII) with dash look-alikes read as "-"; then only A-Z, 0-9 and "-"
        may remain (so that "ß", which upper-cases to "SS", is refused)."""
        if not text.isascii():  # (ASCII, such as a saved code, is NFKC already)
            import unicodedata

            text = unicodedata.normalize("NFKC", text)
        plain = text.translate(_FOLD_DASHES).strip()
        if not set(plain) <= _CODE_CHARACTERS:  # quoted as read (full-width letters
            raise DealCodeError(0, "code.characters", found=plain)  # are in every font)
        groups = plain.upper().split("-")
        if len(groups) != 3:
            raise DealCodeError(0, "code.shape")
        layout_group, rules_group, number_group = groups
        layout, version = layout_group[:2], layout_group[2:]
        if layout not in LAYOUTS or version != str(SHUFFLE_VERSION):
            raise DealCodeError(1, "code.layout", found=layout_group)
        if len(rules_group) != 3 or rules_group[0] != "S" or rules_group[1] not in "124":
            raise DealCodeError(2, "code.rules", found=rules_group)
        suits, rule = int(rules_group[1]), rules_group[2]
        if rule not in "CR" or (suits == 1 and rule == "R"):
            raise DealCodeError(2, "code.rules-one-suit" if suits == 1 else "code.rules",
                                found=rules_group)
        return cls(layout, suits, rule == "R", decode_number(number_group))

    @classmethod
    def random(cls, layout: str = "SP", suits: int = 1, relaxed: bool = False,
               rng: random.Random | None = None) -> DealCode:
        """A code for a fresh random shuffle of the given kind of game."""
        number = (rng or random.SystemRandom()).randrange(NUMBER_LIMIT)
        return cls(layout, suits, relaxed and suits > 1, number)

    def deal(self) -> tuple[list[list[Card]], list[Card]]:
        """The starting columns (deepest card first) and the stock (next card first)."""
        return deal_cards(self.table, shuffled_deck(self))


def encode_number(number: int) -> str:
    """The shuffle number as 7 letters A-Z in base 26, most significant first."""
    if not 0 <= number < NUMBER_LIMIT:
        raise ValueError(f"shuffle number out of range: {number}")
    letters = []
    for _ in range(NUMBER_LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def decode_number(text: str) -> int:
    if len(text) != NUMBER_LETTERS or not all("A" <= ch <= "Z" for ch in text):
        raise DealCodeError(3, "code.number", found=text)
    number = 0
    for ch in text:
        number = number * 26 + ord(ch) - ord("A")
    return number


def splitmix64(seed: int) -> Iterator[int]:
    """The SplitMix64 generator of shuffle version 1, an endless stream of 64-bit numbers."""
    state = seed & _MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        yield z ^ (z >> 31)


def shuffled_deck(code: DealCode) -> list[Card]:
    """The code's cards after the version-1 Fisher-Yates shuffle."""
    cards = ordered_deck(code.suits, code.table.decks)
    source = splitmix64(code.number)
    for i in range(len(cards) - 1, 0, -1):
        j = next(source) % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def deal_cards(layout: Layout, cards: list[Card]) -> tuple[list[list[Card]], list[Card]]:
    """Deal row by row, column 1 first, to each column still short of its height."""
    columns: list[list[Card]] = [[] for _ in layout.column_heights]
    position = 0
    for row in range(max(layout.column_heights)):
        for column, height in zip(columns, layout.column_heights, strict=True):
            if row < height:
                column.append(cards[position])
                position += 1
    return columns, cards[position:]
