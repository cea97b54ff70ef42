"""The bar's Menu: a list dropping down from the bar's right end."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from spider.app.dialogs.base import Dialog
from spider.app.host import DialogName
from spider.app.ui.widgets import Button, Column, Widget
from spider.text.i18n import tr

if TYPE_CHECKING:
    from spider.app.host import Host


class MenuScene(Dialog):
    """The bar's Menu: every command that has no button of its own."""

    min_width = 12.0
    anchor_y = 0.0
    scrim_alpha = 48

    def __init__(self, app: Host, top: int = 0) -> None:
        """``top``: where the table's bar ends (the menu drops down from it)."""
        super().__init__(app)
        self.top = top

    def body(self) -> Widget:
        commands = self.app.commands

        def dialog(name: DialogName) -> Callable[[], None]:
            return self._then(lambda: commands.open_dialog(name))

        entries: list[tuple[str, Callable[[], None]]] = [
            ("menu.new-game", dialog(DialogName.NEW_GAME)),
            ("menu.restart", self._restart),
            ("menu.demo", self._then(commands.start_demo)),
            ("menu.analyse", dialog(DialogName.ANALYSIS)),
            ("menu.statistics", dialog(DialogName.STATISTICS)),
            ("menu.settings", dialog(DialogName.SETTINGS)),
            ("menu.help", dialog(DialogName.HELP)),
            ("menu.quit", self._then(commands.quit)),
        ]
        return Column([Button(tr(key), action, "item", min_width=11)
                       for key, action in entries], gap=0.15)

    def _then(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            action()
        return run

    def _restart(self) -> None:
        self.close()
        self.app.commands.ask_restart()

    def initial_focus(self) -> Widget | None:
        widgets = self.focus.focusables()
        return widgets[0] if widgets else None

    def _fit(self, fs: int | None = None) -> int:
        fs = super()._fit(fs)
        # Drop down from the bar's right end, like a menu.
        width, _ = self.app.size
        self.panel.topright = (width - self.style.gap, self.top + self.style.gap)
        self._place(self.style, 0)
        return fs

    def default(self) -> None:
        focus = self.focus.focus
        if focus is not None:
            focus.activate()

    def outside_click(self, pos: tuple[int, int]) -> None:
        if not self.panel.collidepoint(pos):
            self.close()
