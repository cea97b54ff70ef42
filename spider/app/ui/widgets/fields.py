"""Labelled controls: a :class:`Field` (label, control, note) and the :class:`Form`
whose fields' controls line up."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from spider.app.ui import text
from spider.app.ui.focus import UiState
from spider.app.ui.textlayout import blit_text, line_height, row_height, text_width, wrap
from spider.app.ui.theme import DIM, DISABLED, TEXT, Colour, Point, Style
from spider.app.ui.widgets.base import Widget
from spider.app.ui.widgets.choices import Segments
from spider.app.ui.widgets.layout import Column


class Field(Widget):
    """A labelled row: the label on the left, a control on the right, an optional note below.

    In a :class:`Form` column the controls of consecutive Fields line up (see
    ``label_w``). A press on the label acts on the control (a switch flips).
    """

    def __init__(self, label: str, control: Widget, note: Callable[[], str] | None = None,
                 note_colour: Colour = DIM, control_right: bool = False,
                 stacked: bool = False,
                 notes: Callable[[], Sequence[str]] | None = None) -> None:
        """``notes``: every note it may show (room is kept for the largest)."""
        super().__init__()
        self.label, self.control, self.note, self.notes = label, control, note, notes
        self.note_colour = note_colour
        #: Put the control at the right edge (switch rows) instead of after the labels.
        self.control_right = control_right
        #: The label above the control, which then takes the whole width (narrow dialogs).
        self.stacked = stacked
        if stacked and isinstance(control, Segments):
            control.stretch = True
        self.label_w: int | None = None
        self._note_lines: list[str] = []
        self._note_w = 0  # the width a note under a right-hand control was measured at
        self._row_h_placed = 0

    def children(self) -> Sequence[Widget]:
        return (self.control,)

    def natural_label_w(self, style: Style) -> int:
        return text_width(self.label, style.fs)

    def _row_h(self, style: Style) -> int:
        return max(self.control.size(style)[1], row_height(style.fs))

    def _label_h(self, style: Style) -> int:
        return row_height(style.fs) + style.gap // 2 if self.stacked else 0

    def _notes_room(self, note: str, width: int, style: Style) -> tuple[int, int]:
        """The width and height a note under the control takes, at least ``width`` wide
        (stacked: just that wide): room for the largest of the notes it may show
        (``notes``), so that one appearing (an error) moves nothing."""
        shown = [text for text in (note, *(self.notes() if self.notes else ())) if text]
        if not shown:
            return width, 0
        if not self.stacked:
            width = max(width, *(min(text_width(text, style.small), round(26 * style.fs))
                                 for text in shown))
        lines = max(len(wrap(text, style.small, max(1, width))) for text in shown)
        lines = lines if self.notes else 1  # a lone note takes the line it is measured at
        return width, style.line * 2 + lines * line_height(style.small)

    def measure(self, style: Style) -> tuple[int, int]:
        note = self.note() if self.note else ""
        if self.stacked:
            control_w, control_h = self.control.size(style)
            width, note_h = self._notes_room(note, control_w, style)
            height = self._label_h(style) + control_h + note_h
            return max(self.natural_label_w(style), width), height
        label_w = self.label_w if self.label_w is not None else self.natural_label_w(style)
        control_w, _ = self.control.size(style)
        height = self._row_h(style)
        width = control_w
        if not note and not self.notes:
            return label_w + 2 * style.gap + width, height
        if self.control_right:  # the note runs under the label and the control
            whole = label_w + 2 * style.gap + width
            whole = max(whole, min(text_width(note, style.small), round(19 * style.fs)))
            self._note_w = whole  # wrapped at this width when placed too (same lines)
            lines = len(wrap(note, style.small, max(1, whole)))
            return whole, height + style.line * 2 + lines * line_height(style.small)
        width, note_h = self._notes_room(note, width, style)
        return label_w + 2 * style.gap + width, height + note_h

    def place(self, rect: pygame.Rect, style: Style) -> None:
        label_w = self.label_w if self.label_w is not None else self.natural_label_w(style)
        control_w, control_h = self.control.size(style)
        row_h = self._row_h(style)
        top = rect.y + self._label_h(style)
        if self.stacked:
            x, control_w = rect.x, rect.w if isinstance(self.control, Segments) else control_w
            row_h = control_h
        elif self.control_right:
            x = rect.right - control_w
        else:
            x = rect.x + label_w + 2 * style.gap
            control_w = min(control_w, rect.right - x)
        self.control.place(pygame.Rect(x, top + (row_h - control_h) // 2, control_w,
                                       control_h), style)
        note = self.note() if self.note else ""
        self._note_lines = []
        height = row_h
        if note:
            width = (rect.right - self.control.rect.x if not self.control_right
                     else min(rect.w, self._note_w or rect.w))
            self._note_lines = wrap(note, style.small, max(1, width))
            height += style.line * 2 + len(self._note_lines) * line_height(style.small)
        height += self._label_h(style)
        self.rect = pygame.Rect(rect.x, rect.y, rect.w, max(rect.h, height))
        self._row_h_placed = row_h + self._label_h(style)

    def hit(self, pos: Point) -> Widget | None:
        if not self.visible or not self.rect.collidepoint(pos):
            return None
        found = self.control.hit(pos)
        if found is not None:
            return found
        # The label row (not the note) stands for its control.
        if pos[1] < self.rect.y + (self._row_h_placed or self.rect.h):
            return self.control if self.control.focusable else None
        return None

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        row_h = (self._row_h_placed or self.rect.h)
        colour = TEXT if self.control.enabled else DISABLED
        if self.stacked:
            blit_text(surface, self.label, style.fs, colour, topleft=self.rect.topleft)
        else:
            label_room = (self.control.rect.x - self.rect.x - style.gap)
            size = style.fs
            if text_width(self.label, size) > label_room > 0:
                size = text.fit_size(self.label, size, label_room)
            blit_text(surface, self.label, size, colour, midleft=(self.rect.x,
                                                                  self.rect.y + row_h // 2))
        self.control.draw(surface, style, state)
        if self._note_lines:
            x = self.control.rect.x if not self.control_right else self.rect.x
            y = self.rect.y + row_h + style.line * 2
            for line in self._note_lines:
                blit_text(surface, line, style.small, self.note_colour, topleft=(x, y))
                y += line_height(style.small)


class Form(Column):
    """A column of Fields whose labels share one width, so their controls line up."""

    def _align(self, style: Style) -> None:
        fields = [item for item in self.items if isinstance(item, Field) and item.visible
                  and not item.control_right and not item.stacked]
        width = max((field.natural_label_w(style) for field in fields), default=0)
        for field in fields:
            field.label_w = width

    def measure(self, style: Style) -> tuple[int, int]:
        self._align(style)
        return super().measure(style)

    def place(self, rect: pygame.Rect, style: Style) -> None:
        self._align(style)
        super().place(rect, style)
