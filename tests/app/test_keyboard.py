"""Keyboard play on the table: real key events through the real loop."""

from __future__ import annotations

import pygame
import pytest

from spider.app.dialogs import (
    ConfirmScene,
    HelpScene,
    MenuScene,
    NewGameScene,
    SettingsScene,
    StatisticsScene,
    WinScene,
)
from spider.app.table.driver import EventDriver
from spider.app.table.keyboard import STOCK
from spider.app.table.scene import TableScene
from spider.app.ui.widgets import Button
from spider.model.actions import Move
from spider.model.game import IllegalAction
from spider.model.notation import parse_moves
from spider.text.i18n import tr
from tests.helpers import rounds
from tests.winning_lines import WINNING_LINES

TEN = """
1: [Kd] 9h 8h 7h
2: Ts
3: 5c
4: 2d
5: 3s
6: Kc
7: 6c
8: 4h
9: Qd
10: 6s
"""


def digit(driver: EventDriver, number: int) -> None:
    driver.key(pygame.K_0 + number % 10)


def typed(driver: EventDriver, source: int, target: int) -> None:
    """Type a move: 1-based column numbers, 10 typed as 0."""
    digit(driver, source)
    digit(driver, target)


def focus_on(driver: EventDriver, place: int) -> None:
    """Tab until the ring is on ``place`` (a column or the stock)."""
    keys = driver.table.input.keys
    for _ in range(13):
        if keys.visible and keys.focus == place:
            return
        driver.key(pygame.K_TAB)
    raise AssertionError(f"the focus never reached {place}")


def wait(driver: EventDriver, seconds: float) -> None:
    """Let ``seconds`` pass on the manual clock, a tenth at a time."""
    for _ in range(round(seconds * 10)):
        driver.app.clock.sleep(0.1)
        driver.app.step()


def columns(driver: EventDriver) -> list[list[str]]:
    return [[str(slot.card) for slot in column] for column in driver.table.game.columns]


def test_typed_moves_play_what_the_notation_plays_including_the_tenth_column(play) -> None:
    driver = play(position=TEN)
    typed(driver, 10, 1)  # the 6s onto the 7h: "0" is the tenth column
    assert columns(driver)[0][-1] == "6s" and columns(driver)[9] == []
    typed(driver, 3, 10)  # the 5c onto the empty tenth column
    assert columns(driver)[9] == ["5c"] and driver.table.game.moves == 2


def test_a_typed_move_is_the_model_s_fitting_group(play) -> None:
    driver = play(position="""
1: [Kd] 9h 8h 7h 6h
2: 8c
3: Ts
""")
    typed(driver, 1, 2)  # onto the 8c only 7h 6h fit
    assert columns(driver) == [["Kd", "9h", "8h"], ["8c", "7h", "6h"], ["Ts"]]
    typed(driver, 1, 3)
    assert columns(driver)[2] == ["Ts", "9h", "8h"]


def test_a_refused_typed_move_shows_its_reminder_and_moves_nothing(play) -> None:
    driver = play(position=TEN)
    game = driver.table.game
    with pytest.raises(IllegalAction) as error:
        game.check(Move(1, 2, None))
    typed(driver, 2, 3)
    assert game.moves == 0
    assert driver.table.toast.message == error.value.explanation()


def test_one_deck_accepts_only_the_seven_columns(play) -> None:
    driver = play(code="SO1-S1C-AAAAAAB")
    digit(driver, 8)
    keys = driver.table.input.keys
    assert keys.pending is None
    assert driver.table.toast.message == tr("rule.no-such-column", column=8, columns=7)
    digit(driver, 0)
    assert driver.table.toast.message == tr("rule.no-such-column", column=10, columns=7)


def test_the_waiting_digit_shows_in_the_bar_and_clears_after_two_seconds(play) -> None:
    driver = play(position=TEN)
    keys = driver.table.input.keys
    assert keys.note is None
    digit(driver, 3)
    assert keys.note == tr("keys.pending", column=3)
    wait(driver, 1.9)
    assert keys.note is not None
    wait(driver, 0.2)
    assert keys.note is None
    digit(driver, 1)  # a fresh start: this 1 is a source, not a target
    assert driver.table.game.moves == 0 and keys.pending == 0


def test_esc_clears_a_waiting_digit_before_asking_to_quit(play) -> None:
    driver = play(position=TEN)
    digit(driver, 3)
    driver.key(pygame.K_ESCAPE)
    assert driver.table.input.keys.pending is None
    assert not isinstance(driver.app.scenes.top, ConfirmScene)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.app.scenes.top, ConfirmScene)


