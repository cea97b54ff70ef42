"""Memory over a long session: a player who leaves the game open plays hundreds of games.

The real App (dialogs, saving, sound, the hint worker) at 1920×1080 on the manual
clock, in a process of its own, played by real events: a new game, then forty actions
— drags of random legal moves, deals, undos and redos — and again. The process's
resident memory is read after every game; growth is the least-squares slope over the
second half of the games (the first half includes the caches filling up), in MB per
100 games. Beside it, to tell what grows: the C heap in use (glibc's ``mallinfo2``;
what it holds free comes and goes with the pictures of each frame) and the blocks
Python has allocated (its own objects).
"""

from __future__ import annotations

import ctypes
import os
import random
import sys
import tempfile
import tracemalloc
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spider.app.table.driver import EventDriver

GAMES = 300
ACTIONS = 40
SIZE = (1920, 1080)


def _heap_mb() -> tuple[float, float]:
    """The C heap (glibc's ``mallinfo2``): MB in use and MB held free; zeros elsewhere."""
    try:
        libc = ctypes.CDLL(None)
        libc.mallinfo2.restype = _MallInfo2
    except (OSError, AttributeError):
        return 0.0, 0.0
    info = libc.mallinfo2()
    return (info.uordblks + info.hblkhd) / 2**20, info.fordblks / 2**20


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


def _rss_mb() -> float:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def slope_per_100(points: list[tuple[int, float]]) -> float:
    """Least-squares slope of (game, MB) points, in MB per 100 games."""
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    return 100 * sum((x - mean_x) * (y - mean_y) for x, y in points) / spread


