"""``--smoke-test`` with ``SPIDER_EXIT_AFTER_FIRST_FRAME=1`` in the environment: the
game started exactly as a double-click starts it (``spider.app.loop.run``), until its
first frame is presented; it prints ``first frame <CPU seconds>`` (the process's CPU
time, every thread, then) and exits 0. The start-up benchmarks time that. It plays
from ``SPIDER_DATA_DIR`` when that is set (a game in progress, prepared by the
benchmark), else from a fresh temporary folder.

Apart from the smoke test's script (:mod:`spider.app.smoke`), which the game never
loads: the start measured loads what a player's does.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable

from spider import environment


class _FirstFrame(Exception):
    """Raised from the first ``display.flip``: the first frame is on screen."""


def run_first_frame() -> int:
    """Start the game; 0 once its first frame is shown (its CPU time printed)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if os.environ.get(environment.DATA_DIR):
        return _first_frame()  # the given folder's game, on the given video driver
    with tempfile.TemporaryDirectory(prefix="spider-smoke-") as data:
        os.environ[environment.DATA_DIR] = data
        return _first_frame()


def _first_frame() -> int:
    import pygame

    from spider.app import loop

    real = {name: getattr(pygame.display, name) for name in ("flip", "update")}

    def shown(name: str) -> Callable[..., None]:
        def present(*args: object) -> None:
            real[name](*args)
            print(f"first frame {time.process_time():.4f}", flush=True)
            raise _FirstFrame

        return present

    for name in real:
        setattr(pygame.display, name, shown(name))
    try:
        loop.run()
    except _FirstFrame:
        return 0
    finally:
        for name, function in real.items():
            setattr(pygame.display, name, function)
    from spider.app.smoke import report_result

    report_result("first frame: the game ended without showing a frame")
    return 1