def test_focus_selection_pick_up_and_drop(play) -> None:
    driver = play(position="""
1: [Kd] 9h 8h 7h
2: Ts
3: 9c
4: Kd
""")
    keys = driver.table.input.keys
    assert not keys.visible
    driver.key(pygame.K_RIGHT)  # the first key shows the ring where it is
    assert keys.visible and keys.focus == 0 and keys.selection() == 3
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    assert keys.selection() == 1
    driver.key(pygame.K_DOWN)
    assert keys.selection() == 1
    driver.key(pygame.K_UP)
    assert keys.selection() == 2
    driver.key(pygame.K_RETURN)  # 8h 7h picked up; the focus goes where they fit
    assert keys.held == (0, 2) and keys.accepting == [2] and keys.focus == 2
    assert [sprite.card for sprite in driver.table.board.dragging] == [
        slot.card for slot in driver.table.game.columns[0][-2:]]
    driver.key(pygame.K_RIGHT)  # onto the Kd: refused, still held
    driver.key(pygame.K_SPACE)
    assert keys.held == (0, 2) and driver.table.game.moves == 0
    assert driver.table.toast.message == tr("rule.not-one-higher", card="8h", target="Kd")
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)
    assert columns(driver) == [["Kd", "9h"], ["Ts"], ["9c", "8h", "7h"], ["Kd"]]
    assert keys.held is None and driver.table.dragging is None
    driver.settle()
    assert driver.table.board.matches(driver.table.game)


def test_esc_puts_a_picked_up_group_back_then_asks_to_quit(play) -> None:
    driver = play(position="""
1: [Kd] 9h 8h 7h
2: Ts
""")
    keys = driver.table.input.keys
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    assert keys.held == (0, 3) and keys.focus == 1
    driver.key(pygame.K_ESCAPE)
    assert keys.held is None and keys.focus == 0 and driver.table.game.moves == 0
    assert not isinstance(driver.app.scenes.top, ConfirmScene)
    driver.settle()
    assert driver.table.board.matches(driver.table.game)
    assert all(not sprite.moving for sprite in driver.table.board.sprites())
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.app.scenes.top, ConfirmScene)


def test_enter_on_the_stock_deals_and_on_an_empty_column_refuses(play) -> None:
    driver = play()
    game = driver.table.game
    focus_on(driver, STOCK)
    driver.key(pygame.K_SPACE)
    assert game.deals_left == 4
    driver.settle()
    focus_on(driver, 0)
    driver.key(pygame.K_LEFT)  # wraps round to the stock
    assert driver.table.input.keys.focus == STOCK


def test_with_auto_place_enter_sends_the_selection_to_the_best_column(play) -> None:
    driver = play(auto_place=True, position="""
1: [Kd] 9h 8h 7h
2: 8c
3: Ts
""")
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    assert columns(driver) == [["Kd"], ["8c"], ["Ts", "9h", "8h", "7h"]]
    assert driver.table.input.keys.held is None


def test_a_click_hides_the_ring_and_puts_a_held_group_back(play) -> None:
    driver = play(position="""
1: [Kd] 9h 8h 7h
2: Ts
""")
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    driver.click((5, driver.app.size[1] - 5))
    keys = driver.table.input.keys
    assert keys.held is None and not keys.visible and driver.table.game.moves == 0


def play_by_keys(driver: EventDriver, line: str) -> None:
    """Replay a winning line with keys only: D deals; a move the notation's F>T plays
    as written is typed; any other is chosen with the ring, Up/Down and Enter."""
    game = driver.table.game
    keys = driver.table.input.keys
    for token in parse_moves(line):
        if not isinstance(token, Move):
            driver.key(pygame.K_d)
            continue
        assert token.count is not None
        if game.resolve(Move(token.source, token.target, None)).count == token.count:
            typed(driver, token.source + 1, token.target + 1)
            continue
        focus_on(driver, token.source)
        more = rounds(100)
        while keys.selection() > token.count and more():
            driver.key(pygame.K_DOWN)
        driver.key(pygame.K_RETURN)
        assert keys.held == (token.source, token.count)
        while keys.focus != token.target and more():
            driver.key(pygame.K_RIGHT)
        driver.key(pygame.K_RETURN)


@pytest.mark.slow
def test_a_whole_game_won_from_the_keyboard_alone(play) -> None:
    code = "SP1-S1C-AAAAAAD"
    driver = play(code=code, size=(1024, 640))
    play_by_keys(driver, WINNING_LINES[code])
    assert driver.table.game.is_won
    driver.settle()
    assert isinstance(driver.app.scenes.top, WinScene)


# ----------------------------------------------------------------- dialogs
def focused_label(driver: EventDriver) -> str | None:
    focus = driver.app.scenes.top.focus.focus
    return focus.label if isinstance(focus, Button) else None


