"""The game benchmark's report: each scene's frames summarised, every budget checked
against its figure, and the table printed."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from tools.bench.frames import PASSES
from tools.bench.resize import STALL_REPEATS
from tools.bench.scenes import SCENES

SCENE_TITLES = {
    "rest": "fresh deal at rest",
    "long": "long game at rest (104 cards)",
    "drag": "dragging 12 cards",
    "deal": "deal animation",
    "run": "run-removal animation",
    "win": "win celebration (cascade)",
    "win_panel": "  the same under the win panel",
}

#: Budgets (the ratios are to floors measured in the same run).
BUDGET_P50 = 1.15          # frame p50 / the still-picture floor's p50
BUDGET_P99 = 1.6           # frame p99 / the still-picture floor's p99
BUDGET_IDLE = 2.0          # % of one core, dummy driver
BUDGET_IDLE_WINDOW = 1.0   # % of one core, a real window (Xvfb)
BUDGET_RASTER = 1.3        # the card set / SDL rasterising the same pictures
BUDGET_RESIZE = 2.0        # a resize's passes (CPU time) / their floors
BUDGET_MEMORY_4K = 250.0   # MB, a real window at 4K with the hint worker and a search
BUDGET_GROWTH = 0.5        # MB per 100 games over a long session
BUDGET_STARTUP = 1.2       # start to first frame / a bare pygame-ce window's


#: A table's column: its title, the format spec of its title and cells (alignment and
#: width), and its cell's text from a row.
Column = tuple[str, str, Callable[[dict[str, Any]], str]]


def figure(key: str, digits: int = 2, unit: str = "") -> Callable[[dict[str, Any]], str]:
    """A cell showing a row's ``key`` with ``digits`` decimals and ``unit``."""
    return lambda row: f"{row[key]:.{digits}f}{unit}"


def print_rows(line: Callable[[str], None], columns: Sequence[Column],
               rows: Sequence[dict[str, Any]]) -> None:
    """A table: the columns' titles, a rule under them and a line for each row."""
    header = " ".join(f"{title:{spec}}" for title, spec, _ in columns)
    line(header)
    line("-" * len(header))
    for row in rows:
        line(" ".join(f"{cell(row):{spec}}" for _, spec, cell in columns))


def text(key: str) -> Callable[[dict[str, Any]], str]:
    """A cell showing a row's ``key`` as it is."""
    return lambda row: str(row[key])


#: Each scene's frames at each size.
SCENE_COLUMNS: tuple[Column, ...] = (
    ("size", "<10", text("size")), ("scene", "<30", text("scene")),
    ("p50", ">6", figure("p50_ms")), ("p99", ">6", figure("p99_ms")),
    ("still50", ">7", figure("still_p50_ms")), ("still99", ">7", figure("still_p99_ms")),
    ("p50/st", ">6", figure("still_p50_ratio", unit="x")),
    ("p99/st", ">6", figure("still_p99_ratio", unit="x")),
    ("p99/1", ">6", figure("still_p99_ratio_once", unit="x")),
    ("floor50", ">7", figure("floor_p50_ms")), ("p50/fl", ">6", figure("p50_ratio", unit="x")))
#: Idle CPU, the card set's raster and a resize's passes at each size.
RESIZE_COLUMNS: tuple[Column, ...] = (
    ("size", "<10", text("size")), ("idle %", ">6", figure("idle")),
    ("card", ">9", lambda row: f"{row['card'][0]:>4}x{row['card'][1]:<4}"),
    ("raster", ">7", figure("raster_ms", 1)), ("its fl", ">6", figure("raster_floor_ms", 1)),
    ("resized", ">7", figure("complete_ms", 1)), ("resize", ">6", figure("resize_pass_ms")),
    ("cpu", ">5", figure("resize_pass_cpu_ms")), ("its fl", ">6", figure("resize_floor_ms")),
    ("1st full", ">8", figure("first_full_cpu_ms")), ("stall", ">6", figure("stall_ms")),
    ("cpu", ">5", figure("stall_cpu_ms")),
    ("peak MB", ">7", lambda row: "n/a" if row["peak"] is None else f"{row['peak']:.1f}"))


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value at ``fraction`` of the sorted values (NaN for none)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def summarise(raw: dict[str, Any]) -> dict[str, Any]:
    """A scene's figures (ms and ratios) from its frames' and floors' times."""
    times, floor, still = raw["times"], raw["floor"], raw["still_floor"]
    p50, p99 = percentile(times, 0.5), percentile(times, 0.99)
    f50, f99 = percentile(floor, 0.5), percentile(floor, 0.99)
    s50, s99 = percentile(still, 0.5), percentile(still, 0.99)
    once = (percentile(raw["times_once"], 0.99)
            / percentile(raw["still_floor_once"], 0.99))  # (the old figure: one pass)
    return {
        "frames": raw["frames"],
        "p50_ms": p50 * 1000, "p99_ms": p99 * 1000, "max_ms": max(times) * 1000,
        "still_p50_ms": s50 * 1000, "still_p99_ms": s99 * 1000,
        "still_p50_ratio": p50 / s50, "still_p99_ratio": p99 / s99,
        "still_p99_ratio_once": once,
        "floor_p50_ms": f50 * 1000, "floor_p99_ms": f99 * 1000,
        "p50_ratio": p50 / f50, "p99_ratio": p99 / f99, "p99_to_floor_p50": p99 / f50,
    }


