"""The table's actions: what a click, a key or the demo asks the table to do.

Every decision is the model's (what may move, where it may go, what a move does);
the controller plays actions through it, has the board replay the Outcome the model
reports, names the rule of a refusal, and tells the host what happened as a
:class:`GameEvent`. Input (:mod:`.input`) and the hint controller (:mod:`.hinting`)
act only through it; it never draws.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from spider.app.host import DialogName, GameEvent
from spider.app.sound import Sound
from spider.app.table.geometry import Box
from spider.app.ui.clipboard import put_clipboard
from spider.model.actions import DEAL, Action, Move
from spider.model.game import Game, IllegalAction
from spider.text.i18n import tr

if TYPE_CHECKING:
    from spider.app.host import Host
    from spider.app.table.board import Board
    from spider.app.table.celebration import Celebration
    from spider.app.table.scene import TableScene


class Command(StrEnum):
    """What the player can ask of the table (bar buttons, keys, the menu)."""

    NEW = "new"
    RESTART = "restart"
    UNDO = "undo"
    REDO = "redo"
    DEAL = "deal"
    HINT = "hint"
    DEMO = "demo"
    MENU = "menu"
    HELP = "help"
    AUTO_PLACE = "auto-place"
    QUIT = "quit"


#: The commands disabled, by whether the game can undo and redo (one set each: the bar
#: asks every frame).
_DISABLED = {(undo, redo): frozenset(command for command, able in ((Command.UNDO, undo),
                                                                   (Command.REDO, redo))
                                     if not able)
             for undo in (False, True) for redo in (False, True)}


def disabled_buttons(game: Game) -> frozenset[Command]:
    """The commands that cannot act in ``game`` (Undo with nothing to undo, Redo likewise)."""
    return _DISABLED[game.can_undo, game.can_redo]


class TableController:
    """Plays the table's actions through the model and shows them (see the module docstring)."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        #: The game is won and its last cards still fly: the celebration starts when they land.
        self.win_pending = False
        self.celebration: Celebration | None = None

    @property
    def app(self) -> Host:
        return self.table.app

    @property
    def game(self) -> Game:
        return self.app.session.game

    @property
    def board(self) -> Board:
        return self.table.board

    # ------------------------------------------------------------- control
    def finish_animations(self) -> None:
        """End running animations at once (a new action is starting)."""
        self.board.finish()

    def interrupt(self) -> None:
        """Stop everything in progress: drags, animations, the celebration."""
        self.table.input.cancel()
        self.drop_celebration()
        self.win_pending = False

    def button_enabled(self, command: Command) -> bool:
        return command not in disabled_buttons(self.game)

    def run(self, command: Command) -> None:
        """Carry out a command from the bar or the keyboard."""
        commands = self.app.commands
        if command is Command.NEW:
            commands.open_dialog(DialogName.NEW_GAME)
        elif command is Command.RESTART:
            commands.ask_restart()
        elif command in (Command.UNDO, Command.REDO):
            self.perform(command)
        elif command is Command.DEAL:
            self.deal()
        elif command is Command.MENU:
            commands.open_dialog(DialogName.MENU)
        elif command is Command.HINT:
            self.table.hinting.press_hint()
        elif command is Command.DEMO:
            self.table.hinting.start_demo()
        elif command is Command.HELP:
            commands.open_dialog(DialogName.HELP)
        elif command is Command.AUTO_PLACE:
            self.toggle_auto_place()
        elif command is Command.QUIT:
            commands.confirm("confirm.quit", commands.quit)

    def copy_code(self) -> None:
        """Put the deal's code on the clipboard (its place in the bar was clicked, or
        Ctrl+C pressed), and say so."""
        code = str(self.app.session.code)
        key = "table.code-copied" if put_clipboard(code) else "newgame.no-clipboard"
        self.notify(tr(key, code=code))

    def toggle_auto_place(self) -> None:
        settings = self.app.settings
        self.app.apply_settings(settings.with_(auto_place=not settings.auto_place))
        self.notify(tr("table.auto-place-on" if self.app.settings.auto_place
                       else "table.auto-place-off"))

    # ---------------------------------------------------------------- play
    def perform(self, action: Action | Command, dropped: bool = False) -> bool:
        """Play a move, a deal, :attr:`Command.UNDO` or :attr:`Command.REDO` through the
        model and show it.

        ``dropped``: the cards were released by a drag where they now are.
        Returns whether the model accepted it (a refusal shows the rule).
        """
        if not dropped:
            self.interrupt()
        game = self.game
        try:
            if action == Command.UNDO:
                outcome, event = game.undo(), GameEvent.UNDO
            elif action == Command.REDO:
                outcome, event = game.redo(), GameEvent.REDO
            else:
                assert not isinstance(action, str)
                outcome = game.play(action)
                event = GameEvent.DEAL if action is DEAL else GameEvent.MOVE
        except IllegalAction as error:
            if dropped:
                self.board.drop_back()
            self.refuse(error)
            return False
        self.board.show(outcome, game, dropped=dropped)
        self.table.hinting.played(outcome)
        self.app.request_changes()  # the places the cards left and enter, and the bar
        self.app.on_game_event(event)
        if game.is_won and event is not GameEvent.UNDO:
            self.win_pending = True
            self.app.on_game_event(GameEvent.WON)
        return True

    def deal(self) -> None:
        if not self.perform(DEAL):
            self.board.shake()

    def refuse(self, error: IllegalAction) -> None:
        """The model said no: tell the player the rule (if reminders are on)."""
        self.app.play_sound(Sound.REFUSE)
        self.remind(error.explanation())

    def remind(self, message: str) -> None:
        if self.app.settings.rule_reminders:
            self.notify(message)

    def notify(self, message: str, seconds: float = 2.8) -> None:
        self.table.toast.show(message, seconds)

    # ---------------------------------------------------------- drag and drop
    def can_lift(self, column: int, index: int) -> bool:
        """Whether the cards from ``index`` on may move together; if not, say why."""
        try:
            self.game.check_group(column, len(self.game.columns[column]) - index)
        except IllegalAction as error:
            self.refuse(error)
            return False
        return True

    def start_drag(self, column: int, index: int) -> list[int]:
        """Lift the group; return the columns that would accept it."""
        self.board.lift(column, index)
        self.app.play_sound(Sound.PICKUP)
        return self.game.destinations(column, len(self.game.columns[column]) - index)

    def drag_to(self, corner: tuple[float, float]) -> None:
        self.board.drag_to(corner)
        self.app.request_changes()

    def drop(self, column: int, index: int, corner: tuple[float, float]) -> None:
        """The dragged group is released with its first card's corner at ``corner``.

        Over a column that takes it, it stays there. Anywhere else it glides back
        (over a column that refuses it, with the rule), unless auto-place is on: then
        it goes to the best column, as a double-click sends it, or glides back with
        the reminder when no column takes it. Over its own column it just goes back.
        """
        count = len(self.game.columns[column]) - index
        geometry = self.table.geometry
        card = Box(round(corner[0]), round(corner[1]), geometry.card_w, geometry.card_h)
        target = geometry.drop_column(card)
        if target is not None and target != column:
            move = Move(column, target, count)
            if self.game.is_legal(move) or not self.app.settings.auto_place:
                self.perform(move, dropped=True)  # refused: back, with the rule
                return
        if target != column and self.app.settings.auto_place:
            best = self.game.best_destination(column, count)
            if best is not None:
                self.perform(Move(column, best, count), dropped=True)
                return
            self.app.play_sound(Sound.REFUSE)
            self.remind(tr("table.nowhere"))
        self.cancel_drop()

    def cancel_drop(self) -> None:
        """The dragged group glides back to its column: nothing changes."""
        self.board.drop_back()

    def send_to_best(self, column: int, index: int) -> None:
        """Double-click: the group goes to the model's best destination."""
        if not self.can_lift(column, index):
            return
        count = len(self.game.columns[column]) - index
        target = self.game.best_destination(column, count)
        if target is None:
            self.app.play_sound(Sound.REFUSE)
            self.remind(tr("table.nowhere"))
            return
        self.perform(Move(column, target, count))

    # ------------------------------------------------------------------ win
    def update_win(self, dt: float) -> bool:
        """Start the celebration once the winning cards have landed; run it; show the
        win panel when it is due. True when the table is to be drawn whole."""
        started = self.win_pending and not self.board.moving
        if started:
            self._start_celebration()
        celebration = self.celebration
        if celebration is not None and not celebration.done:
            celebration.update(dt)
            self.app.request_changes()
            if celebration.panel_due:
                self.show_win_panel()
        return started

    def _start_celebration(self) -> None:
        self.win_pending = False
        self.table.renderer.stand_in.drop()  # the real picture, not a stretched one
        self.app.play_sound(Sound.WIN)
        if self.board.speed == 0 or self.app.settings.reduced_motion:  # no cascade
            self.app.commands.show_win()
            return
        self.celebration = self.table.renderer.start_celebration()

    def show_win_panel(self) -> None:
        if self.celebration is not None:
            self.celebration.panel_shown = True
        self.app.commands.show_win()

    def end_celebration(self) -> None:
        """Cut the celebration short (the window changed), showing the panel if not yet."""
        shown = self.celebration is not None and self.celebration.panel_shown
        self.drop_celebration()
        if not shown:
            self.app.commands.show_win()

    def drop_celebration(self) -> None:
        """No celebration (any more): the renderer takes its canvas back."""
        if self.celebration is not None:
            self.table.renderer.end_celebration(self.celebration)
        self.celebration = None
