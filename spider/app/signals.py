"""Signals that end the game while its loop runs: each posts QUIT, as closing the
window does."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pygame

#: Signals that end the game like closing its window: the normal quit path then saves
#: the game (clock and all). SDL turns SIGTERM into QUIT by itself, but not SIGHUP (the
#: terminal or the session closing), and not when told to leave signals alone.
QUIT_SIGNALS = ("SIGTERM", "SIGHUP")


def _post_quit(signum: int, frame: object) -> None:
    with contextlib.suppress(pygame.error):
        pygame.event.post(pygame.event.Event(pygame.QUIT, signal=signum))


@contextlib.contextmanager
def quit_on_signals() -> Iterator[None]:
    """While the loop runs, SIGTERM and SIGHUP post QUIT (where the platform has them,
    from the main thread only); the previous handlers come back afterwards. (From
    the second pass: until then SDL's own handler makes SIGTERM a QUIT.)"""
    import signal  # (after the first frame)
    import threading

    previous: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for name in QUIT_SIGNALS:
            number = getattr(signal, name, None)
            if number is not None:
                with contextlib.suppress(ValueError, OSError):
                    previous[number] = signal.signal(number, _post_quit)
    try:
        yield
    finally:
        for number, handler in previous.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(number, signal.SIG_DFL if handler is None else handler)
