"""Menu → Analyse this game: where was the game lost? The panel and its search.

The search (:mod:`spider.solver.analysis`) takes seconds, so it runs on its own
thread, on a snapshot taken here on the loop's thread; the panel shows its
progress and can cancel it. Nothing of it touches the game being played: the
game, its clock and the statistics are as they were when the panel closes.
The replay of the analysed game is :mod:`spider.app.dialogs.replay`; both read the
game from a :class:`~spider.app.dialogs.snapshot.Snapshot`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from spider.app.dialogs.base import Dialog
from spider.app.dialogs.replay import ReplayScene
from spider.app.dialogs.snapshot import Snapshot
from spider.app.ui.focus import UiState
from spider.app.ui.theme import DIM, GOLD, QUIET, TEXT, Style, draw_round
from spider.app.ui.widgets import Button, Column, Label, Row, Widget
from spider.data.session import Session
from spider.solver.analysis import LOST, WINNABLE, Analysis, analyse, search_position
from spider.solver.state import Position, Step
from spider.text.i18n import tr

if TYPE_CHECKING:
    from spider.app.host import Host

#: Seconds each position may be searched (a lost game takes about ten searches).
SECONDS = 8.0
#: How often the panel looks at the search while it runs (seconds).
POLL = 0.1
TEXT_WIDTH = 30.0


def describe(step: Step) -> str:
    """A move or deal in words: "dealing", "moving from column 3 to column 7"."""
    if step is None:
        return tr("analysis.dealing")
    return tr("analysis.moving", source=step[0] + 1, target=step[1] + 1)


def verdict_text(result: Analysis) -> tuple[str, str]:
    """The panel's headline and the sentence under it."""
    if result.verdict == WINNABLE:
        return tr("analysis.can-win"), tr("analysis.line-here", count=len(result.line))
    if result.verdict == LOST and result.last_winnable is None:
        return tr("analysis.could-not"), tr("analysis.never")
    if result.verdict == LOST:
        assert result.last_winnable is not None
        where = "analysis.where" if result.last_winnable else "analysis.where-start"
        sentence = tr(where, number=result.last_winnable, losing=describe(result.losing),
                      instead=describe(result.instead))
        return tr("analysis.could-win"), sentence + " " + tr("analysis.line",
                                                             count=len(result.line))
    if result.winnable_until is not None and result.lost_from is not None:
        # Lost for sure, and winnable somewhere before: only the move between is unknown.
        return tr("analysis.could-win"), tr("analysis.partly", number=result.winnable_until,
                                            lost=result.lost_from)
    return tr("analysis.unknown"), tr("analysis.ran-out")


# -------------------------------------------------------------------- search
class AnalysisRun:
    """The analysis of a snapshot on a thread of its own (at once when not ``threaded``),
    with its progress, its answer and a cancel. ``now`` reads the clock the progress is
    timed on (the App's: a manual one in tests, where the bar moves only as it is told)."""

    def __init__(self, snapshot: Snapshot, seconds: float, now: Callable[[], float],
                 nodes: int | None = None, threaded: bool = True) -> None:
        self.cancel = threading.Event()
        self.searches, self.expected = 0, 1
        self.result: Analysis | None = None
        self._now = now
        self._search_began = now()
        self.seconds = seconds
        start = Position.from_game(snapshot.start)

        def progress(done: int, expected: int) -> None:
            self.searches, self.expected = done, expected
            self._search_began = now()

        def work() -> None:
            self.result = analyse(
                start, snapshot.actions,
                lambda position: search_position(position, seconds, nodes, self.cancel),
                self.cancel, progress)

        self.thread: threading.Thread | None = None
        if threaded:
            self.thread = threading.Thread(target=work, name="spider-analysis", daemon=True)
            self.thread.start()
        else:
            work()

    @property
    def fraction(self) -> float:
        """How far the search has come, 0 to 1 (the search under way counted by its time)."""
        if self.result is not None:
            return 1.0
        current = min(0.9, (self._now() - self._search_began) / self.seconds)
        return min(0.98, (self.searches + current) / max(1, self.expected))

    def stop(self) -> None:
        self.cancel.set()


