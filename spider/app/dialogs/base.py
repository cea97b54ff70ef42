"""The dialog frame shared by every dialog (the panel, its fitting, focus and drawing) and
the helpers dialogs share."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from spider.app.scenes import Cover, Scene
from spider.app.table.cardshapes import soft_shadow
from spider.app.ui.focus import Focus
from spider.app.ui.pictures import PictureCache
from spider.app.ui.textlayout import blit_text, line_height, text_width
from spider.app.ui.theme import LINE, PANEL, PANEL_EDGE, SCRIM, WHITE, Style, rounded, ui_scale
from spider.app.ui.widgets import Button, Column, TextField, Widget, every
from spider.data.statistics import Statistics
from spider.model.dealcode import DealCode
from spider.text.i18n import current_language, set_language

if TYPE_CHECKING:
    from spider.app.host import Host

BASE_FONT = 19          # the dialogs' font size at 1280 × 720
MIN_FONT = 10
FILL = 0.94             # the most of the window a panel may cover
COMPACT_BELOW = 0.85    # text smaller than this share of its natural size: go narrow
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


# ------------------------------------------------------------------ helpers
def statistics_of(app: Host) -> Statistics:
    return app.statistics


def winnable_finder() -> Callable[..., DealCode] | None:
    """How New game finds a deal the solver has won: called as ``finder(layout=...,
    suits=..., relaxed=..., rng=app.deals, cancel=event)`` on a thread, returning a
    DealCode. Tests put a stand-in here, or None to hide the "Winnable deals only" switch."""
    from spider.solver.winnable import find_winnable_code  # when New game first asks

    return find_winnable_code


#: A dialog's sizes kept for all its languages: the font size, each widget's least
#: size (in ``every`` order) and the title's height.
Envelope = tuple[int, list[tuple[int, int]], int]

#: Panels kept (the open dialog's at least: at 4K one is over 10 MB).
_chromes = PictureCache(24_000_000)


def shadow_spread(radius: int) -> int:
    """How far the shadow of a panel with corners of ``radius`` spreads beyond it."""
    return max(6, radius * 2)


def _panel_in_chrome(spread: int) -> tuple[int, int]:
    """Where a panel lies in its chrome (see :func:`_panel_chrome`), whose shadow spreads
    ``spread`` pixels beyond it: ``spread`` in from the left, a third of that less from
    the top (the shadow falls a little below the panel)."""
    return spread, spread - spread // 3


def _panel_chrome(size: tuple[int, int], radius: int, line: int) -> tuple[pygame.Surface, int]:
    """The empty panel (rounded, edged) over its soft shadow, and how far the
    shadow spreads beyond it (cached: a dialog draws it every frame)."""
    key = (*size, radius, line)
    cached = _chromes.get(key)
    if cached is None:
        spread = shadow_spread(radius)
        # Blurred at a fraction of the size and enlarged (a full-size blur took over
        # a second at 4K: the frame that opened a dialog froze).
        chrome = soft_shadow(size, spread, radius, alpha=130, blur=max(2, spread // 2))
        chrome.blit(rounded(size, PANEL, radius, PANEL_EDGE, line), _panel_in_chrome(spread))
        cached = _chromes.put(key, (chrome, spread))
    return cached


def _dim(surface: pygame.Surface, alpha: int) -> None:
    """Darken everything drawn so far as a black SCRIM of ``alpha`` would.

    A multiplying fill gives the same picture (black at ``alpha`` keeps
    ``1 - alpha/255`` of each colour) without a window-sized see-through surface
    (33 MB at 4K) and in a fifth of the time of blitting one.
    """
    if alpha <= 0:
        return
    if SCRIM[:3] == (0, 0, 0):
        keep = 255 - alpha
        surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
        return
    scrim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    scrim.fill((*SCRIM[:3], alpha))
    surface.blit(scrim, (0, 0))


def draw_star(surface: pygame.Surface, centre: tuple[int, int], radius: int,
              colour: tuple[int, int, int]) -> None:
    """A five-pointed star (the record mark), drawn so no font glyph is needed."""

    points = []
    for index in range(10):
        r = radius if index % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + index * math.pi / 5
        points.append((centre[0] + r * math.cos(angle), centre[1] + r * math.sin(angle)))
    pygame.draw.polygon(surface, colour, points)


# ------------------------------------------------------------------- dialog
class Dialog(Scene):
    """A panel over the dimmed scenes below: a title, a body and a row of buttons.

    Subclasses give ``title()``, ``body()`` and ``footer()``; ``default()`` runs on
    Enter (when the focus is not on a button), ``cancel()`` on Esc.
    """

    opaque = False
    #: Narrowest body, in font sizes.
    min_width = 22.0
    #: The panel's vertical place: 0.5 centres it.
    anchor_y = 0.5
    #: Set while building when the wide arrangement did not fit (see ``body``).
    compact = False
    #: How much the scenes below are dimmed (0-255).
    scrim_alpha = SCRIM[3]

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.focus = Focus()
        self.style = Style(BASE_FONT)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.content: Widget | None = None
        self.buttons: Widget | None = None
        self._built_for: tuple[Any, ...] | None = None
        #: The font size and the widgets' sizes kept for ``languages`` (by arrangement).
        self._steady: dict[tuple[Any, ...], Envelope] = {}
        #: The least height kept for the title (the tallest of ``languages``).
        self._title_room = 0
        #: The panel as last built, by window size and font size (see ``_settle_panel``).
        self._kept: dict[tuple[tuple[int, int], int], pygame.Rect] = {}
        self._title_y = 0
        self._cursor = pygame.SYSTEM_CURSOR_ARROW

    # ------------------------------------------------------------ override
    def title(self) -> str:
        return ""

    def body(self) -> Widget:
        return Column([])

    def footer(self) -> Widget | None:
        return None

    def initial_focus(self) -> Widget | None:
        """The widget focused when the dialog opens (default: the primary button)."""
        for widget in self.focus.focusables():
            if isinstance(widget, Button) and widget.kind == "primary":
                return widget
        widgets = self.focus.focusables()
        return widgets[0] if widgets else None

    def default(self) -> None:
        """Enter pressed with the focus off the buttons."""

    def cancel(self) -> None:
        self.close()

    # -------------------------------------------------------------- layout
    def enter(self) -> None:
        self.ensure()

    def invalidate(self) -> None:
        """Build the widgets again before the next frame (words or choices changed)."""
        self._built_for = None

    def resize(self, size: tuple[int, int]) -> None:
        self.invalidate()

    def ensure(self) -> None:
        key = (self.app.size, current_language())
        if self._built_for != key:
            self._build()
            self._built_for = key

    def _build(self) -> None:
        old = self.focus.focusables()
        focus = self.focus.focus
        index = old.index(focus) if focus in old else None
        keyboard = self.focus.state.keyboard
        self.compact = False
        natural = self.natural_font()
        if self._arrange() < natural * COMPACT_BELOW:
            # Long words: try the narrow arrangement (labels above controls) before
            # settling for small text.
            self.compact = True
            self._arrange()
        self.focus.state.keyboard = keyboard
        # While it is open, the dialog keeps this place: contents that change (a result,
        # an error) move no button.
        self._kept = {(self.app.size, self.style.fs): pygame.Rect(self.panel)}
        widgets = self.focus.focusables()
        if index is not None and widgets:
            self.focus.set_focus(widgets[min(index, len(widgets) - 1)])
        else:
            self.focus.set_focus(self.initial_focus())

    def natural_font(self) -> int:
        """The font size for this window, before any shrinking to fit."""
        return max(MIN_FONT, round(BASE_FONT * ui_scale(self.app.size)))

    def languages(self) -> tuple[str, ...]:
        """The languages the dialog may switch to while it is open (Settings: all): it is
        then sized for the largest of them, so that no button moves on a switch."""
        return ()

    def arrangement(self) -> tuple[Any, ...]:
        """What, besides the window's size and ``compact``, decides which widgets the
        dialog has: the sizes kept for ``languages`` are worked out once for each."""
        return ()

    def _arrange(self) -> int:
        """Make the widgets and fit them to the window; return the font size chosen."""
        languages = self.languages()
        if not languages:
            self._make()
            return self._fit()
        key = (self.app.size, self.compact, *self.arrangement())
        if key not in self._steady:
            self._steady[key] = self._envelope(languages)
        fs, rooms, self._title_room = self._steady[key]
        self._make(rooms)
        return self._fit(fs)

    def _envelope(self, languages: tuple[str, ...]) -> Envelope:
        """The font size at which the dialog fits in every one of ``languages``, the
        size each of its widgets needs in the largest of them (in ``every`` order), and the
        tallest title."""
        here = current_language()
        width, height = self.app.size
        try:
            fonts = []
            for language in languages:
                set_language(language)
                self._make()
                fonts.append(self._fit())
            fs = min(fonts)
            while True:
                style = Style(fs)
                rooms: list[tuple[int, int]] = []
                # A container's size follows its children's: kept sizes grow until
                # every language fits in them (a few rounds, as deep as the tree).
                for _ in range(8):
                    sizes, panels = [], []
                    for language in languages:
                        set_language(language)
                        self._make(rooms)
                        assert self.focus.root is not None
                        sizes.append([widget.size(style) for widget in every(self.focus.root)])
                        panels.append(self._measure(style))
                    if len({len(each) for each in sizes}) != 1:  # unlike widgets: keep none
                        rooms = []
                        break
                    grown = [(max(w for w, _ in same), max(h for _, h in same))
                             for same in zip(*sizes, strict=True)]
                    if grown == rooms:
                        break
                    rooms = grown
                panel_w, panel_h = max(p[0] for p in panels), max(p[1] for p in panels)
                if (panel_w <= width * FILL and panel_h <= height * FILL) or fs <= MIN_FONT:
                    return fs, rooms, max(p[2] for p in panels)
                fs -= 1
        finally:
            set_language(here)

    def _make(self, rooms: list[tuple[int, int]] | None = None) -> None:
        """Build the widgets (``rooms``: the least size of each, in ``every`` order)."""
        self.content = self.body()
        self.buttons = self.footer()
        items: list[Widget] = [self.content]
        if self.buttons is not None:
            items.append(self.buttons)
        self.focus = Focus()
        self.focus.root = Column(items, gap=0)
        widgets = every(self.focus.root)
        if rooms and len(rooms) == len(widgets):
            for widget, room in zip(widgets, rooms, strict=True):
                widget.room = room
        for widget in widgets:
            widget.forget()

    def _measure(self, style: Style) -> tuple[int, int, int]:
        """Panel width and height for ``style``, and the title's height."""
        title = self.title()
        title_h = max(line_height(style.title, True), self._title_room) if title else 0
        widths = [round(self.min_width * style.fs), text_width(title, style.title, True)]
        body_w, body_h = self.content.size(style) if self.content else (0, 0)
        widths.append(body_w)
        height = style.pad + (title_h + style.pad if title else 0) + body_h + style.pad
        if self.buttons is not None:
            foot_w, foot_h = self.buttons.size(style)
            widths.append(foot_w)
            height += foot_h + style.pad
        return max(widths) + 2 * style.pad, height, title_h

    def _fit(self, fs: int | None = None) -> int:
        """Choose the font size (``fs`` or smaller) and place the panel; return the font
        size chosen."""
        width, height = self.app.size
        fs = fs or self.natural_font()
        while True:
            style = Style(fs)
            panel_w, panel_h, title_h = self._measure(style)
            if (panel_w <= width * FILL and panel_h <= height * FILL) or fs <= MIN_FONT:
                break
            fs -= 1
        self.style = style
        panel_w = min(panel_w, round(width * FILL))
        kept = self._kept.get((self.app.size, style.fs))
        if kept is not None:  # open already: never smaller, and grown upwards
            panel_w, panel_h = max(panel_w, kept.w), max(panel_h, kept.h)
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self._settle_panel(kept)
        overflow = self._place(style, title_h)
        if overflow > 0:  # wrapped text came out taller than measured: grow and place again
            self.panel.h += overflow
            self._settle_panel(kept)
            self._place(style, title_h)
        return style.fs

    def _settle_panel(self, kept: pygame.Rect | None) -> None:
        """Place the panel: centred (``anchor_y``) when it opens; afterwards over its
        last place, its bottom right corner (the buttons) where it was."""
        width, height = self.app.size
        if kept is None:
            self.panel.x = (width - self.panel.w) // 2
            self.panel.y = max(0, round((height - self.panel.h) * self.anchor_y))
        else:
            self.panel.bottomright = kept.bottomright
            self.panel.clamp_ip(pygame.Rect(0, 0, width, height))

    def _place(self, style: Style, title_h: int) -> int:
        """Place the widgets in ``self.panel``; return how far the body overflows it."""
        inner = self.panel.inflate(-2 * style.pad, -2 * style.pad)
        y = inner.y
        self._title_y = y
        if self.title():
            y += title_h + style.pad
        foot_h = self.buttons.size(style)[1] if self.buttons is not None else 0
        body_h = inner.bottom - y - (foot_h + style.pad if self.buttons is not None else 0)
        overflow = 0
        if self.content is not None:
            self.content.place(pygame.Rect(inner.x, y, inner.w, body_h), style)
            overflow = self.content.rect.h - body_h
        if self.buttons is not None:
            self.buttons.place(pygame.Rect(inner.x, inner.bottom - foot_h, inner.w, foot_h),
                               style)
        root = self.focus.root
        if root is not None:
            root.rect = pygame.Rect(self.panel)
        return overflow

    # --------------------------------------------------------------- input
    def close(self) -> None:
        """Go back to the scene below (if this dialog is still on top)."""
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def leave(self) -> None:
        if self._cursor != pygame.SYSTEM_CURSOR_ARROW:
            self._cursor = pygame.SYSTEM_CURSOR_ARROW
            with contextlib.suppress(pygame.error):
                pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_ARROW)

    def _pointer(self) -> None:
        """A hand over what can be pressed, an I-beam over text, else the arrow."""
        hovered = self.focus.state.hovered
        if hovered is None or not hovered.enabled:
            cursor = pygame.SYSTEM_CURSOR_ARROW
        elif isinstance(hovered, TextField):
            cursor = pygame.SYSTEM_CURSOR_IBEAM
        else:
            cursor = pygame.SYSTEM_CURSOR_HAND
        if cursor != self._cursor:
            self._cursor = cursor
            with contextlib.suppress(pygame.error):
                pygame.mouse.set_cursor(cursor)

    def handle(self, event: pygame.event.Event) -> bool:
        self.ensure()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.focus.handle(event)
            self._pointer()
            return True
        if self.focus.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in ENTER:
            focus = self.focus.focus
            if isinstance(focus, Button):
                focus.activate()
            else:
                self.default()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.outside_click(event.pos)
        return True

    def outside_click(self, pos: tuple[int, int]) -> None:
        """A click that no widget took (dialogs stay open; the menu closes)."""

    def wake_in(self) -> float | None:
        return None

    # ---------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        self.ensure()
        _dim(surface, self.scrim_alpha)
        self.draw_panel(surface)
        self.focus.draw(surface, self.style)
        self.draw_extra(surface)

    def cover(self) -> Cover | None:
        """The darkened window, the panel and its shadow: what the scenes below need
        to draw their changes under it (``None`` when the dim is not a plain
        darkening). All the dialog's content lies well inside its panel's corners."""
        if SCRIM[:3] != (0, 0, 0):
            return None
        self.ensure()
        inset = self.style.radius * 2
        chrome, place = self._chrome()
        return Cover(255 - self.scrim_alpha, self.panel.inflate(-2 * inset, -2 * inset),
                     chrome, place)

    def _chrome(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """The empty panel with its shadow, and where it goes."""
        chrome, spread = _panel_chrome(self.panel.size, self.style.radius * 2, self.style.line)
        x, y = _panel_in_chrome(spread)
        return chrome, (self.panel.x - x, self.panel.y - y)

    def shadow_bottom(self) -> int:
        """The row below the lowest the panel's shadow reaches: the bottom of its chrome
        (see ``_chrome``), twice the spread taller than the panel."""
        spread = shadow_spread(self.style.radius * 2)
        return self.panel.bottom + 2 * spread - _panel_in_chrome(spread)[1]

    def draw_panel(self, surface: pygame.Surface) -> None:
        style = self.style
        surface.blit(*self._chrome())
        title = self.title()
        if title:
            x = self.panel.x + style.pad
            blit_text(surface, title, style.title, self.title_colour(), True,
                      topleft=(x, self._title_y))
            y = self._title_y + line_height(style.title, True) + style.pad // 2
            line = pygame.Surface((self.panel.w - 2 * style.pad, style.line), pygame.SRCALPHA)
            line.fill(LINE)
            surface.blit(line, (x, y))

    def title_colour(self) -> tuple[int, int, int]:
        return WHITE

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Anything drawn over the widgets (pictures, tables)."""
