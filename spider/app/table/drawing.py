"""What the table's drawing jobs draw for: the table scene, its geometry and the card
pictures at its size. The renderer, which owns the pictures, is one; the jobs that
need them (the shadows, the picture steps) are given it and read it when they draw
(:class:`DrawingJob`), so that a new size or new pictures reach them at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from spider.app.table.cardimages import CardImages
    from spider.app.table.geometry import TableGeometry
    from spider.app.table.scene import TableScene


class Drawing(Protocol):
    """The table, its geometry and the card pictures at its size."""

    @property
    def table(self) -> TableScene: ...

    @property
    def geometry(self) -> TableGeometry: ...

    @property
    def images(self) -> CardImages: ...


class DrawingJob:
    """A job drawing for ``drawing`` (see :class:`Drawing`), reading its geometry and
    card pictures when it draws."""

    def __init__(self, drawing: Drawing) -> None:
        self._drawing = drawing

    @property
    def geometry(self) -> TableGeometry:
        return self._drawing.geometry

    @property
    def images(self) -> CardImages:
        return self._drawing.images
