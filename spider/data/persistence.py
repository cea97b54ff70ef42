"""Everything the App keeps between runs: settings, the game in progress, statistics.

* At start-up, :func:`load_saved` reads the three files (before the window opens,
  since the settings choose full screen and language). A damaged, unreadable,
  wrongly typed or newer-version file is set aside by :mod:`spider.data.storage` and
  its defaults are used; the problems are kept and shown once the App exists.
* :class:`Persistence` then saves the game after every action and on quit,
  saves settings when they change, and records statistics: a game counts as
  played from its first move; abandoning a played game (a new deal, a restart)
  counts as a loss; a win is recorded once, whatever undo and redo do after it.
* A save that fails (unwritable folder, full disk) never stops play: the player
  is told once, and later saves keep trying quietly.

Nothing here raises to the game loop.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spider.data.session import SAVE_VERSION, Session
from spider.data.settings import Settings, load_settings, save_settings
from spider.data.statistics import Records, Statistics, load_statistics, save_statistics, stats_key
from spider.data.storage import Loaded, StorageError, data_dir, load_document, save_document
from spider.text.i18n import tr

if TYPE_CHECKING:
    from spider.app.loop import App

log = logging.getLogger(__name__)

GAME_FILE = "game.json"
#: What each file holds, for messages ("settings", "game", "statistics").
WHAT = ("settings", "game", "statistics")


@dataclass(frozen=True)
class Problem:
    """A saved file that could not be used: which one, why (a storage key), where it went."""

    what: str
    key: str
    set_aside: Path | None = None

    def message(self) -> str:
        text = tr(f"save.problem.{self.what}", reason=tr(f"save.reason.{self.key}"))
        if self.set_aside is not None:
            text += " " + tr("save.kept-as", file=self.set_aside.name)
        return text


@dataclass
class Saved:
    """What the last run left: use ``settings`` and ``session`` to build the App."""

    settings: Settings
    session: Session | None
    statistics: Statistics
    #: Whether the saved game's result (its win) is already in the statistics.
    counted: bool = False
    problems: list[Problem] = field(default_factory=list)
    folder: Path = field(default_factory=data_dir)


def _game_from_dict(data: Any) -> tuple[Session, bool]:
    if not isinstance(data, dict):
        raise ValueError("a saved game is an object")
    counted = data.get("counted", False)
    if type(counted) is not bool:
        raise ValueError("counted must be true or false")
    return Session.from_dict(data.get("session")), counted


def _note(loaded: Loaded[Any], what: str, problems: list[Problem]) -> None:
    if loaded.problem is not None:
        problems.append(Problem(what, loaded.problem, loaded.set_aside))
        log.warning("saved %s unusable (%s), set aside as %s", what, loaded.problem,
                    loaded.set_aside)


def load_saved(folder: Path | None = None) -> Saved:
    """Read settings, the game in progress and statistics; never raises.

    Each file is independent: one damaged file is set aside and replaced by its
    default, the others are used as they are.
    """
    folder = folder or data_dir()
    problems: list[Problem] = []
    settings = load_settings(folder)
    _note(settings, "settings", problems)
    statistics = load_statistics(folder)
    _note(statistics, "statistics", problems)
    game = load_document(folder / GAME_FILE, "game", SAVE_VERSION, _game_from_dict)
    _note(game, "game", problems)
    session, counted = game.value if game.value is not None else (None, False)
    assert settings.value is not None and statistics.value is not None
    if session is not None and session.game.is_won:  # a finished game: start a new one
        if not counted:  # the game stopped between saving the winning move and counting it
            _count_late_win(folder, session, statistics.value)
        session, counted = None, False
    return Saved(settings.value, session, statistics.value, counted, problems, folder)


def _count_late_win(folder: Path, session: Session, statistics: Statistics) -> None:
    """Count a saved won game whose win is not in the statistics, then mark it counted
    (so the next start does not count it again)."""
    game = session.game
    statistics.record(key_of(session), True, game.score, game.moves, session.elapsed)
    try:
        save_statistics(folder, statistics)
        save_game(folder, session, counted=True)
    except (OSError, TypeError, ValueError) as error:  # StorageError is an OSError
        log.warning("could not save the win of the last game: %s", error)


def save_game(folder: Path, session: Session, counted: bool = False) -> None:
    """Write the game in progress atomically; raises StorageError on failure."""
    save_document(folder / GAME_FILE, "game", SAVE_VERSION,
                  {"session": session.to_dict(), "counted": counted})


def key_of(session: Session) -> str:
    """The statistics key of a session's kind of game."""
    code = session.code
    return stats_key(code.layout, code.suits, code.relaxed)


