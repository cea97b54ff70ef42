"""Pointer and keyboard for a tree of widgets: hover, press and release on the same
widget is a click; Tab / Shift+Tab (and Up / Down) move the focus; Enter or Space
activates the focused widget, which also gets the keys and typed text first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from spider.app.ui.theme import Style
    from spider.app.ui.widgets import Widget


@dataclass
class UiState:
    """What the form tells widgets when they draw."""

    focus: Widget | None = None
    hovered: Widget | None = None
    pressed: Widget | None = None
    keyboard: bool = False

    def ring(self, widget: Widget) -> bool:
        """Whether ``widget`` shows the focus ring (after keyboard use only)."""
        return self.keyboard and self.focus is widget


def walk(widget: Widget) -> list[Widget]:
    """Every visible widget under ``widget``, in drawing (and tab) order."""
    found = [widget]
    for child in widget.children():
        if child.visible:
            found.extend(walk(child))
    return found


class Focus:
    """Pointer and keyboard for a tree of widgets (one per dialog)."""

    def __init__(self) -> None:
        self.root: Widget | None = None
        self.state = UiState()

    def focusables(self) -> list[Widget]:
        if self.root is None:
            return []
        return [w for w in walk(self.root) if w.focusable and w.enabled]

    @property
    def focus(self) -> Widget | None:
        return self.state.focus

    def set_focus(self, widget: Widget | None) -> None:
        self.state.focus = widget

    def move(self, step: int) -> None:
        widgets = self.focusables()
        if not widgets:
            return
        current = self.state.focus
        index = widgets.index(current) if current in widgets else (-1 if step > 0 else 0)
        self.state.focus = widgets[(index + step) % len(widgets)]
        self.state.keyboard = True

    def handle(self, event: pygame.event.Event) -> bool:
        """Give ``event`` to the widgets; True when one of them (or the focus) used it."""
        state = self.state
        kind = event.type
        if self.root is None:
            return False
        if kind == pygame.MOUSEMOTION:
            hit = self.root.hit(event.pos)
            changed = hit is not state.hovered
            if state.hovered is not None and state.hovered is not hit:
                state.hovered.hover(None)
            state.hovered = hit
            if hit is not None:
                hit.hover(event.pos)
            return changed or hit is not None
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.root.hit(event.pos)
            state.pressed = hit
            state.keyboard = False
            if hit is not None and hasattr(hit, "clicks"):  # a double-click selects all
                hit.clicks = getattr(event, "clicks", 1)
            if hit is not None:
                state.focus = hit
            return hit is not None
        if kind == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, state.pressed = state.pressed, None
            hit = self.root.hit(event.pos)
            if pressed is not None and hit is pressed:
                pressed.click(event.pos)
                return True
            return False
        if kind == pygame.TEXTINPUT:
            focus = state.focus
            return focus is not None and focus.text_input(event.text)
        if kind == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        state = self.state
        focus = state.focus
        if focus is not None and focus.enabled and focus.key(event):
            state.keyboard = True
            return True
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if event.key == pygame.K_TAB:
            self.move(-1 if shift else 1)
            return True
        if event.key in (pygame.K_DOWN, pygame.K_UP):
            self.move(1 if event.key == pygame.K_DOWN else -1)
            return True
        if event.key == pygame.K_SPACE and focus is not None:
            state.keyboard = True
            focus.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface, style: Style) -> None:
        if self.root is not None:
            self.root.draw(surface, style, self.state)
