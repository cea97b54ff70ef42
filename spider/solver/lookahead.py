"""The hints' look-ahead: a short search in one sampled world.

:func:`lookahead` searches one determinization (:mod:`spider.solver.knowledge`) from
each of the hint's candidate actions at once, each position met once: every other
expansion takes the best position by the hints' evaluation (:data:`HINT_WEIGHTS`)
over all the candidates' lines, and the rest go to the candidate searched least so
far, so that a move whose first step looks worse is still followed a few moves on.
Each candidate gets the best value a line through it reaches before the next deal,
scored as after that deal where there is one (:func:`worth`): what the deal is expected
to bring, from the cards the player cannot see (:func:`~spider.solver.knowledge.deal_fits`),
never the sampled world's stock, which a line would otherwise arrange the columns to
fit (honest play, against reading it: 1 suit 96 games won of 100 instead of 94, 2 suits
120 of 200 instead of 118, 4 suits 16 of 200 as before). The work is fixed
(``nodes`` expansions, and at most :data:`BRANCH` positions built per expansion), so
the answer is the same on any machine.

Searched best first alone, the candidates after the best-looking first steps took
nearly all the work, and the others kept the value of their first position: honest
play, 2 suits, deals 0-99, won 48 games that way and 57 with the work shared.
"""

from __future__ import annotations

import heapq

from spider.solver.evaluation import (
    W_EMPTY,
    W_RUN,
    Fits,
    Info,
    Infos,
    Weights,
    shared_infos,
)
from spider.solver.hashing import PLACES, POW, P, ordered_key
from spider.solver.movegen import moves
from spider.solver.state import DOWN, RANK, RUN_LENGTH, Columns, Shift, apply_move, flip_top

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


#: A position waiting in a candidate's heap: (-evaluation, order, columns, source, runs
#: removed, candidate, depth, key, deal gain, then the move's target, cards, the parent's
#: column facts and the facts of the move's two new columns). With a source (-1: none),
#: the columns are the parent's, and the position is built only if it is expanded. One
#: flat tuple: a position is pushed for every move met, and most are never expanded.
_Node = tuple[float, int, Columns, int, int, int, int, int, float, int, int,
              list[Info] | None, Info | None, Info | None]


def hint_infos(relaxed: bool) -> Infos:
    """The hints' facts of each column (kept between hints, started again when large)."""
    return shared_infos(relaxed, HINT_WEIGHTS)


def worth(cols: Columns, h: float, fits: Fits | None, gain: float | None = None) -> float:
    """A position's worth at the end of a plan: as after the next deal when there is one
    (``fits``: what the next deal's card is expected to add to each column, by its
    last card; ``None``: the stock is dealt). ``gain``: the position's :func:`deal_fit`,
    where the caller keeps it up already.

    Empty columns must be filled before a deal, so while the stock lasts they
    count as a cost, not a gain; with fewer cards on the table than columns the
    stock can never be dealt: the game is lost.
    """
    if fits is None:
        return h
    if gain is None:
        gain = deal_fit(cols, fits)
    return _worth(h, gain, cols.count(()), sum(map(len, cols)) < len(cols))


def _worth(h: float, gain: float, empties: int, dead: bool) -> float:
    """:func:`worth` with the stock left, from the position's count of empty columns
    and whether it has fewer cards than columns (``dead``)."""
    if not empties:
        return h + gain
    if dead:
        return DEAD
    return h - (W_EMPTY + FILL_COST) * empties + gain


def deal_fit(cols: Columns, fits: Fits) -> float:
    """What the next deal is expected to add to the evaluation (empty columns: nothing)."""
    return sum(row[column[-1]] for row, column in zip(fits, cols, strict=True) if column)


