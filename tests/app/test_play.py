"""Playing with the mouse and keys: real pygame events through the real loop."""

from __future__ import annotations

import gc
import random
from collections.abc import Callable
from functools import partial

import pygame
import pytest

from spider.app.dialogs import ConfirmScene, NewGameScene, WinScene
from spider.app.table.driver import EventDriver
from spider.app.table.geometry import Box
from spider.app.table.hud import TopBar
from spider.app.table.stillchanges import StillChanges
from spider.model.actions import DEAL, Move
from spider.model.game import IllegalAction
from spider.model.notation import format_position
from spider.text.i18n import tr
from tests.helpers import RUN_POSITION, rounds


def assert_settled(driver: EventDriver) -> None:
    """Every sprite rests exactly where the model and the layout put it."""
    table, game = driver.table, driver.table.game
    board, g = table.board, table.geometry
    assert board.matches(game)
    for number, (sprites, slots) in enumerate(zip(board.columns, game.columns, strict=True)):
        ys = g.card_ys(number, [slot.face_up for slot in slots])
        for sprite, slot, y in zip(sprites, slots, ys, strict=True):
            assert (sprite.card, sprite.shown_up) == (slot.card, slot.face_up)
            assert sprite.pos == (g.column_x[number], y)
            assert not sprite.moving and sprite.squash == 1.0
    piles = game.deals_left
    for index, sprite in enumerate(board.stock):
        assert not sprite.shown_up
        assert sprite.pos == g.stock_pile(index // len(game.columns), piles)
    for slot, run in enumerate(board.runs):
        for sprite in run:
            assert sprite.pos == g.run_slot(slot) and sprite.shown_up
    width, height = table.app.size
    for sprite in board.sprites():
        assert Box(round(sprite.pos[0]), round(sprite.pos[1]), g.card_w, g.card_h).within(
            width, height)


def refusal(game, move: Move) -> str:
    with pytest.raises(IllegalAction) as error:
        game.check(move)
    return error.value.explanation()


TWO_TARGETS = """
1: [Kd] 7s
2: 8h
3: 8s
4: Kd
"""


def test_dragging_a_legal_group_moves_it_and_it_settles(play) -> None:
    driver = play(position="""
1: [Kd] 9h 8h 7h
2: Ts
3: 2c
""")
    driver.drag_move(Move(0, 1, 3))
    driver.settle()
    game = driver.table.game
    assert [str(slot.card) for slot in game.columns[1]] == ["Ts", "9h", "8h", "7h"]
    assert game.columns[0][0].face_up and game.moves == 1
    assert_settled(driver)


def test_placement_help_highlights_the_accepting_columns_while_dragging(play) -> None:
    driver = play(position=TWO_TARGETS)
    start = driver.card_point(0, 1)
    driver.press(start)
    driver.move((start[0] + 40, start[1] + 40))
    assert driver.table.dragging is not None
    assert driver.table.dragging.accepting == [1, 2]
    driver.release((start[0] + 40, start[1] + 40))


def test_dropping_on_a_refusing_column_returns_the_cards_and_names_the_rule(play) -> None:
    driver = play(position=TWO_TARGETS)
    game = driver.table.game
    before = format_position(game)
    message = refusal(game, Move(0, 3, 1))
    driver.drag_move(Move(0, 3, 1))
    assert driver.table.toast.message == message
    driver.settle()
    assert format_position(game) == before
    assert_settled(driver)


def test_dropping_nowhere_returns_the_cards_quietly(play) -> None:
    driver = play(position=TWO_TARGETS)
    start = driver.card_point(0, 1)
    driver.drag(start, (start[0], driver.app.size[1] - 2))  # over its own column
    driver.settle()
    assert driver.table.game.moves == 0 and driver.table.toast.message is None
    assert_settled(driver)


def test_pressing_a_card_that_cannot_move_names_the_rule(play) -> None:
    driver = play(code="SP1-S4C-AAAAAAA", position="""
1: [Kd] 9h 8s
2: 5c
""")
    driver.press(driver.card_point(0, 0))
    assert driver.table.toast.message == tr("rule.face-down")
    driver.release(driver.card_point(0, 0))
    driver.press(driver.card_point(0, 1))
    assert driver.table.toast.message == tr("rule.mixed-suits")
    driver.release(driver.card_point(0, 1))
    assert driver.table.dragging is None


def test_a_single_click_does_nothing(play) -> None:
    driver = play(position=TWO_TARGETS)
    driver.click(driver.card_point(0, 1))
    driver.settle()
    assert driver.table.game.moves == 0 and driver.table.toast.message is None


def test_double_click_prefers_a_same_suit_target(play) -> None:
    driver = play(position=TWO_TARGETS)
    driver.double_click(driver.card_point(0, 1))
    driver.settle()
    game = driver.table.game
    assert [str(slot.card) for slot in game.columns[2]] == ["8s", "7s"]
    assert_settled(driver)


def test_double_click_with_nowhere_to_go_reminds(play) -> None:
    driver = play(position="""
1: 7s
2: Kd
""")
    driver.double_click(driver.card_point(0, 0))
    assert driver.table.toast.message == tr("table.nowhere")
    assert driver.table.game.moves == 0


def test_double_click_can_be_turned_off(play) -> None:
    driver = play(position=TWO_TARGETS, double_click=False)
    driver.double_click(driver.card_point(0, 1))
    driver.settle()
    assert driver.table.game.moves == 0


@pytest.mark.parametrize("auto_place", [True, False])
def test_auto_place_sends_a_dropped_group_to_the_best_column(play, auto_place: bool) -> None:
    driver = play(position=TWO_TARGETS, auto_place=auto_place)
    game = driver.table.game
    message = refusal(game, Move(0, 3, 1))
    driver.drag_move(Move(0, 3, 1))  # dropped on the king: refused without auto-place
    driver.settle()
    if auto_place:
        assert [str(slot.card) for slot in game.columns[2]] == ["8s", "7s"]
    else:
        assert game.moves == 0 and driver.table.toast.message == message
    assert_settled(driver)


def test_clicking_the_stock_deals(play) -> None:
    driver = play()
    game = driver.table.game
    driver.click(driver.stock_point())
    assert game.moves == 1 and len(game.stock) == 40
    assert driver.table.board.moving  # the cards fly out
    driver.settle()
    assert_settled(driver)


def test_a_deal_refused_by_an_empty_column_reminds_and_shakes(play) -> None:
    driver = play(position="""
stock: As 2s 3s
1: 5h
2:
3: 9s
""")
    game = driver.table.game
    before = format_position(game)
    driver.click(driver.stock_point())
    assert driver.table.toast.message == tr("rule.empty-column-blocks-deal")
    assert driver.table.board.stock_shake() != 0 or driver.table.board.shake_until > 0
    driver.settle()
    assert format_position(game) == before
    driver.key(pygame.K_d)
    assert format_position(game) == before
    assert_settled(driver)


def test_ctrl_z_undoes_and_ctrl_y_redoes(play) -> None:
    driver = play()
    game = driver.table.game
    driver.click(driver.stock_point())
    after_deal = format_position(game)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert game.moves == 0 and len(game.stock) == 50
    driver.settle()
    assert_settled(driver)
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert format_position(game) == after_deal
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.key(pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert format_position(game) == after_deal
    driver.settle()
    assert_settled(driver)
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert driver.table.toast.message == tr("rule.nothing-to-redo")


def test_bar_buttons_undo_and_redo(play) -> None:
    driver = play()
    game = driver.table.game
    driver.key(pygame.K_d)
    driver.click(driver.button_point("undo"))
    assert game.moves == 0
    driver.click(driver.button_point("redo"))
    assert game.moves == 1


RUN_BY_DROP = """
1: [3h] Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
2: As
3: 5h
"""


def test_a_run_completed_by_a_drop_flies_to_the_completed_area(play) -> None:
    driver = play(position=RUN_BY_DROP)
    game = driver.table.game
    driver.drag_move(Move(1, 0, 1))
    assert game.removed == 1 and game.score == 500 - 1 + 100
    board = driver.table.board
    assert len(board.runs) == 1 and board.moving
    driver.settle()
    area = driver.table.geometry.runs_box
    for sprite in board.runs[0]:
        assert area.contains(sprite.pos)
    assert game.columns[0][0].face_up
    assert_settled(driver)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)  # the run comes back, animated
    assert game.removed == 0 and board.moving
    driver.settle()
    assert_settled(driver)


def test_a_run_leaves_the_column_after_the_frame_that_shows_the_move(play, monkeypatch) -> None:
    """The move that completes a run is replayed within its frame; the run leaving and
    the card beneath turning, whose motion starts when the move's card lands, after it,
    in its spare time (anything that asks for the sprites sooner gets them whole: see
    the test above, which reads the runs right after the drop)."""
    from spider.app.table import board as board_module

    driver = play(position=RUN_BY_DROP)
    app, board = driver.app, driver.table.board
    replayed: list[tuple[str, bool]] = []
    stepping = [False]
    replay, step = board_module.replay_event, app.step

    def recorded(event: object, undone: bool, *lists: object) -> object:
        replayed.append((type(event).__name__, stepping[0]))
        return replay(event, undone, *lists)

    def timed_step() -> None:
        stepping[0] = True
        try:
            step()
        finally:
            stepping[0] = False

    monkeypatch.setattr(board_module, "replay_event", recorded)
    monkeypatch.setattr(app, "step", timed_step)
    driver.double_click(driver.column_point(1))  # the ace onto the two
    assert replayed == [("CardsMoved", True)]
    app.spare(0.0)  # (the loop's spare time after the frame)
    assert replayed == [("CardsMoved", True), ("RunRemoved", False), ("CardFlipped", False)]
    assert len(board.runs) == 1 and board.matches(driver.table.game)
    driver.settle()
    assert_settled(driver)


def test_a_run_leaves_when_due_though_no_spare_time_comes(play) -> None:
    """A loop that never offers spare time (passes alone) still sees the run leave
    once the card that completes it has landed."""
    from spider.model.cards import Suit

    driver = play(position=RUN_BY_DROP)
    app, board = driver.app, driver.table.board
    driver.double_click(driver.column_point(1))  # the ace onto the two
    for _ in range(240):
        app.step()
        app.clock.sleep(1 / 60)
    area = driver.table.geometry.runs_box
    resting, flying, _ = board.layers()  # (the board as drawn, asking for nothing more)
    spades = [sprite for sprite in resting + flying if sprite.card.suit is Suit.SPADES]
    assert len(spades) == 13 and not flying
    assert all(area.contains(sprite.pos) for sprite in spades)


#: Column 1 is long enough to be squeezed: when its run leaves, the cards under it spread.
SQUEEZED_RUN = """
1: [4h] [5h] [6h] [7h] [8h] [9h] Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
2: As
"""


def test_the_cards_under_a_completed_run_spread_only_once_it_has_gone(play) -> None:
    """They would otherwise slide over the run's cards still waiting to fly off."""
    driver = play(position=SQUEEZED_RUN)
    board = driver.table.board
    driver.double_click(driver.column_point(1))
    assert driver.table.game.removed == 1
    run, column = board.runs[0], board.columns[0]
    spreading = 0
    more = rounds()
    while board.moving and more():
        _, flying, _ = board.layers()
        if any(sprite in flying for sprite in column[:-1]):  # (the last one turns over)
            spreading += 1
            assert not any(sprite.moving for sprite in run)
        driver.app.run_frames(1)
    assert spreading  # the column did spread
    assert_settled(driver)


#: Column 1 is squeezed; its ten from the T♠ down can go onto the J♦ of column 2.
SQUEEZED_GROUP = """
1: [4h] [5h] [6h] [7h] [8h] [9h] [Kd] [Qd] Jh Ts 9s 8s 7s 6s 5s 4s 3s 2s As
2: Jd
"""


def test_the_cards_a_group_leaves_spread_only_once_it_has_all_set_off(play) -> None:
    """They would otherwise slide over the group's cards still waiting their turn."""
    driver = play(position=SQUEEZED_GROUP)
    board = driver.table.board
    left, group = board.columns[0][:9], board.columns[0][9:]
    places = [sprite.pos for sprite in group]
    driver.double_click(driver.card_point(0, 9))
    assert [slot.card for slot in driver.table.game.columns[1][1:]] == [
        sprite.card for sprite in group]
    spreading = 0
    more = rounds()
    while board.moving and more():
        _, flying, _ = board.layers()
        if any(sprite in flying for sprite in left):
            spreading += 1
            assert all(sprite.pos != place for sprite, place in zip(group, places, strict=True))
        driver.app.run_frames(1)
    assert spreading  # the column did spread
    assert_settled(driver)


@pytest.mark.slow
def test_winning_celebrates_then_offers_a_new_game(play) -> None:
    driver = play(position="""
1: Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
2: As
""")
    won = []
    driver.app.on_game_event = won.append
    driver.drag_move(Move(1, 0, 1))
    assert won == ["move", "won"]
    driver.app.run_frames(400)  # the celebration runs, then the panel shows
    assert isinstance(driver.app.scenes.top, WinScene)
    code = driver.app.session.code
    driver.key(pygame.K_RETURN)  # New game: the dialog, then its default deal
    assert isinstance(driver.app.scenes.top, NewGameScene)
    driver.key(pygame.K_RETURN)
    assert driver.app.session.code != code and driver.app.scenes.top is driver.table


def test_esc_asks_before_quitting_and_ctrl_q_quits(play) -> None:
    driver = play()
    driver.key(pygame.K_ESCAPE)
    assert driver.app.running and isinstance(driver.app.scenes.top, ConfirmScene)
    driver.key(pygame.K_ESCAPE)  # no: back to the game
    assert driver.app.running and driver.app.scenes.top is driver.table
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_RETURN)  # yes
    assert not driver.app.running
    other = play()
    other.key(pygame.K_q, pygame.KMOD_CTRL)
    assert not other.app.running


