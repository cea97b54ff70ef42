"""Winnable deals and "can this game still be won?" (full knowledge).

For the UI:

* :func:`find_winnable_code` draws shuffle numbers until the solver wins one
  within ``seconds_per_try``; it may take several tries (4 suits especially),
  so call it from a worker thread and pass a ``cancel`` event.
* :func:`can_still_win` answers for the game in progress. Take a snapshot on
  the thread that owns the game, then search it on a worker thread::

      snapshot = Position.from_game(game)          # UI thread: a cheap copy
      threading.Thread(target=lambda: show(can_still_win(snapshot, 10))).start()

  It never touches the live :class:`~spider.model.game.Game` after the snapshot.
"""

from __future__ import annotations

import random
import threading

from spider.model.dealcode import DealCode
from spider.model.game import Game
from spider.model.notation import game_from_code
from spider.solver.solve import solve
from spider.solver.state import Position


def find_winnable_code(layout: str = "SP", suits: int = 1, relaxed: bool = False,
                       seconds_per_try: float = 5.0, rng: random.Random | None = None,
                       tries: int = 1000, cancel: threading.Event | None = None,
                       nodes_per_try: int | None = None) -> DealCode:
    """A deal code the solver has won (with full knowledge) within ``seconds_per_try``
    (and ``nodes_per_try`` positions expanded, when given: the same code on any machine).
    The shuffle numbers are drawn from ``rng`` (None: a fresh ``SystemRandom``, as new
    games are; the game passes the App's ``deals``, which tests seed).

    Raises ``TimeoutError`` after ``tries`` failed draws or when cancelled.
    """
    rng = rng or random.SystemRandom()
    for _ in range(tries):
        if cancel is not None and cancel.is_set():
            break
        code = DealCode.random(layout, suits, relaxed, rng)
        if solve(game_from_code(code), seconds_per_try, cancel, nodes_per_try, short=False).won:
            return code
    raise TimeoutError("no winnable deal found")


def can_still_win(game: Game | Position, seconds: float = 10.0,
                  cancel: threading.Event | None = None,
                  nodes: int | None = None) -> bool | None:
    """True: a win exists from here; False: proven lost (every position searched);
    None: not known within ``seconds`` and ``nodes`` positions expanded (or cancelled)."""
    position = game if isinstance(game, Position) else Position.from_game(game)
    result = solve(position, seconds, cancel, nodes, short=False)
    if result.won:
        return True
    return False if result.proven else None
