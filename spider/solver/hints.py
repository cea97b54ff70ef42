"""Honest hints: the best action now, from what the player can see.

The hint engine never reads the face-down cards or the stock order: it samples
several worlds that agree with what the player knows (determinizations,
:mod:`spider.solver.knowledge`), looks ahead in each with a short search that follows
every candidate (:mod:`spider.solver.lookahead`), and votes: each candidate action gets
the mean, over the samples, of the best position its line reaches before the next
deal (scored as after that deal, where there is one, the deal's cards being any of
the hidden ones). Near the end (the stock dealt, or one deal left and few cards face
down) the look-ahead's best few moves are checked in the same samples solved in full,
and the move after which most of them can still be won is played
(:mod:`spider.solver.endgame`). The samples are drawn from the visible position only,
so the same visible position always gets the same hint, whatever lies face down. The
demo plays these hints (:mod:`spider.solver.demo`); with the stock dealt, where it would
give up, it follows a sampled world's winning line instead (:mod:`spider.solver.plan`).

API for the view
----------------
``suggest(game, previous=None, seen=None, time_budget=0.8) -> Hint | None``
    The best action now. ``previous`` is the last action played (its exact
    reverse is never suggested, unless it removes a run: then the previous
    move turned the card the run needed). ``seen`` is an optional
    :class:`~spider.solver.knowledge.Seen` holding face-down cards the player saw
    before undoing (it is fair to use them).
    Returns a :class:`Hint`, or ``None`` when no move is useful and no deal is
    possible: "no useful move: restart or start a new deal". Once the stock is dealt,
    the sampled worlds are first solved in full: a move their winning lines begin
    with is given rather than ``None``.

:class:`Hint`
    ``action`` is a :class:`~spider.model.actions.Move` with its card count, or
    :data:`~spider.model.actions.DEAL`; ``steps`` is the whole planned compound move
    when there is one (its first step is ``action``); ``reason`` is a message
    key (``tr(hint.reason)`` or ``hint.text()``). For the H key: mark the last
    ``action.count`` cards of column ``action.source`` and column
    ``action.target`` on the first press; play ``action`` on the second.

``suggest(..., samples=None, nodes=None, avoid=None, stalled=False, plan=None)``
    The extra knobs: determinizations (all different; when there are fewer
    possible, few cards being hidden, each gets the others' share of the work),
    expansions per determinization (``None``: :func:`budget`'s, by the suits in play),
    positions (:func:`~spider.solver.knowledge.visible_key`) not to return to, the
    stall flag the demo computes, and the demo's :class:`~spider.solver.plan.Plan` (a
    sampled world's winning line it follows, found by the last chance). The work (samples × nodes,
    and at most :data:`~spider.solver.lookahead.BRANCH` positions built per node) is
    fixed, so the answer is repeatable; ``time_budget=None`` lifts the outer time limit,
    which otherwise may cut sampling (and the endgame check) short on a slow machine.

Hints take well under a second on a slow machine; they read the game on the
calling thread and never change it. Automatic garbage collection is paused while a hint
is worked out (:func:`collection_paused`).
"""

from __future__ import annotations

import gc
import random
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from spider.model.actions import DEAL, Action, Move
from spider.model.game import Game
from spider.solver.endgame import Followable, effort, is_endgame, most_winning, winning_line
from spider.solver.evaluation import W_RUN
from spider.solver.knowledge import (
    Seen,
    View,
    VisibleKey,
    World,
    arrangements,
    deal_fits,
    keys_along,
    masked,
    sample_worlds,
    seed_of,
    view_of,
)
from spider.solver.lookahead import hint_infos, lookahead, worth
from spider.solver.movegen import children
from spider.solver.plan import Plan
from spider.solver.state import DOWN, RANK, Columns, Position, Shift, Step, apply_move
from spider.text.i18n import tr

