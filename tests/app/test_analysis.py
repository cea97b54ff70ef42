"""Menu → Analyse this game: the panel, its search off the frame path, and the replay."""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Iterator

import pygame
import pytest

from spider.app.dialogs.analysis import AnalysisScene
from spider.app.dialogs.chart import HOPELESS, WINNABLE, WON, HistoryChart
from spider.app.dialogs.replay import ReplayScene
from spider.app.dialogs.snapshot import Snapshot
from spider.app.dialogs.win import WinScene
from spider.app.table.driver import EventDriver
from spider.app.table.scene import TableScene
from spider.app.ui.widgets import Segments
from spider.data.history import LIMIT, GameRecord, load_history
from spider.data.storage import data_dir
from spider.model.actions import Move
from spider.solver.solve import Solution
from spider.solver.state import Position
from spider.text.i18n import tr
from tests.app.test_dialogs import button, widgets
from tests.helpers import STUCK
from tests.solver.test_analysis import LOST_BY_DEALING

Play = Callable[..., EventDriver]


@pytest.fixture(autouse=True)
def at_once(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The search answers at once, by a node budget: the same answer on any machine."""
    monkeypatch.setattr(AnalysisScene, "threaded", False)
    monkeypatch.setattr(AnalysisScene, "nodes", 200_000)
    monkeypatch.setattr(AnalysisScene, "seconds", 600.0)
    yield


def lost_by_dealing(play: Play) -> EventDriver:
    """The deal dealt at once, then the jack onto the queen: lost by the first move."""
    driver = play(position=LOST_BY_DEALING, size=(1920, 1080))
    driver.click(driver.stock_point())
    driver.settle()
    driver.drag_move(Move(0, 3, 1))
    driver.settle()
    assert driver.app.session.game.moves == 2
    return driver


def open_analysis(driver: EventDriver) -> AnalysisScene:
    app = driver.app
    driver.click(driver.button_point("menu"))
    driver.click(button(app.scenes.top, "menu.analyse").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, AnalysisScene)
    driver.settle()
    return scene


def texts(scene: AnalysisScene) -> str:
    return " ".join(widget.string for widget in widgets(scene) if hasattr(widget, "string"))


@pytest.mark.slow
def test_the_panel_says_where_the_game_was_lost_and_changes_nothing(play: Play) -> None:
    driver = lost_by_dealing(play)
    app = driver.app
    before = Position.from_game(app.session.game), app.session.game.history()
    played = app.persistence.statistics.get("SP-1-classic").played
    app.session.elapsed = 42.0
    scene = open_analysis(driver)
    shown = texts(scene)
    assert tr("analysis.could-win") in shown
    assert tr("analysis.where-start", losing=tr("analysis.dealing"),
              instead=tr("analysis.moving", source=4, target=2)) in shown
    assert tr("analysis.sees-all") in shown
    app.clock.sleep(30.0)
    driver.click(button(scene, "dialog.close").rect.center)
    assert isinstance(app.scenes.top, TableScene)
    assert (Position.from_game(app.session.game), app.session.game.history()) == before
    assert app.session.elapsed == 42.0
    assert app.persistence.statistics.get("SP-1-classic").played == played


def test_a_stuck_table_could_not_be_won(play: Play) -> None:
    driver = play(position=STUCK)
    scene = open_analysis(driver)
    assert tr("analysis.could-not") in texts(scene) and tr("analysis.never") in texts(scene)


@pytest.mark.slow
def test_the_replay_shows_any_move_and_the_way_then_returns_unchanged(play: Play) -> None:
    driver = lost_by_dealing(play)
    app = driver.app
    before = copy.deepcopy(Position.from_game(app.session.game))
    scene = open_analysis(driver)
    driver.click(button(scene, "analysis.replay").rect.center)
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene) and replay.marker == 1
    assert replay.table.game is not app.session.game
    assert Position.from_game(replay.table.game) == before
    driver.key(pygame.K_HOME)
    assert Position.from_game(replay.table.game) == Position.from_game(scene.snapshot.start)
    track = replay.timeline.track(replay.style)
    driver.click((track.right, track.centery))                      # the end of the timeline
    assert replay.index == 2
    driver.key(pygame.K_LEFT)
    assert replay.index == 1 and replay.table.game.moves == 1
    driver.click(button(replay, "replay.show-way").rect.center)
    app.run_until_idle(20_000)
    assert replay.table.game.is_won and replay.way_played == len(scene.result.line)
    assert not any(isinstance(s, WinScene) for s in app.scenes)
    driver.click(button(replay, "replay.back").rect.center)
    assert app.scenes.top is scene
    assert Position.from_game(app.session.game) == before
    assert not app.session.game.is_won and not app.persistence.counted


def test_a_search_on_its_thread_can_be_cancelled(play: Play,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(AnalysisScene, "threaded", True)
    monkeypatch.setattr(AnalysisScene, "nodes", None)
    driver = play(code="SP1-S4C-BCDEFGH")
    driver.click(driver.stock_point())
    driver.settle()
    scene = open_analysis(driver)
    assert scene.result is None and scene.run.thread is not None
    driver.key(pygame.K_ESCAPE)                                     # Esc cancels
    assert isinstance(driver.app.scenes.top, TableScene) and scene.run.cancel.is_set()
    scene.run.thread.join(60)
    assert not scene.run.thread.is_alive()


def test_the_progress_bar_moves_with_the_apps_clock(play: Play,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The search under way is timed on the App's clock (here a manual one): the bar
    fills, and is drawn again, as that clock passes, however fast the machine is."""
    from spider.app.dialogs import analysis

    searched = analysis.search_position

    def held(position: Position, seconds: float, nodes: int | None = None,
             cancel: threading.Event | None = None) -> Solution:
        assert cancel is not None
        cancel.wait(60)  # the first search runs until the panel is cancelled
        return searched(position, seconds, nodes, cancel)

    monkeypatch.setattr(analysis, "search_position", held)
    monkeypatch.setattr(AnalysisScene, "threaded", True)
    monkeypatch.setattr(AnalysisScene, "seconds", 8.0)
    driver = play(position=STUCK)
    app = driver.app
    scene = open_analysis(driver)
    assert scene.result is None and scene.run.thread is not None
    before = scene.run.fraction
    app.clock.sleep(2.0)                                            # a quarter of 8 s
    assert scene.run.fraction == pytest.approx(before + 0.25) and before < 0.5
    drawn: list[bool] = []
    app.frame_observers.append(lambda frame: drawn.append(bool(frame.areas)))
    app.run_frames(60, dt=1 / 60)                                   # one second: ten draws
    assert 9 <= sum(drawn) <= 11
    driver.key(pygame.K_ESCAPE)
    scene.run.thread.join(60)
    assert not scene.run.thread.is_alive()


@pytest.mark.slow
def test_a_lost_game_goes_into_the_history_with_its_analysis(play: Play) -> None:
    driver = lost_by_dealing(play)
    app = driver.app
    app.new_game(app.session.code)
    assert app.table.toast.message == tr("analysis.offer")
    games = load_history(data_dir()).value.games("SP-1-classic")  # type: ignore[union-attr]
    assert [(g.won, g.moves, g.winnable) for g in games] == [(False, 2, None)]
    scene = open_analysis(driver)                     # the game just left, not the new one
    assert len(scene.snapshot.actions) == 2
    games = load_history(data_dir()).value.games("SP-1-classic")  # type: ignore[union-attr]
    assert [(g.won, g.winnable) for g in games] == [(False, True)]


# --------------------------------------------------------------------- chart
def colours_in(surface: pygame.Surface, area: pygame.Rect) -> set[tuple[int, int, int]]:
    picture = surface.subsurface(area)
    return {tuple(picture.get_at((x, y)))[:3]  # type: ignore[misc]
            for x in range(0, area.w, 2) for y in range(0, area.h, 2)}


@pytest.mark.slow
def test_the_statistics_chart_shows_the_last_games_and_which_could_have_been_won(
        play: Play) -> None:
    driver = lost_by_dealing(play)
    app = driver.app
    app.new_game(app.session.code)                   # the lost game goes into the history
    open_analysis(driver)                            # ... and its analysis: it was winnable
    driver.key(pygame.K_ESCAPE)
    for number in range(60):
        app.game_log.history.add("SP-4-classic", GameRecord(
            "SP1-S4C-AAAAAAB", number % 3 == 0, 400 + number, 100, 300.0, False))
    app.open_statistics()
    driver.settle()
    scene = app.scenes.top
    chart = next(w for w in widgets(scene) if isinstance(w, HistoryChart))
    assert [(g.won, g.winnable) for g in chart.games()] == [(False, True)]
    assert WINNABLE in colours_in(app.screen, chart.plot)
    hard = next(w for w in widgets(scene) if isinstance(w, Segments)
                and w.options[0].value == (1, False))
    driver.click(hard._boxes[3].center)                          # Hard, Classic
    driver.settle()
    chart = next(w for w in widgets(app.scenes.top) if isinstance(w, HistoryChart))
    assert len(chart.games()) == LIMIT
    seen = colours_in(app.screen, chart.plot)
    assert WON in seen and HOPELESS in seen and WINNABLE not in seen


@pytest.mark.slow
def test_without_a_proof_for_the_losing_move_the_panel_says_what_is_known(
        play: Play, monkeypatch: pytest.MonkeyPatch) -> None:
    import spider.app.dialogs.analysis as panel
    from spider.solver.solve import Solution

    driver = lost_by_dealing(play)
    game = driver.app.session.game
    final = Position.from_game(game)
    start = Position.from_game(Snapshot.of(driver.app.session).start)
    real = panel.search_position

    def search(position: Position, *args: object) -> Solution:
        if position in (start, final):
            return real(position, *args)  # type: ignore[arg-type]
        return Solution(None, False, 0.0)  # no answer in the budget

    monkeypatch.setattr(panel, "search_position", search)
    scene = open_analysis(driver)
    assert tr("analysis.could-win") in texts(scene)
    assert tr("analysis.partly", number=0, lost=2) in texts(scene)
    driver.click(button(scene, "analysis.replay").rect.center)
    replay = driver.app.scenes.top
    assert isinstance(replay, ReplayScene) and replay.marker == 2 and replay.way_start == 0


@pytest.mark.slow
def test_a_stuck_table_offers_the_analysis(play: Play) -> None:
    driver = lost_by_dealing(play)                      # the deal, then the jack onto the queen
    assert driver.app.table.toast.message != tr("analysis.stuck")
    driver.drag_move(Move(0, 1, 1))                     # the ace onto the two
    driver.settle()
    assert driver.app.table.toast.message != tr("analysis.stuck")
    driver.drag_move(Move(0, 2, 1))                     # the six onto the seven: nothing left
    driver.settle()
    assert driver.app.table.toast.message == tr("analysis.stuck")
