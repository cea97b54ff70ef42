"""Build the double-clickable game with PyInstaller: ``python packaging/build.py``.

Produces the windowed onedir build ``dist/Spider/`` with the executable ``Spider``
(``Spider.exe`` on Windows; on macOS also ``dist/Spider.app``). Options:

- ``--onefile``   one self-extracting executable instead, ``dist/onefile/Spider``
  (``Spider.exe``; ``Spider.app`` on macOS); it starts slower;
- ``--smoke-test`` afterwards run the built executable's ``--smoke-test`` from another
  working directory, with a time limit, and exit with its status.

Works offline with what ``requirements-dev.txt`` installs (PyInstaller). The icon files in
``assets/icon/`` are committed; they are regenerated (``tools/make_icon.py``)
only when one is missing.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "spider.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build"
ICONS = [ROOT / "assets" / "icon" / name
         for name in ("spider.png", "spider.ico", "spider.icns")]
SMOKE_TIMEOUT = 120


def dist_folder(onefile: bool = False, dist: Path = DIST) -> Path:
    """Where a build goes: ``dist``, or ``dist/onefile`` (not to clash with dist/Spider/)."""
    return dist / "onefile" if onefile else dist


def executable(onefile: bool = False, dist: Path = DIST) -> Path:
    """Where the build puts the program to run (inside the .app on macOS)."""
    dist = dist_folder(onefile, dist)
    if sys.platform == "darwin":
        return dist / "Spider.app" / "Contents" / "MacOS" / "Spider"
    name = "Spider.exe" if sys.platform == "win32" else "Spider"
    return dist / name if onefile else dist / "Spider" / name


def ensure_icons() -> None:
    if all(path.is_file() for path in ICONS):
        return
    print("build: generating the icon files", flush=True)
    subprocess.run([sys.executable, str(ROOT / "tools" / "make_icon.py")], check=True)


def build(onefile: bool = False) -> Path:
    ensure_icons()
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(dist_folder(onefile)), "--workpath", str(WORK), str(SPEC)]
    if onefile:
        command += ["--", "--onefile"]
    print("build:", " ".join(command), flush=True)
    subprocess.run(command, check=True, cwd=ROOT)
    program = executable(onefile)
    if not program.is_file():
        raise SystemExit(f"build: expected {program}, but it is not there")
    return program


def smoke_test(program: Path, timeout: float = SMOKE_TIMEOUT) -> int:
    """Run ``program --smoke-test`` from a temporary folder; its exit status."""
    with tempfile.TemporaryDirectory() as cwd:
        print(f"build: {program} --smoke-test (in {cwd})", flush=True)
        try:
            return subprocess.run([str(program), "--smoke-test"], cwd=cwd,
                                  timeout=timeout, env=os.environ.copy()).returncode
        except subprocess.TimeoutExpired:
            print(f"build: smoke test still running after {timeout:.0f} s", file=sys.stderr)
            return 124


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true",
                        help="one self-extracting executable instead of the dist/Spider folder")
    parser.add_argument("--smoke-test", action="store_true",
                        help="run the built executable's --smoke-test afterwards")
    args = parser.parse_args(argv)
    program = build(args.onefile)
    print(f"build: done: {program}", flush=True)
    return smoke_test(program) if args.smoke_test else 0


if __name__ == "__main__":
    sys.exit(main())