def test_closing_the_window_quits(play) -> None:
    driver = play()
    driver.post(pygame.QUIT)
    assert not driver.app.running


def test_new_game_key_offers_another_deal_of_the_chosen_kind(play) -> None:
    driver = play(code="SP1-S2R-ABCDEFG", suits=2, relaxed=True, winnable_only=False)
    driver.key(pygame.K_n)
    assert isinstance(driver.app.scenes.top, NewGameScene)
    driver.key(pygame.K_RETURN)
    code = driver.app.session.code
    assert (code.layout, code.suits, code.relaxed) == ("SP", 2, True)
    assert str(code) != "SP1-S2R-ABCDEFG"
    driver.settle()
    assert_settled(driver)


def new_game_by_keys(driver) -> tuple[str, int, float]:
    """New game's default deal started by keys: its code, the passes until the table
    is at rest and the clock then."""
    driver.key(pygame.K_n)
    driver.key(pygame.K_RETURN)
    app = driver.app
    return str(app.session.code), app.run_until_idle(), app.clock.now()


def test_a_tests_new_deals_are_the_same_at_every_run_a_players_are_fresh(play) -> None:
    seeded = [new_game_by_keys(play()) for _ in range(2)]
    assert seeded[0] == seeded[1]                     # the play fixture seeds the deals
    fresh = [new_game_by_keys(play(seed=None))[0] for _ in range(2)]
    assert fresh[0] != fresh[1]                       # the system's: 1 in 26**7 alike


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 600), (3840, 2160)])
def test_resizing_keeps_every_card_on_screen(play, size: tuple[int, int]) -> None:
    driver = play(code="SP1-S2C-ABCDEFG")
    for _ in range(3):
        driver.key(pygame.K_d)
    driver.resize(size)
    driver.settle()
    assert driver.app.size == size and driver.table.geometry.size == size
    assert_settled(driver)


