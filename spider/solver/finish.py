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
from spider.solver.hashing import P, mix, moved_key, position_key
from spider.solver.state import (
    DOWN,
    RANK,
    RUN_LENGTH,
    Columns,
    Position,
    Step,
    apply_move,
    movable_length,
)

#: The weights of the bound against the moves made, tried in turn while each finds a
#: shorter line than the one before (above 1 a longer line may be found, but far sooner;
#: 4.0 first found fewer: the bound is too weak to follow that closely).
WEIGHTS = (2.5, 1.5, 1.2)
#: Positions expanded, at most, for one ending.
NODES = 2_000


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


def _key(cols: Columns, stock_len: int) -> int:
    """A position's key (:func:`~spider.solver.hashing.position_key` of its columns'
    hashes): regardless of the order of the columns once the stock is empty."""
    return position_key([hash(column) % P for column in cols], stock_len)


def finish(start: Position, nodes: int = NODES, longest: int | None = None,
           weight: float = WEIGHTS[0]) -> tuple[list[Step] | None, int]:
    """A short winning line from ``start`` of fewer than ``longest`` moves and deals, or
    ``None`` when none is found; and the positions expanded (at most ``nodes``).

    A move's bound and key come from its parent's and the two columns it changes, so a
    child that cannot beat ``longest`` or was met before is turned away unbuilt. Keys
    are 61-bit numbers, so two positions may share one by accident (far below one in a
    million): that costs a branch of the search, never a wrong line."""
    bound = longest if longest is not None else 1 << 30
    width = len(start.cols)
    runs = (sum(len(column) for column in start.cols) + len(start.stock)) // RUN_LENGTH
    counts = {len(start.stock): _Groups(start.stock, width)}
    total = counts[len(start.stock)].table(start.cols)
    key = _key(start.cols, len(start.stock))
    seen = {key: 0}
    # Ties go to the deeper position: nearer the win by the bound, as far by the weight.
    heap: list[tuple[float, int, int, Position, int, int, Trail]] = [
        (weight * _needed(total, runs, counts[len(start.stock)].deals), 0, 0, start, total,
         key, None)]
    counter = spent = 0
    while heap and spent < nodes:
        _, made, _, position, total, key, trail = heapq.heappop(heap)
        made = 1 - made  # the moves a child of this position has made
        if position.is_won:
            return unwind(trail), spent
        spent += 1
        count = counts[len(position.stock)]
        cols, stock, removed = position.cols, position.stock, position.removed
        hashes = [hash(column) % P for column in cols]
        mixed = None if stock else [mix(value) for value in hashes]
        owned = [count.column(index, column) for index, column in enumerate(cols)]
        for step in _moves(position):
            child: Position | None = None  # built only once it is kept
            if step is None:
                child = position.play(step)
                count_after = counts.get(len(child.stock))
                if count_after is None:
                    count_after = counts[len(child.stock)] = _Groups(child.stock, width)
                groups_now = count_after.table(child.cols)
                needed = _needed(groups_now, runs - (child.removed - start.removed),
                                 count_after.deals)
            else:  # only the move's two columns change
                source, target, moved = step
                new, gone = apply_move(cols, source, target, moved)
                groups_now = (total - owned[source] - owned[target]
                              + count.column(source, new[source])
                              + count.column(target, new[target]))
                needed = _needed(groups_now, runs - (removed + gone - start.removed),
                                 count.deals)
            if made + needed >= bound:  # cannot beat the line known
                continue
            if child is not None:
                child_key = _key(child.cols, len(child.stock))
            else:
                child_key = moved_key(key, source, target, (hashes[source], hashes[target]),
                                      (hash(new[source]) % P, hash(new[target]) % P),
                                      None if mixed is None else (mixed[source], mixed[target]))
            if seen.get(child_key, made + 1) <= made:
                continue
            seen[child_key] = made
            if child is None:
                child = Position(new, stock, removed + gone, position.relaxed)
            counter += 1
            heapq.heappush(heap, (made + weight * needed, -made, counter, child, groups_now,
                                  child_key, (step, trail)))
    return None, spent


def _needed(groups_now: int, runs: int, deals: int) -> int:
    """:func:`moves_needed` from the table's groups, the runs left and the deals left."""
    return deals + max(groups_now - runs, runs)
