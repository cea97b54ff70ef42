"""How the board's cards move: the durations, the glides an event's cards make
(staggered, each after whatever the card already does), the sound each motion
cues, and the stock's shake.

:class:`Motion` is the board's clock and pace (its time, the speed setting, reduced
motion) with the steps it queues on sprites; :class:`~spider.app.table.board.Board`
builds on it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from spider.app.sound import Sound
from spider.app.table.geometry import TableGeometry
from spider.app.table.sprites import FLIGHT, SETTLE, CardSprite, Easing, Step
from spider.model.values import value

#: Animation speed setting → factor on every duration (0: no animation).
SPEEDS = {"normal": 1.0, "fast": 0.45, "off": 0.0}
#: With reduced motion no card moves for longer than this (seconds at normal speed).
SHORT_SLIDE = 0.12


@value
class Timing:
    """Durations in seconds at normal speed."""

    drop: float = 0.16        # a released group settling into its column
    move: float = 0.28        # a group flying between columns
    group_gap: float = 0.02   # stagger between the cards of a flying group
    deal: float = 0.3         # one dealt card's flight
    deal_gap: float = 0.055   # between dealt cards
    deal_in_gap: float = 0.018  # between cards of a new game's first deal
    flip: float = 0.18
    run: float = 0.32         # one card of a completed run flying off
    run_gap: float = 0.045
    glide_back: float = 0.22  # a refused group returning
    shake: float = 0.4        # the stock refusing to deal


TIMING = Timing()

#: The sound each kind of replayed event cues (see :func:`~spider.app.table.replay.replay_event`).
_CUES = {"move": Sound.PLACE, "deal": Sound.DEAL, "undeal": Sound.DEAL, "flip": Sound.FLIP,
         "run": Sound.RUN, "unrun": Sound.RUN}


class Motion:
    """The board's time and pace, the sound cues waiting for their moment, and the
    steps queued on sprites to show an event."""

    def __init__(self, geometry: TableGeometry) -> None:
        self.geometry = geometry
        self.time = 0.0
        self.speed = 1.0
        #: Reduced motion: no deal-in, and every card's motion a short slide.
        self.reduced_motion = False
        self.shake_until = 0.0
        self.cues: list[tuple[float, Sound]] = []

    def shake(self) -> None:
        if self.speed > 0 and not self.reduced_motion:
            self.shake_until = self.time + TIMING.shake * self.speed

    def stock_shake(self) -> float:
        """Horizontal offset of the stock while it shakes (pixels)."""
        left = self.shake_until - self.time
        if left <= 0 or self.speed == 0:
            return 0.0
        duration = TIMING.shake * self.speed
        progress = 1 - left / duration
        amplitude = self.geometry.card_w * 0.08 * (1 - progress)
        return amplitude * _wave(progress * 4)

    def _due_cues(self) -> list[Sound]:
        """The sound cues due by now, taken from those waiting."""
        if not self.cues:
            return []
        due = [name for when, name in self.cues if when <= self.time]
        self.cues = [(when, name) for when, name in self.cues if when > self.time]
        return due

    def _glide(self, sprite: CardSprite, dest: tuple[float, float], start: float,
               duration: float, ease: Easing, face: bool | None = None) -> float:
        """Queue a step after whatever the sprite already does; return its end."""
        if self.reduced_motion:
            duration = min(duration, SHORT_SLIDE)
        step = Step(max(start, sprite.busy_until), duration * self.speed, dest, ease, face)
        sprite.steps.append(step)  # (queued without a call: an action queues one a card)
        return step.start + step.duration

    def _animate(self, kind: str, group: list[CardSprite], cursor: float, dropped: bool) -> float:
        """Queue the motion of one event starting at ``cursor``; return when the next begins."""
        if self.speed == 0:
            self.cues.append((self.time, _CUES[kind]))
            return cursor
        t, speed = TIMING, self.speed
        end = cursor
        if kind == "move":
            if dropped:  # settles from where it was let go: longer the farther it is
                (x0, y0), (x1, y1) = group[0].pos, group[0].target
                distance = math.hypot(x1 - x0, y1 - y0) / self.geometry.card_h
                duration, ease, gap = min(t.move, t.drop + 0.04 * distance), SETTLE, 0.0
            else:
                duration, ease, gap = t.move, FLIGHT, t.group_gap
            for number, sprite in enumerate(group):
                end = max(end, self._glide(sprite, sprite.target, cursor + number * gap * speed,
                                           duration, ease, True))
            self.cues.append((end, Sound.PLACE))
            return end
        if kind in ("deal", "undeal"):
            self.cues.append((cursor, Sound.DEAL))
            for number, sprite in enumerate(group):
                end = max(end, self._glide(sprite, sprite.target,
                                           cursor + number * t.deal_gap * speed,
                                           t.deal, FLIGHT, sprite.face_up))
            return end
        if kind == "flip":
            end = self._glide(group[0], group[0].target, cursor, t.flip, SETTLE,
                              group[0].face_up)
            self.cues.append((end - t.flip * speed, Sound.FLIP))
            return end - t.flip * speed / 2
        self.cues.append((cursor, Sound.RUN))
        for number, sprite in enumerate(group):
            end = max(end, self._glide(sprite, sprite.target, cursor + number * t.run_gap * speed,
                                       t.run, FLIGHT, True))
        return end

    def _settle(self, sprites: Iterable[CardSprite], start: float) -> None:
        """Each of ``sprites`` not on its way to its place, the right side up, glides
        there from ``start`` (is put there at once with no animation)."""
        for sprite in sprites:
            steps = sprite.steps
            if steps:
                last = steps[-1]
                if last.dest == sprite.target and last.face == sprite.face_up:
                    continue  # (on its way to its place, the right side up)
            elif sprite.pos == sprite.target and sprite.shown_up == sprite.face_up:
                continue  # (most cards: at rest where they belong)
            dest, face, _ = sprite.planned
            if dest != sprite.target or face != sprite.face_up:
                if self.speed == 0:
                    sprite.snap()
                else:
                    self._glide(sprite, sprite.target, start, TIMING.drop, SETTLE,
                                sprite.face_up)


def _wave(x: float) -> float:
    """A smooth back-and-forth in [-1, 1], one swing per unit of ``x``."""
    return math.sin(x * math.pi * 2)
