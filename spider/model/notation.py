"""Text forms of the game: position text (SPEC 3.2) and move tokens (SPEC 3.3)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spider.model.cards import Card
from spider.model.dealcode import DealCode
from spider.model.game import DEAL, Action, Game, Move, Outcome, Slot
from spider.text.i18n import tr

_HEADER_KEYS = ("rules", "score", "moves", "removed", "stock")
_MOVE = re.compile(r"(\d+)(?::(\d+))?>(\d+)")


class NotationError(ValueError):
    """Text that cannot be read: the message names the line or token at fault."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key, self.params = key, params
        super().__init__(tr(key, **params))


# ------------------------------------------------------------------ positions
def game_from_code(code: DealCode) -> Game:
    """The starting position of a deal code."""
    columns, stock = code.deal()
    return Game.deal_from(columns, stock, relaxed=code.relaxed)


def format_slot(slot: Slot) -> str:
    return str(slot.card) if slot.face_up else f"[{slot.card}]"


def format_position(game: Game) -> str:
    """The position text of ``game`` (ends with a newline)."""
    def line(label: str, items: list[str]) -> str:
        return f"{label}: {' '.join(items)}".rstrip()

    lines = [
        f"rules: {'relaxed' if game.relaxed else 'classic'}",
        f"score: {game.score}",
        f"moves: {game.moves}",
        f"removed: {game.removed}",
        line("stock", [str(card) for card in game.stock]),
    ]
    lines += [
        line(str(number), [format_slot(slot) for slot in column])
        for number, column in enumerate(game.columns, start=1)
    ]
    return "\n".join(lines) + "\n"


def parse_position(text: str) -> Game:
    """Read position text; raise :class:`NotationError` naming the line at fault."""
    header: dict[str, str] = {}
    columns: dict[int, list[Slot]] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        label, colon, value = raw.partition(":")
        label = label.strip().lower()
        if not colon:
            raise NotationError("position.no-colon", line=number, text=raw.strip())
        if label.isascii() and label.isdigit():
            column = int(label)
            if column in columns or column < 1:
                raise NotationError("position.bad-column", line=number, text=raw.strip())
            columns[column] = _parse_slots(value, number)
        elif label in _HEADER_KEYS and label not in header:
            header[label] = value.strip()
        else:
            raise NotationError("position.bad-label", line=number, text=raw.strip())
    if not columns or sorted(columns) != list(range(1, len(columns) + 1)):
        raise NotationError("position.columns")
    rules = header.get("rules", "classic").lower()
    if rules not in ("classic", "relaxed"):
        raise NotationError("position.rules", text=rules)
    stock = [slot.card for slot in _parse_slots(header.get("stock", ""), None, face_up_only=True)]
    return Game(
        [columns[number] for number in sorted(columns)],
        stock,
        relaxed=rules == "relaxed",
        score=_parse_count(header, "score", 500),
        moves=_parse_count(header, "moves", 0),
        runs=[None] * _parse_count(header, "removed", 0),
    )


def _parse_count(header: dict[str, str], key: str, default: int) -> int:
    value = header.get(key)
    if value is None:
        return default
    if not (value.isascii() and value.isdigit()):
        raise NotationError("position.number", label=key, text=value)
    return int(value)


def _parse_slots(value: str, line: int | None, face_up_only: bool = False) -> list[Slot]:
    slots = []
    for token in value.split():
        hidden = token.startswith("[") and token.endswith("]")
        try:
            card = Card.parse(token[1:-1] if hidden else token)
        except ValueError:
            card = None
        if card is None or (hidden and face_up_only):
            if line is None:
                raise NotationError("position.bad-stock-card", text=token)
            raise NotationError("position.bad-card", line=line, text=token)
        slots.append(Slot(card, not hidden))
    return slots


# ---------------------------------------------------------------------- moves
@dataclass(frozen=True, slots=True)
class Command:
    """An undo (``u``) or redo (``r``) token."""

    name: str

    def __str__(self) -> str:
        return self.name


UNDO, REDO = Command("u"), Command("r")
Token = Action | Command


def parse_token(text: str) -> Token:
    """Read one move token: ``F>T``, ``F:N>T``, ``d``, ``u`` or ``r``."""
    token = text.strip().lower()
    simple: dict[str, Token] = {"d": DEAL, "u": UNDO, "r": REDO}
    if token in simple:
        return simple[token]
    match = _MOVE.fullmatch(token)
    if not match or (match[2] is not None and int(match[2]) < 1):
        raise NotationError("moves.bad-token", token=text.strip())
    count = int(match[2]) if match[2] is not None else None
    return Move(int(match[1]) - 1, int(match[3]) - 1, count)


def split_tokens(text: str) -> list[str]:
    """Tokens are separated by spaces or commas."""
    return [token for token in re.split(r"[\s,]+", text) if token]


def parse_moves(text: str) -> list[Token]:
    return [parse_token(token) for token in split_tokens(text)]


def format_moves(tokens: Sequence[Token]) -> str:
    return " ".join(str(token) for token in tokens)


def apply_token(game: Game, token: Token) -> Outcome:
    """Play one token on ``game``; raise ``IllegalAction`` if the rules refuse it."""
    if token == UNDO:
        return game.undo()
    if token == REDO:
        return game.redo()
    assert not isinstance(token, Command)
    return game.play(token)

