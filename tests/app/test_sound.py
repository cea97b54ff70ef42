"""Sound effects: all loaded, muted by the setting, silent (never fatal) without a device."""

from __future__ import annotations

import pygame
import pytest

from spider.app import sound
from spider.app.clock import ManualClock
from spider.app.loop import App
from spider.app.sound import NAMES, Sounds
from spider.app.table.driver import EventDriver
from spider.data.session import Session
from spider.data.settings import Settings
from spider.model.dealcode import DealCode
from tests.helpers import mixer_open


class Counting:
    """Stands in for a pygame Sound and counts how often it is played."""

    def __init__(self) -> None:
        self.played = 0

    def play(self) -> None:
        self.played += 1


def make_app(**settings: object) -> App:
    app = App(settings=Settings(fullscreen=False, **settings),  # type: ignore[arg-type]
              session=Session(DealCode.parse("SP1-S1C-AAAAAAD")), size=(1280, 720),
              fullscreen=False, clock=ManualClock())
    app.run_until_idle()
    return app


def test_every_effect_loads_and_plays() -> None:
    sounds = Sounds()
    assert sounds.available
    assert sorted(sounds.effects) == sorted(NAMES)
    assert all(sounds.play(name) for name in NAMES)
    assert not sounds.play("no-such-sound")


@pytest.mark.slow
def test_sound_setting_mutes_the_game() -> None:
    app = make_app()
    counters = {name: Counting() for name in NAMES}
    app.sounds.effects = counters  # type: ignore[attr-defined]
    driver = EventDriver(app)
    driver.click(driver.stock_point())                  # a deal: cards fly, "deal" sounds
    driver.settle()
    assert counters["deal"].played > 0

    app.apply_settings(app.settings.with_(sound=False))
    before = {name: c.played for name, c in counters.items()}
    driver.click(driver.stock_point())
    driver.settle()
    assert {name: c.played for name, c in counters.items()} == before
    app.close()


@pytest.mark.slow
def test_no_audio_device_runs_silently(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.mixer.quit()

    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(sound.pygame.mixer, "init", no_device)
    sounds = Sounds()
    assert not sounds.available and sounds.effects == {}
    assert not sounds.play("place")
    sounds.stop()

    app = make_app()                                     # the whole game, silent
    assert not app.sounds.available  # type: ignore[attr-defined]
    driver = EventDriver(app)
    driver.click(driver.stock_point())
    driver.settle()
    assert app.session.game.moves == 1
    app.close()


def test_missing_or_broken_files_are_skipped(tmp_path) -> None:
    (tmp_path / "place.wav").write_bytes(b"not a wave file")
    sounds = Sounds(folder=tmp_path)
    assert sounds.effects == {}
    assert not sounds.play("place")


def test_the_first_frame_does_not_wait_for_the_sounds(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[int] = []
    monkeypatch.setattr(sound, "open_mixer", lambda: opened.append(len(frames)) or True)
    frames: list[object] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: frames.append("flip"))
    app = App(settings=Settings(fullscreen=False), session=Session(DealCode.parse(
        "SP1-S1C-AAAAAAD")), size=(1280, 720), fullscreen=False, clock=ManualClock())
    app.run_frames(2)
    assert opened == [1]  # once, after the first frame
    app.close()


def test_an_apps_start_does_not_depend_on_the_tests_before_it(play) -> None:
    """SDL announces the audio devices when the mixer opens, a pass of the loop: the
    tests' fixture opens it before every test, so that the first App in a process (or
    the first after a test closed the mixer) starts in the passes of any other."""
    starts = []
    for _ in range(2):
        pygame.mixer.quit()  # as the first test in a process finds it
        mixer_open()         # what the fixture does (the second time with a window open)
        starts.append(play().app.clock.now())
    starts.append(play().app.clock.now())
    assert starts[0] == starts[1] == starts[2], starts
