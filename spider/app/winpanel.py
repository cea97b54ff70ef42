"""The built-in win panel: score, moves and time, and a New game button.

Shown over the celebration by ``App.show_win``; the dialog engineer may replace
it with a Win dialog by overriding that hook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from spider.app import text
from spider.app.hud import format_time
from spider.app.scenes import Scene
from spider.i18n import format_number, tr

if TYPE_CHECKING:
    from spider.app.main import App

PANEL = (16, 36, 26, 244)
GOLD = (255, 214, 92)
WHITE = (255, 255, 255)
DIM = (196, 222, 204)


class WinPanel(Scene):
    """A small card over the table; the table (and its celebration) shows around it."""

    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.hovered = False
        self._surface: pygame.Surface | None = None
        self._button = pygame.Rect(0, 0, 0, 0)
        self._origin = (0, 0)
        self._label_size = 12
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self._surface = None
        self.app.request_redraw()

    def _build(self) -> pygame.Surface:
        """Render the panel once (its text does not change while it is shown)."""
        width, height = self.app.size
        ui = max(0.6, min(width / 1280, height / 720))
        game, session = self.app.session.game, self.app.session
        title = text.render(tr("win.title"), round(44 * ui), GOLD, bold=True)
        lines = [(tr("table.score"), format_number(game.score)),
                 (tr("table.moves"), format_number(game.moves)),
                 (tr("table.time"), format_time(session.elapsed))]
        size = round(22 * ui)
        rows = [(text.render(label, size, DIM), text.render(value, size, WHITE, bold=True))
                for label, value in lines]
        label_w = text.font(size, bold=True).size(tr("win.new-game"))[0]
        self._label_size = size
        pad = round(28 * ui)
        row_h = round(size * 1.6)
        button_size = (label_w + 2 * pad, round(size * 2.2))
        panel_w = max(title.get_width(), button_size[0], round(320 * ui)) + 2 * pad
        panel_h = pad + title.get_height() + pad // 2 + row_h * len(rows) + pad + \
            button_size[1] + pad
        surface = pygame.Surface((panel_w, panel_h), pygame.SRCALPHA)
        pygame.draw.rect(surface, PANEL, surface.get_rect(), border_radius=pad // 2)
        pygame.draw.rect(surface, (*GOLD, 160), surface.get_rect(), max(1, round(2 * ui)),
                         border_radius=pad // 2)
        y = pad
        surface.blit(title, title.get_rect(midtop=(panel_w // 2, y)))
        y += title.get_height() + pad // 2
        for name, value in rows:
            surface.blit(name, name.get_rect(midleft=(pad * 2, y + row_h // 2)))
            surface.blit(value, value.get_rect(midright=(panel_w - pad * 2, y + row_h // 2)))
            y += row_h
        y += pad
        self._button = pygame.Rect(0, 0, *button_size)
        self._button.midtop = (panel_w // 2, y)
        self._origin = ((width - panel_w) // 2, (height - panel_h) // 2)
        self._button.move_ip(self._origin)
        return surface

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            hovered = self._button.collidepoint(event.pos)
            if hovered != self.hovered:
                self.hovered = hovered
                self.app.request_redraw()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._button.collidepoint(event.pos):
                self._new_game()
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n):
                self._new_game()
            elif event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
                self.app.request_redraw()

    def _new_game(self) -> None:
        self.app.scenes.pop()
        self.app.open_new_game_dialog()

    def draw(self, surface: pygame.Surface) -> None:
        if self._surface is None:
            self._surface = self._build()
        surface.blit(self._surface, self._origin)
        fill = (255, 214, 92, 255) if self.hovered else (230, 186, 70, 255)
        pygame.draw.rect(surface, fill, self._button, border_radius=self._button.h // 3)
        label = text.render(tr("win.new-game"), self._label_size, (30, 30, 20), bold=True)
        surface.blit(label, label.get_rect(center=self._button.center))
