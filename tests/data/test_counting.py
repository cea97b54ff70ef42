"""Statistics a kill can never skew: each game is counted exactly once (SPEC 2.5).

The game is killed at every write boundary in turn: a fake writer lets N writes reach
the disk, then raises :class:`Killed` at the next one and at every one after it (the
process is dead). The game then starts again from what is on disk, the player finishes
what they were doing (wins again, abandons again), and the statistics must hold that
game exactly once. Four endings: a win, a loss by New game, a loss by Restart, and a
win found at start-up that a kill left uncounted (a late win).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from spider.app.clock import ManualClock
from spider.app.dialogs import ConfirmScene, NewGameScene
from spider.app.loop import App
from spider.app.table.driver import EventDriver
from spider.app.ui.focus import walk
from spider.app.ui.widgets import Button
from spider.data import storage
from spider.data.persistence import GAME_FILE, load_saved, save_game
from spider.data.settings import Settings, save_settings
from spider.data.statistics import Stats, load_statistics
from spider.text.i18n import tr
from tests.helpers import near_won, seeded_deals

CODE = "SO1-S1C-AAAAAAB"
KEY = "SO-1-classic"


class Killed(BaseException):
    """The process died here (a BaseException: nothing in the game may catch it)."""


class Killer:
    """Lets ``after`` writes through, then kills at the next (None: never)."""

    def __init__(self, after: int | None) -> None:
        self.after = after
        self.writes = 0
        self.dead = False

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        real = storage.atomic_write_json

        def write(path: Path | str, document: Any) -> None:
            if self.dead or (self.after is not None and self.writes >= self.after):
                self.dead = True
                raise Killed(f"killed before write {self.writes + 1} ({Path(path).name})")
            real(path, document)
            self.writes += 1

        monkeypatch.setattr(storage, "atomic_write_json", write)


def launch(folder: Path) -> EventDriver:
    app = App(saved=load_saved(folder), size=(1024, 700), fullscreen=False, clock=ManualClock(),
              deals=seeded_deals())
    driver = EventDriver(app)
    driver.settle()
    return driver


def die(app: App) -> None:
    """What is left of a killed game: no more saving, the window gone."""
    app.table.hinting.close()
    pygame.display.quit()


def _press(driver: EventDriver, label: str) -> None:
    for widget in walk(driver.app.scenes.top.focus.root):  # type: ignore[attr-defined]
        if isinstance(widget, Button) and widget.label == label:
            driver.click(widget.rect.center)
            driver.settle()
            return
    raise AssertionError(f"no button {label!r}")


def win(driver: EventDriver) -> None:
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    driver.app.run_until_idle()


def new_game(driver: EventDriver) -> None:
    driver.key(pygame.K_n)
    assert isinstance(driver.app.scenes.top, NewGameScene)
    _press(driver, tr("newgame.start"))


def restart(driver: EventDriver) -> None:
    driver.click(driver.button_point("restart"))
    assert isinstance(driver.app.scenes.top, ConfirmScene)
    _press(driver, tr("confirm.restart-yes"))


def nothing(driver: EventDriver) -> None:
    """The late win: the kill comes during start-up and the closing save."""


#: ending -> (what the player does, whether the game is won)
ENDINGS: dict[str, tuple[Callable[[EventDriver], None], bool]] = {
    "win": (win, True),
    "loss by New game": (new_game, False),
    "loss by Restart": (restart, False),
    "late win": (nothing, True),
}


def prepare(folder: Path, ending: str) -> str:
    """The files before the ending; returns the game's id."""
    save_settings(folder, Settings(fullscreen=False, animation_speed="off"))
    session = near_won(folder)
    if ending == "late win":  # killed after the winning move's save, before its count
        session.game.redo()
        save_game(folder, session)
    return session.id


def run_ending(folder: Path, ending: str, killer: Killer,
               monkeypatch: pytest.MonkeyPatch) -> None:
    """Start the game, play the ending and quit, with ``killer`` watching the writes."""
    action, _ = ENDINGS[ending]
    with monkeypatch.context() as patch:
        killer.install(patch)
        app = None
        try:
            driver = launch(folder)
            app = driver.app
            action(driver)
            app.close()
        except Killed:
            if app is not None:
                die(app)


def finish(folder: Path, ending: str, game: str) -> None:
    """The next start, after the kill: the player does again what was lost, and quits."""
    driver = launch(folder)
    app = driver.app
    if app.session.id == game:  # the kill came before the ending reached the disk
        action, _ = ENDINGS[ending]
        (win if action is nothing else action)(driver)
    app.close()


def writes_of(folder: Path, ending: str, monkeypatch: pytest.MonkeyPatch) -> int:
    prepare(folder, ending)
    killer = Killer(None)
    run_ending(folder, ending, killer, monkeypatch)
    return killer.writes


