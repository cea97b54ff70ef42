"""Settings: every option (docs/RULES.md: Settings and statistics), applied at once
and remembered."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from spider.app.dialogs.base import Dialog
from spider.app.host import DialogName
from spider.app.table.previews import back_preview, table_preview
from spider.app.ui.swatches import Pictures, Swatches
from spider.app.ui.theme import GOLD, Style
from spider.app.ui.widgets import (
    Button,
    Column,
    Divider,
    Field,
    Label,
    Option,
    Pages,
    Row,
    Segments,
    Spacer,
    Switch,
    Widget,
)
from spider.data.settings import CARD_BACKS, TABLES
from spider.text.i18n import LANGUAGES, current_language, tr

if TYPE_CHECKING:
    from spider.app.host import Host

# ----------------------------------------------------------------- settings
#: The smallest size (px) the settings' descriptions are shown at; below it they are left out.
READABLE_NOTE = 12
#: The pages, by the keys of their names.
PAGES = ("settings.playing", "settings.look")
SPEED_NAMES = (("normal", "settings.speed-normal"), ("fast", "settings.speed-fast"),
               ("off", "settings.speed-off"))


class SettingsScene(Dialog):
    """Every setting, applied at once and remembered, on two pages (playing; look and
    sound) with the language under both. The dialog keeps its size and place while it
    is open: it is sized for its larger page in the longest language."""

    min_width = 30.0

    def __init__(self, app: Host) -> None:
        #: The choosers' pictures, kept while the dialog is open (its widgets are not).
        self._pictures = {"card_back": Pictures(), "table": Pictures()}
        self._swatches: list[Swatches] = []
        #: The page shown (an index into PAGES).
        self.page = 0
        #: The settings' descriptions are shown (see ``_arrange``).
        self.explained = True
        super().__init__(app)

    def title(self) -> str:
        return tr("settings.title")

    def languages(self) -> tuple[str, ...]:
        return tuple(LANGUAGES)

    def arrangement(self) -> tuple[Any, ...]:
        return (self.explained,)

    def _setter(self, name: str) -> Callable[[Any], None]:
        def put(value: Any) -> None:
            app = self.app
            app.apply_settings(app.settings.with_(**{name: value}))
            if name == "sound" and not value:
                app.stop_sounds()
            self.invalidate()
        return put

    def _arrange(self) -> int:
        """As every dialog, but the descriptions under the settings' names are left out
        when they would make the dialog shrink them below a readable size (in a window
        smaller than 1024 × 768 they are as small as every note, and are kept if they fit
        at that size)."""
        self.explained = True
        fs = super()._arrange()
        if fs < self.natural_font() and Style(fs).small < READABLE_NOTE:
            self.explained = False
            fs = super()._arrange()
        return fs

    def _switch(self, name: str, key: str, about: str | None = None) -> Field:
        """A setting's switch (``about``: the key of its one-line description, shown
        when there is room)."""
        switch = Switch(lambda: getattr(self.app.settings, name), self._setter(name))
        note = (lambda: tr(about)) if about and self.explained else None
        return Field(tr(key), switch, note=note, control_right=True)

    def turn_to(self, page: int) -> None:
        """Show page ``page`` (the dialog keeps its size)."""
        self.page = page % len(PAGES)
        self.invalidate()

    def body(self) -> Widget:
        tabs = Segments([Option(number, tr(key)) for number, key in enumerate(PAGES)],
                        lambda: self.page, self.turn_to)
        tabs.stretch = tabs.even = True
        languages = Segments(
            [Option(code, name, language=code) for code, name in LANGUAGES.items()],
            lambda: self.app.settings.language or current_language(),
            self._setter("language"))
        pages = Pages([self._playing(), self._look()], lambda: self.page)
        return Column([
            tabs, pages, Divider(),
            Field(tr("settings.language"), languages, stacked=True),
        ], gap=0.8)

    def _playing(self) -> Widget:
        """How the cards move, and what the game tells you: each setting explained."""
        moving = Column([
            self._switch("double_click", "settings.double-click",
                         "settings.about.double-click"),
            self._switch("auto_place", "settings.auto-place",
                         "settings.about.auto-place"),
            self._switch("placement_help", "settings.placement-help",
                         "settings.about.placement-help"),
        ], gap=0.9)
        telling = Column([
            self._switch("rule_reminders", "settings.rule-reminders",
                         "settings.about.rule-reminders"),
            self._switch("hints", "settings.hints",
                         "settings.about.hints"),
            self._switch("win_check", "settings.win-check",
                         "settings.about.win-check"),
        ], gap=0.9)
        return Row([moving, telling], gap=2.4, stretch=True)

    def _look(self) -> Widget:
        """Sound, the window, the cards' looks and motion."""
        speed = Segments([Option(value, tr(key)) for value, key in SPEED_NAMES],
                         lambda: self.app.settings.animation_speed,
                         self._setter("animation_speed"))
        look = Column([
            self._switch("sound", "settings.sound"),
            self._switch("fullscreen", "settings.fullscreen"),
            self._switch("four_colour", "settings.four-colour"),
            Field(tr("settings.animation"), speed, control_right=not self.compact,
                  stacked=self.compact),
        ], gap=0.75)
        access = Column([
            Label(tr("settings.access"), "heading", GOLD, bold=True),
            self._switch("large_index", "settings.large-index"),
            self._switch("reduced_motion", "settings.reduced-motion"),
        ], gap=0.75)
        return Column([Row([look, access], gap=2.4, align="spread", top=True),
                       Spacer(0.1), self._swatches_row()], gap=0.6)

    def _swatches_row(self) -> Widget:
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
        clock = self.app.clock
        return any(swatches.waiting and swatches.make(until, clock)
                   for swatches in self._swatches)

    def initial_focus(self) -> Widget | None:
        """The first setting (the pages' tabs are one Shift+Tab above it)."""
        widgets = self.focus.focusables()
        return widgets[1] if len(widgets) > 1 else None

    def handle(self, event: pygame.event.Event) -> bool:
        """Ctrl+Tab and Ctrl+Page Down turn to the next page, with Shift or Page Up back."""
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL and event.key in (
                pygame.K_TAB, pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            back = event.key == pygame.K_PAGEUP or (
                event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            self.turn_to(self.page + (-1 if back else 1))
            return True
        return super().handle(event)

    def default(self) -> None:
        self.close()


