"""Shorter winning lines: the same win in fewer moves, for a player to follow.

The search finds a line by best-first steps, so it carries detours: a group
moved and moved back, a card parked on one column and later moved on. Two
passes take them out, each keeping the line legal and won:

* **Shortcuts** (:func:`shortcuts`): from each position on the line, jump to the
  furthest later position of the line that one legal move or deal (or none, when
  the line comes back to the same position) reaches.
* **Dropped moves** (:func:`drop_moves`): leave a move out, or leave it out and
  send the next move of the same cards straight from where they were; keep the
  change when the rest of the line still plays legally and wins.

Then the detours between positions of a segment (:mod:`spider.solver.detours`) are
searched again for fewer moves, and so is the rest of the line, from near its end
back through the last segment, then from each deal back to the start
(:mod:`spider.solver.finish`): not for the line's own positions, but for any win in
fewer moves. Last, a beam that sees much deeper searches the rest of the line again
from the start and from after each deal (:func:`shorter_by_beam`), and the line it
finds, new to the passes, is put through them and the detours' search once more.

Positions are compared exactly (the stock as well as every card, face up or
down), so a shortcut never leans on a card the line has not turned yet. The
work is counted in steps played, so the result is the same on any machine.
"""

from __future__ import annotations

import threading

from spider.solver.detours import LINE_NODES, straighten
from spider.solver.finish import BEAM_WIDTH, NODES, WEIGHTS, beam, face_down, finish
from spider.solver.state import (
    DOWN,
    RANK,
    Position,
    Step,
    movable_length,
)

#: Steps played, at most, while shortening one line.
BUDGET = 400_000
#: Rounds of both passes, at most (a round that changes nothing ends it).
ROUNDS = 2
#: Positions expanded, at most, searching the rest of the line again from each deal and
#: the start (bench lines at 200,000 nodes, median moves for 1 / 2 / 4 suits: 117 / 156.5
#: / 244 before, 99.5 / 139.5 / 237 with it, for about twice the CPU time). From 8,000 to
#: 20,000, with the ending searched from every :data:`ENDING_STRIDE` moves back, the
#: weights from 2.5 and 2,000 positions a search (:mod:`spider.solver.finish`): lines found
#: at 600,000 nodes, deals 0-29, median moves for 1 / 2 / 4 suits 98.5 / 129 / 190 ->
#: 97.5 / 123.5 / 182, for about twice the CPU time.
ENDING_NODES = 20_000
#: The ending is searched again from every this many moves back from the end of the line
#: to the last deal: a short ending is in reach of a small search, and each one found
#: makes the longer ones before it shorter to beat.
ENDING_STRIDE = 15
#: Positions expanded, at most, by the beam (:func:`shorter_by_beam`) for one line (lines
#: found at 600,000 nodes, 4 suits, deals 0-11, median moves 181.5 -> 161.5 after the
#: ending's search, for about twice the CPU time).
BEAM_NODES = 200_000
#: Positions kept at each level by the beam from the start, which alone sees the whole
#: line (wider beams from after a deal or the last one gained nothing): lines found at
#: 600,000 nodes, 4 suits, deals 0-29, median moves 168 -> 165 at 300 and 159 at 400 (the
#: beam's CPU time about 5.3 -> 8.9 s a line at either).
START_WIDTH = 400
#: The beam may deal with this many more cards face down than the line had when it
#: dealt (with none, it is held back too long: 4 suits, deals 0-5, median 168 -> 166.5).
GATE_SLACK = 4

Key = tuple[object, ...]


def exact_key(position: Position) -> Key:
    """The whole position: every card where it lies, face up or down, and the stock's size."""
    return (position.cols, len(position.stock))


def is_legal(position: Position, step: Step) -> bool:
    """May ``step`` be played on ``position`` (the rules of :class:`~spider.model.game.Game`)?"""
    cols = position.cols
    if step is None:
        return bool(position.stock) and all(cols)
    source, target, count = step
    if source == target or not 0 <= source < len(cols) or not 0 <= target < len(cols):
        return False
    column = cols[source]
    if count < 1 or movable_length(column, position.relaxed) < count:
        return False
    other = cols[target]
    return not other or (not other[-1] & DOWN and other[-1] & RANK == (column[-count] & RANK) + 1)


class _Work:
    """Steps played so far, against the budget."""

    def __init__(self, budget: int) -> None:
        self.left = budget

    def spend(self, steps: int = 1) -> bool:
        self.left -= steps
        return self.left >= 0


