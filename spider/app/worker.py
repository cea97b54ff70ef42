"""The one background thread for slow work: hints, the demo, winnable deals and the
"can still be won" search.

Work never runs in the loop: a :class:`Job` gets its own copy of what it needs,
the :class:`Worker` runs the most urgent queued job, and the loop takes the answers
of the kinds it waits for. A newer job of a kind replaces the queued one and
cancels the running one; a cancelled job's answer is dropped. Each answer posts
:data:`WAKE`, so the loop, waiting for input, takes it at once without polling.
The worker is also :class:`~spider.app.clock.Work` the loop may wait for: on a
``ManualClock`` it waits (``Clock.wait_for``) until every job asked is done, so the
same answers come in the same passes whatever the thread's speed.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from spider.app.clock import WAKE
from spider.logs import logger

log = logger(__name__)

#: Job kinds, most urgent first: a hint, the demo's next step, a winnable deal for
#: New game, the "can still be won" search.
ORDER = ("hint", "demo", "deal", "winnable")


@dataclass(eq=False)
class Job:
    """One request: ``work(cancel)`` runs on the worker with its own copy of the game."""

    kind: str
    ticket: int
    work: Callable[[threading.Event], object]
    cancel: threading.Event = field(default_factory=threading.Event)


@dataclass(frozen=True)
class Answer:
    job: Job
    value: object = None
    error: BaseException | None = None


class Worker:
    """One background thread running the latest job of each kind, the most urgent first.

    A newer job of a kind replaces the queued one (and cancels the running
    one). Answers of jobs not cancelled wait in a list for :meth:`take`. With
    ``threaded`` false each job runs at once in :meth:`submit`.
    """

    def __init__(self, threaded: bool = True) -> None:
        self.threaded = threaded
        self._cond = threading.Condition()
        self._queued: dict[str, Job] = {}
        self._running: Job | None = None
        self._answers: list[Answer] = []
        self._thread: threading.Thread | None = None
        self._closed = False
        self._ended = 0  # jobs the thread has ended (for :meth:`wait`)

    @property
    def working(self) -> bool:
        """Whether a job is queued or running (the loop then looks for answers)."""
        with self._cond:
            return bool(self._queued) or self._running is not None

    @property
    def busy(self) -> bool:
        """Whether some of the work asked is still to be done (:class:`Work`)."""
        return self.working

    def wait(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the job running (or next queued) to end; whether
        one did (False at once when none is on its way). Its answer is then waiting
        and :data:`WAKE` posted."""
        with self._cond:
            if not self._queued and self._running is None:
                return False
            ended = self._ended
            return self._cond.wait_for(lambda: self._ended != ended, seconds)

    def wait_idle(self, timeout: float) -> bool:
        """Block until no job is queued or running (tests); False after ``timeout`` s."""
        with self._cond:
            return self._cond.wait_for(
                lambda: not self._queued and self._running is None, timeout)

    def submit(self, job: Job) -> None:
        if not self.threaded:
            self._answers.append(_run(job))
            return
        with self._cond:
            if self._closed:
                return
            old = self._queued.pop(job.kind, None)
            if old is not None:
                old.cancel.set()
            if self._running is not None and self._running.kind == job.kind:
                self._running.cancel.set()
            self._queued[job.kind] = job
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name="spider-hints",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def cancel(self, kind: str) -> None:
        """Drop the queued job of ``kind`` and stop (or disown) the running one."""
        with self._cond:
            job = self._queued.pop(kind, None)
            if job is not None:
                job.cancel.set()
            if self._running is not None and self._running.kind == kind:
                self._running.cancel.set()

    def take(self, kinds: tuple[str, ...]) -> list[Answer]:
        """The answers to jobs of ``kinds`` that came since the last call, oldest first."""
        with self._cond:
            answers = [answer for answer in self._answers if answer.job.kind in kinds]
            self._answers = [answer for answer in self._answers
                             if answer.job.kind not in kinds]
        return answers

    def close(self) -> None:
        """Stop the thread after its current job (it is a daemon: never waited for)."""
        with self._cond:
            self._closed = True
            for job in self._queued.values():
                job.cancel.set()
            self._queued.clear()
            if self._running is not None:
                self._running.cancel.set()
            self._cond.notify_all()

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._queued and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                kind = next(kind for kind in ORDER if kind in self._queued)
                job = self._running = self._queued.pop(kind)
            answer = _run(job)
            with self._cond:
                self._running = None
                if not job.cancel.is_set():
                    self._answers.append(answer)
                # Posted before the job counts as ended: a loop that waited for it
                # (``wait``, ``working``) finds the event queued, never a moment later.
                wake_the_loop()
                self._ended += 1
                self._cond.notify_all()


def wake_the_loop() -> None:
    """Post :data:`WAKE` (from any thread; nothing when the window is gone)."""
    with contextlib.suppress(pygame.error):
        pygame.event.post(pygame.event.Event(WAKE))


def _run(job: Job) -> Answer:
    try:
        return Answer(job, job.work(job.cancel))
    except Exception as error:  # the engine failing must never stop the game
        log.exception("background %s work failed", job.kind)
        return Answer(job, error=error)
