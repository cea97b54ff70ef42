"""``python main.py --code CODE``: start the game on a given deal (end-to-end tests aim
their clicks at a known deal; players can share one). No window system needed."""

from __future__ import annotations

import pytest

from spider.app import loop as app_main
from spider.commands import main as cli
from spider.commands.common import EXIT_BAD_INPUT
from spider.data.persistence import load_saved, save_game
from spider.data.session import Session
from spider.data.storage import data_dir
from spider.model.actions import DEAL
from spider.model.dealcode import DealCode

CODE = "SO1-S2R-AAAAAAF"


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[app_main.App]:
    """Start the game for real, but leave the loop at once (keeping the App)."""
    apps: list[app_main.App] = []

    def run_once(self: app_main.App) -> int:
        apps.append(self)
        self.quit()
        return 0

    monkeypatch.setattr(app_main.App, "run", run_once)
    return apps


def test_code_starts_that_deal(started: list[app_main.App]) -> None:
    assert cli.main(["--code", CODE.lower()]) == 0
    app = started[0]
    assert str(app.session.code) == CODE and not app.session.started
    saved = load_saved()
    assert saved.session is not None and str(saved.session.code) == CODE


def test_code_replaces_a_saved_game_that_counts_as_lost(started: list[app_main.App]) -> None:
    old = Session(DealCode.parse("SP1-S1C-AAAAAAD"))
    old.game.play(DEAL)
    save_game(data_dir(), old)
    assert cli.main(["--code", CODE]) == 0
    assert str(started[0].session.code) == CODE
    stats = started[0].persistence.statistics.get("SP-1-classic")  # type: ignore[attr-defined]
    assert (stats.played, stats.won) == (1, 0)


def test_without_code_the_saved_game_resumes(started: list[app_main.App]) -> None:
    old = Session(DealCode.parse("SP1-S1C-AAAAAAD"))
    old.game.play(DEAL)
    save_game(data_dir(), old)
    assert cli.main([]) == 0
    assert started[0].session.game.history() == ([DEAL], [])


def test_a_bad_code_says_which_group_is_wrong(capsys: pytest.CaptureFixture[str],
                                              started: list[app_main.App]) -> None:
    assert cli.main(["--code", "SP1-S3C-AAAAAAA"]) == EXIT_BAD_INPUT
    assert "SP1-S3C-AAAAAAA" in capsys.readouterr().err and started == []