def positions_of(start: Position, steps: list[Step]) -> list[Position]:
    """The positions along a line: ``start`` and the one after each step."""
    line = [start]
    for step in steps:
        line.append(line[-1].play(step))
    return line


def shortcuts(start: Position, steps: list[Step], work: _Work | None = None) -> list[Step]:
    """The line with every shortcut of one step to a later position of it taken."""
    work = work or _Work(BUDGET)
    line = positions_of(start, steps)
    last = {exact_key(position): index for index, position in enumerate(line)}
    ends = _segment_ends(line)
    # A move turns at most one card and removes at most one run: positions further
    # apart than that are passed over without comparing them.
    downs = [sum(1 for column in position.cols for card in column if card & DOWN)
             for position in line]
    out: list[Step] = []
    index, end = 0, len(steps)
    while index < end:
        here = line[index]
        again = last[exact_key(here)]
        if again > index:  # the line comes back here: skip the loop
            index = again
            continue
        best, best_step = index + 1, steps[index]
        if best_step is not None:
            if is_legal(here, None):  # a deal: it may lead past moves that came to nothing
                reached = last.get(exact_key(here.play(None)), -1)
                if reached > best:
                    best, best_step = reached, None
            for later in range(ends[index], best, -1):  # a move reaches only its own segment
                if (downs[later] < downs[index] - 1
                        or line[later].removed > here.removed + 1):
                    continue
                if not work.spend():
                    break
                step = one_move(here, line[later])
                if step is not None:
                    best, best_step = later, step
                    break
        out.append(best_step)
        index = best
    return out


def _segment_ends(line: list[Position]) -> list[int]:
    """For each position of the line, the index of the last one before the next deal."""
    ends = [0] * len(line)
    end = len(line) - 1
    for index in range(len(line) - 1, -1, -1):
        if index < len(line) - 1 and len(line[index].stock) != len(line[index + 1].stock):
            end = index
        ends[index] = end
    return ends


def one_move(here: Position, there: Position) -> Step:
    """The legal move that takes ``here`` to ``there``, or ``None`` if there is none."""
    if len(here.stock) != len(there.stock):
        return None
    changed = [index for index, (a, b) in enumerate(zip(here.cols, there.cols, strict=True))
               if a != b]
    if len(changed) != 2:
        return None
    for source, target in (changed, changed[::-1]):
        count = len(here.cols[source]) - len(there.cols[source])
        step = (source, target, count)
        if count > 0 and is_legal(here, step) and here.play(step) == there:
            return step
    return None


def _replays_to_win(position: Position, rest: list[Step], work: _Work,
                    original: list[Position]) -> bool:
    """Does ``rest`` play legally from ``position`` and win? ``original[j]`` is the old
    line's position that the new one should reach after ``j`` steps: once they meet,
    the rest is the old line's, which wins."""
    for played, step in enumerate(rest):
        if played < len(original) and position == original[played]:
            return True
        if not work.spend() or not is_legal(position, step):
            return False
        position = position.play(step)
    return position.is_won


def _redirected(steps: list[Step], index: int) -> list[Step] | None:
    """The line without move ``index``, its cards moved on by their next move straight from
    where they were (``None`` when there is no such next move)."""
    step = steps[index]
    assert step is not None
    source, target, count = step
    for later in range(index + 1, len(steps)):
        other = steps[later]
        if other is None:
            return None
        if other[0] == target:
            if other[2] != count:
                return None
            rest = steps[index + 1:later]
            if other[1] == source:  # back where they came from: both moves go
                return [*steps[:index], *rest, *steps[later + 1:]]
            return [*steps[:index], *rest, (source, other[1], count), *steps[later + 1:]]
        if target in (other[0], other[1]) or source in (other[0], other[1]):
            return None  # the cards or their old place are touched meanwhile
    return None


def drop_moves(start: Position, steps: list[Step], work: _Work | None = None) -> list[Step]:
    """The line with every move left out whose absence still wins (see the module)."""
    work = work or _Work(BUDGET)
    line = positions_of(start, steps)
    index = 0
    while index < len(steps) and work.left > 0:
        if steps[index] is None:
            index += 1
            continue
        candidates = [[*steps[:index], *steps[index + 1:]]]
        redirected = _redirected(steps, index)
        if redirected is not None:
            candidates.insert(0, redirected)
        for candidate in candidates:
            skipped = len(steps) - len(candidate)
            if _replays_to_win(line[index], candidate[index:], work, line[index + skipped:]):
                steps = candidate
                line = line[:index + 1] + positions_of(line[index], steps[index:])[1:]
                break
        else:
            index += 1
    return steps