@pytest.mark.slow
def test_the_bar_works_at_once_after_a_resize(play) -> None:
    """Just after a resize the bar shows stretched while its new layout is made
    between frames; a press on it must still land on the right button."""
    driver = play(code="SP1-S2C-ABCDEFG")
    driver.key(pygame.K_d)
    driver.settle()
    driver.resize((1600, 900))
    driver.app.step()  # the pass that handles the resize: the stretched picture
    assert driver.table.geometry.size == (1600, 900)
    laid_out = TopBar(driver.table.geometry)  # where the player sees Undo once drawn
    undo = next(button for button in laid_out.buttons if button.action == "undo")
    driver.click(undo.box.centre)
    assert driver.table.game.history() == ([], [DEAL])
    driver.settle()
    assert_settled(driver)


def test_one_deck_has_seven_columns(play) -> None:
    driver = play(code="SO1-S1C-AAAAAAB")
    assert len(driver.table.board.columns) == 7
    driver.click(driver.stock_point())
    driver.settle()
    assert_settled(driver)


def test_nothing_is_drawn_while_idle(play) -> None:
    driver = play()
    app = driver.app
    frames = []
    original = app.draw
    app.draw = lambda: (frames.append(1), original())
    app.run_frames(30)
    assert frames == [] and not app.busy
    assert 0 < app.idle_timeout() <= 1.0
    driver.key(pygame.K_d)
    assert frames


