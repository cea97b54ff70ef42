"""Full-knowledge beam search: find a winning line for a Spider position.

The search sees every card (face-down ones and the stock order), so it is for
checking deals, not for hints (see :mod:`spider.solver.hints`). Callers ask
:mod:`spider.solver.solve`, which verifies and shortens what it finds.

How it works
------------
* **Segments.** The stock splits a game into segments: the moves between two
  deals. Within a segment the stock is fixed, so positions are compared fairly
  by one evaluation; a deal is the only way to the next segment. The search is
  a beam over segments: from the ``width`` best starting positions of a
  segment, a best-first search spends ``budget`` expansions; every position it
  meets that may deal is scored *as it would be after the deal* (the stock is
  known). Twice ``width`` of the best, of different scores, are dealt, and each
  gets a short search of its own (:meth:`Searcher.most_promising`): the
  ``width`` that reach the best positions to deal from next become the next
  segment's starts, so a deal onto many face-up cards that leaves nothing to
  play gives way to one that leads on. In the last segment (stock empty) the
  best-first search looks for the win itself.
* **Iterative widening.** Attempts grow the width and budget until the work
  budget (positions expanded, the same on any machine) or the outer time limit
  is spent; the first attempts are cheap and solve easy deals fast. Wider
  attempts are made with several evaluations (a portfolio, :data:`VARIANTS`):
  where one steers the beam into a dead end, another often does not.
* **Moves** (:mod:`spider.solver.movegen`): only useful ones, a compound move
  (a mixed-suit sequence carried through empty columns) as one step.
* **Transposition table.** Keyed on the table and the stock length; once the
  stock is empty, regardless of the column order. A move's key comes from its
  parent's (:mod:`spider.solver.hashing`), so a position met before is turned
  away before it is built; a new one is scored from its parent's column facts
  (found by the moved columns' hashes) and its deal gain updated for the two
  columns the move touches (looked up in a table of the coming deal's fits), and
  it is built only if it is expanded: most positions queued never are.
* **Evaluation** (:mod:`spider.solver.evaluation`): each column's facts, worked
  out once per column, and the coming deal's gain.
* **Moves made** cost a little (:data:`MOVE_COSTS`) in the order a segment expands
  positions and in the ranking of positions to deal from, so of two ways to equally
  good positions the shorter is taken: the lines found are shorter to begin with.
  Attempts with the portfolio's other evaluations pay nothing and win hard deals
  as they would without the cost.
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from spider.solver.evaluation import (
    DEFAULT,
    Infos,
    Weights,
    deal_cards,
    evaluate,
    fit_rows,
    gain_of,
    moved_gain,
)
from spider.solver.hashing import P, moved_key, position_key
from spider.solver.movegen import COMPOUND_STEPS, moves, plan_compound
from spider.solver.state import (
    RANK,
    RUN_LENGTH,
    Columns,
    Position,
    Step,
    apply_deal,
    apply_move,
    suits,
)

#: What each move made since the start costs a position, by the number of suits in play,
#: in the order a segment expands positions and in the ranking of the positions to deal
#: from: of two ways to equally good positions the shorter goes first. On 30 two-suit
#: deals at 600,000 nodes, median lines as found went from 207.5 moves to 164, shortened
#: from 131.5 to 129 (a mean of 7 moves less). Only attempts with the first evaluation
#: pay it (:data:`COSTLY_VARIANTS`); the others search for any win, which keeps the hard
#: deals they win: on 100 four-suit deals at 600,000 nodes, 98 won instead of 97, lines as
#: found 341 -> 257 moves (median), shortened 219 -> 190 (deals 0-29); the median search
#: takes 8 % more positions but 0.43 -> 0.77 s of CPU (more moves tried per position).
MOVE_COSTS = (0, 5, 5, 3, 3)
#: How many of :data:`VARIANTS` (from the first) make their attempts pay :data:`MOVE_COSTS`.
COSTLY_VARIANTS = 1

#: A portfolio of evaluations, each steering the search to other lines: the first three
#: take turns as the beam widens, the rest (spread over the weights' ranges) add attempts
#: of their own at each width from 16 (see :func:`default_schedule`). A deal one of them
#: loses another often wins: more of them at a width won more hard 4-suit deals than
#: the same work spent on wider beams.
VARIANTS = (DEFAULT, Weights(down=20, suit=6, rank=2, brk=4, empty=30, krun=0),
            Weights(down=15, suit=12, rank=1, brk=2, empty=50, krun=3, groups=4),
            Weights(down=25, suit=16, rank=0, brk=3, clear=0, empty=40, krun=5, groups=0),
            Weights(down=8, suit=12, rank=2, brk=1, clear=0, empty=30, krun=2, groups=4),
            Weights(down=20, suit=12, rank=2, brk=2, clear=4, empty=40, krun=2, groups=2),
            Weights(down=15, suit=6, rank=3, brk=4, clear=12, empty=25, krun=1, groups=6),
            Weights(down=10, suit=6, rank=0, brk=1, clear=0, empty=30, krun=2, groups=2),
            Weights(down=12, suit=16, rank=1, brk=2, clear=20, empty=25, krun=0, groups=2),
            Weights(down=25, suit=8, rank=0, brk=5, clear=4, empty=25, krun=0, groups=6),
            Weights(down=12, suit=10, rank=0, brk=3, clear=20, empty=80, krun=3, groups=0))
#: How many evaluations take turns as the beam widens; the rest are the portfolio's own.
TURNS = 3

#: A search node: (cols, stock, removed, parent, steps, h, key, deal gain, depth); cols
#: is None until the node is expanded or dealt (see :func:`_built`).
Node = tuple[Any, ...]


def _key(cols: Columns, stock_len: int, infos: Infos) -> int:
    if not stock_len:
        return int(sum(infos[column][6] for column in cols) % P)
    return position_key([infos[column][5] for column in cols], stock_len)


#: The most positions one segment of a search keeps (its visited set, and as many
#: waiting). Its memory, with the column facts cached for them, is about 570 bytes a
#: position, so some 140 MB: 4-suit deal 9 searched as one segment filled it at 375,000
#: expansions, the process's peak resident memory 156 MB against 14 MB before the
#: search. A segment that reaches it ends as when its budget is spent, and the search
#: goes on.
MAX_POSITIONS = 250_000


@dataclass
class SearchStats:
    expanded: int = 0
    generated: int = 0
    attempts: int = 0
    widths: list[int] = field(default_factory=list)
    full: bool = False  # a segment ended on reaching its most positions kept


class _OutOfTime(Exception):
    pass


#: Positions dealt per place in the beam; each gets a short search of its own
#: (:data:`LOOKAHEAD` expansions) and the most promising go on (see
#: :meth:`Searcher.most_promising`). Where a deal from a position of many face-up
#: cards leaves nothing to play, one of fewer that does goes on.
LOOK = 2
LOOKAHEAD = 20
#: What a dealt position that reaches no position to deal from again is marked down by.
NO_EXIT = 1000
#: Positions to deal from a segment keeps per place in the beam, the best so far, for
#: :func:`distinct_best` to pick from: kept fewer, positions of one score (a card
#: parked in several places) crowded out those of other scores.
KEPT_EXITS = 16

#: Items freed at a time by :func:`release`.
RELEASE_SLICE = 2048


def release(*containers: set[Any] | list[Any]) -> None:
    """Empty ``containers`` a slice at a time, letting other threads run between
    slices. Freeing a search's hundreds of thousands of positions in one go held
    the interpreter lock for tens of ms after a cancel, and the game's frames waited."""
    alone = threading.current_thread() is threading.main_thread()  # nobody waits
    for container in containers:
        if alone:
            container.clear()
        while container:
            if isinstance(container, set):
                for _ in range(min(RELEASE_SLICE, len(container))):
                    container.pop()
            else:
                del container[-RELEASE_SLICE:]
            time.sleep(0)


