"""The words shown over the foot of the table: the toast, a short message that fades
after a while, and the demo's banner, which stays as long as the demo plays."""

from __future__ import annotations

import pygame

from spider.app.table.geometry import TableGeometry
from spider.app.ui import text

WORDS = (255, 255, 255)
PILL = (16, 24, 20, 215)


class _Pictured:
    """Keeps a message's picture, made again only when the words or the window's size
    change."""

    def __init__(self) -> None:
        self._surface: pygame.Surface | None = None
        self._key: tuple[str, int, int] | None = None

    def _picture_of(self, message: str, geometry: TableGeometry) -> pygame.Surface:
        key = (message, *geometry.size)
        if self._key != key or self._surface is None:
            self._key, self._surface = key, _picture(message, geometry)
        return self._surface


class Toast(_Pictured):
    """A short message near the bottom of the table that fades after a while."""

    FADE = 0.35

    def __init__(self) -> None:
        super().__init__()
        self.message: str | None = None
        self.left = 0.0

    def show(self, message: str, seconds: float = 2.8) -> None:
        self.message, self.left = message, seconds

    def clear(self) -> None:
        self.message, self.left = None, 0.0

    @property
    def visible(self) -> bool:
        return self.message is not None

    @property
    def fading(self) -> bool:
        return self.message is not None and self.left < self.FADE

    def wake_in(self) -> float | None:
        """Seconds until the toast starts fading (when the loop must draw again)."""
        return max(0.0, self.left - self.FADE) if self.visible else None

    @property
    def alpha(self) -> int:
        """How opaque the message is drawn now (0 to 255): it fades at the end."""
        return 255 if self.left >= self.FADE else round(255 * self.left / self.FADE)

    def update(self, dt: float) -> bool:
        """Advance the timer; True when the picture changes (it fades or goes)."""
        if self.message is None:
            return False
        was_fading = self.fading
        self.left -= dt
        if self.left <= 0:
            self.clear()
            return True
        return self.fading or was_fading != self.fading

    def draw(self, surface: pygame.Surface, geometry: TableGeometry) -> None:
        placed = self.placed(geometry)
        if placed is not None:
            surface.blit(*placed)

    def placed(self, geometry: TableGeometry) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The message's picture as it is drawn now (faded or not) and where."""
        if self.message is None:
            return None
        picture = self._picture_of(self.message, geometry)
        picture.set_alpha(self.alpha)
        return picture, _place(picture, geometry)


class Banner(_Pictured):
    """A message that stays where the toast shows for as long as something lasts (the
    demo), drawn under any toast."""

    def draw(self, surface: pygame.Surface, geometry: TableGeometry, message: str) -> None:
        picture = self._picture_of(message, geometry)
        surface.blit(picture, _place(picture, geometry))


def _picture(message: str, geometry: TableGeometry) -> pygame.Surface:
    """The message's words on a dark pill, smaller where they would not fit the window."""
    size = max(13, round(geometry.bar.h * 0.46))
    width = geometry.size[0]
    size = text.fit_size(message, size, int(width * 0.86))
    label = text.render(message, size, WORDS)
    pad_x, pad_y = size, size // 2
    surface = pygame.Surface((label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y),
                             pygame.SRCALPHA)
    pygame.draw.rect(surface, PILL, surface.get_rect(),
                     border_radius=surface.get_height() // 2)
    surface.blit(label, (pad_x, pad_y))
    return surface


def _place(picture: pygame.Surface, geometry: TableGeometry) -> pygame.Rect:
    """Where a message's picture lies: centred, half a card above the table's foot."""
    width, height = geometry.size
    return picture.get_rect(center=(width // 2, height - geometry.pad * 2 - geometry.card_h // 2))
