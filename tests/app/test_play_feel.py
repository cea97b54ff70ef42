"""Play feel: the player is always in charge (issue 16), through real events and the
real loop."""

from __future__ import annotations

import pygame
import pytest

from spider.app.dialogs import ConfirmScene, WinScene
from spider.app.ui.focus import walk
from spider.app.ui.widgets import Label
from spider.model.actions import DEAL
from spider.text.i18n import set_language, tr


@pytest.fixture(autouse=True)
def english_afterwards():
    """Tests here play in other languages too: the next test starts in English."""
    yield
    set_language("en")


def dialog_texts(app) -> list[str]:
    scene = app.scenes.top
    return [widget.string for widget in walk(scene.focus.root) if isinstance(widget, Label)]


@pytest.mark.slow
def test_restart_says_the_game_in_progress_counts_as_a_loss(play) -> None:
    driver = play(code="SP1-S1C-AAAAAAD")
    driver.click(driver.stock_point())
    driver.settle()
    driver.click(driver.button_point("restart"))
    assert isinstance(driver.app.scenes.top, ConfirmScene)
    assert tr("newgame.counts-as-loss") in dialog_texts(driver.app)
    driver.key(pygame.K_RETURN)
    driver.settle()
    stats = driver.app.persistence.statistics.get("SP-1-classic")
    assert (stats.played, stats.won) == (1, 0)
    assert driver.table.game.history() == ([], [])


def test_restart_of_a_game_already_counted_does_not_say_so_again(play) -> None:
    driver = play(code="SP1-S1C-AAAAAAD")
    driver.table.perform(DEAL)
    driver.settle()
    driver.app.persistence.record_loss(driver.app.session)
    driver.click(driver.button_point("restart"))
    assert tr("newgame.counts-as-loss") not in dialog_texts(driver.app)


# ------------------------------------------------------------- full screen
def put_window(driver, corner: tuple[int, int], size: tuple[int, int] | None = None) -> None:
    """Move (and resize) the window as the player does: SDL sends the events."""
    if size is not None:
        driver.resize(size)
    pygame.display.set_window_position(corner)
    driver.settle()


