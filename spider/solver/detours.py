"""Detours between two positions of a line, searched again for fewer moves.

Between two deals the stock is fixed, so any way from one position of a segment
to a later one of the same segment can stand in for the line's own moves: the
rest of the line then plays exactly as before. The search's line gets there by
best-first steps that follow its evaluation, so it wanders; here each window of
a segment (at most :data:`WINDOW` moves) is searched again by weighted A* for
the exact position at its end, on a bound that is rarely far off:

* each column keeps the cards it shares with the target from the bottom up (a
  face-down card may since have turned face up);
* every other card of the target's column must arrive, and a move brings only
  cards that lie on the next higher card of their suit, so at least one move
  per such group (:func:`groups`) is needed;
* every other card now in the column must leave, one move per group as well,
  unless a run is removed on the way (the run takes cards away without a move).

(Under Relaxed rules a move may carry more than such a group, so the bound may
overcount: the search then finds a shorter way, maybe not the shortest.) The work
is counted in positions expanded, so the result is the same on any machine.
"""

from __future__ import annotations

import heapq
import itertools
import threading

from spider.solver.state import DOWN, Columns, Position, Step

#: Moves in a window searched again, at most.
WINDOW = 30
#: Positions expanded, at most, for one window (of the moves a 2-suit line saves with
#: 3000, 500 find 93 %, at a fifth of the work).
NODES = 500
#: Positions expanded, at most, for one line (then the rest of the line is searched
#: again: 10 2-suit lines median 137 moves, 137.5 at 3,000 for half the work, but 4-suit
#: lines lose up to 60 moves at 3,000).
LINE_NODES = 6_000
#: Passes over the line, at most (two in a row that save nothing end it).
PASSES = 4
#: The weight of the bound against the moves made (above 1: found sooner, maybe longer).
WEIGHT = 2.0

#: The moves to a position, last first: (last move, the moves before it).
Trail = tuple[Step, "Trail"] | None
#: Cards to bring in and groups to take away for one column, or ``None`` when a
#: face-down card of the target is already face up (it can never turn back).
Need = tuple[int, int] | None


def groups(cards: tuple[int, ...]) -> int:
    """Moves needed to carry ``cards`` (in order) at least: a group ends wherever a card
    does not lie on the next higher card of its suit, and each face-down card is one."""
    if not cards:
        return 0
    return 1 + sum(1 for upper, lower in itertools.pairwise(cards)
                   if upper & DOWN or upper != lower + 1)


class _Target:
    """The position sought, and each column's :data:`Need` toward it (remembered)."""

    def __init__(self, target: Position) -> None:
        self.cols = target.cols
        self.removed = target.removed
        self.needs: dict[tuple[int, tuple[int, ...]], Need] = {}

    def need(self, index: int, column: tuple[int, ...]) -> Need:
        key = (index, column)
        if key in self.needs:
            return self.needs[key]
        goal = self.cols[index]
        shared = 0
        for card, wanted in zip(column, goal, strict=False):
            if card | DOWN != wanted | DOWN:
                break
            if wanted & DOWN and not card & DOWN:
                self.needs[key] = None
                return None
            shared += 1
        need = self.needs[key] = (groups(goal[shared:]), groups(column[shared:]))
        return need

    def sums(self, cols: Columns) -> tuple[int, int] | None:
        """The groups to bring in and to take away over all columns (``None``: never)."""
        arrive = leave = 0
        for index, column in enumerate(cols):
            need = self.need(index, column)
            if need is None:
                return None
            arrive += need[0]
            leave += need[1]
        return arrive, leave

    def bound(self, sums: tuple[int, int], removed: int) -> int:
        """At least this many moves reach the target from a position of these :meth:`sums`."""
        return max(sums) if removed == self.removed else sums[0]


