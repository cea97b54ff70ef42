"""Screens on a stack: the table at the bottom, dialogs above it.

A dialog is pushed over the scene that opened it and popped to return there.
Scenes below an opaque scene are not drawn; a dialog that is not opaque is
drawn over the scenes below it (the table shows through, dimmed by the dialog).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from spider.app.main import App


class Scene:
    """One screen. Subclasses override what they need."""

    #: Whether the scene covers the whole window (scenes below are not drawn).
    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def leave(self) -> None:
        """Called when the scene stops being the top of the stack."""

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event (only the top scene receives events)."""

    def update(self, dt: float) -> None:
        """Advance animations by one fixed step of ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene onto ``surface``."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size (every scene on the stack is told)."""

    def spare(self, until: float) -> None:
        """Use the rest of the frame, until ``time.perf_counter()`` reaches ``until``,
        for work that can wait (stop early when input comes). A scene with such
        work left reports ``animating``, so that the loop keeps offering time."""

    @property
    def animating(self) -> bool:
        """True while something moves, so the loop keeps drawing frames."""
        return False

    def wake_in(self) -> float | None:
        """Seconds until the scene changes by itself while nothing moves (a clock
        ticking, a message expiring); ``None``: only input changes it. The loop
        sleeps at most this long."""
        return None


class SceneStack:
    """The scenes, bottom first; the last one is on top and gets the input."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __iter__(self) -> Iterator[Scene]:
        return iter(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    @property
    def top(self) -> Scene:
        return self._scenes[-1]

    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].leave()
        self._scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        """Remove the top scene and return to the one below it."""
        scene = self._scenes.pop()
        scene.leave()
        if self._scenes:
            self._scenes[-1].enter()
        return scene

    def pop_to(self, scene_type: type[Scene]) -> None:
        """Pop scenes until one of ``scene_type`` is on top."""
        while len(self._scenes) > 1 and not isinstance(self.top, scene_type):
            self.pop()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the highest opaque one up."""
        start = 0
        for index, scene in enumerate(self._scenes):
            if scene.opaque:
                start = index
        return self._scenes[start:]

    @property
    def animating(self) -> bool:
        return any(scene.animating for scene in self._scenes)
