"""Cards, suits and ranks: small immutable values with their text forms."""

from __future__ import annotations

from enum import Enum

from spider.model.values import value

RANK_LETTERS = "A23456789TJQK"
ACE, JACK, QUEEN, KING = 1, 11, 12, 13


class Suit(Enum):
    """A card suit; its value is the letter used in text (``s h d c``)."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    # A suit is its one member: hashed by identity, as it compares, in C (an Enum's own
    # hash is a Python call, paid by every look-up of a card in a dict or set).
    __hash__ = object.__hash__

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def symbol(self) -> str:
        return {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}[self.value]


#: Suits in the order decks are built: spades, hearts, diamonds, clubs.
SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@value
class Card:
    """A playing card: ``rank`` 1 (ace) to 13 (king) and a suit."""

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if not ACE <= self.rank <= KING:
            raise ValueError(f"rank must be 1..13, not {self.rank}")

    def __str__(self) -> str:
        return RANK_LETTERS[self.rank - 1] + self.suit.value

    def __repr__(self) -> str:
        return f"Card({self})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``Ts``, ``10s``, ``ah``, ``Qd``…; raise ``ValueError`` otherwise."""
        token = text.strip()
        rank_text, suit_text = token[:-1].upper(), token[-1:].lower()
        if rank_text == "10":
            rank_text = "T"
        if len(rank_text) != 1 or rank_text not in RANK_LETTERS:
            raise ValueError(f"not a card: {text!r} (rank must be one of A 2-9 T J Q K)")
        try:
            suit = Suit(suit_text)
        except ValueError:
            raise ValueError(f"not a card: {text!r} (suit must be one of s h d c)") from None
        return cls(RANK_LETTERS.index(rank_text) + 1, suit)


def suits_for(count: int) -> tuple[Suit, ...]:
    """The suits used by a game of ``count`` suits (1, 2 or 4)."""
    if count not in (1, 2, 4):
        raise ValueError(f"a game has 1, 2 or 4 suits, not {count}")
    return SUIT_ORDER[:count]


def ordered_deck(suit_count: int, decks: int) -> list[Card]:
    """The unshuffled cards of ``decks`` 52-card decks in ``suit_count`` suits.

    Each used suit appears ``4 * decks / suit_count`` times, suits in the order
    spades, hearts, diamonds, clubs, each copy ranked ace to king (docs/RULES.md: Deal codes).
    """
    suits = suits_for(suit_count)
    copies = 4 * decks // suit_count
    return [
        Card(rank, suit) for suit in suits for _ in range(copies) for rank in range(ACE, KING + 1)
    ]