class Persistence:
    """Saves and statistics for a running App (``app.persistence``).

    Call :meth:`start` once the App is built, :meth:`on_game_event` from
    ``App.on_game_event``, :meth:`flush` from ``App.spare`` (after every frame),
    :meth:`session_replaced` after ``App.start_session`` put a new session in place,
    :meth:`settings_changed` from ``App.apply_settings`` and :meth:`save_game` when quitting.
    """

    def __init__(self, app: App, saved: Saved | None = None) -> None:
        saved = saved or load_saved()
        self.app = app
        self.folder = saved.folder
        self.statistics = saved.statistics
        self.problems = list(saved.problems)
        #: Whether the current session's result has been recorded (a win, once).
        self.counted = saved.counted if app.session is saved.session else False
        #: The records the last win set (for the Win dialog), None before a win.
        self.win_records: Records | None = None
        #: The storage key of the failure the player was told about (None: saving works).
        self._failing: str | None = None
        #: Files whose last write failed ("settings", "statistics"): written again with
        #: the next game save, so a win or a setting made while the disk was full is kept.
        self._unsaved: set[str] = set()
        #: An action was played and not saved yet (it is, once its frame is shown).
        self.pending = False

    # ------------------------------------------------------------- start-up
    def start(self) -> None:
        """Tell the player about files that were set aside (one short message)."""
        if not self.problems:
            return
        if len(self.problems) == 1:
            message = self.problems[0].message()
        else:
            names = ", ".join(tr(f"save.what.{p.what}") for p in self.problems)
            message = tr("save.problem.several", files=names)
        self.app.notify(message, 7.0)

    # ---------------------------------------------------------------- saving
    def _write(self, what: str, write: Any) -> bool:
        try:
            write()
        except StorageError as error:
            self._unsaved.add(what)
            self._failed(what, error.key, error)
            return False
        except (OSError, TypeError, ValueError) as error:  # never stop the game
            self._unsaved.add(what)
            self._failed(what, "storage.write-failed", error)
            return False
        self._unsaved.discard(what)
        self._failing = None
        return True

    def _failed(self, what: str, key: str, error: Exception) -> None:
        """Tell the player once per problem, not once per action."""
        log.warning("could not save %s: %s", what, error)
        if self._failing != key:
            self._failing = key
            self.app.notify(tr(f"save.failed.{key}", folder=str(self.folder)), 6.0)

    def save_game(self) -> bool:
        """Save the game in progress (with its history and clock); False if it failed.
        Statistics and settings that could not be saved before are written first."""
        if "statistics" in self._unsaved:
            self.save_statistics()
        if "settings" in self._unsaved:
            self.save_settings()
        session = self.app.session
        self.pending = False
        return self._write("game", lambda: save_game(self.folder, session, self.counted))

    def save_settings(self) -> bool:
        settings = self.app.settings
        return self._write("settings", lambda: save_settings(self.folder, settings))

    def save_statistics(self) -> bool:
        return self._write("statistics", lambda: save_statistics(self.folder, self.statistics))

    # ----------------------------------------------------------------- hooks
    def on_game_event(self, kind: str) -> None:
        """After every action ("move", "deal", "undo", "redo") and on "won". A win is
        saved at once; an action by :meth:`flush`, after the frame that shows it (a
        save is a millisecond or more of disk writes, not to be spent in that frame)."""
        if kind == "won":
            self.record_win()
            self.save_game()
        else:
            self.pending = True

    def flush(self) -> None:
        """Save the game if an action is waiting to be saved."""
        if self.pending:
            self.save_game()

    def record_win(self) -> Records | None:
        """Count the current session as won, once; return the records it set."""
        session = self.app.session
        if self.counted or not session.game.is_won or session.demo_played:
            return self.win_records
        self.counted = True
        game = session.game
        self.win_records = self.statistics.record(key_of(session), True, game.score, game.moves,
                                                  session.elapsed)
        self.save_statistics()
        return self.win_records

    def record_loss(self, session: Session) -> bool:
        """Count an abandoned session as lost if it was played and not already counted."""
        if self.counted or not session.started or session.game.is_won or session.demo_played:
            return False
        # Its save says "counted" before the statistics count it: killed in between,
        # a loss is missed, but the game resumed at the next start is never counted again.
        self._write("game", lambda: save_game(self.folder, session, counted=True))
        game = session.game
        self.statistics.record(key_of(session), False, game.score, game.moves, session.elapsed)
        self.counted = True
        self.save_statistics()
        return True

    def session_replaced(self, old: Session) -> None:
        """``App.start_session`` replaced ``old`` (new deal, restart): count and save."""
        if old is self.app.session:
            return
        self.record_loss(old)
        self.counted = False
        self.win_records = None
        self.save_game()

    def settings_changed(self, settings: Settings | None = None) -> None:
        """The settings changed (they are already in ``app.settings``): remember them."""
        self.save_settings()

    def quit(self) -> None:
        """The player leaves: save the game exactly where it is (the clock too)."""
        self.save_game()

    def reset_statistics(self, keys: list[str] | None = None) -> None:
        """Forget the statistics of ``keys`` (all when None) and save."""
        if keys is None:
            self.statistics.reset()
        else:
            for key in keys:
                self.statistics.reset(key)
        self.save_statistics()


__all__ = ["GAME_FILE", "Persistence", "Problem", "Saved", "key_of", "load_saved", "save_game",
           "save_settings"]
