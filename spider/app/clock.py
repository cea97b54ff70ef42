"""Time sources for the loop: the real monotonic clock, and a manual one for tests."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """What the loop needs from time: read it, and let it pass."""

    def now(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...


class SystemClock:
    """Wall time (monotonic)."""

    def now(self) -> float:
        return time.perf_counter()

    def sleep(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)


class ManualClock:
    """Time that only moves when told: sleeping advances it at once (tests, screenshots)."""

    def __init__(self, start: float = 0.0) -> None:
        self.time = start

    def now(self) -> float:
        return self.time

    def sleep(self, seconds: float) -> None:
        self.time += max(0.0, seconds)