def counted(folder: Path) -> Stats:
    loaded = load_statistics(folder)
    assert loaded.problem is None
    return loaded.value.get(KEY)


@pytest.mark.slow
@pytest.mark.parametrize("ending", ENDINGS)
def test_a_kill_at_every_write_boundary_counts_the_game_exactly_once(
        ending: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, won = ENDINGS[ending]
    writes = writes_of(tmp_path / "dry", ending, monkeypatch)
    assert writes >= 2, "the ending writes the game and the statistics"
    for after in range(writes + 1):
        folder = tmp_path / f"kill-after-{after}"
        game = prepare(folder, ending)
        killer = Killer(after)
        run_ending(folder, ending, killer, monkeypatch)
        assert killer.dead == (after < writes)
        finish(folder, ending, game)
        for start in ("after the kill", "once more"):
            stats = counted(folder)
            assert (stats.played, stats.won) == (1, int(won)), (
                f"{ending}, killed after {after} of {writes} writes, {start}: "
                f"played {stats.played}, won {stats.won}")
            launch(folder).app.close()
        assert load_saved(folder).problems == []


@pytest.mark.slow
def test_a_game_the_demo_played_in_is_never_counted(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """SPEC 2.5; the flag is saved with the game, so a resumed game stays uncounted."""
    for ending in ("win", "loss by New game", "loss by Restart"):
        folder = tmp_path / ending
        prepare(folder, ending)
        driver = launch(folder)
        driver.app.session.demo_played = True   # what the app sets when the demo moves
        driver.app.close()
        again = launch(folder)
        assert again.app.session.demo_played
        ENDINGS[ending][0](again)
        again.app.close()
        stats = counted(folder)
        assert (stats.played, stats.won) == (0, 0), ending
    folder = tmp_path / "late"
    session = near_won(folder)
    session.game.redo()
    session.demo_played = True
    save_game(folder, session)
    assert counted(folder).played == 0 and load_saved(folder).session is None


def test_counting_a_result_twice_changes_nothing() -> None:
    from spider.data.statistics import KEEP_COUNTED, Result, Statistics

    stats = Statistics()
    first = Result("a1", KEY, True, 900, 100, 60.0)
    assert stats.count(first) is not None
    assert stats.count(first) is None
    assert stats.count(Result("a1", KEY, False, 0, 5, 1.0)) is None
    assert (stats.get(KEY).played, stats.get(KEY).won) == (1, 1)
    for number in range(KEEP_COUNTED + 5):
        stats.count(Result(f"g{number}", KEY, False, 0, 1, 1.0))
    assert len(stats.counted) == KEEP_COUNTED and stats.counted[-1] == f"g{KEEP_COUNTED + 4}"


@pytest.mark.slow
def test_a_save_from_before_game_ids_counted_is_not_counted_again(tmp_path: Path) -> None:
    """Version 1.0 saved an abandoned or won game as ``counted: true`` (no id)."""
    session = near_won(tmp_path)
    data = {"session": {k: v for k, v in session.to_dict().items()
                        if k not in ("id", "demo_played")}, "counted": True}
    storage.save_document(tmp_path / GAME_FILE, "game", 1, data)
    driver = launch(tmp_path)
    assert driver.app.session.started and driver.app.session.id != session.id
    assert game_id_in_statistics(tmp_path, driver.app.session.id)  # before any game save
    new_game(driver)
    driver.app.close()
    assert counted(tmp_path).played == 0


def game_id_in_statistics(folder: Path, game: str) -> bool:
    return game in load_statistics(folder).value.counted


@pytest.mark.slow
def test_results_wait_in_the_game_file_while_the_statistics_cannot_be_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The statistics file cannot be written (the game file can) for three abandoned
    games, then the game is killed: the next start counts each of them once."""
    from spider.data import persistence

    def refuse(folder: Path, statistics: object) -> None:
        raise storage.StorageError(storage.PERMISSION_DENIED, folder / "statistics.json")

    prepare(tmp_path, "loss by New game")
    with monkeypatch.context() as patch:
        patch.setattr(persistence, "save_statistics", refuse)
        driver = launch(tmp_path)
        for _ in range(3):
            driver.key(pygame.K_d)        # a deal: the game is played
            driver.settle()
            new_game(driver)
        die(driver.app)                   # killed: no quit, no last save
    assert counted(tmp_path).played == 0
    for _ in range(2):
        launch(tmp_path).app.close()
        total = load_statistics(tmp_path).value
        played = [total.get(key).played for key in total.keys()]  # noqa: SIM118 (a method)
        assert sum(played) == 3
