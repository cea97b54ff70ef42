"""The words over the table: the demo's banner or the message (the toast), over
everything else, and where the message the window shows lies, so that a frame by
changes draws again only the places where it came, faded or went.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from spider.app.table.toast import Banner

if TYPE_CHECKING:
    from spider.app.table.geometry import TableGeometry
    from spider.app.table.scene import TableScene

#: A message as the window shows it: its words, how opaque (0 to 255) and where.
Message = tuple[str | None, int, pygame.Rect | None]
#: No message shown.
NO_MESSAGE: Message = (None, 0, None)


class Messages:
    """The banner and the message over the ``table`` (see the module docstring)."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.banner = Banner()
        #: The message as the window shows it (see :meth:`state`).
        self.shown: Message = NO_MESSAGE

    @property
    def geometry(self) -> TableGeometry:
        return self.table.geometry

    def state(self) -> Message:
        """The message as the window shows it once drawn now: its words, how opaque
        and where (:data:`NO_MESSAGE`: none)."""
        toast = self.table.toast
        placed = toast.placed(self.geometry)
        return NO_MESSAGE if placed is None else (toast.message, toast.alpha, placed[1])

    def changes(self) -> list[pygame.Rect]:
        """Where the message differs from the one the window shows (it came, faded or
        went): its place then and now; noted as shown."""
        if self.table.toast.message is None and self.shown is NO_MESSAGE:
            return []  # (mostly: none, before or now)
        now = self.state()
        was, self.shown = self.shown, now
        return [] if now == was else [place for _, _, place in (was, now) if place is not None]

    def draw(self, surface: pygame.Surface) -> None:
        """The demo's banner or the message over everything else."""
        table = self.table
        if table.banner is not None and not table.toast.visible:
            self.banner.draw(surface, self.geometry, table.banner)
        table.toast.draw(surface, self.geometry)
