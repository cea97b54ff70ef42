"""What a player does (a :class:`Move`, the deal) and what it did (the events of an
:class:`Outcome`): the values a :class:`~spider.model.game.Game` takes and returns.
"""

from __future__ import annotations

from spider.model.cards import Card
from spider.model.values import value


@value
class Move:
    """Move cards from the end of column ``source`` to column ``target`` (0-based).

    ``count`` is how many cards; ``None`` lets the game choose as for the
    ``F>T`` token: onto a card, the group that fits it; onto an empty column,
    the longest movable group.
    """

    source: int
    target: int
    count: int | None = None

    def __str__(self) -> str:
        count = "" if self.count is None else f":{self.count}"
        return f"{self.source + 1}{count}>{self.target + 1}"


class Deal:
    """The action of dealing from the stock (a singleton value: :data:`DEAL`)."""

    def __str__(self) -> str:
        return "d"

    def __repr__(self) -> str:
        return "DEAL"


DEAL = Deal()
Action = Move | Deal


# Events: what an action did, in order. Each can be done and undone on a Game.
@value
class CardsMoved:
    """``cards`` left the end of column ``source`` for the end of column ``target``."""

    source: int
    target: int
    cards: tuple[Card, ...]


@value
class CardsDealt:
    """One face-up card from the front of the stock to each of ``columns``, in order."""

    columns: tuple[int, ...]
    cards: tuple[Card, ...]


@value
class CardFlipped:
    """The last card of ``column`` turned face up (or face down, when undone)."""

    column: int
    card: Card
    face_up: bool = True


@value
class RunRemoved:
    """A finished king-to-ace run left the end of ``column`` for completed slot ``slot``."""

    column: int
    slot: int
    cards: tuple[Card, ...]


Event = CardsMoved | CardsDealt | CardFlipped | RunRemoved


@value
class Outcome:
    """What an action did: its events in order, and whether they ran backwards."""

    action: Action
    events: tuple[Event, ...]
    undone: bool = False

    @property
    def runs_removed(self) -> int:
        return sum(isinstance(event, RunRemoved) for event in self.events)