def test_full_screen_after_windowed_covers_the_display_from_its_corner(play, monkeypatch) -> None:
    driver = play(size=(1536, 864))
    put_window(driver, (192, 108))
    opened: list[tuple[tuple[int, int], tuple[int, int]]] = []
    set_mode = pygame.display.set_mode

    def spy(size, flags=0, *args, **kwargs):
        if flags & pygame.FULLSCREEN:
            opened.append((pygame.display.get_window_position(), tuple(size)))
        return set_mode(size, flags, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", spy)
    driver.key(pygame.K_F11)
    driver.settle()
    desktop = pygame.display.get_desktop_sizes()[0]
    assert opened == [((0, 0), desktop)]
    assert driver.app.size == desktop


@pytest.mark.slow
def test_leaving_full_screen_restores_the_window_the_player_chose(play, tmp_path) -> None:
    from spider.data.persistence import load_saved
    from spider.data.storage import data_dir

    driver = play(size=(1280, 720))
    put_window(driver, (120, 80), (1000, 700))
    driver.key(pygame.K_F11)
    driver.settle()
    assert driver.app.fullscreen
    driver.key(pygame.K_F11)
    driver.settle()
    assert driver.app.size == (1000, 700)
    assert pygame.display.get_window_position() == (120, 80)
    driver.key(pygame.K_q, pygame.KMOD_CTRL)
    assert load_saved(data_dir()).settings.window == (120, 80, 1000, 700)


# -------------------------------------------------------------------- clock
def clock_after(driver, seconds: float = 2.0) -> float:
    """The game clock after ``seconds`` of the loop running."""
    driver.app.run_frames(round(seconds * 60))
    return driver.app.session.elapsed


@pytest.mark.slow
def test_the_clock_stops_while_a_dialog_covers_the_table(play) -> None:
    driver = play()
    driver.click(driver.stock_point())
    driver.settle()
    running = clock_after(driver)
    assert running > 1.5
    for opened in ("menu", "help", "settings", "statistics"):
        if opened == "menu":
            driver.click(driver.button_point("menu"))
        else:
            getattr(driver.app, f"open_{opened}")()
        driver.settle()
        assert driver.app.scenes.top is not driver.table
        paused = driver.app.session.elapsed
        assert clock_after(driver) == paused, opened
        driver.key(pygame.K_ESCAPE)
        driver.settle()
        assert driver.app.scenes.top is driver.table
        assert clock_after(driver) > paused + 1.5


def test_the_clock_stops_while_the_window_is_minimised(play) -> None:
    driver = play()
    driver.click(driver.stock_point())
    driver.settle()
    driver.post(pygame.WINDOWMINIMIZED)
    paused = driver.app.session.elapsed
    assert clock_after(driver) == paused
    driver.post(pygame.WINDOWRESTORED)
    assert clock_after(driver) > paused + 1.5


# ------------------------------------------------------------ can still win
TWO_MOVES_TO_WIN = """
1: Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s
2: 2s
3: As
"""


def test_the_can_still_win_note_stays_faded_while_it_is_checked_again(play, monkeypatch) -> None:
    from spider.app.table.hinting import Hinting

    monkeypatch.setattr(Hinting, "threaded", False)
    driver = play(position=TWO_MOVES_TO_WIN, win_check=True)
    hinting = driver.table.hinting
    assert hinting.wins.status == tr("table.winnable")
    driver.double_click(driver.card_point(2, 0))  # the ace flies onto the two
    assert driver.table.board.moving
    assert hinting.wins.status == tr("table.winnable")  # the last answer, not nothing
    assert hinting.wins.rechecking
    driver.settle()
    assert driver.table.game.columns[2] == []
    assert hinting.wins.status == tr("table.winnable") and not hinting.wins.rechecking


# ----------------------------------------------------------------- settings
ABOUT = {"double_click": "double-click", "auto_place": "auto-place",
         "placement_help": "placement-help", "rule_reminders": "rule-reminders",
         "hints": "hints", "win_check": "win-check"}


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "vi", "hu", "zh"])
def test_each_playing_setting_is_explained_under_its_name(play, language: str) -> None:
    from spider.app.dialogs import SettingsScene
    from spider.app.ui.widgets import Field

    driver = play(language=language, size=(1920, 1080))
    driver.click(driver.button_point("menu"))
    driver.settle()
    menu = driver.app.scenes.top
    entry = next(widget for widget in walk(menu.focus.root)
                 if getattr(widget, "label", None) == tr("menu.settings"))
    driver.click(entry.rect.center)
    driver.settle()
    assert isinstance(driver.app.scenes.top, SettingsScene)
    fields = {widget.label: widget for widget in walk(driver.app.scenes.top.focus.root)
              if isinstance(widget, Field)}
    for key in ABOUT.values():
        field = fields[tr(f"settings.{key}")]
        assert field.note is not None and field.note() == tr(f"settings.about.{key}")
        assert field._note_lines, key  # drawn under the name


@pytest.mark.parametrize(("language", "size"), [
    pytest.param(language, size, marks=[] if (language, size) == ("en", (1280, 720))
                 else [pytest.mark.slow])
    for language in ("en", "vi", "hu", "zh") for size in ((1280, 720), (1024, 768))])
def test_the_descriptions_are_readable_in_smaller_windows(play, language: str,
                                                          size: tuple[int, int]) -> None:
    from spider.app.dialogs import SettingsScene
    from spider.app.ui.widgets import Field

    driver = play(language=language, size=size)
    driver.key(pygame.K_m)
    entry = next(widget for widget in walk(driver.app.scenes.top.focus.root)
                 if getattr(widget, "label", None) == tr("menu.settings"))
    driver.click(entry.rect.center)
    scene = driver.app.scenes.top
    assert isinstance(scene, SettingsScene)
    fields = {widget.label: widget for widget in walk(scene.focus.root)
              if isinstance(widget, Field)}
    for key in ABOUT.values():
        assert fields[tr(f"settings.{key}")]._note_lines, key     # drawn under the name
    assert scene.style.small >= 12                                   # at a readable size
    assert all(scene.panel.contains(field.rect) for field in fields.values())