def size_name(size: Sequence[int]) -> str:
    """``(1280, 720)`` as ``1280x720``."""
    return f"{size[0]}x{size[1]}"


def check_budgets(report: dict[str, Any]) -> dict[str, Any]:
    """Each budget: the worst figure against its limit, and whether it holds (a figure
    that could not be measured here, such as a real window without Xvfb, is None)."""
    sizes = report["sizes"]
    checks: dict[str, Any] = {}

    def check(key: str, worst: float | None, limit: float, size: str | None = None) -> None:
        checks[key] = {"worst": worst, "limit": limit,
                       "ok": worst is not None and worst <= limit,
                       **({"size": size} if size else {})}

    scenes = [figures for size in sizes.values() for figures in size["scenes"].values()]
    check("frame_p50", max(f["still_p50_ratio"] for f in scenes), BUDGET_P50)
    check("frame_p99", max(f["still_p99_ratio"] for f in scenes), BUDGET_P99)
    check("idle_cpu_percent", max(size["idle"]["cpu_percent"] for size in sizes.values()),
          BUDGET_IDLE)
    windows = report.get("window") or {}
    check("idle_cpu_window_percent",
          max((w["idle"]["cpu_percent"] for w in windows.values()), default=None),
          BUDGET_IDLE_WINDOW)
    check("raster_ratio", max(size["resize"]["raster_ms"] / size["resize"]["raster_floor_ms"]
                              for size in sizes.values()), BUDGET_RASTER)
    check("resize_stall_ratio", max(max(
        size["resize"]["stall_like"],
        size["resize"]["resize_pass_cpu_ms"] / size["resize"]["resize_floor_ms"],
        size["resize"]["first_full_cpu_ms"] / size["resize"]["first_full_floor_ms"])
        for size in sizes.values()), BUDGET_RESIZE)
    biggest = max(windows, key=lambda name: [int(n) for n in name.split("x")], default=None)
    check("peak_rss_window_mb",
          windows[biggest]["helpers"]["peak_rss_mb"] if biggest else None, BUDGET_MEMORY_4K,
          biggest)
    check("memory_growth_mb_per_100_games", report["memory_growth_mb_per_100_games"],
          BUDGET_GROWTH)
    check("startup_ratio", max((w["startup"]["ratio"] for w in windows.values()),
                               default=None), BUDGET_STARTUP)
    return checks


