"""The widget every dialog is built from: measured and placed for a
:class:`~spider.app.ui.theme.Style`, given the pointer and keys by
:class:`~spider.app.ui.focus.Focus`, drawn by its container; and :func:`every`, a tree
walked in a fixed order."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from spider.app.ui.focus import UiState
from spider.app.ui.theme import Point, Style


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
