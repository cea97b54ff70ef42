"""The search's evaluation: what a position is worth, from facts about each column.

* **Column facts** (:func:`column_info`): face-down cards, one-suit links,
  rank-only links, breaks, cleared and empty columns; runs removed count for
  the whole position (:func:`evaluate`). A column's facts also say how many
  cards may move off it and where its one-suit groups begin
  (:func:`move_options`, read by :mod:`spider.solver.movegen`).
* **Once per column.** Columns recur in many positions, so :class:`Infos`
  works a column's facts, score, hash, move options and their hashes' cuts
  (:mod:`spider.solver.hashing`) out once and keeps them.
* **Deal gain** (:func:`gain_of`): roughly how the evaluation changes when
  the next deal lands (the stock is known); :func:`fit_rows` tables one deal's
  fits so a move's gain is looked up for the two columns it touches, and
  :func:`expected_fit_row` what a card drawn from the hidden ones is expected to add.
* **Weights** (:class:`Weights`): the evaluation's terms, bigger is better;
  the search tries several (its portfolio), the hints one of their own.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from spider.solver.hashing import POW, Cut, P, cuts, mix, prefixes
from spider.solver.state import DOWN, RANK, Columns, flip_top

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

#: What may move off a column (see :func:`move_options`).
Option = tuple[int, int, int, bool, int, int, int]
#: A column's facts (see :func:`column_info`), then its hash, the hash's mix, its
#: :func:`move_options` and the :func:`~spider.solver.hashing.cuts` of those moves.
Info = tuple[int, int, int, tuple[int, ...], float, int, int, tuple[Option, ...],
             tuple[Cut, ...]]
Facts = tuple[int, int, int, tuple[int, ...], float]
#: What the next deal adds to each column's evaluation, by the column's last card
#: (``fits[column][top]``).
Fits = list[list[float]]


def column_info(column: tuple[int, ...], relaxed: bool, w: Weights = DEFAULT) -> Facts:
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


def move_options(column: tuple[int, ...], info: Facts) -> tuple[Option, ...]:
    """What may move off a column, whatever the rest of the table: (cards, rank wanted
    under them, kind, whole groups?, one-suit groups, first card, cards left on its group)
    for each count. Kinds: 0 empties the column, 1 turns or uncovers a card that does not
    fit, 2 leaves a rank-only link, 3 splits a one-suit group."""
    movable, natural, bounds = info[1], info[2], info[3]
    if not movable:
        return ()
    size = len(column)
    rank = column[-1] & RANK
    out = []
    for count in range(1, natural + 1):
        unit = count == movable or count in bounds
        groups = 1
        if count > movable:
            if not unit:
                continue
            groups = bounds.index(count) + 1
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
        out.append((count, rank + count, kind, unit, groups, first, movable - count))
    return tuple(out)


class Infos(dict[tuple[int, ...], Info]):
    """Column facts by column, computed once (columns recur in many positions), and by
    the column's hash too (``by_hash``): a move's new columns, hashed from their parents'
    (:mod:`spider.solver.hashing`), are looked up before they are built."""

    def __init__(self, relaxed: bool, w: Weights = DEFAULT) -> None:
        super().__init__()
        self.relaxed = relaxed
        self.w = w
        self.by_hash: dict[int, Info] = {}

    def __missing__(self, column: tuple[int, ...]) -> Info:
        prefix = prefixes(column)
        facts = column_info(column, self.relaxed, self.w)
        info = self[column] = (*facts, prefix[-1], mix(prefix[-1]), move_options(column, facts),
                               cuts(column, prefix, facts[2]))
        self.by_hash[prefix[-1]] = info
        return info

    def moved(self, source: tuple[int, ...], target: tuple[int, ...], count: int,
              source_info: Info, target_info: Info) -> tuple[Info, Info]:
        """The facts of the source and target columns once ``count`` cards move (no run
        removed), found by their hashes, worked out from the columns' facts now (see
        :func:`~spider.solver.hashing.cuts`): the columns are built only for facts not
        known yet."""
        rest_hash, moved_hash = source_info[8][count]
        grown_hash = (target_info[5] + moved_hash * POW[len(target)]) % P
        rest = self.by_hash.get(rest_hash)
        if rest is None:
            rest = self[flip_top(source[:-count])]
        grown = self.by_hash.get(grown_hash)
        if grown is None:
            grown = self[target + source[-count:]]
        return rest, grown


#: Columns whose facts :func:`shared_infos` keeps, at most, for one evaluation before
#: it starts again: about 800 bytes each, with the column.
MOST_SHARED = 150_000
_SHARED: dict[tuple[bool, Weights], Infos] = {}


def shared_infos(relaxed: bool, w: Weights = DEFAULT) -> Infos:
    """Column facts kept from one call to the next (a column's facts depend on the column
    alone): the hints', and those of the worlds their endgame solves in full."""
    cache = _SHARED.get((relaxed, w))
    if cache is None or len(cache) > MOST_SHARED:
        cache = _SHARED[relaxed, w] = Infos(relaxed, w)
    return cache


