"""Statistics per difficulty and rules (SPEC 2.5), keyed like ``"SP-1-classic"``.

Every game has an id; the statistics remember the ids of the last games they counted
(:data:`KEEP_COUNTED`), so counting a :class:`Result` twice changes nothing (see
:mod:`spider.data.persistence` for the order of writes that relies on it). Every number
is bounded by what real play can reach, so no file can hold a value that breaks the game.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from spider.data.storage import Loaded, load_document, save_document
from spider.model.values import as_dict, fields, replace, value

STATISTICS_FILE = "statistics.json"
#: 2: ``{"games": {key: stats}, "counted": [ids]}``; 1 was the ``games`` object alone.
STATISTICS_VERSION = 2

#: The largest count, score or move number a file may hold.
MAX_COUNT = 10**9
#: The longest time a file may hold, in seconds (a hundred years of play).
MAX_SECONDS = 100 * 365.25 * 24 * 3600.0
#: How many ids of counted games are remembered: as many as a game file may carry results
#: (``persistence.MAX_RESULTS``), so any result offered again is recognised (usually only
#: the game in progress, counted just before a kill, ever is).
KEEP_COUNTED = 256
#: What a game id is made of (told without a regex: a start checks one).
_GAME_ID_CHARACTERS = "0123456789abcdefghijklmnopqrstuvwxyz"
#: The statistics' keys: layout, suits and rules (told without a regex: a start checks
#: those of the statistics file).
_KEYS = frozenset(f"{layout}-{suits}-{rules}" for layout in ("SP", "SB", "SO")
                  for suits in (1, 2, 4) for rules in ("classic", "relaxed"))


def stats_key(layout: str, suits: int, relaxed: bool) -> str:
    """Key for a layout, suit count and rule set; 1 suit is always Classic (SPEC 1.3)."""
    key = f"{layout}-{suits}-{'relaxed' if relaxed and suits != 1 else 'classic'}"
    if key not in _KEYS or type(suits) is not int:
        raise ValueError(f"no statistics for layout {layout!r} with {suits!r} suits")
    return key


def _check_key(key: Any) -> str:
    if not isinstance(key, str) or key not in _KEYS or key.endswith("1-relaxed"):
        raise ValueError(f"bad statistics key {key!r}")
    return key


@value
class Records:
    """Which records a finished game set (all False for a loss)."""

    best_score: bool = False
    fewest_moves: bool = False
    fastest: bool = False

    @property
    def any(self) -> bool:
        return self.best_score or self.fewest_moves or self.fastest


def _count(value: Any, name: str) -> int:
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise ValueError(f"{name} must be a whole number from 0 to {MAX_COUNT}, not {value!r}")
    return value


def _seconds(value: Any, name: str) -> float:
    if type(value) not in (int, float) or not (math.isfinite(value)
                                               and 0 <= value <= MAX_SECONDS):
        raise ValueError(f"{name} must be a number of seconds from 0 to {MAX_SECONDS:.0f}, "
                         f"not {value!r}")
    return float(value)


def check_game_id(value: Any) -> str:
    """``value`` if it can be a game id (1 to 64 lower-case letters and digits)."""
    if (not isinstance(value, str) or not 0 < len(value) <= 64
            or value.strip(_GAME_ID_CHARACTERS)):
        raise ValueError(f"a game id is 1 to 64 letters a-z and digits, not {value!r}")
    return value


@value
class Result:
    """How one game ended, ready to be counted: its id, statistics key and figures."""

    game: str
    key: str
    won: bool
    score: int
    moves: int
    seconds: float

    def __post_init__(self) -> None:
        check_game_id(self.game)
        _check_key(self.key)
        if type(self.won) is not bool:
            raise ValueError("won must be true or false")
        _count(self.score, "score")
        _count(self.moves, "moves")
        object.__setattr__(self, "seconds", _seconds(self.seconds, "seconds"))

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Result:
        if not isinstance(data, dict) or set(data) != set(fields(cls)):
            raise ValueError(f"a result has exactly {list(fields(cls))}")
        return cls(**data)


@value
class Stats:
    """Totals for one key. Best score, fewest moves and fastest are None until a win."""

    played: int = 0
    won: int = 0
    best_score: int | None = None
    fewest_moves: int | None = None
    fastest_seconds: float | None = None
    current_streak: int = 0
    longest_streak: int = 0
    total_seconds: float = 0.0

    def __post_init__(self) -> None:
        for name in ("played", "won", "current_streak", "longest_streak"):
            _count(getattr(self, name), name)
        _seconds(self.total_seconds, "total_seconds")
        bests = (self.best_score, self.fewest_moves, self.fastest_seconds)
        if (None in bests) if self.won else (bests != (None, None, None)):
            raise ValueError("best records must be set exactly when there are wins")
        if self.won:
            _count(self.best_score, "best_score")
            _count(self.fewest_moves, "fewest_moves")
            _seconds(self.fastest_seconds, "fastest_seconds")
        if not self.current_streak <= self.longest_streak <= self.won <= self.played:
            raise ValueError("need current_streak <= longest_streak <= won <= played")

    @property
    def win_rate(self) -> float:
        """Fraction of games won, 0.0 when none played."""
        return self.won / self.played if self.played else 0.0

    def to_dict(self) -> dict[str, Any]:
        return as_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Stats:
        """Strict inverse of to_dict: unknown keys ignored, missing keys default."""
        if not isinstance(data, dict):
            raise ValueError("statistics entry must be an object")
        names = set(fields(cls))
        values = {k: v for k, v in data.items() if k in names}
        for name in ("total_seconds", "fastest_seconds"):
            if type(values.get(name)) is int:
                values[name] = float(values[name])
        return cls(**values)


class Statistics:
    """Stats for every key played so far; missing keys read as empty Stats. ``counted``:
    the ids of the last games counted, oldest first."""

    def __init__(self, entries: dict[str, Stats] | None = None,
                 counted: list[str] | None = None) -> None:
        self._entries = {_check_key(k): v for k, v in (entries or {}).items()}
        self.counted: list[str] = [check_game_id(game) for game in counted or []]
        del self.counted[:-KEEP_COUNTED]

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Statistics) and self._entries == other._entries
                and self.counted == other.counted)

    def __repr__(self) -> str:
        return f"Statistics({self._entries!r}, counted={self.counted!r})"

    def count(self, result: Result) -> Records | None:
        """Count ``result`` unless its game was counted already (then None): the
        records it set otherwise."""
        if result.game in self.counted:
            return None
        records = self.record(result.key, result.won, result.score, result.moves,
                              result.seconds)
        self.mark_counted(result.game)
        return records

    def mark_counted(self, game: str) -> None:
        """Remember that the game ``game`` is in these statistics."""
        if game not in self.counted:
            self.counted.append(check_game_id(game))
            del self.counted[:-KEEP_COUNTED]

    def get(self, key: str) -> Stats:
        return self._entries.get(_check_key(key), Stats())

    def keys(self) -> list[str]:
        """Keys with any games, sorted."""
        return sorted(self._entries)

    def record(self, key: str, won: bool, score: int, moves: int, seconds: float) -> Records:
        """Count a finished game (won, or lost/abandoned) and return the records it set."""
        old = self.get(key)
        _count(score, "score")
        _count(moves, "moves")
        seconds = _seconds(seconds, "seconds")
        total = min(MAX_SECONDS, old.total_seconds + seconds)
        if old.played == MAX_COUNT:  # a billion games: the figures stay as they are
            return Records()
        if not won:
            self._entries[key] = replace(
                old, played=old.played + 1, current_streak=0, total_seconds=total,
            )  # fmt: skip
            return Records()
        records = Records(
            best_score=old.best_score is None or score > old.best_score,
            fewest_moves=old.fewest_moves is None or moves < old.fewest_moves,
            fastest=old.fastest_seconds is None or seconds < old.fastest_seconds,
        )
        streak = old.current_streak + 1
        self._entries[key] = Stats(
            played=old.played + 1,
            won=old.won + 1,
            best_score=score if records.best_score else old.best_score,
            fewest_moves=moves if records.fewest_moves else old.fewest_moves,
            fastest_seconds=seconds if records.fastest else old.fastest_seconds,
            current_streak=streak,
            longest_streak=max(streak, old.longest_streak),
            total_seconds=total,
        )
        return records

    def reset(self, key: str | None = None) -> None:
        """Forget one key's statistics, or all of them."""
        if key is None:
            self._entries.clear()
        else:
            self._entries.pop(_check_key(key), None)

    def to_dict(self) -> dict[str, Any]:
        return {"games": {k: self._entries[k].to_dict() for k in sorted(self._entries)},
                "counted": list(self.counted)}

    @classmethod
    def from_dict(cls, data: Any) -> Statistics:
        """Strict: every key must be valid and every entry consistent, else ValueError."""
        if not isinstance(data, dict):
            raise ValueError("statistics must be an object")
        games, counted = data.get("games", {}), data.get("counted", [])
        if not isinstance(games, dict) or not isinstance(counted, list):
            raise ValueError("statistics need games (an object) and counted (a list)")
        return cls({_check_key(k): Stats.from_dict(v) for k, v in games.items()}, counted)


def _from_version_1(data: Any) -> dict[str, Any]:
    return {"games": data, "counted": []}


def load_statistics(folder: Path) -> Loaded[Statistics]:
    """Saved statistics, or empty ones (with ``problem`` set if the file was damaged)."""
    path = folder / STATISTICS_FILE
    loaded = load_document(path, "statistics", STATISTICS_VERSION, Statistics.from_dict,
                           {1: _from_version_1})
    return loaded.or_default(Statistics())


def save_statistics(folder: Path, stats: Statistics) -> None:
    """Write statistics atomically; raises storage.StorageError on failure."""
    save_document(folder / STATISTICS_FILE, "statistics", STATISTICS_VERSION, stats.to_dict())
