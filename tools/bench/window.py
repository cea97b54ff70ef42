"""The figures the dummy driver hides, measured in a real window under Xvfb.

Presenting a picture to a real X window costs CPU that SDL's dummy driver never
spends, so three figures are taken again with the game started from source as a
player starts it (``python main.py``), on a private Xvfb screen of each size:

* **idle CPU**: a game in progress (its clock ticking), no input; the process's
  CPU time (every thread, from ``/proc``) per second of wall time. Its floor, in
  the same X screen right after: a bare pygame-ce program in the same full-screen
  window presenting a clock-sized area once a second.
* **peak memory**: the process's ``VmHWM`` after that idle time, with hints and
  the "can still be won" line on, so the hint worker and a solver search are in it.
* **start to first frame**: ``main.py`` (a game in progress, as a player comes back
  to it, and a new deal) against a bare pygame-ce program that opens the same
  full-screen window, fills it and presents it once. Each process says when its
  first frame is presented (a line on its standard output) and how much CPU time,
  every thread, it had used by then; the wall time is from starting the process to
  reading that line. Interleaved, median of several runs. Both present the same way
  (SDL's shared-memory framebuffer, without the OpenGL probe the game skips: see
  ``spider.app.desktop.software_framebuffer``), and both start as every start after
  the first does: from cached bytecode (``PYTHONDONTWRITEBYTECODE`` is dropped) and
  with the card pictures and the cloth the first run kept in the cache folder (it
  plays until both are there).

The bare programs present through X11's shared memory, as the game asks SDL to
(``SDL_FRAMEBUFFER_ACCELERATION=0``: see ``spider.app.desktop``).

Needs Xvfb (Linux); :func:`available` says whether it is there.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.e2e.xsession import stop, xvfb  # the real-window tests' private X screen and exit

ROOT = Path(__file__).resolve().parents[2]
FIRST_FRAME_ENV = "SPIDER_EXIT_AFTER_FIRST_FRAME"
WARM_UP_SECONDS = 4.0
START_TIMEOUT = 60.0

#: A bare pygame-ce program: the same full-screen window, one picture presented.
BARE_WINDOW = """\
import os
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
import time
import pygame
pygame.display.init()
screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
screen.fill((11, 51, 26))
pygame.display.flip()
print(f"first frame {time.process_time():.4f}", flush=True)
pygame.quit()
"""

#: A bare pygame-ce program idling as a game with a clock: one small present a second.
BARE_IDLE = """\
import time
import pygame
pygame.display.init()
screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
screen.fill((11, 51, 26))
pygame.display.flip()
width, height = screen.get_size()
clock = pygame.Rect(width // 2, 0, height // 20, height // 40)  # the time's size
second = 0
while True:
    second += 1
    screen.fill((second % 256, 51, 26), clock)
    pygame.display.update([clock])
    time.sleep(1.0)
    pygame.event.pump()
"""
#: What the bare programs are given: the game's way of presenting (see the docstring).
BARE_ENVIRONMENT = {"SDL_FRAMEBUFFER_ACCELERATION": "0"}


def available() -> bool:
    return sys.platform.startswith("linux") and shutil.which("Xvfb") is not None


def _environment(display: str, data: Path) -> dict[str, str]:
    """The game's environment: the saved game in ``data``; the cache folder found as a
    player's is (through platformdirs, which ``SPIDER_CACHE_DIR`` would spare the start)
    in a private XDG cache home beside it (:func:`_cache_folder`)."""
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", SPIDER_DATA_DIR=str(data),
               XDG_CACHE_HOME=str(data.parent / "cache"))
    for name in (FIRST_FRAME_ENV, "SPIDER_CACHE_DIR"):
        env.pop(name, None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as a player's: compiled once, then cached
    return env


def _cache_folder(env: dict[str, str]) -> Path:
    """The game's cache folder in ``env`` (platformdirs' on Linux)."""
    return Path(env["XDG_CACHE_HOME"]) / "Spider"


def _game_in_progress(data: Path, *, helpers: bool) -> None:
    """Save a game a few actions in (its clock runs when resumed) and the settings."""
    from spider.data.persistence import save_game
    from spider.data.session import Session
    from spider.data.settings import Settings, save_settings
    from spider.model.actions import DEAL
    from spider.model.dealcode import DealCode

    data.mkdir(parents=True, exist_ok=True)
    session = Session(DealCode.parse("SP1-S4C-BCDEFGH"))
    session.game.play(DEAL)
    session.elapsed = 12.0
    save_game(data, session)
    save_settings(data, Settings(fullscreen=True, sound=False, hints=helpers, win_check=helpers))


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime + stime, every thread


def _peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _wait_for_window(display: str, pid: int) -> None:
    end = time.monotonic() + START_TIMEOUT
    env = dict(os.environ, DISPLAY=display)
    while time.monotonic() < end:
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                               env=env, capture_output=True, text=True).stdout.split()
        if found:
            return
        time.sleep(0.2)
    raise RuntimeError("the game's window did not appear")


def idle(size: tuple[int, int], seconds: float, *, helpers: bool) -> dict[str, Any]:
    """Idle CPU and peak memory of the game in a real full-screen window of ``size``,
    and the idle CPU of a bare program in the same window just after (its floor)."""
    with tempfile.TemporaryDirectory(prefix="spider-bench-window-") as folder, \
            xvfb(size) as display:
        data = Path(folder) / "data"
        _game_in_progress(data, helpers=helpers)
        env = _environment(display, data)
        game = _idle_cpu([sys.executable, str(ROOT / "main.py")], folder, env, display,
                         seconds)
        floor = _idle_cpu([sys.executable, "-c", BARE_IDLE], folder,
                          dict(env, **BARE_ENVIRONMENT), display, seconds)
    return {"seconds": game["seconds"], "cpu_seconds": game["cpu_seconds"],
            "cpu_percent": game["cpu_percent"], "peak_rss_mb": game["peak_rss_mb"],
            "floor_cpu_percent": floor["cpu_percent"], "hints_and_win_check": helpers}


def _idle_cpu(command: list[str], folder: str, env: dict[str, str], display: str,
              seconds: float) -> dict[str, float]:
    """Start ``command``, wait for its window and the warm-up, then measure its CPU
    time (every thread) over ``seconds`` of wall time; its peak memory after."""
    process = subprocess.Popen(command, cwd=folder, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    try:
        _wait_for_window(display, process.pid)
        time.sleep(WARM_UP_SECONDS)  # the card set is made in spare time after start
        cpu, wall = _cpu_seconds(process.pid), time.monotonic()
        time.sleep(seconds)
        cpu, wall = _cpu_seconds(process.pid) - cpu, time.monotonic() - wall
        peak = _peak_rss_mb(process.pid)
    finally:
        stop(process, timeout=20)
    return {"seconds": wall, "cpu_seconds": cpu, "cpu_percent": 100 * cpu / wall,
            "peak_rss_mb": peak}


def startup(size: tuple[int, int], runs: int) -> dict[str, Any]:
    """Start to first frame of the game (a game in progress, and a new deal) and of a
    bare pygame-ce window, interleaved: wall time, and the CPU time each process had
    used when its first frame was presented (on a loaded machine the wall time is
    mostly waiting for a turn on a processor). ``game``/``ratio`` are the game in
    progress; ``cpu_ratio`` is the larger of the two starts'."""
    times: dict[str, list[float]] = {"game": [], "new": [], "bare": []}
    cpu: dict[str, list[float]] = {"game": [], "new": [], "bare": []}
    with tempfile.TemporaryDirectory(prefix="spider-bench-window-") as folder, \
            xvfb(size) as display:
        saved = Path(folder) / "saved"
        _game_in_progress(saved, helpers=False)
        env = _environment(display, saved)
        commands = {
            "game": ([sys.executable, str(ROOT / "main.py"), "--smoke-test"],
                     dict(env, **{FIRST_FRAME_ENV: "1"})),
            "new": ([sys.executable, str(ROOT / "main.py"), "--smoke-test"],
                    dict(env, **{FIRST_FRAME_ENV: "1", "SPIDER_DATA_DIR": ""})),
            "bare": ([sys.executable, "-c", BARE_WINDOW], dict(env, **BARE_ENVIRONMENT)),
        }
        # As after a first run: bytecode written, files cached, the pictures kept.
        _first_run(folder, env, display)
        for command, environment in commands.values():
            first_frame(command, environment, folder)
        for _ in range(runs):
            for kind, (command, environment) in commands.items():
                wall, used = first_frame(command, environment, folder)
                times[kind].append(wall)
                cpu[kind].append(used)
    median = {kind: statistics.median(values) for kind, values in times.items()}
    cpu_median = {kind: statistics.median(values) for kind, values in cpu.items()}
    return {"game": times["game"], "new": times["new"], "bare": times["bare"],
            "game_cpu": cpu["game"], "new_cpu": cpu["new"], "bare_cpu": cpu["bare"],
            "game_median": median["game"], "new_median": median["new"],
            "bare_median": median["bare"], "ratio": median["game"] / median["bare"],
            "new_ratio": median["new"] / median["bare"],
            "game_cpu_median": cpu_median["game"], "new_cpu_median": cpu_median["new"],
            "bare_cpu_median": cpu_median["bare"],
            "cpu_ratio": max(cpu_median["game"], cpu_median["new"]) / cpu_median["bare"]}


