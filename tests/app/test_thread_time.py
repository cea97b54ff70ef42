"""On a ManualClock other threads take no time: the loop's passes after a resize do the
same work, and move the clock as far, however fast the card-picture thread is; the
hint worker's answers (a hint, the demo's steps, the can-still-win note) come in the
same passes however fast the worker is. The real clock never waits for the worker."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest

from spider.app import clock as clock_module
from spider.app import worker as worker_module
from spider.app.clock import WAKE, ManualClock, SystemClock
from spider.app.table import hinting as hinting_module
from spider.app.table import rasteriser, winnability
from spider.app.table.rasteriser import Rasteriser
from spider.app.worker import Job, Worker
from spider.model.notation import format_position
from tests.helpers import PATIENCE


@contextmanager
def held(monkeypatch: pytest.MonkeyPatch, owner: object, name: str,
         waiter: type) -> Iterator[None]:
    """``owner.name`` held still on any thread but the main one, but while the main
    thread waits in ``waiter.wait`` or ``waiter.wait_idle``: as slow as a thread can be
    (a machine whose other work takes it at every other moment)."""
    gate = threading.Event()
    real_work = getattr(owner, name)

    def work(*args: object) -> object:
        if threading.current_thread() is not threading.main_thread():
            gate.wait()
        return real_work(*args)

    def opening(real_wait: Callable[[Any, float], bool]) -> Callable[[Any, float], bool]:
        def wait(self: object, seconds: float) -> bool:
            gate.set()
            try:
                return real_wait(self, seconds)
            finally:
                gate.clear()

        return wait

    monkeypatch.setattr(owner, name, work)
    for waiting in ("wait", "wait_idle"):
        monkeypatch.setattr(waiter, waiting, opening(getattr(waiter, waiting)))
    try:
        yield
    finally:
        gate.set()  # for good: the work it holds now goes on


@pytest.fixture
def held_thread(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The picture thread held still but while the game thread waits for it."""
    with held(monkeypatch, rasteriser, "rasterise", Rasteriser):
        yield


def resized(play, monkeypatch: pytest.MonkeyPatch, cache: Path) -> tuple[int, float, list[int]]:
    """A game started and resized with no card set kept (``cache``: a new folder): the
    passes until every picture is made, how far the clock moved, and how many
    pictures were made by the end of each pass."""
    monkeypatch.setenv("SPIDER_CACHE_DIR", str(cache))
    driver = play(size=(1280, 720))
    app = driver.app
    start = app.clock.now()
    driver.resize((1600, 900))
    made: list[int] = []
    app.frame_observers.append(lambda frame: made.append(len(driver.table.images._faces)))
    passes = app.run_until_idle()
    assert not driver.table.renderer.pending
    return passes, round(app.clock.now() - start, 9), made


def test_the_passes_after_a_resize_do_not_depend_on_the_picture_thread(
        play, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        request: pytest.FixtureRequest) -> None:
    quick = resized(play, monkeypatch, tmp_path / "quick")
    request.getfixturevalue("held_thread")
    held = resized(play, monkeypatch, tmp_path / "held")
    assert held == quick, (held, quick)


# ----------------------------------------------------------------- the hint worker
@pytest.fixture
def held_worker(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The hint worker held still but while the game thread waits for it: a job
    starts only then."""
    with held(monkeypatch, worker_module, "_run", Worker):
        yield


def hinted(play, monkeypatch: pytest.MonkeyPatch, cache: Path) -> list[tuple[object, ...]]:
    """A game with hints and the can-still-win note on the worker thread (``cache``: a
    new folder): after its start, a hint asked for, played, and a second of the demo,
    the passes the loop ran, what the table shows and how far the clock moved."""
    monkeypatch.setenv("SPIDER_CACHE_DIR", str(cache))
    monkeypatch.setattr(hinting_module, "HINT_SECONDS", None)  # work, not seconds
    monkeypatch.setattr(winnability, "WIN_NODES", 3000)
    driver = play(code="SP1-S1C-AAAAAAD", hints=True, win_check=True)
    app, table = driver.app, driver.table
    hinting, start = table.hinting, app.clock.now()
    seen: list[tuple[object, ...]] = []

    def look(passes: int) -> None:
        mark = None if hinting.mark is None else str(hinting.mark.action)
        seen.append((passes, mark, hinting.wins.status, table.game.moves,
                     format_position(table.game), round(app.clock.now() - start, 9)))

    look(app.run_until_idle())                # the note, searched after the first frame
    driver.key(pygame.K_h)
    look(app.run_until_idle())                # the hint marked
    driver.key(pygame.K_h)
    look(app.run_until_idle())                # and played
    driver.key(pygame.K_h, pygame.KMOD_SHIFT)
    for _ in range(4):                        # the demo plays
        app.run_frames(15)
        look(15)
    driver.key(pygame.K_SPACE)
    look(app.run_until_idle())
    return seen


def test_the_hint_workers_answers_come_in_the_same_passes_however_fast_it_is(
        play, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        request: pytest.FixtureRequest) -> None:
    quick = hinted(play, monkeypatch, tmp_path / "quick")
    assert quick[1][1] is not None and quick[0][2] is not None  # a mark, a note
    assert quick[-1][3] > quick[2][3] > quick[1][3]             # played, then the demo
    request.getfixturevalue("held_worker")
    held = hinted(play, monkeypatch, tmp_path / "held")
    assert held == quick, (held, quick)


def test_the_real_clock_only_looks_at_the_worker_the_manual_one_waits(play) -> None:
    play()
    release = threading.Event()
    worker = Worker(threaded=True)
    try:
        worker.submit(Job("hint", 1, lambda cancel: release.wait(PATIENCE)))
        clock = SystemClock()
        assert not clock.wait_for(worker, clock.now()) and worker.busy  # a frame goes on
        pygame.event.clear()
        release.set()
        assert ManualClock().wait_for(worker, 0.0) and not worker.busy
        assert pygame.event.peek(WAKE)  # posted before the job counted as done
        assert [answer.value for answer in worker.take(("hint",))] == [True]
    finally:
        release.set()
        worker.close()


def test_a_worker_stalled_for_good_fails_on_the_manual_clock(
        play, monkeypatch: pytest.MonkeyPatch) -> None:
    play()
    release = threading.Event()
    worker = Worker(threaded=True)
    monkeypatch.setattr(clock_module, "THREAD_LIMIT", 0.05)
    try:
        worker.submit(Job("hint", 1, lambda cancel: release.wait(PATIENCE)))
        with pytest.raises(RuntimeError):
            ManualClock().wait_for(worker, 0.0)
        assert ManualClock(threads=False).wait_for(worker, 0.0) is False  # as the real one
    finally:
        release.set()
        worker.close()
