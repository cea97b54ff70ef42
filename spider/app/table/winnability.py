"""The table's "can still be won" note, searched off the frame path.

Settings → "Say whether the deal can still be won" (off by default): after each
action the solver looks, with full knowledge of the face-down cards, for a win from
the position within :data:`WIN_NODES` positions; the bar says "This deal can still be
won" or "No win found". The search runs on the hints' worker thread
(:class:`~spider.app.table.hinting.Hinting` asks for it and hands back its answer),
and only while the table is calm (nothing moving or dragged, no hint or demo under
way: the worker shares the interpreter lock with the frames). It starts after a
frame, not within one. Any action stops it within a few positions and it frees its
memory a slice at a time; it starts over when all is calm again. Meanwhile the last
answer stays, faded. The frame that shows an action made while it runs still waits
for the interpreter a few ms more (up to ~20 ms on a loaded 2-core machine): one
reason it is a choice, off by default.

The search is cut by positions expanded, not by the clock, so it says the same on
any machine; its seconds are only an outer limit for a very slow or busy one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spider.text.i18n import tr

if TYPE_CHECKING:
    import threading

    from spider.app.table.hinting import Hinting
    from spider.app.worker import Answer
    from spider.solver.state import Position

#: Positions the solver expands looking for a win after each action (a few seconds),
#: so the note says the same on any machine; ``WIN_SECONDS`` is the outer limit.
WIN_NODES = 60_000
WIN_SECONDS: float = 30.0
#: How soon the loop looks again when the search waits to start (seconds).
POLL = 1 / 60
#: The worker's kind of job for this search.
KIND = "winnable"


def can_still_win(position: Position, seconds: float, cancel: threading.Event,
                  nodes: int) -> bool | None:
    """:func:`spider.solver.winnable.can_still_win` (imported on the first search)."""
    from spider.solver.winnable import can_still_win as search

    return search(position, seconds, cancel, nodes)


class WinCheck:
    """Whether the position shown can still be won (see the module docstring)."""

    #: Whether the search may run at all (tests that play on the loop's thread turn it
    #: off: it takes seconds there).
    enabled = True

    def __init__(self, hinting: Hinting) -> None:
        self.hinting = hinting
        self.winnable: bool | None = None  # True, False (proven), None: unknown / not shown
        self.known = False                 # whether ``winnable`` answers the position shown
        #: ``winnable`` answered an earlier position: shown faded until the new answer.
        self.rechecking = False
        self._wanted = False  # the position shown is to be searched (when calm)
        self.changed = False  # the note changed since the loop last asked

    @property
    def on(self) -> bool:
        return self.enabled and bool(self.hinting.app.settings.win_check)

    def check(self, keep: bool = True) -> None:
        """A new position: search it when the table is calm. Meanwhile the last answer
        stays, marked as being checked again (``keep``: it was about this game)."""
        self.pause()
        game = self.hinting.game
        if keep and self.known and not game.is_won:
            self.rechecking = True
        else:
            if self.known:
                self.changed = True
            self.winnable, self.known, self.rechecking = None, False, False
        self._wanted = self.on and not game.is_won

    def pause(self) -> None:
        """Stop the search while something else happens (it starts over when calm)."""
        self.hinting.cancel(KIND)

    def settings_changed(self) -> None:
        if not self.on:
            self.check(keep=False)
        elif not self.known and not self.hinting.asked(KIND):
            self.check()  # turned on: search the position shown

    @property
    def _calm(self) -> bool:
        hinting = self.hinting
        table = hinting.table
        return not (table.board.moving or table.dragging is not None or hinting.demo
                    or hinting.thinking or table.win_pending or table.celebration is not None)

    @property
    def _due(self) -> bool:
        """The search is to start now."""
        return self._wanted and not self.hinting.asked(KIND) and self._calm

    def spare(self) -> None:
        """After a frame: start the search if the table is calm (starting it within a
        frame made that frame share the interpreter with the search's first steps)."""
        if self._due:
            from spider.solver.state import Position

            position = Position.from_game(self.hinting.game)  # the game as shown (it is calm)
            self.hinting.request(KIND, lambda cancel: can_still_win(position, WIN_SECONDS,
                                                                    cancel, WIN_NODES))

    def came(self, answer: Answer) -> None:
        """The search's answer, still wanted."""
        self._wanted = False
        if answer.error is None:
            self.winnable, self.known = answer.value is True, True
            self.rechecking = False
            self.changed = True

    def update(self) -> None:
        """Pause the search as soon as the table is not calm."""
        if self.hinting.asked(KIND) and not self._calm:
            self.pause()

    def wake_in(self) -> float | None:
        """How soon the loop must look again: soon, when the search waits to start."""
        return POLL if self._due else None

    @property
    def status(self) -> str | None:
        """The bar's note, or ``None``."""
        if not (self.known and self.on):  # (asked every frame)
            return None
        return tr("table.winnable" if self.winnable else "table.no-win-found")