def print_table(report: dict[str, Any], out: Any = sys.stdout) -> None:
    def line(text: str = "") -> None:
        print(text, file=out)

    machine = report["machine"]
    line(f"Spider benchmark — Python {machine['python']}, {machine['cpus']} CPUs, "
         f"SDL dummy video/audio drivers, {report['frames_per_scene']} frames per scene")
    line("frame = one loop pass that draws (events + update + draw + display.flip; the dummy")
    line("driver's flip presents nothing, so this is the game's CPU cost of a frame).")
    line("still = the still-picture floor: one blit of the kept picture of the table (the")
    line("resting cards on the felt; in the cascade its canvas) + the cards moving in that")
    line("frame + flip. floor = the old reference: fill the screen + blit every shown card.")
    line("Both timed right after each frame, no game logic, in a second pass of the scene")
    line("(its frames timed in the first, nothing drawn between them). Ratios p50 to p50,")
    line(f"p99 to p99. Each pass runs {PASSES} times; each frame and floor keeps its least time")
    line("(a load burst seldom hits the same frame every time; a slow frame is slow in all).")
    line("p99/1: the old figure, p99 to p99 of one pass of each (the budget takes p99/st).")
    line()
    scene_rows = [{"size": name, "scene": SCENE_TITLES[scene], **size["scenes"][scene]}
                  for name, size in report["sizes"].items() for scene in SCENES]
    print_rows(line, SCENE_COLUMNS, scene_rows)
    line()
    resize_rows = [{"size": name, "idle": size["idle"]["cpu_percent"],
                    "peak": size["peak_rss_mb"], **size["resize"]}
                   for name, size in report["sizes"].items()]
    print_rows(line, RESIZE_COLUMNS, resize_rows)
    line("idle: real loop and clock, game in progress (its clock ticking), no input; CPU time of")
    line("the process per wall second. raster: the whole card set (52 faces + back) made at the")
    line("card size; its fl(oor): SDL rasterising the same 53 pictures at that size alone.")
    line("resized: from a resize until every picture in play is made, through the loop (ms).")
    line("resize: the pass that handles the resize: wall (the pass alone: its spare time waits")
    line("for the card thread) and thread CPU (with the work done in its spare time); its fl(oor):")
    line("another window resized the same way, filled, the same cards blitted. 1st full: CPU of")
    line("the first full-quality frame after it. stall: the longest later pass in the second")
    line("after a resize, wall and CPU as the resize's, each the longest (CPU against the long")
    line("game's still-picture p99). peak: ru_maxrss of the process that ran the scenes there.")
    for name, size in report["sizes"].items():
        r = size["resize"]
        line(f"{name}: stall like with like {r['stall_like']:.2f}x (pass {r['stall_like_pass']}: "
             f"{r['stall_like_cpu_ms']:.2f} ms against {r['stall_like_floor_ms']:.2f} ms; passes "
             f"{r['stall_like_passes']}); old: stall CPU / long still p99 "
             f"{r['stall_old']:.2f}x")
    line(f"stall like with like: each resize repeated {STALL_REPEATS} times (no card set kept),")
    line("the same passes each time; per pass, the median over the repetitions of its CPU over")
    line("a still frame (the window's picture blitted and flipped) timed right after it; the")
    line("largest over the passes (the whole frames after them are the scenes' and 1st full's).")
    line("The budget takes it; the old figure, a reference, divides one worst pass of ~120 by a")
    line("p99 timed minutes before, under another load.")
    windows = report.get("window") or {}
    line()
    if not windows:
        line("real window: not measured (needs Xvfb and xdotool on Linux)")
    for name, w in windows.items():
        s = w["startup"]
        line(f"real window {name} (Xvfb): idle CPU {w['idle']['cpu_percent']:.2f}% of a core "
             f"(a bare window presenting a clock: {w['idle']['floor_cpu_percent']:.2f}%), "
             f"peak {w['idle']['peak_rss_mb']:.1f} MB; with hints and the can-still-win search "
             f"{w['helpers']['peak_rss_mb']:.1f} MB; start to first frame (a game in "
             f"progress) {s['game_median']:.3f} s against a bare window's "
             f"{s['bare_median']:.3f} s ({s['ratio']:.2f}x; a new deal "
             f"{s['new_median']:.3f} s); CPU {s['game_cpu_median']:.3f} s (a new deal "
             f"{s['new_cpu_median']:.3f} s) against {s['bare_cpu_median']:.3f} s "
             f"({s['cpu_ratio']:.2f}x, the larger)")
    rss = [mb for _, mb in report["memory_session"]["rss_mb"]]
    line(f"long session ({report['memory_session']['games']} games of real play at 1920x1080): "
         f"RSS {rss[0]:.1f} -> {rss[-1]:.1f} MB, growth over the second half "
         f"{report['memory_growth_mb_per_100_games']:.2f} MB per 100 games")
    line()
    startup = report["startup"]
    runs = " ".join(f"{value:.3f}" for value in startup["runs"])
    line(f"start to first frame from source (python main.py, dummy drivers, "
         f"{len(startup['runs'])} runs): median {startup['median']:.3f} s  [{runs}]")
    line(f"(bytecode cached as after a first run; the very first run, compiling every "
         f"module: {startup.get('cold', float('nan')):.3f} s)")
    line()
    line("budgets:")
    labels = {
        "frame_p50": ("every scene p50 / still floor", "x"),
        "frame_p99": ("every scene p99 / still floor", "x"),
        "idle_cpu_percent": ("idle CPU, dummy driver", "%"),
        "idle_cpu_window_percent": ("idle CPU, real window", "%"),
        "raster_ratio": ("card set raster / SDL alone", "x"),
        "resize_stall_ratio": ("resize passes (CPU) / their floors", "x"),
        "peak_rss_window_mb": ("peak memory, real window", " MB"),
        "memory_growth_mb_per_100_games": ("memory growth per 100 games", " MB"),
        "startup_ratio": ("start to first frame / bare window", "x"),
    }
    for key, (label, unit) in labels.items():
        check = report["budgets"][key]
        where = f" at {check['size']}" if "size" in check else ""
        worst = "n/a" if check["worst"] is None else f"{check['worst']:.2f}{unit}"
        line(f"  {'ok  ' if check['ok'] else 'MISS'} {label + where:<40} {worst:>12}  "
             f"(limit {check['limit']:g}{unit})")
