"""Cards and suits as keys: equal cards find each other, and a suit hashes in C."""

from __future__ import annotations

import sys

from spider.model.cards import SUIT_ORDER, Card, ordered_deck


def test_equal_cards_find_each_other_and_a_suit_hashes_without_a_python_call() -> None:
    """Card pictures are looked up by card every frame a card moves: a suit's hash
    (part of a card's) is its identity's, in C, not an Enum's Python ``__hash__``."""
    kept = {card: str(card) for card in ordered_deck(4, 1)}
    assert len(kept) == 52
    assert all(kept[Card(card.rank, card.suit)] == str(card) for card in ordered_deck(4, 2))
    calls: list[str] = []
    sys.setprofile(lambda frame, event, arg: calls.append(event) if event == "call" else None)
    try:
        hashes = set(map(hash, SUIT_ORDER))  # (no comprehension: a Python call of its own)
    finally:
        sys.setprofile(None)
    assert calls == [] and len(hashes) == len(SUIT_ORDER)
