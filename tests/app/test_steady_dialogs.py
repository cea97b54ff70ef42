"""Dialogs keep their size while their contents change (issue 16, defect 9): nothing the
player can press moves under the pointer after an error appears, a choice changes what
is shown, or the language is switched in Settings. Real events through the real loop."""

from __future__ import annotations

import pygame
import pytest

from spider.app.dialogs import NewGameScene, SettingsScene
from spider.app.dialogs.base import Dialog
from spider.app.ui.focus import walk
from spider.app.ui.widgets import Button, Segments
from spider.text.i18n import LANGUAGES, set_language, tr

#: Both sizes in the whole suite; the quick tier tries 1280 × 720.
SIZES = [pytest.param((1920, 1080), marks=pytest.mark.slow), (1280, 720)]


@pytest.fixture(autouse=True)
def english_afterwards():
    """Tests here play in other languages too: the next test starts in English."""
    yield
    set_language("en")


def pressable(scene: Dialog) -> list[tuple[str, pygame.Rect]]:
    """Every widget the player can press, and where it is, in focus order."""
    scene.ensure()
    return [(type(widget).__name__, pygame.Rect(widget.rect))
            for widget in scene.focus.focusables()]


def buttons(scene: Dialog) -> dict[str, pygame.Rect]:
    scene.ensure()
    return {widget.label: pygame.Rect(widget.rect) for widget in walk(scene.focus.root)
            if isinstance(widget, Button)}


def choice_point(scene: Dialog, values: list[object], value: object) -> tuple[int, int]:
    """Where the choice ``value`` of the Segments holding ``values`` is."""
    scene.ensure()
    for widget in walk(scene.focus.root):
        if isinstance(widget, Segments) and [o.value for o in widget.options] == values:
            return widget._boxes[values.index(value)].center
    raise AssertionError(f"no choice of {values}")


@pytest.mark.parametrize("size", SIZES)
def test_an_error_under_the_deal_code_moves_no_button(play, size: tuple[int, int]) -> None:
    driver = play(size=size)
    driver.key(pygame.K_n)
    scene = driver.app.scenes.top
    assert isinstance(scene, NewGameScene)
    before, panel = pressable(scene), pygame.Rect(scene.panel)
    driver.click(scene.field.rect.center)
    for piece in ("SP1-S4C-", "ABCDEFGHIJKLMNOP"):         # one group far too long
        driver.post(pygame.TEXTINPUT, text=piece)
    driver.key(pygame.K_RETURN)
    assert scene.error                                     # refused, and says why
    assert pressable(scene) == before and scene.panel == panel
    driver.key(pygame.K_BACKSPACE)                          # editing clears the error
    assert not scene.error
    assert pressable(scene) == before and scene.panel == panel
    driver.click(buttons(scene)[tr("newgame.copy")].center)  # "Copied ..." shows
    assert scene.status
    assert pressable(scene) == before and scene.panel == panel


@pytest.mark.parametrize("size", SIZES)
def test_choosing_one_suit_keeps_the_rules_in_place(play, size: tuple[int, int]) -> None:
    driver = play(size=size, suits=4)
    driver.key(pygame.K_n)
    scene = driver.app.scenes.top
    before = buttons(scene)
    driver.click(choice_point(scene, [1, 2, 4], 1))
    assert scene.suits == 1
    assert buttons(scene) == before
    rules = [widget for widget in walk(scene.focus.root) if isinstance(widget, Segments)
             and [o.value for o in widget.options] == [False, True]]
    assert rules and not rules[0].enabled                  # shown, but not a choice
    assert rules[0] not in scene.focus.focusables()


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_switching_language_in_settings_moves_nothing(play, size: tuple[int, int]) -> None:
    driver = play(size=size, language="en")
    driver.app.open_settings()
    scene = driver.app.scenes.top
    assert isinstance(scene, SettingsScene)
    codes = list(LANGUAGES)
    for page in range(2):
        driver.click(choice_point(scene, [0, 1], page))   # the page's tab
        before, panel = pressable(scene), pygame.Rect(scene.panel)
        for language in [*codes[1:], codes[0]]:
            driver.click(choice_point(scene, codes, language))
            assert driver.app.settings.language == language
            assert scene.title() == tr("settings.title", language)
            assert pressable(scene) == before, language
            assert scene.panel == panel, language


@pytest.mark.parametrize("size", SIZES)
def test_turning_the_settings_page_moves_no_button(play, size: tuple[int, int]) -> None:
    driver = play(size=size, language="hu")
    driver.app.open_settings()
    scene = driver.app.scenes.top
    tabs = choice_point(scene, [0, 1], 1)
    before, panel = buttons(scene), pygame.Rect(scene.panel)
    driver.click(tabs)
    assert scene.page == 1
    assert buttons(scene) == before and scene.panel == panel
    assert choice_point(scene, [0, 1], 1) == tabs


@pytest.mark.slow
def test_the_analysis_result_arriving_moves_no_button(play, monkeypatch) -> None:
    """The answer replaces the progress bar: the panel grows upwards, if at all, and the
    button at the bottom right stays under the pointer (Cancel becomes Close)."""
    import threading

    from spider.app.dialogs import analysis
    from spider.app.dialogs.analysis import AnalysisScene
    from tests.app.test_analysis import lost_by_dealing

    gate = threading.Event()
    search = analysis.analyse

    def gated(*args, **kwargs):  # type: ignore[no-untyped-def]
        gate.wait(60)  # the answer comes when the test says so
        return search(*args, **kwargs)
    monkeypatch.setattr(analysis, "analyse", gated)
    monkeypatch.setattr(AnalysisScene, "nodes", 200_000)
    monkeypatch.setattr(AnalysisScene, "seconds", 600.0)
    driver = lost_by_dealing(play)
    driver.click(driver.button_point("menu"))
    entry = buttons(driver.app.scenes.top)[tr("menu.analyse")]
    driver.click(entry.center)
    scene = driver.app.scenes.top
    assert isinstance(scene, AnalysisScene) and scene.result is None
    searching, panel = buttons(scene)[tr("analysis.cancel")], pygame.Rect(scene.panel)
    gate.set()
    assert scene.run.thread is not None
    scene.run.thread.join(120)
    driver.app.run_frames(2)                               # the loop takes the answer
    assert scene.result is not None
    done = buttons(scene)[tr("dialog.close")]
    assert (done.right, done.bottom) == (searching.right, searching.bottom)
    assert scene.panel.bottom == panel.bottom and scene.panel.w >= panel.w