def distinct_best(exits: list[tuple[float, int, Node]], width: int) -> list[Node]:
    """The ``width`` best exits, one per score first: positions of equal score are mostly
    the same position with a card parked elsewhere, and a beam of them is a beam of one."""
    picked: list[Node] = []
    again: list[Node] = []
    scores: set[float] = set()
    for score, _, node in sorted(exits, reverse=True):
        if score in scores:
            again.append(node)
        else:
            scores.add(score)
            picked.append(node)
    return (picked + again)[:width]


class Searcher:
    """One full-knowledge search over a position (not thread-shared; make one per search).

    It stops after ``nodes`` expansions (the same answer on any machine), once it
    keeps ``positions`` positions, at the ``deadline`` (an outer limit for players)
    or when ``cancel`` is set. ``infos``: the first evaluation's column facts, kept
    from earlier searches (:func:`~spider.solver.evaluation.shared_infos`).
    """

    def __init__(self, position: Position, deadline: float,
                 cancel: threading.Event | None = None, nodes: int | None = None,
                 positions: int = MAX_POSITIONS, infos: Infos | None = None) -> None:
        self.root = position
        self.relaxed = position.relaxed
        self.deadline = deadline
        self.cancel = cancel
        self.nodes = nodes if nodes is not None else 1 << 62
        self.positions = positions
        self.caches = {w: Infos(position.relaxed, w) for w in VARIANTS}
        if infos is not None:  # the first evaluation's facts, kept from earlier searches
            assert infos.relaxed == position.relaxed and infos.w == DEFAULT
            self.caches[DEFAULT] = infos
        self.infos = self.caches[DEFAULT]
        self.stats = SearchStats()
        self.fits: dict[tuple[tuple[int, ...], Weights], list[list[float]]] = {}
        self.runs_to_win = position.removed + _cards(position) // 13
        cards = itertools.chain(*position.cols, position.stock)
        self.cost_per_move = MOVE_COSTS[len(suits(cards))]
        self.move_cost = self.cost_per_move

    def _check_time(self, *work: list[Any]) -> None:
        """Stop (freeing ``work``, the positions waiting, a slice at a time) when time
        is up or the search is cancelled."""
        if time.monotonic() > self.deadline or (self.cancel is not None and self.cancel.is_set()):
            release(*work)
            raise _OutOfTime

    # --------------------------------------------------------- one segment
    def segment(self, starts: list[Node], budget: int,
                width: int) -> tuple[Node | None, list[Node], float]:
        """Best-first search from ``starts`` within their segment.

        Returns a won node if one is met, the :data:`LOOK` × ``width`` best
        positions to deal from (each scored as it will be after its deal) and the
        best evaluation met. A move's key is worked out from its parent's
        (:mod:`spider.solver.hashing`) before its position is built, so positions
        met before cost no building. Positions of different segments never meet
        (their stocks differ), so the visited set is the segment's own; a segment
        that fills it (:attr:`positions`) ends as when its budget is spent.
        """
        seen = {node[6] for node in starts}
        try:
            return self._best_first(starts, budget, width, seen)
        finally:
            release(seen)

    def _best_first(self, starts: list[Node], budget: int, width: int,
                    seen: set[int]) -> tuple[Node | None, list[Node], float]:
        infos = self.infos
        w = infos.w
        relaxed = self.relaxed
        cost = self.move_cost
        stock = starts[0][1]
        has_stock = bool(stock)
        stock_len = len(stock)
        keyed: Literal[5, 6] = 5 if has_stock else 6  # what keys add up: hashes, or mixes
        cards = deal_cards(stock, len(starts[0][0]))
        fits = self.fits.get((cards, w))
        if fits is None:
            fits = self.fits[cards, w] = fit_rows(cards, w)
        heap: list[tuple[float, int, Node]] = []
        counter = 0
        exits: list[tuple[float, int, Node]] = []  # a min-heap
        for node in starts:
            counter += 1
            heap.append((-node[5] + cost * node[8], counter, node))
            if has_stock and all(node[0]):
                exits.append((node[5] + node[7] - cost * node[8], counter, node))
        heapq.heapify(heap)
        heapq.heapify(exits)
        expanded = 0
        best = max(node[5] for node in starts)
        stats = self.stats
        while heap and expanded < budget:
            if expanded & 7 == 0:
                self._check_time(heap)
            if stats.expanded >= self.nodes:
                release(heap)
                raise _OutOfTime
            if len(seen) >= self.positions:
                stats.full = True
                break
            _, _, node = heapq.heappop(heap)
            if node[0] is None:  # built only now: most positions are never expanded
                node = _built(node)
            expanded += 1
            stats.expanded += 1
            cols, _, removed, _, _, h, key, gain, depth = node
            col_infos = [infos[column] for column in cols]
            empties = cols.count(())
            for source, target, count, groups in moves(cols, col_infos, has_stock, relaxed):
                src, dst = cols[source], cols[target]
                src_info, dst_info = col_infos[source], col_infos[target]
                # A compound move keeps (source, target, cards, groups): its steps are
                # planned only if it ends up on the winning line (see path_of); it ends
                # as one move of all its cards would: same key, same position.
                steps = ((source, target, count),) if groups == 1 else (source, target, count,
                                                                         groups)
                child_depth = depth + COMPOUND_STEPS[groups]
                if (src[-1] & RANK == 1 and len(dst) + count >= RUN_LENGTH
                        and dst and dst[-1] == src[-count] + 1):  # maybe a run to remove
                    new, gone = apply_move(cols, source, target, count)
                    child_key = _key(new, stock_len, infos)
                    if child_key in seen:
                        continue
                    seen.add(child_key)
                    total = removed + gone
                    if gone and not has_stock and total >= self.runs_to_win and not any(new):
                        return (new, stock, total, node, steps, 0, child_key, 0, child_depth), [], 0
                    child_h = (h - src_info[4] - dst_info[4] + infos[new[source]][4]
                               + infos[new[target]][4] + w.run * gone)
                    child: Node = (new, stock, total, node, steps, child_h, child_key,
                                   gain_of(new, cards, w), child_depth)
                    ready = all(new)
                else:
                    # The child's key, its two new columns' facts (by their hashes) and
                    # its deal gain come from the parent's: it is scored and queued
                    # unbuilt, and built only if it is expanded.
                    rest_info, grown_info = infos.moved(src, dst, count, src_info, dst_info)
                    child_key = moved_key(key, source, target,
                                          (src_info[keyed], dst_info[keyed]),
                                          (rest_info[keyed], grown_info[keyed]), has_stock)
                    if child_key in seen:
                        continue
                    seen.add(child_key)
                    child_gain = moved_gain(gain, fits[source], fits[target], src, dst, count)
                    child_h = h - src_info[4] - dst_info[4] + rest_info[4] + grown_info[4]
                    child = (None, stock, removed, node, steps, child_h, child_key, child_gain,
                             child_depth)
                    child_empties = empties - (not dst) + (count == len(src))
                    ready = not child_empties
                if child_h > best:
                    best = child_h
                counter += 1
                heapq.heappush(heap, (-child_h + cost * child_depth, counter, child))
                if has_stock and ready:
                    entry = (child_h + child[7] - cost * child_depth, counter, child)
                    if len(exits) < width * KEPT_EXITS:
                        heapq.heappush(exits, entry)
                    elif entry[0] > exits[0][0]:
                        heapq.heapreplace(exits, entry)
        return None, distinct_best(exits, width * LOOK), best

    def node(self, cols: Columns, stock: tuple[int, ...], removed: int, parent: Node | None,
             steps: tuple[Step, ...]) -> Node:
        """A search node, its evaluation, key and deal gain worked out from scratch."""
        infos = self.infos
        depth = 0 if parent is None else parent[8] + len(steps)
        return (cols, stock, removed, parent, steps, evaluate(cols, removed, infos),
                _key(cols, len(stock), infos), gain_of(cols, deal_cards(stock, len(cols)), infos.w),
                depth)

    def deal(self, node: Node) -> Node:
        if node[0] is None:
            node = _built(node)
        cols, stock, removed = node[:3]
        new, rest, gone = apply_deal(cols, stock)
        return self.node(new, rest, removed + gone, node, (None,))

    # ------------------------------------------------------------ attempts
    def attempt(self, width: int, budget: int, final_budget: int) -> Node | None:
        """One beam over segments; a won node or ``None``."""
        root = self.root
        start = self.node(root.cols, root.stock, root.removed, None, ())
        if root.is_won:
            return start
        starts = [start]
        try:
            return self._segments(starts, width, budget, final_budget)
        finally:
            release(starts)

    def _segments(self, starts: list[Node], width: int, budget: int,
                  final_budget: int) -> Node | None:
        while True:
            has_stock = bool(starts[0][1])
            won, exits, _ = self.segment(starts, budget if has_stock else final_budget, width)
            if won is not None:
                return won
            if not has_stock or not exits:
                return None
            starts = []
            keys = set()
            for node in exits:
                dealt = self.deal(node)
                if dealt[1] == () and not any(dealt[0]):
                    return dealt
                if dealt[6] not in keys:
                    keys.add(dealt[6])
                    starts.append(dealt)
            if len(starts) > width:
                won, starts = self.most_promising(starts, width)
                if won is not None:
                    return won
            if not starts:
                return None

    def most_promising(self, starts: list[Node], width: int) -> tuple[Node | None, list[Node]]:
        """A won node if one is met, and the ``width`` of ``starts`` (positions just dealt)
        whose own short search (:data:`LOOKAHEAD` expansions) reaches the best position to
        deal from next, or after the last deal the best position."""
        ranked = []
        for index, start in enumerate(starts):
            won, exits, best = self.segment([start], LOOKAHEAD, 1)
            if won is not None:
                return won, []
            value = exits[0][5] + exits[0][7] if exits else best - NO_EXIT
            ranked.append((-value, index, start))
        ranked.sort()
        return None, [start for _, _, start in ranked[:width]]

    def run(self, schedule: list[tuple[int, int, int, int]] | None = None) -> list[Step] | None:
        """Iterative widening until a win or the deadline."""
        if schedule is None:
            schedule = default_schedule()
        try:
            for width, budget, final_budget, variant in schedule:
                self.stats.attempts += 1
                self.stats.widths.append(width)
                self.infos = self.caches[VARIANTS[variant]]
                self.move_cost = self.cost_per_move if variant < COSTLY_VARIANTS else 0
                won = self.attempt(width, budget, final_budget)
                if won is not None:
                    return path_of(won, self.relaxed)
        except _OutOfTime:
            return None
        return None


