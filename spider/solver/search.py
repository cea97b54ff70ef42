"""Full-knowledge search: find a winning line for a Spider position.

The search sees every card (face-down ones and the stock order), so it is for
checking deals, not for hints (see :mod:`spider.solver.hints`).

How it works
------------
* **Segments.** The stock splits a game into segments: the moves between two
  deals. Within a segment the stock is fixed, so positions are compared fairly
  by one evaluation; a deal is the only way to the next segment. The search is
  a beam over segments: from the ``width`` best starting positions of a
  segment, a best-first search spends ``budget`` expansions; every position it
  meets that may deal is scored *as it would be after the deal* (the stock is
  known), and the ``width`` best become the next segment's starts. In the last
  segment (stock empty) the best-first search looks for the win itself.
* **Iterative widening.** Attempts grow the width and budget until the time is
  up; the first attempts are cheap and solve easy deals fast.
* **Compound moves.** A mixed-suit descending sequence moves as one step when
  enough empty columns let it go group by group (the steps are spelled out in
  the line printed). Pointless moves are never generated: moving a whole column
  into an empty one, splitting a one-suit group onto a card of another suit,
  moving a group off a card of its own suit onto another card of that suit.
* **Transposition table.** Keyed on the table and the stock length; once the
  stock is empty, on the sorted columns (the column order no longer matters).
* **Evaluation** (:func:`column_score`): face-down cards, one-suit links,
  rank-only links, breaks, cleared and empty columns, runs removed.
* **Exhaustive mode** (:func:`exhaustive`): every legal move, depth first, with
  a visited set; when it runs out of positions the position is proven lost.

Every line is replayed through :class:`spider.model.game.Game` before it is trusted.
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from dataclasses import dataclass, field

from spider.model.game import Game, IllegalAction
from spider.solver.state import (
    DOWN,
    RANK,
    Columns,
    Position,
    Step,
    apply_deal,
    apply_move,
    replay,
)

# Evaluation weights (bigger is better).
W_DOWN = 15  # each face-down card
W_SUIT = 10  # each one-suit link (upper == lower + 1)
W_RANK = 0  # each rank-only link of different suits
W_BREAK = 2  # each face-up pair that does not descend
W_CLEAR = 8  # a non-empty column with no face-down card
W_EMPTY = 40  # each empty column
W_RUN = 220  # each run removed
W_KRUN = 2  # each card of a one-suit run from a king at the bottom of a column
W_GROUPS = 0  # times the square root of the number of one-suit groups in a column
SQRT = [n ** 0.5 for n in range(120)]


@dataclass(frozen=True)
class Weights:
    """One evaluation (bigger is better); attempts alternate between a few of them."""

    down: float = W_DOWN
    suit: float = W_SUIT
    rank: float = W_RANK
    brk: float = W_BREAK
    clear: float = W_CLEAR
    empty: float = W_EMPTY
    run: float = W_RUN
    krun: float = W_KRUN
    groups: float = W_GROUPS


DEFAULT = Weights()
#: Other orderings for later attempts: they steer the search to other lines.
VARIANTS = (DEFAULT, Weights(down=20, suit=6, rank=2, brk=4, empty=30, krun=0),
            Weights(down=15, suit=12, rank=1, brk=2, empty=50, krun=3, groups=4))

Node = tuple  # (cols, stock, removed, parent, steps, h)


def column_info(column: tuple[int, ...], relaxed: bool, w: Weights = DEFAULT) -> tuple:
    """(face-down count, movable length, natural length, group bounds, score) of a column.

    The natural length counts the face-up cards at the end that descend by
    rank whatever their suits; the group bounds are the card counts, from the
    end, at which the suit changes within it (the movable length first).
    """
    if not column:
        return (0, 0, 0, (), w.empty)
    down = sum(1 for card in column if card & DOWN)
    links = offs = breaks = 0
    for upper, lower in itertools.pairwise(column):
        if upper & DOWN or lower & DOWN:
            continue
        if upper == lower + 1:
            links += 1
        elif upper & RANK == (lower & RANK) + 1:
            offs += 1
        else:
            breaks += 1
    groups = offs + breaks + 1 if len(column) > down else 0
    score = (-w.down * down + w.suit * links + w.rank * offs - w.brk * breaks
             - w.groups * SQRT[groups])
    if not down and column[0] & RANK == 13:  # a one-suit run growing down from a king
        length = 1
        while length < len(column) and column[length - 1] == column[length] + 1:
            length += 1
        score += w.krun * length
    if not down:
        score += w.clear
    top = column[-1]
    if top & DOWN:
        return (down, 0, 0, (), score)
    size = len(column)
    natural = 1
    bounds = []
    while natural < size:
        upper, lower = column[-natural - 1], column[-natural]
        if upper & DOWN or upper & RANK != (lower & RANK) + 1:
            break
        if upper != lower + 1:
            bounds.append(natural)
        natural += 1
    bounds.append(natural)
    movable = natural if relaxed else bounds[0]
    return (down, movable, natural, tuple(bounds), score)


class _Infos(dict):
    """Column facts by column, computed once (columns recur in many positions)."""

    def __init__(self, relaxed: bool, w: Weights = DEFAULT) -> None:
        super().__init__()
        self.relaxed = relaxed
        self.w = w

    def __missing__(self, column):
        info = self[column] = column_info(column, self.relaxed, self.w)
        return info


def evaluate(cols: Columns, removed: int, infos: _Infos) -> int:
    return sum(infos[column][4] for column in cols) + infos.w.run * removed


def deal_gain(cols: Columns | list, stock: tuple[int, ...], w: Weights = DEFAULT) -> float:
    """Roughly how the evaluation changes when the next deal lands."""
    gain: float = 0
    for column, card in zip(cols, stock, strict=False):
        top = column[-1]
        if top == card + 1:
            gain += w.suit
        elif top & RANK == (card & RANK) + 1:
            gain += w.rank
        else:
            gain -= w.brk
    return gain


def plan_supermove(source: int, target: int, sizes: list[int], free: list[int]) -> list[Step]:
    """Primitive moves carrying groups ``sizes`` (top group first) via empty columns ``free``."""
    if len(sizes) == 1:
        return [(source, target, sizes[0])]
    park, rest = free[0], free[1:]
    half = len(sizes) // 2
    top, bottom = sizes[:half], sizes[half:]
    return (plan_supermove(source, park, top, rest) + plan_supermove(source, target, bottom, rest)
            + plan_supermove(park, target, top, rest))


def children(cols: Columns, infos: _Infos, has_stock: bool, relaxed: bool) -> list:
    """Useful moves from ``cols``: (steps, new columns, runs removed) for each."""
    width = len(cols)
    by_top: list[list[int]] = [[] for _ in range(15)]
    empties = []
    for index, column in enumerate(cols):
        if not column:
            empties.append(index)
        elif not column[-1] & DOWN:
            by_top[column[-1] & RANK].append(index)
    n_empty = len(empties)
    empty = empties[0] if empties else -1
    fill = has_stock and n_empty > 0
    out = []
    for source in range(width):
        column = cols[source]
        if not column:
            continue
        info = infos[column]
        movable = info[1]
        if not movable:
            continue
        size = len(column)
        rank = column[-1] & RANK
        bounds = info[3]
        reach = info[2] if (n_empty and not relaxed) else movable
        for count in range(1, reach + 1):
            if empty < 0 and (rank + count > 13 or not by_top[rank + count]):
                continue  # nowhere to go (and no empty column: no compound moves either)
            unit = count == movable or count in bounds
            groups = 1
            if count > movable:
                if not unit:
                    continue
                groups = bounds.index(count) + 1
                if groups > (1 << n_empty):
                    break
            first = column[-count]
            if count < size:
                above = column[-count - 1]
                if above & DOWN:
                    kind = 1  # turns a card
                elif above & RANK == (first & RANK) + 1:
                    kind = 3 if above == first + 1 else 2  # leaves a link: 3 one-suit, 2 rank only
                else:
                    kind = 1  # uncovers a card that does not fit
            else:
                kind = 0  # empties the column
            want = rank + count
            if want <= 13:
                for target in by_top[want]:
                    if target == source:
                        continue
                    suited = cols[target][-1] == first + 1
                    if kind == 3:
                        # Splitting a one-suit group onto the same suit: only to join
                        # the longer part (two decks' runs merging toward a full run).
                        if not suited or infos[cols[target]][1] <= movable - count:
                            continue
                    elif kind == 2 and not suited and not unit:
                        continue
                    if groups == 1:
                        new, gone = apply_move(cols, source, target, count)
                        out.append((((source, target, count),), new, gone))
                    else:
                        sizes = _sizes(bounds, groups)
                        steps = plan_supermove(source, target, sizes, empties)
                        out.append(_compound(cols, steps))
            if empty >= 0 and kind != 0 and ((kind <= 2 and unit) or fill):
                if groups == 1:
                    new, gone = apply_move(cols, source, empty, count)
                    out.append((((source, empty, count),), new, gone))
                elif groups <= (1 << (n_empty - 1)):
                    sizes = _sizes(bounds, groups)
                    steps = plan_supermove(source, empty, sizes, empties[1:])
                    out.append(_compound(cols, steps))
    return out


def _sizes(bounds: tuple[int, ...], groups: int) -> list[int]:
    sizes, last = [], 0
    for bound in bounds[:groups]:
        sizes.append(bound - last)
        last = bound
    return sizes


def _compound(cols: Columns, steps: list[Step]) -> tuple:
    removed = 0
    for step in steps:
        assert step is not None
        cols, gone = apply_move(cols, *step)
        removed += gone
    return tuple(steps), cols, removed


def state_key(cols: Columns, stock_len: int) -> tuple:
    if stock_len:
        return (cols, stock_len)
    return tuple(sorted(cols))


@dataclass
class SearchStats:
    expanded: int = 0
    generated: int = 0
    attempts: int = 0
    widths: list[int] = field(default_factory=list)


class _OutOfTime(Exception):
    pass


#: Items freed at a time by :func:`_release`.
RELEASE_SLICE = 2048


def _release(*containers: set | list) -> None:
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


class Searcher:
    """One full-knowledge search over a position (not thread-shared; make one per search)."""

    def __init__(self, position: Position, deadline: float,
                 cancel: threading.Event | None = None) -> None:
        self.root = position
        self.relaxed = position.relaxed
        self.deadline = deadline
        self.cancel = cancel
        self.caches = {w: _Infos(position.relaxed, w) for w in VARIANTS}
        self.infos = self.caches[DEFAULT]
        self.stats = SearchStats()
        self.runs_to_win = position.removed + _cards(position) // 13

    def _check_time(self, *work: list) -> None:
        """Stop (freeing ``work``, the positions waiting, a slice at a time) when time
        is up or the search is cancelled."""
        if time.monotonic() > self.deadline or (self.cancel is not None and self.cancel.is_set()):
            _release(*work)
            raise _OutOfTime

    # --------------------------------------------------------- one segment
    def segment(self, starts: list[Node], budget: int, width: int,
                seen: set) -> tuple[Node | None, list[Node]]:
        """Best-first search from ``starts`` within their segment.

        Returns a won node if one is met, and the ``width`` best positions to
        deal from (each scored as it will be after its deal).
        """
        infos = self.infos
        w = infos.w
        relaxed = self.relaxed
        stock = starts[0][1]
        has_stock = bool(stock)
        stock_len = len(stock)
        heap: list = []
        counter = 0
        exits: list = []  # min-heap of (score, counter, node)
        for node in starts:
            counter += 1
            heap.append((-node[5], counter, node))
            if has_stock and all(node[0]):
                exits.append((node[5] + deal_gain(node[0], stock, w), counter, node))
        heapq.heapify(heap)
        heapq.heapify(exits)
        expanded = 0
        while heap and expanded < budget:
            if expanded & 7 == 0:
                self._check_time(heap)
            _, _, node = heapq.heappop(heap)
            expanded += 1
            cols, _, removed, _, _, h = node
            col_infos = [infos[column] for column in cols]
            for steps, new, gone in children(cols, infos, has_stock, relaxed):
                key = state_key(new, stock_len)
                if key in seen:
                    continue
                seen.add(key)
                total = removed + gone
                if gone and not has_stock and total >= self.runs_to_win and not any(new):
                    return (new, stock, total, node, steps, 0), []
                if len(steps) == 1:
                    source, target, _ = steps[0]
                    child_h = (h - col_infos[source][4] - col_infos[target][4]
                               + infos[new[source]][4] + infos[new[target]][4] + w.run * gone)
                else:
                    child_h = evaluate(new, total, infos)
                counter += 1
                child = (new, stock, total, node, steps, child_h)
                heapq.heappush(heap, (-child_h, counter, child))
                if has_stock and all(new):
                    entry = (child_h + deal_gain(new, stock, w), counter, child)
                    if len(exits) < width * 3:
                        heapq.heappush(exits, entry)
                    elif entry[0] > exits[0][0]:
                        heapq.heapreplace(exits, entry)
        self.stats.expanded += expanded
        best = sorted(exits, reverse=True)[:width]
        return None, [entry[2] for entry in best]

    def deal(self, node: Node) -> Node:
        cols, stock, removed, _, _, _ = node
        new, rest, gone = apply_deal(cols, stock)
        total = removed + gone
        return (new, rest, total, node, (None,), evaluate(new, total, self.infos))

    # ------------------------------------------------------------ attempts
    def attempt(self, width: int, budget: int, final_budget: int) -> Node | None:
        """One beam over segments; a won node or ``None``."""
        root = self.root
        start = (root.cols, root.stock, root.removed, None, (),
                 evaluate(root.cols, root.removed, self.infos))
        if root.is_won:
            return start
        starts = [start]
        seen: set = {state_key(root.cols, len(root.stock))}
        try:
            return self._segments(starts, seen, width, budget, final_budget)
        finally:
            _release(starts, seen)

    def _segments(self, starts: list[Node], seen: set, width: int, budget: int,
                  final_budget: int) -> Node | None:
        while True:
            has_stock = bool(starts[0][1])
            won, exits = self.segment(starts, budget if has_stock else final_budget, width, seen)
            if won is not None:
                return won
            if not has_stock or not exits:
                return None
            starts = []
            for node in exits:
                dealt = self.deal(node)
                if dealt[1] == () and not any(dealt[0]):
                    return dealt
                key = state_key(dealt[0], len(dealt[1]))
                if key not in seen:
                    seen.add(key)
                    starts.append(dealt)
            if not starts:
                return None

    def run(self, schedule: list[tuple[int, int, int, int]] | None = None) -> list[Step] | None:
        """Iterative widening until a win or the deadline."""
        if schedule is None:
            schedule = default_schedule()
        try:
            for width, budget, final_budget, variant in schedule:
                self.stats.attempts += 1
                self.stats.widths.append(width)
                self.infos = self.caches[VARIANTS[variant]]
                won = self.attempt(width, budget, final_budget)
                if won is not None:
                    return path_of(won)
        except _OutOfTime:
            return None
        return None


def default_schedule() -> list[tuple[int, int, int, int]]:
    """(width, budget per segment, budget for the last segment, evaluation) per attempt."""
    schedule = []
    width, budget = 1, 400
    for level in range(14):
        schedule.append((width, budget, budget * 4, 0))
        if level >= 3:  # wider attempts also try another ordering
            schedule.append((width, budget, budget * 4, 1 + level % 2))
        width *= 2
        budget *= 2
    return schedule


def path_of(node: Node) -> list[Step]:
    steps: list[Step] = []
    while node is not None:
        steps.extend(reversed(node[4]))
        node = node[3]
    steps.reverse()
    return steps


def _cards(position: Position) -> int:
    return sum(len(column) for column in position.cols) + len(position.stock)


# ------------------------------------------------------------- exhaustive
def exhaustive(position: Position, node_limit: int, deadline: float,
               cancel: threading.Event | None = None) -> tuple[list[Step] | None, bool]:
    """Depth-first search over every legal move with a visited set.

    Returns (winning steps or ``None``, proven): ``proven`` is true when the
    answer is certain (a win, or every reachable position was visited).
    """
    if position.is_won:
        return [], True
    seen = {state_key(position.cols, len(position.stock))}
    stack: list[tuple[Position, list[Step], int]] = [(position, position.legal_steps(), 0)]
    try:
        return _depth_first(seen, stack, node_limit, deadline, cancel)
    finally:
        _release(stack, seen)


def _depth_first(seen: set, stack: list[tuple[Position, list[Step], int]], node_limit: int,
                 deadline: float, cancel: threading.Event | None) -> tuple[list[Step] | None, bool]:
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
        key = state_key(nxt.cols, len(nxt.stock))
        if key in seen:
            continue
        seen.add(key)
        visited += 1
        if visited & 15 == 0 and (
            visited > node_limit or time.monotonic() > deadline
            or (cancel is not None and cancel.is_set())
        ):
            return None, False
        path.append(step)
        if nxt.is_won:
            return list(path), True
        stack.append((nxt, nxt.legal_steps(), 0))
    return None, True


# ------------------------------------------------------------------ solve
@dataclass
class Solution:
    """The result of :func:`solve`: a verified winning line, or why there is none."""

    steps: list[Step] | None
    proven: bool  # True: ``steps`` is a win, or ``None`` means no win exists at all
    seconds: float
    expanded: int = 0

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
          cancel: threading.Event | None = None) -> Solution:
    """Search for a winning line with full knowledge, for at most ``seconds``.

    ``start`` may be a live game (it is only read, on the calling thread) or a
    :class:`Position` snapshot, which is safe to search on any thread.
    """
    began = time.monotonic()
    deadline = began + seconds
    position = start if isinstance(start, Position) else Position.from_game(start)
    game = _game_of(position)
    steps, proven = exhaustive(position, 3000, deadline, cancel)
    expanded = 0
    if steps is None and not proven:
        searcher = Searcher(position, deadline, cancel)
        steps = searcher.run()
        expanded = searcher.stats.expanded
        proven = steps is not None
        if steps is None and time.monotonic() < deadline:  # widening ran out: search it all
            steps, proven = exhaustive(position, 1 << 62, deadline, cancel)
    if steps is not None and not verify(game, steps):  # never trust an unchecked line
        steps, proven = None, False
    return Solution(steps, proven, time.monotonic() - began, expanded)


def _game_of(position: Position) -> Game:
    from spider.model.game import Slot
    from spider.solver.state import decode

    columns = [[Slot(decode(card), not card & DOWN) for card in column]
               for column in position.cols]
    return Game(columns, [decode(card) for card in position.stock], relaxed=position.relaxed,
                runs=[None] * position.removed)