def test_the_clock_runs_once_the_game_starts(play) -> None:
    driver = play()
    app = driver.app
    app.run_frames(120)
    assert app.session.elapsed == 0
    driver.key(pygame.K_d)
    app.run_frames(120)
    assert 1.5 < app.session.elapsed < 2.5
    assert app.idle_timeout() <= 1.0


@pytest.mark.slow  # a storm of 70 random actions with resizes
@pytest.mark.parametrize(("seed", "code"), [(1234, "SP1-S2C-ABCDEFG"), (99, "SO1-S4R-AAAQRST"),
                                           (7, "SB1-S1C-ZZZZZZZ")])
def test_any_mix_of_actions_leaves_every_card_where_the_model_says(play, seed: int,
                                                                    code: str) -> None:
    rng = random.Random(seed)
    driver = play(code=code)
    game = driver.table.game
    columns = len(game.columns)
    for _ in range(70):
        if rng.random() < 0.05:
            driver.resize(rng.choice([(800, 600), (1280, 720), (1920, 1080), (1000, 900)]))
        roll = rng.random()
        moves = game.legal_moves()
        if roll < 0.4 and moves:
            driver.drag_move(rng.choice(moves))
        elif roll < 0.5 and moves:
            move = rng.choice(moves)
            count = move.count or 1
            driver.double_click(driver.card_point(move.source,
                                                  len(game.columns[move.source]) - count))
        elif roll < 0.6:
            source, target = rng.randrange(columns), rng.randrange(columns)
            if game.columns[source] and game.columns[source][-1].face_up:
                driver.drag_move(Move(source, target, 1))
        elif roll < 0.7 and game.is_legal(DEAL):
            driver.click(driver.stock_point())
        elif roll < 0.85:
            driver.key(pygame.K_z, pygame.KMOD_CTRL)
        else:
            driver.key(pygame.K_y, pygame.KMOD_CTRL)
        driver.app.run_frames(rng.randrange(0, 12))
    driver.settle()
    assert driver.table.board.rebuilds == 0
    assert_settled(driver)


