"""Settings: every option of SPEC 2.4, applied at once and remembered."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spider.app.dialogs.base import Dialog
from spider.app.ui.widgets import (
    GOLD,
    Button,
    Column,
    Divider,
    Field,
    Label,
    Option,
    Row,
    Segments,
    Spacer,
    Switch,
    Widget,
)
from spider.text.i18n import LANGUAGES, current_language, tr

# ----------------------------------------------------------------- settings
SPEED_NAMES = (("normal", "settings.speed-normal"), ("fast", "settings.speed-fast"),
               ("off", "settings.speed-off"))


class SettingsScene(Dialog):
    """Every setting, applied at once and remembered."""

    min_width = 30.0

    def title(self) -> str:
        return tr("settings.title")

    def _setter(self, name: str) -> Callable[[Any], None]:
        def put(value: Any) -> None:
            app = self.app
            app.apply_settings(app.settings.with_(**{name: value}))
            if name == "sound" and not value:
                app.sounds.stop()
            self.invalidate()
        return put

    def _switch(self, name: str, key: str, explained: bool = False) -> Field:
        """A setting's switch (``explained``: with its one-line description under it,
        ``settings.about.*``)."""
        switch = Switch(lambda: getattr(self.app.settings, name), self._setter(name))
        about = key.replace("settings.", "settings.about.", 1)
        note = (lambda: tr(about)) if explained else None
        return Field(tr(key), switch, note=note, control_right=True)

    def body(self) -> Widget:
        play = Column([
            Label(tr("settings.playing"), "heading", GOLD, bold=True),
            self._switch("double_click", "settings.double-click", explained=True),
            self._switch("auto_place", "settings.auto-place", explained=True),
            self._switch("placement_help", "settings.placement-help", explained=True),
            self._switch("rule_reminders", "settings.rule-reminders", explained=True),
            self._switch("hints", "settings.hints", explained=True),
            self._switch("win_check", "settings.win-check", explained=True),
        ], gap=0.75)
        speed = Segments([Option(value, tr(key)) for value, key in SPEED_NAMES],
                         lambda: self.app.settings.animation_speed,
                         self._setter("animation_speed"))
        look = Column([
            Label(tr("settings.look"), "heading", GOLD, bold=True),
            self._switch("sound", "settings.sound"),
            self._switch("fullscreen", "settings.fullscreen"),
            self._switch("four_colour", "settings.four-colour"),
            Field(tr("settings.animation"), speed, control_right=not self.compact,
                  stacked=self.compact),
        ], gap=0.75)
        languages = Segments(
            [Option(code, name, language=code) for code, name in LANGUAGES.items()],
            lambda: self.app.settings.language or current_language(),
            self._setter("language"))
        return Column([
            Row([play, look], gap=2.4, stretch=True),
            Spacer(0.3), Divider(), Spacer(0.1),
            Field(tr("settings.language"), languages, stacked=self.compact),
        ], gap=0.6)

    def footer(self) -> Widget:
        # Links to the other screens, so that they are a click away wherever the
        # bar's Menu button leads.
        links = Row([Button(tr("menu.statistics"), self._then(self.app.open_statistics)),
                     Button(tr("menu.help"), self._then(self.app.open_help))])
        return Row([links, Button(tr("dialog.done"), self.close, "primary", min_width=7)],
                   align="spread")

    def _then(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            action()
        return run

    def initial_focus(self) -> Widget | None:
        widgets = self.focus.focusables()
        return widgets[0] if widgets else None

    def default(self) -> None:
        self.close()