def lookahead(cols: Columns, fits: Fits | None, removed: int, infos: Infos,
               relaxed: bool, roots: list[tuple[tuple[Shift, ...], Columns]],
               nodes: int) -> tuple[list[float], list[float]]:
    """Best value reachable through each root action (before the next deal), and the
    value right after it. Every other expansion is the best position of any root's
    lines, the others the best of the root expanded least so far (see the module).
    Positions met before are recognised by their keys, worked out from their parents'
    (:mod:`spider.solver.hashing`), and scored from their parents' column facts, before
    they are built; most are never built at all, only those expanded. It stops after
    ``nodes`` expansions or ``nodes`` × :data:`BRANCH` positions met."""
    has_stock = fits is not None
    best = [float("-inf")] * len(roots)
    first = [float("-inf")] * len(roots)
    heaps: list[list[_Node]] = [[] for _ in roots]
    spent = [0] * len(roots)
    seen = {_columns_key(cols, infos)}
    counter = 0
    for index, (steps, _) in enumerate(roots):
        new, gone = cols, 0
        for step in steps:
            new, g = apply_move(new, *step)
            gone += g
        h = sum(infos[column][4] for column in new) + W_RUN * (removed + gone)
        best[index] = worth(new, h, fits) - STEP_COST
        first[index] = best[index]
        key = _columns_key(new, infos)
        if key in seen:
            continue
        seen.add(key)
        counter += 1
        heapq.heappush(heaps[index], (-h, counter, new, -1, removed + gone, index, 1, key,
                                      deal_fit(new, fits) if fits else 0.0, 0, 0, None, None,
                                      None))
    expanded = 0
    by_hash = infos.by_hash
    most = nodes * BRANCH + counter
    live = [index for index, heap in enumerate(heaps) if heap]  # roots with work left
    while live and expanded < nodes and counter < most:
        if expanded % 2:
            pick = min(live, key=spent.__getitem__)  # ``live`` is in order: the first on a tie
        else:
            pick = min([heaps[root][0] for root in live])[5]  # (-h, counter, ..., root, ...)
        spent[pick] += 1
        heap = heaps[pick]
        (negative, _, node_cols, source, node_removed, index, depth, key, gain, target, count,
         parent_infos, rest_info, grown_info) = heapq.heappop(heap)
        if source >= 0:  # built only now: most positions are scored and never expanded
            node_cols = apply_move(node_cols, source, target, count)[0]
            col_infos = parent_infos.copy()  # type: ignore[union-attr]
            col_infos[source], col_infos[target] = rest_info, grown_info  # type: ignore[assignment]
        else:
            col_infos = [infos[column] for column in node_cols]
        h = -negative
        expanded += 1
        empties = node_cols.count(())
        dead = sum(map(len, node_cols)) < len(node_cols)
        child_cost = STEP_COST * (depth + 1)
        for source, target, count, _ in moves(node_cols, col_infos, has_stock, relaxed):
            src, dst = node_cols[source], node_cols[target]
            src_info, dst_info = col_infos[source], col_infos[target]
            # A run to remove: one suit from the ace up through the moved cards and on.
            if (src[-1] & RANK == 1 and dst and dst[-1] == src[-count] + 1
                    and count <= src_info[3][0] and count + dst_info[3][0] >= RUN_LENGTH):
                new, gone = apply_move(node_cols, source, target, count)
                child_key = _columns_key(new, infos)
                if child_key in seen:
                    continue
                seen.add(child_key)
                child_h = (h - src_info[4] - dst_info[4] + infos[new[source]][4]
                           + infos[new[target]][4] + W_RUN * gone)
                child_gain = deal_fit(new, fits) if fits else 0.0
                value = worth(new, child_h, fits, child_gain) - child_cost
                entry: _Node = (-child_h, counter + 1, new, -1, node_removed + gone,
                                index, depth + 1, child_key, child_gain, 0, 0, None, None, None)
            else:
                # The child's key and its two new columns' facts come from the parent's
                # hashes, the columns built only for facts not known yet, and its deal
                # gain from the parent's: Infos.moved, hashing.moved_key, moved_gain and
                # _worth (no column empty) written out in the hints' hottest loop (4 %
                # fewer instructions than with the last two called), the facts looked up
                # only for a new position.
                rest_hash, moved_hash = src_info[8][count]
                grown_hash = (dst_info[5] + moved_hash * POW[len(dst)]) % P
                child_key = (key + (rest_hash - src_info[5]) * PLACES[source]
                             + (grown_hash - dst_info[5]) * PLACES[target]) % P
                if child_key in seen:
                    continue
                seen.add(child_key)
                rest_info = by_hash.get(rest_hash) or infos[flip_top(src[:-count])]
                grown_info = by_hash.get(grown_hash) or infos[dst + src[-count:]]
                child_h = h - src_info[4] - dst_info[4] + rest_info[4] + grown_info[4]
                if fits is None:
                    child_gain = 0.0
                    value = child_h - child_cost
                else:
                    source_fits, target_fits, top = fits[source], fits[target], src[-1]
                    child_gain = (gain - source_fits[top] + target_fits[top]
                                  + (source_fits[src[-count - 1] & ~DOWN]
                                     if count < len(src) else 0)
                                  - (target_fits[dst[-1]] if dst else 0))
                    child_empties = empties - (not dst) + (count == len(src))
                    if not child_empties:
                        value = child_h + child_gain - child_cost
                    else:
                        value = _worth(child_h, child_gain, child_empties, dead) - child_cost
                entry = (-child_h, counter + 1, node_cols, source, node_removed, index,
                         depth + 1, child_key, child_gain, target, count, col_infos, rest_info,
                         grown_info)
            if value > best[index]:
                best[index] = value
            counter += 1
            heapq.heappush(heap, entry)
        if not heap:
            live.remove(pick)
    return best, first


def _columns_key(cols: Columns, infos: Infos) -> int:
    return ordered_key([infos[column][5] for column in cols])