def test_the_board_sees_a_card_or_a_side_that_differs_from_the_model(play) -> None:
    driver = play()
    board, game = driver.table.board, driver.table.game
    first, second = board.columns[0], board.columns[1]
    assert board.matches(game) and first[-1].card != second[-1].card
    first[-1].face_up = False
    assert not board.matches(game)
    first[-1].face_up = True
    first[-1], second[-1] = second[-1], first[-1]
    assert not board.matches(game)
    first[-1], second[-1] = second[-1], first[-1]
    assert board.matches(game)


def test_an_action_checks_against_the_model_only_the_columns_it_changed(play) -> None:
    """After an action the board checks its sprites against the model where the
    action's events changed them (the others matched before and did not change): a
    column out of step elsewhere is not read, one the action changes is rebuilt."""
    driver = play(position=RUN_POSITION)
    board, game = driver.table.board, driver.table.game
    board.columns[5][-1].face_up = False  # J♠, shown wrongly: no move touches it first
    driver.drag(driver.card_point(2, 1), driver.column_point(3))  # 8♠ onto 9♠
    driver.settle()
    assert game.moves == 1 and board.rebuilds == 0
    assert board.matches(game, (2, 3), stock=False) and not board.matches(game)
    driver.double_click(driver.card_point(4, 0))  # T♠ onto J♠: its column seen out of step
    driver.settle()
    assert board.rebuilds == 1 and board.matches(game)


def test_the_board_is_checked_against_the_model_in_the_spare_time_after_an_action(
        play, caplog) -> None:
    """The check after an action is not made within the frame that shows it but in the
    time left after it: a column out of step is still found, reported and rebuilt
    before the next frame."""
    driver = play(position=RUN_POSITION)
    board, game = driver.table.board, driver.table.game
    board.columns[5][-1].face_up = False  # J♠, shown wrongly
    driver.double_click(driver.card_point(4, 0))  # T♠ onto J♠: its frames, no spare time
    assert game.moves == 1 and board.rebuilds == 0 and not board.matches(game)
    driver.app.spare(0.0)
    assert board.rebuilds == 1 and board.matches(game)
    assert "out of step with the model after" in caplog.text


def test_garbage_is_collected_between_frames_not_within_them(play) -> None:
    """No collection of garbage starts within a frame (it would lengthen the frames
    that show actions): collections wait for the frame's spare time."""
    driver = play(position=RUN_POSITION)
    within: list[bool] = []
    driver.app.frame_observers.append(lambda frame: within.append(gc.isenabled()))
    driver.double_click(driver.card_point(4, 0))  # T♠ onto J♠
    driver.app.run_frames(3)
    assert within and not any(within)
    assert gc.isenabled()  # (after the last frame's spare time)


def test_a_double_click_on_the_stock_deals_once(play) -> None:
    driver = play()
    driver.double_click(driver.stock_point())
    assert driver.table.game.moves == 1


def test_rule_reminders_can_be_turned_off(play) -> None:
    driver = play(position=TWO_TARGETS, rule_reminders=False)
    driver.drag_move(Move(0, 3, 1))
    driver.settle()
    assert driver.table.toast.message is None and driver.table.game.moves == 0
    assert_settled(driver)


def test_animation_off_puts_cards_in_place_at_once(play) -> None:
    driver = play(animation_speed="off")
    driver.key(pygame.K_d)
    assert_settled(driver)  # without running a single frame


@pytest.mark.parametrize("speed", ["normal", "off"])
def test_an_undone_deal_goes_back_onto_the_stock(play, speed: str) -> None:
    driver = play(animation_speed=speed)
    driver.key(pygame.K_d)
    driver.settle()
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert len(driver.table.game.stock) == 50
    driver.settle()
    assert_settled(driver)  # each card face down on its pile


def test_a_full_screen_window_resized_from_outside_is_drawn_at_its_new_size(
        play, monkeypatch: pytest.MonkeyPatch) -> None:
    """A tiling window manager or a new screen resolution resizes the full-screen window:
    SDL gives it a new picture and frees the old one, so the game draws on the new one
    (drawing on the old one crashed the game in a real X11 window)."""
    driver = play(size=(1000, 700))
    app = driver.app
    driver.key(pygame.K_F11)
    assert app.fullscreen
    resized = pygame.Surface((900, 600))
    monkeypatch.setattr(pygame.display, "get_surface", lambda: resized)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=600, size=(900, 600)))
    driver.settle()
    assert app.screen is resized and app.size == driver.table.geometry.size == (900, 600)
    assert_settled(driver)


