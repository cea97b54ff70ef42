"""A compact, immutable Spider position for fast search.

A card is a small int: ``suit_index * 16 + rank`` (rank 1..13, suit index in
:data:`spider.model.cards.SUIT_ORDER`), with the bit :data:`DOWN` set while it lies
face down. So ``upper == lower + 1`` says "same suit and one rank higher", the
link that lets two cards move together under Classic rules.

A column is a tuple of such ints, deepest card first; the table is a tuple of
columns; the stock a tuple in dealing order. Tuples are shared between a
position and the positions made from it, so a search holds many positions
cheaply. Nothing here imports the :class:`~spider.model.game.Game` beyond reading
one (:meth:`Position.from_game`) or turning moves back into its actions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from spider.model.actions import DEAL, Action, Move
from spider.model.cards import SUIT_ORDER, Card
from spider.model.game import Game

DOWN = 64
RANK = 15
RUN_LENGTH = 13
#: The 13 cards of a finished run of each suit, king first.
RUNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(suit * 16 + rank for rank in range(13, 0, -1)) for suit in range(4)
)

#: A move of cards: (source, target, count), 0-based columns.
Shift = tuple[int, int, int]
#: A primitive step: a move of cards, or ``None`` for a deal.
Step = Shift | None
Columns = tuple[tuple[int, ...], ...]


def encode(card: Card, face_up: bool = True) -> int:
    value = SUIT_ORDER.index(card.suit) * 16 + card.rank
    return value if face_up else value | DOWN


def decode(value: int) -> Card:
    return Card(value & RANK, SUIT_ORDER[(value & ~DOWN) >> 4])


def suits(values: Iterable[int]) -> set[int]:
    """The suits (as numbers) of these encoded cards, face down or up."""
    return {(value & ~DOWN) >> 4 for value in values}


def card_text(value: int) -> str:
    text = str(decode(value))
    return f"[{text}]" if value & DOWN else text


def step_action(step: Step) -> Action:
    """The rules-model action of a primitive step."""
    return DEAL if step is None else Move(step[0], step[1], step[2])


def step_token(step: Step) -> str:
    """The explicit move token of a step: ``F:N>T`` or ``d``."""
    return "d" if step is None else f"{step[0] + 1}:{step[2]}>{step[1] + 1}"


def action_step(action: Action) -> Step:
    if isinstance(action, Move):
        assert action.count is not None
        return (action.source, action.target, action.count)
    return None


def flip_top(column: tuple[int, ...]) -> tuple[int, ...]:
    if column and column[-1] & DOWN:
        return (*column[:-1], column[-1] & ~DOWN)
    return column


def remove_runs(column: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """The column after removing finished runs from its end, and how many went."""
    removed = 0
    while len(column) >= RUN_LENGTH and column[-1] & RANK == 1 and not column[-1] & DOWN:
        if column[-RUN_LENGTH:] != RUNS[column[-1] >> 4]:
            break
        column = flip_top(column[:-RUN_LENGTH])
        removed += 1
    return column, removed


def apply_move(cols: Columns, source: int, target: int, count: int) -> tuple[Columns, int]:
    """Move the last ``count`` cards (no legality check); flips and run removal follow."""
    src = cols[source]
    moved = src[-count:]
    rest = flip_top(src[:-count])
    dst = cols[target] + moved
    removed = 0
    if len(dst) >= RUN_LENGTH and moved[-1] & RANK == 1:
        dst, removed = remove_runs(dst)
    new = list(cols)
    new[source] = rest
    new[target] = dst
    return tuple(new), removed


def apply_deal(cols: Columns, stock: tuple[int, ...]) -> tuple[Columns, tuple[int, ...], int]:
    """Deal one card to each column from the front of the stock (a short deal: the first ones)."""
    width = len(cols)
    dealt = stock[:width]
    new = list(cols)
    removed = 0
    for index, card in enumerate(dealt):
        column = new[index] + (card,)
        if card & RANK == 1 and len(column) >= RUN_LENGTH:
            column, gone = remove_runs(column)
            removed += gone
        new[index] = column
    return tuple(new), stock[len(dealt):], removed


def movable_length(column: tuple[int, ...], relaxed: bool) -> int:
    """How many cards at the end of the column move together (0 when the last is face down)."""
    if not column or column[-1] & DOWN:
        return 0
    length = 1
    size = len(column)
    while length < size:
        upper, lower = column[-length - 1], column[-length]
        if upper & DOWN:
            break
        if relaxed:
            if upper & RANK != (lower & RANK) + 1:
                break
        elif upper != lower + 1:
            break
        length += 1
    return length


@dataclass(frozen=True, slots=True)
class Position:
    """A whole position: the table, the stock, runs removed, and the rule set.

    Immutable, so it can be handed to another thread: take it from the live
    game on the thread that owns the game (:meth:`from_game`), then search it
    anywhere.
    """

    cols: Columns
    stock: tuple[int, ...] = ()
    removed: int = 0
    relaxed: bool = False

    @classmethod
    def from_game(cls, game: Game) -> Position:
        """A full-knowledge snapshot (face-down cards and the stock order included)."""
        cols = tuple(
            tuple(encode(slot.card, slot.face_up) for slot in column) for column in game.columns
        )
        stock = tuple(encode(card) for card in game.stock)
        return cls(cols, stock, game.removed, game.relaxed)

    @property
    def is_won(self) -> bool:
        return not self.stock and not any(self.cols)

    def can_deal(self) -> bool:
        return bool(self.stock) and all(self.cols)

    def play(self, step: Step) -> Position:
        """The position after a step (assumed legal)."""
        if step is None:
            cols, stock, removed = apply_deal(self.cols, self.stock)
            return Position(cols, stock, self.removed + removed, self.relaxed)
        cols, removed = apply_move(self.cols, *step)
        return Position(cols, self.stock, self.removed + removed, self.relaxed)

    def legal_steps(self) -> list[Step]:
        """Every legal primitive action (all group sizes, every target, and the deal)."""
        steps: list[Step] = []
        cols = self.cols
        empties = [index for index, column in enumerate(cols) if not column]
        onto: list[list[int]] = [[] for _ in range(15)]  # by rank wanted: where it may go
        for index, column in enumerate(cols):
            if column and not column[-1] & DOWN:
                onto[(column[-1] & RANK) - 1].append(index)
        if empties:
            onto = [sorted(targets + empties) for targets in onto]
        for source, column in enumerate(cols):
            longest = movable_length(column, self.relaxed)
            for count in range(1, longest + 1):
                steps.extend((source, target, count)
                             for target in onto[column[-count] & RANK] if target != source)
        if self.can_deal():
            steps.append(None)
        return steps

    def text(self) -> str:
        """A short readable form for debugging."""
        lines = [f"stock: {' '.join(card_text(c) for c in self.stock)}"]
        lines += [
            f"{number}: {' '.join(card_text(c) for c in column)}".rstrip()
            for number, column in enumerate(self.cols, start=1)
        ]
        return "\n".join(lines)


def replay(game: Game, steps: list[Step]) -> Game:
    """Play ``steps`` on ``game`` through the rules model (raises ``IllegalAction``)."""
    for step in steps:
        game.play(step_action(step))
    return game