def evaluate(cols: Columns, removed: int, infos: Infos) -> float:
    """A position's evaluation: its columns' scores and its runs removed."""
    return sum(infos[column][4] for column in cols) + infos.w.run * removed


def deal_cards(stock: tuple[int, ...], width: int) -> tuple[int, ...]:
    """The card the next deal puts on each column (-1: none, a short last deal)."""
    dealt = stock[:width]
    return dealt + (-1,) * (width - len(dealt))


def card_fit(top: int, card: int, w: Weights) -> float:
    """How the evaluation changes when ``card`` is dealt onto ``top`` (a column's last card)."""
    if card < 0:
        return 0
    if top == card + 1:
        return w.suit
    if top & RANK == (card & RANK) + 1:
        return w.rank
    return -w.brk


def fit_rows(cards: tuple[int, ...], w: Weights) -> Fits:
    """:func:`card_fit` of the card each column gets next, by the column's last card
    (``rows[column][top]``): one deal's fits looked up instead of worked out per move."""
    return [[card_fit(top, card, w) for top in range(2 * DOWN)] for card in cards]


def moved_gain(gain: float, source_fits: list[float], target_fits: list[float],
               source: tuple[int, ...], target: tuple[int, ...], count: int) -> float:
    """A position's deal gain once ``count`` cards move from ``source`` to ``target`` (no
    run removed), kept up from ``gain`` for the two columns' last cards (their rows of
    :func:`fit_rows`), not worked out again for every column."""
    return (gain - source_fits[source[-1]] + target_fits[source[-1]]
            + (source_fits[source[-count - 1] & ~DOWN] if count < len(source) else 0)
            - (target_fits[target[-1]] if target else 0))


def expected_fit_row(cards: Sequence[int], w: Weights) -> list[float]:
    """:func:`card_fit` of a card drawn at random from ``cards``, by the column's last card."""
    if not cards:
        return [0.0] * (2 * DOWN)
    counts = Counter(card & ~DOWN for card in cards)
    ranks = Counter(card & RANK for card in counts.elements())
    total = len(cards)
    row = []
    for top in range(2 * DOWN):
        wanted = (top & RANK) - 1  # the rank that fits under ``top``
        same = counts[top - 1] if wanted >= 1 else 0
        rank_only = ranks[wanted] - same if wanted >= 1 else 0
        row.append((w.suit * same + w.rank * rank_only
                    - w.brk * (total - same - rank_only)) / total)
    return row


def gain_of(cols: Columns, cards: tuple[int, ...], w: Weights) -> float:
    """Roughly how the evaluation changes when ``cards`` (the next deal) land, counting
    nothing for empty columns."""
    return sum(card_fit(column[-1], card, w) for column, card in zip(cols, cards, strict=True)
               if column)
