"""Hints, the demo and the winnability note on the table: real events through the real loop.

The controller runs the engine synchronously here (``threaded = False``), so
answers are deterministic; one test drives the worker thread with a bounded loop.
"""

from __future__ import annotations

import copy
import threading

import pygame
import pytest

from spider.app.dialogs import HelpScene
from spider.app.table import hinting as hinting_module
from spider.app.table import winnability
from spider.app.table.driver import EventDriver
from spider.app.table.hinting import Hinting, last_action
from spider.app.table.winnability import WinCheck
from spider.app.ui.focus import walk
from spider.app.ui.widgets import Field
from spider.model.actions import DEAL, Move
from spider.model.notation import format_position
from spider.solver.hints import suggest
from spider.solver.knowledge import Seen
from spider.text.i18n import tr
from tests.helpers import PATIENCE

CODE = "SP1-S1C-AAAAAAD"
FLIP = """
1: [Kd] 9h 8h 7h
2: Ts
3: 2c
"""
NO_MOVE = """
1: 5s
2: 9h
"""
ONLY_DEAL = """
stock: 2s 3h
1: 5s
2: 9h
"""
ONE_MOVE_TO_WIN = """
1: Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
2: As
"""


@pytest.fixture
def start(play, monkeypatch: pytest.MonkeyPatch):
    """``play`` with the engine answering at once, without the winnability search
    unless asked for."""
    monkeypatch.setattr(Hinting, "threaded", False)
    # No outer time limit: the engine's answer is then the same on a busy machine.
    monkeypatch.setattr(hinting_module, "HINT_SECONDS", None)

    def begin(winnability: bool = False, **options: object) -> EventDriver:
        monkeypatch.setattr(WinCheck, "enabled", winnability)
        return play(**options)

    return begin


def hinting(driver: EventDriver) -> Hinting:
    return driver.table.hinting


def expected_hint(driver: EventDriver):
    """The engine's answer with the table's fixed work and no time limit at all."""
    game = driver.table.game
    return suggest(copy.deepcopy(game), last_action(game), Seen(dict(hinting(driver).seen.known)),
                   None)


def press_h(driver: EventDriver) -> None:
    driver.key(pygame.K_h)


def toast(driver: EventDriver) -> str | None:
    return driver.table.toast.message


def bar_actions(driver: EventDriver) -> list[str]:
    return [button.action for button in driver.table.bar.buttons]


# ---------------------------------------------------------------------- hint
@pytest.mark.slow
def test_h_marks_the_engines_suggestion_and_h_again_plays_exactly_it(start) -> None:
    driver = start(code=CODE, hints=True)
    game = driver.table.game
    wanted = expected_hint(driver)
    assert wanted is not None
    before = format_position(game)
    press_h(driver)
    mark = hinting(driver).mark
    assert mark is not None and mark.action == wanted.action
    assert toast(driver) == wanted.text()
    assert format_position(game) == before  # marking changes nothing
    model = copy.deepcopy(game)
    model.play(wanted.action)
    press_h(driver)
    driver.settle()
    assert format_position(game) == format_position(model)
    assert hinting(driver).mark is None
    assert game.history()[0][-1] == model.history()[0][-1]


def test_the_hint_button_shows_only_with_hints_on_and_works_like_h(start) -> None:
    driver = start(position=FLIP, hints=True)
    assert "hint" in bar_actions(driver)
    driver.click(driver.button_point("hint"))
    assert hinting(driver).mark is not None
    assert hinting(driver).mark.action == Move(0, 1, 3)
    driver.click(driver.button_point("hint"))
    driver.settle()
    game = driver.table.game
    assert [str(slot.card) for slot in game.columns[1]] == ["Ts", "9h", "8h", "7h"]
    assert game.columns[0][0].face_up


def test_with_hints_off_h_only_says_where_to_turn_them_on(start) -> None:
    driver = start(position=FLIP)
    assert "hint" not in bar_actions(driver)
    before = format_position(driver.table.game)
    assert toast(driver) is None
    press_h(driver)
    press_h(driver)
    driver.settle()
    assert hinting(driver).mark is None and not hinting(driver).thinking
    assert toast(driver) == tr("table.hints-off")
    assert format_position(driver.table.game) == before


def test_turning_hints_off_clears_the_mark_and_removes_the_button(start) -> None:
    driver = start(position=FLIP, hints=True)
    press_h(driver)
    assert hinting(driver).mark is not None
    app = driver.app
    app.apply_settings(app.settings.with_(hints=False))
    assert hinting(driver).mark is None
    assert "hint" not in bar_actions(driver)
    app.apply_settings(app.settings.with_(hints=True))
    assert "hint" in bar_actions(driver)


