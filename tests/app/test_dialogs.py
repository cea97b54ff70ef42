"""The dialogs, driven like a player: real mouse, key and text events through the App loop."""

from __future__ import annotations

import functools
import random

import pygame
import pytest

from spider.app.clock import ManualClock
from spider.app.dialogs import (
    ConfirmScene,
    HelpScene,
    MenuScene,
    NewGameScene,
    SettingsScene,
    StatisticsScene,
    WinScene,
)
from spider.app.dialogs.base import Dialog
from spider.app.loop import App
from spider.app.table.driver import EventDriver
from spider.app.table.scene import TableScene
from spider.app.ui.clipboard import clipboard_text, put_clipboard
from spider.app.ui.focus import walk
from spider.app.ui.textlayout import text_width
from spider.app.ui.widgets import Button, Field, Segments, Switch, TextField
from spider.data import storage
from spider.data.persistence import load_saved
from spider.data.session import Session
from spider.data.settings import Settings, load_settings, save_settings
from spider.data.statistics import stats_key
from spider.model.actions import Move
from spider.model.dealcode import DealCode, DealCodeError
from spider.model.notation import parse_position
from spider.text.i18n import set_language, tr
from tests.helpers import LAST_MOVE_WINS, rounds, seeded_deals


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def launch(code: str = "SP1-S1C-AAAAAAD", size: tuple[int, int] = (1280, 720),
           fresh: bool = True, threads: bool = True, **settings: object) -> App:
    """The game as started by the player (``fresh``: with these settings saved first;
    ``threads=False``: once started, other threads' work takes real time, as for a
    player: see ``ManualClock``)."""
    if fresh:
        save_settings(storage.data_dir(), Settings(fullscreen=False, **settings))  # type: ignore[arg-type]
    saved, clock = load_saved(), ManualClock()
    app = App(saved=saved, session=Session(DealCode.parse(code)), size=size,
              fullscreen=False, clock=clock, deals=seeded_deals())
    app.table.finish_animations()  # dealt out at once
    app.run_until_idle()
    clock.threads = threads
    return app


# ---------------------------------------------------------------- finding
def widgets(scene: Dialog) -> list:
    scene.ensure()
    return walk(scene.focus.root)


def button(scene: Dialog, key: str, **params: object) -> Button:
    label = tr(key, **params)
    for widget in widgets(scene):
        if isinstance(widget, Button) and widget.label == label:
            return widget
    raise AssertionError(f"no button {label!r} in {type(scene).__name__}")


def field(scene: Dialog, key: str) -> Field:
    for widget in widgets(scene):
        if isinstance(widget, Field) and widget.label == tr(key):
            return widget
    raise AssertionError(f"no field {tr(key)!r}")


def segment_point(control: Segments, value: object) -> tuple[int, int]:
    for number, option in enumerate(control.options):
        if option.value == value:
            return control._boxes[number].center
    raise AssertionError(f"no option {value!r}")


def type_text(driver: EventDriver, string: str) -> None:
    for piece in (string[:5], string[5:]):  # text arrives in chunks, like from an IME
        driver.post(pygame.TEXTINPUT, text=piece)


def find_single_card_move(game, auto: bool):
    """A column whose last card the model would send somewhere, and a column it can't go to."""
    for source, column in enumerate(game.columns):
        if not column:
            continue
        best = game.best_destination(source, 1)
        if best is None:
            continue
        others = [c for c in range(len(game.columns))
                  if c not in (source, best) and c not in game.destinations(source, 1)]
        if others:
            return source, best, others[0]
    return None


def code_with_a_move() -> str:
    for number in range(500):
        code = DealCode("SP", 1, False, number)
        if find_single_card_move(Session(code).game, True):
            return str(code)
    raise AssertionError("no deal with a move")


