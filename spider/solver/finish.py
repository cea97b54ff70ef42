"""The shortest way found to clear the table once the stock is empty.

A found line's last segment is played by a best-first search that follows the
evaluation, not the number of moves, so it wanders. Here it is searched again
by weighted A*, counting moves, with a bound that is rarely far off:

* a table holds :func:`groups` groups: each column's cards split wherever a
  card does not lie on the next higher card of its suit (a face-down card is a
  group of its own);
* a move takes at most one group away (the moved cards leave a break behind
  them, or an empty column), or two when it completes a run (the break under
  the run's king goes with it);
* so clearing a table of ``g`` groups and ``r`` runs takes at least
  ``max(g - r, r)`` moves (:func:`moves_needed`), which also prunes every
  position that cannot beat the line already known.

Positions are compared regardless of the order of the columns (with the stock
empty the order no longer matters). The work is counted in positions expanded.
"""

from __future__ import annotations

import heapq

from spider.solver.detours import Trail, unwind
from spider.solver.detours import groups as column_groups
from spider.solver.state import DOWN, RANK, RUN_LENGTH, Columns, Position, Step, movable_length

#: The weight of the bound against the moves made: above 1 a longer line may be
#: found, but far sooner (searching again at 1.8 and 1.3 took six times the work and
#: gained 4.5 moves on the median 2-suit line, none on 1 or 4 suits).
WEIGHT = 2.5
#: Positions expanded, at most, for one ending.
NODES = 1500


def groups(cols: Columns) -> int:
    """The number of groups on the table (see the module)."""
    return sum(column_groups(column) for column in cols)


def moves_needed(cols: Columns) -> int:
    """At least this many moves clear the table (stock empty)."""
    runs = sum(len(column) for column in cols) // RUN_LENGTH
    return max(groups(cols) - runs, runs)


def _moves(position: Position) -> list[Step]:
    """Every legal move, to the first empty column only; none that just moves a column."""
    cols = position.cols
    empty = next((index for index, column in enumerate(cols) if not column), -1)
    onto: dict[int, list[int]] = {}
    for index, column in enumerate(cols):
        if column and not column[-1] & DOWN:
            onto.setdefault(column[-1] & RANK, []).append(index)
    out: list[Step] = []
    for source, column in enumerate(cols):
        for count in range(1, movable_length(column, position.relaxed) + 1):
            out.extend((source, target, count)
                       for target in onto.get((column[-count] & RANK) + 1, ()))
            if empty >= 0 and count < len(column):
                out.append((source, empty, count))
    return out


def finish(start: Position, nodes: int = NODES,
           longest: int | None = None) -> tuple[list[Step] | None, int]:
    """A short winning line from ``start`` (its stock empty) of fewer than ``longest``
    moves, or ``None`` when none is found; and the positions expanded (at most ``nodes``)."""
    if start.stock:
        return None, 0
    bound = longest if longest is not None else 1 << 30
    seen = {tuple(sorted(start.cols)): 0}
    heap: list[tuple[float, int, int, Position, Trail]] = [
        (WEIGHT * moves_needed(start.cols), 0, 0, start, None)]
    counter = spent = 0
    while heap and spent < nodes:
        _, made, _, position, trail = heapq.heappop(heap)
        if not any(position.cols):
            return unwind(trail), spent
        spent += 1
        for step in _moves(position):
            child = position.play(step)
            key = tuple(sorted(child.cols))
            if seen.get(key, made + 2) <= made + 1:
                continue
            needed = moves_needed(child.cols)
            if made + 1 + needed >= bound:  # cannot beat the line known
                continue
            seen[key] = made + 1
            counter += 1
            heapq.heappush(heap, (made + 1 + WEIGHT * needed, made + 1, counter, child,
                                  (step, trail)))
    return None, spent