TIE = 1.5  # plans whose values differ by less than this are worth the same
USEFUL = 0.5  # what a plan must gain over the position now to be worth playing
CHECKED = 3  # the look-ahead's best moves checked in worlds solved in full, in an endgame
#: Expansions for each sampled world solved in full before the demo gives up, or a hint
#: says no move is useful, once the stock is dealt (honest play, 2 suits, deals 0-99:
#: 3 of the 55 games lost that way are won, 48 in all; a game won before never gets there).
#: With fewer worlds than the hint's determinizations (few cards hidden), each gets the
#: expansions of those it lacks: 4-suit deal 203 ended lost with every card face up, its
#: one world not solved in 2000 expansions, and is won so.
LAST_NODES = 2000
#: Determinizations per hint and expansions for each, in the endgame too (where the worlds
#: are also solved in full). Against 6 x 300 throughout (issue 20): 2 suits, deals 200-299,
#: 59 games won instead of 46. The endgame had kept 6 x 300, its hints being the slowest;
#: 12 x 600 there too won 68 two-suit games of deals 0-99 instead of 64 and 12 four-suit
#: games of deals 200-299 instead of 6, hint p95 0.50 and 0.53 s (was 0.29-0.36 s).
SAMPLES, NODES = 12, 600
#: With one suit in play: twice the determinizations at half the expansions each, the
#: same work (honest play, 1-suit deals 0-199: 181 games won instead of 173; 89 and 92
#: against 89 and 84; issue 20). With more suits the endgame check shares its budget
#: among the determinizations: not measured.
ONE_SUIT_SAMPLES, ONE_SUIT_NODES = 12, 150


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action and why (``reason`` is a message key)."""

    action: Action
    reason: str
    steps: tuple[Action, ...] = ()
    value: float = 0.0

    def text(self, language: str | None = None) -> str:
        return tr(self.reason, language)


def _reverses(step: Step, previous: Action | None) -> bool:
    if not isinstance(previous, Move) or step is None:
        return False
    # The same cards straight back where they came from. (A different number of
    # cards back is another move: it may finish a run, as in K + Q..A.)
    return step == (previous.target, previous.source, previous.count)


@contextmanager
def collection_paused() -> Iterator[None]:
    """Automatic garbage collection off for the block, then as it was.

    A hint makes millions of short-lived tuples and no reference cycles: each is freed as
    its last reference goes, but counting them set off CPython's collector again and
    again, each full collection scanning every object kept (the column facts among them).
    Paused, a 4-suit honest game (deal 215) took 9 % less time, its slowest hints a fifth
    less (p95 0.75 -> 0.60 s, on a loaded machine), and it left no garbage behind.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@collection_paused()
