"""Help → Example: a real game won step by step, with a word on the notable steps."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from spider.app.dialogs.base import Dialog
from spider.app.table.cardimages import CardImages
from spider.app.ui.focus import UiState
from spider.app.ui.textlayout import blit_text, line_height, wrap
from spider.app.ui.theme import DIM, GOLD, TEXT, WHITE, Style, draw_round
from spider.app.ui.widgets import Button, Row, Widget
from spider.model import example
from spider.model.actions import Deal, Move
from spider.model.cards import Card, Suit
from spider.model.dealcode import DealCode
from spider.model.game import Game
from spider.model.notation import Token, apply_token, game_from_code, parse_moves
from spider.text.i18n import format_number, tr

if TYPE_CHECKING:
    from spider.app.host import Host

#: Seconds between steps while the example plays by itself.
PLAY_STEP = 0.7
#: Lines kept for the comment under the status line.
NOTE_LINES = 2


class Replay:
    """The example game at any step: forwards by playing, backwards by undoing."""

    def __init__(self, code: str = example.CODE, line: str = example.LINE) -> None:
        self.tokens: list[Token] = parse_moves(line)
        self.game: Game = game_from_code(DealCode.parse(code))
        self.step = 0

    @property
    def total(self) -> int:
        return len(self.tokens)

    def go(self, step: int) -> None:
        """Show the position after ``step`` tokens (clamped to the line)."""
        step = max(0, min(self.total, step))
        while self.step < step:
            if self.game.can_redo:
                self.game.redo()
            else:
                apply_token(self.game, self.tokens[self.step])
            self.step += 1
        while self.step > step:
            self.game.undo()
            self.step -= 1

    def action(self) -> str:
        """What the last step did, in words ("" before the first)."""
        if self.step == 0:
            return tr("example.dealt")
        token = self.tokens[self.step - 1]
        if isinstance(token, Deal):
            return tr("example.deal")
        move = self.game.history()[0][-1]      # as played: its count resolved
        assert isinstance(move, Move) and move.count is not None
        return tr("example.move", count=move.count, source=move.source + 1,
                  target=move.target + 1)

    def moved(self) -> tuple[int, int] | None:
        """The column the last step moved cards onto and how many, while they lie there."""
        if self.step == 0 or example.NOTES.get(self.step) in ("run", "won"):
            return None
        action = self.game.history()[0][-1]
        if not isinstance(action, Move) or action.count is None:
            return None
        return action.target, action.count

    def note(self) -> str:
        """The comment on this step, or ""."""
        kind = example.NOTES.get(self.step)
        if kind is None:
            return ""
        return tr(f"example.note.{kind}", moves=self.game.moves, score=self.game.score)


class ExampleScene(Dialog):
    """The worked example: Previous, Play/Pause and Next walk through a won game."""

    min_width = 40.0

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.replay = Replay()
        self._previous = self._next = Button("", self.next)   # made again in ``footer``
        self.playing = False
        self._wait = 0.0

    def title(self) -> str:
        return tr("example.title")

    def body(self) -> Widget:
        return ExampleView(self)

    def footer(self) -> Widget:
        play = tr("example.pause") if self.playing else tr("example.play")
        self._previous = Button(tr("example.previous"), self.previous)
        self._next = Button(tr("example.next"), self.next, "primary")
        self._enable()
        return Row([Row([self._previous, Button(play, self.toggle_play, min_width=7),
                         self._next]),
                    Button(tr("dialog.close"), self.close)], align="spread")

    def _enable(self) -> None:
        """Previous only after the start, Next only before the end."""
        self._previous.enabled = self.replay.step > 0
        self._next.enabled = self.replay.step < self.replay.total

    def default(self) -> None:
        self.next()

    # ------------------------------------------------------------- steps
    def go(self, step: int) -> None:
        self.replay.go(step)
        if self.replay.step >= self.replay.total and self.playing:
            self.toggle_play()
        self._enable()
        self.app.request_redraw()

    def next(self) -> None:
        self.go(self.replay.step + 1)

    def previous(self) -> None:
        if self.playing:
            self.toggle_play()
        self.go(self.replay.step - 1)

    def toggle_play(self) -> None:
        """Play the steps one after another, or stop; at the end, play from the start."""
        self.playing = not self.playing
        self._wait = PLAY_STEP
        if self.playing and self.replay.step >= self.replay.total:
            self.replay.go(0)
        self.invalidate()

    def wake_in(self) -> float | None:
        return max(0.0, self._wait) if self.playing else None

    def update(self, dt: float) -> bool:
        if not self.playing:
            return False
        self._wait -= dt
        if self._wait <= 0:
            self._wait = PLAY_STEP
            self.next()
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_RIGHT: self.next, pygame.K_LEFT: self.previous,
                    pygame.K_HOME: lambda: self.go(0),
                    pygame.K_END: lambda: self.go(self.replay.total)}
            if event.key in keys:
                keys[event.key]()
                return False
        return super().handle(event)


class ExampleView(Widget):
    """The status lines (step, score, moves, what happened, the comment) over the table."""

    def __init__(self, scene: ExampleScene) -> None:
        super().__init__()
        self.scene = scene
        self._images: CardImages | None = None

    def measure(self, style: Style) -> tuple[int, int]:
        return round(style.fs * 40), round(style.fs * 24)

    def _status(self, style: Style) -> tuple[str, str]:
        replay = self.scene.replay
        game = replay.game
        left = tr("example.step", step=replay.step, total=replay.total)
        right = tr("example.figures", score=format_number(game.score),
                   moves=format_number(game.moves))
        return left, right

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        replay = self.scene.replay
        rect = self.rect
        lh = line_height(style.fs)
        left, right = self._status(style)
        blit_text(surface, left, style.fs, WHITE, True, topleft=rect.topleft)
        blit_text(surface, right, style.fs, WHITE, True, topright=(rect.right, rect.y))
        y = rect.y + lh
        blit_text(surface, replay.action(), style.fs, TEXT, topleft=(rect.x, y))
        y += lh
        for line in wrap(replay.note(), style.fs, rect.w)[:NOTE_LINES]:
            blit_text(surface, line, style.fs, GOLD, topleft=(rect.x, y))
            y += lh
        top = rect.y + lh * (2 + NOTE_LINES) + style.gap
        self._draw_table(surface, pygame.Rect(rect.x, top, rect.w, rect.bottom - top), style)

    def _draw_table(self, surface: pygame.Surface, area: pygame.Rect, style: Style) -> None:
        game = self.scene.replay.game
        columns = len(game.columns)
        gap = max(2, style.gap // 2)
        cw = min((area.w - gap * (columns - 1)) // columns, round(area.h * 0.2))
        cw = max(10, cw - cw % 5)    # 5 × 7 units: the art rasterises at exactly this size
        ch = cw * 7 // 5
        if self._images is None or self._images.size != (cw, ch):
            self._images = CardImages((cw, ch))
        images = self._images
        draw_round(surface, area, (0, 0, 0, 40), style.radius)
        inner = area.inflate(-gap * 2, -gap * 2)
        x0 = inner.x + (inner.w - (cw * columns + gap * (columns - 1))) // 2
        bottom = inner.bottom - ch - gap       # room for the stock and the runs below
        moved = self.scene.replay.moved()
        for number, column in enumerate(game.columns):
            x = x0 + number * (cw + gap)
            if not column:
                draw_round(surface, pygame.Rect(x, inner.y, cw, ch), None, images.radius,
                           (255, 255, 255, 60), style.line)
                continue
            room = bottom - inner.y - ch
            down, up = round(ch * 0.1), round(ch * 0.26)
            need = sum(up if slot.face_up else down for slot in column[:-1])
            squeeze = min(1.0, room / need) if need else 1.0
            y = float(inner.y)
            tops = []
            for slot in column:
                tops.append(round(y))
                surface.blit(images.image(slot.card, slot.face_up), (x, round(y)))
                y += (up if slot.face_up else down) * squeeze
            if moved is not None and moved[0] == number and moved[1] <= len(column):
                top = tops[-moved[1]]
                draw_round(surface, pygame.Rect(x, top, cw, tops[-1] + ch - top), None,
                           images.radius, (*GOLD, 255), max(2, style.line * 2))
        base = inner.bottom - ch
        step = max(2, cw // 6)
        for index, suit in enumerate(game.runs):
            card = Card(13, suit if suit is not None else Suit.SPADES)
            surface.blit(images.face(card), (x0 + index * step, base))
        deals = game.deals_left
        right = x0 + cw * columns + gap * (columns - 1) - cw
        for index in range(deals):
            surface.blit(images.back(), (right - index * step, base))
        if deals:
            label = format_number(deals)
            blit_text(surface, label, style.small, DIM,
                      midright=(right - (deals - 1) * step - gap, base + ch // 2))
