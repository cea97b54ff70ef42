"""What the player knows of a position, and the worlds that agree with it.

The face-down cards and the stock order are unknown to the player, so the hints
never read them. Which cards are hidden *as a whole* is known (the full deck, less
the face-up cards and the removed runs): a :class:`View` is the visible position
with those cards as a bag, less the ones the player saw before undoing
(:class:`Seen`), which stay where they were seen. :func:`sample_worlds` deals the bag at
random into the face-down slots and the stock: each such deal is a
*determinization*, a world the hints search as if it were the real one. The random
numbers are seeded from the visible position only (:func:`seed_of`), so the same
visible position always gets the same worlds, whatever lies face down.

API for the view
----------------
:class:`Seen`
    Call ``seen.record(game, outcome)`` after every action, undo and redo;
    pass ``seen`` to :func:`~spider.solver.hints.suggest`. Optional.
"""

from __future__ import annotations

import math
import random
import zlib
from collections import Counter
from dataclasses import dataclass, field

from spider.model.actions import CardFlipped, CardsDealt, Outcome
from spider.model.cards import Card
from spider.model.game import Game, IllegalAction
from spider.solver.evaluation import Fits, Weights, expected_fit_row, fit_rows
from spider.solver.state import DOWN, Columns, Position, Step, encode, suits

HIDDEN = 127  # stands for any face-down card in visible keys
#: Where a face-down card lies: ("col", column, index) or ("stock", index from the end).
SlotKey = tuple[str, int] | tuple[str, int, int]
#: A position as the player sees it: (columns, stock size).
VisibleKey = tuple[Columns, int]
#: One determinization: (columns, stock), the stock's first card dealt first.
World = tuple[Columns, tuple[int, ...]]


@dataclass
class Seen:
    """Face-down cards the player has seen (turned up, then put back by undo).

    Keys are ``("col", column, index)`` (index from the bottom of the column:
    face-down cards never move) and ``("stock", index)`` counted from the end
    of the stock (the last card to be dealt is index 0).
    """

    known: dict[SlotKey, Card] = field(default_factory=dict)

    @classmethod
    def of_history(cls, game: Game, start: Game) -> Seen:
        """What the player of ``game`` saw: its actions, and those undone and not yet
        redone, replayed on ``start`` (its deal as dealt; it is played on). Cards seen
        on a line of play since undone and replaced are not known any more."""
        seen = cls()
        done, undone = game.history()
        try:
            for action in done + undone:
                seen.record(start, start.play(action))
            for _ in undone:
                start.undo()
        except IllegalAction:
            return cls()
        if start.columns != game.columns or start.stock != game.stock:
            return cls()  # not this game's deal (a constructed position)
        return seen

    def record(self, game: Game, outcome: Outcome) -> None:
        """Note what ``outcome`` (just played, undone or redone on ``game``) showed."""
        if outcome.undone:
            return
        for event in outcome.events:
            if isinstance(event, CardFlipped) and event.face_up:
                column = game.columns[event.column]
                down = sum(1 for slot in column if not slot.face_up)
                self.known[("col", event.column, down)] = event.card
            elif isinstance(event, CardsDealt):
                size = len(game.stock) + len(event.cards)
                for offset, card in enumerate(event.cards):
                    self.known[("stock", size - 1 - offset)] = card


@dataclass(frozen=True)
class View:
    """What the player sees: face-up cards, face-down counts, the hidden cards as a bag."""

    cols: Columns  # face-down cards as HIDDEN | DOWN
    stock_len: int
    removed: int
    relaxed: bool
    unknown: tuple[int, ...]  # hidden cards not pinned by ``pinned``, sorted
    pinned: tuple[tuple[SlotKey, int], ...]  # seen hidden cards: (slot key, card)
    suit_count: int  # how many suits the cards in play are of

    @property
    def one_suit(self) -> bool:
        """Every card in play is of one suit."""
        return self.suit_count <= 1