# --------------------------------------------------------------- settings
@pytest.mark.slow
def test_settings_round_trip_and_auto_place_changes_a_drop() -> None:
    app = launch(code_with_a_move())
    driver = EventDriver(app)
    driver.click(driver.button_point("menu"))
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)  # the bar's Menu button opens the whole menu
    driver.click(button(menu, "menu.settings").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    switch = field(scene, "settings.auto-place").control
    assert isinstance(switch, Switch) and not switch.on
    driver.click(switch.rect.center)
    assert app.settings.auto_place
    assert load_settings(storage.data_dir()).value.auto_place      # remembered at once
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TableScene)

    game = app.session.game
    source, best, elsewhere = find_single_card_move(game, True)
    start = driver.card_point(source, len(game.columns[source]) - 1)
    driver.drag(start, driver.column_point(elsewhere))
    driver.settle()
    assert game.moves == 1
    assert game.history()[0][-1].target == best                     # went to the best column
    app.close()

    again = launch(code_with_a_move(), fresh=False)                  # after a restart
    assert again.settings.auto_place
    again.close()


def test_without_auto_place_a_drop_on_a_wrong_column_goes_back() -> None:
    app = launch(code_with_a_move())
    driver = EventDriver(app)
    game = app.session.game
    source, _, elsewhere = find_single_card_move(game, False)
    start = driver.card_point(source, len(game.columns[source]) - 1)
    driver.drag(start, driver.column_point(elsewhere))
    driver.settle()
    assert game.moves == 0
    app.close()


def test_double_click_off_does_nothing() -> None:
    app = launch(code_with_a_move())
    driver = EventDriver(app)
    app.open_settings()
    scene = app.scenes.top
    driver.click(field(scene, "settings.double-click").control.rect.center)
    assert app.settings.double_click is False
    driver.key(pygame.K_ESCAPE)
    game = app.session.game
    source, _, _ = find_single_card_move(game, False)
    point = driver.card_point(source, len(game.columns[source]) - 1)
    driver.double_click(point)
    driver.settle()
    assert game.moves == 0

    app.open_settings()
    driver.click(field(app.scenes.top, "settings.double-click").control.rect.center)
    driver.key(pygame.K_ESCAPE)
    driver.double_click(point)
    driver.settle()
    assert game.moves == 1
    app.close()


@pytest.mark.slow
def test_every_setting_can_be_changed_with_the_keyboard() -> None:
    app = launch()
    driver = EventDriver(app)
    app.open_settings()
    scene = app.scenes.top
    assert isinstance(scene.focus.focus, Switch)                # the first setting
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert isinstance(scene.focus.focus, Segments)             # the pages come before it
    seen = []
    for page in range(2):
        driver.key(pygame.K_RIGHT if page else pygame.K_LEFT)  # turn to the page
        assert scene.page == page
        driver.key(pygame.K_TAB)
        more = rounds(100)
        while not isinstance(scene.focus.focus, Button) and more():      # down to the buttons
            focus = scene.focus.focus
            seen.append(focus)
            before = app.settings
            if isinstance(focus, Segments) and focus.options[0].value == "en":
                driver.key(pygame.K_TAB)
                continue                                    # the language: tested below
            driver.key(pygame.K_RIGHT if isinstance(focus, Segments) else pygame.K_SPACE)
            assert app.settings != before, focus
            driver.key(pygame.K_TAB)
        while scene.focus.focus is not scene.focus.focusables()[0] and more():
            driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)     # back up to the pages
    assert len(seen) == 16                              # every setting once, the language twice
    assert isinstance(app.scenes.top, SettingsScene)
    saved = load_settings(storage.data_dir()).value
    assert saved == app.settings
    assert saved.auto_place and not saved.double_click and saved.animation_speed == "fast"
    assert (saved.card_back, saved.table) == ("garnet", "blue")
    app.close()


