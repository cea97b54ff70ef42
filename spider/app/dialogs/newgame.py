"""New game: difficulty, rules and layout for a random deal, or a typed or pasted code."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from spider.app.dialogs.base import Dialog, winnable_finder
from spider.app.widgets import (
    DIM,
    ERROR,
    Button,
    Divider,
    Field,
    Form,
    Label,
    Option,
    Row,
    Segments,
    Spacer,
    Switch,
    TextField,
    Widget,
    put_clipboard,
)
from spider.dealcode import DealCode, DealCodeError
from spider.i18n import tr

if TYPE_CHECKING:
    from spider.app.main import App


# ----------------------------------------------------------------- new game
DIFFICULTIES = ((1, "difficulty.easy", "difficulty.one-suit"),
                (2, "difficulty.medium", "difficulty.two-suits"),
                (4, "difficulty.hard", "difficulty.four-suits"))
LAYOUT_NAMES = (("SP", "layout.standard"), ("SB", "layout.bicycle"), ("SO", "layout.one-deck"))


class NewGameScene(Dialog):
    """Choose difficulty, rules and layout for a random deal, or type/paste a deal code."""

    min_width = 30.0

    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        self.suits, self.relaxed, self.layout = settings.suits, settings.relaxed, settings.layout
        self.winnable = settings.winnable_only
        self.finder = winnable_finder()
        self.error = ""
        self.status = ""
        self.field = TextField(placeholder=tr("newgame.code-placeholder"), max_length=32,
                               on_submit=self.start, on_change=self._edited, width=17)
        self._repeat = (0, 0)

    def enter(self) -> None:
        super().enter()
        self._repeat = pygame.key.get_repeat()
        pygame.key.set_repeat(400, 35)
        pygame.key.start_text_input()

    def leave(self) -> None:
        pygame.key.set_repeat(*self._repeat)

    def title(self) -> str:
        return tr("newgame.title")

    def _choose(self, name: str) -> Callable[[Any], None]:
        def put(value: Any) -> None:
            setattr(self, name, value)
            self.error = ""
            self.invalidate()
        return put

    def body(self) -> Widget:
        difficulty = Segments([Option(n, tr(key), tr(sub)) for n, key, sub in DIFFICULTIES],
                              lambda: self.suits, self._choose("suits"))
        rules = Segments([Option(False, tr("rules.classic")), Option(True, tr("rules.relaxed"))],
                         lambda: self.relaxed, self._choose("relaxed"))
        layout = Segments([Option(value, tr(key)) for value, key in LAYOUT_NAMES],
                          lambda: self.layout, self._choose("layout"))
        rules_row = Field(tr("newgame.rules"), rules, note=lambda: tr(
            "rules.relaxed-note" if self.relaxed else "rules.classic-note"))
        rules_row.visible = self.suits != 1
        rows: list[Widget] = [
            Field(tr("newgame.difficulty"), difficulty),
            rules_row,
            Field(tr("newgame.layout"), layout,
                  note=lambda: tr(f"layout.{self.layout}-note")),
        ]
        if self.finder is not None:  # WINNABLE DEALS: shown only when the solver offers it
            rows.append(Field(tr("newgame.winnable"), Switch(lambda: self.winnable,
                                                             self._choose("winnable"))))
        paste = Button(tr("newgame.paste"), self.paste, min_width=5)
        code_row = Field(tr("newgame.code"), Row([self.field, paste], gap=0.5),
                         note=self._code_note)
        code_row.note_colour = ERROR if self.error else DIM
        rows += [Spacer(0.2), Divider(), Spacer(0.2), code_row]
        form = Form(rows, gap=0.9)
        if self.app.session.started and not self.app.session.game.is_won:
            form.items.append(Label(tr("newgame.counts-as-loss"), "small", DIM, max_width=34))
        return form

    def _code_note(self) -> str:
        return self.error or self.status or tr("newgame.code-hint")

    def footer(self) -> Widget:
        copy = Button(tr("newgame.copy"), self.copy_code)
        actions = Row([Button(tr("dialog.cancel"), self.cancel),
                       Button(tr("newgame.start"), self.start, "primary", min_width=7)])
        return Row([copy, actions], align="spread")

    def _edited(self, value: str) -> None:
        if self.error or self.status:
            self.error = self.status = ""
            self.invalidate()

    def paste(self) -> None:
        self.field.paste()
        self.focus.set_focus(self.field)
        self.invalidate()

    def copy_code(self) -> None:
        code = str(self.app.session.code)
        self.error = ""
        self.status = tr("newgame.copied" if put_clipboard(code) else "newgame.no-clipboard",
                         code=code)
        self.invalidate()

    def random_code(self) -> DealCode:
        relaxed = self.relaxed and self.suits != 1
        if self.winnable and self.finder is not None:  # WINNABLE DEALS
            try:
                found = self.finder(layout=self.layout, suits=self.suits, relaxed=relaxed)
                return found if isinstance(found, DealCode) else DealCode.parse(str(found))
            except Exception:
                pass
        return DealCode.random(self.layout, self.suits, relaxed)

    def start(self) -> None:
        typed = self.field.value.strip()
        if typed:
            try:
                code = DealCode.parse(typed)
            except DealCodeError as error:
                self.error, self.status = str(error), ""
                self.focus.set_focus(self.field)
                self.invalidate()
                return
        else:
            code = self.random_code()
            settings = self.app.settings
            chosen = settings.with_(layout=self.layout, suits=self.suits,
                                    relaxed=self.relaxed and self.suits != 1,
                                    winnable_only=self.winnable)
            if chosen != settings:
                self.app.apply_settings(chosen)
        self.app.new_game(code)

    def default(self) -> None:
        self.start()


