"""How the game shows itself to the desktop: a quiet start and its own window name."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

START_AND_CLOSE = """
import os, sys
sys.argv = ["main.py"]
import pygame  # names the window after the script, as when run from source
from spider.app.loop import App
app = App(fullscreen=False, size=(800, 600))
app.run_frames(2)
app.close()
print(os.environ["SDL_VIDEO_X11_WMCLASS"], os.environ["SDL_VIDEO_WAYLAND_WMCLASS"])
"""


@pytest.mark.slow
def test_the_game_starts_quietly_and_names_its_window_spider(tmp_path: Path) -> None:
    # The real audio driver, not the tests' dummy one: with no sound card ALSA
    # complains on the terminal unless the game keeps it quiet.
    env = {key: value for key, value in os.environ.items() if not key.startswith("SDL_AUDIO")}
    env.update(SDL_VIDEODRIVER="dummy", SPIDER_DATA_DIR=str(tmp_path), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", START_AND_CLOSE], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stderr == ""
    assert done.stdout.split() == ["Spider", "Spider"]


def test_a_window_name_the_player_chose_is_kept(monkeypatch) -> None:
    from spider.app.desktop import name_the_app

    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "MyGames")
    monkeypatch.delenv("SDL_VIDEO_WAYLAND_WMCLASS", raising=False)
    name_the_app()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "MyGames"
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == "Spider"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SDL probes OpenGL on Linux")
def test_the_window_is_presented_without_an_opengl_probe(monkeypatch) -> None:
    # SDL's probe loads the GL libraries for good: 180 MB and a second at 4K.
    from spider.app.desktop import software_framebuffer

    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    software_framebuffer()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "opengl")  # the player's choice
    software_framebuffer()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "opengl"
