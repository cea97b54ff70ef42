"""Measure start-up time and size: the built game, the game from source, and a bare floor.

Run after ``python packaging/build.py``::

    python tools/measure_startup.py [--runs 7] [--mode first-frame|smoke-test]

Rows (median and range of ``--runs`` runs, dummy video and audio drivers, each run
from a temporary working directory with a fresh data folder):

- ``dist/Spider/Spider``   the built game;
- ``python main.py``       the game from source;
- ``bare pygame (built)``  the floor: a tiny script that opens the same full-screen
  window and flips once, built with PyInstaller the same way (windowed onedir) in a
  temporary folder;
- ``bare pygame (python)`` the same script from source.

``--mode first-frame`` (default) times start to first frame: the game is started as
``--smoke-test`` with ``SPIDER_EXIT_AFTER_FIRST_FRAME=1``, which makes the smoke module
start the game exactly as a double-click does (``spider.app.loop.run``) and say when
its first ``display.flip`` is done, with the CPU time used by then (the App has no
exit-after-first-frame hook of its own); the bare script says the same after its one
flip. The wall time is from starting the process to reading that line (see
``tools.bench.window.first_frame``). ``--mode smoke-test`` times the whole
``--smoke-test`` instead. Sizes are those of the onedir folders (like ``du -sh``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))
sys.path.insert(0, str(ROOT))

from build import executable  # noqa: E402
from spider import environment  # noqa: E402
from tools.bench.window import BARE_WINDOW  # noqa: E402

FIRST_FRAME_ENV = environment.EXIT_AFTER_FIRST_FRAME

#: The floor: what the game does before its first frame and no more (the display alone,
#: not every pygame module as ``pygame.init()`` would), in the same full-screen window.
BARE = BARE_WINDOW


def folder_size(path: Path) -> int:
    """Bytes in the files under ``path`` (links not followed), like ``du``."""
    total = 0
    for dirpath, _, files in os.walk(path):
        for name in files:
            file = Path(dirpath) / name
            if not file.is_symlink():
                total += file.stat().st_size
    return total


def megabytes(size: int) -> str:
    return f"{size / 1e6:.1f} MB"


def build_bare(folder: Path) -> Path:
    """The floor: the bare script built with PyInstaller like the game (windowed onedir)."""
    script = folder / "bare.py"
    script.write_text(BARE, encoding="utf-8")
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--onedir", "--windowed", "--name", "bare",
               "--distpath", str(folder / "dist"), "--workpath", str(folder / "build"),
               "--specpath", str(folder)]
    if sys.platform.startswith("linux"):
        command.append("--strip")
    for module in ("tkinter", "numpy", "unittest", "pytest", "hypothesis"):
        command += ["--exclude-module", module]
    subprocess.run([*command, str(script)], check=True, cwd=folder)
    name = "bare.exe" if sys.platform == "win32" else "bare"
    if sys.platform == "darwin":
        return folder / "dist" / "bare.app" / "Contents" / "MacOS" / "bare"
    return folder / "dist" / "bare" / name


def time_runs(command: list[str], env: dict[str, str], runs: int,
              first_frame: bool = False) -> list[float]:
    """Wall-clock seconds of each run (to its first frame, with ``first_frame``);
    raises if a run fails."""
    from tools.bench.window import first_frame as shown

    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as cwd:
            run_env = dict(env, **{environment.DATA_DIR: str(Path(cwd) / "data")})
            if first_frame:
                times.append(shown(command, run_env, cwd)[0])
                continue
            start = time.perf_counter()
            result = subprocess.run(command, cwd=cwd, env=run_env, capture_output=True,
                                    text=True, timeout=300)
            elapsed = time.perf_counter() - start
        if result.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed ({result.returncode}):\n"
                             f"{result.stdout}{result.stderr}")
        times.append(elapsed)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--mode", choices=("first-frame", "smoke-test"), default="first-frame")
    args = parser.parse_args(argv)

    program = executable()
    if not program.is_file():
        raise SystemExit(f"{program} is missing: run python packaging/build.py first")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    game_args = ["--smoke-test"]
    game_env = dict(env)
    if args.mode == "first-frame":
        game_env[FIRST_FRAME_ENV] = "1"

    with tempfile.TemporaryDirectory() as work:
        print("building the bare pygame floor with PyInstaller...", file=sys.stderr, flush=True)
        bare = build_bare(Path(work))
        bare_script = Path(work) / "bare.py"
        rows = [
            ("dist/Spider/Spider", [str(program), *game_args], game_env,
             folder_size(program.parent)),
            ("python main.py", [sys.executable, str(ROOT / "main.py"), *game_args], game_env,
             None),
            ("bare pygame (built)", [str(bare)], env, folder_size(bare.parent)),
            ("bare pygame (python)", [sys.executable, str(bare_script)], env, None),
        ]
        what = "start to first frame" if args.mode == "first-frame" else "--smoke-test"
        print(f"\n{what}, {args.runs} runs each, dummy video/audio drivers\n")
        print(f"{'program':<22} {'median':>8} {'min':>8} {'max':>8} {'size':>10}")
        print("-" * 60)
        for name, command, run_env, size in rows:
            times = time_runs(command, run_env, args.runs, args.mode == "first-frame")
            print(f"{name:<22} {statistics.median(times):>7.3f}s {min(times):>7.3f}s "
                  f"{max(times):>7.3f}s {megabytes(size) if size else '':>10}", flush=True)
        shutil.rmtree(Path(work) / "build", ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
