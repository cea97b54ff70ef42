"""Move generation: the useful moves of a position, and compound moves' steps.

* **Compound moves.** A mixed-suit descending sequence moves as one step when
  enough empty columns let it go group by group (:func:`plan_supermove`; the
  steps are spelled out only for the line printed, :func:`plan_compound`).
* **Pointless moves are never generated**: moving a whole column into an empty
  one, splitting a one-suit group onto a card of another suit, moving a group
  off a card of its own suit onto another card of that suit.

What may move off each column is known once per column
(:func:`spider.solver.evaluation.move_options`, kept by
:class:`~spider.solver.evaluation.Infos`, which the caller looks up once for each
column); :func:`moves` only pairs columns.
"""

from __future__ import annotations

from collections.abc import Sequence

from spider.solver.evaluation import Info, Infos, column_info
from spider.solver.state import DOWN, RANK, Columns, Shift, apply_move

#: A move of :func:`moves`: (source, target, cards, one-suit groups).
Move = tuple[int, int, int, int]
#: A built move: (steps, new columns, runs removed).
Child = tuple[tuple[Shift, ...], Columns, int]


def plan_supermove(source: int, target: int, sizes: list[int], free: list[int]) -> list[Shift]:
    """Primitive moves carrying groups ``sizes`` (top group first) via empty columns ``free``."""
    if len(sizes) == 1:
        return [(source, target, sizes[0])]
    park, rest = free[0], free[1:]
    half = len(sizes) // 2
    top, bottom = sizes[:half], sizes[half:]
    return (plan_supermove(source, park, top, rest) + plan_supermove(source, target, bottom, rest)
            + plan_supermove(park, target, top, rest))


def moves(cols: Columns, col_infos: Sequence[Info], has_stock: bool,
          relaxed: bool) -> list[Move]:
    """Useful moves from ``cols`` (``col_infos``: each column's :class:`Infos` entry):
    (source, target, cards, one-suit groups) for each; more than one group is a
    compound move through the empty columns."""
    by_top: dict[int, list[int]] = {}  # the columns by the rank of their face-up last card
    empties = []
    for index, column in enumerate(cols):
        if not column:
            empties.append(index)
        elif not column[-1] & DOWN:
            by_top.setdefault(column[-1] & RANK, []).append(index)
    n_empty = len(empties)
    empty = empties[0] if empties else -1
    fill = has_stock and n_empty > 0
    most = 1 << n_empty  # one-suit groups a compound move may carry onto a card
    out = []
    for source, info in enumerate(col_infos):
        for count, want, kind, unit, groups, first, split in info[7]:
            if groups > most:
                break
            if want in by_top:  # never the source: its last card is of a lower rank
                for target in by_top[want]:
                    if kind >= 2:
                        suited = cols[target][-1] == first + 1
                        if kind == 3:
                            # Splitting a one-suit group onto the same suit: only to join
                            # the longer part (two decks' runs merging toward a full run).
                            if not suited or col_infos[target][1] <= split:
                                continue
                        elif not suited and not unit:
                            continue
                    out.append((source, target, count, groups))
            if (empty >= 0 and kind != 0 and ((kind <= 2 and unit) or fill)
                    and groups * 2 <= most):
                out.append((source, empty, count, groups))
    return out


def build(cols: Columns, move: Move, infos: Infos) -> Child:
    """The position after a move of :func:`moves`: (steps, new columns, runs removed)."""
    source, target, count, groups = move
    new, gone = apply_move(cols, source, target, count)  # where a compound move ends too
    if groups == 1:
        return ((source, target, count),), new, gone
    return plan_compound(cols, move, infos.relaxed), new, gone


def plan_compound(cols: Columns, move: Move, relaxed: bool) -> tuple[Shift, ...]:
    """The primitive steps of a compound move, through the empty columns."""
    source, target, _, groups = move
    sizes = _sizes(column_info(cols[source], relaxed)[3], groups)
    free = [index for index, column in enumerate(cols) if not column and index != target]
    return tuple(plan_supermove(source, target, sizes, free))


def children(cols: Columns, infos: Infos, has_stock: bool, relaxed: bool) -> list[Child]:
    """Useful moves from ``cols``: (steps, new columns, runs removed) for each."""
    col_infos = [infos[column] for column in cols]
    return [build(cols, move, infos) for move in moves(cols, col_infos, has_stock, relaxed)]


def compound_steps(groups: int) -> int:
    """The primitive steps :func:`plan_supermove` takes to carry ``groups`` groups."""
    if groups <= 1:
        return groups
    half = groups // 2
    return 2 * compound_steps(half) + compound_steps(groups - half)


#: :func:`compound_steps` by the number of groups (a column holds at most 104 cards).
COMPOUND_STEPS = tuple(compound_steps(groups) for groups in range(105))


def _sizes(bounds: tuple[int, ...], groups: int) -> list[int]:
    sizes, last = [], 0
    for bound in bounds[:groups]:
        sizes.append(bound - last)
        last = bound
    return sizes
