"""The game benchmark's worker: one window size's figures in a process of its own
(``python -m tools.bench.gameworker --worker frames|idle``), so that its peak memory
is the peak of the scenes at that size; :func:`measure` starts it and reads its figures."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from spider import environment
from tools.bench import resize
from tools.bench.frames import apart
from tools.bench.scenes import (
    headless,
    long_position,
    make_app,
    scene_deal,
    scene_drag,
    scene_rest,
    scene_run,
    scene_win,
)

ROOT = Path(__file__).resolve().parent.parent.parent


def _peak_rss_mb() -> float | None:
    try:
        import resource
    except ImportError:  # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1e6 if sys.platform == "darwin" else peak / 1024


def worker_frames(size: tuple[int, int], frames: int) -> dict[str, Any]:
    """Every scene in one App, as a player goes from game to game, then a resize."""
    import gc

    app = make_app(size)
    try:
        scenes: dict[str, Callable[[str], Any]] = {
            "rest": lambda timing: scene_rest(app, frames, timing=timing),
            "long": lambda timing: scene_rest(app, frames, position=long_position(),
                                              timing=timing),
            "drag": lambda timing: scene_drag(app, frames, timing),
            "deal": lambda timing: scene_deal(app, frames, timing),
            "run": lambda timing: scene_run(app, frames, timing),
        }
        result: dict[str, Any] = {"scenes": {}}
        for name, run in scenes.items():
            result["scenes"][name] = apart(run)
            gc.collect()
        result["scenes"]["win"], result["scenes"]["win_panel"] = apart(
            lambda timing: scene_win(app, frames, timing))
        gc.collect()
        result["peak_rss_mb"] = _peak_rss_mb()  # the scenes (the budget's figure)
        result["resize"] = resize.measure(app)
    finally:
        app.close()
    result["peak_rss_resize_mb"] = _peak_rss_mb()  # and the resize test after them
    return result


def worker_idle(size: tuple[int, int], seconds: float) -> dict[str, Any]:
    """The real loop on the real clock, a game in progress, no input for ``seconds``."""
    import threading

    import pygame

    from spider.model.actions import Move
    from spider.model.notation import parse_position

    game = parse_position(long_position())
    game.play(Move(9, 0, 1))  # the ace completes a run: the game is under way
    app = make_app(size, game=game, real_clock=True)
    drawn = [0]
    app.frame_observers.append(lambda frame: drawn.__setitem__(0, drawn[0] + 1))
    marks: dict[str, float] = {}
    warm = 1.0

    def mark() -> None:
        marks["cpu"], marks["wall"], marks["drawn"] = (time.process_time(),
                                                       time.perf_counter(), drawn[0])

    def stop() -> None:
        marks["cpu_end"], marks["wall_end"], marks["drawn_end"] = (
            time.process_time(), time.perf_counter(), drawn[0])
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    timers = [threading.Timer(warm, mark), threading.Timer(warm + seconds, stop)]
    for timer in timers:
        timer.start()
    try:
        app.run()
    finally:
        for timer in timers:
            timer.cancel()
        app.close()
    wall = marks["wall_end"] - marks["wall"]
    cpu = marks["cpu_end"] - marks["cpu"]
    return {"seconds": wall, "cpu_seconds": cpu, "cpu_percent": 100 * cpu / wall,
            "frames": marks["drawn_end"] - marks["drawn"]}


def measure(kind: str, size: tuple[int, int], value: float) -> dict[str, Any]:
    """The figures of ``kind`` (``frames``: ``value`` frames a scene; ``idle``: ``value``
    seconds) at ``size``, from a worker process started with a fresh data folder."""
    import json
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory(prefix="spider-bench-") as data:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1", **{environment.DATA_DIR: data})
        env.pop(environment.EXIT_AFTER_FIRST_FRAME, None)
        command = [sys.executable, "-m", "tools.bench.gameworker", "--worker", kind,
                   "--size", f"{size[0]}x{size[1]}", "--value", str(value)]
        result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                                timeout=1800)
    if result.returncode != 0:
        raise RuntimeError(f"bench worker {kind} {size} failed ({result.returncode}):\n"
                           f"{result.stdout}{result.stderr}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def parse_size(text: str) -> tuple[int, int]:
    """``1280x720`` as ``(1280, 720)``."""
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def main(argv: Sequence[str]) -> int:
    """The worker process: its figures, as one line of JSON on its standard output."""
    import contextlib
    import json
    import tempfile
    parser = argparse.ArgumentParser()
    parser.add_argument("--worker", choices=("frames", "idle"), required=True)
    parser.add_argument("--size", required=True)
    parser.add_argument("--value", type=float, required=True)
    args = parser.parse_args(argv)
    headless(os.environ.get(environment.DATA_DIR) or tempfile.mkdtemp(prefix="spider-bench-"))
    size = parse_size(args.size)
    with contextlib.redirect_stdout(sys.stderr):  # stdout carries only the result
        if args.worker == "frames":
            result = worker_frames(size, int(args.value))
        else:
            result = worker_idle(size, args.value)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
