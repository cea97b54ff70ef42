"""The table's card pictures are kept between runs: a start from them shows exactly
what a start that rasterises the art shows, and a damaged file only costs the time."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pygame
import pytest

from spider.app.table import cardart, keptcards, rasteriser
from spider.app.table.cardimages import ALL_PICTURES
from spider.app.table.keptcards import KeptCards
from tests.helpers import DAMAGES, damage

CODE = "SP1-S4C-BCDEFGH"
SIZE = (1280, 720)


def kept_sets() -> list[Path]:
    return sorted((Path(os.environ["SPIDER_CACHE_DIR"]) / "cards").glob("*.cards"))


def started(play) -> tuple[bytes, int, bool]:
    """A game started (its cards face up), every picture made, drawn afresh: the
    picture, how many SVGs were rasterised, and whether the rasteriser (its thread
    and module) was asked for anything."""
    real, calls = pygame.image.load_sized_svg, [0]

    def counted(*args: object) -> pygame.Surface:
        calls[0] += 1
        return real(*args)

    pygame.image.load_sized_svg = counted
    try:
        driver = play(code=CODE, size=SIZE, four_colour=True)
        app = driver.app
        driver.key(pygame.K_d)  # a deal from the stock: faces of every column in view
        driver.settle()
        renderer = app.table.renderer
        for _ in range(500):  # the pictures come from the rasteriser thread in its own time
            if not renderer.pending:
                break
            app.step()  # (the clock stands still: the bar shows the same second)
            app.spare(1.0)  # waits for the thread's next picture, not for a time
        assert not renderer.pending
        renderer.still.forget()
        app.request_redraw()
        app.step()
        asked = app.table.images._rasteriser is not None
        return pygame.image.tobytes(app.screen, "RGB"), calls[0], asked
    finally:
        pygame.image.load_sized_svg = real


def test_a_start_from_kept_pictures_looks_the_same_and_rasterises_nothing(play) -> None:
    fresh, rasterised, asked = started(play)
    assert rasterised > 0 and asked and len(kept_sets()) == 1  # the whole set, kept once made
    again, rasterised, asked = started(play)
    assert rasterised == 0
    assert not asked  # no thread, nor its module, before or after the first frame
    assert again == fresh


def test_the_set_is_kept_by_the_picture_thread(play, monkeypatch) -> None:
    # A thread of its own, started in a step, cost the game thread 80 to 200 us.
    writers = []
    write = KeptCards.write

    def noted(self: KeptCards, pictures: dict) -> bool:
        writers.append(threading.current_thread())
        return write(self, pictures)

    monkeypatch.setattr(KeptCards, "write", noted)
    started(play)
    assert len(kept_sets()) == 1
    assert writers == [rasteriser._thread]


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_kept_set_is_rasterised_again(play, how: str, monkeypatch) -> None:
    # As in a new process: no card's art read yet (the first start makes the back
    # before reading what the faces share; a later one must make the same back).
    monkeypatch.setattr(cardart, "_SHARED", {})
    fresh, _, _ = started(play)
    [path] = kept_sets()
    damage(path, how)
    again, rasterised, _ = started(play)
    assert rasterised > 0
    assert again == fresh


def test_only_the_newest_sets_are_kept(tmp_path: Path) -> None:
    art = Path(keptcards.__file__).parents[3] / "assets" / "cards"
    picture = pygame.Surface((8, 12), pygame.SRCALPHA)
    for width in range(8, 8 + keptcards.KEEP + 2):
        kept = KeptCards((width, 12), (), art, len(ALL_PICTURES), folder=tmp_path)
        size_picture = pygame.transform.scale(picture, (width, 12))
        assert kept.write(dict.fromkeys(range(len(ALL_PICTURES)), size_picture))
        os.utime(kept.path, ns=(width * 10**9, width * 10**9))
    names = sorted(path.name for path in (tmp_path / "cards").glob("*.cards"))
    assert len(names) == keptcards.KEEP
    newest = KeptCards((8 + keptcards.KEEP + 1, 12), (), art, len(ALL_PICTURES), folder=tmp_path)
    assert newest.complete and newest.read(0) is not None
    assert KeptCards((8, 12), (), art, len(ALL_PICTURES), folder=tmp_path).read(0) is None


def test_a_picture_read_from_a_kept_set_can_be_drawn_on_without_changing_the_set(
        tmp_path: Path) -> None:
    """A kept picture is the file's bytes mapped into memory: drawing on it (as the
    large index does on a copy, or anything might) changes neither the file nor the
    pictures read after."""
    size = (6, 4)
    pictures = {index: pygame.Surface(size, pygame.SRCALPHA) for index in range(3)}
    for index, picture in pictures.items():
        picture.fill((10 * index, 20, 30, 255 - index))
    assert keptcards.KeptPictures("test", size, 3, b"key", folder=tmp_path).write(pictures)
    kept = keptcards.KeptPictures("test", size, 3, b"key", folder=tmp_path)
    [path] = (tmp_path / "test").iterdir()
    before = path.read_bytes()
    first = kept.read(1)
    assert first is not None and first.get_at((0, 0)) == (10, 20, 30, 254)
    first.fill((200, 0, 0, 255))
    again = keptcards.KeptPictures("test", size, 3, b"key", folder=tmp_path).read(1)
    assert again is not None and again.get_at((0, 0)) == (10, 20, 30, 254)
    assert kept.read(2) is not None and kept.read(3) is None
    assert path.read_bytes() == before
