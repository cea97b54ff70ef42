"""The containers that arrange widgets: a column, a row, and pages shown one at a time."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from spider.app.ui.theme import Style
from spider.app.ui.widgets.base import Widget
from spider.app.ui.widgets.labels import Label


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
