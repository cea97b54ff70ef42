"""The one-line text field: typing, the caret, selecting all, and the clipboard."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from spider.app.ui.clipboard import clipboard_text, put_clipboard
from spider.app.ui.focus import UiState
from spider.app.ui.textlayout import blit_text, line_height, text_width
from spider.app.ui.theme import FIELD, FOCUS, GOLD, LINE, WHITE, Point, Style, draw_round
from spider.app.ui.widgets.base import Widget


class TextField(Widget):
    """One line of editable text with a caret; paste with Ctrl+V, copy with Ctrl+C, select
    all with Ctrl+A or a double-click (what is typed or pasted then replaces it).

    ``on_submit`` runs on Enter, ``on_change`` after every edit.
    """

    focusable = True

    def __init__(self, value: str = "", placeholder: str = "", max_length: int = 40,
                 on_submit: Callable[[], None] | None = None,
                 on_change: Callable[[str], None] | None = None, width: float = 16.0) -> None:
        super().__init__()
        self.value = value
        self.caret = len(value)
        self.placeholder = placeholder
        self.max_length = max_length
        self.on_submit, self.on_change = on_submit, on_change
        #: Natural width in font sizes.
        self.width = width
        self.caret_shown = True
        #: The whole text is selected (Ctrl+A, a double-click).
        self.selected = False
        #: Clicks of the press being released (2: a double-click).
        self.clicks = 1
        self._style: Style | None = None

    def measure(self, style: Style) -> tuple[int, int]:
        return round(self.width * style.fs), style.control_h

    def place(self, rect: pygame.Rect, style: Style) -> None:
        super().place(rect, style)
        self._style = style

    # editing
    def set(self, value: str) -> None:
        self.value = value[: self.max_length]
        self.caret = len(self.value)
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.value)

    def select_all(self) -> None:
        self.selected, self.caret = bool(self.value), len(self.value)

    def _take_selection(self) -> bool:
        """Delete the selected text (if any); whether there was some."""
        if not self.selected:
            return False
        self.selected, self.value, self.caret = False, "", 0
        return True

    def insert(self, string: str) -> None:
        string = "".join(ch for ch in string if ch.isprintable() and ch not in "\r\n\t")
        if string and self._take_selection():
            self._changed()
        room = self.max_length - len(self.value)
        string = string[: max(0, room)]
        if not string:
            return
        self.value = self.value[: self.caret] + string + self.value[self.caret:]
        self.caret += len(string)
        self._changed()

    def text_input(self, string: str) -> bool:
        self.insert(string)
        return True

    def paste(self) -> None:
        pasted = clipboard_text()
        if pasted:
            self.insert(" ".join(pasted.split()))

    def key(self, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        key = event.key
        if ctrl and key == pygame.K_v:
            self.paste()
        elif ctrl and key == pygame.K_c:
            put_clipboard(self.value)
        elif ctrl and key == pygame.K_a:
            self.select_all()
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self._take_selection():
            self._changed()
        elif key == pygame.K_BACKSPACE:
            if ctrl:
                self.value, self.caret = self.value[self.caret:], 0
                self._changed()
            elif self.caret:
                self.value = self.value[: self.caret - 1] + self.value[self.caret:]
                self.caret -= 1
                self._changed()
        elif key == pygame.K_DELETE:
            if self.caret < len(self.value):
                self.value = self.value[: self.caret] + self.value[self.caret + 1:]
                self._changed()
        elif key == pygame.K_LEFT:
            self.selected = False
            self.caret = max(0, self.caret - 1)
        elif key == pygame.K_RIGHT:
            self.selected = False
            self.caret = min(len(self.value), self.caret + 1)
        elif key == pygame.K_HOME:
            self.selected, self.caret = False, 0
        elif key == pygame.K_END:
            self.selected, self.caret = False, len(self.value)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit is not None:
                self.on_submit()
        else:
            # Printable keys arrive as TEXTINPUT; swallow them here so they are not shortcuts.
            return bool(event.unicode and event.unicode.isprintable() and not ctrl)
        return True

    def click(self, pos: Point) -> None:
        style = self._style
        if style is None:
            return
        if self.clicks >= 2:
            self.select_all()
            return
        self.selected = False
        x = pos[0] - (self.rect.x + style.gap)
        best, best_d = len(self.value), None
        for index in range(len(self.value) + 1):
            d = abs(text_width(self.value[:index], style.fs) - x)
            if best_d is None or d < best_d:
                best, best_d = index, d
        self.caret = best

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        focused = state.focus is self
        border = FOCUS if focused else ((255, 255, 255, 90) if state.hovered is self else LINE)
        draw_round(surface, self.rect, FIELD, style.radius, border,
                   max(1, style.line * (2 if focused else 1)))
        inner = self.rect.inflate(-2 * style.gap, 0)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        shift = 0
        caret_x = text_width(self.value[: self.caret], style.fs)
        if caret_x > inner.w - 2:
            shift = caret_x - inner.w + 2
        if self.value and self.selected and focused:
            width, half = text_width(self.value, style.fs), line_height(style.fs) // 2
            mark = pygame.Rect(inner.x - shift, inner.centery - half, width, 2 * half)
            pygame.draw.rect(surface, (64, 110, 170), mark)
        if self.value:
            blit_text(surface, self.value, style.fs, WHITE, midleft=(inner.x - shift,
                                                                     inner.centery))
        elif self.placeholder and not focused:
            blit_text(surface, self.placeholder, style.fs, (124, 150, 134),
                      midleft=(inner.x, inner.centery))
        elif self.placeholder:
            blit_text(surface, self.placeholder, style.fs, (96, 118, 104),
                      midleft=(inner.x + style.line * 3, inner.centery))
        if focused and self.caret_shown:
            x = inner.x - shift + caret_x
            half = line_height(style.fs) // 2 - style.line
            pygame.draw.line(surface, GOLD, (x, inner.centery - half), (x, inner.centery + half),
                             max(1, style.line + 1))
        surface.set_clip(clip)
