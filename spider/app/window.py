"""The game's window on the desktop: opened windowed or full screen on the display it
is on, put back where it was and kept on a display that is there.

The App keeps the window's state (full screen or not, the windowed size and place)
and calls :func:`open_window` whenever it changes which kind of window it wants.
"""

from __future__ import annotations

import contextlib
import warnings

import pygame

from spider.app.displays import display_of, displays
from spider.app.table.keptcards import window_icon
from spider.text.i18n import tr

MIN_WINDOW = (800, 600)


def open_window(fullscreen: bool, windowed_size: tuple[int, int],
                windowed_at: tuple[int, int] | None) -> pygame.Surface:
    """Open the window (or change the one open) and return its picture: full screen
    on the display the windowed window is on, or resizable, ``windowed_size`` big
    with its corner at ``windowed_at`` (None: where the system puts it)."""
    with contextlib.suppress(pygame.error, FileNotFoundError):
        pygame.display.set_icon(window_icon())
    if fullscreen:
        # The whole display the window is on, from its corner: the window goes there
        # first (without a window manager to do it, X11 would leave it where it was).
        sizes = pygame.display.get_desktop_sizes()
        if pygame.display.get_surface() is None and len(sizes) == 1:
            number, size = 0, sizes[0]  # a start on the only display: nothing to move
        else:
            windowed = (None if windowed_at is None
                        else pygame.Rect(windowed_at, windowed_size))
            number = display_of(windowed)
            place = displays()[number]
            if pygame.display.get_surface() is not None:
                with contextlib.suppress(pygame.error):
                    pygame.display.set_window_position(place.topleft)
                    pygame.event.pump()
            size = place.size
        screen = pygame.display.set_mode(size, pygame.FULLSCREEN, display=number)
    else:
        was = _window_rect()
        with warnings.catch_warnings():  # "forcibly resized": see below
            warnings.simplefilter("ignore", RuntimeWarning)
            screen = pygame.display.set_mode(windowed_size, pygame.RESIZABLE)
        corner = windowed_at
        if corner is None and was is not None:
            # Out of full screen with no place of its own: centred on its display
            # (X11 would leave it in the corner).
            corner = _centred(windowed_size, displays()[display_of(was)])
        if corner is not None:
            with contextlib.suppress(pygame.error):
                pygame.display.set_window_position(_on_screen(corner, windowed_size))
        with contextlib.suppress(AttributeError, pygame.error), warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
            window.minimum_size = MIN_WINDOW
            if screen.get_size() != windowed_size:
                # Just out of full screen, X11 may keep the full size a moment: ask
                # again; the size event that follows resizes the picture.
                window.size = windowed_size
    pygame.display.set_caption(tr("app.title"))
    return screen


def default_window() -> tuple[int, int]:
    """A window size for leaving full screen: most of the desktop, at least 800 × 600."""
    try:
        width, height = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        width, height = 1600, 1000
    return max(MIN_WINDOW[0], round(width * 0.8)), max(MIN_WINDOW[1], round(height * 0.8))


def _on_screen(corner: tuple[int, int], size: tuple[int, int]) -> tuple[int, int]:
    """``corner`` moved so that a window of ``size`` there shows at least its top left
    part on a display (a display may have gone since it was put there)."""
    places = displays()
    if any(place.collidepoint(corner[0] + 40, corner[1] + 20) for place in places):
        return corner
    return _centred(size, places[0])


def _centred(size: tuple[int, int], place: pygame.Rect) -> tuple[int, int]:
    """The corner of a window of ``size`` in the middle of ``place`` (a display)."""
    return place.x + max(0, (place.w - size[0]) // 2), place.y + max(0, (place.h - size[1]) // 2)


def _window_rect() -> pygame.Rect | None:
    """Where the window is on the desktop now (None before there is one)."""
    surface = pygame.display.get_surface()
    if surface is None:
        return None
    try:
        return pygame.Rect(pygame.display.get_window_position(), surface.get_size())
    except pygame.error:
        return None
