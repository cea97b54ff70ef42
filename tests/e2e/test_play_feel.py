"""Play feel in a real window (Xvfb at 1920 × 1080, xdotool): the game starts quietly
under its own name, and the player stays in charge.

Each test starts the game from source on a fresh data folder and reads what it did
from the window (its class, its place) and from the files it saved.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.xsession import Display, missing_tools, xvfb

ROOT = Path(__file__).resolve().parents[2]
SCREEN = (1920, 1080)

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform != "linux", reason="Xvfb end-to-end tests run on Linux"),
    pytest.mark.skipif(bool(missing_tools()),
                       reason=f"needs {', '.join(missing_tools())} (apt-get install xvfb xdotool)"),
]


@pytest.fixture(scope="module")
def display() -> Iterator[Display]:
    with xvfb(SCREEN) as name:
        yield Display(name)


class Game:
    """The game from source in a real window; ``stop`` closes it and returns stderr."""

    def __init__(self, display: Display, data: Path, code: str, audio: str = "dummy") -> None:
        env = {key: value for key, value in display.env.items() if not key.startswith("SDL_")}
        env.update(SPIDER_DATA_DIR=str(data), LANGUAGE="en", LC_ALL="C.UTF-8",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        if audio:
            env["SDL_AUDIODRIVER"] = audio
        self.display = display
        self.process = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--code", code],
                                        cwd=data.parent, env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        display.find_window(self.process.pid)
        time.sleep(2.5)  # the deal flies in
        assert self.process.poll() is None, self.process.communicate()[1].decode()[-3000:]
        self.window = display.find_window(self.process.pid)

    def stop(self) -> str:
        if self.process.poll() is None:
            self.display.close_window(self.display.find_window(self.process.pid))
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
        _, err = self.process.communicate()
        return err.decode()


@pytest.fixture
def game(display: Display, tmp_path: Path) -> Iterator[type[Game]]:
    started: list[Game] = []

    def start(code: str = "SP1-S2C-AAAABMT", audio: str = "dummy") -> Game:
        started.append(Game(display, tmp_path / "data", code, audio))
        return started[-1]

    yield start  # type: ignore[misc]
    for each in started:
        if each.process.poll() is None:
            each.process.kill()
            each.process.communicate()


def shot(display: Display, label: str, tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SPIDER_E2E_SHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return display.screenshot(folder / f"{label}.png")


def test_the_window_is_called_spider_and_the_start_is_quiet(display: Display, game) -> None:
    started = game(audio="")  # the system's audio: none here, which ALSA complains about
    classed = display.xdotool("search", "--all", "--pid", started.process.pid,
                              "--class", "^Spider$", check=False).split()
    assert str(started.window) in classed
    err = started.stop()
    assert started.process.returncode == 0
    assert err == "", err[-2000:]


def test_full_screen_covers_the_display_and_leaving_it_restores_the_window(
        display: Display, game, tmp_path: Path) -> None:
    started = game()
    assert display.geometry(started.window) == (0, 0, *SCREEN)  # first start: full screen
    display.xdotool("key", "F11")
    time.sleep(1.5)
    window = display.find_window(started.process.pid)
    display.xdotool("windowmove", window, 300, 200)
    display.xdotool("windowsize", window, 1200, 800)
    time.sleep(1.0)
    display.xdotool("key", "F11")
    time.sleep(1.5)
    window = display.find_window(started.process.pid)
    assert display.geometry(window) == (0, 0, *SCREEN)  # not at 300, 200: all of it shows
    shot(display, "full-screen-again", tmp_path)
    display.xdotool("key", "F11")
    time.sleep(1.5)
    window = display.find_window(started.process.pid)
    assert display.geometry(window) == (300, 200, 1200, 800)
    started.stop()
    assert started.process.returncode == 0