def test_ctrl_tab_turns_the_settings_pages() -> None:
    app = launch()
    driver = EventDriver(app)
    app.open_settings()
    scene = app.scenes.top
    driver.key(pygame.K_TAB, pygame.KMOD_CTRL)
    assert scene.page == 1
    assert any(isinstance(w, Field) and w.label == tr("settings.sound") for w in widgets(scene))
    driver.key(pygame.K_PAGEDOWN, pygame.KMOD_CTRL)
    assert scene.page == 0
    driver.key(pygame.K_TAB, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert scene.page == 1
    app.close()


def test_language_names_and_choice() -> None:
    app = launch()
    driver = EventDriver(app)
    app.open_settings()
    scene = app.scenes.top
    languages = field(scene, "settings.language").control
    assert [o.label for o in languages.options] == ["English", "Tiếng Việt", "Magyar", "中文"]
    assert languages.options[3].language == "zh"
    driver.click(segment_point(languages, "hu"))
    assert app.settings.language == "hu"
    assert load_settings(storage.data_dir()).value.language == "hu"
    driver.click(segment_point(field(app.scenes.top, "settings.language").control, "en"))
    app.close()


# --------------------------------------------------------------- new game
def test_new_game_from_a_typed_code() -> None:
    app = launch()
    driver = EventDriver(app)
    driver.key(pygame.K_n)
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene)
    driver.click(scene.field.rect.center)
    type_text(driver, "sb1-s4r-abcdefg")
    driver.key(pygame.K_RETURN)
    assert str(app.session.code) == "SB1-S4R-ABCDEFG"
    assert isinstance(app.scenes.top, TableScene)
    assert app.session.game.moves == 0 and len(app.session.game.columns) == 10
    app.close()


def test_an_invalid_code_shows_its_reason_and_starts_nothing() -> None:
    app = launch()
    driver = EventDriver(app)
    before = app.session
    app.open_new_game_dialog()
    scene = app.scenes.top
    driver.click(scene.field.rect.center)
    type_text(driver, "SP1-S1R-AAAAAAA")
    driver.key(pygame.K_RETURN)
    with pytest.raises(DealCodeError) as error:
        DealCode.parse("SP1-S1R-AAAAAAA")
    assert app.scenes.top is scene and app.session is before
    assert scene.error == str(error.value)
    note = field(scene, "newgame.code")
    assert " ".join(note._note_lines) == str(error.value)           # shown under the field
    driver.click(button(scene, "newgame.start").rect.center)        # Start: still refused
    assert app.session is before
    driver.key(pygame.K_BACKSPACE)                                   # editing clears it
    assert scene.error == ""
    app.close()


def test_paste_and_copy_codes() -> None:
    app = launch()
    driver = EventDriver(app)
    app.open_new_game_dialog()
    scene = app.scenes.top
    driver.click(button(scene, "newgame.copy").rect.center)
    assert clipboard_text() == str(app.session.code)
    assert str(app.session.code) in scene.status

    put_clipboard("  so1-s2c-aaaaaab\n")
    driver.click(scene.field.rect.center)
    driver.key(pygame.K_v, pygame.KMOD_CTRL)
    assert scene.field.value == "so1-s2c-aaaaaab"
    driver.click(button(scene, "newgame.start").rect.center)
    assert str(app.session.code) == "SO1-S2C-AAAAAAB"
    app.close()


def test_choices_start_a_random_deal_and_are_remembered() -> None:
    app = launch()
    driver = EventDriver(app)
    app.open_new_game_dialog()
    scene = app.scenes.top
    assert not field(scene, "newgame.rules").control.enabled       # 1 suit: no rule choice
    driver.click(segment_point(field(scene, "newgame.difficulty").control, 4))
    rules = field(scene, "newgame.rules")
    assert rules.control.enabled
    driver.click(segment_point(rules.control, True))
    driver.click(segment_point(field(scene, "newgame.layout").control, "SO"))
    driver.key(pygame.K_RETURN)
    code = app.session.code
    assert (code.layout, code.suits, code.relaxed) == ("SO", 4, True)
    assert len(app.session.game.columns) == 7
    saved = load_settings(storage.data_dir()).value
    assert (saved.layout, saved.suits, saved.relaxed) == ("SO", 4, True)
    app.open_new_game_dialog()
    again = app.scenes.top
    assert (again.layout, again.suits, again.relaxed) == ("SO", 4, True)
    driver.key(pygame.K_ESCAPE)                                      # Esc: nothing starts
    assert app.session.code == code
    app.close()


