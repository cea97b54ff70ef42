"""The table (its still layer) and the bar are kept when the game closes, as the next
start shows them: that start's first frame is exactly the one drawing them gives,
without drawing the cloth and the cards or laying the bar out; a start that shows
anything else, or a damaged or unwritable kept file, draws them."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from spider.app.clock import ManualClock
from spider.app.loop import App
from spider.app.table import hud, staticlayer
from spider.data.session import Session
from spider.data.settings import Settings
from spider.model.dealcode import DealCode
from tests.helpers import DAMAGES, damage

CODE = "SP1-S4C-BCDEFGH"
SIZE = (1280, 720)


def kept(kind: str) -> list[Path]:
    return sorted((Path(os.environ["SPIDER_CACHE_DIR"]) / kind).glob(f"*.{kind}"))


def first_frame(monkeypatch: pytest.MonkeyPatch, session: Session | None = None,
                **settings: object) -> tuple[bytes, int, int]:
    """A game started (``session``, else the saved one), its first frame drawn, then
    played until it rests and closed: the first frame, and how many times the bar and
    the cloth were drawn for it."""
    bars, cloths = [0], [0]
    real_bar, real_cloth = hud.TopBar.draw, staticlayer.cloth

    def bar(drawn: hud.TopBar, *args: object, **kwargs: object) -> None:
        bars[0] += 1
        real_bar(drawn, *args, **kwargs)  # type: ignore[arg-type]

    def cloth(*args: object, **kwargs: object) -> object:
        cloths[0] += 1
        return real_cloth(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(hud.TopBar, "draw", bar)
    monkeypatch.setattr(staticlayer, "cloth", cloth)
    app = App(settings=Settings(**settings), session=session, size=SIZE, fullscreen=False,
              clock=ManualClock())  # (the picture thread takes none of its time)
    try:
        app.draw()
        frame = pygame.image.tobytes(app.screen, "RGB")
        drawn = bars[0], cloths[0]
        monkeypatch.setattr(staticlayer, "cloth", real_cloth)
        app.run_until_idle()
    finally:
        app.close()
        monkeypatch.setattr(hud.TopBar, "draw", real_bar)
    return frame, *drawn


def played() -> Session:
    """A game under way: a deal and 75.4 seconds on the clock."""
    session = Session(DealCode.parse(CODE), elapsed=75.4)
    session.game.deal()
    return session


def test_the_next_start_shows_the_kept_table_and_bar_without_drawing_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    drawn, bars, cloths = first_frame(monkeypatch, played())
    assert (bars, cloths) == (1, 1) and len(kept("bar")) == len(kept("table")) == 1
    again, bars, cloths = first_frame(monkeypatch)  # the game saved at closing
    assert (bars, cloths) == (0, 0)
    assert again == drawn


def test_a_start_showing_anything_else_draws_it(monkeypatch: pytest.MonkeyPatch) -> None:
    first_frame(monkeypatch, played())
    other = Session(DealCode.parse(CODE), elapsed=75.4)  # not dealt: other cards, figures
    assert first_frame(monkeypatch, other)[1:] == (1, 1)
    assert first_frame(monkeypatch, played(), language="hu")[1:] == (1, 0)  # the same table
    assert first_frame(monkeypatch, played(), table="blue")[1:] == (1, 1)
    assert first_frame(monkeypatch, played(), four_colour=True)[1:] == (0, 1)  # the same bar
    assert first_frame(monkeypatch, played(), four_colour=True)[1:] == (0, 0)


@pytest.mark.parametrize("how", DAMAGES)
@pytest.mark.parametrize("kind", ["bar", "table"])
def test_a_damaged_kept_picture_is_drawn_again(monkeypatch: pytest.MonkeyPatch, kind: str,
                                              how: str) -> None:
    drawn, _, _ = first_frame(monkeypatch, played())
    [path] = kept(kind)
    damage(path, how)
    again, bars, cloths = first_frame(monkeypatch)
    assert (bars, cloths) == ((1, 0) if kind == "bar" else (0, 1))
    assert again == drawn


def test_an_unwritable_cache_folder_only_costs_drawing_them(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocked = tmp_path / "a file"
    blocked.write_bytes(b"")
    monkeypatch.setenv("SPIDER_CACHE_DIR", str(blocked / "cache"))
    drawn, _, _ = first_frame(monkeypatch, played())
    assert first_frame(monkeypatch) == (drawn, 1, 1)