def test_f11_and_alt_enter_toggle_full_screen(play) -> None:
    driver = play(size=(1000, 700))
    app = driver.app
    driver.key(pygame.K_F11)
    assert app.fullscreen and app.settings.fullscreen
    assert app.size == pygame.display.get_desktop_sizes()[0] == driver.table.geometry.size
    driver.key(pygame.K_RETURN, pygame.KMOD_ALT)
    assert not app.fullscreen and not app.settings.fullscreen
    assert app.size == (1000, 700) == driver.table.geometry.size
    driver.settle()
    assert_settled(driver)


def test_the_loop_can_sleep_with_any_scene_on_top(play) -> None:
    from spider.app.scenes import Scene

    driver = play()
    driver.app.scenes.push(Scene(driver.app))
    assert 0 < driver.app.idle_timeout() <= 1.0
    driver.app.run_frames(3)


def _same_as_drawn_whole(driver: EventDriver) -> None:
    """The frame on screen equals the same frame with the resting cards drawn from scratch."""
    app = driver.app
    app.draw()
    shown = pygame.image.tobytes(app.screen, "RGB")
    app.table.renderer.still.forget()  # forget the kept layer of resting cards
    app.table.renderer.stand_in.picture = None  # and any stretched stand-in after a resize
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == shown


@pytest.mark.parametrize("seed", [3, pytest.param(11, marks=pytest.mark.slow)])
def test_the_table_looks_the_same_as_when_drawn_from_scratch(play, seed: int) -> None:
    """Only the places cards leave or land on are drawn again: through deals, moves,
    run removals, undos and redos, at rest and mid-flight, nothing else changes."""
    rng = random.Random(seed)
    driver = play(position=RUN_BY_DROP)
    driver.drag_move(Move(1, 0, 1))  # a run completes and flies off
    for frames in (0, 2, 9, 30):
        driver.app.run_frames(frames)
        _same_as_drawn_whole(driver)
    for key, mod in ((pygame.K_z, pygame.KMOD_CTRL), (pygame.K_y, pygame.KMOD_CTRL)):
        driver.key(key, mod)
        driver.app.run_frames(rng.randrange(1, 20))
        _same_as_drawn_whole(driver)
        driver.settle()
        _same_as_drawn_whole(driver)
    driver = play(code="SP1-S2C-ABCDEFG")
    game = driver.table.game
    for _ in range(25):
        roll, moves = rng.random(), game.legal_moves()
        if roll < 0.4 and moves:
            driver.drag_move(rng.choice(moves))
        elif roll < 0.7 and game.is_legal(DEAL):
            driver.key(pygame.K_d)
        else:
            driver.key(pygame.K_z, pygame.KMOD_CTRL)
        driver.app.run_frames(rng.randrange(0, 30))
        _same_as_drawn_whole(driver)
    driver.settle()
    _same_as_drawn_whole(driver)


def _resting_drawn_afresh(driver: EventDriver) -> bytes:
    """The resting cards drawn afresh on the static layer, as the kept layer must show
    them: each card not hidden under another at the very same place, in order."""
    renderer = driver.table.renderer
    resting = driver.table.board.layers()[0]
    picture = renderer.static.now().copy()
    top = {sprite.pos: sprite for sprite in resting}
    for sprite in resting:
        if top[sprite.pos] is sprite:
            picture.blit(*renderer.still.placed(sprite))
    return pygame.image.tobytes(picture, "RGB")


def test_the_kept_resting_cards_stay_right_as_cards_set_off_and_land(play, monkeypatch) -> None:
    """Cards setting off and landing in a deal, its undo and a run flying off and back
    are drawn into the kept layer of resting cards by their places alone: after every
    frame it holds what drawing the resting cards afresh gives."""
    flights = 0
    worked_out = StillChanges.flight_changes

    def counted(*args):
        nonlocal flights
        flights += 1
        return worked_out(*args)

    monkeypatch.setattr(StillChanges, "flight_changes", counted)

    def every_frame(driver: EventDriver) -> None:
        for frame in range(200):
            driver.app.run_frames(1)
            resting = driver.table.board.layers()[0]
            kept = driver.table.renderer.still.up_to_date(resting)
            assert pygame.image.tobytes(kept, "RGB") == _resting_drawn_afresh(driver), frame
            if not driver.app.busy:
                return
        pytest.fail("the cards did not settle")

    driver = play(code="SP1-S2C-ABCDEFG", size=(900, 600))
    for key, mod in ((pygame.K_d, 0), (pygame.K_z, pygame.KMOD_CTRL)):
        driver.key(key, mod)
        every_frame(driver)
    dealt = flights
    driver = play(position=RUN_BY_DROP, size=(900, 600))
    driver.drag_move(Move(1, 0, 1))  # a run completes and flies off
    every_frame(driver)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    every_frame(driver)
    assert dealt > 10 and flights > dealt + 10  # (kept up to date by the flights)


