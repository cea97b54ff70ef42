"""Text forms of the game: position text (SPEC 3.2) and move tokens (SPEC 3.3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from spider.model.actions import DEAL, Action, Move, Outcome
from spider.model.cards import Card, Suit
from spider.model.dealcode import DealCode
from spider.model.game import RUN_LENGTH, Game, Slot
from spider.model.values import value
from spider.model.wording import words

_HEADER_KEYS = ("rules", "score", "moves", "removed", "stock")

#: The cards of two decks, the most any position holds (52 with 7 columns: one deck).
MAX_CARDS = 104
#: The most columns a position may have (puzzles may have more than a layout's 10).
MAX_COLUMNS = 104
#: The largest score or move counter a position may give.
MAX_NUMBER = 10**9
#: How much of a quoted input a message shows.
QUOTE_LENGTH = 40


def quote(text: str) -> str:
    """``text`` as a message shows it: at most QUOTE_LENGTH characters."""
    return text if len(text) <= QUOTE_LENGTH else text[: QUOTE_LENGTH - 1] + "…"


class NotationError(ValueError):
    """Text that cannot be read: the message names the line or token at fault."""

    def __init__(self, key: str, **params: Any) -> None:
        params = {name: quote(value) if isinstance(value, str) else value
                  for name, value in params.items()}
        self.key, self.params = key, params
        super().__init__(words(key, **params))


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
    """Read position text; raise :class:`NotationError` naming the line at fault.

    The position must be one a deck can hold (SPEC 3.2): see :func:`check_deck`."""
    header: dict[str, str] = {}
    columns: dict[int, list[Slot]] = {}
    lines: dict[str, int] = {}  # the line of each header and column
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        label, colon, value = raw.partition(":")
        label = label.strip().lower()
        if not colon:
            raise NotationError("position.no-colon", line=number, text=raw.strip())
        if label.isascii() and label.isdigit():
            column = int(label) if len(label) <= 9 else MAX_COLUMNS + 1
            if column in columns or column < 1:
                raise NotationError("position.bad-column", line=number, text=raw.strip())
            if column > MAX_COLUMNS:
                raise NotationError("position.too-many-columns", line=number,
                                    limit=MAX_COLUMNS)
            columns[column] = _parse_slots(value, number)
            lines[str(column)] = number
        elif label in _HEADER_KEYS and label not in header:
            header[label] = value.strip()
            lines[label] = number
        else:
            raise NotationError("position.bad-label", line=number, text=raw.strip())
    if not columns or sorted(columns) != list(range(1, len(columns) + 1)):
        raise NotationError("position.columns")
    rules = header.get("rules", "classic").lower()
    if rules not in ("classic", "relaxed"):
        raise NotationError("position.rules", text=rules)
    stock = [slot.card for slot in _parse_slots(header.get("stock", ""), None, face_up_only=True)]
    table = [columns[number] for number in sorted(columns)]
    removed = _parse_count(header, "removed", 0, MAX_CARDS // RUN_LENGTH)
    check_deck(table, stock, removed, lines)
    return Game(
        table,
        stock,
        relaxed=rules == "relaxed",
        score=_parse_count(header, "score", 500, MAX_NUMBER),
        moves=_parse_count(header, "moves", 0, MAX_NUMBER),
        runs=[None] * removed,
    )


def deck_limits(columns: int, suits: set[Suit]) -> tuple[int, int]:
    """How many cards a position may hold, and how often each card (SPEC 3.2): two
    decks (one with 7 columns) of spades only, spades and hearts, or four suits."""
    decks = 1 if columns == 7 else 2
    if suits <= {Suit.SPADES}:
        copies = 4 * decks
    elif suits <= {Suit.SPADES, Suit.HEARTS}:
        copies = 2 * decks
    else:
        copies = decks
    return 52 * decks, copies


def check_deck(table: Sequence[Sequence[Slot]], stock: Sequence[Card], removed: int,
               lines: dict[str, int]) -> None:
    """Raise :class:`NotationError` with the line at fault unless a deck can hold the
    position: the cards plus 13 per removed run within the deck, no card more often than
    the deck holds it, and in each column every face-down card below every face-up one.
    ``lines``: the line of each column ("1", "2"...) and of "stock" and "removed"."""
    cards = [*stock, *(slot.card for column in table for slot in column)]
    total, copies = deck_limits(len(table), {card.suit for card in cards})
    seen: Counter[Card] = Counter()
    held = RUN_LENGTH * removed
    if held > total:
        raise NotationError("position.too-many-cards", line=lines.get("removed", 0),
                            limit=total)
    places = [("stock", list(stock))] + [
        (str(number), [slot.card for slot in column])
        for number, column in enumerate(table, start=1)]
    for place, place_cards in places:
        line = lines.get(place, 0)
        for card in place_cards:
            seen[card] += 1
            held += 1
            if held > total:
                raise NotationError("position.too-many-cards", line=line, limit=total)
            if seen[card] > copies:
                raise NotationError("position.card-copies", line=line, card=str(card),
                                    limit=copies)
    for number, column in enumerate(table, start=1):
        for upper, lower in pairwise(column):
            if upper.face_up and not lower.face_up:
                raise NotationError("position.face-down-above", line=lines[str(number)],
                                    card=str(lower.card))


def _parse_count(header: dict[str, str], key: str, default: int, limit: int) -> int:
    value = header.get(key)
    if value is None:
        return default
    if not (value.isascii() and value.isdigit()):
        raise NotationError("position.number", label=key, text=value)
    if len(value) > len(str(limit)) or int(value) > limit:
        raise NotationError("position.number-range", label=key, text=value, limit=limit)
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
@value
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
    # ``F>T`` or ``F:N>T``, each number of 1 to 9 digits (told without a regex: a start
    # reads the saved game's moves).
    head, arrow, last = token.partition(">")
    first, colon, middle = head.partition(":")
    if not (arrow and _number(first) and _number(last) and (not colon or _number(middle))):
        raise NotationError("moves.bad-token", token=text.strip())
    source, target = int(first), int(last)
    count = int(middle) if colon else None
    if not (1 <= source <= MAX_COLUMNS and 1 <= target <= MAX_COLUMNS) or (
            count is not None and not 1 <= count <= MAX_CARDS):
        raise NotationError("moves.bad-number", token=text.strip(), columns=MAX_COLUMNS,
                            cards=MAX_CARDS)
    return Move(source - 1, target - 1, count)


def _number(text: str) -> bool:
    """Whether ``text`` is a number of 1 to 9 ASCII digits (``int`` would also read
    other scripts' digits: ``١``, ``３``)."""
    return 0 < len(text) < 10 and text.isascii() and text.isdigit()


def split_tokens(text: str) -> list[str]:
    """Tokens are separated by spaces or commas."""
    return text.replace(",", " ").split()


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

