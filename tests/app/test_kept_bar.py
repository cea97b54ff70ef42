"""The bar is kept when the game closes, as the next start shows it: that start's first
frame is exactly the one drawing the bar gives, without laying the bar out; a start
that shows anything else, or a damaged or unwritable kept file, draws it."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from spider.app.clock import ManualClock
from spider.app.loop import App
from spider.app.table import hud
from spider.data.session import Session
from spider.data.settings import Settings
from spider.model.dealcode import DealCode
from tests.helpers import DAMAGES, damage

CODE = "SP1-S4C-BCDEFGH"
SIZE = (1280, 720)


def kept_bars() -> list[Path]:
    return sorted((Path(os.environ["SPIDER_CACHE_DIR"]) / "bar").glob("*.bar"))


def first_frame(monkeypatch: pytest.MonkeyPatch, session: Session | None = None,
                **settings: object) -> tuple[bytes, int]:
    """A game started (``session``, else the saved one), its first frame drawn, then
    played until it rests and closed: the first frame, and how many times the bar was
    drawn for it."""
    drawn = [0]
    real = hud.TopBar.draw

    def counted(bar: hud.TopBar, *args: object, **kwargs: object) -> None:
        drawn[0] += 1
        real(bar, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(hud.TopBar, "draw", counted)
    app = App(settings=Settings(**settings), session=session, size=SIZE, fullscreen=False,
              clock=ManualClock())
    try:
        app.draw()
        frame, times = pygame.image.tobytes(app.screen, "RGB"), drawn[0]
        app.run_until_idle()
    finally:
        app.close()
        monkeypatch.setattr(hud.TopBar, "draw", real)
    return frame, times


def played() -> Session:
    """A game under way: a deal and 75.4 seconds on the clock."""
    session = Session(DealCode.parse(CODE), elapsed=75.4)
    session.game.deal()
    return session


def test_the_next_start_shows_the_kept_bar_without_drawing_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    drawn, times = first_frame(monkeypatch, played())
    assert times == 1 and len(kept_bars()) == 1
    kept, times = first_frame(monkeypatch)  # the game saved at closing
    assert times == 0
    assert kept == drawn


def test_a_start_showing_anything_else_draws_its_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    first_frame(monkeypatch, played())
    other = Session(DealCode.parse(CODE), elapsed=75.4)  # no deal: Undo is off, no moves
    assert first_frame(monkeypatch, other)[1] == 1
    assert first_frame(monkeypatch, played(), language="hu")[1] == 1
    assert first_frame(monkeypatch, played(), table="blue")[1] == 1
    assert first_frame(monkeypatch, played())[1] == 0


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_kept_bar_is_drawn_again(monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    drawn, _ = first_frame(monkeypatch, played())
    [path] = kept_bars()
    damage(path, how)
    again, times = first_frame(monkeypatch)
    assert times == 1
    assert again == drawn


def test_an_unwritable_cache_folder_only_costs_drawing_the_bar(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocked = tmp_path / "a file"
    blocked.write_bytes(b"")
    monkeypatch.setenv("SPIDER_CACHE_DIR", str(blocked / "cache"))
    drawn, _ = first_frame(monkeypatch, played())
    assert first_frame(monkeypatch) == (drawn, 1)
