"""``main.py screenshot``: one real frame saved as PNG; illegal moves are reported."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from spider.commands.screenshot import take_screenshot
from spider.model.dealcode import DealCode
from spider.model.notation import parse_moves


@pytest.mark.slow
def test_a_screenshot_is_the_frame_the_game_shows(tmp_path: Path, play) -> None:
    """The PNG has the size asked for and shows, pixel for pixel, the table a player
    sees after playing the same moves in the game (below the bar, whose clock differs).
    The screenshot lands the cards without their flight: blending the same pictures in
    another order may round a colour channel one step the other way, never more."""
    out = tmp_path / "shot.png"
    code = "SP1-S4C-BCDEFGH"
    assert take_screenshot(out, (1024, 700), DealCode.parse(code), parse_moves("d")) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 700)
    driver = play(code=code, size=(1024, 700))
    driver.key(pygame.K_d)
    driver.settle()
    top = driver.table.geometry.bar.bottom
    table = pygame.Rect(0, top, 1024, 700 - top)
    saved = pygame.image.tobytes(image.subsurface(table), "RGB")
    shown = pygame.image.tobytes(driver.app.screen.subsurface(table), "RGB")
    assert len(saved) == len(shown)
    assert max(abs(a - b) for a, b in zip(saved, shown, strict=True)) <= 1


def test_an_illegal_move_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "shot.png"
    status = take_screenshot(out, (800, 600), DealCode.parse("SP1-S1C-AAAAAAD"),
                             parse_moves("u"))
    assert status == 1 and not out.exists()
    assert "nothing-to-undo" in capsys.readouterr().err


def test_a_screenshot_leaves_the_players_saved_game_alone(tmp_path: Path) -> None:
    from spider.data import storage
    from spider.data.persistence import GAME_FILE, save_game
    from spider.data.session import Session

    folder = storage.data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    played = Session(DealCode.parse("SP1-S2C-ABCDEFG"))
    played.game.deal()
    save_game(folder, played)
    before = sorted((path.name, path.read_bytes()) for path in folder.iterdir())
    assert (folder / GAME_FILE).exists()
    assert take_screenshot(tmp_path / "shot.png", (800, 600),
                           DealCode.parse("SP1-S1C-AAAAAAD"), parse_moves("d")) == 0
    assert sorted((path.name, path.read_bytes()) for path in folder.iterdir()) == before


def test_a_screenshot_shows_the_back_and_table_asked_for(tmp_path: Path) -> None:
    from spider.data.settings import Settings

    out = tmp_path / "shot.png"
    looks = Settings(card_back="deco", table="burgundy", four_colour=True)
    assert take_screenshot(out, (1024, 700), DealCode.parse("SP1-S4C-BCDEFGH"), [], looks) == 0
    felt = pygame.image.load(str(out)).get_at((512, 450))
    assert felt.r > 2 * felt.g and felt.r > 2 * felt.b  # the burgundy cloth, not the green
