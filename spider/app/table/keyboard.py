"""Keyboard play on the table: a focus ring, a selection, a picked-up group, typed moves.

Left/Right and Tab/Shift+Tab move the focus over the columns and the stock;
Up/Down grow or shrink the selection within the focused column's movable group;
Enter or Space picks it up (or deals, on the stock), then drops it on the column
in focus. Digits name columns (0 is the tenth): a source then a target plays the
notation's ``F>T``. Every decision is the model's, through the controller.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from spider.model.actions import Move
from spider.model.game import IllegalAction, Rule
from spider.model.notation import parse_token
from spider.text.i18n import tr

if TYPE_CHECKING:
    from spider.app.table.controller import TableController
    from spider.app.table.scene import TableScene

#: The focus on the stock (columns are 0, 1, ...).
STOCK = -1
#: A typed first column waits this long for the second.
PENDING_SECONDS = 2.0

_PICK = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
_DIGITS = {**{pygame.K_0 + n: n for n in range(10)}, **{pygame.K_KP0 + n: n for n in range(10)}}


def digit_column(digit: int) -> int:
    """The column (0-based) a digit names: 1 is the first, 0 the tenth."""
    return 9 if digit == 0 else digit - 1


class TableKeyboard:
    """The table's keyboard states (see the module docstring)."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        #: The focused column, or :data:`STOCK`.
        self.focus = 0
        #: Whether the focus ring is shown (after a key; a click hides it).
        self.visible = False
        #: Cards chosen with Up/Down at the end of the focused column (None: the whole
        #: movable group).
        self.chosen: int | None = None
        #: The picked-up group: its column and card count.
        self.held: tuple[int, int] | None = None
        #: Columns that accept the picked-up group (placement help lights them).
        self.accepting: list[int] = []
        #: The first typed column (0-based) and how long it still waits.
        self.pending: int | None = None
        self._pending_left = 0.0

    @property
    def controller(self) -> TableController:
        return self.table.controller

    # ---------------------------------------------------------------- state
    def selection(self) -> int:
        """How many cards at the end of the focused column are selected (0: none)."""
        if self.focus == STOCK or self.focus >= len(self.table.game.columns):
            return 0
        if self.held is not None and self.held[0] == self.focus:
            return self.held[1]
        movable = self.table.game.movable_length(self.focus)
        if self.chosen is None or movable == 0:
            return movable
        return max(1, min(self.chosen, movable))

    @property
    def note(self) -> str | None:
        """The bar's indicator of a typed column waiting for its target."""
        if self.pending is None:
            return None
        return tr("keys.pending", column=self.pending + 1)

    def wake_in(self) -> float | None:
        return self._pending_left if self.pending is not None else None

    def update(self, dt: float) -> bool:
        """Let a waiting digit expire; whether the picture changed."""
        if self.pending is None:
            return False
        self._pending_left -= dt
        if self._pending_left > 0:
            return False
        self.pending = None
        return True

    def reset(self) -> None:
        """Another game is shown: nothing held, typed or chosen."""
        self.held, self.accepting, self.pending, self.chosen = None, [], None, None
        self.focus = min(self.focus, len(self.table.game.columns) - 1)

    def release(self) -> bool:
        """Put a picked-up group back and forget a typed column; whether there was one."""
        had = self.held is not None or self.pending is not None
        if self.held is not None:
            self.focus = self.held[0]
            self.held, self.accepting = None, []
            self.table.board.drop_back()
        self.pending = None
        return had

    def hide(self) -> None:
        """The pointer is used: the ring goes (a picked-up group goes back)."""
        self.release()
        self.visible = False

    # --------------------------------------------------------------- events
    def key(self, key: int, shift: bool) -> bool:
        """One key without Ctrl or Alt; whether it was the keyboard play's."""
        if key == pygame.K_ESCAPE:
            return self.release()
        if key in _DIGITS:
            self._digit(digit_column(_DIGITS[key]))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            self._step(-1 if key == pygame.K_LEFT or (key == pygame.K_TAB and shift) else 1)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self._grow(1 if key == pygame.K_UP else -1)
        elif key in _PICK:
            self._pick()
        else:
            return False
        self.table.app.request_redraw()
        return True

    def _places(self) -> list[int]:
        places = list(range(len(self.table.game.columns)))
        if self.held is None and self.table.game.deals_left:
            places.append(STOCK)
        return places

    def _step(self, direction: int) -> None:
        places = self._places()
        if not self.visible:
            self.visible = True  # the first key shows the ring where it was
        else:
            at = places.index(self.focus) if self.focus in places else 0
            self.focus = places[(at + direction) % len(places)]
        self.chosen = None
        self._hover()

    def _grow(self, change: int) -> None:
        self.visible = True
        if self.held is not None or self.focus == STOCK:
            return
        movable = self.table.game.movable_length(self.focus)
        self.chosen = max(1, min(movable, self.selection() + change))

    def _pick(self) -> None:
        self.visible = True
        if self.held is not None:
            self._drop(self.focus)
        elif self.focus == STOCK:
            self.controller.deal()
        else:
            self._lift()

    def _lift(self) -> None:
        controller, game, column = self.controller, self.table.game, self.focus
        index = len(game.columns[column]) - max(1, self.selection())
        controller.finish_animations()
        if not controller.can_lift(column, index):
            return
        if self.table.app.settings.auto_place:
            controller.send_to_best(column, index)
            self.chosen = None
            return
        count = len(game.columns[column]) - index
        self.accepting = controller.start_drag(column, index)
        self.held = (column, count)
        best = game.best_destination(column, count)
        self.focus = best if best is not None else column
        self._hover()

    def _drop(self, target: int) -> None:
        assert self.held is not None
        source, count = self.held
        if target == source:
            self.release()
            return
        move = Move(source, target, count)
        try:
            self.table.game.check(move)
        except IllegalAction as error:
            self.controller.refuse(error)  # the group stays picked up
            return
        self.held, self.accepting, self.chosen = None, [], None
        self.controller.perform(move, dropped=True)

    def _hover(self) -> None:
        """Show the picked-up group over the focused column, a little raised."""
        if self.held is None:
            return
        g, board = self.table.geometry, self.table.board
        source, _ = self.held
        lift = g.card_h * 0.06
        if self.focus == source:
            x, y = board.dragging[0].target
        else:
            column = board.columns[self.focus]
            ys = board.column_ys()[self.focus]
            x = g.column_x[self.focus]
            y = ys[-1] + g.card_h * 0.25 if column else g.top
        self.controller.drag_to((x + lift / 2, y - lift))

    def _digit(self, column: int) -> None:
        game = self.table.game
        if column >= len(game.columns):
            self.pending = None
            self.controller.refuse(IllegalAction(Rule.NO_SUCH_COLUMN, column=column + 1,
                                                 columns=len(game.columns)))
            return
        if self.held is not None:
            self.focus = column
            self._hover()
            self._drop(column)
            return
        if self.pending is None:
            self.pending, self._pending_left = column, PENDING_SECONDS
            return
        source, self.pending = self.pending, None
        # Exactly what the notation's F>T plays (the model picks the group).
        move = parse_token(f"{source + 1}>{column + 1}")
        assert isinstance(move, Move)
        self.controller.perform(move)
