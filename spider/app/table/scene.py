"""The table scene: the game a player sees and plays, on top of the rules model.

A thin scene that composes the table's parts and passes the loop's calls on:
:class:`~.input.TableInput` turns events into actions, :class:`~.controller.
TableController` plays them through the model (the board replays the Outcome it
reports, a refusal shows the rule it names), :class:`~.hinting.Hinting` runs
hints and the demo off the frame path, and :class:`~.renderer.TableRenderer`
draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from spider.app.scenes import Scene
from spider.app.table.board import Board
from spider.app.table.cardimages import CardImages
from spider.app.table.controller import Command, TableController
from spider.app.table.geometry import TableGeometry
from spider.app.table.hinting import Hinting
from spider.app.table.hud import TopBar
from spider.app.table.input import Dragging, TableInput
from spider.app.table.motion import SPEEDS
from spider.app.table.renderer import TableRenderer
from spider.app.table.toast import Toast
from spider.model.actions import DEAL, Action
from spider.model.game import Game
from spider.text.i18n import tr

if TYPE_CHECKING:
    from spider.app.host import Host
    from spider.app.table.celebration import Celebration


class TableScene(Scene):
    """The Spider table: columns, stock, completed runs, top bar and messages."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.toast = Toast()
        self.controller = TableController(self)
        self.input = TableInput(self)
        self.renderer = TableRenderer(self)
        self.hinting = Hinting(self)
        self._shown_second = -1
        self.geometry = self._make_geometry(app.size)
        self.board = Board(self.geometry)
        self.board.speed = SPEEDS.get(app.settings.animation_speed, 1.0)
        self.board.reduced_motion = app.settings.reduced_motion
        self.load(deal_in=not app.session.started)

    # ------------------------------------------------------------ the parts
    @property
    def game(self) -> Game:
        return self.app.session.game

    @property
    def images(self) -> CardImages:
        return self.renderer.images

    @property
    def bar(self) -> TopBar:
        return self.renderer.bar

    @property
    def dragging(self) -> Dragging | None:
        return self.input.dragging

    @property
    def celebration(self) -> Celebration | None:
        return self.controller.celebration

    @property
    def win_pending(self) -> bool:
        return self.controller.win_pending

    def perform(self, action: Action | Command, dropped: bool = False) -> bool:
        """Play an action through the model and show it (:meth:`TableController.perform`)."""
        return self.controller.perform(action, dropped)

    def finish_animations(self) -> None:
        self.controller.finish_animations()

    def interrupt(self) -> None:
        self.controller.interrupt()

    def notify(self, message: str, seconds: float = 2.8) -> None:
        self.controller.notify(message, seconds)

    # --------------------------------------------------------------- set-up
    def _make_geometry(self, size: tuple[int, int]) -> TableGeometry:
        game = self.app.session.game
        done, _ = game.history()
        deals = game.deals_left + sum(1 for action in done if action is DEAL)
        runs = game.removed + len(game.cards()) // 13
        return TableGeometry(size, len(game.columns), runs=max(1, runs), deals=max(1, deals))

    def load(self, deal_in: bool = True) -> None:
        """Show the session's game from scratch (a new deal, a restart, a loaded game)."""
        self.input.reset()
        self.controller.drop_celebration()
        self.controller.win_pending = False
        self.toast.clear()
        self._shown_second = int(self.app.session.elapsed)
        self.geometry = self.board.geometry = self._make_geometry(self.app.size)
        self.renderer.restyle()
        self.board.load(self.game, deal_in=deal_in)
        self.hinting.reset()
        self.renderer.want_pictures()

    def resize(self, size: tuple[int, int]) -> None:
        self.input.cancel()
        self.renderer.stand_in.keep()  # (see StandIn)
        self.geometry = self._make_geometry(size)
        later = self.renderer.stand_in.picture is not None
        self.renderer.restyle(later=later)
        self.board.set_geometry(self.geometry)
        self.renderer.want_pictures(later=later)
        if self.controller.celebration is not None:
            self.controller.end_celebration()

    def settings_changed(self) -> None:
        """Speed, colours or language changed: redraw what depends on them (a new
        cloth in spare time, the table as it was shown meanwhile, as after a resize)."""
        self.board.speed = SPEEDS.get(self.app.settings.animation_speed, 1.0)
        self.board.reduced_motion = self.app.settings.reduced_motion
        self.renderer.keep_stand_in_for_cloth()
        self.renderer.restyle(later=self.renderer.stand_in.picture is not None)
        self.hinting.settings_changed()

    def enter(self) -> None:
        """The table is on top again: after the win dialog, the cascade's trails go
        and the clean table shows."""
        celebration = self.controller.celebration
        if celebration is not None and celebration.panel_shown:
            self.controller.drop_celebration()
            self.app.request_redraw()

    def leave(self) -> None:
        """A dialog now covers the table: a held group goes back to its column
        (it must not hang under the dialog, nor follow the pointer after it).
        Hint work stops and the demo ends."""
        self.hinting.leave()
        self.input.release_hold()
        self.renderer.covered()

    # ---------------------------------------------------------------- state
    @property
    def animating(self) -> bool:
        controller, renderer = self.controller, self.renderer
        celebration = controller.celebration
        return (self.board.moving or self.toast.fading or controller.win_pending
                or (celebration is not None and not celebration.done)
                or renderer.stand_in.picture is not None or renderer.pending)

    def wake_in(self) -> float | None:
        """Seconds until the picture changes by itself (the clock, a message)."""
        times = [self.toast.wake_in(), self.hinting.wake_in(), self.input.keys.wake_in()]
        session = self.app.session
        if session.started and not self.game.is_won and self.app.ticking:
            times.append(1.0 - session.elapsed % 1.0)
        known = [t for t in times if t is not None]
        return min(known) if known else None

    # ------------------------------------------------------------------ loop
    def handle(self, event: pygame.event.Event) -> bool:
        if self.hinting.intercept(event):  # a key or click that stopped the demo
            return True
        celebration = self.controller.celebration
        if celebration is not None and not celebration.panel_shown and event.type in (
                pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.controller.show_win_panel()
            return True
        return self.input.handle(event)

    def update(self, dt: float) -> bool:
        # Asked every pass: at rest the board, the toast, the win and the keys' timers,
        # having nothing to do, are not called (the board's time then stands still:
        # what it starts next starts from where its time is).
        app, board, toast, controller, keys = (self.app, self.board, self.toast,
                                               self.controller, self.input.keys)
        moved = board.moving  # the step that lands the last card must be drawn too
        if moved:
            for cue in board.update(dt):
                app.play_sound(cue)
        changed = self.hinting.update(dt)
        if toast.message is not None and toast.update(dt):
            app.request_changes()  # the message's place alone (see the renderer)
        if controller.win_pending or controller.celebration is not None:
            changed = controller.update_win(dt) or changed
        if moved or board.moving:
            app.request_changes()  # the moving cards alone (see the renderer)
        if keys.pending is not None:
            changed = keys.update(dt) or changed
        second = int(app.session.elapsed)
        if second != self._shown_second and app.ticking:
            self._shown_second = second
            app.request_changes()  # the bar alone
        return changed

    def spare(self, until: float) -> bool:
        """Work that can wait, in the time left in the frame: the board checked against
        the model after an action, the renderer's pictures and, after a resize, the new
        still layer. Then background searches may start."""
        changed = self.board.check(self.game)
        changed = self.hinting.spare() or changed
        calm = (not self.board.moving and self.dragging is None
                and self.controller.celebration is None)
        return self.renderer.spare(until, calm) or changed

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface)

    @property
    def banner(self) -> str | None:
        """The message shown for as long as the demo plays (None: no banner)."""
        return tr("demo.banner") if self.hinting.demo else None

    def draw_changes(self, surface: pygame.Surface,
                     above: Sequence[Scene]) -> list[pygame.Rect] | None:
        return self.renderer.draw_changes(surface, above)