@pytest.mark.parametrize("other", ["key", "click", "drag"])
def test_any_other_action_clears_the_mark(start, other: str) -> None:
    driver = start(position=FLIP, hints=True)
    press_h(driver)
    assert hinting(driver).mark is not None
    if other == "key":
        driver.key(pygame.K_a)  # auto-place on: not a move, still another action
    elif other == "click":
        driver.click((driver.table.geometry.size[0] - 5, driver.table.geometry.size[1] // 2))
    else:
        driver.drag_move(Move(2, 1, 1))
    assert hinting(driver).mark is None
    driver.settle()


def test_a_second_h_after_another_action_asks_again_instead_of_playing(start) -> None:
    driver = start(position=FLIP, hints=True)
    press_h(driver)
    driver.key(pygame.K_a)
    before = format_position(driver.table.game)
    press_h(driver)
    assert hinting(driver).mark is not None
    assert format_position(driver.table.game) == before


def test_no_useful_move_says_so(start) -> None:
    driver = start(position=NO_MOVE, hints=True)
    press_h(driver)
    assert hinting(driver).mark is None
    assert toast(driver) == tr("hint.none")


def test_a_deal_hint_marks_the_stock_and_h_again_deals(start) -> None:
    driver = start(position=ONLY_DEAL, hints=True)
    press_h(driver)
    mark = hinting(driver).mark
    assert mark is not None and mark.action is DEAL
    driver.app.draw()  # the stock's mark draws
    press_h(driver)
    driver.settle()
    game = driver.table.game
    assert game.deals_left == 0 and game.moves == 1


@pytest.mark.slow
def test_undo_redo_dialogs_and_new_games_cancel_hint_work(start) -> None:
    driver = start(code=CODE, hints=True)
    table = driver.table
    press_h(driver)
    table.perform(hinting(driver).mark.action)
    driver.settle()
    for step in ("undo", "redo", "dialog", "restart", "new"):
        press_h(driver)
        assert hinting(driver).mark is not None, step
        if step in ("undo", "redo"):
            driver.key(pygame.K_z if step == "undo" else pygame.K_y, pygame.KMOD_CTRL)
        elif step == "dialog":
            driver.app.scenes.push(HelpScene(driver.app))
            driver.app.scenes.pop()
        elif step == "restart":
            driver.app.restart()
        else:
            driver.app.open_new_game_dialog()
        assert hinting(driver).mark is None, step
        driver.settle()


def test_seen_cards_are_recorded_and_kept_through_undo(start) -> None:
    driver = start(position=FLIP, hints=True)
    driver.drag_move(Move(0, 1, 3))
    driver.settle()
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.settle()
    assert not driver.table.game.columns[0][0].face_up
    assert [str(card) for card in hinting(driver).seen.known.values()] == ["Kd"]


def test_a_resumed_game_remembers_the_cards_its_player_saw() -> None:
    from spider.app.clock import ManualClock
    from spider.app.loop import App
    from spider.data.persistence import load_saved, save_game
    from spider.data.session import Session
    from spider.data.settings import Settings, save_settings
    from spider.data.storage import data_dir
    from spider.model.actions import CardsDealt
    from spider.model.dealcode import DealCode

    session = Session(DealCode.parse(CODE))
    dealt = session.game.play(DEAL)
    session.game.undo()  # the ten cards went back into the stock, seen
    save_game(data_dir(), session)
    save_settings(data_dir(), Settings(fullscreen=False, hints=True))
    app = App(saved=load_saved(), size=(1280, 720), clock=ManualClock())  # as at start-up
    try:
        app.run_until_idle()
        assert app.session.game.history() == session.game.history()
        seen = sorted(map(str, app.table.hinting.seen.known.values()))
        assert seen == sorted(str(card) for event in dealt.events
                              if isinstance(event, CardsDealt) for card in event.cards)
    finally:
        app.close()


@pytest.mark.slow
def test_the_worker_thread_answers_without_touching_the_live_game(play, monkeypatch) -> None:
    monkeypatch.setattr(WinCheck, "enabled", False)
    monkeypatch.setattr(hinting_module, "HINT_SECONDS", None)
    driver = play(code=CODE, hints=True, threads=False)  # the hint takes real time
    table, game = driver.table, driver.table.game
    wanted = expected_hint(driver)
    given: list[object] = []
    real = hinting_module.suggest

    def spy(snapshot, *args, **kwargs):
        given.append(snapshot)
        return real(snapshot, *args, **kwargs)

    monkeypatch.setattr(hinting_module, "suggest", spy)
    before, history = format_position(game), game.history()
    press_h(driver)
    assert table.hinting.thinking  # the loop went on: the answer comes later
    driver.app.run_frames(3)  # the loop's clock moves on as in play
    assert format_position(game) == before
    assert hinting(driver).worker.wait_idle(PATIENCE)
    driver.app.run_frames(2)  # the next passes take the answer
    assert format_position(game) == before
    assert table.hinting.mark is not None and not table.hinting.thinking
    assert table.hinting.mark.action == wanted.action
    assert given and given[0] is not game
    assert game.history() == history
    press_h(driver)
    assert format_position(game) != before


def test_a_stale_threaded_answer_is_dropped(play, monkeypatch) -> None:
    monkeypatch.setattr(WinCheck, "enabled", False)
    release = threading.Event()
    engine = hinting_module.suggest

    def held(*args: object) -> object:
        release.wait(PATIENCE)
        return engine(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(hinting_module, "suggest", held)
    driver = play(position=FLIP, hints=True, threads=False)  # the answer comes when it comes
    press_h(driver)
    driver.key(pygame.K_a)  # another action before the answer: nothing will be marked
    assert not hinting(driver).thinking
    release.set()
    assert hinting(driver).worker.wait_idle(PATIENCE)
    driver.app.step()
    assert hinting(driver).mark is None


# ---------------------------------------------------------------------- demo
@pytest.mark.slow
def test_the_demo_plays_several_actions_and_a_key_stops_it(start) -> None:
    driver = start(code=CODE)  # hints off: the demo is a command of its own
    game = driver.table.game
    driver.key(pygame.K_h, pygame.KMOD_SHIFT)
    assert hinting(driver).demo
    for _ in range(3000):
        driver.app.run_frames(1)
        if game.moves >= 3:
            break
    assert game.moves >= 3 and hinting(driver).demo
    deals = game.deals_left
    driver.key(pygame.K_d)  # stops the demo, and does not deal
    assert not hinting(driver).demo
    assert toast(driver) == tr("hint.demo-stop")
    moves = game.moves
    driver.settle()
    driver.app.run_frames(60)
    assert game.moves == moves and game.deals_left == deals
    assert driver.table.board.matches(game)


@pytest.mark.slow
def test_a_click_stops_the_demo(start) -> None:
    driver = start(code=CODE)
    driver.key(pygame.K_h, pygame.KMOD_SHIFT)
    game = driver.table.game
    for _ in range(3000):
        driver.app.run_frames(1)
        if game.moves >= 1:
            break
    moves = game.moves
    driver.click(driver.button_point("undo"))  # stops the demo, and does not undo
    assert not hinting(driver).demo
    driver.settle()
    assert game.moves == moves >= 1


def test_the_demo_plays_to_the_win(start) -> None:
    driver = start(position=ONE_MOVE_TO_WIN)
    driver.key(pygame.K_h, pygame.KMOD_SHIFT)
    driver.app.run_frames(120)
    assert driver.table.game.is_won
    assert not hinting(driver).demo


def test_the_demo_gives_up_when_nothing_is_useful(start) -> None:
    driver = start(position=NO_MOVE)
    driver.key(pygame.K_h, pygame.KMOD_SHIFT)
    driver.app.run_frames(5)
    assert not hinting(driver).demo
    assert toast(driver) == tr("hint.demo-none")


# --------------------------------------------------------------- winnability
@pytest.mark.slow
def test_the_bar_says_whether_the_deal_can_still_be_won(start) -> None:
    driver = start(winnability=True, position=ONE_MOVE_TO_WIN, win_check=True)
    assert hinting(driver).wins.status == tr("table.winnable")
    driver.app.draw()
    lost = start(winnability=True, position=NO_MOVE, win_check=True)
    assert lost.table.hinting.wins.status == tr("table.no-win-found")
    off = start(winnability=True, position=ONE_MOVE_TO_WIN, hints=True)
    assert off.table.hinting.wins.status is None


def test_the_can_still_win_search_is_cut_by_positions_not_by_the_clock(start, monkeypatch) -> None:
    # Three moves from the win: one position expanded is not enough to see it, whatever
    # the machine's speed; the table's budget is.
    three_moves = """
1: Ks Qs Js Ts 9s 8s 7s 6s 5s 4s
2: 3s
3: 2s
4: As
"""
    driver = start(winnability=True, position=three_moves, win_check=True)
    assert hinting(driver).wins.status == tr("table.winnable")
    monkeypatch.setattr(winnability, "WIN_NODES", 1)
    cut = start(winnability=True, position=three_moves, win_check=True)
    assert cut.table.hinting.wins.status == tr("table.no-win-found")


def test_the_settings_switch_turns_the_can_still_win_note_on(start) -> None:
    driver = start(winnability=True, position=ONE_MOVE_TO_WIN)
    assert hinting(driver).wins.status is None
    driver.app.open_settings()
    field = next(widget for widget in walk(driver.app.scenes.top.focus.root)
                 if isinstance(widget, Field) and widget.label == tr("settings.win-check"))
    driver.click(field.control.rect.center)
    assert driver.app.settings.win_check, "the switch did not turn"
    driver.key(pygame.K_ESCAPE)
    driver.app.run_frames(2)  # a moment of calm: the search runs
    assert hinting(driver).wins.status == tr("table.winnable")


def test_the_help_lists_the_hint_and_demo_keys() -> None:
    from spider.app.dialogs.help import HELP_KEYS

    assert ("help.key.hint", "help.do.hint") in HELP_KEYS
    assert ("help.key.demo", "help.do.demo") in HELP_KEYS
