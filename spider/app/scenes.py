"""Screens on a stack: the table at the bottom, dialogs above it.

A dialog is pushed over the scene that opened it and popped to return there.
Scenes below an opaque scene are not drawn; a dialog that is not opaque is
drawn over the scenes below it (the table shows through, dimmed by the dialog).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import pygame

from spider.model.values import value

if TYPE_CHECKING:
    from spider.app.host import Host


def outside(area: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """The parts of ``area`` outside ``hole``: itself, or up to four rectangles."""
    if not area.colliderect(hole):
        return [area]
    top, bottom = max(area.top, hole.top), min(area.bottom, hole.bottom)
    pieces = [pygame.Rect(area.left, area.top, area.w, hole.top - area.top),
              pygame.Rect(area.left, hole.bottom, area.w, area.bottom - hole.bottom),
              pygame.Rect(area.left, top, hole.left - area.left, bottom - top),
              pygame.Rect(hole.right, top, area.right - hole.right, bottom - top)]
    return [piece for piece in pieces if piece.w > 0 and piece.h > 0]


@value
class Cover:
    """What a see-through scene does to the picture under it: it darkens it (each
    colour kept at ``keep``/255), draws ``overlay`` (a panel and its shadow) at
    ``overlay_at``, and its own content inside ``hole``, where nothing under it
    shows. A scene below can then bring the window up to date under it by changes
    alone (see ``Scene.draw_changes``)."""

    keep: int
    hole: pygame.Rect
    overlay: pygame.Surface | None = None
    overlay_at: tuple[int, int] = (0, 0)

    @property
    def shield(self) -> pygame.Rect:
        """Where the cover draws anything but the darkening."""
        if self.overlay is None:
            return self.hole
        return self.hole.union(self.overlay.get_rect(topleft=self.overlay_at))

    def apply(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Do to ``area`` of ``surface`` (outside the hole) what the scene does there
        when it is drawn: darken it and draw the overlay."""
        if self.keep < 255:
            keep = self.keep
            surface.fill((keep, keep, keep), area, special_flags=pygame.BLEND_RGB_MULT)
        if self.overlay is not None and area.colliderect(self.shield):
            x, y = self.overlay_at  # (the part of the overlay within the area)
            surface.blit(self.overlay, area, area.move(-x, -y))


class Scene:
    """One screen. Subclasses override what they need.

    A scene uses the running game through ``self.app``, a narrow
    :class:`~spider.app.host.Host`. It does not ask for frames from its event and
    update handlers: the loop draws after each event it handles (a pointer motion
    only when ``handle`` reports a change) and after each update reporting one.
    """

    #: Whether the scene covers the whole window (scenes below are not drawn).
    opaque = True

    def __init__(self, app: Host) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def leave(self) -> None:
        """Called when the scene stops being the top of the stack."""

    def handle(self, event: pygame.event.Event) -> bool:
        """React to one input event (only the top scene receives events); True when
        the picture may have changed (needed for pointer motion only)."""
        return False

    def update(self, dt: float) -> bool:
        """Advance animations by one fixed step of ``dt`` seconds; True when the
        picture changed."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene onto ``surface``."""

    def draw_changes(self, surface: pygame.Surface,
                     above: Sequence[Scene]) -> list[pygame.Rect] | None:
        """Bring ``surface``, which still shows the last frame, up to date by drawing
        only what changed since, under the unchanged scenes ``above``: the areas drawn
        (only they are presented), or None when it cannot (the whole stack is then
        drawn). Asked for by ``App.request_changes``."""
        return None

    def cover(self) -> Cover | None:
        """How this see-through scene covers the ones below when it does not change
        (``None``: in a way only a whole redraw shows)."""
        return None

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size (every scene on the stack is told)."""

    def spare(self, until: float) -> bool:
        """Use the rest of the frame, until the App's clock (``app.clock.now()``)
        reaches ``until``, for work that can wait (stop early when input comes); True
        when the picture changed. A scene with such work left reports ``animating``,
        so that the loop keeps offering time."""
        return False

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
    """The scenes, bottom first; the last one is on top and gets the input.

    The loop reads the stack on every pass: ``all`` and ``visible`` are kept (plain
    attributes, made again only when a scene is pushed or popped)."""

    def __init__(self) -> None:
        #: The scenes, bottom first (a tuple: iterating it is safe while scenes change).
        self.all: tuple[Scene, ...] = ()
        #: The scenes to draw, bottom first: from the highest opaque one up.
        self.visible: tuple[Scene, ...] = ()

    def __iter__(self) -> Iterator[Scene]:
        return iter(self.all)

    def __len__(self) -> int:
        return len(self.all)

    @property
    def top(self) -> Scene:
        return self.all[-1]

    def _changed(self, scenes: tuple[Scene, ...]) -> None:
        self.all = scenes
        start = next((start for start in range(len(scenes) - 1, 0, -1) if scenes[start].opaque), 0)
        self.visible = scenes[start:]

    def push(self, scene: Scene) -> None:
        if self.all:
            self.top.leave()
        self._changed((*self.all, scene))
        scene.enter()

    def pop(self) -> Scene:
        """Remove the top scene and return to the one below it."""
        scene = self.all[-1]
        self._changed(self.all[:-1])
        scene.leave()
        if self.all:
            self.top.enter()
        return scene

    def pop_to(self, scene_type: type[Scene]) -> None:
        """Pop scenes until one of ``scene_type`` is on top."""
        while len(self.all) > 1 and not isinstance(self.top, scene_type):
            self.pop()

    @property
    def animating(self) -> bool:
        for scene in self.all:  # noqa: SIM110 - asked every pass: half any()'s cost
            if scene.animating:
                return True
        return False
