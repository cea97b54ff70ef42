"""The rules of Spider: a game state that applies moves and deals, and undoes them.

Everything the rules decide is decided here. Each action returns an :class:`Outcome`
(:mod:`spider.model.actions`) listing what happened, in order, so a view can animate
it without deriving any rule itself. Undo and redo replay those same events
backwards and forwards: a history entry stores only what changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from itertools import pairwise
from typing import NamedTuple

from spider.model.actions import (
    DEAL,
    Action,
    CardFlipped,
    CardsDealt,
    CardsMoved,
    Deal,
    Event,
    Move,
    Outcome,
    RunRemoved,
)
from spider.model.cards import KING, Card, Suit
from spider.model.values import value
from spider.model.wording import words

START_SCORE = 500
MOVE_COST = 1
RUN_BONUS = 100
RUN_LENGTH = 13


class Rule(Enum):
    """Why an action is refused; the value is the rule's name in text (docs/RULES.md: Refusals)."""

    FACE_DOWN = "face-down"
    NOT_IN_SEQUENCE = "not-in-sequence"
    MIXED_SUITS = "mixed-suits"
    NOT_ONE_HIGHER = "not-one-higher"
    SAME_COLUMN = "same-column"
    NO_SUCH_COLUMN = "no-such-column"
    EMPTY_SOURCE = "empty-source"
    STOCK_EMPTY = "stock-empty"
    EMPTY_COLUMN_BLOCKS_DEAL = "empty-column-blocks-deal"
    NOTHING_TO_UNDO = "nothing-to-undo"
    NOTHING_TO_REDO = "nothing-to-redo"


class IllegalAction(Exception):
    """An action the rules refuse, with the rule that refused it."""

    def __init__(self, rule: Rule, **params: object) -> None:
        self.rule, self.params = rule, params
        super().__init__(rule.value)

    def __str__(self) -> str:  # worded when read (legal-move checks raise many, unread)
        return f"{self.rule.value}: {self.explanation()}"

    def explanation(self, language: str | None = None) -> str:
        """A short reminder of the rule, in the player's language."""
        return words(f"rule.{self.rule.value}", language, **self.params)


class Slot(NamedTuple):
    """A card on the table and whether it shows its face."""

    card: Card
    face_up: bool


@value
class _Step:
    """A history entry: the action, its events and the counters around it."""

    outcome: Outcome
    score_before: int
    moves_before: int
    score_after: int
    moves_after: int


