"""What the App does for its scenes, as their :class:`~spider.app.host.Host` and
:class:`~spider.app.host.Commands`: games started, restarted and counted, dialogs
opened, messages, sounds and statistics, and what follows each action.

:class:`HostServices` is a part of :class:`~spider.app.loop.App` (which holds the
state named below); the window, the settings and the loop are the App's own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, cast

from spider.app.host import DialogName, GameEvent, Host
from spider.app.scenes import Scene, SceneStack
from spider.app.sound import Sound, Sounds
from spider.data.history import GameLog
from spider.data.messages import Message
from spider.data.persistence import Persistence
from spider.data.session import Session
from spider.data.statistics import Statistics
from spider.model.actions import DEAL
from spider.model.dealcode import DealCode
from spider.text.i18n import say, tr

if TYPE_CHECKING:
    from spider.app.table.scene import TableScene
    from spider.app.worker import Worker

#: The dialogs opened by name (the menu is placed under the bar, see ``open_dialog``):
#: their classes in :mod:`spider.app.dialogs`, imported when one first opens (the first
#: frame does not wait for them).
DIALOGS: dict[DialogName, str] = {
    DialogName.NEW_GAME: "NewGameScene", DialogName.SETTINGS: "SettingsScene",
    DialogName.STATISTICS: "StatisticsScene", DialogName.HELP: "HelpScene"}


class HostServices:
    """The Host's and Commands' methods but the window's, the settings' and the loop's."""

    # The App's, used here (see App.__init__).
    session: Session
    persistence: Persistence
    game_log: GameLog
    last_lost: Session | None
    sounds: Sounds
    scenes: SceneStack
    table: TableScene
    _stuck_due: bool

    if TYPE_CHECKING:
        def request_redraw(self) -> None: ...  # (the loop's)

    @property
    def _host(self) -> Host:
        """The App these are part of, the Host its dialogs are given."""
        return cast("Host", self)

    # ----------------------------------------------------------------- games
    def new_game(self, code: DealCode) -> None:
        """Start the deal ``code`` (closing any dialogs)."""
        self.start_session(Session(code))

    def restart(self) -> None:
        """Start the current deal over."""
        self.start_session(self.session.restart())

    def start_session(self, session: Session, deal_in: bool | None = None) -> None:
        """Play ``session`` (a new deal, a restart, a resumed or constructed game),
        closing any dialogs; the game it replaces is counted and the new one saved.
        ``deal_in``: deal the columns out of the stock (by default when the game
        has not started)."""
        old, self.session = self.session, session
        lost = (old is not session and old.started and not old.game.is_won
                and not self.persistence.counted)
        while len(self.scenes) > 1:
            self.scenes.pop()
        self.table.load(deal_in=not session.started if deal_in is None else deal_in)
        self.persistence.session_replaced(old)
        if lost:
            self.game_log.add(old, won=False)
            self.last_lost = old
            self.notify(tr("analysis.offer"), 5.0)
        self.request_redraw()

    def counts_as_loss(self) -> bool:
        """Whether leaving the game in progress now counts as a loss in the statistics."""
        session = self.session
        return (session.started and not session.game.is_won and not session.demo_played
                and not self.persistence.counted)

    def ask_restart(self) -> None:
        """Restart, asking first when moves would be lost (and saying when the game
        counts as a loss, as New game does)."""
        if not self.session.started or self.session.game.is_won:
            self.restart()
            return
        self.confirm("confirm.restart", self.restart,
                     "newgame.counts-as-loss" if self.counts_as_loss() else None)

    def start_demo(self) -> None:
        self.table.hinting.start_demo()
        self.request_redraw()

    def on_game_event(self, event: GameEvent) -> None:
        """Called after every action, then with ``GameEvent.WON`` on a win (the game is
        saved, a win counted and added to the history)."""
        counted = self.persistence.counted
        self.persistence.on_game_event(event)
        if event is GameEvent.WON and not counted and self.persistence.counted:
            self.game_log.add(self.session, won=True)
        self._stuck_due = self._stuck_due or event in (GameEvent.MOVE, GameEvent.DEAL)

    def _check_stuck(self) -> None:
        """After a move or deal (in spare time, off the action's frame): a stuck table
        offers the analysis."""
        if not self._stuck_due:
            return
        self._stuck_due = False
        game = self.session.game
        if not game.is_won and not game.is_legal(DEAL) and not game.has_legal_move():
            self.notify(tr("analysis.stuck"), 6.0)

    # --------------------------------------------------------------- dialogs
    def open(self, scene: Scene) -> None:
        """Show ``scene`` over the current one (a dialog)."""
        self.scenes.push(scene)
        self.request_redraw()

    def open_dialog(self, name: DialogName) -> None:
        from spider.app import dialogs
        if name is DialogName.MENU:  # dropping down from the bar's right end
            self.open(dialogs.MenuScene(self._host, top=self.table.geometry.bar.bottom))
        elif name is DialogName.ANALYSIS:
            self.open_analysis()
        else:
            self.open(getattr(dialogs, DIALOGS[name])(self._host))

    def open_analysis(self) -> None:
        """Menu → Analyse this game: the game in play, or the one just left unfinished."""
        from spider.app.dialogs.analysis import AnalysisScene

        lost = self.last_lost
        self.open(AnalysisScene(self._host, lost if lost and not self.session.started else None))

    def confirm(self, message_key: str, on_yes: Callable[[], None],
                note_key: str | None = None) -> None:
        """Ask before ``on_yes()`` (``note_key``: a smaller line under the question)."""
        from spider.app.dialogs import ConfirmScene

        self.open(ConfirmScene(self._host, message_key, on_yes, note_key=note_key))

    def show_win(self) -> None:
        """The game is won and celebrated: score, moves, time and records, and what next."""
        from spider.app.dialogs import WinScene

        if not isinstance(self.scenes.top, WinScene):
            celebration = self.table.celebration
            self.open(WinScene(self._host, self.persistence.win_records,
                               None if celebration is None else celebration.lane))

    # Shortcuts for tests and tools.
    def open_new_game_dialog(self) -> None:
        self.open_dialog(DialogName.NEW_GAME)

    def open_settings(self) -> None:
        self.open_dialog(DialogName.SETTINGS)

    def open_statistics(self) -> None:
        self.open_dialog(DialogName.STATISTICS)

    def open_help(self) -> None:
        self.open_dialog(DialogName.HELP)

    def open_menu(self) -> None:
        self.open_dialog(DialogName.MENU)

    # ------------------------------------------- messages, sound, statistics
    def notify(self, message: str, seconds: float = 2.8) -> None:
        """Show a short message on the table."""
        self.table.notify(message, seconds)
        self.request_redraw()

    def tell(self, message: Message, seconds: float = 2.8) -> None:
        """Show a message of the data layer (a key and values) in the player's language."""
        self.notify(say(message), seconds)

    def play_sound(self, name: Sound) -> None:
        self.sounds.play(name)

    def stop_sounds(self) -> None:
        self.sounds.stop()

    @property
    def statistics(self) -> Statistics:
        return self.persistence.statistics

    def reset_statistics(self, keys: Iterable[str] | None = None) -> None:
        self.persistence.reset_statistics(None if keys is None else list(keys))

    @property
    def worker(self) -> Worker:
        """The hint worker, shared with New game's search for a winnable deal."""
        return self.table.hinting.background()
