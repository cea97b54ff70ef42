"""Solve a Spider position with full knowledge: a verified winning line, or a proof
that there is none.

:func:`solve` is what callers ask for. An ending (no more deals to come than columns)
gets a short exhaustive look first (:data:`PROBE` positions), which may settle it at
once; then the beam search (:mod:`spider.solver.search`) widens until its budget is
spent, and should its widening run out, the exhaustive look takes the rest.

* **Exhaustive mode** (:func:`exhaustive`): every legal move, depth first, with
  a visited set; when it runs out of positions the position is proven lost.

Found lines are shortened (:mod:`spider.solver.shorten`), and every line is
replayed through :class:`spider.model.game.Game` before it is trusted (:func:`verify`).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from spider.model.game import Game, IllegalAction, Slot
from spider.solver.search import MAX_POSITIONS, Searcher, release
from spider.solver.shorten import shorten
from spider.solver.state import DOWN, Columns, Position, Step, decode, replay

#: Positions the first, exhaustive look visits before the beam search starts (in an
#: ending, where it may settle small cases at once: from a deal it never does).
PROBE = 500
_Key = tuple[object, ...]


def _state_key(cols: Columns, stock_len: int) -> _Key:
    """A position in the visited set; with the stock dealt, the columns' order does
    not matter."""
    if stock_len:
        return (cols, stock_len)
    return tuple(sorted(cols))


def exhaustive(position: Position, node_limit: int, deadline: float,
               cancel: threading.Event | None = None) -> tuple[list[Step] | None, bool, int]:
    """Depth-first search over every legal move with a visited set.

    Returns (winning steps or ``None``, proven, positions visited): ``proven`` is
    true when the answer is certain (a win, or every reachable position was
    visited). It stops after ``node_limit`` positions, at ``deadline`` or on ``cancel``.
    """
    if position.is_won:
        return [], True, 0
    seen = {_state_key(position.cols, len(position.stock))}
    stack: list[tuple[Position, list[Step], int]] = [(position, position.legal_steps(), 0)]
    try:
        return _depth_first(seen, stack, node_limit, deadline, cancel)
    finally:
        release(stack, seen)


def _depth_first(seen: set[_Key], stack: list[tuple[Position, list[Step], int]], node_limit: int,
                 deadline: float, cancel: threading.Event | None
                 ) -> tuple[list[Step] | None, bool, int]:
    path: list[Step] = []
    visited = 0
    while stack:
        current, steps, index = stack[-1]
        if index >= len(steps):
            stack.pop()
            if path:
                path.pop()
            continue
        stack[-1] = (current, steps, index + 1)
        step = steps[index]
        nxt = current.play(step)
        key = _state_key(nxt.cols, len(nxt.stock))
        if key in seen:
            continue
        if visited >= node_limit or (visited & 15 == 0 and (
                time.monotonic() > deadline or (cancel is not None and cancel.is_set()))):
            return None, False, visited
        seen.add(key)
        visited += 1
        path.append(step)
        if nxt.is_won:
            return list(path), True, visited
        stack.append((nxt, nxt.legal_steps(), 0))
    return None, True, visited


# ------------------------------------------------------------------ solve
@dataclass
class Solution:
    """The result of :func:`solve`: a verified winning line, or why there is none."""

    steps: list[Step] | None
    proven: bool  # True: ``steps`` is a win, or ``None`` means no win exists at all
    seconds: float
    expanded: int = 0  # positions expanded: the work done, the same on any machine

    @property
    def won(self) -> bool:
        return self.steps is not None


def verify(game: Game, steps: list[Step]) -> bool:
    """Does ``steps`` win when played on a copy of ``game`` through the rules model?"""
    copy = Game([list(column) for column in game.columns], list(game.stock),
                relaxed=game.relaxed, score=game.score, moves=game.moves, runs=list(game.runs))
    try:
        replay(copy, steps)
    except IllegalAction:
        return False
    return copy.is_won


def solve(start: Game | Position, seconds: float = 30.0,
          cancel: threading.Event | None = None, nodes: int | None = None,
          positions: int = MAX_POSITIONS, short: bool = True) -> Solution:
    """Search for a winning line with full knowledge.

    ``nodes`` caps the work (positions expanded), so the answer is the same on
    any machine; ``seconds`` is an outer limit on top (for players); ``positions``
    caps the memory (positions kept, see :data:`MAX_POSITIONS`); ``short=False`` keeps the
    line as found (for callers that only ask whether a win exists). ``start``
    may be a live game (it is only read, on the calling thread) or a
    :class:`Position` snapshot, which is safe to search on any thread.
    """
    began = time.monotonic()
    deadline = began + seconds
    limit = nodes if nodes is not None else 1 << 62
    position = start if isinstance(start, Position) else Position.from_game(start)
    game = game_of(position)
    steps: list[Step] | None = None
    proven, spent = False, 0
    if len(position.stock) <= len(position.cols):  # an ending: it may be settled at once
        steps, proven, spent = exhaustive(position, min(PROBE, limit), deadline, cancel)
    if steps is None and not proven:
        searcher = Searcher(position, deadline, cancel, limit - spent, positions)
        steps = searcher.run()
        spent += searcher.stats.expanded
        proven = steps is not None
        if (steps is None and spent < limit and not searcher.stats.full
                and time.monotonic() < deadline):
            # Widening ran out: search it all (one position kept for each visited).
            steps, proven, more = exhaustive(position, min(limit - spent, positions), deadline,
                                             cancel)
            spent += more
    if steps and short:
        steps = shorten(position, steps, cancel=cancel)
    if steps is not None and not verify(game, steps):  # never trust an unchecked line
        steps, proven = None, False
    return Solution(steps, proven, time.monotonic() - began, spent)


def game_of(position: Position) -> Game:
    """A rules-model game in ``position`` (to replay a line through the rules)."""
    columns = [[Slot(decode(card), not card & DOWN) for card in column]
               for column in position.cols]
    return Game(columns, [decode(card) for card in position.stock], relaxed=position.relaxed,
                runs=[None] * position.removed)
