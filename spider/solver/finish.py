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

The same moves are searched by a beam (:func:`beam`): level by level of moves
made, keeping the :data:`BEAM_WIDTH` positions of each level nearest the win by
the bound. It sees far deeper than the weighted A* for the same work, at the cost
of the guarantee. Its deals pass a gate: as many runs removed and about as few
cards face down as when the line it stands for dealt (else it deals as soon as it
can, since a deal brings the bound down by one and the cards dealt are at hand, and
then runs out of moves).

Once the stock is empty, positions are compared regardless of the order of the
columns (the order no longer matters). The work is counted in positions expanded.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator

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
#: Positions kept at each level of the beam.
BEAM_WIDTH = 100
#: For each size of the stock, the runs removed at least and the cards face down at
#: most before the beam may deal it.
Gates = dict[int, tuple[int, int]]


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


class _Space:
    """The moves from the positions of one search, each child's bound and key found from
    its parent's and the two columns a move changes, so a child that is turned away is
    never built."""

    def __init__(self, start: Position, gates: Gates | None = None) -> None:
        self.start = start
        self.gates = gates
        self.width = len(start.cols)
        self.runs = (sum(len(column) for column in start.cols) + len(start.stock)) // RUN_LENGTH
        self.counts: dict[int, _Groups] = {}

    def count(self, stock: tuple[int, ...]) -> _Groups:
        """The groups counted with ``stock`` dealt onto the table."""
        found = self.counts.get(len(stock))
        if found is None:
            found = self.counts[len(stock)] = _Groups(stock, self.width)
        return found

    def root(self) -> tuple[int, int, int]:
        """The start's groups, bound and key."""
        start = self.start
        count = self.count(start.stock)
        total = count.table(start.cols)
        return (total, _needed(total, self.runs, count.deals),
                _key(start.cols, len(start.stock)))

    def children(self, position: Position, total: int, key: int,
                 most: int) -> Iterator[tuple[Step, int, int, int, Columns, int]]:
        """Each move's step, groups, bound, key, columns and runs removed, for the moves
        whose bound is below ``most``."""
        count = self.count(position.stock)
        cols, stock, removed = position.cols, position.stock, position.removed
        runs_left = self.runs + self.start.removed - removed
        ordered = bool(stock)

        def keyed(column: tuple[int, ...]) -> int:  # what the key adds up (see hashing)
            value = hash(column) % P
            return value if ordered else mix(value)

        parts = [keyed(column) for column in cols]
        owned = [count.column(index, column) for index, column in enumerate(cols)]
        for step in _moves(position):
            if step is None:
                if not self._may_deal(position):
                    continue
                child = position.play(step)
                count_after = self.count(child.stock)
                groups_now = count_after.table(child.cols)
                needed = _needed(groups_now, runs_left + removed - child.removed,
                                 count_after.deals)
                if needed < most:
                    yield (step, groups_now, needed, _key(child.cols, len(child.stock)),
                           child.cols, child.removed - removed)
                continue
            source, target, moved = step  # only the move's two columns change
            new, gone = apply_move(cols, source, target, moved)
            groups_now = (total - owned[source] - owned[target]
                          + count.column(source, new[source])
                          + count.column(target, new[target]))
            needed = _needed(groups_now, runs_left - gone, count.deals)
            if needed < most:
                yield (step, groups_now, needed,
                       moved_key(key, source, target, (parts[source], parts[target]),
                                 (keyed(new[source]), keyed(new[target])), ordered),
                       new, gone)

    def _may_deal(self, position: Position) -> bool:
        if self.gates is None:
            return True
        least, downs = self.gates.get(len(position.stock), (0, 1 << 30))
        return position.removed >= least and face_down(position.cols) <= downs


def face_down(cols: Columns) -> int:
    """The cards face down on the table."""
    return sum(1 for column in cols for card in column if card & DOWN)


def _child(position: Position, step: Step, cols: Columns, gone: int) -> Position:
    """The position after ``step``, its columns ``cols`` and ``gone`` runs removed."""
    if step is None:
        return position.play(step)
    return Position(cols, position.stock, position.removed + gone, position.relaxed)


def finish(start: Position, nodes: int = NODES, longest: int | None = None,
           weight: float = WEIGHTS[0]) -> tuple[list[Step] | None, int]:
    """A short winning line from ``start`` of fewer than ``longest`` moves and deals, or
    ``None`` when none is found; and the positions expanded (at most ``nodes``).

    Keys are 61-bit numbers, so two positions may share one by accident (far below one
    in a million): that costs a branch of the search, never a wrong line."""
    bound = longest if longest is not None else 1 << 30
    space = _Space(start)
    total, needed, key = space.root()
    seen = {key: 0}
    # Ties go to the deeper position: nearer the win by the bound, as far by the weight.
    heap: list[tuple[float, int, int, Position, int, int, Trail]] = [
        (weight * needed, 0, 0, start, total, key, None)]
    counter = spent = 0
    while heap and spent < nodes:
        _, made, _, position, total, key, trail = heapq.heappop(heap)
        made = 1 - made  # the moves a child of this position has made
        if position.is_won:
            return unwind(trail), spent
        spent += 1
        for step, groups_now, needed, child_key, cols, gone in space.children(
                position, total, key, bound - made):
            if seen.get(child_key, made + 1) <= made:
                continue
            seen[child_key] = made
            counter += 1
            heapq.heappush(heap, (made + weight * needed, -made, counter,
                                  _child(position, step, cols, gone), groups_now, child_key,
                                  (step, trail)))
    return None, spent


def beam(start: Position, nodes: int, longest: int | None = None, gates: Gates | None = None,
         width: int = BEAM_WIDTH) -> tuple[list[Step] | None, int]:
    """A winning line from ``start`` of fewer than ``longest`` moves and deals found by the
    beam (see the module), ``gates`` holding back its deals, or ``None`` when none is
    found; and the positions expanded (at most ``nodes``)."""
    bound = longest if longest is not None else 1 << 30
    space = _Space(start, gates)
    total, _, key = space.root()
    seen = {key: 0}
    level: list[tuple[Position, int, int, Trail]] = [(start, total, key, None)]
    made = spent = 0
    while level:
        made += 1
        ranked: list[tuple[int, int, Position, Step, Columns, int, int, int, Trail]] = []
        for position, total, key, trail in level:
            if spent == nodes:
                return None, spent
            spent += 1
            for step, groups_now, needed, child_key, cols, gone in space.children(
                    position, total, key, bound - made):
                if seen.get(child_key, made + 1) <= made:
                    continue
                seen[child_key] = made
                if not needed:  # won
                    return unwind((step, trail)), spent
                ranked.append((needed, len(ranked), position, step, cols, gone, groups_now,
                               child_key, trail))
        level = [(_child(position, step, cols, gone), groups_now, child_key, (step, trail))
                 for _, _, position, step, cols, gone, groups_now, child_key, trail
                 in heapq.nsmallest(width, ranked)]
    return None, spent


def _needed(groups_now: int, runs: int, deals: int) -> int:
    """:func:`moves_needed` from the table's groups, the runs left and the deals left."""
    return deals + max(groups_now - runs, runs)
