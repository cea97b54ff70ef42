"""Controls bound to a value by ``get``/``put``: the on/off switch and the row of
choices (Left / Right change either while it has the focus)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from spider.app.ui import text
from spider.app.ui.focus import UiState
from spider.app.ui.textlayout import blit_text, line_height, text_width
from spider.app.ui.theme import (
    DIM,
    DISABLED,
    GOLD,
    GOLD_DEEP,
    INK,
    LINE,
    QUIET_DOWN,
    QUIET_HOVER,
    TEXT,
    Point,
    Style,
    draw_focus,
    draw_round,
)
from spider.app.ui.widgets.base import Widget


class Switch(Widget):
    """An on/off switch bound to ``get``/``put``."""

    focusable = True

    def __init__(self, get: Callable[[], bool], put: Callable[[bool], None]) -> None:
        super().__init__()
        self.get, self.put = get, put

    @property
    def on(self) -> bool:
        return bool(self.get())

    def measure(self, style: Style) -> tuple[int, int]:
        return round(style.fs * 2.5), round(style.fs * 1.35)

    def activate(self) -> None:
        if self.enabled:
            self.put(not self.on)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.enabled:
            want = event.key == pygame.K_RIGHT
            if want != self.on:
                self.put(want)
            return True
        return False

    def track(self) -> pygame.Rect:
        return self.rect

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        track = self.track()
        on = self.on
        hovered = state.hovered is self
        if on:
            fill = (*GOLD, 255) if hovered else (*GOLD_DEEP, 255)
        else:
            fill = (255, 255, 255, 70 if hovered else 44)
        draw_round(surface, track, fill, track.h // 2, None if on else LINE, style.line)
        knob = track.h - 2 * max(2, track.h // 8)
        margin = (track.h - knob) // 2
        x = track.right - margin - knob if on else track.x + margin
        knob_rect = pygame.Rect(x, track.y + margin, knob, knob)
        draw_round(surface, knob_rect, (255, 255, 255, 255) if on else (226, 236, 229, 255),
                   knob // 2)
        if state.ring(self):
            draw_focus(surface, track, style)


@dataclass(frozen=True)
class Option:
    """One choice of a Segments control: its value, its text, an optional second line."""

    value: Any
    label: str
    sub: str = ""
    language: str | None = None


class Segments(Widget):
    """A row of mutually exclusive choices (like a segmented control) bound to ``get``/``put``."""

    focusable = True

    def __init__(self, options: Sequence[Option], get: Callable[[], Any],
                 put: Callable[[Any], None]) -> None:
        super().__init__()
        self.options = list(options)
        self.get, self.put = get, put
        self._boxes: list[pygame.Rect] = []
        self._hover: int | None = None
        #: Fill the whole width it is given (in a stacked Field) instead of its own.
        self.stretch = False
        #: Every choice equally wide (tabs: they stay put whatever their words).
        self.even = False

    @property
    def index(self) -> int:
        value = self.get()
        for number, option in enumerate(self.options):
            if option.value == value:
                return number
        return 0

    def _widths(self, style: Style) -> list[int]:
        """Each choice's natural width: its words, padded; short ones kept from looking thin."""
        widths = []
        for option in self.options:
            width = text_width(option.label, style.fs, True, option.language)
            if option.sub:
                width = max(width, text_width(option.sub, style.small, False, option.language))
            widths.append(width + 2 * style.pad)
        widest = max(widths, default=0)
        if self.even:
            return [widest] * len(widths)
        return [max(width, widest * 2 // 3, round(style.fs * 3.5)) for width in widths]

    def _height(self, style: Style) -> int:
        if any(option.sub for option in self.options):
            return round(style.control_h * 0.35) + line_height(style.fs, True) + line_height(
                style.small)
        return style.control_h

    def measure(self, style: Style) -> tuple[int, int]:
        return sum(self._widths(style)), self._height(style)

    def place(self, rect: pygame.Rect, style: Style) -> None:
        """Take the natural width (at least ``room``), or all of ``rect`` when ``stretch``
        is set."""
        widths = self._widths(style)
        natural, height = sum(widths), max(self._height(style), self.room[1])
        width = rect.w if self.stretch else min(rect.w, max(natural, self.room[0]))
        self.rect = pygame.Rect(rect.x, rect.y, width, height)
        self._boxes = []
        left = self.rect.x
        extra = width - natural
        for number, own in enumerate(widths):
            share = own + extra * (number + 1) // len(widths) - extra * number // len(widths)
            self._boxes.append(pygame.Rect(left, self.rect.y, share, height))
            left += share

    def segment_at(self, pos: Point) -> int | None:
        for number, box in enumerate(self._boxes):
            if box.collidepoint(pos):
                return number
        return None

    def choose(self, number: int) -> None:
        if self.enabled and 0 <= number < len(self.options) and number != self.index:
            self.put(self.options[number].value)

    def click(self, pos: Point) -> None:
        number = self.segment_at(pos)
        if number is not None:
            self.choose(number)

    def hover(self, pos: Point | None) -> None:
        self._hover = None if pos is None else self.segment_at(pos)

    def activate(self) -> None:
        self.choose((self.index + 1) % len(self.options))

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_LEFT:
            self.choose(max(0, self.index - 1))
            return True
        if event.key == pygame.K_RIGHT:
            self.choose(min(len(self.options) - 1, self.index + 1))
            return True
        return False

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        draw_round(surface, self.rect, (0, 0, 0, 70), style.radius, LINE, style.line)
        chosen = self.index
        for number, (box, option) in enumerate(zip(self._boxes, self.options, strict=False)):
            inner = box.inflate(-2 * style.line - 2, -2 * style.line - 2)
            if number == chosen and not self.enabled:
                draw_round(surface, inner, QUIET_DOWN, max(2, style.radius - 2))
                colour, sub_colour = DISABLED, DISABLED
            elif number == chosen:
                draw_round(surface, inner, (*GOLD_DEEP, 255), max(2, style.radius - 2))
                colour, sub_colour = INK, (70, 60, 30)
            else:
                if number == self._hover and state.hovered is self:
                    draw_round(surface, inner, QUIET_HOVER, max(2, style.radius - 2))
                elif number:
                    x = box.x
                    pygame.draw.line(surface, (80, 104, 90), (x, box.y + box.h // 4),
                                     (x, box.bottom - box.h // 4))
                colour, sub_colour = (TEXT, DIM) if self.enabled else (DISABLED, DISABLED)
            room = inner.w - style.gap
            size = style.fs
            if text_width(option.label, size, True, option.language) > room:
                size = text.fit_size(option.label, size, room, True, option.language)
            if option.sub:
                top = line_height(size, True, option.language)
                total = top + line_height(style.small, False, option.language)
                y = box.centery - total // 2
                blit_text(surface, option.label, size, colour, True, option.language,
                          midtop=(box.centerx, y))
                blit_text(surface, option.sub, style.small, sub_colour, False, option.language,
                          midtop=(box.centerx, y + top))
            else:
                blit_text(surface, option.label, size, colour, True, option.language,
                          center=box.center)
        if state.ring(self):
            draw_focus(surface, self.rect, style)