def test_keyboard_only_new_game() -> None:
    app = launch()
    driver = EventDriver(app)
    app.open_new_game_dialog()
    scene = app.scenes.top
    assert isinstance(scene.focus.focus, Button)                     # Start has the focus
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.focus.focus is not None
    first = scene.focus.focusables()[0]
    for _ in range(len(scene.focus.focusables())):
        if scene.focus.focus is first:
            break
        driver.key(pygame.K_TAB)
    assert scene.focus.focus is first                                # the difficulty
    driver.key(pygame.K_RIGHT)
    assert scene.suits == 2
    driver.key(pygame.K_RETURN)
    assert app.session.code.suits == 2
    app.close()


# ------------------------------------------------------- other dialogs
def test_help_scrolls_and_closes() -> None:
    app = launch()
    driver = EventDriver(app)
    driver.key(pygame.K_F1)
    scene = app.scenes.top
    assert isinstance(scene, HelpScene)
    assert scene.max_scroll > 0
    driver.key(pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    driver.post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0)
    assert scene.scroll > scene.view.h // 2
    driver.key(pygame.K_END)
    assert scene.scroll == scene.max_scroll
    driver.key(pygame.K_HOME)
    assert scene.scroll == 0
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TableScene)
    app.close()


def test_statistics_show_and_reset_with_confirmation() -> None:
    app = launch("SP1-S2C-AAAAAAB")
    driver = EventDriver(app)
    persistence = app.persistence  # type: ignore[attr-defined]
    persistence.statistics.record(stats_key("SP", 2, False), True, 900, 200, 300.0)
    persistence.statistics.record(stats_key("SB", 1, False), False, 400, 20, 30.0)
    app.open_statistics()
    scene = app.scenes.top
    assert isinstance(scene, StatisticsScene) and scene.layout == "SP"
    driver.click(button(scene, "stats.reset").rect.center)
    confirm = app.scenes.top
    assert isinstance(confirm, ConfirmScene)
    driver.key(pygame.K_ESCAPE)                                      # no: nothing lost
    assert persistence.statistics.get(stats_key("SP", 2, False)).won == 1
    driver.click(button(scene, "stats.reset").rect.center)
    driver.click(button(app.scenes.top, "stats.reset-yes").rect.center)
    assert app.scenes.top is scene
    assert persistence.statistics.get(stats_key("SP", 2, False)).played == 0
    assert persistence.statistics.get(stats_key("SB", 1, False)).played == 1  # other layout kept
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TableScene)
    app.close()


def test_win_dialog_plays_the_deal_again() -> None:
    app = launch()
    driver = EventDriver(app)
    app.show_win()
    scene = app.scenes.top
    assert isinstance(scene, WinScene)
    code = app.session.code
    driver.click(button(scene, "win.again").rect.center)
    assert app.session.code == code and isinstance(app.scenes.top, TableScene)
    app.show_win()
    driver.key(pygame.K_RETURN)                                      # Enter: New game
    assert isinstance(app.scenes.top, NewGameScene)
    app.close()


@pytest.mark.slow
def test_menu_reaches_every_dialog() -> None:
    app = launch()
    driver = EventDriver(app)
    for key, kind in (("menu.new-game", NewGameScene), ("menu.statistics", StatisticsScene),
                      ("menu.settings", SettingsScene), ("menu.help", HelpScene)):
        app.open_menu()  # type: ignore[attr-defined]
        driver.click(button(app.scenes.top, key).rect.center)
        assert isinstance(app.scenes.top, kind)
        driver.key(pygame.K_ESCAPE)
        assert isinstance(app.scenes.top, TableScene)
    app.open_menu()  # type: ignore[attr-defined]
    driver.click((5, app.size[1] - 5))                               # a click outside closes
    assert isinstance(app.scenes.top, TableScene)
    app.open_menu()  # type: ignore[attr-defined]
    driver.click(button(app.scenes.top, "menu.quit").rect.center)
    assert not app.running
    app.close()


def test_the_menu_starts_the_demo_and_a_key_stops_it() -> None:
    app = launch()
    driver = EventDriver(app)
    app.open_menu()
    driver.click(button(app.scenes.top, "menu.demo").rect.center)
    hinting = app.table.hinting
    assert app.scenes.top is app.table and hinting.demo
    assert app.table.banner == tr("demo.banner")
    driver.key(pygame.K_SPACE)
    assert not hinting.demo
    app.close()


