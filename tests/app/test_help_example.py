"""Help → Example game, played through real clicks and keys on the headless App."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from spider.app.dialogs import Dialog, HelpScene
from spider.app.dialogs.example import PLAY_STEP, ExampleScene
from spider.app.table.driver import EventDriver
from spider.app.ui.focus import walk
from spider.app.ui.widgets import Button
from spider.model import example
from spider.text.i18n import tr


def button(driver: EventDriver, key: str) -> tuple[int, int]:
    scene = driver.app.scenes.top
    assert isinstance(scene, Dialog) and scene.focus.root is not None
    found = next(w for w in walk(scene.focus.root)
                 if isinstance(w, Button) and w.label == tr(key))
    return found.rect.center


def open_example(driver: EventDriver) -> ExampleScene:
    driver.key(pygame.K_F1)
    assert isinstance(driver.app.scenes.top, HelpScene)
    driver.click(button(driver, "help.example-button"))
    scene = driver.app.scenes.top
    assert isinstance(scene, ExampleScene)
    return scene


@pytest.mark.slow
def test_next_previous_and_the_keys_walk_the_game_with_its_score(play: Any) -> None:
    driver = play()
    table_game = driver.app.session.game
    scene = open_example(driver)
    game = scene.replay.game
    assert (scene.replay.step, game.score, game.moves) == (0, 500, 0)
    assert scene.replay.note() == tr("example.note.start")
    for _ in range(3):
        driver.click(button(driver, "example.next"))
    assert (scene.replay.step, game.score, game.moves) == (3, 497, 3)
    driver.key(pygame.K_RIGHT)
    driver.click(button(driver, "example.previous"))
    driver.key(pygame.K_LEFT)
    assert (scene.replay.step, game.score, game.moves) == (2, 498, 2)
    assert scene.replay.action() == tr("example.move", count=1, source=2, target=9)
    driver.key(pygame.K_END)
    assert game.is_won and (game.moves, game.score) == (example.MOVES, example.SCORE)
    assert not scene._next.enabled and scene._previous.enabled
    driver.click(button(driver, "example.next"))      # nothing after the win
    assert scene.replay.step == example.MOVES
    assert scene.replay.note() == tr("example.note.won", moves=example.MOVES,
                                     score=example.SCORE)
    driver.key(pygame.K_HOME)
    assert (scene.replay.step, game.score, game.moves) == (0, 500, 0)
    assert scene._next.enabled and not scene._previous.enabled
    driver.key(pygame.K_ESCAPE)                       # back to the help, then the table
    assert isinstance(driver.app.scenes.top, HelpScene)
    driver.key(pygame.K_ESCAPE)
    assert driver.app.scenes.top is driver.app.table
    assert driver.app.session.game is table_game and table_game.moves == 0


def test_every_comment_shows_at_its_step(play: Any) -> None:
    scene = open_example(play())
    for step, kind in example.NOTES.items():
        scene.go(step)
        game = scene.replay.game
        assert scene.replay.note() == tr(f"example.note.{kind}", moves=game.moves,
                                         score=game.score)
    scene.go(1)
    assert scene.replay.note() == ""


def test_play_steps_by_itself_until_paused(play: Any) -> None:
    driver = play()
    app = driver.app
    scene = open_example(driver)
    driver.click(button(driver, "example.play"))
    assert scene.playing and scene.wake_in() is not None
    for _ in range(round(PLAY_STEP * 3 / 0.1) + 1):  # a little over three steps of time
        app.clock.sleep(0.1)
        app.step()
    assert scene.replay.step == 3
    driver.click(button(driver, "example.pause"))
    assert not scene.playing and scene.wake_in() is None
    for _ in range(20):
        app.clock.sleep(0.1)
        app.step()
    assert scene.replay.step == 3


def test_play_at_the_end_starts_again_and_stops_at_the_win(play: Any) -> None:
    driver = play()
    scene = open_example(driver)
    driver.key(pygame.K_END)
    driver.click(button(driver, "example.play"))
    assert scene.playing and scene.replay.step == 0
    scene.go(example.MOVES)
    assert not scene.playing and scene.replay.game.is_won