def test_the_kept_resting_cards_stay_right_on_the_frames_of_actions(play) -> None:
    """On the frame of an action (a deal, a move, a run flying off, an undo or redo), at
    rest, while cards fly or just after they were all placed at once, the kept layer of
    resting cards holds what drawing the resting cards afresh gives."""

    def act(driver: EventDriver, action: Callable[[], None]) -> None:
        action()
        driver.app.run_frames(1)  # (the frame that handles it)
        resting = driver.table.board.layers()[0]
        kept = driver.table.renderer.still.up_to_date(resting)
        assert pygame.image.tobytes(kept, "RGB") == _resting_drawn_afresh(driver)

    rng = random.Random(5)
    driver = play(position=RUN_BY_DROP, size=(900, 600))
    act(driver, partial(driver.drag_move, Move(1, 0, 1)))  # a run completes and flies off
    for key in (pygame.K_z, pygame.K_y, pygame.K_z):
        driver.app.run_frames(rng.randrange(0, 12))
        act(driver, partial(driver.key, key, pygame.KMOD_CTRL))
    driver.table.finish_animations()  # (its cards placed at once: drawn again next frame)
    driver.app.run_frames(1)
    act(driver, partial(driver.key, pygame.K_y, pygame.KMOD_CTRL))
    driver = play(code="SP1-S2C-ABCDEFG", size=(900, 600))
    game = driver.table.game
    for _ in range(30):
        driver.app.run_frames(rng.randrange(0, 12))
        roll, moves = rng.random(), game.legal_moves()
        if roll < 0.4 and moves:
            act(driver, partial(driver.drag_move, rng.choice(moves)))
        elif roll < 0.7 and game.is_legal(DEAL):
            act(driver, partial(driver.key, pygame.K_d))
        else:
            act(driver, partial(driver.key, rng.choice((pygame.K_z, pygame.K_y)),
                                pygame.KMOD_CTRL))


def test_cards_leaving_a_pile_that_looks_the_same_redraw_nothing_on_the_kept_layer(play) -> None:
    """As a deal sets off, the stock's top pile shows a back until its last card leaves:
    the kept layer of resting cards is drawn again there once, as that card leaves (not
    for every card, nor on the frame of the key press), and after every frame it holds
    what drawing the resting cards afresh gives."""
    driver = play(code="SP1-S2C-ABCDEFG", size=(900, 600))
    renderer, board = driver.table.renderer, driver.table.board
    top = board.stock[0]  # (the top pile: the cards a deal takes)
    pile = StillChanges(driver.table.geometry).resting_rect((top, top.pos, top.shown_up))
    drawn: list[list[pygame.Rect] | None] = []
    driver.app.frame_observers.append(lambda frame: drawn.append(renderer.still.drawn))
    driver.key(pygame.K_d)
    for _ in range(200):
        driver.app.run_frames(1)
        resting = board.layers()[0]
        assert pygame.image.tobytes(renderer.still.up_to_date(resting), "RGB") == (
            _resting_drawn_afresh(driver))
        if not driver.app.busy:
            break
    assert None not in drawn and len(drawn) > 20
    assert sum(any(area.colliderect(pile) for area in areas or []) for areas in drawn) == 1


def _lane_comparisons(monkeypatch) -> list[int]:
    """How many cards each lane-by-lane comparison of the kept layer looks at, from now on."""
    compared: list[int] = []
    worked_out = StillChanges._lane_changes

    def counted(self, was_shown, now_shown, *rest):
        compared.append(len(was_shown) + len(now_shown))
        return worked_out(self, was_shown, now_shown, *rest)

    monkeypatch.setattr(StillChanges, "_lane_changes", counted)
    return compared


def test_a_deal_setting_off_from_one_pile_of_backs_is_not_compared_card_by_card(
        play, monkeypatch) -> None:
    """On the frame of the deal's key press the dealt cards wait on the stock's top pile,
    in another order (and the first already flies): one pile of backs shows one back
    whatever its order, so the kept layer compares nothing lane by lane and draws
    nothing again, and holds what drawing the resting cards afresh gives."""
    compared = _lane_comparisons(monkeypatch)
    driver = play(code="SP1-S2C-ABCDEFG", size=(900, 600))
    renderer, board = driver.table.renderer, driver.table.board
    driver.key(pygame.K_d)  # (the frame of the action)
    resting = board.layers()[0]
    assert board.stepping() and renderer.still.drawn == [] and compared == []
    assert pygame.image.tobytes(renderer.still.up_to_date(resting), "RGB") == (
        _resting_drawn_afresh(driver))


