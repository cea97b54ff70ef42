"""The win dialog: score, moves and time with a star for each record, and what next."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from spider.app.dialogs.base import Dialog, draw_star, statistics_of
from spider.app.host import DialogName
from spider.app.table.hud import format_time
from spider.app.ui.focus import UiState
from spider.app.ui.textlayout import blit_text, text_width
from spider.app.ui.theme import DIM, GOLD, WHITE, Style
from spider.app.ui.widgets import Button, Column, Label, Row, Spacer, Widget
from spider.data.persistence import key_of
from spider.data.statistics import Records
from spider.text.i18n import format_number, tr

if TYPE_CHECKING:
    from spider.app.host import Host


# ---------------------------------------------------------------------- win
class WinScene(Dialog):
    """Score, moves and time of a won deal (a star where a record fell), and what next."""

    min_width = 20.0
    #: The cascade goes on around the panel in its full colours.
    scrim_alpha = 0

    def __init__(self, app: Host, records: Records | None = None,
                 lane: int | None = None) -> None:
        """``lane``: the highest row the cascade's cards bounce along the bottom of the
        window at its present size (None: no cascade)."""
        super().__init__(app)
        self.records = records or Records()
        self.lane, self._lane_size = lane, app.size

    def _settle_panel(self, kept: pygame.Rect | None) -> None:
        """Opened over the cascade, the panel is raised so that its shadow ends above
        the lane (as far as the window allows): the cards bounce by it, not under it,
        where each card's every step would be drawn three times (into the cascade's
        picture, from it, and the shadow over it)."""
        super()._settle_panel(kept)
        if kept is None and self.lane is not None and self.app.size == self._lane_size:
            self.panel.y = max(0, self.panel.y - max(0, self.shadow_bottom() - self.lane))

    def title(self) -> str:
        return tr("demo.won" if self.app.session.demo_played else "win.title")

    def body(self) -> Widget:
        session, game = self.app.session, self.app.session.game
        figures = [("table.score", format_number(game.score), self.records.best_score),
                   ("table.moves", format_number(game.moves), self.records.fewest_moves),
                   ("table.time", format_time(session.elapsed), self.records.fastest)]
        rows: list[Widget] = [WinFigure(tr(key), value, record) for key, value, record
                              in figures]
        stats = statistics_of(self.app).get(key_of(session))
        if session.demo_played:
            rows.append(Label(tr("demo.not-counted"), "small", DIM, align="center",
                              max_width=26))
        elif stats.played:
            rows.append(Spacer(0.2))
            rows.append(Label(tr("win.summary", won=stats.won, played=stats.played,
                                 streak=stats.current_streak), "small", DIM, align="center",
                              max_width=26))
        if self.records.any:
            rows.insert(0, RecordNote(tr("win.record")))
        return Column(rows, gap=0.5)

    def footer(self) -> Widget:
        return Row([Button(tr("win.again"), self.again),
                    Button(tr("win.new-game"), self.new_game, "primary")], align="right")

    def again(self) -> None:
        self.close()
        self.app.commands.restart()

    def new_game(self) -> None:
        self.close()
        self.app.commands.open_dialog(DialogName.NEW_GAME)

    def default(self) -> None:
        self.new_game()

    def title_colour(self) -> tuple[int, int, int]:
        return GOLD


class WinFigure(Widget):
    """One figure of the win dialog: a name, a value and a star for a record."""

    def __init__(self, name: str, value: str, record: bool) -> None:
        super().__init__()
        self.name, self.value, self.record = name, value, record

    def measure(self, style: Style) -> tuple[int, int]:
        width = (text_width(self.name, style.fs) + text_width(self.value, style.heading, True)
                 + 4 * style.pad)
        return width, round(style.fs * 1.9)

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        mid = self.rect.centery
        blit_text(surface, self.name, style.fs, DIM, midleft=(self.rect.x + style.pad, mid))
        right = self.rect.right - style.pad * 2
        blit_text(surface, self.value, style.heading, WHITE, True, midright=(right, mid))
        if self.record:
            draw_star(surface, (right + style.pad, mid), max(4, style.fs // 2), GOLD)




class RecordNote(Widget):
    """"New record!" with the star that marks the figures that set one."""

    def __init__(self, string: str) -> None:
        super().__init__()
        self.string = string

    def measure(self, style: Style) -> tuple[int, int]:
        return text_width(self.string, style.small) + 2 * style.fs, round(style.fs * 1.4)

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        width = text_width(self.string, style.small) + style.fs + style.gap
        x = self.rect.centerx - width // 2
        draw_star(surface, (x + style.fs // 2, self.rect.centery), max(4, style.fs // 2), GOLD)
        blit_text(surface, self.string, style.small, GOLD,
                  midleft=(x + style.fs + style.gap, self.rect.centery))
