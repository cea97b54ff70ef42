"""Table geometry: where the bar, columns, cards, stock and completed runs go.

Pure arithmetic on a window size and column contents (no pygame), so it can be
tested on its own. Every position is a whole pixel, and every card box lies
inside the window, however long the columns grow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

#: Card height over card width (the art's viewBox is 250 × 350).
CARD_RATIO = 350 / 250
# Proportions of the card width.
COLUMN_GAP = 0.11
SIDE_MARGIN = 0.22
RUN_FAN = 0.16
STOCK_FAN = 0.14
# Proportions of the card height.
FACE_DOWN_GAP = 0.09
FACE_UP_GAP = 0.27
MIN_FACE_DOWN_GAP = 0.035
PADDING = 0.08
#: The table must hold this many card heights below the bar (tableau plus bottom row).
TABLE_ROWS = 3.3
#: How many columns' shapes (their room and sides up) the places of whose cards are
#: kept (the list starts again when full: a game places a few hundred).
_SHAPES_KEPT = 256


class Box(NamedTuple):
    """An axis-aligned rectangle in pixels."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def centre(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def contains(self, point: tuple[float, float]) -> bool:
        return self.x <= point[0] < self.right and self.y <= point[1] < self.bottom

    def overlap(self, other: Box) -> int:
        """The area shared with ``other`` (0 when apart)."""
        width = min(self.right, other.right) - max(self.x, other.x)
        height = min(self.bottom, other.bottom) - max(self.y, other.y)
        return max(0, width) * max(0, height)

    def within(self, width: int, height: int) -> bool:
        """Whether the box lies wholly inside a ``width`` × ``height`` window."""
        return self.x >= 0 and self.y >= 0 and self.right <= width and self.bottom <= height