def test_settings_link_to_statistics_and_help() -> None:
    app = launch()
    driver = EventDriver(app)
    for key, kind in (("menu.statistics", StatisticsScene), ("menu.help", HelpScene)):
        app.open_settings()
        driver.click(button(app.scenes.top, key).rect.center)
        assert isinstance(app.scenes.top, kind)
        driver.key(pygame.K_ESCAPE)
        assert isinstance(app.scenes.top, TableScene)
    app.close()


def test_quit_from_the_table_asks_first() -> None:
    app = launch()
    driver = EventDriver(app)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, ConfirmScene)
    driver.key(pygame.K_ESCAPE)
    assert app.running and isinstance(app.scenes.top, TableScene)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_RETURN)
    assert not app.running
    app.close()


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_every_dialog_fits_its_window(size: tuple[int, int]) -> None:
    app = launch(size=size)
    app.persistence.statistics.record(  # type: ignore[attr-defined]
        stats_key("SP", 1, False), True, 1183, 117, 3723.0)
    scenes = [NewGameScene(app), SettingsScene(app), StatisticsScene(app), HelpScene(app),
              ConfirmScene(app, "confirm.restart", lambda: None), WinScene(app),
              MenuScene(app)]
    window = pygame.Rect((0, 0), size)
    for scene in scenes:
        app.scenes.push(scene)
        app.draw()
        assert window.contains(scene.panel), type(scene).__name__
        for widget in widgets(scene):
            if widget.visible and widget.rect.w:
                assert scene.panel.contains(widget.rect), (type(scene).__name__, widget)
            if isinstance(widget, Button):
                assert text_width(widget.label, scene.style.fs) < widget.rect.w
            if isinstance(widget, TextField | Segments | Switch):
                assert widget.rect.h >= 14
        app.scenes.pop()
    app.close()


# ---------------------------------------------------------- winnable deals
#: Positions each try of the winnable-deal search may expand in tests (the same deal on
#: any machine).
WINNABLE_NODES = 60_000


def _wait_for_worker(app: App) -> None:
    """Until the background worker has nothing queued or running."""
    assert app.worker.wait_idle(5)