def suggest(game: Game, previous: Action | None = None, seen: Seen | None = None,
            time_budget: float | None = 0.8, *, samples: int | None = None,
            nodes: int | None = None, avoid: set[VisibleKey] | None = None,
            stalled: bool = False, plan: Plan | None = None) -> Hint | None:
    """The hint for ``game`` (see the module docstring); ``None``: no useful move.

    ``stalled`` says the last :data:`~spider.solver.demo.STALL` actions turned no card,
    removed no run and dealt nothing: rearranging has stopped paying, so deal (filling
    the empty columns first), or, when there is no stock, play a sampled world's winning
    line (the last chance) or give up.

    ``samples`` determinizations with ``nodes`` expansions each (by default
    :func:`budget`'s) are searched, so the work is fixed and the hint the same on
    any machine; ``time_budget`` (seconds, ``None``: no limit) is an outer limit that
    stops sampling early on a slow machine, and skips the endgame check once half of
    it is spent. ``avoid`` is a set of :func:`visible_key` values of positions not to
    go back to. ``plan`` is the demo's (:mod:`spider.solver.plan`): its next action is
    played while the game is on its line, and the last chance's line becomes the plan.
    """
    began = time.monotonic()
    view = view_of(game, seen)
    planned = plan.step_from((view.cols, view.stock_len)) if plan is not None else None
    if planned is not None:
        return _move_hint(view.cols, planned)
    infos = hint_infos(game.relaxed)
    rng = random.Random(seed_of(view))
    endgame = is_endgame(view.cols, view.stock_len, view.suit_count)
    default_samples, default_nodes = budget(view.one_suit)
    samples = default_samples if samples is None else samples
    nodes = default_nodes if nodes is None else nodes
    has_stock = view.stock_len > 0
    # Candidate actions: the useful moves (the same for every sample: they depend
    # only on face-up cards), less the reverse of the previous move unless it removes
    # a run (the cards go back onto the card the move turned: a new position).
    # As many different determinizations as there are, up to ``samples``; when there
    # are fewer (few hidden cards), each gets the budget the others would have had.
    worlds = sample_worlds(view, rng, arrangements(view, samples))
    nodes = samples * nodes // len(worlds)
    last_nodes = LAST_NODES * samples // len(worlds)
    sample_cols = worlds[0][0]
    candidates = []
    for steps, new, gone in children(sample_cols, infos, has_stock, view.relaxed):
        if _reverses(steps[0], previous) and not gone:
            continue
        if avoid and (masked(new), view.stock_len) in avoid:
            continue
        candidates.append((steps, new))
    can_deal = has_stock and all(view.cols)
    if not candidates:
        if can_deal:
            return Hint(DEAL, "hint.reason.deal")
        # Every move goes back to a position passed: only a plan may (see _last_chance).
        if plan is not None and not has_stock and _in_time(began, time_budget):
            return _last_chance(view, worlds, avoid, plan, last_nodes)
        return None
    fits = deal_fits(view, infos.w)
    totals = [0.0] * len(candidates)
    nows = [0.0] * len(candidates)
    root_total = 0.0
    done = 0
    for number, (sample_cols, _) in enumerate(worlds):
        if number and time_budget is not None:
            spent = time.monotonic() - began
            if spent + spent / number > time_budget:  # another sample would not fit
                break
        removed = view.removed
        h = sum(infos[column][4] for column in sample_cols) + W_RUN * removed
        root_total += worth(sample_cols, h, fits)
        best, now = lookahead(sample_cols, fits, removed, infos, view.relaxed,
                               candidates, nodes)
        for index, value in enumerate(best):
            totals[index] += value
            nows[index] += now[index]
        done += 1
    means = [total / done for total in totals]
    root = root_total / done
    top = max(means)
    # Plans worth about the same: take the one that gains most at once, so that a
    # plan is carried out rather than swapped for an equal one at every move; but one
    # that gains over the position now (useful) before one that does not.
    order = sorted(range(len(candidates)),
                   key=lambda i: (means[i] < top - TIE, means[i] <= root + USEFUL,
                                  -nows[i] if means[i] >= top - TIE else -means[i], i))
    choice = order[0]
    if not stalled and endgame and _in_time(began, time_budget):
        checked = [i for i in order if means[i] > root + USEFUL] if can_deal else order
        hint = _endgame_hint(view, worlds, candidates, checked, can_deal, avoid)
        if hint is not None:
            return hint
    steps, new = candidates[choice]
    useful = means[choice] > root + USEFUL and not stalled
    # Without a stock, stopping is losing: the demo (it passes ``avoid``, so it never
    # goes round in circles) plays the least bad move until it stalls.
    trying = not has_stock and avoid is not None and not stalled
    if not useful and not trying:
        if can_deal:
            return Hint(DEAL, "hint.reason.deal", (DEAL,), root)
        if not has_stock:
            in_time = _in_time(began, time_budget)
            return _last_chance(view, worlds, avoid, plan, last_nodes) if in_time else None
        # The deal waits for the empty columns to be filled: fill them as well as we can.
        fills = [i for i in order if candidates[i][0][0][1] in _empty_columns(view.cols)]
        if not fills:
            return None
        choice = fills[0]
        steps, new = candidates[choice]
        reason = "hint.reason.fill"
    else:
        reason = _reason(view.cols, steps[0], new)
    actions = tuple(Move(s, t, k) for s, t, k in steps)
    return Hint(actions[0], reason, actions, means[choice])


def _in_time(began: float, time_budget: float | None) -> bool:
    """Is less than half of the hint's time spent (the full solves need the rest)?"""
    return time_budget is None or time.monotonic() - began < time_budget / 2


def budget(one_suit: bool) -> tuple[int, int]:
    """The hint's determinizations and expansions for each, by default: as many of them,
    each searched a quarter as far, when every card in play is of one suit."""
    return (ONE_SUIT_SAMPLES, ONE_SUIT_NODES) if one_suit else (SAMPLES, NODES)


