"""The replay of an analysed game: a timeline to see the table at any move, with a
marker at the move that lost it, and "Show the way" playing the winning line.

The replay has a table of its own (a :class:`TableScene` over a copy of the game,
reached through :class:`_ReplayApp`), so the game in play, its save and the
statistics never see it: leaving returns to the game exactly as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from spider.app.dialogs.base import Dialog
from spider.app.dialogs.snapshot import Snapshot
from spider.app.table.scene import TableScene
from spider.app.ui.focus import UiState
from spider.app.ui.textlayout import blit_text, line_height
from spider.app.ui.theme import DIM, ERROR, GOLD, QUIET, WHITE, Style, draw_round
from spider.app.ui.widgets import Button, Column, Row, Widget
from spider.data.session import Session
from spider.solver.analysis import LOST, WINNABLE, Analysis
from spider.solver.state import Step, step_action
from spider.text.i18n import tr

if TYPE_CHECKING:
    from spider.app.host import Commands, GameEvent, Host

#: Keys that move along the timeline, and by how many moves.
STEPS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}


class _ReplayApp:
    """The App as the replay's table sees it: its own session, no saving, no dialogs."""

    def __init__(self, app: Host, session: Session) -> None:
        self._app = app
        self.session = session
        self.settings = app.settings.with_(hints=False, win_check=False)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._app, name)

    @property
    def commands(self) -> _ReplayCommands:
        return _ReplayCommands(self._app.commands)

    def on_game_event(self, event: GameEvent) -> None:
        """Replayed actions are not the player's: nothing is saved or counted."""

    def notify(self, message: str, seconds: float = 2.8) -> None:
        """Messages of the replayed table are not shown."""


class _ReplayCommands:
    """The App's commands, but a win shown by the replay opens no Win dialog."""

    def __init__(self, commands: Commands) -> None:
        self._commands = commands

    def __getattr__(self, name: str) -> Any:
        return getattr(self._commands, name)

    def show_win(self) -> None:
        """The way shown wins: the celebration is enough."""


