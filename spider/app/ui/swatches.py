"""A choice shown as pictures: each option a small picture with its name below."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from spider.app.ui import text
from spider.app.ui.widgets import (
    DIM,
    GOLD,
    GOLD_DEEP,
    QUIET_HOVER,
    TEXT,
    Option,
    Segments,
    Style,
    UiState,
    blit_text,
    draw_focus,
    draw_round,
    line_height,
    text_width,
)

#: Makes the picture of an option's value at a size.
Picture = Callable[[Any, tuple[int, int]], pygame.Surface]


class Swatches(Segments):
    """Mutually exclusive choices shown as pictures ``aspect`` wide to 1 high, the
    chosen one framed in gold; mouse and keys as for :class:`Segments` (Left/Right
    choose the previous or next)."""

    def __init__(self, options: Sequence[Option], get: Callable[[], Any],
                 put: Callable[[Any], None], picture: Picture, aspect: float) -> None:
        super().__init__(options, get, put)
        self.picture, self.aspect = picture, aspect

    def picture_size(self, style: Style) -> tuple[int, int]:
        height = max(24, round(style.fs * 3.0))
        return max(12, round(height * self.aspect)), height

    def _margin(self, style: Style) -> int:
        return style.line * 3 + 2

    def _widths(self, style: Style) -> list[int]:
        width = self.picture_size(style)[0] + 2 * self._margin(style)
        return [width + style.gap // 2] * len(self.options)

    def _height(self, style: Style) -> int:
        return (self.picture_size(style)[1] + 2 * self._margin(style)
                + line_height(style.small) + style.line)

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        chosen, margin = self.index, self._margin(style)
        size = self.picture_size(style)
        radius = max(2, style.radius - 1)
        for number, (box, option) in enumerate(zip(self._boxes, self.options, strict=False)):
            frame = pygame.Rect(0, 0, size[0] + 2 * margin, size[1] + 2 * margin)
            frame.midtop = (box.centerx, box.y)
            if number == chosen:
                draw_round(surface, frame, (*GOLD_DEEP, 255), radius)
            elif number == self._hover and state.hovered is self:
                draw_round(surface, frame, QUIET_HOVER, radius)
            picture = self.picture(option.value, size)
            surface.blit(picture, picture.get_rect(center=frame.center))
            label_size = style.small
            room = box.w - style.line * 2
            if text_width(option.label, label_size, number == chosen) > room:
                label_size = text.fit_size(option.label, label_size, room, number == chosen)
            blit_text(surface, option.label, label_size, GOLD if number == chosen else
                      (TEXT if number == self._hover and state.hovered is self else DIM),
                      number == chosen, midtop=(box.centerx, frame.bottom + style.line))
        if state.ring(self):
            draw_focus(surface, self.rect, style)