class Game:
    """A Spider position with its score, move counter and undo/redo history."""

    def __init__(
        self,
        columns: Sequence[Sequence[Slot]],
        stock: Iterable[Card] = (),
        *,
        relaxed: bool = False,
        score: int = START_SCORE,
        moves: int = 0,
        runs: Iterable[Suit | None] = (),
    ) -> None:
        self.columns: list[list[Slot]] = [list(column) for column in columns]
        self.stock: list[Card] = list(stock)
        #: Suits of the removed runs, in order (``None`` when read from text).
        self.runs: list[Suit | None] = list(runs)
        self.relaxed = relaxed
        self.score = score
        self.moves = moves
        self._undo: list[_Step] = []
        self._redo: list[_Step] = []

    @classmethod
    def deal_from(cls, columns: Sequence[Sequence[Card]], stock: Iterable[Card],
                  relaxed: bool = False) -> Game:
        """A fresh game: the last card of each column face up, the rest face down."""
        table = [
            [Slot(card, index == len(column) - 1) for index, card in enumerate(column)]
            for column in columns
        ]
        return cls(table, stock, relaxed=relaxed)

    # ----------------------------------------------------------------- queries
    @property
    def removed(self) -> int:
        return len(self.runs)

    @property
    def is_won(self) -> bool:
        return not self.stock and not any(self.columns)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def deals_left(self) -> int:
        width = len(self.columns) or 1
        return -(-len(self.stock) // width)

    def cards(self) -> list[Card]:
        """Every card on the table and in the stock (removed runs not included)."""
        return [slot.card for column in self.columns for slot in column] + self.stock

    def movable_length(self, column: int) -> int:
        """How many cards at the end of ``column`` can move together (0: none)."""
        slots = self.columns[column]
        if not slots or not slots[-1].face_up:
            return 0
        length = 1
        while length < len(slots):
            upper, lower = slots[-length - 1], slots[-length]
            if not self._joins(upper, lower):
                break
            length += 1
        return length

    def _joins(self, upper: Slot, lower: Slot) -> bool:
        """Can ``lower`` stay under ``upper`` in a group that moves together?"""
        return (
            upper.face_up
            and upper.card.rank == lower.card.rank + 1
            and (self.relaxed or upper.card.suit == lower.card.suit)
        )

    def check_group(self, column: int, count: int) -> None:
        """Raise :class:`IllegalAction` unless the last ``count`` cards can move together."""
        slots = self.columns[column]
        if not slots:
            raise IllegalAction(Rule.EMPTY_SOURCE, column=column + 1)
        if not 1 <= count <= len(slots):
            raise IllegalAction(Rule.EMPTY_SOURCE, column=column + 1)
        group = slots[-count:]
        if not all(slot.face_up for slot in group):
            raise IllegalAction(Rule.FACE_DOWN)
        pairs = list(pairwise(group))
        if any(upper.card.rank != lower.card.rank + 1 for upper, lower in pairs):
            raise IllegalAction(Rule.NOT_IN_SEQUENCE)
        if not self.relaxed and any(upper.card.suit != lower.card.suit for upper, lower in pairs):
            raise IllegalAction(Rule.MIXED_SUITS)

    def check_target(self, card: Card, target: int) -> None:
        """Raise :class:`IllegalAction` unless ``card`` may be placed on column ``target``."""
        rule = self._target_rule(card, target)
        if rule is Rule.NOT_ONE_HIGHER:
            raise IllegalAction(rule, card=str(card), target=str(self.columns[target][-1].card))
        if rule is not None:
            raise IllegalAction(rule)

    def _target_rule(self, card: Card, target: int) -> Rule | None:
        """The rule that keeps ``card`` off column ``target``, if any (nothing raised:
        :meth:`destinations` asks of every column)."""
        slots = self.columns[target]
        if not slots:
            return None
        last = slots[-1]
        if not last.face_up:
            return Rule.FACE_DOWN
        return None if last.card.rank == card.rank + 1 else Rule.NOT_ONE_HIGHER

    def resolve(self, move: Move) -> Move:
        """The move with its card count fixed, or :class:`IllegalAction` saying why not."""
        width = len(self.columns)
        for column in (move.source, move.target):
            if not 0 <= column < width:
                raise IllegalAction(Rule.NO_SUCH_COLUMN, column=column + 1, columns=width)
        if move.source == move.target:
            raise IllegalAction(Rule.SAME_COLUMN)
        source = self.columns[move.source]
        if not source:
            raise IllegalAction(Rule.EMPTY_SOURCE, column=move.source + 1)
        count = move.count if move.count is not None else self._fitting_count(move)
        self.check_group(move.source, count)
        self.check_target(source[-count].card, move.target)
        return Move(move.source, move.target, count)

    def _fitting_count(self, move: Move) -> int:
        """The size of the group an ``F>T`` move takes (see :class:`Move`)."""
        longest = self.movable_length(move.source)
        if longest == 0:
            raise IllegalAction(Rule.FACE_DOWN)
        target = self.columns[move.target]
        if not target:
            return longest
        if not target[-1].face_up:
            raise IllegalAction(Rule.FACE_DOWN)
        wanted = target[-1].card.rank - 1
        lowest = self.columns[move.source][-1].card.rank
        if lowest <= wanted < lowest + longest:
            return wanted - lowest + 1
        raise IllegalAction(Rule.NOT_ONE_HIGHER, card=str(self.columns[move.source][-1].card),
                            target=str(target[-1].card))

    def is_legal(self, action: Action) -> bool:
        try:
            self.check(action)
        except IllegalAction:
            return False
        return True

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` if ``action`` is not allowed now."""
        if isinstance(action, Deal):
            self._check_deal()
        else:
            self.resolve(action)

    def _check_deal(self) -> None:
        if not self.stock:
            raise IllegalAction(Rule.STOCK_EMPTY)
        if not all(self.columns):
            raise IllegalAction(Rule.EMPTY_COLUMN_BLOCKS_DEAL)

    def destinations(self, source: int, count: int) -> list[int]:
        """The columns that accept the last ``count`` cards of ``source``."""
        try:
            self.check_group(source, count)
        except IllegalAction:
            return []
        card = self.columns[source][-count].card
        return [target for target in range(len(self.columns))
                if target != source and self._target_rule(card, target) is None]

    def best_destination(self, source: int, count: int) -> int | None:
        """Where a double-click sends the group: a same-suit target, then any one-higher
        target, then an empty column; ties go to the lowest-numbered column."""
        targets = self.destinations(source, count)
        if not targets:
            return None
        card = self.columns[source][-count].card

        def preference(target: int) -> tuple[int, int]:
            slots = self.columns[target]
            if not slots:
                return (2, target)
            return (0 if slots[-1].card.suit == card.suit else 1, target)

        return min(targets, key=preference)

    def legal_moves(self) -> list[Move]:
        """Every legal move, each with its card count, plus nothing for the deal."""
        moves: list[Move] = []
        for source in range(len(self.columns)):
            for count in range(1, self.movable_length(source) + 1):
                moves.extend(Move(source, target, count)
                             for target in self.destinations(source, count))
        return moves

    def has_legal_move(self) -> bool:
        """Whether any move is legal: ``bool(legal_moves())``, stopping at the first
        found and raising no refusals (the check after every action for a stuck table)."""
        columns = self.columns
        empty = not all(columns)
        # The ranks a group's card may go onto: the face-up last cards.
        tops = {slots[-1].card.rank for slots in columns if slots and slots[-1].face_up}
        for source in range(len(columns)):
            length = self.movable_length(source)
            if not length:
                continue
            if empty:  # an empty column (never the source) takes any group
                return True
            # The group's cards rank lowest .. lowest + length - 1, each one lower than
            # the card above; so a target's last card ranks lowest + 1 .. lowest + length
            # (never the source's own last card, which ranks lowest).
            lowest = columns[source][-1].card.rank
            if any(rank in tops for rank in range(lowest + 1, lowest + length + 1)):
                return True
        return False

    # ----------------------------------------------------------------- actions
    def play(self, action: Action) -> Outcome:
        """Make a move or a deal; raise :class:`IllegalAction` if the rules refuse it."""
        if isinstance(action, Deal):
            return self.deal()
        return self.move(action)

    def move(self, move: Move) -> Outcome:
        move = self.resolve(move)
        assert move.count is not None
        cards = tuple(slot.card for slot in self.columns[move.source][-move.count:])
        events: list[Event] = [CardsMoved(move.source, move.target, cards)]
        return self._commit(move, events, (move.target, move.source))

    def deal(self) -> Outcome:
        self._check_deal()
        count = min(len(self.stock), len(self.columns))
        columns = tuple(range(count))
        events: list[Event] = [CardsDealt(columns, tuple(self.stock[:count]))]
        return self._commit(DEAL, events, columns)

    def _commit(self, action: Action, events: list[Event], touched: Sequence[int]) -> Outcome:
        """Apply ``events``, then the flips and run removals they cause; record history."""
        score_before, moves_before = self.score, self.moves
        for event in events:
            self._do(event)
        for column in touched:
            events.extend(self._flip_if_covered(column))
        self.score = max(0, self.score - MOVE_COST)
        self.moves += 1
        for column in touched:
            while self._ends_with_run(column):
                run = tuple(slot.card for slot in self.columns[column][-RUN_LENGTH:])
                removal = RunRemoved(column, len(self.runs), run)
                self._do(removal)
                events.append(removal)
                events.extend(self._flip_if_covered(column))
                self.score += RUN_BONUS
        outcome = Outcome(action, tuple(events))
        self._undo.append(_Step(outcome, score_before, moves_before, self.score, self.moves))
        self._redo.clear()
        return outcome

    def _flip_if_covered(self, column: int) -> list[Event]:
        slots = self.columns[column]
        if not slots or slots[-1].face_up:
            return []
        flip = CardFlipped(column, slots[-1].card)
        self._do(flip)
        return [flip]

    def _ends_with_run(self, column: int) -> bool:
        slots = self.columns[column]
        if len(slots) < RUN_LENGTH:
            return False
        run = slots[-RUN_LENGTH:]
        suit = run[0].card.suit
        return all(
            slot.face_up and slot.card.suit == suit and slot.card.rank == KING - offset
            for offset, slot in enumerate(run)
        )

    def undo(self) -> Outcome:
        """Take back the last action: its events run backwards, counters restored."""
        if not self._undo:
            raise IllegalAction(Rule.NOTHING_TO_UNDO)
        step = self._undo.pop()
        for event in reversed(step.outcome.events):
            self._undo_event(event)
        self.score, self.moves = step.score_before, step.moves_before
        self._redo.append(step)
        return Outcome(step.outcome.action, step.outcome.events, undone=True)

    def redo(self) -> Outcome:
        """Play again the last undone action exactly as it was first played."""
        if not self._redo:
            raise IllegalAction(Rule.NOTHING_TO_REDO)
        step = self._redo.pop()
        for event in step.outcome.events:
            self._do(event)
        self.score, self.moves = step.score_after, step.moves_after
        self._undo.append(step)
        return step.outcome

    def history(self) -> tuple[list[Action], list[Action]]:
        """The actions that can be undone (oldest first) and redone (next first)."""
        return ([step.outcome.action for step in self._undo],
                [step.outcome.action for step in reversed(self._redo)])

    # ---------------------------------------------------- event application
    def _do(self, event: Event) -> None:
        match event:
            case CardsMoved(source, target, cards):
                del self.columns[source][-len(cards):]
                self.columns[target].extend(Slot(card, True) for card in cards)
            case CardsDealt(columns, cards):
                del self.stock[: len(cards)]
                for column, card in zip(columns, cards, strict=True):
                    self.columns[column].append(Slot(card, True))
            case CardFlipped(column, card, face_up):
                self.columns[column][-1] = Slot(card, face_up)
            case RunRemoved(column, _, cards):
                del self.columns[column][-len(cards):]
                self.runs.append(cards[0].suit)

    def _undo_event(self, event: Event) -> None:
        match event:
            case CardsMoved(source, target, cards):
                del self.columns[target][-len(cards):]
                self.columns[source].extend(Slot(card, True) for card in cards)
            case CardsDealt(columns, cards):
                for column in columns:
                    self.columns[column].pop()
                self.stock[:0] = cards
            case CardFlipped(column, card, face_up):
                self.columns[column][-1] = Slot(card, not face_up)
            case RunRemoved(column, _, cards):
                self.runs.pop()
                self.columns[column].extend(Slot(card, True) for card in cards)