class Timeline(Widget):
    """The game's moves as a slider: the knob at the move shown, a marker where it was lost."""

    def __init__(self, scene: ReplayScene) -> None:
        super().__init__()
        self.scene = scene

    def measure(self, style: Style) -> tuple[int, int]:
        return round(style.fs * 40), line_height(style.small) + round(style.fs * 1.6)

    def track(self, style: Style) -> pygame.Rect:
        knob = round(style.fs * 0.6)
        top = self.rect.y + line_height(style.small) + round(style.fs * 0.5)
        return pygame.Rect(self.rect.x + knob, top, self.rect.w - 2 * knob, round(style.fs * 0.3))

    def x_of(self, index: int, style: Style) -> int:
        track = self.track(style)
        return track.x + round(track.w * index / max(1, self.scene.total))

    def index_at(self, x: int, style: Style) -> int:
        track = self.track(style)
        share = (x - track.x) / max(1, track.w)
        return max(0, min(self.scene.total, round(share * self.scene.total)))

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        scene = self.scene
        track = self.track(style)
        draw_round(surface, track, QUIET, track.h // 2)
        knob_x = self.x_of(scene.index, style)
        done = pygame.Rect(track.x, track.y, max(track.h, knob_x - track.x), track.h)
        draw_round(surface, done, (*GOLD, 200), track.h // 2)
        if scene.marker is not None:
            x = self.x_of(scene.marker, style)
            tip = round(style.fs * 0.45)
            pygame.draw.polygon(surface, ERROR, [(x - tip, track.y - tip * 2), (x + tip, track.y
                                                 - tip * 2), (x, track.y - 2)])
            blit_text(surface, tr("replay.lost-here"), style.small, ERROR,
                      midbottom=(x, track.y - tip * 2))
        key = "replay.way-position" if scene.showing else "replay.position"
        text = tr(key, number=scene.shown_number, total=scene.shown_total)
        blit_text(surface, text, style.small, DIM, topleft=(self.rect.x, self.rect.y))
        radius = round(style.fs * 0.55)
        pygame.draw.circle(surface, WHITE, (knob_x, track.centery), radius)


class ReplayScene(Dialog):
    """The analysed game on a table of its own, with a timeline and "Show the way"."""

    opaque = True
    scrim_alpha = 0
    anchor_y = 1.0
    min_width = 44.0

    def __init__(self, app: Host, snapshot: Snapshot, result: Analysis) -> None:
        super().__init__(app)
        self.snapshot = snapshot
        self.result = result
        self.total = len(snapshot.actions)
        self.index = self.total
        #: The first position known lost, marked on the timeline (None: no such move).
        self.marker: int | None = None
        if result.verdict == LOST and result.last_winnable is not None:
            self.marker = result.last_winnable + 1
        elif result.lost_from is not None:  # unknown: where it was proven lost
            self.marker = result.lost_from
        self.way: list[Step] = []  # the winning line still to play
        self.way_played = 0
        self.timeline = Timeline(self)
        self._sliding = False
        self.view = _ReplayApp(app, self._session_at(self.index))
        self.table = TableScene(self.view)

    # ------------------------------------------------------------ position
    def _session_at(self, index: int) -> Session:
        session = Session(self.snapshot.session.code)
        session.game = self.snapshot.game_at(index)
        return session

    def show(self, index: int) -> None:
        """Put the table at the position after ``index`` moves (at rest, no animation)."""
        self.way, self.way_played = [], 0
        self.index = max(0, min(self.total, index))
        self.view.session = self._session_at(self.index)
        self.table.load(deal_in=False)
        self.app.request_redraw()

    @property
    def way_start(self) -> int | None:
        """Where "Show the way" starts: the last winnable point (None: no way known)."""
        result = self.result
        if result.verdict == WINNABLE:
            return self.total
        if not result.line:
            return None
        return result.last_winnable if result.verdict == LOST else result.winnable_until

    def show_the_way(self) -> None:
        start = self.way_start
        if start is None:
            return
        self.show(start)
        self.way = list(self.result.line)
        self.way_played = 0

    @property
    def shown_number(self) -> int:
        return self.way_played if self.showing else self.index

    @property
    def shown_total(self) -> int:
        return len(self.result.line) if self.showing else self.total

    @property
    def showing(self) -> bool:
        return bool(self.way) or self.way_played > 0

    # -------------------------------------------------------------- widgets
    def body(self) -> Widget:
        return Column([self.timeline])

    def footer(self) -> Widget:
        way = Button(tr("replay.show-way"), self.show_the_way)
        way.enabled = self.way_start is not None
        return Row([way, Button(tr("replay.back"), self.close, "primary")], align="spread")

    def initial_focus(self) -> Widget | None:
        return None

    def close(self) -> None:
        self.way = []
        self.table.hinting.close()
        super().close()

    # ---------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        self.ensure()
        if event.type == pygame.KEYDOWN and event.key in STEPS:
            self.show(self.index + STEPS[event.key])
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.show(0 if event.key == pygame.K_HOME else self.total)
            return False
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.timeline.rect.collidepoint(event.pos)):
            self._sliding = True
        if self._sliding and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            index = self.timeline.index_at(event.pos[0], self.style)
            if index != self.index or self.showing:
                self.show(index)
            return False
        if event.type == pygame.MOUSEBUTTONUP and self._sliding:
            self._sliding = False
            return False
        return super().handle(event)


    # ------------------------------------------------------- loop and draw
    def update(self, dt: float) -> bool:
        self.table.update(dt)
        table = self.table
        if (self.way and not table.board.moving and not table.win_pending
                and table.celebration is None):
            table.perform(step_action(self.way.pop(0)))
            self.way_played += 1
            self.app.request_redraw()
        if table.celebration is not None and table.celebration.done:
            table.load(deal_in=False)  # the won table at rest, after the cascade
        return False

    @property
    def animating(self) -> bool:
        return self.table.animating or bool(self.way)

    def spare(self, until: float) -> bool:
        self.table.spare(until)
        return False

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)
        super().resize(size)

    def wake_in(self) -> float | None:
        return self.table.wake_in()

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        super().draw(surface)
