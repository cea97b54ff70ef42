"""Statistics per difficulty and rules (SPEC 2.5), keyed like ``"SP-1-classic"``."""

from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from spider.data.storage import Loaded, load_document, save_document

STATISTICS_FILE = "statistics.json"
STATISTICS_VERSION = 1

_KEY = re.compile(r"(SP|SB|SO)-(1|2|4)-(classic|relaxed)")


def stats_key(layout: str, suits: int, relaxed: bool) -> str:
    """Key for a layout, suit count and rule set; 1 suit is always Classic (SPEC 1.3)."""
    key = f"{layout}-{suits}-{'relaxed' if relaxed and suits != 1 else 'classic'}"
    if not _KEY.fullmatch(key) or type(suits) is not int:
        raise ValueError(f"no statistics for layout {layout!r} with {suits!r} suits")
    return key


def _check_key(key: Any) -> str:
    if not isinstance(key, str) or not _KEY.fullmatch(key) or key.endswith("1-relaxed"):
        raise ValueError(f"bad statistics key {key!r}")
    return key


@dataclass(frozen=True)
class Records:
    """Which records a finished game set (all False for a loss)."""

    best_score: bool = False
    fewest_moves: bool = False
    fastest: bool = False

    @property
    def any(self) -> bool:
        return self.best_score or self.fewest_moves or self.fastest


def _count(value: Any, name: str) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")
    return value


def _seconds(value: Any, name: str) -> float:
    if type(value) not in (int, float) or not math.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a number of seconds >= 0, not {value!r}")
    return float(value)


@dataclass(frozen=True)
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
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Stats:
        """Strict inverse of to_dict: unknown keys ignored, missing keys default."""
        if not isinstance(data, dict):
            raise ValueError("statistics entry must be an object")
        names = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in names}
        for name in ("total_seconds", "fastest_seconds"):
            if type(values.get(name)) is int:
                values[name] = float(values[name])
        return cls(**values)


class Statistics:
    """Stats for every key played so far; missing keys read as empty Stats."""

    def __init__(self, entries: dict[str, Stats] | None = None) -> None:
        self._entries = {_check_key(k): v for k, v in (entries or {}).items()}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Statistics) and self._entries == other._entries

    def __repr__(self) -> str:
        return f"Statistics({self._entries!r})"

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
        if not won:
            self._entries[key] = replace(
                old, played=old.played + 1, current_streak=0,
                total_seconds=old.total_seconds + seconds,
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
            total_seconds=old.total_seconds + seconds,
        )
        return records

    def reset(self, key: str | None = None) -> None:
        """Forget one key's statistics, or all of them."""
        if key is None:
            self._entries.clear()
        else:
            self._entries.pop(_check_key(key), None)

    def to_dict(self) -> dict[str, Any]:
        return {k: self._entries[k].to_dict() for k in sorted(self._entries)}

    @classmethod
    def from_dict(cls, data: Any) -> Statistics:
        """Strict: every key must be valid and every entry consistent, else ValueError."""
        if not isinstance(data, dict):
            raise ValueError("statistics must be an object")
        return cls({_check_key(k): Stats.from_dict(v) for k, v in data.items()})


def load_statistics(folder: Path) -> Loaded[Statistics]:
    """Saved statistics, or empty ones (with ``problem`` set if the file was damaged)."""
    path = folder / STATISTICS_FILE
    loaded = load_document(path, "statistics", STATISTICS_VERSION, Statistics.from_dict)
    return loaded.or_default(Statistics())


def save_statistics(folder: Path, stats: Statistics) -> None:
    """Write statistics atomically; raises storage.StorageError on failure."""
    save_document(folder / STATISTICS_FILE, "statistics", STATISTICS_VERSION, stats.to_dict())