class TableGeometry:
    """The layout of the table for one window size and kind of game.

    ``runs`` is how many completed-run slots to show, ``deals`` how many deal
    piles the stock can hold (its width).
    """

    def __init__(self, size: tuple[int, int], columns: int, runs: int = 8, deals: int = 5) -> None:
        width, height = self.size = (max(1, size[0]), max(1, size[1]))
        self.columns = columns
        self.ui = max(0.6, min(width / 1280, height / 720))
        self.bar = Box(0, 0, width, max(32, round(34 * self.ui)))

        across = columns + COLUMN_GAP * (columns - 1) + 2 * SIDE_MARGIN
        tallest = (height - self.bar.h) / (TABLE_ROWS + 3 * PADDING) / CARD_RATIO
        self.card_w = cw = max(8, int(min(width / across, tallest)))
        self.card_h = ch = round(cw * CARD_RATIO)
        self.gap = round(cw * COLUMN_GAP)
        self.pad = max(4, round(ch * PADDING))
        span = columns * cw + (columns - 1) * self.gap
        left = (width - span) // 2
        self.column_x: tuple[int, ...] = tuple(left + i * (cw + self.gap) for i in range(columns))
        self.top = self.bar.bottom + self.pad
        self.face_down_gap = ch * FACE_DOWN_GAP
        self.face_up_gap = ch * FACE_UP_GAP

        row_y = height - self.pad - ch
        self.run_fan = round(cw * RUN_FAN)
        self.stock_fan = round(cw * STOCK_FAN)
        self.run_capacity = max(1, runs)
        self.runs_box = Box(left, row_y, cw + (self.run_capacity - 1) * self.run_fan, ch)
        stock_w = cw + (max(1, deals) - 1) * self.stock_fan
        self.stock_area = Box(left + span - stock_w, row_y, stock_w, ch)
        self.code_y = row_y + ch // 2
        #: Lowest pixel a card of each column may reach: columns above the bottom
        #: row stop short of it, the others use the full height.
        self.column_bottom: tuple[int, ...] = tuple(
            row_y - self.pad if self._over_bottom_row(x) else height - self.pad
            for x in self.column_x
        )
        #: The cards' ys of the columns' shapes placed so far (see :meth:`card_ys`).
        self._ys: dict[tuple[int | bool, ...], tuple[int, ...]] = {}

    def _over_bottom_row(self, x: int) -> bool:
        return any(x < box.right and box.x < x + self.card_w
                   for box in (self.runs_box, self.stock_area))

    # ------------------------------------------------------------ columns
    def card_ys(self, column: int, faces: Sequence[bool]) -> tuple[int, ...]:
        """The y of each card of ``column`` (deepest first), given which are face up.

        Face-down cards overlap more tightly than face-up ones. A column too long
        for its room squeezes face-down gaps first, then face-up gaps. Kept by the
        column's room and sides up: an action places several columns, most of the
        same few shapes (a deal gives every column a card), again and again.
        """
        bottom = self.column_bottom[column]
        key = (bottom, *faces)
        ys = self._ys.get(key)
        if ys is None:
            if len(self._ys) >= _SHAPES_KEPT:
                self._ys.clear()
            ys = self._ys[key] = self._card_ys(bottom, faces)
        return ys

    def _card_ys(self, bottom: int, faces: Sequence[bool]) -> tuple[int, ...]:
        """The y of each card of a column that reaches down to ``bottom`` (see
        :meth:`card_ys`)."""
        if not faces:
            return ()
        room = max(0, bottom - self.top - self.card_h)
        down = faces.count(False) - (not faces[-1])  # (the last card's side takes no room)
        up = len(faces) - 1 - down
        down_gap, up_gap = self.face_down_gap, self.face_up_gap
        if down * down_gap + up * up_gap > room:
            least_down = self.card_h * MIN_FACE_DOWN_GAP
            if down and down * least_down + up * up_gap <= room:
                down_gap = (room - up * up_gap) / down
            elif up and down * least_down < room:
                down_gap, up_gap = least_down, (room - down * least_down) / up
            else:
                scale = room / (down * least_down + up * up_gap)
                down_gap, up_gap = least_down * scale, up_gap * scale
        ys, y = [], float(self.top)
        for face in faces:
            ys.append(int(y))
            y += up_gap if face else down_gap
        return tuple(ys)

    def card_box(self, column: int, y: int) -> Box:
        return Box(self.column_x[column], y, self.card_w, self.card_h)

    def column_slot(self, column: int) -> Box:
        """Where an empty column's outline is drawn (its first card's place)."""
        return self.card_box(column, self.top)

    def column_strip(self, column: int) -> Box:
        """The area that counts as ``column`` when dropping: its width plus half
        the gaps, from the bar down to the window's bottom."""
        half = self.gap // 2
        return Box(self.column_x[column] - half, self.bar.bottom,
                   self.card_w + 2 * half, self.size[1] - self.bar.bottom)

    def drop_column(self, card: Box) -> int | None:
        """The column a dragged card (its box) is released over: the one it
        overlaps most, the nearest on a tie; ``None`` when over none."""
        best, best_key = None, (0, 0.0)
        for column in range(self.columns):
            strip = self.column_strip(column)
            area = strip.overlap(card)
            key = (area, -abs(strip.centre[0] - card.centre[0]))
            if area > 0 and (best is None or key > best_key):
                best, best_key = column, key
        return best

    def card_at(self, point: tuple[float, float],
                columns: Sequence[Sequence[int]]) -> tuple[int, int] | None:
        """The topmost card under ``point`` as (column, index), given each column's ys."""
        x = point[0]
        for column, ys in enumerate(columns):
            left = self.column_x[column]
            if not left <= x < left + self.card_w:
                continue  # (the same test as the cards' boxes, once a column)
            for index in range(len(ys) - 1, -1, -1):
                if self.card_box(column, ys[index]).contains(point):
                    return column, index
        return None

    # ------------------------------------------------------- bottom row
    def stock_pile(self, pile: int, piles: int) -> tuple[int, int]:
        """Where deal pile ``pile`` (0: the next deal) of ``piles`` left is drawn.

        Piles keep their place as others are dealt: the last deal sits at the
        right edge, earlier ones fan out to its left, the next one on top.
        """
        area = self.stock_area
        return area.right - self.card_w - (piles - 1 - pile) * self.stock_fan, area.y

    def stock_box(self, piles: int) -> Box | None:
        """The area covered by the remaining deal piles (``None`` when empty)."""
        if piles <= 0:
            return None
        x, y = self.stock_pile(0, piles)
        return Box(x, y, self.stock_area.right - x, self.card_h)

    def run_slot(self, slot: int) -> tuple[int, int]:
        """Where completed run number ``slot`` (0 first) is shown."""
        return self.runs_box.x + min(slot, self.run_capacity - 1) * self.run_fan, self.runs_box.y


def whole(point: tuple[float, float]) -> tuple[int, int]:
    """``point`` to the nearest whole pixel."""
    return round(point[0]), round(point[1])
