"""Small retained widgets for the dialogs: labels, buttons, switches, choice rows, a text
field, and the containers that arrange them.

Widgets are measured and placed for a :class:`~spider.app.ui.theme.Style` (a font size
and the spacing that follows from it), so a dialog can shrink its whole content when the
window is small or the words are long. :class:`~spider.app.ui.focus.Focus` gives a tree
of widgets the pointer and the keyboard; a focused widget gets keys first (Left / Right
change a choice; a text field takes typed text, editing keys and Ctrl+V / Ctrl+C).

Every string shown comes from the caller (already translated).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from spider.app.ui import text
from spider.app.ui.clipboard import clipboard_text, put_clipboard
from spider.app.ui.focus import UiState
from spider.app.ui.textlayout import blit_text, line_height, row_height, text_width, wrap
from spider.app.ui.theme import (
    DIM,
    DISABLED,
    FIELD,
    FOCUS,
    GOLD,
    GOLD_DEEP,
    INK,
    LINE,
    QUIET,
    QUIET_DOWN,
    QUIET_HOVER,
    TEXT,
    WHITE,
    Colour,
    Point,
    Style,
    draw_focus,
    draw_round,
)


# ------------------------------------------------------------------ widgets
class Widget:
    """Something placed in a dialog. Containers hold children; leaves may take focus."""

    focusable = False

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.enabled = True
        #: The least size (px) kept for it whatever it shows, so that it and what comes
        #: after it stay put while its dialog is open (see ``Dialog.languages``).
        self.room = (0, 0)
        self._sizes: dict[Style, tuple[int, int]] = {}

    # layout
    def measure(self, style: Style) -> tuple[int, int]:
        """The natural size for ``style``."""
        return (0, 0)

    def size(self, style: Style) -> tuple[int, int]:
        """The size its container gives it: the natural one, at least ``room`` (kept
        until ``forget``: a dialog measures its widgets many times while it builds)."""
        known = self._sizes.get(style)
        if known is None:
            width, height = self.measure(style)
            known = self._sizes[style] = max(width, self.room[0]), max(height, self.room[1])
        return known

    def forget(self) -> None:
        """Measure again at the next ``size`` (what it shows or its room changed)."""
        self._sizes.clear()

    def place(self, rect: pygame.Rect, style: Style) -> None:
        self.rect = pygame.Rect(rect)

    def children(self) -> Sequence[Widget]:
        """The widgets in it that are shown (and take input)."""
        return ()

    def parts(self) -> Sequence[Widget]:
        """Every widget in it, shown or not (pages not turned to too)."""
        return self.children()

    # input
    def hit(self, pos: Point) -> Widget | None:
        """The widget that takes a press at ``pos`` (a leaf, or None)."""
        if not self.visible or not self.rect.collidepoint(pos):
            return None
        for child in self.children():
            found = child.hit(pos)
            if found is not None:
                return found
        return self if self.focusable else None

    def click(self, pos: Point) -> None:
        """Pressed and released over this widget."""
        self.activate()

    def activate(self) -> None:
        """Enter or Space while focused."""

    def key(self, event: pygame.event.Event) -> bool:
        """A key while focused; True when used."""
        return False

    def text_input(self, string: str) -> bool:
        return False

    def hover(self, pos: Point | None) -> None:
        """Where the pointer is over this widget (None: elsewhere)."""

    # drawing
    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        for child in self.children():
            if child.visible:
                child.draw(surface, style, state)


def every(widget: Widget) -> list[Widget]:
    """``widget`` and every widget in it, shown or not, in a fixed order."""
    found = [widget]
    for part in widget.parts():
        found.extend(every(part))
    return found


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


# --------------------------------------------------------------- containers
class _Container(Widget):
    """Children laid out in a line, ``gap`` font sizes apart; hidden ones take no room."""

    def __init__(self, items: Sequence[Widget], gap: float = 0.6) -> None:
        super().__init__()
        self.items = list(items)
        self.gap = gap

    def children(self) -> Sequence[Widget]:
        return self.items

    def _shown(self) -> list[Widget]:
        return [item for item in self.items if item.visible]


class Column(_Container):
    """Children stacked top to bottom, each as wide as the column."""

    def measure(self, style: Style) -> tuple[int, int]:
        sizes = [item.size(style) for item in self._shown()]
        gap = round(self.gap * style.fs)
        width = max((w for w, _ in sizes), default=0)
        return width, sum(h for _, h in sizes) + gap * max(0, len(sizes) - 1)

    def place(self, rect: pygame.Rect, style: Style) -> None:
        gap = round(self.gap * style.fs)
        y = rect.y
        for item in self._shown():
            _, height = item.size(style)
            if isinstance(item, Label):
                height = max(height, item.height_for(rect.w, style))
            item.place(pygame.Rect(rect.x, y, rect.w, height), style)
            y += item.rect.h + gap
        self.rect = pygame.Rect(rect.x, rect.y, rect.w, max(rect.h, y - gap - rect.y))


class Row(_Container):
    """Children side by side at their natural widths; ``align``: left, right, center, spread.

    ``stretch``: the children share the whole width equally.
    """

    def __init__(self, items: Sequence[Widget], gap: float = 0.6, align: str = "left",
                 stretch: bool = False, top: bool = False) -> None:
        """``top``: children at the top of the row (default: centred in its height)."""
        super().__init__(items, gap)
        self.align, self.stretch, self.top = align, stretch, top

    def measure(self, style: Style) -> tuple[int, int]:
        sizes = [item.size(style) for item in self._shown()]
        gap = round(self.gap * style.fs)
        if self.stretch:
            width = max((w for w, _ in sizes), default=0) * len(sizes)
        else:
            width = sum(w for w, _ in sizes)
        return width + gap * max(0, len(sizes) - 1), max((h for _, h in sizes), default=0)

    def place(self, rect: pygame.Rect, style: Style) -> None:
        shown = self._shown()
        sizes = [item.size(style) for item in shown]
        gap = round(self.gap * style.fs)
        height = max((h for _, h in sizes), default=0)
        self.rect = pygame.Rect(rect.x, rect.y, rect.w, max(rect.h, height))
        if self.stretch and shown:
            each = (rect.w - gap * (len(shown) - 1)) / len(shown)
            for number, item in enumerate(shown):
                left = rect.x + round(number * (each + gap))
                item.place(pygame.Rect(left, rect.y, round(each), height), style)
            return
        total = sum(w for w, _ in sizes) + gap * max(0, len(sizes) - 1)
        if self.align == "spread" and len(shown) > 1:
            gap = (rect.w - sum(w for w, _ in sizes)) // (len(shown) - 1)
            x = rect.x
        elif self.align == "right":
            x = rect.right - total
        elif self.align == "center":
            x = rect.x + (rect.w - total) // 2
        else:
            x = rect.x
        for item, (w, h) in zip(shown, sizes, strict=True):
            item.place(pygame.Rect(x, rect.y + (0 if self.top else (height - h) // 2), w, h),
                       style)
            x += w + gap


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


class Pages(Widget):
    """Pages in one place, the one ``get`` names shown: as large as the largest, so
    that turning a page moves nothing around it."""

    def __init__(self, pages: Sequence[Widget], get: Callable[[], int]) -> None:
        super().__init__()
        self.pages, self.get = list(pages), get

    def children(self) -> Sequence[Widget]:
        return (self.pages[self.get()],)

    def parts(self) -> Sequence[Widget]:
        return self.pages

    def measure(self, style: Style) -> tuple[int, int]:
        sizes = [page.size(style) for page in self.pages]
        return max(w for w, _ in sizes), max(h for _, h in sizes)

    def place(self, rect: pygame.Rect, style: Style) -> None:
        self.rect = pygame.Rect(rect)
        self.pages[self.get()].place(pygame.Rect(rect), style)


class Divider(Widget):
    def measure(self, style: Style) -> tuple[int, int]:
        return (0, max(1, style.line))

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        line = pygame.Surface((self.rect.w, max(1, style.line)), pygame.SRCALPHA)
        line.fill(LINE)
        surface.blit(line, self.rect.topleft)
