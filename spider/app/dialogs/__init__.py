"""Dialogs over the table: New game, Settings, Statistics, Help, Confirm, Win and Menu.

Each dialog is a :class:`~spider.app.scenes.Scene` pushed on ``app.scenes``: a
panel over the dimmed table, used with the mouse or the keyboard (Tab and the
arrows move, Enter or Space act, Esc goes back). Text is measured and the whole
panel shrinks its font until it fits the window, so longer translations fit too.

Wiring into the App (``spider/app/main.py``) — either call ``install(app)``
once after building the App (it does all of the below on the instance), or
write it into the App's methods:

* start-up (``run()``), before the window opens::

      saved = load_saved()                      # spider.app.persistence
      app = App(settings=saved.settings, session=saved.session)
      install(app, saved)                       # or, by hand:
      #   app.persistence = Persistence(app, saved); app.sounds = Sounds(app)
      #   app.persistence.start()               # one message if files were set aside

* ``open_new_game_dialog``: ``self.scenes.push(NewGameScene(self))``
* ``open_settings``:        ``self.scenes.push(SettingsScene(self))``
* ``open_statistics``:      ``self.scenes.push(StatisticsScene(self))``
* ``open_help``:            ``self.scenes.push(HelpScene(self))``
* ``open_menu`` (new; the bar's Menu button should call it instead of
  ``open_settings``): ``self.scenes.push(MenuScene(self))``
* ``confirm(message_key, on_yes)``: ``self.scenes.push(ConfirmScene(self, message_key, on_yes))``
* ``show_win``: ``if not isinstance(self.scenes.top, WinScene):
  self.scenes.push(WinScene(self, self.persistence.win_records))``
* ``on_game_event(kind)``:  ``self.persistence.on_game_event(kind)``
* ``start_session(session, deal_in)``: keep ``old = self.session`` first, then at
  the end ``self.persistence.session_replaced(old)`` (counts an abandoned game)
* ``apply_settings(settings)``: at the end ``self.persistence.settings_changed(settings)``
* ``play_sound(name)``:     ``self.sounds.play(name)``
* ``quit()`` (and ``close()``): ``self.persistence.quit()`` (saves the game and its clock)

Every scene here also defines ``wake_in`` (None) for the loop's idle timer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from spider.app.dialogs.base import ConfirmScene, Dialog, MenuScene
from spider.app.dialogs.help import HelpScene
from spider.app.dialogs.newgame import NewGameScene
from spider.app.dialogs.settings import SettingsScene
from spider.app.dialogs.statistics import StatisticsScene
from spider.app.dialogs.win import WinScene
from spider.app.persistence import Persistence, Saved, load_saved
from spider.app.scenes import Scene
from spider.app.sound import Sounds

if TYPE_CHECKING:
    from spider.app.main import App


# ------------------------------------------------------------------ install
def install(app: App, saved: Saved | None = None) -> Persistence:
    """Wire saving, statistics, sound and every dialog into ``app`` (one call).

    Does on the instance what the module docstring lists for the App's methods, so
    it works on an App that has none of it yet; an App that already has
    ``persistence`` is left as it is. Returns ``app.persistence``.
    """
    existing = getattr(app, "persistence", None)
    if existing is not None:
        return existing
    persistence = Persistence(app, saved if saved is not None else load_saved())
    app.persistence = persistence  # type: ignore[attr-defined]
    app.sounds = Sounds(app)  # type: ignore[attr-defined]
    original_start = app.start_session
    original_apply = app.apply_settings
    original_quit = app.quit
    original_close = app.close

    def start_session(session: Any, deal_in: bool | None = None) -> None:
        old = app.session
        original_start(session, deal_in)
        persistence.session_replaced(old)

    def apply_settings(settings: Any) -> None:
        original_apply(settings)
        persistence.settings_changed(settings)

    def quit_game() -> None:
        persistence.quit()
        original_quit()

    def close() -> None:
        persistence.quit()
        original_close()

    def show_win() -> None:
        if not isinstance(app.scenes.top, WinScene):
            app.scenes.push(WinScene(app, persistence.win_records))
            app.request_redraw()

    def push(factory: Callable[[], Scene]) -> Callable[[], None]:
        def open_scene() -> None:
            app.scenes.push(factory())
            app.request_redraw()
        return open_scene

    def confirm(message_key: str, on_yes: Callable[[], None]) -> None:
        app.scenes.push(ConfirmScene(app, message_key, on_yes))
        app.request_redraw()

    hooks: dict[str, Any] = {
        "start_session": start_session,
        "apply_settings": apply_settings,
        "quit": quit_game,
        "close": close,
        "show_win": show_win,
        "confirm": confirm,
        "on_game_event": persistence.on_game_event,
        "play_sound": app.sounds.play,  # type: ignore[attr-defined]
        "open_new_game_dialog": push(lambda: NewGameScene(app)),
        "open_settings": push(lambda: SettingsScene(app)),
        "open_statistics": push(lambda: StatisticsScene(app)),
        "open_help": push(lambda: HelpScene(app)),
        "open_menu": push(lambda: MenuScene(app)),
    }
    for name, hook in hooks.items():
        setattr(app, name, hook)
    persistence.start()
    return persistence


__all__ = ["ConfirmScene", "Dialog", "HelpScene", "MenuScene", "NewGameScene", "SettingsScene",
           "StatisticsScene", "WinScene", "install"]
