"""Statistics: played, won, win rate, records and streaks per layout, difficulty and rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from spider.app.dialogs.base import Dialog, statistics_of
from spider.app.dialogs.chart import HistoryChart
from spider.app.dialogs.confirm import ConfirmScene
from spider.app.table.hud import format_time
from spider.app.ui.focus import UiState
from spider.app.ui.textlayout import blit_text, line_height, text_width
from spider.app.ui.theme import DIM, GOLD, TEXT, WHITE, Style, draw_round
from spider.app.ui.widgets import Button, Column, Option, Row, Segments, Widget
from spider.data.history import GameRecord
from spider.data.statistics import Stats, stats_key
from spider.model.layouts import LAYOUTS
from spider.text.i18n import format_number, tr

if TYPE_CHECKING:
    from spider.app.host import Host


# --------------------------------------------------------------- statistics
#: The columns of the statistics table: suits and rules.
KINDS = ((1, False), (2, False), (2, True), (4, False), (4, True))
STAT_ROWS = ("played", "won", "win_rate", "best_score", "fewest_moves", "fastest",
             "current_streak", "longest_streak")


def stat_value(stats: Stats, row: str) -> str:
    """One cell of the statistics table, as shown."""
    if row == "win_rate":
        return tr("stats.percent", value=round(stats.win_rate * 100)) if stats.played else "—"
    if row == "fastest":
        return format_time(stats.fastest_seconds) if stats.fastest_seconds is not None else "—"
    value = getattr(stats, row)
    return "—" if value is None else format_number(value)


class StatsTable(Widget):
    """The statistics of one layout: a row per figure, a column per difficulty and rules."""

    def __init__(self, scene: StatisticsScene) -> None:
        super().__init__()
        self.scene = scene

    def _header(self, suits: int, relaxed: bool) -> tuple[str, str]:
        name = {1: "difficulty.easy", 2: "difficulty.medium", 4: "difficulty.hard"}[suits]
        rules = "" if suits == 1 else tr("rules.relaxed" if relaxed else "rules.classic")
        return tr(name), rules

    def _cells(self) -> list[list[str]]:
        stats = statistics_of(self.scene.app)
        layout = self.scene.layout
        return [[stat_value(stats.get(stats_key(layout, suits, relaxed)), row)
                 for suits, relaxed in KINDS] for row in STAT_ROWS]

    def _widths(self, style: Style) -> tuple[int, int]:
        label_w = max(text_width(tr(f"stats.{row}"), style.fs) for row in STAT_ROWS)
        cell_w = 0
        for suits, relaxed in KINDS:
            name, rules = self._header(suits, relaxed)
            cell_w = max(cell_w, text_width(name, style.fs, True), text_width(rules, style.small))
        for row in self._cells():
            for cell in row:
                cell_w = max(cell_w, text_width(cell, style.fs, True))
        return label_w + 2 * style.pad, cell_w + 2 * style.pad

    def _row_h(self, style: Style) -> int:
        return round(style.fs * 1.85)

    def _head_h(self, style: Style) -> int:
        return line_height(style.fs, True) + line_height(style.small) + style.gap

    def measure(self, style: Style) -> tuple[int, int]:
        label_w, cell_w = self._widths(style)
        return (label_w + cell_w * len(KINDS),
                self._head_h(style) + self._row_h(style) * len(STAT_ROWS))

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        label_w, cell_w = self._widths(style)
        width = label_w + cell_w * len(KINDS)
        x0 = self.rect.x + (self.rect.w - width) // 2
        cell_w = cell_w + (self.rect.w - width) // (len(KINDS) + 1)
        label_w = self.rect.w - cell_w * len(KINDS)
        x0 = self.rect.x
        head_h, row_h = self._head_h(style), self._row_h(style)
        session_kind = self.scene.app.session.code
        current = (session_kind.suits, session_kind.relaxed and session_kind.suits != 1)
        table_h = head_h + row_h * len(STAT_ROWS)
        for index, kind in enumerate(KINDS):
            x = x0 + label_w + index * cell_w
            if kind == current and session_kind.layout == self.scene.layout:
                draw_round(surface, pygame.Rect(x + 2, self.rect.y, cell_w - 4, table_h),
                           (*GOLD, 30), style.radius)
            name, rules = self._header(*kind)
            y = self.rect.y + style.gap // 2
            blit_text(surface, name, style.fs, WHITE, True, midtop=(x + cell_w // 2, y))
            if rules:
                blit_text(surface, rules, style.small, DIM,
                          midtop=(x + cell_w // 2, y + line_height(style.fs, True)))
        y = self.rect.y + head_h
        for number, (row, cells) in enumerate(zip(STAT_ROWS, self._cells(), strict=True)):
            if number % 2 == 0:
                draw_round(surface, pygame.Rect(x0, y, label_w + cell_w * len(KINDS), row_h),
                           (255, 255, 255, 14), style.radius)
            blit_text(surface, tr(f"stats.{row}"), style.fs, TEXT,
                      midleft=(x0 + style.pad // 2, y + row_h // 2))
            for index, cell in enumerate(cells):
                x = x0 + label_w + index * cell_w + cell_w // 2
                colour = DIM if cell == "—" else WHITE
                blit_text(surface, cell, style.fs, colour, cell != "—",
                          center=(x, y + row_h // 2))
            y += row_h


class StatisticsScene(Dialog):
    """Played, won, win rate, records and streaks per layout, difficulty and rules."""

    min_width = 30.0

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        code = app.session.code
        self.layout = code.layout
        #: The difficulty and rules the chart shows (the game in play's at first).
        self.kind = (code.suits, code.relaxed and code.suits != 1)

    def title(self) -> str:
        return tr("stats.title")

    def _choose(self, layout: str) -> None:
        self.layout = layout
        self.invalidate()

    def body(self) -> Widget:
        layouts = Segments([Option(shape.id, tr(shape.name_key)) for shape in LAYOUTS.values()],
                           lambda: self.layout, self._choose)
        table = StatsTable(self)
        kinds = Segments([Option(kind, *table._header(*kind)) for kind in KINDS],
                         lambda: self.kind, self._choose_kind)
        return Column([Row([layouts], align="center"), table, Row([kinds], align="center"),
                       HistoryChart(self.last_games)], gap=1.0)

    def _choose_kind(self, kind: tuple[int, bool]) -> None:
        self.kind = kind
        self.invalidate()

    def last_games(self) -> list[GameRecord]:
        """The chart's games: the last ones of the chosen layout, difficulty and rules."""
        return self.app.game_log.history.games(stats_key(self.layout, *self.kind))

    def footer(self) -> Widget:
        reset = Button(tr("stats.reset"), self.ask_reset)
        reset.enabled = any(statistics_of(self.app).get(stats_key(self.layout, s, r)).played
                            for s, r in KINDS)
        return Row([reset, Button(tr("dialog.close"), self.close, "primary", min_width=7)],
                   align="spread")

    def ask_reset(self) -> None:
        layout = tr(LAYOUTS[self.layout].name_key)
        self.app.scenes.push(ConfirmScene(self.app, "stats.confirm-reset", self.reset,
                                   "stats.reset-yes", "confirm.cancel", layout=layout))

    def reset(self) -> None:
        keys = [stats_key(self.layout, suits, relaxed) for suits, relaxed in KINDS]
        self.app.reset_statistics(keys)
        self.invalidate()

    def default(self) -> None:
        self.close()