def bridge(start: Position, target: Position, nodes: int = NODES, weight: float = WEIGHT,
           longest: int | None = None) -> tuple[list[Step] | None, int]:
    """Moves (no deal) from ``start`` to exactly ``target`` of fewer than ``longest``, or
    ``None`` when none is found; and the positions expanded (at most ``nodes``)."""
    goal = _Target(target)
    sums = goal.sums(start.cols)
    if sums is None or start.stock != target.stock or start.removed > target.removed:
        return None, 0
    most = longest if longest is not None else 1 << 30
    seen = {start.cols: 0}
    heap: list[tuple[float, int, int, Position, tuple[int, int], Trail]] = [
        (weight * goal.bound(sums, start.removed), 0, 0, start, sums, None)]
    counter = spent = 0
    while heap and spent < nodes:
        _, made, _, position, sums, trail = heapq.heappop(heap)
        cols = position.cols
        if cols == target.cols:
            return unwind(trail), spent
        spent += 1
        for step in position.legal_steps():
            if step is None:
                continue
            child = position.play(step)
            if child.removed > target.removed or seen.get(child.cols, made + 2) <= made + 1:
                continue
            # Only the two columns of the move change their needs.
            source, dest = step[0], step[1]
            gone = (goal.need(source, cols[source]), goal.need(dest, cols[dest]))
            came = (goal.need(source, child.cols[source]), goal.need(dest, child.cols[dest]))
            if came[0] is None or came[1] is None:
                continue
            assert gone[0] is not None and gone[1] is not None
            new = (sums[0] - gone[0][0] - gone[1][0] + came[0][0] + came[1][0],
                   sums[1] - gone[0][1] - gone[1][1] + came[0][1] + came[1][1])
            needed = goal.bound(new, child.removed)
            if made + 1 + needed >= most:
                continue
            seen[child.cols] = made + 1
            counter += 1
            heapq.heappush(heap, (made + 1 + weight * needed, made + 1, counter, child, new,
                                  (step, trail)))
    return None, spent


def unwind(trail: Trail) -> list[Step]:
    """The moves of ``trail`` in the order played."""
    steps: list[Step] = []
    while trail is not None:
        step, trail = trail
        steps.append(step)
    steps.reverse()
    return steps


def straighten(start: Position, steps: list[Step], nodes: int = LINE_NODES,
               cancel: threading.Event | None = None) -> tuple[list[Step], int]:
    """The line with its detours searched again (see the module), window by window, the
    windows cut in turn at every :data:`WINDOW` moves of a segment and halfway between,
    until a pass saves nothing; and the positions expanded (at most ``nodes``)."""
    spent = idle = 0
    for offset in itertools.islice(itertools.cycle((0, WINDOW // 2)), PASSES):
        if spent >= nodes or idle == 2 or (cancel is not None and cancel.is_set()):
            break
        shorter, used = straighten_once(start, steps, nodes - spent, offset, cancel)
        spent += used
        idle = 0 if len(shorter) < len(steps) else idle + 1
        steps = shorter
    return steps, spent


def straighten_once(start: Position, steps: list[Step], nodes: int, offset: int = 0,
                    cancel: threading.Event | None = None) -> tuple[list[Step], int]:
    """One pass of :func:`straighten`, its windows cut every :data:`WINDOW` moves from
    ``offset`` moves into each segment."""
    line = [start]
    for step in steps:
        line.append(line[-1].play(step))
    out: list[Step] = []
    spent = 0
    begin = 0
    for index in [*(index for index, step in enumerate(steps) if step is None), len(steps)]:
        cuts = [*range(begin + (offset or WINDOW), index, WINDOW), index]
        here = begin
        for there in cuts:
            if there <= here:
                continue
            found = None
            stopped = cancel is not None and cancel.is_set()
            if there - here > 1 and spent < nodes and not stopped:
                found, used = bridge(line[here], line[there], min(NODES, nodes - spent),
                                     longest=there - here)
                spent += used
            out.extend(found if found is not None else steps[here:there])
            here = there
        if index < len(steps):
            out.append(None)
        begin = index + 1
    return out, spent
