"""Play feel: the player is always in charge (issue 16), through real events and the
real loop."""

from __future__ import annotations

import pygame

from spider.app.dialogs import ConfirmScene
from spider.app.ui.widgets import Label, walk
from spider.model.game import DEAL
from spider.text.i18n import tr


def dialog_texts(app) -> list[str]:
    scene = app.scenes.top
    return [widget.string for widget in walk(scene.focus.root) if isinstance(widget, Label)]


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
