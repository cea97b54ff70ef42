"""New game: difficulty, rules and layout for a random deal, or a typed or pasted code."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from spider.app.dialogs.base import Dialog, winnable_finder
from spider.app.ui.clipboard import put_clipboard
from spider.app.ui.theme import DIM, ERROR
from spider.app.ui.widgets import (
    Button,
    Divider,
    Field,
    Form,
    Label,
    Option,
    Row,
    Segments,
    Switch,
    TextField,
    Widget,
)
from spider.app.worker import Job
from spider.model.dealcode import DealCode, DealCodeError
from spider.model.layouts import LAYOUTS
from spider.text.i18n import catalogue, current_language, tr

if TYPE_CHECKING:
    from spider.app.host import Host


# ----------------------------------------------------------------- new game
#: The worker's kind of job for a winnable deal.
SEARCH = "deal"
DIFFICULTIES = ((1, "difficulty.easy", "difficulty.one-suit"),
                (2, "difficulty.medium", "difficulty.two-suits"),
                (4, "difficulty.hard", "difficulty.four-suits"))


class NewGameScene(Dialog):
    """Choose difficulty, rules and layout for a random deal, or type/paste a deal code."""

    min_width = 30.0

    def __init__(self, app: Host) -> None:
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
        #: A key was pressed in the dialog: text typed from now on is the player's (the
        #: text of the key that opened the dialog is not).
        self._keyed = False
        #: The winnable-deal search on the worker, while it runs.
        self._search: Job | None = None

    def enter(self) -> None:
        super().enter()
        self._repeat = pygame.key.get_repeat()
        pygame.key.set_repeat(400, 35)
        pygame.key.start_text_input()
        with contextlib.suppress(pygame.error):  # where an input method shows its window
            pygame.key.set_text_input_rect(self.field.rect)

    def title(self) -> str:
        return tr("newgame.title")

    def handle(self, event: pygame.event.Event) -> bool:
        """A deal code can be typed at once: code characters go to the field wherever
        the focus is."""
        if event.type == pygame.KEYDOWN:
            self._keyed = True
        elif (event.type == pygame.TEXTINPUT and self._keyed and self.focus.focus is not self.field
              and event.text.replace("-", "").isalnum()):
            self.ensure()
            self.focus.set_focus(self.field)
            self.focus.state.keyboard = True
        return super().handle(event)

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
        layout = Segments([Option(shape.id, tr(shape.name_key)) for shape in LAYOUTS.values()],
                          lambda: self.layout, self._choose("layout"))
        stacked = self.compact
        rules_row = Field(tr("newgame.rules"), rules, note=lambda: tr(
            "rules.relaxed-note" if self.relaxed else "rules.classic-note"), stacked=stacked)
        rules.enabled = self.suits != 1  # one suit: the rules make no difference
        rows: list[Widget] = [
            Field(tr("newgame.difficulty"), difficulty, stacked=stacked),
            rules_row,
            Field(tr("newgame.layout"), layout,
                  note=lambda: tr(f"layout.{self.layout}-note"), stacked=stacked),
        ]
        if self.finder is not None:  # None: hidden (tests)
            rows.append(Field(tr("newgame.winnable"), Switch(lambda: self.winnable,
                                                             self._choose("winnable"))))
        paste = Button(tr("newgame.paste"), self.paste, min_width=5)
        code_row = Field(tr("newgame.code"), Row([self.field, paste], gap=0.5),
                         note=self._code_note, stacked=stacked, notes=self._code_notes)
        code_row.note_colour = ERROR if self.error else DIM
        rows += [Divider(), code_row]
        form = Form(rows, gap=0.9)
        if self.app.session.started and not self.app.session.game.is_won:
            form.items.append(Label(tr("newgame.counts-as-loss"), "small", DIM, max_width=34))
        return form

    def _code_note(self) -> str:
        return self.error or self.status or tr("newgame.code-hint")

    def _code_notes(self) -> list[str]:
        """Every note the code's field may show, so that room is kept for the largest
        (an error appearing moves no button): the hint, the search, the copy, and each
        reason a code is refused, for the longest text the field takes."""
        code = str(self.app.session.code)
        typed = "W" * self.field.max_length
        reasons = [key for key in catalogue(current_language()) if key.startswith("code.")]
        return [tr("newgame.code-hint"), tr("newgame.searching"),
                tr("newgame.copied", code=code), tr("newgame.no-clipboard", code=code),
                *(tr(key, found=typed) for key in reasons)]

    def footer(self) -> Widget:
        copy = Button(tr("newgame.copy"), self.copy_code)
        start = Button(tr("newgame.start"), self.start, "primary", min_width=7)
        start.enabled = not self.searching
        actions = Row([Button(tr("dialog.cancel"), self.cancel),
                       start])
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
        return DealCode.random(self.layout, self.suits, self.relaxed and self.suits != 1,
                               self.app.deals)

    # Winnable deals: the solver searches on the background worker; the dialog stays
    # usable and Esc stops the search.
    @property
    def searching(self) -> bool:
        return self._search is not None

    @property
    def animating(self) -> bool:
        return self.searching  # keep the loop turning so update() sees the answer

    def _search_winnable(self) -> None:
        finder = self.finder
        assert finder is not None
        layout, suits, relaxed = self.layout, self.suits, self.relaxed and self.suits != 1
        deals = self.app.deals

        def work(cancel: threading.Event) -> DealCode:
            found = finder(layout=layout, suits=suits, relaxed=relaxed, rng=deals, cancel=cancel)
            return found if isinstance(found, DealCode) else DealCode.parse(str(found))

        self._search = Job(SEARCH, 0, work)
        self.error, self.status = "", tr("newgame.searching")
        self.invalidate()
        self.app.worker.submit(self._search)

    def _stop_search(self) -> None:
        if self._search is not None:
            self.app.worker.cancel(SEARCH)
            self._search = None
            self.status = ""
            self.invalidate()

    def update(self, dt: float) -> bool:
        if self._search is None:
            return False
        answers = [answer for answer in self.app.worker.take((SEARCH,))
                   if answer.job is self._search]
        if not answers:
            return False
        self._search = None
        code = answers[-1].value
        if not isinstance(code, DealCode):  # none found, or the search failed
            self.app.commands.new_game(self.random_code())
            self.app.notify(tr("newgame.no-winnable"))
            return True
        self.app.commands.new_game(code)
        return True

    def cancel(self) -> None:
        if self.searching:
            self._stop_search()
        else:
            self.close()

    def leave(self) -> None:
        super().leave()
        pygame.key.set_repeat(*self._repeat)
        if self.app.scenes.top is not self and self not in list(self.app.scenes):
            self._stop_search()

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
            if self.searching:
                return
            settings = self.app.settings
            chosen = settings.with_(layout=self.layout, suits=self.suits,
                                    relaxed=self.relaxed and self.suits != 1,
                                    winnable_only=self.winnable)
            if chosen != settings:
                self.app.apply_settings(chosen)
            if self.winnable and self.finder is not None:
                self._search_winnable()
                return
            code = self.random_code()
        self.app.commands.new_game(code)

    def default(self) -> None:
        self.start()


