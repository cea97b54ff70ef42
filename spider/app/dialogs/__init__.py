"""Dialogs over the table: New game, Settings, Statistics, Help (and its Example game),
Confirm, Win and Menu.

Each dialog is a :class:`~spider.app.scenes.Scene` pushed on the host's scene stack
(by name through :meth:`spider.app.host.Commands.open_dialog`): a panel over the
table, used with the mouse or the keyboard (Tab and the arrows move, Enter or Space
act, Esc goes back). Text is measured and the whole panel shrinks its font until it
fits the window, so longer translations fit too.
"""

from __future__ import annotations

from spider.app.dialogs.base import Dialog
from spider.app.dialogs.confirm import ConfirmScene
from spider.app.dialogs.example import ExampleScene
from spider.app.dialogs.help import HelpScene
from spider.app.dialogs.menu import MenuScene
from spider.app.dialogs.newgame import NewGameScene
from spider.app.dialogs.settings import SettingsScene
from spider.app.dialogs.statistics import StatisticsScene
from spider.app.dialogs.win import WinScene

__all__ = ["ConfirmScene", "Dialog", "ExampleScene", "HelpScene", "MenuScene", "NewGameScene",
           "SettingsScene", "StatisticsScene", "WinScene"]