def shorten(start: Position, steps: list[Step], budget: int = BUDGET,
            cancel: threading.Event | None = None) -> list[Step]:
    """A winning line from ``start`` no longer than ``steps`` (itself a winning line);
    ``cancel`` cuts the searches short (the line found so far is kept)."""
    work = _Work(budget)
    steps = _straightened(start, steps, work, cancel)
    steps = shorter_ending(start, steps, work, cancel=cancel)
    return _straightened(start, shorter_by_beam(start, steps, work, cancel=cancel), work, cancel)


def _straightened(start: Position, steps: list[Step], work: _Work,
                  cancel: threading.Event | None) -> list[Step]:
    """The line through :func:`_passes`, then its detours searched again
    (:func:`~spider.solver.detours.straighten`) and, if that saved moves, the passes again."""
    steps = _passes(start, steps, work)
    straighter, spent = straighten(start, steps, max(min(LINE_NODES, work.left), 0), cancel)
    work.spend(spent)  # a position expanded counts as one step played
    if len(straighter) < len(steps):
        steps = _passes(start, straighter, work)
    return steps


def _passes(start: Position, steps: list[Step], work: _Work) -> list[Step]:
    """Rounds of :func:`shortcuts` and :func:`drop_moves` until one saves nothing."""
    for _ in range(ROUNDS):
        before = len(steps)
        steps = shortcuts(start, steps, work)
        steps = drop_moves(start, steps, work)
        if len(steps) == before or work.left <= 0:
            break
    return steps


def shorter_ending(start: Position, steps: list[Step], work: _Work | None = None,
                   nodes: int = ENDING_NODES,
                   cancel: threading.Event | None = None) -> list[Step]:
    """The line with its ending searched again for fewer moves
    (:func:`spider.solver.finish.finish`): from every :data:`ENDING_STRIDE` moves back
    from the end to the last deal, then from each deal back to the first, then from the
    start, each time for fewer moves than the line then has and with a lower weight while
    that finds one; at most ``nodes`` positions expanded in all."""
    work = work or _Work(BUDGET)
    deals = [index for index, step in enumerate(steps) if step is None]
    firsts = [index + 1 for index in reversed(deals)] + [0]
    firsts[:0] = range(len(steps) - ENDING_STRIDE, firsts[0], -ENDING_STRIDE)
    for first in firsts:
        for weight in WEIGHTS:
            budget = min(NODES, nodes, work.left)
            if budget <= 0 or (cancel is not None and cancel.is_set()):
                return steps
            ending, spent = finish(positions_of(start, steps[:first])[-1], budget,
                                   len(steps) - first, weight)
            work.spend(spent)  # a position expanded counts as one step played
            nodes -= spent
            if ending is None:
                break
            steps = [*steps[:first], *ending]
    return steps


def shorter_by_beam(start: Position, steps: list[Step], work: _Work | None = None,
                    nodes: int = BEAM_NODES,
                    cancel: threading.Event | None = None) -> list[Step]:
    """The line with the rest of it searched again by the beam
    (:func:`spider.solver.finish.beam`) from the start (:data:`START_WIDTH` wide), then
    from after each deal, each time for fewer moves than the line then has, its deals held
    back until the line's own had as many runs removed and nearly as few cards face down
    (:data:`GATE_SLACK`); at most ``nodes`` positions expanded in all."""
    work = work or _Work(BUDGET)
    first: int | None = 0
    while first is not None:
        budget = min(nodes, work.left)
        if budget <= 0 or (cancel is not None and cancel.is_set()):
            break
        line = positions_of(start, steps)
        gates = {len(line[index].stock):
                 (line[index].removed, face_down(line[index].cols) + GATE_SLACK)
                 for index, step in enumerate(steps) if step is None}
        found, spent = beam(line[first], budget, len(steps) - first, gates,
                            BEAM_WIDTH if first else START_WIDTH)
        work.spend(spent)  # a position expanded counts as one step played
        nodes -= spent
        if found is not None:
            steps = [*steps[:first], *found]
        first = next((index + 1 for index in range(first, len(steps)) if steps[index] is None),
                     None)
    return steps
