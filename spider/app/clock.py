"""Time sources for the loop: the real monotonic clock, and a manual one for tests.

Both can also wait for input: while nothing moves the loop blocks until an event is
queued or the next change on screen is due (:meth:`Clock.wait`), and for work on
another thread (:meth:`Clock.wait_for`): on the real clock for as long as the time
given; on the manual clock, which the other thread's work takes none of, until it
is done, so the same work is done in each pass on any machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

import pygame

from spider.app.displays import sdl_library

#: The event that ends the loop's wait at once: a worker's answer posts it (it carries
#: nothing: answers are taken).
WAKE = pygame.event.custom_type()

#: How often the fallback wait looks for input (seconds): under a frame.
POLL = 0.012
#: How long a manual clock lets another thread's work take, in real seconds, before it
#: gives up on it (a thread stalled for good: the test fails rather than hangs).
THREAD_LIMIT = 60.0
#: SDL's video drivers that sleep in the system until an event comes (the others,
#: such as the dummy driver of tests and benchmarks, look every millisecond).
BLOCKING_DRIVERS = frozenset({"x11", "wayland", "windows", "cocoa"})


class Work(Protocol):
    """Work asked of another thread, which the game thread may wait for."""

    @property
    def busy(self) -> bool:
        """Whether some of the work asked is still to be done."""

    def wait(self, seconds: float) -> bool:
        """Wait up to ``seconds`` of real time for the next piece to be done; whether
        one was (False at once when none is on its way)."""

    def wait_idle(self, seconds: float) -> bool:
        """Wait up to ``seconds`` of real time until every piece asked is done;
        whether it is."""


class Clock(Protocol):
    """What the loop needs from time: read it, let it pass, and wait for input or for
    another thread's work."""

    def now(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...

    def wait(self, seconds: float) -> None:
        """Return when an event is queued, or after ``seconds``."""

    def wait_for(self, work: Work, until: float) -> bool:
        """Wait for the next piece of ``work`` until this clock reads ``until`` (at
        ``now()``: only look); whether it is worth looking at the work again (a piece
        was done meanwhile)."""


class SystemClock:
    """Wall time (monotonic); waiting blocks in SDL until an event comes."""

    def __init__(self) -> None:
        self._sdl_wait: Callable[[None, int], int] | None = None
        self._looked = False  # for SDL's wait (once the window's driver is known)

    def now(self) -> float:
        return time.perf_counter()

    def sleep(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)

    def wait(self, seconds: float) -> None:
        if not self._looked:
            self._looked, self._sdl_wait = True, _sdl_wait_event()
        if self._sdl_wait is not None:
            self._sdl_wait(None, max(1, round(seconds * 1000)))
            return
        end = time.perf_counter() + seconds  # without SDL's own wait: look now and then
        while not pygame.event.peek() and (left := end - time.perf_counter()) > 0:
            time.sleep(min(POLL, left))

    def wait_for(self, work: Work, until: float) -> bool:
        return work.wait(max(0.0, until - self.now()))


class ManualClock:
    """Time that only moves when told: sleeping advances it at once (tests, screenshots),
    and so does waiting when no event is queued (the loop idles in no time). Work on
    other threads takes none of it: waiting for some waits until all of it is done.

    ``threads=False``: other threads' work takes real time, as on the real clock
    (waiting for it waits as long as the real clock would, in real seconds: tests of
    work caught in flight, the loop going on while a search runs, an answer coming
    after the player acted)."""

    def __init__(self, start: float = 0.0, threads: bool = True) -> None:
        self.time = start
        self.threads = threads

    def now(self) -> float:
        return self.time

    def sleep(self, seconds: float) -> None:
        self.time += max(0.0, seconds)

    def wait(self, seconds: float) -> None:
        if not pygame.event.peek():
            self.sleep(seconds)

    def wait_for(self, work: Work, until: float) -> bool:
        """Wait (in real time) until every piece of ``work`` asked is done, however
        far ``until`` is: a pass then finds the same work done whatever the thread's
        speed. Always worth looking again (whether the thread finished before this
        was asked or during it is the race this clock takes out)."""
        if not self.threads:
            return work.wait(max(0.0, until - self.now()))
        # (Woken once when all is done: waking at each piece cost a resize's steps 30
        # us a piece, time the real clock never spends, as it waits for one at most.)
        if not work.wait_idle(THREAD_LIMIT):
            raise RuntimeError(f"work on another thread not done in {THREAD_LIMIT} s")
        return True


def _sdl_wait_event() -> Callable[[None, int], int] | None:
    """SDL's ``SDL_WaitEventTimeout``, which sleeps in the system until an event comes
    (pygame-ce's ``event.wait`` looks every millisecond: ~2 % of a core); None when
    the driver would not sleep or the library cannot be reached. Events posted from
    other threads wake it."""
    try:
        if pygame.display.get_driver() not in BLOCKING_DRIVERS:
            return None
    except pygame.error:  # no window system
        return None
    library = sdl_library()
    if library is None or not hasattr(library, "SDL_WaitEventTimeout"):
        return None
    import ctypes  # here: the first frame is shown before the loop first waits

    function = library.SDL_WaitEventTimeout
    function.argtypes = [ctypes.c_void_p, ctypes.c_int]
    function.restype = ctypes.c_int
    return function
