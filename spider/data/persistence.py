"""Everything the App keeps between runs: settings, the game in progress, statistics.

* At start-up, :func:`load_saved` sweeps temporary files that killed writes left, then
  reads the three files (before the window opens, since the settings choose full screen
  and language). A damaged, unreadable, out-of-range, wrongly typed, newer-version or
  special (FIFO, device) file is set aside by :mod:`spider.data.storage` and its defaults
  are used; the problems are kept and shown once the App exists.
* :class:`Persistence` then saves the game after every action and on quit, saves
  settings when they change, and records statistics: a game counts as played from its
  first move; abandoning a played game (a new deal, a restart) counts as a loss; a win
  is counted once, whatever undo and redo do after it; a game in which the demo played
  is not counted at all.
* A save that fails (unwritable folder, full disk) never stops play: the player
  is told once, and later saves keep trying quietly.

Counting survives a kill at any moment. Every game has an id, and the statistics
remember the ids they counted. A finished game's :class:`Result` is first written into
the game file (with the won game, or with the game that replaces an abandoned one),
then counted into the statistics file. Killed before the game file is written, the
action is lost and nothing is counted; killed between the two writes, the next start
finds the result in the game file and counts it; killed after, the result's id is in
the statistics and it is not counted again.

Nothing here raises to the game loop, translates text or draws: messages go up as
:class:`~spider.data.messages.Message` (key and values) for the app to translate.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from spider.data.messages import Message
from spider.data.session import SAVE_VERSION, Session
from spider.data.settings import Settings, load_settings, save_settings
from spider.data.statistics import (
    KEEP_COUNTED,
    Records,
    Result,
    Statistics,
    load_statistics,
    save_statistics,
    stats_key,
)
from spider.data.storage import (
    Loaded,
    StorageError,
    data_dir,
    load_document,
    save_document,
    sweep_temporary,
)
from spider.logs import logger
from spider.model.values import record, value

log = logger(__name__)

GAME_FILE = "game.json"
#: The most results a game file carries: more are owed only while the statistics cannot
#: be saved and the game can, game after game; the oldest are then let go.
MAX_RESULTS = KEEP_COUNTED


class Host(Protocol):
    """What Persistence needs of the App: its session and settings, and a way to
    show a message (translated by the App)."""

    session: Session
    settings: Settings

    def tell(self, message: Message, seconds: float = ...) -> None: ...


@value
class Problem:
    """A saved file that could not be used: which one, why (a storage key), where it went."""

    what: str
    key: str
    set_aside: Path | None = None

    def message(self) -> Message:
        text = Message(f"save.problem.{self.what}", {"reason": Message(f"save.reason.{self.key}")})
        if self.set_aside is not None:
            text = text.then(Message("save.kept-as", {"file": self.set_aside.name}))
        return text


def problems_message(problems: list[Problem]) -> Message | None:
    """One message for the files set aside at start-up (None when there were none)."""
    if not problems:
        return None
    if len(problems) == 1:
        return problems[0].message()
    names = tuple(Message(f"save.what.{problem.what}") for problem in problems)
    return Message("save.problem.several", {"files": names})


@value
class SavedGame:
    """The game file: the game in progress and the results not yet known to be counted."""

    session: Session
    results: tuple[Result, ...] = ()
    #: Written by versions before game ids: its result is already in the statistics.
    counted: bool = False


@record
class Saved:
    """What the last run left: use ``settings`` and ``session`` to build the App."""

    settings: Settings
    session: Session | None
    statistics: Statistics
    problems: list[Problem]
    folder: Path
    #: Results counted at start-up whose statistics could not be saved (saved later).
    owed: list[Result]


def _game_from_dict(data: Any) -> SavedGame:
    if not isinstance(data, dict):
        raise ValueError("a saved game is an object")
    counted = data.get("counted", False)
    if type(counted) is not bool:
        raise ValueError("counted must be true or false")
    results = data.get("results", [])
    if not isinstance(results, list) or len(results) > MAX_RESULTS:
        raise ValueError(f"results must be a list of at most {MAX_RESULTS}")
    return SavedGame(Session.from_dict(data.get("session")),
                     tuple(Result.from_dict(result) for result in results), counted)


def _note(loaded: Loaded[Any], what: str, problems: list[Problem]) -> None:
    if loaded.problem is not None:
        problems.append(Problem(what, loaded.problem, loaded.set_aside))
        log.warning("saved %s unusable (%s), set aside as %s", what, loaded.problem,
                    loaded.set_aside)


def result_of(session: Session) -> Result | None:
    """What ``session`` adds to the statistics now, if it were to end: a win when won, a
    loss when played and not won; None when it is not to be counted (never played, or
    the demo played in it)."""
    if session.demo_played or not session.started:
        return None
    game = session.game
    return Result(session.id, key_of(session), game.is_won, game.score, game.moves,
                  session.elapsed)


def load_saved(folder: Path | None = None) -> Saved:
    """Read settings, the game in progress and statistics; never raises.

    Each file is independent: one damaged file is set aside and replaced by its
    default, the others are used as they are. Results the game file holds that the
    statistics miss (a kill came between the writes) are counted now; a won game is
    not resumed.
    """
    folder = folder or data_dir()
    for stale in sweep_temporary(folder):
        log.info("removed %s, left by an interrupted save", stale.name)
    problems: list[Problem] = []
    settings = load_settings(folder)
    _note(settings, "settings", problems)
    statistics = load_statistics(folder)
    _note(statistics, "statistics", problems)
    game = load_document(folder / GAME_FILE, "game", SAVE_VERSION, _game_from_dict)
    _note(game, "game", problems)
    assert settings.value is not None and statistics.value is not None
    stats, saved = statistics.value, game.value
    session = saved.session if saved is not None else None
    owed: list[Result] = []
    if saved is not None:
        assert session is not None
        if saved.counted:  # counted by a version before game ids: remember its new id
            stats.mark_counted(session.id)
            _save_quietly(folder, stats)
        won = result_of(session) if session.game.is_won else None
        owed = [result for result in [*saved.results, *filter(None, [won])]
                if stats.count(result) is not None]
        if owed and _save_quietly(folder, stats):
            owed = []
        if session.game.is_won:  # a finished game: start a new one
            session = None
    return Saved(settings.value, session, stats, problems, folder, owed)


def _save_quietly(folder: Path, statistics: Statistics) -> bool:
    try:
        save_statistics(folder, statistics)
    except (OSError, TypeError, ValueError) as error:  # StorageError is an OSError
        log.warning("could not save the statistics: %s", error)
        return False
    return True


def save_game(folder: Path, session: Session, results: list[Result] | tuple[()] = ()) -> None:
    """Write the game in progress, with ``results`` still to be counted, atomically;
    raises StorageError on failure."""
    save_document(folder / GAME_FILE, "game", SAVE_VERSION,
                  {"session": session.to_dict(),
                   "results": [result.to_dict() for result in results[-MAX_RESULTS:]]})


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
    Messages for the player go to ``app.tell`` as :class:`Message`.
    """

    def __init__(self, app: Host, saved: Saved | None = None) -> None:
        saved = saved or load_saved()
        self.app = app
        self.folder = saved.folder
        self.statistics = saved.statistics
        self.problems = list(saved.problems)
        #: Results counted in ``statistics`` and not yet saved there: written with the
        #: game until the statistics are saved (so a kill in between loses none).
        self.owed: list[Result] = list(saved.owed)
        #: The records the last win set (for the Win dialog), None before a win.
        self.win_records: Records | None = None
        #: The storage key of the failure the player was told about (None: saving works).
        self._failing: str | None = None
        #: Files whose last write failed ("settings", "statistics"): written again with
        #: the next game save, so a win or a setting made while the disk was full is kept.
        self._unsaved: set[str] = {"statistics"} if self.owed else set()
        #: An action was played and not saved yet (it is, once its frame is shown).
        self.pending = False

    @property
    def counted(self) -> bool:
        """Whether the current game is in the statistics already."""
        return self.app.session.id in self.statistics.counted

    # ------------------------------------------------------------- start-up
    def start(self) -> None:
        """Tell the player about files that were set aside (one short message)."""
        message = problems_message(self.problems)
        if message is not None:
            self.app.tell(message, 7.0)

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
            self.app.tell(Message(f"save.failed.{key}", {"folder": str(self.folder)}), 6.0)

    def save_game(self) -> bool:
        """Save the game in progress (with its history and clock, and the results not yet
        in the saved statistics); False if it failed. Then the statistics and settings
        that could not be saved before are written."""
        session = self.app.session
        self.pending = False
        saved = self._write("game", lambda: save_game(self.folder, session, self.owed))
        if "statistics" in self._unsaved:
            self.save_statistics()
        if "settings" in self._unsaved:
            self.save_settings()
        return saved

    def save_settings(self) -> bool:
        settings = self.app.settings
        return self._write("settings", lambda: save_settings(self.folder, settings))

    def save_statistics(self) -> bool:
        saved = self._write("statistics", lambda: save_statistics(self.folder, self.statistics))
        if saved:
            self.owed.clear()  # the next game save drops them
        return saved

    def _count(self, result: Result) -> Records | None:
        """Count ``result`` in memory (once per game); it is owed to the files until
        the game and then the statistics are saved."""
        records = self.statistics.count(result)
        if records is not None:
            self.owed.append(result)
            self._unsaved.add("statistics")
        return records

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
        """Count the current session as won, once; return the records it set. Saved
        by the next :meth:`save_game` (the game first, then the statistics)."""
        session = self.app.session
        result = result_of(session)
        if result is not None and result.won:
            records = self._count(result)
            if records is not None:
                self.win_records = records
        return self.win_records

    def record_loss(self, session: Session) -> bool:
        """Count an abandoned session as lost if it was played and not counted yet;
        saved by the next :meth:`save_game`, with the game that replaces it."""
        result = result_of(session)
        return result is not None and not result.won and self._count(result) is not None

    def session_replaced(self, old: Session) -> None:
        """``App.start_session`` replaced ``old`` (new deal, restart): count and save."""
        if old is self.app.session:
            return
        self.record_loss(old)
        self.win_records = None
        self.save_game()

    def settings_changed(self, settings: Settings | None = None) -> None:
        """The settings changed (they are already in ``app.settings``): remember them."""
        self.save_settings()

    def quit(self) -> None:
        """The player leaves: save the game exactly where it is (the clock too)."""
        self.save_game()

    def reset_statistics(self, keys: list[str] | None = None) -> None:
        """Forget the statistics of ``keys`` (all when None) and save. The ids of the
        games counted are kept: a game counted before the reset stays counted."""
        if keys is None:
            self.statistics.reset()
        else:
            for key in keys:
                self.statistics.reset(key)
        self.save_statistics()


__all__ = ["GAME_FILE", "Persistence", "Problem", "Saved", "key_of", "load_saved",
           "problems_message", "result_of", "save_game", "save_settings"]
