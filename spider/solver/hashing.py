"""Position keys built incrementally, so a move's key is known before its position is built.

A column's hash is a polynomial in its cards, ``sum(card[k] * BASE**k) mod P``;
its prefix hashes (:func:`prefixes`) give the hash of any cut of it (:func:`cuts`),
so the two columns a move changes are hashed from their parents in a few operations:
the source loses its last cards (its new last card maybe turned face up), the
target gains them shifted by its length. A position's key weighs each column's
hash by its place (:data:`PLACES`) while the stock lasts; once the stock is
empty the order of the columns no longer matters and the hashes, each first
mixed (:func:`mix`: a column's hash is linear in its cards, so a plain sum would
not tell which column a card lies in), are added, so positions that differ only
by the order of their columns share a key.

Keys are 61-bit numbers: two positions of one search share one by accident with
odds far below one in a million, and a line is always replayed before it is
trusted, so such an accident can cost a branch of the search, never a wrong answer.
"""

from __future__ import annotations

from spider.solver.state import DOWN, Columns

P = (1 << 61) - 1
BASE = 0x2F0A3C65D1B4E97 % P
LONGEST = 128  # no column holds more cards than this
POW = tuple(pow(BASE, k, P) for k in range(LONGEST + 1))
INV = tuple(pow(BASE, -k, P) for k in range(LONGEST + 1))
#: The weight of each column's hash while the stock lasts.
PLACES = tuple(pow(0x51ED27, index + 3, P) for index in range(10))
SALT = 0x1B873593  # times the stock's length
MIX = 0x3C6EF372FE94F82B % P


def mix(column_hash: int) -> int:
    """A column's hash made non-linear, for adding without regard to order."""
    return column_hash * (column_hash + MIX) % P


def prefixes(column: tuple[int, ...]) -> tuple[int, ...]:
    """The hashes of the column's first 0, 1, ... len(column) cards."""
    out = [0]
    total = 0
    for index, card in enumerate(column):
        total = (total + card * POW[index]) % P
        out.append(total)
    return tuple(out)


def ordered_key(hashes: list[int]) -> int:
    """A key of the columns alone, each in its place."""
    return sum(h * m for h, m in zip(hashes, PLACES, strict=False)) % P


def position_key(hashes: list[int], stock_len: int) -> int:
    """The key of a position from its columns' hashes."""
    if not stock_len:
        return sum(mix(h) for h in hashes) % P
    return (ordered_key(hashes) + SALT * stock_len) % P


def moved_key(key: int, source: int, target: int, old: tuple[int, int],
              new: tuple[int, int], ordered: bool = True) -> int:
    """A position's key after its columns ``source`` and ``target`` change from ``old``
    to ``new``: their hashes, weighed by place while the stock lasts (``ordered``), or
    once it is dealt their hashes' :func:`mix`, added without regard to order."""
    if ordered:
        return (key + (new[0] - old[0]) * PLACES[source]
                + (new[1] - old[1]) * PLACES[target]) % P
    return (key + new[0] - old[0] + new[1] - old[1]) % P


#: What moving cards off a column does to hashes (:func:`cuts`): the hash of the cards
#: that stay, and that of the cards that go as if they began a column.
Cut = tuple[int, int]


def cuts(column: tuple[int, ...], prefix: tuple[int, ...], most: int) -> tuple[Cut, ...]:
    """The :data:`Cut` of moving each count of cards, 0 to ``most``, off ``column`` (the
    new last card turned face up), from its :func:`prefixes`: worked out once per column,
    not once per move. With ``(rest, moved)`` the cut, the source's hash becomes ``rest``
    and the target's ``(target_hash + moved * POW[len(target)]) % P``."""
    size = len(column)
    out = []
    for count in range(most + 1):
        rest = size - count
        rest_hash = prefix[rest]
        if rest and column[rest - 1] & DOWN:
            rest_hash = (rest_hash - DOWN * POW[rest - 1]) % P
        out.append((rest_hash, (prefix[-1] - prefix[rest]) * INV[rest] % P))
    return tuple(out)


def check(cols: Columns, stock_len: int) -> int:
    """The key computed from scratch (for tests)."""
    return position_key([prefixes(column)[-1] for column in cols], stock_len)
