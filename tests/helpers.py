"""Small helpers shared by the rules tests."""

from __future__ import annotations

from spider.model.game import Game
from spider.model.notation import format_position, parse_position


def position(text: str) -> Game:
    """A game from position text given with any indentation."""
    lines = [line.strip() for line in text.strip().splitlines()]
    return parse_position("\n".join(lines) + "\n")


def text_of(game: Game) -> str:
    return format_position(game)


def same_position(game: Game, expected: str) -> bool:
    return text_of(game) == text_of(position(expected))