def play_session(games: int = GAMES, actions: int = ACTIONS, seed: int = 1,
                 say: Any = lambda message: None, traced: tuple[int, int] | None = None,
                 size: tuple[int, int] = SIZE, every: int = 20) -> dict[str, Any]:
    """Play ``games`` games in a window of ``size``, saying the figures every ``every``
    games; ``traced``: (first, last) games between which to compare Python's allocations
    by where they were made (``tracemalloc``, slow), said as lines."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    folder = tempfile.mkdtemp(prefix="spider-bench-memory-")
    os.environ["SPIDER_DATA_DIR"] = folder
    os.environ["SPIDER_CACHE_DIR"] = os.path.join(folder, "cache")  # never the player's
    from spider.app.clock import ManualClock
    from spider.app.loop import App
    from spider.app.table.driver import EventDriver
    from spider.data.persistence import load_saved
    from spider.data.session import Session
    from spider.model.dealcode import DealCode

    chance = random.Random(seed)
    app = App(saved=load_saved(), session=Session(DealCode.parse("SP1-S2C-AAAAAAB")),
              size=size, fullscreen=False, clock=ManualClock())
    driver = EventDriver(app)
    driver.settle()
    readings: list[tuple[int, float]] = []
    heap: list[tuple[int, float, float]] = []
    blocks: list[tuple[int, float]] = []
    if traced:
        tracemalloc.start(12)
    snapshot: tracemalloc.Snapshot | None = None
    try:
        for number in range(1, games + 1):
            play_game(driver, chance, actions)
            readings.append((number, _rss_mb()))
            heap.append((number, *_heap_mb()))
            blocks.append((number, sys.getallocatedblocks() / 1000))
            if traced and number == traced[0]:
                snapshot = tracemalloc.take_snapshot()
            elif traced and number == traced[1] and snapshot is not None:
                _say_growth(snapshot, tracemalloc.take_snapshot(), say)
            if number % every == 0:
                say(f"memory: game {number}: {readings[-1][1]:.1f} MB resident, C heap "
                    f"{heap[-1][1]:.1f} MB in use and {heap[-1][2]:.1f} MB free")
    finally:
        app.close()
    later = readings[len(readings) // 2:]
    in_use = [(number, used) for number, used, _ in heap[len(heap) // 2:]]
    return {"games": games, "actions_per_game": actions, "rss_mb": readings,
            "heap_mb": heap,
            "growth_mb_per_100_games": slope_per_100(later) if len(later) > 1 else 0.0,
            "heap_growth_mb_per_100_games": slope_per_100(in_use) if len(in_use) > 1 else 0.0,
            "python_blocks_k": blocks,
            "python_blocks_growth_k_per_100_games": slope_per_100(blocks[len(blocks) // 2:])
            if len(blocks) > 2 else 0.0}


def measure(games: int = GAMES, size: tuple[int, int] = SIZE, every: int = 20,
            say: Any = lambda message: None) -> dict[str, Any]:
    """:func:`play_session` in a fresh process, as a player's session starts: what the
    caller did before (other benchmarks) is not counted, and its environment is kept."""
    import json
    import subprocess

    command = [sys.executable, "-m", "tools.bench.memory", str(games),
               "--size", f"{size[0]}x{size[1]}", "--every", str(every)]
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    with subprocess.Popen(command, cwd=Path(__file__).resolve().parents[2], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as run:
        assert run.stdout is not None and run.stderr is not None
        for line in run.stderr:
            say(line.rstrip())
        out = run.stdout.read()
    if run.returncode != 0:
        raise RuntimeError(f"the memory bench failed ({run.returncode})")
    return dict(json.loads(out.strip().splitlines()[-1]))


def play_game(driver: EventDriver, chance: random.Random, actions: int = ACTIONS) -> None:
    """A new game of one, two or four suits, then ``actions`` actions by real events:
    drags of random legal moves, deals, undos and redos."""
    import pygame

    from spider.model.actions import DEAL
    from spider.model.dealcode import DealCode

    app = driver.app
    app.new_game(DealCode.random(suits=chance.choice((1, 2, 4)), rng=chance))
    driver.settle()
    for _ in range(actions):
        game = app.session.game
        roll = chance.random()
        moves = game.legal_moves()
        if roll < 0.6 and moves:
            driver.drag_move(chance.choice(moves))
        elif roll < 0.75 and game.is_legal(DEAL):
            driver.click(driver.stock_point())
        elif roll < 0.9:
            driver.key(pygame.K_z, pygame.KMOD_CTRL)
        else:
            driver.key(pygame.K_y, pygame.KMOD_CTRL)
        driver.settle()


def _say_growth(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, say: Any,
                top: int = 12) -> None:
    """The places whose allocations grew most between two snapshots, innermost first."""
    ours = [tracemalloc.Filter(False, tracemalloc.__file__)]
    changes = after.filter_traces(ours).compare_to(before.filter_traces(ours), "traceback")
    for change in changes[:top]:
        say(f"memory: {change.size_diff / 1024:+.0f} KiB in {change.count_diff:+d} blocks, at")
        for frame in change.traceback.format(limit=6, most_recent_first=True):
            say(f"    {frame}")


if __name__ == "__main__":  # python -m tools.bench.memory [games [first last]] [--size WxH]
    import argparse
    import json

    parser = argparse.ArgumentParser(prog="python -m tools.bench.memory")
    parser.add_argument("games", type=int, nargs="?", default=GAMES)
    parser.add_argument("traced", type=int, nargs="*", help="first and last game to compare")
    parser.add_argument("--size", default="x".join(map(str, SIZE)), help="window, WxH")
    parser.add_argument("--every", type=int, default=20, help="say the figures every N games")
    options = parser.parse_args()
    width, _, height = options.size.partition("x")
    result = play_session(options.games, say=lambda message: print(message, file=sys.stderr),
                          traced=tuple(options.traced[:2]) if len(options.traced) > 1 else None,
                          size=(int(width), int(height)), every=options.every)
    print(json.dumps({key: result[key] for key in (
        "games", "growth_mb_per_100_games", "heap_growth_mb_per_100_games",
        "python_blocks_growth_k_per_100_games", "rss_mb")}))