def test_a_run_set_waiting_apart_from_the_others_is_not_compared_card_by_card(
        play, monkeypatch) -> None:
    """On the frame of the double-click that completes a run (the ace of the last column
    onto its two, in the first), the run's cards wait to fly off, drawn after every
    other card: as none of the others lies in their lane, the kept layer compares lane
    by lane only what differs besides (the ace gone: nothing), and draws again only where
    the ace was."""
    from tools.bench.scenes import long_position

    compared = _lane_comparisons(monkeypatch)
    driver = play(position=long_position())
    renderer, board = driver.table.renderer, driver.table.board
    ace = board.columns[9][-1]
    place = StillChanges(driver.table.geometry).resting_rect((ace, ace.pos, ace.shown_up))
    driver.click(driver.column_point(9))
    driver.press(driver.column_point(9), 2)  # (the frame of the action)
    assert board.runs and renderer.still.drawn == [place]
    resting = board.layers()[0]
    assert pygame.image.tobytes(renderer.still.up_to_date(resting), "RGB") == (
        _resting_drawn_afresh(driver))
    assert max(compared, default=0) <= 2


def _same_as_loaded(driver: EventDriver) -> None:
    """The frame on screen equals the table loaded afresh from the model at this size."""
    app = driver.app
    app.draw()
    shown = pygame.image.tobytes(app.screen, "RGB")
    app.table.load(deal_in=False)
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == shown


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1000, 700), (1600, 1000)])
def test_a_resized_table_is_drawn_anew_once_its_pictures_are_ready(
        play, size, busy_machine) -> None:
    """Just after a resize the last picture stands in, stretched; once the new
    pictures are made the table shows exactly what a fresh start at that size shows.
    Spare-time work runs on the App's clock, so a busy machine changes nothing."""
    driver = play(code="SP1-S2C-ABCDEFG")
    driver.resize(size)
    driver.settle()
    _same_as_loaded(driver)
    driver.resize((1280, 720))
    driver.key(pygame.K_d)  # play goes on at once: the real table, not the stand-in
    driver.app.run_frames(1)
    _same_as_drawn_whole(driver)
    driver.settle()
    _same_as_loaded(driver)


@pytest.mark.parametrize("action", ["deal-in", "deal", "move", "undo"])
def test_the_last_frame_of_an_animation_shows_the_cards_at_rest(play, action: str) -> None:
    """When the loop goes idle, the window shows what drawing the table afresh shows
    (the step that lands the last card is drawn, not the one before it)."""
    driver = play(code="SP1-S4C-BCDEFGH", deal_in=action == "deal-in")
    if action == "deal":
        driver.key(pygame.K_d)
    elif action == "move":  # the 4 of hearts onto a 5
        driver.double_click(driver.card_point(4, len(driver.table.game.columns[4]) - 1))
    elif action == "undo":
        driver.key(pygame.K_d)
        driver.settle()
        driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.settle()
    assert driver.table.game.moves == (1 if action in ("deal", "move") else 0)
    shown = pygame.image.tobytes(driver.app.screen, "RGB")
    driver.table.renderer.still.forget()  # the resting cards drawn from scratch
    driver.app.request_redraw()
    driver.app.draw()
    assert pygame.image.tobytes(driver.app.screen, "RGB") == shown


#: One run completed, a deal left in the stock, and 7♥ to go onto 8♠ (turning Q♣ over).
AFTER_A_RUN = """
removed: 1
stock: 4h Kd 2s 5c 6c 7c 8c 9c Tc Jc
1: [Qc] 7h
2: 8s
3: 3d
4: 4d
5: 5d
6: 6d
7: 7d
8: 8d
9: 9d
10: Td
"""


def test_an_action_places_and_settles_only_what_its_events_changed(play, monkeypatch) -> None:
    """The replay of a move or a deal places no completed run again (a run's place
    changes only when it is completed), and settling the cards left asks no card on
    its way to its place where it ends. Every card ends where it belongs."""
    from spider.app.table.geometry import TableGeometry
    from spider.app.table.sprites import CardSprite

    driver = play(position=AFTER_A_RUN)
    asked: list[str] = []
    run_slot, planned = TableGeometry.run_slot, CardSprite.planned
    monkeypatch.setattr(TableGeometry, "run_slot", lambda self, slot: (
        asked.append("run_slot"), run_slot(self, slot))[1])
    monkeypatch.setattr(CardSprite, "planned", property(
        lambda sprite: (asked.append("planned"), planned.fget(sprite))[1]))
    driver.double_click(driver.column_point(0))  # 7♥ onto 8♠
    assert [sprite.card for sprite in driver.table.board.columns[1]] == [
        slot.card for slot in driver.table.game.columns[1]]
    driver.key(pygame.K_d)
    assert len(driver.table.game.columns[0]) == 2 and asked == []
    driver.settle()
    monkeypatch.undo()
    assert_settled(driver)
