"""What a scene may use of the running game: a narrow :class:`Host`, and the few
:class:`Commands` that scenes start.

Scenes are written against these protocols, never against the App (nothing under
``spider/app/table`` or ``spider/app/dialogs`` imports :mod:`spider.app.loop`);
:class:`spider.app.loop.App` provides both. A scene does not ask for frames
itself: the loop draws after every event a scene handles and after every update
that reports a change (see :class:`spider.app.scenes.Scene`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from random import Random

    from spider.app.clock import Clock
    from spider.app.scenes import Scene, SceneStack
    from spider.app.sound import Sound
    from spider.app.worker import Worker
    from spider.data.history import GameLog
    from spider.data.session import Session
    from spider.data.settings import Settings
    from spider.data.statistics import Statistics
    from spider.model.dealcode import DealCode


class GameEvent(StrEnum):
    """What an action did to the game, as the host hears it (saving, statistics)."""

    MOVE = "move"
    DEAL = "deal"
    UNDO = "undo"
    REDO = "redo"
    WON = "won"


class DialogName(StrEnum):
    """The dialogs a command can open by name."""

    NEW_GAME = "new-game"
    SETTINGS = "settings"
    STATISTICS = "statistics"
    HELP = "help"
    MENU = "menu"
    ANALYSIS = "analysis"


class Commands(Protocol):
    """The actions that scenes start and the host carries out."""

    def new_game(self, code: DealCode) -> None:
        """Start the deal ``code``, closing any dialogs."""

    def restart(self) -> None:
        """Start the current deal over."""

    def open_dialog(self, name: DialogName) -> None:
        """Show the dialog ``name`` over the current scene."""

    def confirm(self, message_key: str, on_yes: Callable[[], None],
                note_key: str | None = None) -> None:
        """Ask before ``on_yes()`` (``note_key``: a line on what else yes does)."""

    def ask_restart(self) -> None:
        """Restart, asking first when moves would be lost (and saying when the game in
        progress would count as a loss)."""

    def show_win(self) -> None:
        """The game is won and celebrated: show the win panel."""

    def start_demo(self) -> None:
        """Let the hint engine play the game alone."""

    def quit(self) -> None:
        """Save the game and leave."""


class Host(Protocol):
    """What a scene sees of the running game."""

    @property
    def settings(self) -> Settings: ...

    @property
    def session(self) -> Session: ...

    @property
    def scenes(self) -> SceneStack: ...

    @property
    def commands(self) -> Commands: ...

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""

    @property
    def clock(self) -> Clock:
        """The loop's time (spare time is measured on it)."""

    @property
    def deals(self) -> Random:
        """What new deals are drawn from (see :meth:`DealCode.random`)."""

    @property
    def statistics(self) -> Statistics: ...

    @property
    def game_log(self) -> GameLog:
        """The last games of each kind (the Statistics chart, the analyses)."""

    @property
    def worker(self) -> Worker:
        """The background thread for slow work (see :mod:`spider.app.worker`)."""

    @property
    def ticking(self) -> bool:
        """Whether the clock's seconds are shown as they pass (the window is seen and
        has the focus)."""

    def open(self, scene: Scene) -> None:
        """Show ``scene`` over the current one (a dialog opened by another)."""

    def apply_settings(self, settings: Settings) -> None:
        """Use new settings at once, and save them."""

    def reset_statistics(self, keys: Iterable[str] | None = None) -> None:
        """Forget the statistics of ``keys`` (all with None), and save."""

    def on_game_event(self, event: GameEvent) -> None:
        """An action changed the game (it is saved; a win is counted)."""

    def notify(self, message: str, seconds: float = 2.8) -> None:
        """Show a short message on the table."""

    def play_sound(self, name: Sound) -> None: ...

    def stop_sounds(self) -> None: ...

    def request_redraw(self) -> None:
        """Draw a new frame, whole (for changes outside an event or an update)."""

    def request_changes(self) -> None:
        """Draw a new frame by changes only, if nothing else asks for more."""