def default_schedule() -> list[tuple[int, int, int, int]]:
    """(width, budget per segment, budget for the last segment, evaluation) per attempt.

    Two quick narrow attempts first: most one- and two-suit deals need no more (a fourth
    of the work of the first full attempt), and on the others they cost little. From
    width 16 two more evaluations of the portfolio (:data:`VARIANTS`) try each width."""
    schedule = [(1, 100, 400, 0), (1, 200, 800, 0)]
    width, budget = 1, 400
    others = itertools.cycle(range(TURNS, len(VARIANTS)))
    for level in range(14):
        schedule.append((width, budget, budget * 4, 0))
        if level >= 3:  # wider attempts also try another ordering
            schedule.append((width, budget, budget * 4, 1 + level % 2))
        if level >= 4:
            schedule.extend((width, budget, budget * 4, next(others)) for _ in range(2))
        width *= 2
        budget *= 2
    return schedule


def _built(node: Node) -> Node:
    """A node queued unbuilt (no columns yet), its columns built from its parent's."""
    parent, steps = node[3], node[4]
    source, target, count = steps[0] if len(steps) == 1 else steps[:3]
    return (apply_move(parent[0], source, target, count)[0], *node[1:])


def path_of(node: Node, relaxed: bool) -> list[Step]:
    """The steps from the root to ``node``, compound moves spelled out."""
    steps: list[Step] = []
    while node is not None:
        parent = node[3]
        made = node[4]
        if made and isinstance(made[0], int):  # a compound move, kept unplanned
            made = plan_compound(parent[0], made, relaxed)
        steps.extend(reversed(made))
        node = parent
    steps.reverse()
    return steps


def _cards(position: Position) -> int:
    return sum(len(column) for column in position.cols) + len(position.stock)
