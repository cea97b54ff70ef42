"""The push button: gold for the default action, plain, or a menu entry."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from spider.app.ui import text
from spider.app.ui.focus import UiState
from spider.app.ui.textlayout import blit_text, text_width
from spider.app.ui.theme import (
    DISABLED,
    GOLD,
    GOLD_DEEP,
    INK,
    LINE,
    QUIET,
    QUIET_DOWN,
    QUIET_HOVER,
    WHITE,
    Style,
    draw_focus,
    draw_round,
)
from spider.app.ui.widgets.base import Widget


class Button(Widget):
    """A push button; ``kind``: "primary" is gold (the default action), "quiet" is plain,
    "item" is a menu entry (no frame until hovered, text on the left)."""

    focusable = True

    def __init__(self, label: str, action: Callable[[], None], kind: str = "quiet",
                 min_width: float = 6.0) -> None:
        super().__init__()
        self.label, self.action, self.kind = label, action, kind
        #: Narrowest width, in font sizes, so short labels still make a good target.
        self.min_width = min_width

    def measure(self, style: Style) -> tuple[int, int]:
        width = text_width(self.label, style.fs, bold=self.kind == "primary") + 2 * style.pad
        return max(width, round(self.min_width * style.fs)), style.control_h

    def activate(self) -> None:
        if self.enabled:
            self.action()

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        hovered, pressed = state.hovered is self, state.pressed is self
        primary = self.kind == "primary"
        fill: tuple[int, int, int, int] | None
        if not self.enabled:
            fill, colour = (255, 255, 255, 12), DISABLED
        elif primary:
            fill = (*GOLD, 255) if hovered else (*GOLD_DEEP, 255)
            if pressed:
                fill = (214, 170, 58, 255)
            colour = INK
        elif self.kind == "item":
            fill = QUIET_DOWN if pressed else QUIET_HOVER if hovered else None
            colour = WHITE
        else:
            fill = QUIET_DOWN if pressed else QUIET_HOVER if hovered else QUIET
            colour = WHITE
        border = None if primary or self.kind == "item" else LINE
        draw_round(surface, self.rect, fill, style.radius, border, style.line)
        size = style.fs
        room = self.rect.w - style.pad
        if text_width(self.label, size, primary) > room:
            size = text.fit_size(self.label, size, room, primary)
        if self.kind == "item":
            blit_text(surface, self.label, size, colour, midleft=(self.rect.x + style.pad * 2 // 3,
                                                                  self.rect.centery))
        else:
            blit_text(surface, self.label, size, colour, primary, center=self.rect.center)
        if state.ring(self):
            draw_focus(surface, self.rect, style)
