"""The hints' look-ahead: a short search in one sampled world.

:func:`lookahead` searches one determinization (:mod:`spider.solver.knowledge`) from
each of the hint's candidate actions at once, each position met once: every other
expansion takes the best position by the hints' evaluation (:data:`HINT_WEIGHTS`)
over all the candidates' lines, and the rest go to the candidate searched least so
far, so that a move whose first step looks worse is still followed a few moves on.
Each candidate gets the best value a line through it reaches before the next deal,
scored as after that deal where there is one (:func:`worth`). The work is fixed
(``nodes`` expansions, and at most :data:`BRANCH` positions built per expansion), so
the answer is the same on any machine.

Searched best first alone, the candidates after the best-looking first steps took
nearly all the work, and the others kept the value of their first position: honest
play, 2 suits, deals 0-99, won 48 games that way and 57 with the work shared.
"""

from __future__ import annotations

import heapq

from spider.solver.evaluation import (
    DEFAULT,
    W_EMPTY,
    W_RUN,
    Infos,
    Weights,
    card_fit,
    deal_cards,
    deal_gain,
    gain_of,
)
from spider.solver.hashing import moved_hashes, moved_key, ordered_key
from spider.solver.movegen import moves
from spider.solver.state import RANK, RUN_LENGTH, Columns, Shift, apply_move

STEP_COST = 0.1  # a plan's value drops a little with each move, so shorter plans win ties
FILL_COST = 12  # what filling an empty column before a deal is likely to spoil
DEAD = -1e9  # a position that can never deal its stock
#: Positions built per expansion, on average, that a determinization may spend: a
#: rich position (many moves, an empty column) stops its look-ahead sooner rather
#: than cost several times as much as a plain one.
BRANCH = 8

#: The evaluation the hints use: like the solver's, but turning cards counts for more
#: (it also brings information the player lacks).
HINT_WEIGHTS = Weights(down=25, suit=10, rank=1, brk=3, empty=40, krun=2)
_CACHES: dict[bool, Infos] = {}


def hint_infos(relaxed: bool) -> Infos:
    """The hints' facts of each column (kept between hints, started again when large)."""
    cache = _CACHES.get(relaxed)
    if cache is None or len(cache) > 400_000 or cache.w != HINT_WEIGHTS:
        cache = _CACHES[relaxed] = Infos(relaxed, HINT_WEIGHTS)
    return cache


def worth(cols: Columns, h: float, stock: tuple[int, ...]) -> float:
    """A position's worth at the end of a plan: as after the next deal when there is one.

    Empty columns must be filled before a deal, so while the stock lasts they
    count as a cost, not a gain; with fewer cards on the table than columns the
    stock can never be dealt: the game is lost.
    """
    if not stock:
        return h
    if all(cols):
        return h + deal_gain(cols, stock)
    if sum(len(column) for column in cols) < len(cols):
        return DEAD
    empty = sum(1 for column in cols if not column)
    return h - (W_EMPTY + FILL_COST) * empty + deal_gain([c for c in cols if c], stock)


def lookahead(cols: Columns, stock: tuple[int, ...], removed: int, infos: Infos,
               relaxed: bool, roots: list[tuple[tuple[Shift, ...], Columns]],
               nodes: int) -> tuple[list[float], list[float]]:
    """Best value reachable through each root action (before the next deal), and the
    value right after it. Every other expansion is the best position of any root's
    lines, the others the best of the root expanded least so far (see the module).
    Positions met before are recognised by their keys, worked out from their parents'
    (:mod:`spider.solver.hashing`), before they are built. It stops after ``nodes``
    expansions or ``nodes`` × :data:`BRANCH` positions built."""
    has_stock = bool(stock)
    best = [float("-inf")] * len(roots)
    first = [float("-inf")] * len(roots)
    heaps: list[list[tuple[float, int, Columns, int, int, int, int, float]]] = [
        [] for _ in roots]
    spent = [0] * len(roots)
    seen = {_columns_key(cols, infos)}
    cards = deal_cards(stock, len(cols))
    counter = 0
    for index, (steps, _) in enumerate(roots):
        new, gone = cols, 0
        for step in steps:
            new, g = apply_move(new, *step)
            gone += g
        h = sum(infos[column][4] for column in new) + W_RUN * (removed + gone)
        best[index] = worth(new, h, stock) - STEP_COST
        first[index] = best[index]
        key = _columns_key(new, infos)
        if key in seen:
            continue
        seen.add(key)
        counter += 1
        heapq.heappush(heaps[index], (-h, counter, new, removed + gone, index, 1, key,
                                      gain_of(new, cards, DEFAULT)))
    expanded = 0
    most = nodes * BRANCH + counter
    live = [index for index, heap in enumerate(heaps) if heap]  # roots with work left
    while live and expanded < nodes and counter < most:
        if expanded % 2:
            pick = min(live, key=lambda root: (spent[root], root))
        else:
            pick = min(live, key=lambda root: heaps[root][0])  # (-h, counter, ...)
        spent[pick] += 1
        heap = heaps[pick]
        negative, _, node_cols, node_removed, index, depth, key, gain = heapq.heappop(heap)
        h = -negative
        expanded += 1
        col_infos = [infos[column] for column in node_cols]
        for source, target, count, _ in moves(node_cols, infos, has_stock, relaxed):
            src, dst = node_cols[source], node_cols[target]
            # A run to remove: one suit from the ace up through the moved cards and on.
            completes = (src[-1] & RANK == 1 and dst and dst[-1] == src[-count] + 1
                         and count <= col_infos[source][3][0]
                         and count + col_infos[target][3][0] >= RUN_LENGTH)
            if not completes:
                src_prefix, dst_hash = col_infos[source][5], col_infos[target][5][-1]
                hashes = moved_hashes(src, src_prefix, dst_hash, len(dst), count)
                child_key = moved_key(key, source, target, (src_prefix[-1], dst_hash), hashes)
                if child_key in seen:
                    continue
            new, gone = apply_move(node_cols, source, target, count)
            if completes:
                child_key = _columns_key(new, infos)
                if child_key in seen:
                    continue
                child_gain = gain_of(new, cards, DEFAULT)
            else:
                rest = new[source]
                child_gain = (gain - card_fit(src[-1], cards[source], DEFAULT)
                              + card_fit(src[-1], cards[target], DEFAULT)
                              + (card_fit(rest[-1], cards[source], DEFAULT) if rest else 0)
                              - (card_fit(dst[-1], cards[target], DEFAULT) if dst else 0))
            seen.add(child_key)
            child_h = (h - col_infos[source][4] - col_infos[target][4]
                       + infos[new[source]][4] + infos[new[target]][4] + W_RUN * gone)
            if has_stock and all(new):  # as worth, the deal gain kept up move by move
                value = child_h + child_gain - STEP_COST * (depth + 1)
            else:
                value = worth(new, child_h, stock) - STEP_COST * (depth + 1)
            if value > best[index]:
                best[index] = value
            counter += 1
            heapq.heappush(heap, (-child_h, counter, new, node_removed + gone, index, depth + 1,
                                  child_key, child_gain))
        if not heap:
            live.remove(pick)
    return best, first


def _columns_key(cols: Columns, infos: Infos) -> int:
    return ordered_key([infos[column][5][-1] for column in cols])
