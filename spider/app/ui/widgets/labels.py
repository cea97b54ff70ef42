"""What a dialog shows and nobody presses: text (wrapped), room and a dividing line."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from spider.app.ui.focus import UiState
from spider.app.ui.textlayout import blit_text, line_height, text_width, wrap
from spider.app.ui.theme import LINE, TEXT, Colour, Style
from spider.app.ui.widgets.base import Widget


class Spacer(Widget):
    def __init__(self, height: float = 0.5) -> None:
        super().__init__()
        self.height = height

    def measure(self, style: Style) -> tuple[int, int]:
        return (0, round(style.fs * self.height))


class Label(Widget):
    """Text, wrapped to the width it is given; ``role``: "body", "small", "heading", "title"."""

    def __init__(self, string: str | Callable[[], str], role: str = "body",
                 colour: Colour = TEXT, bold: bool = False, align: str = "left",
                 language: str | None = None, max_width: float | None = None) -> None:
        super().__init__()
        self._string = string
        self.role, self.colour, self.bold, self.align = role, colour, bold, align
        self.language = language
        #: Widest natural width, in font sizes (None: one line, as wide as it is).
        self.max_width = max_width
        self._lines: list[str] = []

    @property
    def string(self) -> str:
        return self._string() if callable(self._string) else self._string

    def size_for(self, style: Style) -> int:
        return {"small": style.small, "heading": style.heading, "title": style.title}.get(
            self.role, style.fs)

    def measure(self, style: Style) -> tuple[int, int]:
        size = self.size_for(style)
        natural = text_width(self.string, size, self.bold, self.language)
        if self.max_width is not None:
            limit = round(self.max_width * style.fs)
            lines = wrap(self.string, size, limit, self.bold, self.language)
            width = max((text_width(line, size, self.bold, self.language) for line in lines),
                        default=0)
            return width, len(lines) * line_height(size, self.bold, self.language)
        return natural, line_height(size, self.bold, self.language)

    def place(self, rect: pygame.Rect, style: Style) -> None:
        size = self.size_for(style)
        self._lines = wrap(self.string, size, max(1, rect.w), self.bold, self.language)
        height = len(self._lines) * line_height(size, self.bold, self.language)
        self.rect = pygame.Rect(rect.x, rect.y, rect.w, max(rect.h, height))

    def height_for(self, width: int, style: Style) -> int:
        size = self.size_for(style)
        lines = wrap(self.string, size, max(1, width), self.bold, self.language)
        return len(lines) * line_height(size, self.bold, self.language)

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        size = self.size_for(style)
        step = line_height(size, self.bold, self.language)
        y = self.rect.y
        for line in self._lines:
            if self.align == "center":
                anchor = {"midtop": (self.rect.centerx, y)}
            elif self.align == "right":
                anchor = {"topright": (self.rect.right, y)}
            else:
                anchor = {"topleft": (self.rect.x, y)}
            blit_text(surface, line, size, self.colour, self.bold, self.language, **anchor)
            y += step


class Divider(Widget):
    def measure(self, style: Style) -> tuple[int, int]:
        return (0, max(1, style.line))

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        line = pygame.Surface((self.rect.w, max(1, style.line)), pygame.SRCALPHA)
        line.fill(LINE)
        surface.blit(line, self.rect.topleft)
