"""Test settings shared by every test: headless video and audio, a private data folder."""

from __future__ import annotations

import os
import random
import time

import pytest
from hypothesis import HealthCheck, settings

from spider.app.clock import ManualClock
from spider.app.loop import App
from spider.app.table.driver import EventDriver
from spider.data.session import Session
from spider.data.settings import Settings
from spider.model.dealcode import DealCode
from spider.model.notation import parse_position
from tests.helpers import mixer_open, seeded_deals

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Property tests try the same examples at every run and never time an example: a run
# fails for the code, not for the machine or the day. HYPOTHESIS_PROFILE=explore tries
# new examples (a failure prints how to reproduce it).
settings.register_profile("repeatable", deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path_factory: pytest.TempPathFactory,
                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test saves into its own folders, never into the player's real ones."""
    monkeypatch.setenv("SPIDER_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    monkeypatch.setenv("SPIDER_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture(autouse=True)
def mixer_opened() -> None:
    """The mixer open before every test: an App's passes and clock do not depend on
    whether an earlier test in the process opened it (``helpers.mixer_open``)."""
    mixer_open()


@pytest.fixture
def busy_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The wall clock jumps by a random 0 to 20 ms at every look, as on a machine whose
    other work takes the processor at any moment: what a test sees must not change."""
    rng = random.Random(1)
    now = [1000.0]

    def perf_counter() -> float:
        now[0] += rng.uniform(0.0, 0.02)
        return now[0]

    monkeypatch.setattr(time, "perf_counter", perf_counter)


@pytest.fixture
def play():
    """A factory for the real App, headless, on a manual clock; closed after the test.

    ``play(code=..., position=..., size=..., **settings)`` returns an EventDriver
    whose ``app`` is the App. ``position`` is position text loaded onto the table. The
    cards are dealt out at once (``deal_in=True``: they fly in, as for a player).
    ``threads=False``: once started, other threads' work takes real time, as for a
    player (see ``ManualClock``; the start is the same as ever). ``seed``: New game's
    deals are drawn from ``seeded_deals(seed)``, the same at every run (None: from
    the system's randomness, as for a player).
    """
    apps: list[App] = []

    def start(code: str = "SP1-S1C-AAAAAAD", position: str | None = None,
              size: tuple[int, int] = (1280, 720), deal_in: bool = False,
              threads: bool = True, seed: int | None = 0, **settings: object) -> EventDriver:
        session = Session(DealCode.parse(code))
        if position is not None:
            session.game = parse_position(position)
        clock = ManualClock()
        deals = None if seed is None else seeded_deals(seed)
        app = App(settings=Settings(**settings), session=session, size=size, fullscreen=False,
                  clock=clock, deals=deals)
        apps.append(app)
        driver = EventDriver(app)
        if not deal_in:
            app.table.finish_animations()
        driver.settle()
        clock.threads = threads
        return driver

    yield start
    for app in apps:
        app.close()
