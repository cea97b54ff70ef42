"""The table's cloth is kept between runs: a start from it shows exactly what a start
that draws it shows, and a damaged file only costs the time of drawing it again."""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path

import pygame
import pytest

from spider.app.table import felt
from tests.helpers import DAMAGES, damage

CODE = "SP1-S4C-BCDEFGH"
SIZE = (1280, 720)


def kept_cloths() -> list[Path]:
    return sorted((Path(os.environ["SPIDER_CACHE_DIR"]) / "cloth").glob("*.cloth"))


def started(play, monkeypatch: pytest.MonkeyPatch, **settings: object) -> tuple[bytes, int]:
    """A game started and shown, then the loop run until it rests: the first picture,
    and how many times the cloth was drawn."""
    drawn = [0]
    real = felt.lit_felt

    def counted(*args: object, **kwargs: object) -> Generator[None, None, pygame.Surface]:
        drawn[0] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(felt, "lit_felt", counted)
    driver = play(code=CODE, size=SIZE, **settings)
    first = pygame.image.tobytes(driver.app.screen, "RGB")
    driver.app.run_until_idle()  # spare time: a cloth drawn afresh is kept
    monkeypatch.setattr(felt, "lit_felt", real)
    return first, drawn[0]


def test_a_start_from_the_kept_cloth_looks_the_same_and_draws_no_cloth(
        play, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh, drawn = started(play, monkeypatch)
    assert drawn == 1 and len(kept_cloths()) == 1
    again, drawn = started(play, monkeypatch)
    assert drawn == 0
    assert again == fresh


def test_each_colour_has_its_own_cloth(play, monkeypatch: pytest.MonkeyPatch) -> None:
    green, _ = started(play, monkeypatch)
    blue, drawn = started(play, monkeypatch, table="blue")
    assert drawn == 1 and len(kept_cloths()) == 2
    assert blue != green
    assert started(play, monkeypatch, table="blue") == (blue, 0)


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_kept_cloth_is_drawn_again(play, monkeypatch: pytest.MonkeyPatch,
                                            how: str) -> None:
    fresh, _ = started(play, monkeypatch)
    [path] = kept_cloths()
    damage(path, how)
    again, drawn = started(play, monkeypatch)
    assert drawn >= 1  # (twice when it cannot be kept: for the window, then the layers)
    assert again == fresh


def test_a_kept_cloth_reads_into_a_part_of_a_larger_picture(play) -> None:
    """After the window shrinks, the static layer is a part of the larger buffer: its
    rows are not the file's, and the cloth is read through a picture instead."""
    play(size=SIZE)
    colour = felt.table_colour("burgundy")
    kept = felt.KeptCloth((200, 100), colour)
    assert kept.write({0: felt.render_felt((200, 100), colour)})
    screen = pygame.display.get_surface()
    whole = pygame.Surface((300, 150), 0, screen)
    part, alone = whole.subsurface((0, 0, 200, 100)), pygame.Surface((200, 100), 0, screen)
    assert kept.read_into(0, part) and kept.read_into(0, alone)
    expected = pygame.image.tobytes(felt.render_felt((200, 100), colour), "RGB")
    assert pygame.image.tobytes(part, "RGB") == pygame.image.tobytes(alone, "RGB") == expected
