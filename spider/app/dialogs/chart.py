"""The Statistics dialog's chart: the last games of one kind, as pictures.

One bar per game, oldest on the left: its height is the score, its colour says
won, lost, and for an analysed lost game whether it could have been won; a dot
over each bar is the time the game took (on its own scale).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from spider.app.table.hud import format_time
from spider.app.ui.focus import UiState
from spider.app.ui.textlayout import blit_text, line_height, text_width
from spider.app.ui.theme import DIM, GOLD, TEXT, WHITE, Style, draw_round
from spider.app.ui.widgets import Widget
from spider.data.history import LIMIT, GameRecord
from spider.text.i18n import format_number, tr

WON = GOLD
LOST = (150, 172, 160)
WINNABLE = (255, 150, 128)   # lost, but it could have been won
HOPELESS = (96, 112, 104)    # lost, and it could not have been won
TIME = WHITE
#: The legend: colour and message key, in order.
LEGEND = ((WON, "stats.chart-won"), (LOST, "stats.chart-lost"),
          (WINNABLE, "stats.chart-winnable"), (HOPELESS, "stats.chart-hopeless"))


def colour_of(game: GameRecord) -> tuple[int, int, int]:
    if game.won:
        return WON
    return {True: WINNABLE, False: HOPELESS}.get(game.winnable, LOST)  # type: ignore[arg-type]


class HistoryChart(Widget):
    """The last :data:`LIMIT` games of ``games()`` as bars (score) and dots (time)."""

    def __init__(self, games: Callable[[], list[GameRecord]]) -> None:
        super().__init__()
        self.games = games
        self.plot = pygame.Rect(0, 0, 0, 0)  # where the bars were last drawn

    def _legend_h(self, style: Style) -> int:
        return line_height(style.small) + style.gap

    def measure(self, style: Style) -> tuple[int, int]:
        width = round(style.fs * 34)
        height = line_height(style.fs, True) + round(style.fs * 7) + 2 * self._legend_h(style)
        return width, height

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        games = self.games()[-LIMIT:]
        x, y, width = self.rect.x, self.rect.y, self.rect.w
        title = tr("stats.chart-title", count=len(games)) if games else tr("stats.chart-empty")
        blit_text(surface, title, style.fs, TEXT, True, topleft=(x, y))
        y += line_height(style.fs, True) + style.gap // 2
        plot = self.plot = pygame.Rect(x, y, width, round(style.fs * 7) - style.gap // 2)
        draw_round(surface, plot, (255, 255, 255, 14), style.radius)
        if games:
            self._draw_games(surface, style, plot, games)
        self._draw_legend(surface, style, plot.bottom + style.gap)

    def _draw_games(self, surface: pygame.Surface, style: Style, plot: pygame.Rect,
                    games: list[GameRecord]) -> None:
        inner = plot.inflate(-style.pad, -style.gap)
        label_h = line_height(style.small)  # room for the scales' labels above the bars
        inner = pygame.Rect(inner.x, inner.y + label_h, inner.w, inner.h - label_h)
        best = max(1, max(game.score for game in games))
        longest = max(1.0, max(game.seconds for game in games))
        slot = inner.w / LIMIT
        bar_w = max(2, round(slot * 0.7))
        dot = max(2, round(style.fs * 0.18))
        for number, game in enumerate(games):
            left = round(inner.x + number * slot + (slot - bar_w) / 2)
            height = max(2, round(inner.h * game.score / best))
            bar = pygame.Rect(left, inner.bottom - height, bar_w, height)
            pygame.draw.rect(surface, colour_of(game), bar)
            centre = (left + bar_w // 2, round(inner.bottom - inner.h * game.seconds / longest))
            pygame.draw.circle(surface, TIME, centre, dot)
        small = style.small
        blit_text(surface, f"{tr('stats.chart-score')} {format_number(best)}", small, DIM,
                  topleft=(plot.x + style.pad // 2, plot.y + style.gap // 2))
        blit_text(surface, f"{tr('stats.chart-time')} {format_time(longest)}", small, DIM,
                  topright=(plot.right - style.pad // 2, plot.y + style.gap // 2))

    def _draw_legend(self, surface: pygame.Surface, style: Style, y: int) -> None:
        small = style.small
        box = max(4, round(small * 0.7))
        entries = [(colour, tr(key)) for colour, key in LEGEND]
        x = self.rect.x
        for colour, label in entries:
            need = box + style.gap // 2 + text_width(label, small) + style.pad
            if x + need > self.rect.right and x > self.rect.x:  # wrap onto a second row
                x, y = self.rect.x, y + self._legend_h(style)
            mid = y + line_height(small) // 2
            pygame.draw.rect(surface, colour, (x, mid - box // 2, box, box))
            blit_text(surface, label, small, DIM, midleft=(x + box + style.gap // 2, mid))
            x += need
        # What the dot means, after the colours.
        label = tr("stats.chart-time")
        need = box + style.gap // 2 + text_width(label, small)
        if x + need > self.rect.right:
            x, y = self.rect.x, y + self._legend_h(style)
        mid = y + line_height(small) // 2
        pygame.draw.circle(surface, TIME, (x + box // 2, mid), max(2, round(style.fs * 0.18)))
        blit_text(surface, label, small, DIM, midleft=(x + box + style.gap // 2, mid))