def choose_in_menu(driver: EventDriver, key: str) -> None:
    """Down through the menu to an item, then Enter."""
    for _ in range(12):
        if focused_label(driver) == tr(key):
            driver.key(pygame.K_RETURN)
            return
        driver.key(pygame.K_DOWN)
    raise AssertionError(f"{key} not reached in the menu")


@pytest.mark.slow
def test_the_menu_and_every_dialog_in_it_by_keys(play) -> None:
    driver = play()
    for key, scene in (("menu.settings", SettingsScene), ("menu.statistics", StatisticsScene),
                       ("menu.help", HelpScene)):
        driver.key(pygame.K_m)
        assert isinstance(driver.app.scenes.top, MenuScene)
        choose_in_menu(driver, key)
        assert isinstance(driver.app.scenes.top, scene), key
        driver.key(pygame.K_TAB)  # the focus ring moves and shows
        assert driver.app.scenes.top.focus.state.keyboard
        driver.key(pygame.K_ESCAPE)
        assert isinstance(driver.app.scenes.top, TableScene), key
    driver.key(pygame.K_F10)
    assert isinstance(driver.app.scenes.top, MenuScene)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.app.scenes.top, TableScene)


def test_a_setting_switched_by_keys_and_the_quit_question_answered_by_keys(play) -> None:
    driver = play()
    driver.key(pygame.K_m)
    choose_in_menu(driver, "menu.settings")
    scene = driver.app.scenes.top
    before = driver.app.settings
    driver.key(pygame.K_SPACE)  # the first setting has the focus
    assert driver.app.settings != before
    assert scene.focus.focus is not None
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)  # a bare table: the question
    assert isinstance(driver.app.scenes.top, ConfirmScene)
    driver.key(pygame.K_ESCAPE)  # no
    assert isinstance(driver.app.scenes.top, TableScene) and driver.app.running


def test_a_deal_code_is_typed_straight_into_new_game(play) -> None:
    driver = play()
    driver.key(pygame.K_n)
    scene = driver.app.scenes.top
    assert isinstance(scene, NewGameScene)
    driver.post(pygame.TEXTINPUT, text="n")  # the text of the key that opened it
    assert scene.field.value == ""
    driver.key(pygame.K_RIGHT)  # arrows change the focused choice (Start: nothing)
    for piece in ("SB1-", "S4R-", "ABCDEFG"):
        driver.key(pygame.K_s)
        driver.post(pygame.TEXTINPUT, text=piece)
    assert scene.field.value == "SB1-S4R-ABCDEFG"
    driver.key(pygame.K_RETURN)
    assert str(driver.app.session.code) == "SB1-S4R-ABCDEFG"
    assert isinstance(driver.app.scenes.top, TableScene)


@pytest.mark.slow
def test_the_win_dialog_by_keys(play) -> None:
    code = "SO1-S1C-AAAAAAB"
    driver = play(code=code, size=(1024, 640))
    play_by_keys(driver, WINNING_LINES[code])
    driver.settle()
    assert isinstance(driver.app.scenes.top, WinScene)
    driver.key(pygame.K_TAB)
    assert focused_label(driver) is not None
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.app.scenes.top, TableScene)


# ------------------------------------------------------------ accessibility
@pytest.mark.slow
def test_reduced_motion_slides_every_card_briefly_and_skips_the_cascade(play) -> None:
    from spider.app.table.motion import SHORT_SLIDE

    driver = play(reduced_motion=True)
    board = driver.table.board
    assert not board.moving  # no deal-in from the stock
    driver.key(pygame.K_d)
    steps = [step for sprite in board.sprites() for step in sprite.steps]
    assert steps and max(step.duration for step in steps) <= SHORT_SLIDE
    code = "SO1-S1C-AAAAAAB"
    driver = play(code=code, reduced_motion=True)
    play_by_keys(driver, WINNING_LINES[code])
    driver.settle()
    assert driver.table.celebration is None
    assert isinstance(driver.app.scenes.top, WinScene)


def test_larger_indices_change_the_faces_not_the_backs(play) -> None:
    from spider.model.cards import Card, Suit

    driver = play()
    images = driver.table.images
    card = Card(10, Suit.HEARTS)
    plain = pygame.image.tobytes(images.face(card), "RGBA")
    back = pygame.image.tobytes(images.back(), "RGBA")
    driver.app.apply_settings(driver.app.settings.with_(large_index=True))
    images = driver.table.images
    assert images.large_index
    assert pygame.image.tobytes(images.face(card), "RGBA") != plain
    assert pygame.image.tobytes(images.back(), "RGBA") == back
