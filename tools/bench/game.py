"""``python main.py bench [game]``: how fast the game draws, idles, resizes and starts.

Everything runs headless with SDL's dummy video and audio drivers, each window size
in a fresh subprocess (so the peak memory of that process is the peak of the scenes
at that size). The figures:

* **frame time** p50 and p99 per scene and window size. A frame is one pass of the
  App's loop that draws: events + fixed updates + draw + ``display.flip``
  (``App.step``). With the dummy driver ``flip`` presents nothing (SDL keeps the
  window's software surface and shows it nowhere), so the figures are the game's
  own CPU cost of a frame; a real driver adds the upload of the picture, the same
  for the floor. The App runs on a manual clock advanced 1/60 s after each frame,
  so every scene shows the same animation at every size, and the frame itself is
  timed in the game thread's CPU time (``time.thread_time``: the machine's load
  does not count).
* **the floor**, measured in the same run: fill the screen, blit the card images
  the scene showed in that frame (the same already-rendered images, at the same
  places), ``display.flip`` — no game logic. Each scene runs twice, one pass
  right after the other: the first times its frames, nothing drawn between them
  but what the loop draws; the second times the floors, each right after the
  same frame (see :func:`tools.bench.frames.apart`). Each pass runs three times and
  each frame (and floor) keeps its least time: a burst of load lengthens a frame in
  one pass, a frame slow by its own work stays slow. Each scene's p50 is compared
  with the floor's p50, its p99 with the floor's p99 (both measured under the same
  load); the old p99 figure (one pass of each) is printed beside it.
* **idle CPU**: the real loop (``App.run``, real clock) with a game in progress
  (its clock ticking on screen) and no input for 5 s: process CPU time
  (``time.process_time``, every thread) per second of wall time.
* **resize**: the time to rasterise the whole card set (52 faces and the back) at
  the card size of the window; and, the window resized as a player does
  (``Window.size``: SDL makes the window's new picture and queues the events),
  the pass that handles it against the floor of a resize (another window resized
  the same way, filled and given the same cards; the system's making of either
  window's new picture is timed apart, it is not the game's); the first full
  frame after it against the same floor; and the stall, like with like (see
  :func:`tools.bench.resize._stall_like_with_like`): the passes after a resize with
  no card set kept, each pass's thread CPU (with the work done in its spare time)
  against a still frame timed right after it, in the same run under the same load,
  the median of three repetitions per pass, the largest over the passes. The
  budget takes it. The old stall figure is printed beside it as a reference: the
  longest pass in the second after a resize (thread CPU, and wall time alone: its
  spare time waits for the card thread) against the long scene's still p99,
  measured minutes apart, a single worst pass of some 120 (one load burst was
  enough).
* **peak memory**: ``ru_maxrss`` of the fresh process that ran the size's scenes.
* **start to first frame** from source: ``python main.py --smoke-test`` with
  ``SPIDER_EXIT_AFTER_FIRST_FRAME=1`` starts the game as a double-click does and
  exits right after its first ``display.flip``; wall time of the whole process,
  median of several runs (a fresh data folder each time, so the first-start
  window: full screen at the dummy driver's desktop size, 1024×768).

``--json OUT`` writes the same figures; ``--quick`` runs fewer frames at one size.

Where each part lives: the scenes and the App they run in, :mod:`tools.bench.scenes`;
frames timed against their floors, :mod:`tools.bench.frames`; the resize,
:mod:`tools.bench.resize`; the process each size runs in, :mod:`tools.bench.gameworker`;
start to first frame, :mod:`tools.bench.startup`; the real window,
:mod:`tools.bench.window`; the long session's memory, :mod:`tools.bench.memory`; the
figures summarised, the budgets and the table, :mod:`tools.bench.report`.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tools.bench import gameworker, startup
from tools.bench.gameworker import parse_size
from tools.bench.report import check_budgets, print_table, size_name, summarise
from tools.bench.scenes import SCENES

SIZES = ((1280, 720), (1920, 1080), (3840, 2160))
QUICK_SIZES = ((1280, 720),)
FRAMES = 300
QUICK_FRAMES = 30
IDLE_SECONDS = 5.0
QUICK_IDLE_SECONDS = 1.0
STARTUP_RUNS = 5
QUICK_STARTUP_RUNS = 1
MEMORY_GAMES = 300
QUICK_MEMORY_GAMES = 6
WINDOW_SIZES = ((1920, 1080), (3840, 2160))
WINDOW_IDLE_SECONDS = 30.0


def run_bench(sizes: Sequence[tuple[int, int]], frames: int, idle_seconds: float,
              startup_runs: int, out: Any = sys.stdout,
              progress: Callable[[str], None] | None = None,
              quick: bool = False) -> dict[str, Any]:
    """Measure everything; return the figures (also what ``--json`` writes)."""
    say = progress or (lambda message: None)
    report: dict[str, Any] = {
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0],
                    "platform": sys.platform, "video_driver": "dummy"},
        "frames_per_scene": frames, "sizes": {}, "scenes": list(SCENES),
    }
    for size in sizes:
        name = size_name(size)
        say(f"frames at {name}...")
        raw = gameworker.measure("frames", size, frames)
        say(f"idle at {name}...")
        idle = gameworker.measure("idle", size, idle_seconds)
        scenes = {scene: summarise(raw["scenes"][scene]) for scene in SCENES}
        report["sizes"][name] = {
            "scenes": scenes,
            "idle": idle,
            "resize": {"card": raw["resize"]["card"],
                       **{f"{key}_ms": raw["resize"][key] * 1000 for key in (
                           "raster", "raster_floor", "complete", "stall", "stall_cpu",
                           "resize_pass", "resize_pass_cpu", "resize_floor",
                           "first_full_cpu", "first_full_floor", "window",
                           "stall_like_cpu", "stall_like_floor")},
                       **{key: raw["resize"][key] for key in (
                           "stall_like", "stall_like_pass", "stall_like_passes")},
                       # (the old stall figure, a reference: see the module)
                       "stall_old": (raw["resize"]["stall_cpu"] * 1000
                                     / scenes["long"]["still_p99_ms"])},
            "peak_rss_mb": raw["peak_rss_mb"],
            "peak_rss_with_resize_mb": raw["peak_rss_resize_mb"],
        }
    say("start to first frame...")
    report["startup"] = startup.measure(startup_runs)
    from tools.bench import memory, window

    report["window"] = window.measure(list(WINDOW_SIZES[:1] if quick else WINDOW_SIZES),
                                      idle_seconds if quick else WINDOW_IDLE_SECONDS,
                                      startup_runs, say)
    say("a long session of play (memory)...")
    session = memory.measure(QUICK_MEMORY_GAMES if quick else MEMORY_GAMES, say=say)
    report["memory_growth_mb_per_100_games"] = session["growth_mb_per_100_games"]
    report["memory_session"] = {"games": session["games"], "rss_mb": session["rss_mb"]}
    report["budgets"] = check_budgets(report)
    print_table(report, out)
    return report


def add_arguments(parser: argparse.ArgumentParser, after: bool = False) -> None:
    """The game benchmark's options (on ``bench`` and on ``bench game``; ``after``:
    given after ``game``, they keep what was given before it when left out)."""
    unset: dict[str, Any] = {"default": argparse.SUPPRESS} if after else {}
    parser.add_argument("--json", type=Path, metavar="OUT", help="also write the figures here",
                        **unset)
    parser.add_argument("--quick", action="store_true",
                        help=f"{QUICK_FRAMES} frames per scene, one size, short idle (a smoke run)",
                        **unset)
    parser.add_argument("--frames", type=int, help=f"frames per scene (default {FRAMES})",
                        **unset)
    parser.add_argument("--sizes",
                        help="window sizes, like 1280x720,3840x2160 (default: 720p, 1080p, 4K)",
                        **unset)


def command(args: argparse.Namespace) -> int:
    """``python main.py bench [game]``."""
    import json

    from spider.commands.common import BadInput

    quick = bool(getattr(args, "quick", False))
    try:
        sizes = ([parse_size(text) for text in args.sizes.split(",") if text.strip()]
                 if getattr(args, "sizes", None) else list(QUICK_SIZES if quick else SIZES))
    except ValueError:
        raise BadInput(f"bad sizes {args.sizes!r}: write them like 1280x720,1920x1080") from None
    frames = getattr(args, "frames", None) or (QUICK_FRAMES if quick else FRAMES)
    if frames < 1 or not sizes or any(w < 320 or h < 240 for w, h in sizes):
        raise BadInput("bench: frames must be at least 1 and sizes at least 320x240")
    report = run_bench(sizes, frames, QUICK_IDLE_SECONDS if quick else IDLE_SECONDS,
                       QUICK_STARTUP_RUNS if quick else STARTUP_RUNS,
                       progress=lambda message: print(message, file=sys.stderr, flush=True),
                       quick=quick)
    out = getattr(args, "json", None)
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0
