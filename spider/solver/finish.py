"""The shortest way found to win from a position near the end of a line.

A found line's last segments are played by a best-first search that follows the
evaluation, not the number of moves, so they wander. Here they are searched
again by weighted A*, counting moves and deals, with a bound that is rarely far
off:

* a table holds :func:`groups` groups: each column's cards split wherever a
  card does not lie on the next higher card of its suit (a face-down card is a
  group of its own);
* a move takes at most one group away (the moved cards leave a break behind
  them, or an empty column), or two when it completes a run (the break under
  the run's king goes with it);
* so clearing a table of ``g`` groups and ``r`` runs takes at least
  ``max(g - r, r)`` moves (:func:`moves_needed`), which also prunes every
  position that cannot beat the line already known. While the stock lasts, the
  deals left are added, and the groups are counted with the stock dealt onto
  the table as it lies (moves before a deal may change that: then it is an
  estimate, not a bound).

Once the stock is empty, positions are compared regardless of the order of the
columns (the order no longer matters). The work is counted in positions expanded.
"""

from __future__ import annotations

import heapq

from spider.solver.detours import Trail, unwind
from spider.solver.detours import groups as column_groups
from spider.solver.state import DOWN, RANK, RUN_LENGTH, Columns, Position, Step, movable_length

#: The weights of the bound against the moves made, tried in turn while each finds a
#: shorter line than the one before (above 1 a longer line may be found, but far sooner).
WEIGHTS = (4.0, 2.5, 1.5, 1.2)
#: Positions expanded, at most, for one ending.
NODES = 800


def groups(cols: Columns) -> int:
    """The number of groups on the table (see the module)."""
    return sum(column_groups(column) for column in cols)


def moves_needed(cols: Columns, stock: tuple[int, ...] = ()) -> int:
    """At least this many moves and deals win from ``cols`` and ``stock`` (see the module)."""
    count = _Groups(stock, len(cols))
    runs = (sum(len(column) for column in cols) + len(stock)) // RUN_LENGTH
    return _needed(count.table(cols), runs, count.deals)


class _Groups:
    """Each column's groups with ``stock`` dealt onto it (see the module), remembered."""

    def __init__(self, stock: tuple[int, ...], width: int) -> None:
        self.deals = -(-len(stock) // width)
        self.dealt = [stock[index::width] for index in range(width)]
        self.known: dict[tuple[int, tuple[int, ...]], int] = {}

    def column(self, index: int, column: tuple[int, ...]) -> int:
        key = (index if self.deals else 0, column)
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = column_groups(column + self.dealt[index])
        return found

    def table(self, cols: Columns) -> int:
        return sum(self.column(index, column) for index, column in enumerate(cols))


def _moves(position: Position) -> list[Step]:
    """Every legal move, to the first empty column only once the stock is empty (then
    which one does not matter), and none that just moves a column; the deal last."""
    if position.stock:
        return position.legal_steps()
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


def _key(position: Position) -> object:
    if position.stock:
        return position.cols, len(position.stock)
    return tuple(sorted(position.cols))


def finish(start: Position, nodes: int = NODES, longest: int | None = None,
           weight: float = WEIGHTS[0]) -> tuple[list[Step] | None, int]:
    """A short winning line from ``start`` of fewer than ``longest`` moves and deals, or
    ``None`` when none is found; and the positions expanded (at most ``nodes``)."""
    bound = longest if longest is not None else 1 << 30
    width = len(start.cols)
    runs = (sum(len(column) for column in start.cols) + len(start.stock)) // RUN_LENGTH
    counts = {len(start.stock): _Groups(start.stock, width)}
    total = counts[len(start.stock)].table(start.cols)
    seen = {_key(start): 0}
    # Ties go to the deeper position: nearer the win by the bound, as far by the weight.
    heap: list[tuple[float, int, int, Position, int, Trail]] = [
        (weight * _needed(total, runs, counts[len(start.stock)].deals), 0, 0, start, total,
         None)]
    counter = spent = 0
    while heap and spent < nodes:
        _, made, _, position, total, trail = heapq.heappop(heap)
        made = -made
        if position.is_won:
            return unwind(trail), spent
        spent += 1
        count = counts[len(position.stock)]
        cols = position.cols
        for step in _moves(position):
            child = position.play(step)
            key = _key(child)
            if seen.get(key, made + 2) <= made + 1:
                continue
            if step is None:
                after = counts.get(len(child.stock))
                if after is None:
                    after = counts[len(child.stock)] = _Groups(child.stock, width)
                groups_now, deals = after.table(child.cols), after.deals
            else:  # only the move's two columns change
                source, target = step[0], step[1]
                groups_now = (total - count.column(source, cols[source])
                              - count.column(target, cols[target])
                              + count.column(source, child.cols[source])
                              + count.column(target, child.cols[target]))
                deals = count.deals
            needed = _needed(groups_now, runs - (child.removed - start.removed), deals)
            if made + 1 + needed >= bound:  # cannot beat the line known
                continue
            seen[key] = made + 1
            counter += 1
            heapq.heappush(heap, (made + 1 + weight * needed, -made - 1, counter, child,
                                  groups_now, (step, trail)))
    return None, spent


def _needed(groups_now: int, runs: int, deals: int) -> int:
    """:func:`moves_needed` from the table's groups, the runs left and the deals left."""
    return deals + max(groups_now - runs, runs)
