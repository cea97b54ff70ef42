"""Drive the real App with real pygame events (tests and the smoke test).

Events are posted to pygame's queue and the App's own loop reads them, so
everything between SDL and the model is exercised. Points to press are taken
from the table's layout, like a player aiming at what is on screen.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

import pygame

from spider.model.actions import Move

if TYPE_CHECKING:
    from spider.app.loop import App
    from spider.app.table.scene import TableScene

Point = tuple[int, int]


class EventDriver:
    """Posts mouse, key and window events and runs the loop over them."""

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def table(self) -> TableScene:
        return self.app.table

    # ------------------------------------------------------------ raw events
    def post(self, kind: int, **attributes: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **attributes))
        self.app.step()

    def press(self, pos: Point, clicks: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, clicks=clicks)

    def move(self, pos: Point, held: bool = True) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(int(held), 0, 0))

    def release(self, pos: Point) -> None:
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)

    def click(self, pos: Point, clicks: int = 1) -> None:
        self.press(pos, clicks)
        self.release(pos)

    def double_click(self, pos: Point) -> None:
        self.click(pos, 1)
        self.click(pos, 2)

    def drag(self, start: Point, end: Point, steps: int = 6) -> None:
        """Press at ``start``, move in ``steps`` motions to ``end``, release there."""
        self.press(start)
        for number in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * number // steps
            y = start[1] + (end[1] - start[1]) * number // steps
            self.move((x, y))
        self.release(end)

    def key(self, key: int, mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window as the player does: SDL makes its new picture and sends
        the events the loop handles next."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().size = size

    def settle(self) -> None:
        """Run the loop until every animation has finished."""
        self.app.run_until_idle()

    # ------------------------------------------------------- where to aim
    def card_point(self, column: int, index: int) -> Point:
        """A point on the visible part of a card."""
        g = self.table.geometry
        ys = self.table.board.column_ys()[column]
        bottom = ys[index + 1] if index + 1 < len(ys) else ys[index] + g.card_h
        return g.column_x[column] + g.card_w // 2, (ys[index] + bottom) // 2

    def column_point(self, column: int) -> Point:
        """A point on the last card of a column (or its empty place)."""
        g = self.table.geometry
        ys = self.table.board.column_ys()[column]
        y = ys[-1] if ys else g.top
        return g.column_x[column] + g.card_w // 2, y + g.card_h // 3

    def stock_point(self) -> Point:
        box = self.table.geometry.stock_box(self.table.game.deals_left)
        assert box is not None, "the stock is empty"
        return box.right - self.table.geometry.card_w // 2, box.y + box.h // 2

    def button_point(self, action: str) -> Point:
        for button in self.table.bar.buttons:
            if button.action == action:
                return button.box.centre
        raise KeyError(action)

    def drag_move(self, move: Move) -> None:
        """Drag the last ``move.count`` cards of the source onto the target column."""
        count = move.count or 1
        index = len(self.table.game.columns[move.source]) - count
        start = self.card_point(move.source, index)
        target = self.column_point(move.target)
        self.drag(start, (target[0], target[1]))
