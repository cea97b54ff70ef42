"""The table scene: the game a player sees and plays, on top of the rules model.

The scene asks the model for every decision (what may move, where it may go,
what a move does) and only shows the answers: sprites move by replaying the
Outcome the model reports, refusals show the rule the model named.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from spider.app.scenes import Scene
from spider.app.table.board import SPEEDS, Board
from spider.app.table.cardimages import ALL_PICTURES, CardImages
from spider.app.table.celebration import Celebration
from spider.app.table.felt import render_felt
from spider.app.table.geometry import Box, TableGeometry
from spider.app.table.hinting import Hinting
from spider.app.table.hud import Banner, Toast, TopBar
from spider.app.table.input import Dragging, Idle, InputState, dispatch
from spider.app.table.sprites import CardSprite
from spider.model.cards import Card
from spider.model.game import DEAL, Action, Game, IllegalAction, Move
from spider.text.i18n import tr

if TYPE_CHECKING:
    from spider.app.loop import App

HIGHLIGHT = (255, 214, 92)
SLOT_LINE = (255, 255, 255, 46)
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP)


class TableScene(Scene):
    """The Spider table: columns, stock, completed runs, top bar and messages."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.input: InputState = Idle()
        self.toast = Toast()
        self._banner = Banner()
        self.hinting = Hinting(self)
        self.hovered: str | None = None
        self._hand = False
        self.celebration: Celebration | None = None
        self.win_pending = False
        self._shown_second = -1
        self._background_key: tuple[object, ...] | None = None
        self.background: pygame.Surface | None = None
        self._still: pygame.Surface | None = None
        #: After a resize, the last still layer (at the old size) shown scaled until
        #: the new one can be drawn in one frame (see :meth:`_prepare_after_resize`).
        self._interim: pygame.Surface | None = None
        #: The bar's layout (None just after a resize, until needed) and, meanwhile,
        #: the one drawn stretched while the table is prepared.
        self._bar: TopBar | None = None
        self._old_bar: TopBar | None = None
        self._backdrop_seconds = 0.0  # how long the static layer took to draw
        #: The resting cards the still layer shows (None: it must be drawn whole).
        self._still_key: list[_Resting] | None = None
        self._still_base: tuple[object, ...] = ()
        # Kept between resizes (a 4K allocation page-faults for tens of ms).
        self._background_buffer, self._still_buffer = _Buffer(), _Buffer()
        self.geometry = self._make_geometry(app.size)
        self.board = Board(self.geometry)
        self.board.speed = SPEEDS.get(app.settings.animation_speed, 1.0)
        self.load(deal_in=not app.session.started)

    # --------------------------------------------------------------- set-up
    @property
    def game(self) -> Game:
        return self.app.session.game

    def _make_geometry(self, size: tuple[int, int]) -> TableGeometry:
        game = self.app.session.game
        done, _ = game.history()
        deals = game.deals_left + sum(1 for action in done if action is DEAL)
        runs = game.removed + len(game.cards()) // 13
        return TableGeometry(size, len(game.columns), runs=max(1, runs), deals=max(1, deals))

    def _restyle(self, later: bool = False) -> None:
        """Rebuild everything drawn from the geometry and the settings (``later``: the
        static layer is drawn in spare time, see :meth:`_prepare_after_resize`)."""
        if not later:
            self._interim = None
        g = self.geometry
        card_size, four = (g.card_w, g.card_h), self.app.settings.four_colour
        images = getattr(self, "images", None)
        if images is None or images.size != card_size or images.four_colour != four:
            # A new size: the old pictures stand in while the new ones are made
            # between frames (see update), so the resize does not stall a frame.
            self.images = CardImages(card_size, four, previous=images)
        if later:  # the bar is laid out again in spare time (fonts at a new size)
            self._old_bar, self._bar = self._bar or self._old_bar, None
        else:
            self._bar, self._old_bar = TopBar(g, hint=self.app.settings.hints), None
        # The static layer depends only on where things are: a new game or new
        # settings in the same window keep it (a 4K one takes tens of ms to draw).
        key = (g.size, g.columns, g.column_slot(0), g.run_slot(0), g.stock_pile(0, 1))
        if key != self._background_key or self.background is None:
            if self.background is not None and self.background.get_size() != g.size:
                self._still = None  # let go before a bigger one is made
            self.background, self._background_key = None, key
            if not later:
                self._backdrop()
        self._still_key = None  # the resting cards are drawn again (into the same buffer)

    @property
    def bar(self) -> TopBar:
        """The bar's layout for the window (after a resize: made when first needed)."""
        if self._bar is None:
            self._bar = TopBar(self.geometry, hint=self.app.settings.hints)
        return self._bar

    def _render_background(self, into: pygame.Surface | None = None) -> pygame.Surface:
        """The static layer: felt, bar backdrop and the outlines of empty places
        (drawn into ``into`` when it has the right size)."""
        g = self.geometry
        surface = render_felt(g.size, into=into)
        self.bar.draw_backdrop(surface)
        slot = self.images.outline(SLOT_LINE, max(1, g.card_w // 50))
        for column in range(g.columns):
            surface.blit(slot, g.column_slot(column)[:2])
        surface.blit(slot, g.run_slot(0))
        surface.blit(slot, g.stock_pile(0, 1))
        return surface

    def load(self, deal_in: bool = True) -> None:
        """Show the session's game from scratch (a new deal, a restart, a loaded game)."""
        self.input = Idle()
        self._drop_celebration()
        self.win_pending = False
        self.toast.clear()
        self._shown_second = int(self.app.session.elapsed)
        self.geometry = self.board.geometry = self._make_geometry(self.app.size)
        self._restyle()
        self.board.load(self.game, deal_in=deal_in)
        self.hinting.reset()
        self._want_pictures()
        self.app.request_redraw()

    def resize(self, size: tuple[int, int]) -> None:
        self._cancel_input()
        if self._interim is None and self._still is not None and self._still_key is not None:
            # The last picture of the resting cards stands in, scaled, while the new
            # static layer and the cards' pictures are made between frames: a resize
            # costs a frame little more than drawing it does.
            self._interim = self._still
        self.geometry = self._make_geometry(size)
        self._restyle(later=self._interim is not None)
        self.board.set_geometry(self.geometry)
        self._want_pictures()
        if self.celebration is not None:
            self._end_celebration()
        self.app.request_redraw()

    def _want_pictures(self) -> None:
        """Have the pictures of the cards in play made soon (between frames), then the
        rest of the set: a face turned up for the first time (dealt, uncovered) must
        not be rasterised in the middle of its animation."""
        self.images.want([None, *(sprite.card for sprite in self.board.sprites()
                                  if sprite.face_up), *ALL_PICTURES])

    def settings_changed(self) -> None:
        """Speed, colours or language changed: redraw what depends on them."""
        self.board.speed = SPEEDS.get(self.app.settings.animation_speed, 1.0)
        self._restyle()
        self.hinting.settings_changed()
        self.app.request_redraw()

    # ---------------------------------------------------------------- state
    @property
    def animating(self) -> bool:
        return (self.board.moving or self.toast.fading or self.win_pending
                or (self.celebration is not None and not self.celebration.done)
                or self.images.pending)

    def wake_in(self) -> float | None:
        """Seconds until the picture changes by itself (the clock, a message)."""
        times = [self.toast.wake_in(), self.hinting.wake_in()]
        session = self.app.session
        if session.started and not self.game.is_won:
            times.append(1.0 - session.elapsed % 1.0)
        times = [t for t in times if t is not None]
        return min(times) if times else None

    @property
    def drag_threshold(self) -> int:
        return max(3, round(self.geometry.card_w * 0.04))

    @property
    def dragging(self) -> Dragging | None:
        return self.input if isinstance(self.input, Dragging) else None

    # ------------------------------------------------------------- hit tests
    def card_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        return self.geometry.card_at(pos, self.board.column_ys())

    def stock_hit(self, pos: tuple[int, int]) -> bool:
        box = self.geometry.stock_box(self.game.deals_left)
        return box is not None and box.contains(pos)

    def button_enabled(self, action: str) -> bool:
        return {"undo": self.game.can_undo, "redo": self.game.can_redo}.get(action, True)

    # --------------------------------------------------------------- actions
    def finish_animations(self) -> None:
        """End running animations at once (a new action is starting)."""
        self.board.finish()
        self.app.request_redraw()

    def _cancel_input(self) -> None:
        self.input.cancel(self)
        self.input = Idle()
        self.board.finish()

    def leave(self) -> None:
        """A dialog now covers the table: a held group goes back to its column
        (it must not hang under the dialog, nor follow the pointer after it).
        Hint work stops and the demo ends."""
        self.hinting.leave()
        if not isinstance(self.input, Idle):
            self.input.cancel(self)
            self.input = Idle()
            self.app.request_redraw()

    def interrupt(self) -> None:
        """Stop everything in progress: drags, animations, the celebration."""
        self._cancel_input()
        self._drop_celebration()
        self.win_pending = False
        self.app.request_redraw()

    def perform(self, action: Action | str, dropped: bool = False) -> bool:
        """Play a move, a deal, ``"undo"`` or ``"redo"`` through the model and show it.

        ``dropped``: the cards were released by a drag where they now are.
        Returns whether the model accepted it (a refusal shows the rule).
        """
        if not dropped:
            self.interrupt()
        game = self.game
        try:
            if action == "undo":
                outcome, kind = game.undo(), "undo"
            elif action == "redo":
                outcome, kind = game.redo(), "redo"
            else:
                assert not isinstance(action, str)
                outcome = game.play(action)
                kind = "deal" if action is DEAL else "move"
        except IllegalAction as error:
            if dropped:
                self.board.drop_back()
            self.refuse(error)
            return False
        self.board.show(outcome, game, dropped=dropped)
        self.hinting.played(outcome)
        self.app.request_redraw()
        self.app.on_game_event(kind)
        if game.is_won and kind != "undo":
            self.win_pending = True
            self.app.on_game_event("won")
        return True

    def deal(self) -> None:
        if not self.perform(DEAL):
            self.board.shake()

    def refuse(self, error: IllegalAction) -> None:
        """The model said no: tell the player the rule (if reminders are on)."""
        self.app.play_sound("refuse")
        self.remind(error.explanation())

    def remind(self, message: str) -> None:
        if self.app.settings.rule_reminders:
            self.notify(message)

    def notify(self, message: str, seconds: float = 2.8) -> None:
        self.toast.show(message, seconds)
        self.app.request_redraw()

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
        self.app.play_sound("pickup")
        return self.game.destinations(column, len(self.game.columns[column]) - index)

    def drag_to(self, corner: tuple[float, float]) -> None:
        self.board.drag_to(corner)
        self.app.request_redraw()

    def drop(self, column: int, index: int, corner: tuple[float, float]) -> None:
        """The dragged group is released with its first card's corner at ``corner``."""
        count = len(self.game.columns[column]) - index
        target = None
        if self.app.settings.auto_place:
            target = self.game.best_destination(column, count)
        if target is None:
            card = Box(round(corner[0]), round(corner[1]), self.geometry.card_w,
                       self.geometry.card_h)
            target = self.geometry.drop_column(card)
        if target is None or target == column:
            self.board.drop_back()
            self.app.request_redraw()
            return
        self.perform(Move(column, target, count), dropped=True)

    def send_to_best(self, column: int, index: int) -> None:
        """Double-click: the group goes to the model's best destination."""
        if not self.can_lift(column, index):
            return
        count = len(self.game.columns[column]) - index
        target = self.game.best_destination(column, count)
        if target is None:
            self.app.play_sound("refuse")
            self.remind(tr("table.nowhere"))
            return
        self.perform(Move(column, target, count))

    def press_button(self, action: str) -> None:
        app = self.app
        if action == "new":
            app.open_new_game_dialog()
        elif action == "restart":
            app.ask_restart()
        elif action in ("undo", "redo"):
            self.perform(action)
        elif action == "menu":
            app.open_menu()
        elif action == "hint":
            self.hinting.press_hint()

    def toggle_auto_place(self) -> None:
        settings = self.app.settings
        self.app.apply_settings(settings.with_(auto_place=not settings.auto_place))
        self.notify(tr("table.auto-place-on" if self.app.settings.auto_place
                       else "table.auto-place-off"))

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> None:
        if self.hinting.intercept(event):  # a key or click that stopped the demo
            return
        if self.celebration is not None and not self.celebration.panel_shown and event.type in (
                pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self._show_win_panel()
            return
        if event.type in MOUSE_EVENTS:
            self.input = dispatch(self.input, self, event)
            if event.type == pygame.MOUSEMOTION:
                self._hover(event.pos)
            else:
                self.app.request_redraw()
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self._cancel_input()
            self.app.request_redraw()

    def _hover(self, pos: tuple[int, int]) -> None:
        """Light the button under the pointer; a hand over what can be clicked."""
        idle = isinstance(self.input, Idle)
        hovered = self.bar.button_at(pos) if idle else None
        if hovered != self.hovered:
            self.hovered = hovered
            self.app.request_redraw()
        hand = idle and ((hovered is not None and self.button_enabled(hovered))
                         or self.stock_hit(pos))
        if hand != self._hand:
            self._hand = hand
            with contextlib.suppress(pygame.error):
                pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if hand
                                        else pygame.SYSTEM_CURSOR_ARROW)

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        alt = bool(event.mod & pygame.KMOD_ALT)
        key = event.key
        if ctrl and key == pygame.K_z:
            self.perform("redo" if shift else "undo")
        elif ctrl and key == pygame.K_y:
            self.perform("redo")
        elif ctrl or alt:
            return
        elif key == pygame.K_d:
            self.deal()
        elif key == pygame.K_n:
            self.interrupt()
            self.app.open_new_game_dialog()
        elif key == pygame.K_a:
            self.toggle_auto_place()
        elif key == pygame.K_h:
            self.hinting.key(shift)
        elif key == pygame.K_F1:
            self.app.open_help()
        elif key == pygame.K_ESCAPE:
            if self.dragging is not None:
                self._cancel_input()
                self.app.request_redraw()
            else:
                self.app.confirm("table.confirm-quit", self.app.quit)

    # ---------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        moved = self.board.moving  # the step that lands the last card must be drawn too
        for cue in self.board.update(dt):
            self.app.play_sound(cue)
        self.hinting.update(dt)
        if moved or self.board.moving:
            self.app.request_redraw()
        if self.toast.update(dt):
            self.app.request_redraw()
        if self.win_pending and not self.board.moving:
            self._start_celebration()
        if self.celebration is not None and not self.celebration.done:
            self.celebration.update(dt)
            self.app.request_changes()
            if self.celebration.panel_due:
                self._show_win_panel()
        second = int(self.app.session.elapsed)
        if second != self._shown_second:
            self._shown_second = second
            self.app.request_redraw()

    def spare(self, until: float) -> None:
        """Work that can wait, in the time left in the frame: just after a resize what
        the resized table needs to be drawn (see :meth:`_prepare_after_resize`), then
        card pictures still wanted; at least one step per frame when nothing moves
        (the resting cards are then drawn again here, not in the next frame). Then
        background searches may start."""
        self.hinting.spare()
        calm = not self.board.moving and self.dragging is None and self.celebration is None
        if self._interim is not None:
            self._prepare_after_resize(until, calm)
        elif self.images.pending and self.images.work(until, stop=pygame.event.peek,
                                                      at_least_one=calm):
            if calm:
                self._still_layer(self.board.layers()[0])
            self.app.request_redraw()

    def _prepare_after_resize(self, until: float, calm: bool) -> None:
        """One step towards drawing the resized table in an ordinary frame: the static
        layer (when it fits in the time left, or nothing moves), then a picture for
        every card in view (the last size's, scaled). Then the table is drawn again."""
        if self.background is None:
            if calm or time.perf_counter() + self._backdrop_seconds <= until:
                self._backdrop()
            return
        resting, _, _ = self.board.layers()
        shown = dict.fromkeys(sprite.card if sprite.shown_up else None
                              for sprite in _uncovered(resting))
        if not self.images.make_shown(shown, until):
            return
        if self._old_bar is not None:  # the bar's words at their new size
            self._old_bar = None
            g = self.geometry
            self._draw_bar(pygame.Surface((g.bar.w, g.bar.h), pygame.SRCALPHA), self.bar)
            return
        if calm or time.perf_counter() + self._backdrop_seconds <= until:
            self._still_layer(resting)
            self._interim = None
            self.app.request_redraw()

    def _start_celebration(self) -> None:
        self.win_pending, self._interim = False, None
        self.app.play_sound("win")
        if self.board.speed == 0:
            self.app.show_win()
            return
        piles = [[(self.images.face(sprite.card), _whole(sprite.target)) for sprite in run]
                 for run in self.board.runs]
        # The cascade draws into the still layer's buffer, and the static layer is
        # let go until the table is drawn again (a 4K picture is 33 MB: the win
        # dialog over the cascade needs the room).
        canvas, self._still, self._still_key = self._still, None, None
        self.celebration = Celebration(self._backdrop(), piles, canvas=canvas,
                                       top=self.geometry.bar.bottom)
        self.background = None
        self._background_buffer.release()
        self.app.request_redraw()

    def _show_win_panel(self) -> None:
        if self.celebration is not None:
            self.celebration.panel_shown = True
        self.app.show_win()

    def _end_celebration(self) -> None:
        shown = self.celebration is not None and self.celebration.panel_shown
        self._drop_celebration()
        if not shown:
            self.app.show_win()

    def _drop_celebration(self) -> None:
        """No celebration (any more): its canvas is the still layer's buffer again."""
        if self.celebration is not None and self._still is None:
            canvas = self.celebration.buffer
            if canvas.get_size() == self.geometry.size:
                self._still, self._still_key = canvas, None
        self.celebration = None

    def _backdrop(self) -> pygame.Surface:
        """The static layer (drawn now if it was let go during a celebration or is not
        drawn yet after a resize)."""
        if self.background is None:
            start = time.perf_counter()
            self.background = self._render_background(
                self._background_buffer.get(self.geometry.size))
            self._backdrop_seconds = time.perf_counter() - start
        return self.background

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        if self.celebration is not None:
            self.celebration.draw(surface)
        else:
            self._draw_cards(surface)
            self.hinting.draw(surface)
        if self._interim is not None and self._old_bar is not None:
            self._draw_old_bar(surface)
        else:
            self._draw_bar(surface, self.bar)
        if self.banner is not None and not self.toast.visible:
            self._banner.draw(surface, self.geometry, self.banner)
        self.toast.draw(surface, self.geometry)

    @property
    def banner(self) -> str | None:
        """The message shown for as long as the demo plays (None: no banner)."""
        return tr("demo.banner") if self.hinting.demo else None

    def _draw_bar(self, surface: pygame.Surface, bar: TopBar) -> None:
        session, game = self.app.session, self.game
        disabled = {action for action in ("undo", "redo") if not self.button_enabled(action)}
        pressed = getattr(self.input, "action", None)
        bar.draw(surface, hovered=self.hovered, pressed=pressed, disabled=disabled,
                 score=game.score, moves=game.moves, seconds=session.elapsed,
                 code=str(session.code),
                 busy=frozenset(("hint",)) if self.hinting.thinking else frozenset(),
                 note=self.hinting.status, note_faded=self.hinting.rechecking)

    def _draw_old_bar(self, surface: pygame.Surface) -> None:
        """Just after a resize: the bar as it was, stretched like the table under it
        (its words at the new size are made between frames)."""
        old, new = self._old_bar, self.geometry.bar
        assert old is not None
        strip = pygame.Surface((old.geometry.bar.w, old.geometry.bar.h), pygame.SRCALPHA)
        self._draw_bar(strip, old)
        surface.blit(pygame.transform.scale(strip, (new.w, new.h)), (new.x, new.y))

    def draw_changes(self, surface: pygame.Surface, above: Sequence[Scene]) -> bool:
        """The cascade alone moves: only its new steps are drawn (also under a dialog
        that covers it simply), not the whole window (33 MB at 4K)."""
        covers = [scene.cover() for scene in above]
        if (self.celebration is None or self.toast.visible or self.banner is not None
                or len(covers) > 1 or None in covers):
            return False
        return self.celebration.draw_changes(surface, covers[0] if covers else None)

    def _draw_cards(self, surface: pygame.Surface) -> None:
        resting, flying, dragged = self.board.layers()
        shake = self.board.stock_shake()
        if self._interim is not None and (flying or dragged or shake):
            self._interim = self._old_bar = None  # play goes on: the real picture, now
        if self._interim is not None:
            _scaled(self._interim, surface)
        elif shake:
            shaking = {id(sprite) for sprite in self.board.stock}
            surface.blit(self._backdrop(), (0, 0))
            for sprite in resting:
                self._blit(surface, sprite, shake if id(sprite) in shaking else 0.0)
        else:
            surface.blit(self._still_layer(resting), (0, 0))
        drag = self.dragging
        if drag is not None and self.app.settings.placement_help:
            self._draw_highlights(surface, drag.accepting)
        for sprite in flying:
            if sprite.pos != sprite.target and sprite.first_start <= self.board.time:
                self._draw_shadow(surface, [sprite], lifted=0.5)
            self._blit(surface, sprite)
        if dragged:
            self._draw_shadow(surface, dragged)
            for sprite in dragged:
                self._blit(surface, sprite)

    def _still_layer(self, resting: list[CardSprite]) -> pygame.Surface:
        """The background with every resting card, kept between frames: when cards
        start or stop moving only the places they leave or land on are drawn again
        (while cards fly or a group is dragged, the rest is one blit)."""
        key = [(id(sprite), sprite.card, sprite.pos, sprite.shown_up) for sprite in resting]
        base = (id(self.images), self.images.generation, self.geometry.size)
        still = self._still
        if still is not None and base == self._still_base and key == self._still_key:
            return still
        backdrop = self._backdrop()
        if still is None or still.get_size() != backdrop.get_size():
            self._still = None
            still = self._still = self._still_buffer.get(backdrop.get_size())
            self._still_key = None
        regions = (self._changed_regions(self._still_key, key)
                   if base == self._still_base and self._still_key is not None else None)
        top = _uncovered(resting)
        if regions is None:
            still.blit(backdrop, (0, 0))
            for sprite in resting:
                if sprite in top:
                    self._blit(still, sprite)
        else:
            w, h = self.geometry.card_w, self.geometry.card_h
            for region in regions:
                still.set_clip(region)
                still.blit(backdrop, region.topleft, region)
                for sprite in resting:
                    x, y = sprite.pos
                    if (sprite in top and x < region.right and y < region.bottom
                            and x + w > region.left and y + h > region.top):
                        self._blit(still, sprite)
            still.set_clip(None)
        self._still_key, self._still_base = key, base
        return still

    def _changed_regions(self, old: list[_Resting],
                         new: list[_Resting]) -> list[pygame.Rect] | None:
        """The places on the still layer that differ between two sets of resting cards
        (merged where they touch), or None when drawing it whole is simpler."""
        changed = set(old).symmetric_difference(new)
        if not changed:  # the same cards in another order: the piles may differ
            return None
        g = self.geometry
        rects: list[pygame.Rect] = []
        for _, _, (x, y), _ in changed:
            rect = pygame.Rect(round(x) - 1, round(y) - 1, g.card_w + 2, g.card_h + 2)
            # Merge with every region it touches (regions never overlap each other).
            while (hit := rect.collidelist(rects)) >= 0:
                rect.union_ip(rects.pop(hit))
            rects.append(rect)
        screen = pygame.Rect((0, 0), g.size)
        rects = [rect.clip(screen) for rect in rects]
        if sum(rect.w * rect.h for rect in rects) * 2 > g.size[0] * g.size[1]:
            return None
        return [rect for rect in rects if rect.w and rect.h]

    def _blit(self, surface: pygame.Surface, sprite: CardSprite, dx: float = 0.0) -> None:
        image = self.images.image(sprite.card, sprite.shown_up, sprite.squash)
        x, y = sprite.pos
        x += dx + (self.geometry.card_w - image.get_width()) / 2
        surface.blit(image, (round(x), round(y)))

    def _draw_highlights(self, surface: pygame.Surface, columns: list[int]) -> None:
        g = self.geometry
        glow = self.images.outline((*HIGHLIGHT, 235), max(2, g.card_w // 36),
                                   fill=(*HIGHLIGHT, 46))
        for column in columns:
            cards = self.board.columns[column]
            place = _whole(cards[-1].target) if cards else g.column_slot(column)[:2]
            surface.blit(glow, place)

    def _draw_shadow(self, surface: pygame.Surface, group: list[CardSprite],
                     lifted: float = 1.0) -> None:
        """A soft shadow under a lifted group, ``lifted`` high (1: held in the hand)."""
        first, last = group[0], group[-1]
        card_w = self.geometry.card_w
        height = round(last.pos[1] - first.pos[1]) + self.geometry.card_h
        width = max(1, round(card_w * first.squash))
        shadow, spread = self.images.shadow((card_w, height))  # the flat one, kept
        offset = max(1, round(card_w / 22 * lifted))
        x = round(first.pos[0] + (card_w - width) / 2) - spread + offset
        y = round(first.pos[1]) - spread + offset * 2
        if width >= card_w:
            surface.blit(shadow, (x, y))
            return
        # A card turning over: the flat shadow's two ends, closer together, with its
        # even middle between them (no narrowed copy made for every width).
        full, tall = shadow.get_size()
        total = width + 2 * spread
        end = min(2 * spread + self.images.radius, total // 2)
        surface.blit(shadow, (x, y), (0, 0, end, tall))
        surface.blit(shadow, (x + total - end, y), (full - end, 0, end, tall))
        if total > 2 * end:
            surface.blit(shadow, (x + end, y), (end, 0, total - 2 * end, tall))


#: A resting card as the still layer shows it: sprite id, card, place, face shown.
_Resting = tuple[int, Card, tuple[float, float], bool]


def _uncovered(resting: list[CardSprite]) -> set[CardSprite]:
    """The resting cards not hidden under another at exactly the same place (piles)."""
    return set({sprite.pos: sprite for sprite in resting}.values())


def _scaled(picture: pygame.Surface, into: pygame.Surface) -> None:
    """``picture`` stretched over all of ``into`` (quickly: nearest pixel)."""
    try:
        pygame.transform.scale(picture, into.get_size(), into)
    except ValueError:  # another pixel format
        into.blit(pygame.transform.scale(picture, into.get_size()), (0, 0))


def _whole(point: tuple[float, float]) -> tuple[int, int]:
    return round(point[0]), round(point[1])


class _Buffer:
    """A window-sized picture kept between resizes: the biggest one made so far,
    used through a part of it the size of the window (no new allocation, and no
    page faults filling it, unless the window grows past it)."""

    def __init__(self) -> None:
        self._base: pygame.Surface | None = None

    def get(self, size: tuple[int, int]) -> pygame.Surface:
        base = self._base
        if base is None or base.get_width() < size[0] or base.get_height() < size[1]:
            self._base = base = None  # let the old one go first
            screen = pygame.display.get_surface()
            base = self._base = (pygame.Surface(size, 0, screen) if screen is not None
                                 else pygame.Surface(size))
        return base if base.get_size() == size else base.subsurface((0, 0, *size))

    def release(self) -> None:
        """Let the memory go (pictures taken from it keep it until they go too)."""
        self._base = None
