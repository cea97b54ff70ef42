"""A choice shown as pictures: each option a small picture with its name below.

The pictures are made in spare time (:meth:`Swatches.make`), not in the frame that
first shows them: until then an option shows its last picture, or an empty frame.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from spider.app.ui import text
from spider.app.ui.focus import UiState
from spider.app.ui.textlayout import blit_text, line_height, text_width
from spider.app.ui.theme import (
    DIM,
    GOLD,
    GOLD_DEEP,
    QUIET,
    QUIET_HOVER,
    TEXT,
    Style,
    draw_focus,
    draw_round,
)
from spider.app.ui.widgets import Option, Segments

if TYPE_CHECKING:
    from spider.app.clock import Clock

#: Makes the picture of an option's value at a size.
Picture = Callable[[Any, tuple[int, int]], pygame.Surface]
Key = tuple[Any, tuple[int, int], Hashable]


class Pictures:
    """The pictures a chooser has made, to keep while its dialog is open (a dialog
    builds its widgets again after each change)."""

    def __init__(self) -> None:
        self.made: dict[Key, pygame.Surface] = {}
        self.last: dict[Any, pygame.Surface] = {}  # by value: shown until the new one


class Swatches(Segments):
    """Mutually exclusive choices shown as pictures ``aspect`` wide to 1 high, the
    chosen one framed in gold; mouse and keys as for :class:`Segments` (Left/Right
    choose the previous or next)."""

    def __init__(self, options: Sequence[Option], get: Callable[[], Any],
                 put: Callable[[Any], None], picture: Picture, aspect: float,
                 depends: Callable[[], Hashable] = lambda: None,
                 pictures: Pictures | None = None) -> None:
        """``depends``: what else the pictures show (they are made again when it
        changes); ``pictures``: where they are kept."""
        super().__init__(options, get, put)
        self.picture, self.aspect, self.depends = picture, aspect, depends
        self.pictures = pictures or Pictures()
        self._size = (0, 0)

    def _key(self, value: Any) -> Key:
        return value, self._size, self.depends()

    @property
    def waiting(self) -> bool:
        """Whether a picture shown is still to be made."""
        made = self.pictures.made
        return self._size != (0, 0) and any(self._key(option.value) not in made
                                            for option in self.options)

    def make(self, until: float, clock: Clock) -> bool:
        """Make the pictures still wanted while ``clock``, the App's, is before
        ``until`` (one at least: on a ManualClock, which stands still meanwhile, all of
        them, on any machine); return whether any was made."""
        made, pictures = False, self.pictures
        for option in self.options:
            key = self._key(option.value)
            if key in pictures.made:
                continue
            if made and clock.now() >= until:
                break
            picture = self.picture(option.value, self._size)
            pictures.made[key] = pictures.last[option.value] = picture
            made = True
        return made

    def place(self, rect: pygame.Rect, style: Style) -> None:
        super().place(rect, style)
        self._size = self.picture_size(style)

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
            picture = self.pictures.made.get(self._key(option.value),
                                             self.pictures.last.get(option.value))
            if picture is None or picture.get_size() != size:
                draw_round(surface, pygame.Rect(0, 0, *size).move(frame.x + margin,
                                                                  frame.y + margin), QUIET, 2)
            else:
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
