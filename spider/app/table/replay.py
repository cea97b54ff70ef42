"""An Outcome's events replayed on the board's sprite lists, one at a time.

:func:`replay_event` does to the lists of sprites (columns, stock, completed runs)
what one event did to the model, forwards or undone, and says which cards it moved;
it raises :class:`ReplayMismatch` when the sprites do not hold what the event says
(the board is then rebuilt from the model). :class:`Replay` is how far the replay
of one action went (see :meth:`~spider.app.table.board.Board.show`).
"""

from __future__ import annotations

from spider.app.table.sprites import CardSprite
from spider.model.actions import CardFlipped, CardsDealt, CardsMoved, Event, Outcome, RunRemoved
from spider.model.cards import Card
from spider.model.game import Game
from spider.model.values import record


class ReplayMismatch(Exception):
    """The sprites did not hold what an event says: rebuild from the model."""


@record
class Replay:
    """An action's replay on the sprites, as far as it went (see
    :meth:`~spider.app.table.board.Board.show`): its events in the order replayed and
    how many are, the board's time when it was shown, when the next event's motion
    begins, the columns changed, each with when the cards they keep may settle (at
    once, once a group that left has all set off, or once a run that left has gone:
    they must not slide over cards still waiting to fly), and whether the stock
    changed."""

    events: tuple[Event, ...]
    done: int
    outcome: Outcome
    game: Game
    dropped: bool
    now: float
    cursor: float
    settling: dict[int, float]
    stock_changed: bool
    rebuilt: bool = False


def replay_event(event: Event, undone: bool, columns: list[list[CardSprite]],
                 stock: list[CardSprite], runs: list[list[CardSprite]],
                 ) -> tuple[list[CardSprite], str]:
    """Apply one event to the sprite lists; return the cards it moves, in flight
    order, and its kind ("move", "deal", "undeal", "flip", "run", "unrun")."""
    try:
        match event:
            case CardsMoved(source, target, cards):
                frm, to = (target, source) if undone else (source, target)
                group = _take(columns[frm], cards)
                columns[to].extend(group)
                for sprite in group:
                    sprite.face_up = True
                return group, "move"
            case CardsDealt(dealt_to, cards):
                if undone:
                    group = [columns[column].pop() for column in dealt_to]
                    _expect(group, cards)
                    for sprite in group:
                        sprite.face_up = False
                    stock[:0] = group
                    return group[::-1], "undeal"
                group = stock[: len(cards)]
                _expect(group, cards)
                del stock[: len(cards)]
                for column, sprite in zip(dealt_to, group, strict=True):
                    sprite.face_up = True
                    columns[column].append(sprite)
                return group, "deal"
            case CardFlipped(column, card, face_up):
                sprite = columns[column][-1]
                _expect([sprite], (card,))
                sprite.face_up = face_up != undone
                return [sprite], "flip"
            case RunRemoved(column, slot, cards):
                if undone:
                    group = runs.pop()
                    _expect(group, cards)
                    columns[column].extend(group)
                    return group, "unrun"
                if slot != len(runs):
                    raise ReplayMismatch(f"run slot {slot}, have {len(runs)}")
                group = _take(columns[column], cards)
                runs.append(group)
                return group[::-1], "run"
    except IndexError as error:
        raise ReplayMismatch(str(error)) from error
    raise ReplayMismatch(f"unknown event {event!r}")


def changed_columns(event: Event) -> tuple[int, ...]:
    """The columns ``event`` changes."""
    match event:
        case CardsMoved(source, target, _):
            return source, target
        case CardsDealt(columns, _):
            return columns
        case CardFlipped(column, _, _) | RunRemoved(column, _, _):
            return (column,)
    return ()


def _take(column: list[CardSprite], cards: tuple[Card, ...]) -> list[CardSprite]:
    if len(column) < len(cards):
        raise ReplayMismatch("column too short")
    group = column[len(column) - len(cards):]
    _expect(group, cards)
    del column[len(column) - len(cards):]
    return group


def _expect(group: list[CardSprite], cards: tuple[Card, ...]) -> None:
    if [sprite.card for sprite in group] != list(cards):
        raise ReplayMismatch(f"expected {[str(c) for c in cards]}, "
                             f"have {[str(s.card) for s in group]}")