def test_winnable_deals_are_searched_without_freezing(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from spider.app.dialogs import newgame

    release = threading.Event()
    asked: list[dict] = []

    def find_winnable_code(layout: str, suits: int, relaxed: bool, rng: random.Random,
                           cancel: threading.Event) -> DealCode:
        asked.append({"layout": layout, "suits": suits, "relaxed": relaxed})
        release.wait(5)
        return DealCode(layout, suits, relaxed, 42)

    monkeypatch.setattr(newgame, "winnable_finder", lambda: find_winnable_code)
    app = launch(threads=False)  # the search in flight while the loop goes on
    driver = EventDriver(app)
    app.open_new_game_dialog()
    scene = app.scenes.top
    driver.click(segment_point(field(scene, "newgame.difficulty").control, 2))
    driver.click(field(scene, "newgame.winnable").control.rect.center)
    assert app.settings.winnable_only is False                       # not before Start
    before = app.session
    driver.key(pygame.K_RETURN)
    assert scene.searching and app.session is before                 # the loop keeps running
    app.run_frames(3)
    assert app.scenes.top is scene and scene.status == tr("newgame.searching")
    release.set()
    _wait_for_worker(app)  # the search ends (a fast loop may not let it run otherwise)
    for _ in range(200):
        app.run_frames(1)
        if not scene.searching:
            break
    assert app.session.code == DealCode("SP", 2, False, 42)
    assert asked == [{"layout": "SP", "suits": 2, "relaxed": False}]
    assert load_settings(storage.data_dir()).value.winnable_only
    app.close()


def test_a_winnable_search_draws_from_the_apps_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search draws its shuffles from the App's ``deals`` (seeded here), so the same
    deal comes at every run; each try is bounded by work, not seconds."""
    from spider.app.dialogs import newgame
    from spider.solver.winnable import find_winnable_code

    by_work = functools.partial(find_winnable_code, seconds_per_try=600.0,
                                nodes_per_try=WINNABLE_NODES)
    monkeypatch.setattr(newgame, "winnable_finder", lambda: by_work)
    app = launch(winnable_only=True)
    app.open_new_game_dialog()
    scene = app.scenes.top
    EventDriver(app).key(pygame.K_RETURN)  # the search on the worker, waited for
    for _ in range(200):
        if not scene.searching:
            break
        app.run_frames(1)
    assert app.session.code == find_winnable_code("SP", 1, False, rng=seeded_deals(),
                                                  seconds_per_try=600.0,
                                                  nodes_per_try=WINNABLE_NODES)
    app.close()


def test_a_winnable_search_can_be_stopped_or_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from spider.app.dialogs import newgame

    def never(layout: str, suits: int, relaxed: bool, rng: random.Random,
              cancel: threading.Event) -> DealCode:
        cancel.wait(5)
        raise TimeoutError("cancelled")

    monkeypatch.setattr(newgame, "winnable_finder", lambda: never)
    app = launch(winnable_only=True, threads=False)  # stopped in flight
    driver = EventDriver(app)
    before = app.session
    app.open_new_game_dialog()
    scene = app.scenes.top
    driver.key(pygame.K_RETURN)
    assert scene.searching
    driver.key(pygame.K_ESCAPE)                                      # Esc stops the search
    _wait_for_worker(app)
    assert not app.worker.working and not scene.searching
    assert app.scenes.top is scene and app.session is before

    monkeypatch.setattr(newgame, "winnable_finder",
                        lambda: lambda **kw: (_ for _ in ()).throw(TimeoutError("none")))
    app.scenes.pop()
    app.open_new_game_dialog()
    scene = app.scenes.top
    driver.key(pygame.K_RETURN)
    _wait_for_worker(app)  # the search ends (a fast loop may not let it run otherwise)
    for _ in range(200):
        app.run_frames(1)
        if not scene.searching:
            break
    assert app.session is not before                                  # a random deal instead
    assert app.table.toast.message == tr("newgame.no-winnable")
    app.close()


# ------------------------------------------------------------- win cascade
def _picture(app: App, hide: pygame.Rect | None = None) -> bytes:
    shot = app.screen.copy()
    if hide is not None:
        shot.fill((255, 0, 255), hide)
    return pygame.image.tobytes(shot, "RGB")


def _whole_redraw(app: App) -> None:
    app.request_redraw()
    app.draw()


@pytest.mark.parametrize("size", [(1280, 720), pytest.param((1920, 1080), marks=pytest.mark.slow)])
def test_the_cascade_frames_show_what_a_whole_redraw_shows(size: tuple[int, int]) -> None:
    """Frames of the cascade draw only what moved, alone and under the win dialog;
    the window must still show what drawing everything again would."""
    app = launch(size=size)
    session = Session(DealCode.parse("SP1-S1C-AAAAAAD"))
    session.game = parse_position(LAST_MOVE_WINS)
    app.start_session(session)
    app.run_until_idle()
    driver = EventDriver(app)
    driver.drag_move(Move(1, 0, 1))
    for _ in range(300):
        app.run_frames(1)
        if app.table.celebration is not None and app.table.celebration.leapers:
            break
    app.run_frames(30)  # cards in the air, trails behind them
    before = _picture(app)
    _whole_redraw(app)
    assert _picture(app) == before
    for _ in range(400):
        app.run_frames(1)
        if isinstance(app.scenes.top, WinScene):
            break
    scene = app.scenes.top
    assert isinstance(scene, WinScene) and not app.table.celebration.done
    app.run_frames(2)
    shown = _picture(app, hide=scene.panel)
    app.run_frames(40)  # the cascade goes on under the dimmed window
    later = _picture(app, hide=scene.panel)
    assert later != shown, "nothing moved under the dialog"
    _whole_redraw(app)
    assert _picture(app, hide=scene.panel) == later
    app.close()
