"""Crash reports: an unexpected error never vanishes, even in a windowed build.

``run_guarded(main)`` runs the program. If an exception escapes it, the handler:

1. writes a report (traceback, version, platform) to the user data folder as
   ``crash-<timestamp>.txt`` (``spider.data.storage.data_dir()``), or to the temp folder
   if that cannot be written;
2. prints the traceback and the report's path on stderr, when there is one;
3. shows a short message box (``pygame.display.message_box``) when a display can be
   opened — not with the dummy video driver, so headless runs never block;
4. returns ``EXIT_CRASH`` (non-zero) for ``sys.exit``.

Only the standard library (and the names in :mod:`spider.environment`) is imported at
module level, so the handler still works when the failure is an import error inside
the game. The message box is injectable
(``show=``) so tests never open a real one. ``SPIDER_TEST_CRASH=1`` in the environment
raises a deliberate error first: CI uses it to prove the packaged executable reports
crashes.
"""

from __future__ import annotations

import contextlib
import os
import platform
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from spider import environment  # names only: safe before anything of the game loads

if TYPE_CHECKING:
    from datetime import datetime

EXIT_CRASH = 70
TITLE = "Spider"

ShowMessage = Callable[[str, str], object]


class ForcedCrash(RuntimeError):
    """The deliberate error raised when ``SPIDER_TEST_CRASH=1``."""


def app_version() -> str:
    """The game's version from ``pyproject.toml`` beside the package (the bundle has it too)."""
    import tomllib  # here, not at start-up: read only for a crash report

    try:
        path = Path(__file__).resolve().parents[2] / "pyproject.toml"
        return str(tomllib.loads(path.read_text(encoding="utf-8"))["project"]["version"])
    except Exception:
        return "unknown"


def report_text(error: BaseException, when: datetime | None = None) -> str:
    """The crash report: what happened, on which version and platform, and the traceback."""
    from datetime import datetime  # here: the game starts without it

    when = when or datetime.now()
    build = "frozen" if getattr(sys, "frozen", False) else "source"
    lines = [
        "Spider crash report",
        f"time: {when.isoformat(timespec='seconds')}",
        f"version: {app_version()} ({build})",
        f"python: {sys.version.split()[0]} ({platform.python_implementation()})",
        f"platform: {platform.platform()}",
        f"machine: {platform.machine()}",
    ]
    pygame = sys.modules.get("pygame")
    if pygame is not None:
        version = getattr(pygame, "version", None)
        lines.append(f"pygame: {getattr(version, 'ver', '?')} (SDL {getattr(version, 'SDL', '?')})")
    lines.append(f"executable: {sys.executable}")
    lines.append(f"arguments: {sys.argv[1:]!r}")
    lines.append("")
    lines.extend(traceback.format_exception(error))
    return "\n".join(line.rstrip("\n") for line in lines) + "\n"


def report_folders() -> list[Path]:
    """Where a report may go, best first: the user data folder, then the temp folder."""
    folders = []
    try:
        from spider.data.storage import data_dir

        folders.append(data_dir())
    except Exception:  # even a broken storage module must not hide the crash
        pass
    folders.append(Path(tempfile.gettempdir()))
    return folders


def write_report(text: str, folders: Iterable[Path] | None = None,
                 when: datetime | None = None) -> Path | None:
    """Write ``text`` to ``crash-<timestamp>.txt`` in the first folder that takes it."""
    from datetime import datetime

    stamp = (when or datetime.now()).strftime("%Y%m%d-%H%M%S")
    for folder in report_folders() if folders is None else folders:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for n in range(100):
                path = folder / f"crash-{stamp}{f'-{n}' if n else ''}.txt"
                try:
                    with open(path, "x", encoding="utf-8") as file:
                        file.write(text)
                    return path
                except FileExistsError:
                    continue
        except OSError:
            continue
    return None


def message_text(error: BaseException, report: Path | None) -> str:
    """The short message for the player."""
    what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    if len(what) > 300:
        what = what[:297] + "..."
    try:  # in the player's language; plain English if even that fails
        from spider.text.i18n import tr

        where = (tr("crash.report-saved", file=str(report)) if report is not None
                 else tr("crash.report-not-saved"))
        return tr("crash.message", what=what, where=where)
    except Exception:
        pass
    where = (f"A report was saved to:\n{report}" if report is not None
             else "The crash report could not be saved.")
    return (f"Spider stopped because of an unexpected error.\n\n{what}\n\n{where}\n\n"
            "Please attach the report when you tell us about the problem.")


def show_message_box(title: str, message: str) -> bool:
    """Show ``message`` in a native box if a display can be opened; True if shown."""
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return False
    if sys.platform not in ("win32", "darwin") and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return False  # no desktop session to show a box in
    try:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        # Close the game's (maybe full-screen) window so the box is not hidden behind it.
        if pygame.display.get_init():
            pygame.display.quit()
        pygame.display.init()
        pygame.display.message_box(title, message, message_type="error")
        return True
    except Exception:
        return False


def _ensure_streams() -> None:
    """Windowed builds on Windows have no console: sys.stdout/stderr are None there."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115


def _print_error(text: str) -> None:
    try:
        if sys.stderr is not None:
            sys.stderr.write(text)
            sys.stderr.flush()
    except Exception:
        pass


def handle_crash(error: BaseException, show: ShowMessage | None = None) -> int:
    """Report ``error`` (file, stderr, box) and return the exit status to use."""
    text = report_text(error)
    report = write_report(text)
    _print_error(text + (f"Crash report: {report}\n" if report else
                         "Crash report could not be written.\n"))
    with contextlib.suppress(Exception):  # a broken box must not hide the exit status
        (show or show_message_box)(TITLE, message_text(error, report))
    return EXIT_CRASH


def run_guarded(main: Callable[[], int | None], show: ShowMessage | None = None) -> int:
    """Run ``main`` and return its exit status; an unexpected exception is reported.

    ``SystemExit`` passes through (argparse's ``--help``, explicit exits), and Ctrl+C
    ends quietly with status 130.
    """
    _ensure_streams()
    try:
        if os.environ.get(environment.TEST_CRASH) == "1":
            raise ForcedCrash(f"a deliberate crash ({environment.TEST_CRASH}=1)")
        status = main()
        return 0 if status is None else int(status)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        return 130
    except Exception as error:
        return handle_crash(error, show)
