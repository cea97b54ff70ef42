"""Pointer input as a state machine: Idle, Pressed, Dragging, and a pressed bar button.

Each state reacts to a button press, pointer motion and release by asking the
table to act, and returns the next state. Positions come from ``event.pos``;
a double-click is a press whose ``clicks`` attribute is 2 (pygame-ce ≥ 2.5.7).
Animations never block input: the table finishes them when a press begins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from spider.app.table.scene import TableScene

Point = tuple[int, int]


class InputState:
    """Base state: ignores everything."""

    def press(self, table: TableScene, pos: Point, clicks: int) -> InputState:
        return self

    def motion(self, table: TableScene, pos: Point) -> InputState:
        return self

    def release(self, table: TableScene, pos: Point) -> InputState:
        return self

    def cancel(self, table: TableScene) -> None:
        """Give up whatever the state was doing (another action is starting)."""


class Idle(InputState):
    """Nothing held."""

    def press(self, table: TableScene, pos: Point, clicks: int) -> InputState:
        table.finish_animations()
        button = table.bar.button_at(pos)
        if button is not None:
            return ButtonPressed(button) if table.button_enabled(button) else self
        if table.stock_hit(pos):
            if clicks < 2:  # a double-click on the stock deals once, not twice
                table.deal()
            return self
        hit = table.card_at(pos)
        if hit is None:
            return self
        column, index = hit
        if clicks >= 2 and table.app.settings.double_click:
            table.send_to_best(column, index)
            return self
        if not table.can_lift(column, index):
            return self
        sprite = table.board.columns[column][index]
        grab = (pos[0] - sprite.pos[0], pos[1] - sprite.pos[1])
        return Pressed(column, index, pos, grab)


class Pressed(InputState):
    """A movable group is held but has not moved far enough to be a drag."""

    def __init__(self, column: int, index: int, start: Point, grab: tuple[float, float]) -> None:
        self.column, self.index, self.start, self.grab = column, index, start, grab

    def motion(self, table: TableScene, pos: Point) -> InputState:
        dx, dy = pos[0] - self.start[0], pos[1] - self.start[1]
        if dx * dx + dy * dy < table.drag_threshold ** 2:
            return self
        dragging = Dragging(self.column, self.index, self.grab, table.start_drag(self.column,
                                                                                  self.index))
        return dragging.motion(table, pos)

    def release(self, table: TableScene, pos: Point) -> InputState:
        return Idle()  # a single click does nothing


class Dragging(InputState):
    """A group follows the pointer, keeping where it was grabbed."""

    def __init__(self, column: int, index: int, grab: tuple[float, float],
                 accepting: list[int]) -> None:
        self.column, self.index, self.grab = column, index, grab
        #: Columns that would take the group (highlighted with placement help).
        self.accepting = accepting

    def corner(self, pos: Point) -> tuple[float, float]:
        return (pos[0] - self.grab[0], pos[1] - self.grab[1])

    def motion(self, table: TableScene, pos: Point) -> InputState:
        table.drag_to(self.corner(pos))
        return self

    def release(self, table: TableScene, pos: Point) -> InputState:
        table.drop(self.column, self.index, self.corner(pos))
        return Idle()

    def cancel(self, table: TableScene) -> None:
        table.board.drop_back()


class ButtonPressed(InputState):
    """A bar button is held: it acts when released over it."""

    def __init__(self, action: str) -> None:
        self.action = action

    def release(self, table: TableScene, pos: Point) -> InputState:
        if table.bar.button_at(pos) == self.action:
            table.press_button(self.action)
        return Idle()


def dispatch(state: InputState, table: TableScene, event: pygame.event.Event) -> InputState:
    """Feed one mouse event to ``state``; return the next state."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return state.press(table, event.pos, getattr(event, "clicks", 1))
    if event.type == pygame.MOUSEMOTION:
        return state.motion(table, event.pos)
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        return state.release(table, event.pos)
    return state
