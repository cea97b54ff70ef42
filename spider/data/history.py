"""The last games played, per kind of game, for the Statistics chart (``history.json``).

Each kind of game (the statistics key: layout, suits, rules) keeps its last
:data:`LIMIT` games, oldest first: won or lost, score, moves, time, and for a
lost game that was analysed, whether it could have been won. Written atomically
in the same envelope as the other saved files; a damaged file is set aside.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from spider.data.session import Session
from spider.data.statistics import stats_key
from spider.data.storage import Loaded, atomic_write_json, load_document
from spider.logs import logger
from spider.model.dealcode import DealCode
from spider.model.values import as_dict, replace, value

log = logger(__name__)

HISTORY_FILE = "history.json"
HISTORY_VERSION = 1
KIND = "history"
#: Games kept per kind of game.
LIMIT = 50


@value
class GameRecord:
    """One finished game (won, or left unfinished: lost)."""

    code: str
    won: bool
    score: int
    moves: int
    seconds: float
    #: Lost games only: could it have been won (None: not analysed, or no answer)?
    winnable: bool | None = None

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise ValueError("a game record is an object")
        record = cls(**data)
        fields = (isinstance(record.code, str), type(record.won) is bool,
                  type(record.score) is int and record.score >= 0,
                  type(record.moves) is int and record.moves >= 0,
                  isinstance(record.seconds, int | float) and record.seconds >= 0,
                  record.winnable is None or type(record.winnable) is bool)
        if not all(fields):
            raise ValueError(f"a game record holds wrong values: {data}")
        return record


class History:
    """The last games of each kind of game."""

    def __init__(self, games: dict[str, list[GameRecord]] | None = None) -> None:
        self._games = {key: list(records[-LIMIT:]) for key, records in (games or {}).items()}

    def games(self, key: str) -> list[GameRecord]:
        """The last games of ``key``, oldest first."""
        return list(self._games.get(key, []))

    def add(self, key: str, record: GameRecord) -> None:
        games = self._games.setdefault(key, [])
        games.append(record)
        del games[:-LIMIT]

    def mark_winnable(self, key: str, code: str, moves: int, winnable: bool) -> bool:
        """Note on the latest lost game of ``code`` played for ``moves`` moves whether it
        could have been won; False when no such game is kept."""
        games = self._games.get(key, [])
        for index in range(len(games) - 1, -1, -1):
            record = games[index]
            if record.code == code and record.moves == moves and not record.won:
                games[index] = replace(record, winnable=winnable)
                return True
        return False

    def to_dict(self) -> dict[str, Any]:
        return {key: [as_dict(record) for record in self._games[key]]
                for key in sorted(self._games)}

    @classmethod
    def from_dict(cls, data: Any) -> History:
        if not isinstance(data, dict):
            raise ValueError("the history is an object")
        games: dict[str, list[GameRecord]] = {}
        for key, records in data.items():
            if not isinstance(records, list):
                raise ValueError("each kind of game holds a list")
            games[key] = [GameRecord.from_dict(record) for record in records]
        return cls(games)


def load_history(folder: Path) -> Loaded[History]:
    """The saved history, or an empty one (``problem`` set when the file was set aside)."""
    loaded = load_document(folder / HISTORY_FILE, KIND, HISTORY_VERSION, History.from_dict)
    return loaded.or_default(History())


def save_history(folder: Path, history: History) -> None:
    """Write the history atomically; raises ``storage.StorageError`` on failure."""
    atomic_write_json(folder / HISTORY_FILE,
                      {"kind": KIND, "version": HISTORY_VERSION, "data": history.to_dict()})


class GameLog:
    """The App's history: loaded once, each finished game added and saved (never raises).

    A game is added once (a win, or a loss when it is left unfinished); an analysis
    of a lost game, before or after it is added, says whether it could have been won.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        loaded = load_history(folder)
        assert loaded.value is not None
        self.history = loaded.value
        #: The problem key and set-aside path when the saved file was damaged.
        self.problem, self.set_aside = loaded.problem, loaded.set_aside
        self._added: object | None = None  # the last session added
        #: The last analysis: (session, moves analysed, could it be won?).
        self._analysed: tuple[object, int, bool | None] | None = None

    def add(self, session: Session, won: bool) -> None:
        """Add ``session``'s game, once."""
        if session is self._added:
            return
        self._added = session
        game, code = session.game, session.code
        winnable = True if won else self._winnable(session)
        self.history.add(key_of_code(code), GameRecord(
            str(code), won, game.score, game.moves, round(session.elapsed, 3), winnable))
        self.save()

    def analysed(self, session: Session, moves: int, winnable: bool | None) -> None:
        """An analysis of ``session`` after ``moves`` actions said whether it could be won."""
        self._analysed = (session, moves, winnable)
        if session is self._added and winnable is not None:
            code = session.code
            if self.history.mark_winnable(key_of_code(code), str(code), session.game.moves,
                                          winnable):
                self.save()

    def _winnable(self, session: Session) -> bool | None:
        done, _ = session.game.history()
        if self._analysed is not None:
            analysed, moves, winnable = self._analysed
            if analysed is session and moves == len(done):
                return winnable
        return None

    def save(self) -> bool:
        try:
            save_history(self.folder, self.history)
        except (OSError, TypeError, ValueError) as error:  # the chart is not worth a stop
            log.warning("could not save the game history: %s", error)
            return False
        return True


def key_of_code(code: DealCode) -> str:
    return stats_key(code.layout, code.suits, code.relaxed)
