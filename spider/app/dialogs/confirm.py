"""Confirm: a yes/no question over the table (quit, restart, reset the statistics)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from spider.app.dialogs.base import Dialog
from spider.app.ui.theme import DIM
from spider.app.ui.widgets import Button, Column, Label, Row, Widget
from spider.text.i18n import tr

if TYPE_CHECKING:
    from spider.app.host import Host

#: The table's questions (quit, restart) and their buttons.
QUESTIONS = {
    "confirm.quit": ("confirm.quit", "confirm.quit-yes", "confirm.quit-no"),
    "confirm.restart": ("confirm.restart", "confirm.restart-yes", "confirm.cancel"),
}
#: Titles of the questions that have one (the key of the question + "-title").
TITLED = ("confirm.quit", "confirm.restart", "stats.confirm-reset")


class ConfirmScene(Dialog):
    """A yes/no question. Yes runs ``on_yes`` after closing; Esc or No only closes."""

    min_width = 18.0

    def __init__(self, app: Host, message_key: str, on_yes: Callable[[], None],
                 yes_key: str | None = None, no_key: str | None = None,
                 note_key: str | None = None, **params: object) -> None:
        """``note_key``: a smaller line under the question (what else yes does)."""
        super().__init__(app)
        self.note_key = note_key
        question, yes, no = QUESTIONS.get(message_key, (message_key, "confirm.yes",
                                                        "confirm.no"))
        self.message_key = question
        self.yes_key, self.no_key = yes_key or yes, no_key or no
        self.on_yes = on_yes
        self.params: dict[str, Any] = params

    def title(self) -> str:
        return tr(f"{self.message_key}-title") if self.message_key in TITLED else ""

    def body(self) -> Widget:
        question = Label(tr(self.message_key, **self.params), max_width=24)
        if self.note_key is None:
            return question
        return Column([question, Label(tr(self.note_key), "small", DIM, max_width=28)],
                      gap=0.6)

    def footer(self) -> Widget:
        return Row([Button(tr(self.no_key), self.cancel),
                    Button(tr(self.yes_key), self.yes, "primary")], align="right")

    def yes(self) -> None:
        self.close()
        self.on_yes()

    def default(self) -> None:
        self.yes()
