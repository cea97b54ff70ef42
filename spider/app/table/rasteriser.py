"""SVG sources rasterised on a background thread, so the game thread never waits for one.

SDL_image's rasteriser (``pygame.image.load_sized_svg``) lets go of the GIL while it
works (pygame-ce wraps the call in ``Py_BEGIN_ALLOW_THREADS``): one thread for the
whole process rasterises what each :class:`Rasteriser` is asked, in the order asked,
and the game thread only picks up finished pictures. The thread runs next to no
Python, so the game thread never waits long for the GIL either. It also runs the
:class:`Errand` it is handed (the card set written to be kept): no thread is started
for one on a frame (that took the game thread 80 to 200 us).
"""

from __future__ import annotations

import io
import threading
from collections import deque
from collections.abc import Callable

import pygame

from spider.logs import logger

log = logger(__name__)

#: A finished source: its picture, or why SDL could not make one.
Result = pygame.Surface | pygame.error | ValueError

#: The sources asked, oldest first, and how many there are to take (a deque and a
#: semaphore: the queue module would cost the first frame its import).
_jobs: deque[tuple[Rasteriser, bytes] | Errand] = deque()
_waiting = threading.Semaphore(0)
_thread: threading.Thread | None = None
_starting = threading.Lock()


class Rasteriser:
    """Sources rasterised at one ``size`` on the background thread."""

    def __init__(self, size: tuple[int, int], layout: pygame.Surface | None = None) -> None:
        """``layout``: a picture in the pixel layout wanted (the window's, with alpha),
        each source converted to it on the thread (converting one, then putting it
        together, took the game thread twice as long as putting it together)."""
        self.size = size
        self.layout = layout
        self.cancelled = False
        self._asked: set[bytes] = set()
        self._done: dict[bytes, Result] = {}
        lock = threading.RLock()
        self._finished = threading.Condition(lock)
        #: Told only once nothing asked is left (a waiter is woken once, not at each).
        self._idle = threading.Condition(lock)

    def ask(self, *sources: bytes) -> None:
        """Have ``sources`` rasterised (each once, however often it is asked), the
        thread told once (each telling took 5 us: the 17 parts of the first cards in
        view after a resize, told apart, took 0.1 ms)."""
        new = []
        for source in sources:
            if source not in self._asked:
                self._asked.add(source)
                new.append((self, source))
        if new:
            _start()
            _jobs.extend(new)
            _waiting.release(len(new))

    @property
    def busy(self) -> bool:
        """Whether sources asked are still to be finished (none once cancelled; a source
        finished after :meth:`forget` is not counted as one of them)."""
        return not self.cancelled and not self._asked <= self._done.keys()

    def has(self, source: bytes) -> bool:
        return source in self._done

    def take(self, source: bytes) -> Result | None:
        """The finished ``source`` (forgotten here), or None while it is not."""
        result = self._done.pop(source, None)
        if result is not None:
            self._asked.discard(source)
        return result

    def wait(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the next source to be finished; False when none
        is on its way or none was finished in time."""
        with self._finished:
            if self.cancelled or not self._asked.difference(self._done):
                return False
            count = len(self._done)
            return self._finished.wait_for(lambda: len(self._done) != count, seconds)

    def wait_idle(self, seconds: float) -> bool:
        """Wait up to ``seconds`` until every source asked is finished; whether it is."""
        with self._finished:
            return self._idle.wait_for(lambda: not self.busy, seconds)

    def forget(self) -> None:
        """Let go of finished sources not taken (and forget what was asked)."""
        with self._finished:
            self._done.clear()
            self._asked.clear()

    def cancel(self) -> None:
        """Rasterise nothing more that was asked (the pictures are no longer wanted)."""
        self.cancelled = True
        self.forget()

    def _finish(self, source: bytes, result: Result) -> None:
        with self._finished:
            if not self.cancelled:
                self._done[source] = result
            self._finished.notify_all()
            if not self.busy:
                self._idle.notify_all()


class Errand:
    """A function run on the picture thread, after what was asked before it: as
    :class:`~spider.app.clock.Work` to wait for."""

    def __init__(self, function: Callable[[], object]) -> None:
        self.function = function
        self._done = threading.Event()

    @property
    def busy(self) -> bool:
        return not self._done.is_set()

    def wait(self, seconds: float) -> bool:
        return self._done.wait(seconds)

    wait_idle = wait

    def run(self) -> None:
        try:
            self.function()
        except Exception:  # (the thread goes on rasterising)
            log.exception("work on the picture thread failed")
        finally:
            self._done.set()


def run_later(function: Callable[[], object]) -> Errand:
    """Have the picture thread run ``function`` once it has finished what was asked."""
    errand = Errand(function)
    _start()
    _jobs.append(errand)
    _waiting.release()
    return errand


def rasterise(source: bytes, size: tuple[int, int]) -> pygame.Surface:
    """``source`` at ``size`` (raises ``pygame.error`` or ``ValueError`` when unreadable).

    SDL keeps the art's proportions and rounds up: for some sizes its picture is a
    pixel taller or wider (90x127 for 90x126), which is scaled to the size; art of
    other proportions is left as SDL made it (and drawn as a stand-in)."""
    picture = pygame.image.load_sized_svg(io.BytesIO(source), size)
    (width, height), (w, h) = picture.get_size(), size
    if (width, height) != size and abs(width - w) <= 1 and abs(height - h) <= 1:
        picture = pygame.transform.smoothscale(picture, size)
    return picture


def _start() -> None:
    global _thread
    with _starting:
        if _thread is None:
            _thread = threading.Thread(target=_serve, name="rasteriser", daemon=True)
            _thread.start()


def _serve() -> None:
    while True:
        _waiting.acquire()
        job = _jobs.popleft()
        if isinstance(job, Errand):
            job.run()
            continue
        owner, source = job
        if owner.cancelled or owner.has(source):
            continue
        result: Result
        try:
            result = rasterise(source, owner.size)
            if owner.layout is not None:
                result = result.convert(owner.layout)
        except (pygame.error, ValueError) as error:
            result = error
        owner._finish(source, result)