def _endgame_hint(view: View, worlds: list[World],
                  candidates: list[tuple[tuple[Shift, ...], Columns]], ranked: list[int],
                  can_deal: bool, avoid: set[VisibleKey] | None = None) -> Hint | None:
    """Of the look-ahead's first :data:`CHECKED` useful moves (any, when the deal cannot
    be played instead) and the deal, the one after which most sampled worlds solved in
    full are still won (:mod:`spider.solver.endgame`); ``None`` when none is. With
    ``avoid``, a world is won only by a line that does not go back to those positions."""
    picked = ranked[:CHECKED]
    choices: list[tuple[Step, ...]] = [candidates[index][0] for index in picked]
    if can_deal:
        choices.append((None,))
    positions = [Position(cols, stock, view.removed, view.relaxed) for cols, stock in worlds]
    nodes, budget = effort(view.one_suit)
    best, wins = most_winning(positions, choices, budget=budget,
                              followable=avoids(avoid) if avoid else None, nodes=nodes)
    if not wins:
        return None
    if best == len(picked):
        return Hint(DEAL, "hint.reason.deal", (DEAL,))
    steps, new = candidates[picked[best]]
    actions = tuple(Move(s, t, k) for s, t, k in steps)
    return Hint(actions[0], _reason(view.cols, steps[0], new), actions)


def _last_chance(view: View, worlds: list[World], avoid: set[VisibleKey] | None,
                 plan: Plan | None, nodes: int) -> Hint | None:
    """With the stock dealt and no move worth playing, before giving up: the move most of
    the sampled worlds' winning lines (solved in full, ``nodes`` expansions each: see
    :data:`LAST_NODES`) begin with, the first world's on a tie; ``None`` when no world
    is won. With ``plan``, the line of the first world whose line begins with that move
    becomes the plan (a line followed through may pass positions the demo has passed: it
    is not held to ``avoid``); without, the next hint, on the same worlds, goes on as it
    can."""
    followable = avoids(avoid) if avoid and plan is None else None
    firsts: Counter[Step] = Counter()
    lines = []
    for cols, stock in worlds:
        world = Position(cols, stock, view.removed, view.relaxed)
        line, _ = winning_line(world, nodes, followable)
        if line:
            firsts[line[0]] += 1
            lines.append((world, line))
    if not firsts:
        return None
    step = firsts.most_common(1)[0][0]
    assert step is not None  # the stock is dealt
    if plan is not None:
        plan.adopt(*next((world, line) for world, line in lines if line[0] == step))
    return _move_hint(view.cols, step)


def _move_hint(cols: Columns, step: Step) -> Hint:
    """The hint to play ``step`` alone, from the columns the player sees."""
    assert step is not None
    new, _ = apply_move(cols, *step)
    return Hint(Move(*step), _reason(cols, step, new), (Move(*step),))


def avoids(avoid: set[VisibleKey]) -> Followable:
    """Whether a line from a world keeps clear of ``avoid``: none of its positions, as the
    player would see them, is one of those the demo does not go back to."""
    def followable(world: Position, line: list[Step]) -> bool:
        return avoid.isdisjoint(keys_along(world, line)[1:])
    return followable


def _empty_columns(cols: Columns) -> set[int]:
    return {index for index, column in enumerate(cols) if not column}


def _reason(cols: Columns, step: Step, new: Columns) -> str:
    assert step is not None
    source, target, count = step
    before = sum(len(column) for column in cols)
    after = sum(len(column) for column in new)
    if after < before:
        return "hint.reason.run"
    column = cols[source]
    if count == len(column):
        return "hint.reason.empty"
    if column[-count - 1] & DOWN:
        return "hint.reason.flip"
    if cols[target] and cols[target][-1] == column[-count] + 1:
        return "hint.reason.suit"
    if not cols[target]:
        return "hint.reason.space"
    if column[-count - 1] & RANK != (column[-count] & RANK) + 1:
        return "hint.reason.uncover"
    return "hint.reason.prepare"
