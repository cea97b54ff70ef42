"""How the game presents itself to the desktop: one name for its window on every
platform, and a quiet start (no library chatter on the terminal)."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator

#: The window class (X11), app id (Wayland) and taskbar id (Windows).
APP_ID = "Spider"


def name_the_app() -> None:
    """Name the window ``Spider`` before the display opens. pygame names it after the
    script when imported (``main.py`` from source); a name the player set is kept."""
    script = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    for variable in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_NAME"):
        if os.environ.get(variable, script) in ("", script):
            os.environ[variable] = APP_ID
    if sys.platform == "win32":  # group the taskbar button under the game, not Python
        with contextlib.suppress(AttributeError, OSError):
            import ctypes

            ctypes.windll.shell32.SetCurrentProcessExplicitAppUserModelID(  # type: ignore[attr-defined]
                APP_ID)


def software_framebuffer() -> None:
    """On Linux, present through the X server's shared memory without first probing
    OpenGL. SDL 2 otherwise opens a hidden OpenGL window and context to see whose
    driver it is, keeping the GL libraries loaded: at 3840 × 2160 under Mesa that
    costs 180 MB and over a second of start-up, and then picks shared memory anyway
    (it uses OpenGL only for NVIDIA's and ATI's own drivers). Where it does present
    through Mesa's software OpenGL, every present, even of a few pixels, composes the
    whole window (6.6 % of a core at 4K for one small present a second, against 0.2 %
    through shared memory). A choice the player made in the environment is kept."""
    if sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """While inside, what native libraries write to the process's standard error is
    dropped (ALSA lists every device it fails to open when there is no sound card);
    Python's own ``sys.stderr`` is flushed first so nothing of ours is lost."""
    with contextlib.suppress(AttributeError, OSError, ValueError):
        sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as sink:
            os.dup2(sink.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