def _first_run(folder: str, env: dict[str, str], display: str) -> None:
    """Play the saved game until it has kept its card set and its cloth in the cache
    folder (on a busy machine that takes longer than any fixed warm-up)."""
    cache = _cache_folder(env)
    process = subprocess.Popen([sys.executable, str(ROOT / "main.py")], cwd=folder, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _wait_for_window(display, process.pid)
        end = time.monotonic() + START_TIMEOUT
        while not (any(cache.glob("cards/*.cards")) and any(cache.glob("cloth/*.cloth"))):
            if time.monotonic() > end or process.poll() is not None:
                raise RuntimeError("the game kept no card set or cloth")
            time.sleep(0.2)
    finally:
        stop(process, timeout=20)


def first_frame(command: list[str], env: dict[str, str], folder: str) -> tuple[float, float]:
    """Run ``command`` until it exits; return the wall time from its start to its
    ``first frame`` line and the CPU seconds it reported in that line."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=folder, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    shown: tuple[float, float] | None = None
    try:
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith("first frame ") and shown is None:
                shown = time.perf_counter() - start, float(line.split()[2])
        _, errors = process.communicate(timeout=START_TIMEOUT)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    if process.returncode != 0 or shown is None:
        raise RuntimeError(f"{command[1:]} showed no first frame: {errors.strip()[-300:]}")
    return shown


def measure(sizes: list[tuple[int, int]], idle_seconds: float, startup_runs: int,
            say: Any = lambda message: None) -> dict[str, Any]:
    """Every real-window figure at each size (``{}`` when Xvfb is missing)."""
    if not available():
        return {}
    figures: dict[str, Any] = {}
    for width, height in sizes:
        name = f"{width}x{height}"
        say(f"real window at {name}: idle...")
        quiet = idle((width, height), idle_seconds, helpers=False)
        say(f"real window at {name}: memory with hints and the can-still-win search...")
        busy = idle((width, height), max(5.0, idle_seconds / 3), helpers=True)
        say(f"real window at {name}: start to first frame...")
        figures[name] = {"idle": quiet, "helpers": busy,
                         "startup": startup((width, height), startup_runs)}
    return figures


if __name__ == "__main__":  # python -m tools.bench.window [seconds]
    wanted = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    print(json.dumps(measure([(1920, 1080), (3840, 2160)], wanted, 3, say=print), indent=2))
