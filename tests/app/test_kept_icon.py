"""The window's icon is kept decoded between runs: a start from it gives the window
exactly the icon its PNG decodes to, and a damaged file only costs decoding it again."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from spider.app.table import keptcards
from tests.helpers import DAMAGES, damage


def kept_icons() -> list[Path]:
    return sorted((Path(os.environ["SPIDER_CACHE_DIR"]) / "icon").glob("*.icon"))


def started(play, monkeypatch: pytest.MonkeyPatch) -> tuple[bytes, int]:
    """A game started, then the loop run until it rests: the window's icon (its RGBA
    bytes) and how many times the PNG was decoded."""
    icons: list[bytes] = []
    decoded = [0]
    load, set_icon = pygame.image.load, pygame.display.set_icon

    def counted(*args: object, **kwargs: object) -> pygame.Surface:
        decoded[0] += args[0] == keptcards.ICON
        return load(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pygame.image, "load", counted)
    monkeypatch.setattr(pygame.display, "set_icon",
                        lambda icon: icons.append(pygame.image.tobytes(icon, "RGBA")))
    driver = play()
    driver.app.run_until_idle()  # spare time: an icon decoded afresh is kept
    monkeypatch.setattr(pygame.image, "load", load)
    monkeypatch.setattr(pygame.display, "set_icon", set_icon)
    assert len(icons) == 1
    return icons[0], decoded[0]


def test_a_start_from_the_kept_icon_sets_the_same_icon_without_decoding_it(
        play, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = pygame.image.tobytes(pygame.image.load(keptcards.ICON), "RGBA")
    fresh, decoded = started(play, monkeypatch)
    assert decoded == 1 and fresh == expected and len(kept_icons()) == 1
    again, decoded = started(play, monkeypatch)
    assert decoded == 0 and again == expected


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_kept_icon_is_decoded_again(play, monkeypatch: pytest.MonkeyPatch,
                                             how: str) -> None:
    fresh, _ = started(play, monkeypatch)
    [path] = kept_icons()
    damage(path, how)
    again, decoded = started(play, monkeypatch)
    assert decoded == 1 and again == fresh
