"""Test settings shared by every test: headless video and audio, a private data folder."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path_factory: pytest.TempPathFactory,
                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test saves into its own folder, never into the player's real one."""
    monkeypatch.setenv("SPIDER_DATA_DIR", str(tmp_path_factory.mktemp("data")))
