"""The table's input: the keyboard, and the pointer as a state machine.

Pointer states (Idle, Pressed, Dragging, and a pressed bar button) react to a
button press, pointer motion and release by asking the controller to act, and
return the next state. Positions come from ``event.pos``; a double-click is a
press whose ``clicks`` attribute is 2 (pygame-ce ≥ 2.5.7). Keys map to
:class:`Command` values; keyboard play (the focus ring, a picked-up group,
typed moves) is :mod:`.keyboard`'s. Animations never block input: the controller
finishes them when a press begins.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import pygame

from spider.app.table.controller import Command
from spider.app.table.keyboard import TableKeyboard

if TYPE_CHECKING:
    from spider.app.table.controller import TableController
    from spider.app.table.scene import TableScene

Point = tuple[int, int]
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP)

#: Keys without Ctrl or Alt, and what they ask for (Shift+H is the demo).
KEYS = {pygame.K_d: Command.DEAL, pygame.K_n: Command.NEW, pygame.K_a: Command.AUTO_PLACE,
        pygame.K_h: Command.HINT, pygame.K_F1: Command.HELP, pygame.K_m: Command.MENU,
        pygame.K_F10: Command.MENU}


class TableInput:
    """Turns the table's mouse and key events into the controller's actions, and
    answers what is under the pointer."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.state: InputState = Idle()
        #: The bar button under the pointer (lit), or None.
        self.hovered: Command | None = None
        self._hand = False
        #: Keyboard play: the focus ring, the selection, a picked-up group, typed moves.
        self.keys = TableKeyboard(table)
        #: The pointer left the window (and has not come back).
        self.outside = False

    @property
    def controller(self) -> TableController:
        return self.table.controller

    @property
    def dragging(self) -> Dragging | None:
        return self.state if isinstance(self.state, Dragging) else None

    @property
    def pressed(self) -> Command | None:
        """The bar button held down, or None."""
        return self.state.action if isinstance(self.state, ButtonPressed) else None

    # ------------------------------------------------------------ hit tests
    @property
    def drag_threshold(self) -> int:
        return max(3, round(self.table.geometry.card_w * 0.04))

    def card_at(self, pos: Point) -> tuple[int, int] | None:
        return self.table.geometry.card_at(pos, self.table.board.column_ys())

    def stock_hit(self, pos: Point) -> bool:
        box = self.table.geometry.stock_box(self.controller.game.deals_left)
        return box is not None and box.contains(pos)

    def button_at(self, pos: Point) -> Command | None:
        """The bar's button at ``pos`` (the bar is laid out only for a point on it:
        the pointer over the table at a start leaves that to after the first frame)."""
        if not self.table.geometry.bar.contains(pos):
            return None
        return self.table.bar.button_at(pos)

    # --------------------------------------------------------------- events
    def handle(self, event: pygame.event.Event) -> bool:
        """One mouse, key or focus event; True when the picture may have changed."""
        if event.type in MOUSE_EVENTS:
            if self._lost_hold(event):
                self.cancel()
                return True
            dragging = self.dragging is not None
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.keys.hide()
            self.state = dispatch(self.state, self, event)
            if event.type == pygame.MOUSEMOTION:
                if self._hover(event.pos):
                    return True
                if dragging or self.dragging is not None:
                    self.table.app.request_changes()  # the group moved: drawn by changes
                return False
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.cancel()
        elif event.type in (pygame.WINDOWLEAVE, pygame.WINDOWENTER):
            self.outside = event.type == pygame.WINDOWLEAVE
        return True

    def _lost_hold(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` ends a hold without a drop: the button released outside
        the window, or found up when the pointer comes back (its release was missed)."""
        if not isinstance(self.state, Pressed | Dragging):
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            width, height = self.table.app.size
            x, y = event.pos
            return self.outside or not (0 <= x < width and 0 <= y < height)
        if event.type == pygame.MOUSEMOTION:
            buttons = getattr(event, "buttons", (1,))
            return not buttons[0]
        return False

    def cancel(self) -> None:
        """Give up what is held (a dragged group glides back) and end animations."""
        self.keys.release()
        self.state.cancel(self)
        self.state = Idle()
        self.table.board.finish()

    def reset(self) -> None:
        """A new game is shown: nothing is held (the old game's group is gone)."""
        self.state = Idle()
        self.keys.reset()

    def release_hold(self) -> None:
        """A dialog covers the table: let go of what is held, by the pointer or the keys
        (no animations ended)."""
        self.keys.release()
        self.state.cancel(self)
        self.state = Idle()

    def _hover(self, pos: Point) -> bool:
        """Light the button under the pointer; a hand over what can be clicked. True
        when the lit button changed."""
        idle = isinstance(self.state, Idle)
        hovered = self.button_at(pos) if idle else None
        lit = hovered != self.hovered
        self.hovered = hovered
        hand = idle and ((hovered is not None and self.controller.button_enabled(hovered))
                         or self.stock_hit(pos))
        if hand != self._hand:
            self._hand = hand
            with contextlib.suppress(pygame.error):
                pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if hand
                                        else pygame.SYSTEM_CURSOR_ARROW)
        return lit

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        alt = bool(event.mod & pygame.KMOD_ALT)
        key, controller = event.key, self.controller
        if ctrl and key == pygame.K_z:
            controller.run(Command.REDO if shift else Command.UNDO)
        elif ctrl and key == pygame.K_y:
            controller.run(Command.REDO)
        elif ctrl and key == pygame.K_c:
            controller.copy_code()
        elif ctrl or alt or (self.dragging is None and self.keys.key(key, shift)):
            return
        elif key == pygame.K_ESCAPE:  # one layer at a time: what is held, else quit?
            if not isinstance(self.state, Idle):
                self.cancel()
            else:
                controller.run(Command.QUIT)
        elif key in KEYS:
            command = KEYS[key]
            if command is Command.HINT and shift:
                command = Command.DEMO
            elif command is Command.NEW:
                controller.interrupt()  # the key stops what runs; the bar's button is
                #                         pressed with nothing running
            controller.run(command)


class InputState:
    """Base pointer state: ignores everything."""

    def press(self, table: TableInput, pos: Point, clicks: int) -> InputState:
        return self

    def motion(self, table: TableInput, pos: Point) -> InputState:
        return self

    def release(self, table: TableInput, pos: Point) -> InputState:
        return self

    def cancel(self, table: TableInput) -> None:
        """Give up whatever the state was doing (another action is starting)."""


class Idle(InputState):
    """Nothing held."""

    def press(self, table: TableInput, pos: Point, clicks: int) -> InputState:
        act = table.controller
        act.finish_animations()
        button = table.button_at(pos)
        if button is not None:
            return ButtonPressed(button) if act.button_enabled(button) else self
        code = table.table.bar.code_box
        if code is not None and code.collidepoint(pos):
            act.copy_code()
            return self
        if table.stock_hit(pos):
            if clicks < 2:  # a double-click on the stock deals once, not twice
                act.deal()
            return self
        hit = table.card_at(pos)
        if hit is None:
            return self
        column, index = hit
        if clicks >= 2 and act.app.settings.double_click:
            act.send_to_best(column, index)
            return self
        if not act.can_lift(column, index):
            return self
        sprite = act.board.columns[column][index]
        grab = (pos[0] - sprite.pos[0], pos[1] - sprite.pos[1])
        return Pressed(column, index, pos, grab)


class Pressed(InputState):
    """A movable group is held but has not moved far enough to be a drag."""

    def __init__(self, column: int, index: int, start: Point, grab: tuple[float, float]) -> None:
        self.column, self.index, self.start, self.grab = column, index, start, grab

    def motion(self, table: TableInput, pos: Point) -> InputState:
        dx, dy = pos[0] - self.start[0], pos[1] - self.start[1]
        if dx * dx + dy * dy < table.drag_threshold ** 2:
            return self
        accepting = table.controller.start_drag(self.column, self.index)
        return Dragging(self.column, self.index, self.grab, accepting).motion(table, pos)

    def release(self, table: TableInput, pos: Point) -> InputState:
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

    def motion(self, table: TableInput, pos: Point) -> InputState:
        table.controller.drag_to(self.corner(pos))
        return self

    def release(self, table: TableInput, pos: Point) -> InputState:
        table.controller.drop(self.column, self.index, self.corner(pos))
        return Idle()

    def cancel(self, table: TableInput) -> None:
        table.controller.board.drop_back()


class ButtonPressed(InputState):
    """A bar button is held: it acts when released over it."""

    def __init__(self, action: Command) -> None:
        self.action = action

    def release(self, table: TableInput, pos: Point) -> InputState:
        if table.button_at(pos) == self.action:
            table.controller.run(self.action)
        return Idle()


def dispatch(state: InputState, table: TableInput, event: pygame.event.Event) -> InputState:
    """Feed one mouse event to ``state``; return the next state."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return state.press(table, event.pos, getattr(event, "clicks", 1))
    if event.type == pygame.MOUSEMOTION:
        return state.motion(table, event.pos)
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        return state.release(table, event.pos)
    return state