def view_of(game: Game, seen: Seen | None) -> View:
    """What the player of ``game`` sees, and knows from ``seen``."""
    cols = []
    hidden: list[int] = []
    for column in game.columns:
        cells = []
        for slot in column:
            if slot.face_up:
                cells.append(encode(slot.card))
            else:
                cells.append(HIDDEN | DOWN)
                hidden.append(encode(slot.card))
        cols.append(tuple(cells))
    hidden.extend(encode(card) for card in game.stock)
    # ``hidden`` is only used as a bag (sorted below): the player knows which cards
    # are hidden (all cards less the visible ones and the removed runs), not where.
    bag = sorted(hidden)
    pinned = []
    if seen is not None:
        slots = _hidden_slots(cols, len(game.stock))
        for key in sorted(seen.known, key=repr):
            if key in slots:
                card = encode(seen.known[key])
                if card in bag:
                    bag.remove(card)
                    pinned.append((key, card))
    in_play = [card for column in cols for card in column if not card & DOWN] + hidden
    return View(tuple(cols), len(game.stock), game.removed, game.relaxed, tuple(bag),
                tuple(pinned), len(suits(in_play)))


def _hidden_slots(cols: list[tuple[int, ...]] | Columns, stock_len: int) -> set[SlotKey]:
    slots: set[SlotKey] = {("stock", index) for index in range(stock_len)}
    for number, column in enumerate(cols):
        slots.update(("col", number, index) for index, card in enumerate(column) if card & DOWN)
    return slots


def visible_key(game: Game) -> VisibleKey:
    """The position as the player sees it (face-down cards all alike)."""
    view = view_of(game, None)
    return (view.cols, view.stock_len)


def masked(cols: Columns) -> Columns:
    """Columns as the player sees them: every face-down card alike, as in
    :func:`visible_key`."""
    return tuple(column if not column or not column[0] & DOWN  # none face down
                 else tuple(HIDDEN | DOWN if card & DOWN else card for card in column)
                 for column in cols)


def keys_along(world: Position, line: list[Step]) -> list[VisibleKey]:
    """The positions ``line`` passes through from ``world``, first to last, as the player
    would see them: one more than the line has steps."""
    keys = [(masked(world.cols), len(world.stock))]
    for step in line:
        world = world.play(step)
        keys.append((masked(world.cols), len(world.stock)))
    return keys


def seed_of(view: View) -> int:
    """A seed from the visible position only: the hidden bag and where the hidden slots are.

    Moves that turn no card keep the seed, so the samples stay the same and a
    plan made on them is followed through instead of being redrawn each move.
    """
    downs = tuple(sum(1 for card in column if card & DOWN) for column in view.cols)
    text = repr((view.unknown, downs, view.stock_len, view.relaxed, view.pinned))
    return zlib.crc32(text.encode())


def deal_fits(view: View, w: Weights) -> Fits | None:
    """What the next deal is expected to add to each column's evaluation by ``w`` (the
    weights the rest of the plan is scored with), by its last card (``None``: the stock
    is dealt). The player does not know the stock's order, so each card to come is any
    of the hidden cards, or the card seen in its place: a plan can make room for a card
    it expects, not for one a sampled world happens to deal there."""
    if not view.stock_len:
        return None
    pinned = dict(view.pinned)
    anyone = expected_fit_row(view.unknown, w)
    rows = []
    for column in range(len(view.cols)):
        slot = ("stock", view.stock_len - 1 - column)
        if column >= view.stock_len:
            rows.append(expected_fit_row((), w))  # a short last deal
        elif slot in pinned:
            rows.append(fit_rows((pinned[slot],), w)[0])
        else:
            rows.append(anyone)
    return rows


def arrangements(view: View, limit: int) -> int:
    """How many different determinizations there are (at most ``limit``)."""
    count = math.factorial(len(view.unknown))
    for repeats in Counter(view.unknown).values():
        count //= math.factorial(repeats)
    return min(count, limit)


def sample_worlds(view: View, rng: random.Random, count: int) -> list[World]:
    """``count`` different determinizations (there must be as many)."""
    found: list[World] = []
    while len(found) < count:
        world = _sample(view, rng)
        if world not in found:
            found.append(world)
    return found


def _sample(view: View, rng: random.Random) -> World:
    """One determinization: the unknown cards dealt at random into the hidden slots."""
    bag = list(view.unknown)
    rng.shuffle(bag)
    pinned = dict(view.pinned)
    cols = []
    for number, column in enumerate(view.cols):
        cells = []
        for index, card in enumerate(column):
            if card & DOWN:
                value = pinned.get(("col", number, index))
                cells.append((value if value is not None else bag.pop()) | DOWN)
            else:
                cells.append(card)
        cols.append(tuple(cells))
    stock = []
    for index in range(view.stock_len):  # stock[0] is dealt first: index from end
        value = pinned.get(("stock", view.stock_len - 1 - index))
        stock.append(value if value is not None else bag.pop())
    return tuple(cols), tuple(stock)