class ProgressBar(Widget):
    """A bar filling as ``fraction()`` grows."""

    def __init__(self, fraction: object) -> None:
        super().__init__()
        self.fraction = fraction

    def measure(self, style: Style) -> tuple[int, int]:
        return round(style.fs * 20), round(style.fs * 0.7)

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        draw_round(surface, self.rect, QUIET, self.rect.h // 2)
        share = max(0.0, min(1.0, float(self.fraction())))  # type: ignore[operator]
        filled = pygame.Rect(self.rect.x, self.rect.y, max(self.rect.h,
                                                           round(self.rect.w * share)),
                             self.rect.h)
        draw_round(surface, filled, (*GOLD, 255), self.rect.h // 2)


# --------------------------------------------------------------------- panel
class AnalysisScene(Dialog):
    """"This deal could have been won": where the game was lost, and a way to replay it."""

    min_width = 26.0
    #: Search on a thread (tests set it false: the answer comes at once).
    threaded = True
    seconds = SECONDS
    nodes: int | None = None

    def __init__(self, app: Host, session: Session | None = None) -> None:
        super().__init__(app)
        self.snapshot = Snapshot.of(session or app.session)
        self._clock = app.session.elapsed  # the game's clock stops while it is analysed
        self.result: Analysis | None = None
        self.run = AnalysisRun(self.snapshot, self.seconds, app.clock.now, self.nodes,
                               self.threaded)
        self._shown = app.clock.now()  # when the progress was last drawn (as it opens)
        self._take()

    def _take(self) -> None:
        if self.result is None and self.run.result is not None:
            self.result = self.run.result
            if not self.result.cancelled:
                self.app.game_log.analysed(self.snapshot.session, len(self.snapshot.actions),
                                           winnable_of(self.result))
            self.invalidate()

    def title(self) -> str:
        return tr("analysis.title")

    def body(self) -> Widget:
        sees = Label(tr("analysis.sees-all"), "small", DIM, max_width=TEXT_WIDTH)
        if self.result is None:
            return Column([Label(tr("analysis.searching"), max_width=TEXT_WIDTH),
                           ProgressBar(lambda: self.run.fraction), sees], gap=0.8)
        headline, sentence = verdict_text(self.result)
        colour = TEXT if headline == tr("analysis.unknown") else GOLD
        return Column([Label(headline, "heading", colour, bold=True, max_width=TEXT_WIDTH),
                       Label(sentence, max_width=TEXT_WIDTH), sees], gap=0.8)

    def footer(self) -> Widget:
        if self.result is None:
            return Row([Button(tr("analysis.cancel"), self.cancel, "primary")], align="right")
        replay = Button(tr("analysis.replay"), self.open_replay)
        replay.enabled = bool(self.snapshot.actions or self.result.line)
        return Row([replay, Button(tr("dialog.close"), self.close, "primary", min_width=7)],
                   align="spread")

    def open_replay(self) -> None:
        assert self.result is not None
        self.app.open(ReplayScene(self.app, self.snapshot, self.result))

    def default(self) -> None:
        if self.result is not None:
            self.close()

    def cancel(self) -> None:
        self.run.stop()
        self.close()

    def close(self) -> None:
        self.run.stop()
        self.app.session.elapsed = self._clock
        super().close()

    def update(self, dt: float) -> bool:
        self.app.session.elapsed = self._clock
        if self.result is None:
            self._take()
            now = self.app.clock.now()
            if now - self._shown >= POLL:  # the bar moves a few times a second, no more
                self._shown = now
                self.app.request_redraw()
        return False

    def wake_in(self) -> float | None:
        return POLL if self.result is None else None


def winnable_of(result: Analysis) -> bool | None:
    """Whether an analysed game could have been won (None: not known)."""
    if result.verdict == WINNABLE:
        return True
    if result.verdict == LOST:
        return result.last_winnable is not None
    return True if result.winnable_until is not None else None