def test_the_a_key_says_which_way_auto_place_went(play) -> None:
    driver = play()
    driver.key(pygame.K_a)
    assert driver.app.settings.auto_place
    assert driver.table.toast.message == tr("table.auto-place-on")
    driver.key(pygame.K_a)
    assert not driver.app.settings.auto_place
    assert driver.table.toast.message == tr("table.auto-place-off")


# --------------------------------------------------------------------- demo
ONE_MOVE_TO_WIN = """
1: Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
2: As
"""


def start_demo_from_the_menu(driver) -> None:
    driver.click(driver.button_point("menu"))
    driver.settle()
    entry = next(widget for widget in walk(driver.app.scenes.top.focus.root)
                 if getattr(widget, "label", None) == tr("menu.demo"))
    driver.click(entry.rect.center)


def test_a_game_the_demo_played_in_is_never_counted(play, monkeypatch) -> None:
    from spider.app.table.hinting import Hinting
    from spider.app.table.winnability import WinCheck

    monkeypatch.setattr(Hinting, "threaded", False)
    monkeypatch.setattr(WinCheck, "enabled", False)
    driver = play(position=ONE_MOVE_TO_WIN)
    start_demo_from_the_menu(driver)
    assert driver.table.hinting.demo
    for _ in range(20):
        driver.app.run_frames(30)
        if driver.table.game.is_won:
            break
    driver.settle()
    assert driver.table.game.is_won
    assert driver.app.session.demo_played
    assert driver.app.persistence.statistics.get("SP-1-classic").played == 0
    for _ in range(20):  # the celebration, then the dialog
        if isinstance(driver.app.scenes.top, WinScene):
            break
        driver.app.run_frames(60)
    assert driver.app.scenes.top.title() == tr("demo.won")
    assert tr("demo.not-counted") in dialog_texts(driver.app)
    driver.app.restart()  # nor a loss, when the player starts it over
    assert driver.app.persistence.statistics.get("SP-1-classic").played == 0


def test_the_demo_banner_stays_for_as_long_as_the_demo_plays(play, monkeypatch) -> None:
    from spider.app.table.winnability import WinCheck

    monkeypatch.setattr(WinCheck, "enabled", False)
    driver = play(code="SP1-S1C-AAAAAAD")
    start_demo_from_the_menu(driver)
    for _ in range(10):  # seconds of demo: the banner never fades
        driver.app.run_frames(60)
        assert driver.table.hinting.demo
        assert driver.table.banner == tr("demo.banner")
    driver.key(pygame.K_SPACE)
    assert driver.table.banner is None and not driver.table.hinting.demo


@pytest.mark.slow
def test_restarting_a_game_the_demo_played_in_does_not_say_it_counts(play, monkeypatch) -> None:
    from spider.app.table.hinting import Hinting
    from spider.app.table.winnability import WinCheck

    monkeypatch.setattr(Hinting, "threaded", False)
    monkeypatch.setattr(WinCheck, "enabled", False)
    driver = play(code="SP1-S1C-AAAAAAD")
    start_demo_from_the_menu(driver)
    driver.app.run_frames(120)
    driver.key(pygame.K_SPACE)
    assert driver.app.session.started and driver.app.session.demo_played
    driver.click(driver.button_point("restart"))
    assert tr("newgame.counts-as-loss") not in dialog_texts(driver.app)


# --------------------------------------------------------------- auto-place
DEAL_CODE = "SP1-S2C-AAAABMT"  # 7♠ ends column 3, 7♥ column 8, 6♥ column 9


def top(driver, column: int) -> str:
    return str(driver.table.game.columns[column][-1].card)


def drag_last_card(driver, source: int, end: tuple[int, int]) -> None:
    game = driver.table.game
    driver.drag(driver.card_point(source, len(game.columns[source]) - 1), end)
    driver.settle()


def test_auto_place_keeps_a_group_released_on_a_column_that_takes_it(play) -> None:
    driver = play(code=DEAL_CODE, size=(1920, 1080), auto_place=True)
    assert (top(driver, 2), top(driver, 7), top(driver, 8)) == ("7s", "7h", "6h")
    drag_last_card(driver, 8, driver.column_point(2))
    assert top(driver, 2) == "6h" and top(driver, 7) == "7h"


