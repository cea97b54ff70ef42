"""Settings: every option (docs/RULES.md: Settings and statistics), applied at once
and remembered."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from spider.app.dialogs.base import Dialog
from spider.app.host import DialogName
from spider.app.table.previews import back_preview, table_preview
from spider.app.ui.swatches import Pictures, Swatches
from spider.app.ui.theme import GOLD
from spider.app.ui.widgets import (
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
from spider.data.settings import CARD_BACKS, TABLES
from spider.text.i18n import LANGUAGES, current_language, tr

if TYPE_CHECKING:
    from spider.app.loop import App

# ----------------------------------------------------------------- settings
#: The smallest size (px) the settings' descriptions are shown at; below it they are left out.
READABLE_NOTE = 12
SPEED_NAMES = (("normal", "settings.speed-normal"), ("fast", "settings.speed-fast"),
               ("off", "settings.speed-off"))


class SettingsScene(Dialog):
    """Every setting, applied at once and remembered."""

    min_width = 30.0

    def __init__(self, app: App) -> None:
        #: The choosers' pictures, kept while the dialog is open (its widgets are not).
        self._pictures = {"card_back": Pictures(), "table": Pictures()}
        self._swatches: list[Swatches] = []
        super().__init__(app)

    def title(self) -> str:
        return tr("settings.title")

    def _setter(self, name: str) -> Callable[[Any], None]:
        def put(value: Any) -> None:
            app = self.app
            app.apply_settings(app.settings.with_(**{name: value}))
            if name == "sound" and not value:
                app.stop_sounds()
            self.invalidate()
        return put

    def _fit(self) -> int:
        """As every dialog, but the descriptions under the settings' names are left out
        when the dialog would have to shrink them below a readable size (small windows)."""
        self.explained = True
        fs = super()._fit()
        if self.style.small < READABLE_NOTE:
            self.explained = False
            self._make()
            fs = super()._fit()
        return fs

    def _switch(self, name: str, key: str, about: str | None = None) -> Field:
        """A setting's switch (``about``: the key of its one-line description, shown
        when there is room)."""
        switch = Switch(lambda: getattr(self.app.settings, name), self._setter(name))
        note = (lambda: tr(about)) if about and getattr(self, "explained", True) else None
        return Field(tr(key), switch, note=note, control_right=True)

    def body(self) -> Widget:
        play = Column([
            Label(tr("settings.playing"), "heading", GOLD, bold=True),
            self._switch("double_click", "settings.double-click",
                         "settings.about.double-click"),
            self._switch("auto_place", "settings.auto-place",
                         "settings.about.auto-place"),
            self._switch("placement_help", "settings.placement-help",
                         "settings.about.placement-help"),
            self._switch("rule_reminders", "settings.rule-reminders",
                         "settings.about.rule-reminders"),
            self._switch("hints", "settings.hints",
                         "settings.about.hints"),
            self._switch("win_check", "settings.win-check",
                         "settings.about.win-check"),
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
            Label(tr("settings.access"), "heading", GOLD, bold=True),
            self._switch("large_index", "settings.large-index"),
            self._switch("reduced_motion", "settings.reduced-motion"),
        ], gap=0.75)
        languages = Segments(
            [Option(code, name, language=code) for code, name in LANGUAGES.items()],
            lambda: self.app.settings.language or current_language(),
            self._setter("language"))
        return Column([
            Row([play, look], gap=2.4, stretch=True),
            Spacer(0.3), Divider(), Spacer(0.1),
            self._looks(),
            Field(tr("settings.language"), languages, stacked=self.compact),
        ], gap=0.6)

    def _looks(self) -> Widget:
        """The card backs and the tables, each shown as a small picture of itself."""
        settings = lambda: self.app.settings  # noqa: E731 - read when drawn
        backs = Swatches([Option(name, tr(f"settings.back-{name}")) for name in CARD_BACKS],
                         lambda: settings().card_back, self._setter("card_back"),
                         back_preview, aspect=5 / 7, pictures=self._pictures["card_back"])
        tables = Swatches([Option(name, tr(f"settings.table-{name}")) for name in TABLES],
                          lambda: settings().table, self._setter("table"),
                          lambda name, size: table_preview(name, size, settings().card_back),
                          aspect=1.25, depends=lambda: settings().card_back,
                          pictures=self._pictures["table"])
        self._swatches = [backs, tables]
        return Row([Field(tr("settings.card-back"), backs, stacked=True),
                     Field(tr("settings.table"), tables, stacked=True)], gap=2.4, stretch=True)

    def footer(self) -> Widget:
        # Links to the other screens, so that they are a click away wherever the
        # bar's Menu button leads.
        links = Row([Button(tr("menu.statistics"), self._open(DialogName.STATISTICS)),
                     Button(tr("menu.help"), self._open(DialogName.HELP))])
        return Row([links, Button(tr("dialog.done"), self.close, "primary", min_width=7)],
                   align="spread")

    def _open(self, name: DialogName) -> Callable[[], None]:
        """Close the settings, then open the dialog ``name``."""
        def run() -> None:
            self.close()
            self.app.commands.open_dialog(name)
        return run

    @property
    def animating(self) -> bool:
        return any(swatches.waiting for swatches in self._swatches)

    def spare(self, until: float) -> bool:
        """The choosers' pictures, made after the frame that first shows them."""
        return any(swatches.waiting and swatches.make(until) for swatches in self._swatches)

    def initial_focus(self) -> Widget | None:
        widgets = self.focus.focusables()
        return widgets[0] if widgets else None

    def default(self) -> None:
        self.close()


