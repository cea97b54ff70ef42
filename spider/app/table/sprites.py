"""Card sprites: one per physical card, with a resting place and queued motion steps.

A sprite's ``target`` and ``face_up`` always say where the model puts the card;
``pos`` and ``shown_up`` are what is on screen now. Steps only animate the way
between them, so finishing every step (``snap``) can never leave a card wrong.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from functools import cache
from typing import Any

from spider.model.cards import Card
from spider.model.values import record

Easing = Callable[[float], float]


def settle(t: float) -> float:
    """Fast at first, slowing to a stop (``t`` and the result from 0 to 1)."""
    return float(_tweening().easeOutCubic(t))


def flight(t: float) -> float:
    """Speeding up to the middle, then slowing down (``t`` and the result from 0 to 1)."""
    return float(_tweening().easeInOutQuad(t))


@cache
def _tweening() -> Any:
    """pytweening, imported when a card first moves (the first frame waits for none)."""
    import pytweening

    return pytweening


SETTLE: Easing = settle
FLIGHT: Easing = flight
Point = tuple[float, float]


@record
class Step:
    """Glide to ``dest`` from ``start`` (board time) for ``duration`` seconds.

    When ``face`` differs from the face shown as the step begins, the card turns
    over on the way (it narrows to an edge and widens again showing the other side).
    """

    start: float
    duration: float
    dest: Point
    ease: Easing = SETTLE
    face: bool | None = None
    origin: Point | None = None
    from_face: bool = False

    def __init__(self, start: float, duration: float, dest: Point, ease: Easing = SETTLE,
                 face: bool | None = None, origin: Point | None = None,
                 from_face: bool = False) -> None:
        # (written out: an action makes a step for each card it moves, in its frame, and
        # the shared initialiser of value classes takes several times as long)
        self.start, self.duration, self.dest, self.ease = start, duration, dest, ease
        self.face, self.origin, self.from_face = face, origin, from_face

    @property
    def end(self) -> float:
        return self.start + self.duration


class CardSprite:
    """One card on screen."""

    __slots__ = ("card", "face_up", "pos", "shown_up", "squash", "steps", "target")

    def __init__(self, card: Card, face_up: bool, pos: Point = (0.0, 0.0)) -> None:
        self.card = card
        self.face_up = face_up
        self.shown_up = face_up
        self.pos: Point = pos
        self.target: Point = pos
        #: Horizontal scale while turning over (1: flat on the table).
        self.squash = 1.0
        self.steps: deque[Step] = deque()

    def __repr__(self) -> str:
        face = "up" if self.face_up else "down"
        return f"<CardSprite {self.card} {face} at {self.pos}>"

    @property
    def moving(self) -> bool:
        return bool(self.steps)

    @property
    def first_start(self) -> float:
        """When its next step begins (orders moving cards when drawing)."""
        return self.steps[0].start if self.steps else 0.0

    @property
    def busy_until(self) -> float:
        """When its queued steps end (0: it has none)."""
        return self.steps[-1].end if self.steps else 0.0

    @property
    def planned(self) -> tuple[Point, bool, float]:
        """Where and how the card will be once its queued steps end, and when."""
        if not self.steps:
            return self.pos, self.shown_up, 0.0
        last = self.steps[-1]
        face = next((step.face for step in reversed(self.steps) if step.face is not None),
                    self.shown_up)
        return last.dest, face, last.end

    def look_at(self, now: float) -> tuple[bool, float]:
        """The side shown and the width (as a share) the card will have at board time
        ``now`` within its current step (what :meth:`update` will show; nothing changes)."""
        if not self.steps or now < self.steps[0].start:
            return self.shown_up, self.squash
        step = self.steps[0]
        progress = 1.0 if step.duration <= 0 else (now - step.start) / step.duration
        was = step.from_face if step.origin is not None else self.shown_up
        if progress >= 1.0 or step.face is None or step.face == was:
            return (was if step.face is None else step.face), 1.0
        return (was if progress < 0.5 else step.face,
                max(0.02, abs(math.cos(math.pi * progress))))

    def queue(self, step: Step) -> None:
        self.steps.append(step)

    def snap(self) -> None:
        """Finish at once: at the target, showing the model's face."""
        self.steps.clear()
        self.pos, self.shown_up, self.squash = self.target, self.face_up, 1.0

    def update(self, now: float) -> None:
        """Advance the steps to board time ``now``."""
        while self.steps and now >= self.steps[0].start:
            step = self.steps[0]
            if step.origin is None:
                step.origin, step.from_face = self.pos, self.shown_up
            progress = 1.0 if step.duration <= 0 else (now - step.start) / step.duration
            turning = step.face is not None and step.face != step.from_face
            if progress >= 1.0:
                self.pos, self.squash = step.dest, 1.0
                if step.face is not None:
                    self.shown_up = step.face
                self.steps.popleft()
                continue
            eased = step.ease(progress)
            (x0, y0), (x1, y1) = step.origin, step.dest
            self.pos = (x0 + (x1 - x0) * eased, y0 + (y1 - y0) * eased)
            if turning:
                self.squash = max(0.02, abs(math.cos(math.pi * progress)))
                self.shown_up = step.from_face if progress < 0.5 else bool(step.face)
            break
