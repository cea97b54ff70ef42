"""On a ManualClock the card-picture thread takes no time: the loop's passes after a
resize do the same work, and move the clock as far, however fast that thread is."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from spider.app.table import rasteriser
from spider.app.table.rasteriser import Rasteriser


@pytest.fixture
def held_thread(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The picture thread held still but while the game thread waits for it: as slow
    as a thread can be (a machine whose other work takes it at every other moment)."""
    gate = threading.Event()
    real_rasterise, real_wait = rasteriser.rasterise, Rasteriser.wait

    def held(source: bytes, size: tuple[int, int]) -> pygame.Surface:
        if threading.current_thread() is not threading.main_thread():
            gate.wait()
        return real_rasterise(source, size)

    def wait(self: Rasteriser, seconds: float) -> bool:
        gate.set()
        try:
            return real_wait(self, seconds)
        finally:
            gate.clear()

    monkeypatch.setattr(rasteriser, "rasterise", held)
    monkeypatch.setattr(Rasteriser, "wait", wait)
    try:
        yield
    finally:
        gate.set()  # for good: a source it holds now goes on


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
