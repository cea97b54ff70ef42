"""Honest endgames: the candidate actions checked in sampled worlds solved in full.

With the stock dealt (and few cards face down, with all four suits in play), or one deal
left and few cards face down (not with one suit), a determinization (one guess at the
hidden cards, see :mod:`spider.solver.knowledge`) is small enough to solve with full
knowledge on a modest budget. The look-ahead's best few actions are checked world by
world: in how many worlds can the game still be won after each? The action that keeps
the most worlds winnable is played, ties going to the look-ahead's order, so among
actions that win alike the one that turns cards (and so learns most) comes first. A
candidate stops being checked once it cannot beat the best so far, and the check ends
once one candidate is left or the hint's budget is spent. The work is counted in
positions expanded, so the answer is the same on any machine. For the demo a world
counts as won only by a line it can play: one that does not go back to a position it has
passed through (it never does).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from spider.solver.evaluation import shared_infos
from spider.solver.search import Searcher
from spider.solver.state import DOWN, Columns, Position, Step

#: Cards face down, at most, for a position with one deal left to be an endgame, or with
#: the stock dealt and four suits in play.
MOST_DOWN = 20
#: Cards face down, at most, for a four-suit position with one deal left to be an endgame.
MOST_DOWN_FOUR_SUITS = 12
#: Positions expanded, at most, solving one world.
NODES = 1000
#: Positions expanded, at most, solving the worlds of one hint: worlds that cannot be
#: won (each spends the expansions of one world) end the check early.
BUDGET = 2000
#: With one suit, a world that can be won is mostly won within a few hundred expansions:
#: each world gets half as many and the hint twice the budget, so more worlds are
#: compared before lost ones end the check (honest play, 1 suit: 91 games won instead
#: of 89 on deals 0-99, none lost that were won; 92 as before on deals 100-199). With two
#: suits the same was no better (61 games won against 61 on deals 0-128).
ONE_SUIT_NODES, ONE_SUIT_BUDGET = 500, 4000
#: Whether the player can follow a winning line (its steps) from a world.
Followable = Callable[[Position, list[Step]], bool]


def is_endgame(cols: Columns, stock_len: int, suit_count: int) -> bool:
    """One deal left at most (none in a game of one suit) and at most :data:`MOST_DOWN`
    cards face down; with the stock dealt and fewer than four suits in play
    (``suit_count``), any number face down.

    With the stock dealt a world is searched as one segment, however many cards lie face
    down; checked then too, two-suit honest games won 118 of deals 0-199 instead of 115
    (none lost that had been won; hint p95 0.30 -> 0.37 s); one-suit ones 94 of deals
    0-99, as before (p95 0.11 -> 0.15 s). With four suits and more than
    :data:`MOST_DOWN` face down no sampled world was won within the check's budget, and
    these checks made the slowest hints (4-suit honest games, five of the longest of deals
    200-299: in 177 such checks no world was won; less their time, those games' hint p95
    0.70 -> 0.63 s).
    With one deal left and four suits, at most :data:`MOST_DOWN_FOUR_SUITS` face down: in
    21 four-suit honest games (deals 200-239) no world was won in the 75 checks made with
    16-20 face down, nor in 21 with 9, and they were among the slowest hints.
    With one suit the look-ahead alone plays well while the stock lasts: in five
    one-suit games the check changed none of its 52 hints then, and doubled their cost.
    """
    down = sum(1 for column in cols for card in column if card & DOWN)
    if not stock_len:
        return down <= MOST_DOWN or suit_count < 4
    most = MOST_DOWN if suit_count < 4 else MOST_DOWN_FOUR_SUITS
    return suit_count > 1 and stock_len <= len(cols) and down <= most


def effort(one_suit: bool) -> tuple[int, int]:
    """Expansions, at most, for one world and for the worlds of one hint."""
    return (ONE_SUIT_NODES, ONE_SUIT_BUDGET) if one_suit else (NODES, BUDGET)


def can_win(world: Position, nodes: int = NODES, followable: Followable | None = None
            ) -> tuple[bool, int]:
    """Whether a win of ``world`` (full knowledge) is found in ``nodes`` expansions, one
    the player can follow when ``followable`` is given, and the expansions spent."""
    line, spent = winning_line(world, nodes, followable)
    return line is not None, spent


def winning_line(world: Position, nodes: int = NODES, followable: Followable | None = None
                 ) -> tuple[list[Step] | None, int]:
    """A win of ``world`` (an ending: one deal left at most) found in ``nodes`` expansions
    (one the player can follow, with ``followable``) or ``None``, and the expansions spent.

    One best-first search takes all the work, three tenths of it before the deal if one
    is left. The solver's schedule starts again with a growing budget, each attempt
    repeating the one before: in two-suit honest games it found a win at 1000 expansions
    in 104 of 195 sampled worlds with one deal left (this, 130), and with the stock dealt
    searched only 600 deep."""
    searcher = Searcher(world, math.inf, nodes=nodes, infos=shared_infos(world.relaxed))
    line = searcher.run([(1, nodes * 3 // 10, nodes, 0)])
    if line is not None and followable is not None and not followable(world, line):
        line = None
    return line, searcher.stats.expanded


def most_winning(worlds: list[Position], choices: list[tuple[Step, ...]],
                 budget: int = BUDGET, followable: Followable | None = None,
                 nodes: int = NODES) -> tuple[int, int]:
    """The index of the choice (the steps of a candidate action, best first) after which
    most of ``worlds`` can be won, and in how many of the worlds solved; (-1, 0) when
    none is won.

    The worlds are taken one at a time, and every choice still in the running is solved
    in a world before the next: when the budget runs out, the choices have been compared
    on the same worlds (a world not finished for all of them counts for none), not the
    first on all worlds and the others on none. A world is not begun when the budget left
    is less than its searches are expected to cost (the mean so far): the check would
    spend it and count nothing (two-suit honest games, 1,097 checks logged: 16 % fewer
    expansions, 9 choices changed). A choice leaves the running once it can no longer beat
    the best (or tie with it from before it in the order).

    With ``followable``, a world counts as won only by a line found that the player can
    follow (one that does not go back to a position the demo will not return to).
    ``nodes`` caps the expansions spent solving one world.
    """
    wins = [0] * len(choices)
    running = list(range(len(choices)))
    left_at_first, searches = budget, 0
    for number, world in enumerate(worlds):
        # A world not finished counts for none: one the budget left would not be expected
        # to finish (at the searches' mean cost so far) is not begun.
        if searches and budget * searches < (left_at_first - budget) * len(running):
            break
        won_here, budget = _solved_in(world, [choices[index] for index in running], budget,
                                      followable, nodes)
        if won_here is None:
            break
        searches += len(won_here)
        for index, won in zip(running, won_here, strict=True):
            wins[index] += won
        left = len(worlds) - number - 1
        lead = _best(wins, running)
        running = [index for index in running
                   if wins[index] + left > wins[lead]
                   or (index <= lead and wins[index] + left == wins[lead])]
        if len(running) <= 1:
            break
    best = _best(wins, range(len(choices)))
    return (best, wins[best]) if wins[best] else (-1, 0)


def _solved_in(world: Position, choices: list[tuple[Step, ...]], budget: int,
               followable: Followable | None, nodes: int) -> tuple[list[bool] | None, int]:
    """Whether ``world`` can be won after each of ``choices``, and the budget left;
    None when the budget runs out before every choice is known there (a search it cut
    short is not known to be lost)."""
    won_after = []
    for steps in choices:
        if budget <= 0:
            return None, budget
        position = world
        for step in steps:
            position = position.play(step)
        won, spent = can_win(position, min(nodes, budget), followable)
        budget -= spent
        if not won and budget <= 0:
            return None, budget
        won_after.append(won)
    return won_after, budget


def _best(wins: list[int], indices: Iterable[int]) -> int:
    """Of ``indices``, the one with most wins, the first on ties."""
    return max(indices, key=lambda index: (wins[index], -index))
