"""What every command shares: exit codes, one-line errors, reading codes, files and moves."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from spider.model.dealcode import DealCode, DealCodeError
from spider.model.game import Game
from spider.model.notation import (
    NotationError,
    Token,
    game_from_code,
    parse_position,
    parse_token,
    split_tokens,
)

EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2


class BadInput(Exception):
    """Input the command cannot read; its message is shown to the user as is."""


class Parser(argparse.ArgumentParser):
    """An argument parser that reports a mistake as one line (exit 2), without a usage dump."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise BadInput(f"{self.prog}: {message}")


def add_source(parser: argparse.ArgumentParser) -> None:
    """``--code CODE | --position FILE``: where a command's game starts."""
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--code")
    source.add_argument("--position", type=Path, metavar="FILE")


def read_code(text: str) -> DealCode:
    try:
        return DealCode.parse(text)
    except DealCodeError as error:
        raise BadInput(f"bad deal code {text.strip()!r}: {error}") from None


def load_start(code: str | None, position: Path | None) -> Game:
    """The game a command starts from: a deal code or a position file."""
    if code is not None:
        return game_from_code(read_code(code))
    assert position is not None
    try:
        text = position.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"cannot read position file {position}: {error}") from None
    try:
        return parse_position(text)
    except NotationError as error:
        raise BadInput(f"bad position in {position}: {error}") from None


def read_tokens(words: Sequence[str]) -> list[tuple[str, Token]]:
    """Each move token as typed, with its meaning."""
    try:
        return [(text, parse_token(text)) for word in words for text in split_tokens(word)]
    except NotationError as error:
        raise BadInput(f"bad move: {error}") from None


def parse_size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    numbers = width + height
    if not (numbers.isascii() and width.isdigit() and height.isdigit()) or (
            int(width) < 320 or int(height) < 240):
        raise BadInput(f"bad size {text!r}: write it as WIDTHxHEIGHT, like 1920x1080")
    return int(width), int(height)