def test_auto_place_sends_a_group_released_elsewhere_to_the_best_column(play) -> None:
    driver = play(code=DEAL_CODE, size=(1920, 1080), auto_place=True)
    drag_last_card(driver, 8, driver.column_point(0))  # 3♠ does not take 6♥
    assert top(driver, 7) == "6h" and driver.table.game.moves == 1
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.settle()
    below = driver.table.geometry.runs_box.y - 10  # the felt under the columns
    drag_last_card(driver, 8, (driver.table.geometry.size[0] // 2, below))
    assert top(driver, 7) == "6h"


def test_auto_place_with_no_legal_place_glides_back_with_the_reminder(play) -> None:
    driver = play(position="1: 5s\n2: 9h\n3: Kd\n", auto_place=True)
    drag_last_card(driver, 0, driver.column_point(1))
    assert driver.table.game.moves == 0 and top(driver, 0) == "5s"
    assert driver.table.toast.message == tr("table.nowhere")
    assert_at_rest(driver)


def test_without_auto_place_a_group_released_off_the_columns_glides_back(play) -> None:
    driver = play(code=DEAL_CODE, size=(1920, 1080))
    below = driver.table.geometry.runs_box.y - 10
    drag_last_card(driver, 8, (driver.table.geometry.size[0] // 2, below))
    assert driver.table.game.moves == 0
    assert_at_rest(driver)


def assert_at_rest(driver) -> None:
    from tests.app.test_play import assert_settled

    assert driver.table.dragging is None
    assert_settled(driver)


# ------------------------------------------------ drags that end off the table
@pytest.mark.parametrize("auto_place", [True, False])
def test_a_drag_released_outside_the_window_changes_nothing(play, auto_place: bool) -> None:
    driver = play(code=DEAL_CODE, size=(1280, 720), auto_place=auto_place)
    start = driver.card_point(8, len(driver.table.game.columns[8]) - 1)
    driver.press(start)
    driver.move((start[0] + 30, start[1] + 30))
    driver.post(pygame.WINDOWLEAVE)
    driver.release((1400, 300))  # SDL reports a release outside the window too
    driver.settle()
    assert driver.table.game.moves == 0
    assert_at_rest(driver)


@pytest.mark.parametrize("auto_place", [True, False])
def test_a_drag_interrupted_by_focus_loss_changes_nothing(play, auto_place: bool) -> None:
    driver = play(code=DEAL_CODE, size=(1280, 720), auto_place=auto_place)
    start = driver.card_point(8, len(driver.table.game.columns[8]) - 1)
    driver.press(start)
    driver.move(driver.column_point(2))
    driver.post(pygame.WINDOWFOCUSLOST)
    driver.release(driver.column_point(2))
    driver.settle()
    assert driver.table.game.moves == 0
    assert_at_rest(driver)


def test_a_release_lost_outside_the_window_is_noticed_when_the_pointer_returns(play) -> None:
    driver = play(code=DEAL_CODE, size=(1280, 720), auto_place=True)
    start = driver.card_point(8, len(driver.table.game.columns[8]) - 1)
    driver.press(start)
    driver.move((start[0] + 30, start[1] + 30))
    driver.post(pygame.WINDOWLEAVE)
    driver.post(pygame.WINDOWENTER)
    driver.move(driver.column_point(2), held=False)  # the button came up outside
    driver.settle()
    assert driver.table.game.moves == 0
    assert_at_rest(driver)


def test_a_pointer_that_leaves_and_comes_back_before_the_release_still_drops(play) -> None:
    driver = play(code=DEAL_CODE, size=(1920, 1080))
    start = driver.card_point(8, len(driver.table.game.columns[8]) - 1)
    driver.press(start)
    driver.move((start[0] + 30, start[1] + 30))
    driver.post(pygame.WINDOWLEAVE)
    driver.post(pygame.WINDOWENTER)
    driver.move(driver.column_point(2))
    driver.release(driver.column_point(2))
    driver.settle()
    assert top(driver, 2) == "6h"


# ----------------------------------------------------------------------- Esc
def test_esc_takes_back_one_layer_at_a_time(play, monkeypatch) -> None:
    from spider.app.table.hinting import Hinting
    from spider.app.table.winnability import WinCheck

    monkeypatch.setattr(Hinting, "threaded", False)
    monkeypatch.setattr(WinCheck, "enabled", False)
    driver = play(code=DEAL_CODE, size=(1920, 1080), hints=True)
    table = driver.table
    # A drag in progress.
    start = driver.card_point(8, len(table.game.columns[8]) - 1)
    driver.press(start)
    driver.move((start[0] + 40, start[1] + 40))
    assert table.dragging is not None
    driver.key(pygame.K_ESCAPE)
    assert table.dragging is None and driver.app.scenes.top is table
    driver.release((start[0] + 40, start[1] + 40))
    driver.settle()
    # A marked hint.
    driver.key(pygame.K_h)
    assert table.hinting.mark is not None
    driver.key(pygame.K_ESCAPE)
    assert table.hinting.mark is None and driver.app.scenes.top is table
    # The demo.
    driver.key(pygame.K_h, pygame.KMOD_SHIFT)
    assert table.hinting.demo
    driver.key(pygame.K_ESCAPE)
    assert not table.hinting.demo and driver.app.scenes.top is table
    # A dialog.
    driver.app.open_settings()
    driver.key(pygame.K_ESCAPE)
    assert driver.app.scenes.top is table
    # Only then, on the bare table: quit?
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.app.scenes.top, ConfirmScene)
    assert driver.app.scenes.top.message_key == "confirm.quit"


# ---------------------------------------------------------------- celebration
def test_closing_the_win_dialog_shows_the_clean_table(play) -> None:
    driver = play(position=ONE_MOVE_TO_WIN)
    driver.double_click(driver.card_point(1, 0))
    for _ in range(40):  # the celebration runs until the dialog shows
        if isinstance(driver.app.scenes.top, WinScene):
            break
        driver.app.run_frames(30)
    assert isinstance(driver.app.scenes.top, WinScene)
    driver.key(pygame.K_ESCAPE)
    driver.settle()
    assert driver.app.scenes.top is driver.table
    assert driver.table.controller.celebration is None
    shown = driver.app.screen.copy()
    fresh = pygame.Surface(shown.get_size())
    driver.table.draw(fresh)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(fresh, "RGB")


# ------------------------------------------------------------- deal-code field
def test_the_deal_code_field_selects_all_with_ctrl_a_or_a_double_click(play) -> None:
    from spider.app.dialogs import NewGameScene

    driver = play()
    driver.key(pygame.K_n)
    scene = driver.app.scenes.top
    assert isinstance(scene, NewGameScene)
    field = scene.field
    driver.click(field.rect.center)
    driver.post(pygame.TEXTINPUT, text="SP1-S1C-AAAAAAB")
    driver.key(pygame.K_HOME)
    assert field.caret == 0
    driver.key(pygame.K_END)
    assert field.caret == len(field.value)
    driver.key(pygame.K_a, pygame.KMOD_CTRL)
    driver.post(pygame.TEXTINPUT, text="SP1-S2C-AAAABMT")  # replaces what was selected
    assert field.value == "SP1-S2C-AAAABMT"
    driver.double_click(field.rect.center)
    assert field.selected
    driver.key(pygame.K_BACKSPACE)
    assert field.value == ""


def test_ctrl_c_on_the_table_copies_the_deal_code(play, monkeypatch) -> None:
    from spider.app.table import controller

    copied: list[str] = []
    monkeypatch.setattr(controller, "put_clipboard", lambda text: copied.append(text) or True)
    driver = play(code=DEAL_CODE)
    driver.key(pygame.K_c, pygame.KMOD_LCTRL)
    assert copied == [DEAL_CODE]
    assert driver.table.toast.message == tr("table.code-copied", code=DEAL_CODE)
    assert driver.table.game.moves == 0  # and nothing else happened


def test_clicking_the_deal_code_in_the_bar_copies_it(play) -> None:
    from spider.app.ui.clipboard import clipboard_text

    driver = play(code=DEAL_CODE)
    driver.app.draw()
    box = driver.table.bar.code_box
    assert box is not None
    driver.click(box.center)
    message = driver.table.toast.message
    assert message in (tr("table.code-copied", code=DEAL_CODE),
                       tr("newgame.no-clipboard", code=DEAL_CODE))
    if message == tr("table.code-copied", code=DEAL_CODE):
        assert clipboard_text() == DEAL_CODE
