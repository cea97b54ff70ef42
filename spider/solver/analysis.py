"""Game analysis: where was a played game lost? (full knowledge of the cards)

Winnability is monotone along a played line: once no win exists, no later
position has one. So the last winnable point is found by bisection over the
prefixes of the line, a handful of searches whatever the game's length:

* the final position is searched first: a win there ends the analysis;
* every search that wins lends its line: each position on it is winnable, so a
  later prefix of the game found on that line moves the bisection on for free;
* positions proven lost are remembered (the same position reached twice, as
  after an undo and the same move again, is searched once);
* a search that runs out of budget narrows the bisection like a loss: the
  answer is still exact when the move after the last winnable point is proven
  lost, and otherwise the verdict is unknown with the bounds found.

:func:`analyse` is pure (no pygame, no threads of its own); give it a snapshot
taken on the thread that owns the game and run it anywhere.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from spider.model.game import Game
from spider.solver.shorten import shorten
from spider.solver.solve import Solution, solve
from spider.solver.state import Position, Step, action_step

WINNABLE, LOST, UNKNOWN = "winnable", "lost", "unknown"

#: ``(searches done, searches expected)`` after each search.
Progress = Callable[[int, int], None]
#: One search: a position to a :class:`Solution`.
Search = Callable[[Position], Solution]


def search_position(position: Position, seconds: float, nodes: int | None = None,
                    cancel: threading.Event | None = None) -> Solution:
    """One full-knowledge search within ``seconds`` and, when given, ``nodes`` positions
    expanded (then the answer is the same on any machine). Its line is kept as found:
    :func:`analyse` shortens only the one line it shows."""
    return solve(position, seconds, cancel=cancel, nodes=nodes, short=False)


@dataclass(frozen=True)
class Analysis:
    """What the analysis found about a played line of ``moves`` actions."""

    verdict: str  # WINNABLE, LOST or UNKNOWN
    moves: int
    #: Lost: after how many actions a win still existed (0: at the start; None: never).
    last_winnable: int | None = None
    #: A verified winning line: from the end (winnable), from ``last_winnable`` (lost),
    #: or from ``winnable_until`` (unknown).
    line: tuple[Step, ...] = ()
    #: Lost: the action actually played at ``last_winnable`` (the one that lost it).
    losing: Step | None = None
    searches: int = 0
    #: Bounds known when the verdict is unknown: winnable after this many actions ...
    winnable_until: int | None = None
    #: ... and lost after this many (None: not shown).
    lost_from: int | None = None
    cancelled: bool = False

    @property
    def instead(self) -> Step | None:
        """Lost and winnable somewhere: the move that would have kept the win."""
        return self.line[0] if self.verdict == LOST and self.line else None


@dataclass
class _Knowledge:
    """What the searches have taught so far, by position."""

    wins: dict[Position, tuple[Step, ...]] = field(default_factory=dict)
    lost: set[Position] = field(default_factory=set)
    searches: int = 0

    def learn_line(self, start: Position, line: Sequence[Step]) -> None:
        """Every position on a winning line is winnable, by the rest of the line."""
        position = start
        for index, step in enumerate(line):
            self.wins.setdefault(position, tuple(line[index:]))
            position = position.play(step)
        self.wins.setdefault(position, ())  # the won position itself


def analyse_game(start: Game, game: Game, search: Search,
                 cancel: threading.Event | None = None,
                 progress: Progress | None = None) -> Analysis:
    """Analyse ``game``'s played line (its undo history) from the position ``start``."""
    done, _ = game.history()
    return analyse(Position.from_game(start), [action_step(action) for action in done],
                   search, cancel, progress)


def analyse(start: Position, actions: Sequence[Step], search: Search,
            cancel: threading.Event | None = None,
            progress: Progress | None = None) -> Analysis:
    """Where was the line ``actions`` played from ``start`` lost, and how could it be won?"""
    positions = [start]
    for step in actions:
        positions.append(positions[-1].play(step))
    moves = len(actions)
    known = _Knowledge()
    expected = 1 + max(1, moves + 1).bit_length()

    def probe(index: int) -> bool | None:
        position = positions[index]
        if position in known.wins:
            return True
        if position in known.lost:
            return False
        result = search(position)
        known.searches += 1
        if progress is not None:
            progress(known.searches, max(expected, known.searches + 1))
        if result.steps is not None:
            known.learn_line(position, result.steps)
            return True
        if result.proven:
            known.lost.add(position)
            return False
        return None

    def shown(index: int) -> tuple[Step, ...]:
        """The winning line from ``positions[index]`` the player is shown, shortened."""
        line = known.wins[positions[index]]
        return tuple(shorten(positions[index], list(line), cancel=cancel)) if line else ()

    def stopped(winnable_until: int | None = None, lost_from: int | None = None) -> Analysis:
        line = shown(winnable_until) if winnable_until is not None else ()
        return Analysis(UNKNOWN, moves, line=line, searches=known.searches,
                        winnable_until=winnable_until, lost_from=lost_from,
                        cancelled=cancel is not None and cancel.is_set())

    final = probe(moves)
    if final is None:
        return stopped()
    if final:
        return Analysis(WINNABLE, moves, line=shown(moves),
                        searches=known.searches)
    # Winnable after ``low`` actions (-1: not known); no win known after ``upper``;
    # proven lost after ``high``. A search without an answer narrows like a loss, so
    # the last winnable point is still found exactly when the one after it is proven.
    low, upper, high = -1, moves, moves
    while upper - low > 1:
        middle = (low + upper) // 2
        answer = probe(middle)
        if cancel is not None and cancel.is_set():
            return stopped(low if low >= 0 else None, high)
        if answer:
            low = max([middle] + [index for index in range(middle + 1, upper)
                                  if positions[index] in known.wins])
        else:
            upper = middle
            if answer is False:
                high = middle
    if upper != high:
        return stopped(low if low >= 0 else None, high)
    if low < 0:
        return Analysis(LOST, moves, searches=known.searches)
    return Analysis(LOST, moves, last_winnable=low, line=shown(low),
                    losing=actions[low], searches=known.searches)
