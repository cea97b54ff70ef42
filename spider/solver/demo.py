"""The demo player: the hint engine's choices, played one after another.

API for the view
----------------
``demo_step(game, previous=None, seen=None, time_budget=0.8, plan=None) -> Action | None``
    What the demo plays next (the hint engine's choice), ``None`` when it
    gives up. Call it again after playing the action; pass the action as
    ``previous``, and the same :class:`~spider.solver.plan.Plan` each time. It avoids
    going back to positions already passed through in this game's history, and after
    :data:`STALL` actions without turning a card, removing a run or dealing, it deals
    rather than rearranging for ever. With the stock empty it then follows a winning
    line of a sampled world solved in full (the plan) while the cards it turns are those
    the world predicts, and gives up when no world shows one; so it does too when every
    move would go back to a position passed. Until then it plays the least bad move
    where a hint would say "no useful move".
"""

from __future__ import annotations

import copy

from spider.model.actions import Action, CardFlipped, CardsDealt, Outcome, RunRemoved
from spider.model.game import Game
from spider.solver.hints import suggest
from spider.solver.knowledge import Seen, VisibleKey, visible_key
from spider.solver.plan import Plan

STALL = 40  # actions without progress after which the demo deals or gives up


def past_positions(game: Game) -> set[VisibleKey]:
    """The visible keys of every position in ``game``'s undo history (read on a copy)."""
    return _history(game)[0]


def demo_step(game: Game, previous: Action | None = None, seen: Seen | None = None,
              time_budget: float | None = 0.8, *, samples: int | None = None,
              nodes: int | None = None, plan: Plan | None = None) -> Action | None:
    """The demo's next action (the hint engine's choice), or ``None`` to stop."""
    past, idle = _history(game)
    hint = suggest(game, previous, seen, time_budget, samples=samples, nodes=nodes, avoid=past,
                   stalled=idle >= STALL, plan=plan)
    return None if hint is None else hint.action


def is_progress(outcome: Outcome) -> bool:
    """Did the action turn a card, remove a run or deal?"""
    return any(isinstance(event, CardFlipped | RunRemoved | CardsDealt)
               for event in outcome.events)


def _history(game: Game) -> tuple[set[VisibleKey], int]:
    """Visible keys of the positions in the undo history, and how many actions since
    the last progress (read on a copy of the game)."""
    clone = copy.deepcopy(game)
    keys = {visible_key(clone)}
    idle, counting = 0, True
    while clone.can_undo:
        outcome = clone.undo()
        if counting and is_progress(outcome):
            counting = False
        elif counting:
            idle += 1
        keys.add(visible_key(clone))
    return keys, idle
