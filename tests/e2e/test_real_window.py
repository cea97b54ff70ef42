"""End to end in a real window: the game under Xvfb, played with xdotool like a person.

The game starts from source (``python main.py --code CODE``) and, when it was built,
as the executable (``dist/Spider/Spider --code CODE``), with a fresh data folder, on
an X display of 1280 × 800 (full screen on first start, as for a player). A person
then double-clicks a card that has a home, drags a card onto a column that refuses
it (and sees it come back), clicks the stock, presses Ctrl+Z, opens and closes the
settings from the menu, toggles full screen with F11 and closes the window.

Where to aim comes from a *mirror*: the same deal in an App in this process, at the
window's size, given the same gestures (``EventDriver``). The screenshots of the
real window are compared with the mirror's frames (the game is really on screen,
drawn as the mirror draws it), and the saved game must be what was played.

Needs ``Xvfb`` and ``xdotool`` (``apt-get install xvfb xdotool``; ``.ci/run`` installs
them). ``SPIDER_E2E_SHOTS=DIR`` keeps the screenshots.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from spider.app.dialogs import MenuScene, SettingsScene
from spider.app.table.driver import EventDriver
from spider.app.ui.focus import walk
from spider.app.ui.widgets import Button
from spider.model.actions import DEAL, Move
from spider.text.i18n import tr
from tests.e2e.xsession import REAL_WINDOW, Display, display_fixture, finish, saved_session
from tests.helpers import PATIENCE, until

ROOT = Path(__file__).resolve().parents[2]
CODE = "SP1-S1C-AAAAAAD"
SCREEN = (1280, 800)
EXECUTABLE = ROOT / "dist" / "Spider" / ("Spider.exe" if sys.platform == "win32" else "Spider")

pytestmark = REAL_WINDOW
display = display_fixture(SCREEN)


def built_executable() -> Path:
    """The built game, if it is there and newer than every source file (else the test
    skips, or fails with ``SPIDER_E2E_EXECUTABLE=required``, as in CI after the build)."""
    missing = pytest.fail if os.environ.get("SPIDER_E2E_EXECUTABLE") == "required" else (
        pytest.skip)
    if not EXECUTABLE.exists():
        missing(f"no built game at {EXECUTABLE.relative_to(ROOT)}: "
                "run `python packaging/build.py` first (.ci/run does)")
    newest = max(path.stat().st_mtime for path in (ROOT / "spider").rglob("*.py"))
    if EXECUTABLE.stat().st_mtime < newest:
        missing("the built game is older than the source: run `python packaging/build.py`")
    return EXECUTABLE


def full_screen_window(display: Display, game: subprocess.Popen[bytes]) -> int | None:
    """The game's window once it covers the screen (None until then)."""
    assert game.poll() is None, game.communicate()[1].decode()[-3000:]
    window = display.find_window(game.pid)
    return window if display.geometry(window)[2:] == SCREEN else None


def smaller_window(display: Display, game: subprocess.Popen[bytes]) -> int | None:
    """The game's window once it is smaller than the screen (a new mode may bring a new
    window)."""
    assert game.poll() is None, game.communicate()[1].decode()[-3000:]
    window = display.find_window(game.pid)
    return window if display.geometry(window)[2:] != SCREEN else None


def start_game(display: Display, how: str, data: Path) -> subprocess.Popen[bytes]:
    command = ([sys.executable, str(ROOT / "main.py")] if how == "source"
               else [str(built_executable())])
    env = {key: value for key, value in display.env.items() if not key.startswith("SDL_")}
    env.update(SPIDER_DATA_DIR=str(data), SPIDER_CACHE_DIR=str(data.parent / "cache"),
               SDL_AUDIODRIVER="dummy", LANGUAGE="en",
               LC_ALL="C.UTF-8", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.Popen([*command, "--code", CODE], cwd=data.parent, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


# ------------------------------------------------------------------ screens
def differing(a: pygame.Surface, b: pygame.Surface, area: pygame.Rect,
              tolerance: int = 12) -> float:
    """The share of pixels in ``area`` whose colours differ by more than ``tolerance``."""
    a = a.subsurface(area).convert(24) if a.get_bitsize() != 24 else a.subsurface(area).copy()
    b = b.subsurface(area).convert(24) if b.get_bitsize() != 24 else b.subsurface(area).copy()
    up, down = a.copy(), b.copy()
    up.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    down.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    up.blit(down, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(up, (0, 0, 0), (tolerance, tolerance, tolerance, 255))
    return 1 - same.count() / (area.w * area.h)


class Person:
    """Drives the real window with xdotool, and the mirror with the same gestures."""

    def __init__(self, display: Display, pid: int, mirror: EventDriver, shots: Path) -> None:
        self.display, self.pid, self.mirror, self.shots = display, pid, mirror, shots
        self.shot_number = 0

    @property
    def window(self) -> int:
        """The game's window now (SDL may replace it while it starts or changes mode)."""
        return self.display.find_window(self.pid)

    def point(self, pos: tuple[int, int]) -> tuple[int, int]:
        x, y, _, _ = self.display.geometry(self.window)
        return x + pos[0], y + pos[1]

    def move_to(self, pos: tuple[int, int]) -> None:
        self.display.xdotool("mousemove", "--sync", *self.point(pos))

    def click(self, pos: tuple[int, int], double: bool = False) -> None:
        self.move_to(pos)
        if double:
            self.display.xdotool("click", "--repeat", 2, "--delay", 90, 1)
            self.mirror.double_click(pos)
        else:
            self.display.xdotool("click", 1)
            self.mirror.click(pos)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 10) -> None:
        self.move_to(start)
        self.display.xdotool("mousedown", 1)
        for number in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * number // steps
            y = start[1] + (end[1] - start[1]) * number // steps
            self.display.xdotool("mousemove", *self.point((x, y)))
            time.sleep(0.02)
        self.display.xdotool("mouseup", 1)
        self.mirror.drag(start, end, steps)

    def key(self, name: str, key: int, mod: int = 0) -> None:
        self.display.xdotool("key", name)
        self.mirror.key(key, mod)

    def wait(self, seconds: float = 1.2) -> None:
        time.sleep(seconds)
        self.mirror.settle()

    def screenshot(self, label: str) -> pygame.Surface:
        self.shot_number += 1
        path = self.display.screenshot(self.shots / f"{self.shot_number:02}-{label}.png")
        return pygame.image.load(str(path))

    def columns_area(self) -> pygame.Rect:
        """The columns, in window pixels (above the bottom row, where messages show)."""
        g = self.mirror.table.geometry
        return pygame.Rect(0, g.bar.bottom, g.size[0], g.runs_box.y - g.pad - g.bar.bottom)

    def window_area(self, area: pygame.Rect) -> pygame.Rect:
        x, y, _, _ = self.display.geometry(self.window)
        return area.move(x, y)

    def settled(self, label: str, area: pygame.Rect | None = None, limit: float = 0.02,
                timeout: float = PATIENCE) -> pygame.Surface:
        """A screenshot once the window shows what the mirror shows (the game may be
        slower than the mirror on a busy machine); fails if it never does."""
        end = time.monotonic() + timeout
        while True:
            shot = self.screenshot(label)
            difference = self.shows_mirror(shot, area)
            if difference < limit:
                return shot
            if time.monotonic() > end:
                raise AssertionError(f"{label}: {difference:.1%} of the window differs from "
                                     f"the game as it should be (see {self.shots})")
            time.sleep(0.5)

    def shows_mirror(self, shot: pygame.Surface, area: pygame.Rect | None = None) -> float:
        """How much of ``area`` (window pixels) differs from the mirror's last frame."""
        area = area or self.columns_area()
        frame = self.mirror.app.screen.copy()
        placed = pygame.Surface(shot.get_size())
        placed.blit(shot, (0, 0))
        window = self.window_area(area)
        return differing(placed.subsurface(window), frame.subsurface(area),
                         pygame.Rect((0, 0), area.size))


def settings_point(person: Person) -> tuple[int, int]:
    """Where the menu's Settings entry is (read from the mirror's open menu)."""
    scene = person.mirror.app.scenes.top
    assert isinstance(scene, MenuScene), scene
    for widget in walk(scene.focus.root):
        if isinstance(widget, Button) and widget.label == tr("menu.settings"):
            return widget.rect.center
    raise AssertionError("no Settings entry in the menu")


def a_card_with_a_home(mirror: EventDriver) -> tuple[int, int, Move]:
    game = mirror.table.game
    for column, slots in enumerate(game.columns):
        target = game.best_destination(column, 1) if slots else None
        if target is not None:
            return column, len(slots) - 1, Move(column, target, 1)
    raise AssertionError("no card of the deal can move")


def a_refusing_column(mirror: EventDriver, avoid: int) -> tuple[int, int]:
    game = mirror.table.game
    for source, slots in enumerate(game.columns):
        if source == avoid or not slots or not slots[-1].face_up:
            continue
        for target, other in enumerate(game.columns):
            if target not in (source, avoid) and other and (
                    other[-1].card.rank != slots[-1].card.rank + 1):
                return source, target
    raise AssertionError("every column takes every card")


@pytest.mark.parametrize("how", ["source", "executable"])
def test_a_person_plays_in_a_real_window(display: Display, how: str, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.fuzz_tools import launch

    monkeypatch.setenv("LANGUAGE", "en")
    shots = Path(os.environ.get("SPIDER_E2E_SHOTS") or tmp_path / "shots") / how
    shots.mkdir(parents=True, exist_ok=True)
    data = tmp_path / "data"
    game = start_game(display, how, data)
    mirror_app = None
    try:
        # Full screen at the desktop's size on first start (SDL may replace its first
        # window meanwhile): the window that has that size.
        window = until(lambda: full_screen_window(display, game), "a full-screen window")
        _, _, width, height = display.geometry(window)

        mirror_app = launch(tmp_path / "mirror", CODE, size=(width, height), first=True)
        mirror = EventDriver(mirror_app)
        mirror.settle()
        person = Person(display, game.pid, mirror, shots)
        person.settled("dealt")

        # A double-click sends a card home.
        column, index, move = a_card_with_a_home(mirror)
        person.click(mirror.card_point(column, index), double=True)
        person.wait()
        assert mirror.table.game.history()[0] == [move]
        person.settled("double-clicked")

        # A card dropped on a column that refuses it comes back.
        source, target = a_refusing_column(mirror, move.target)
        start = mirror.card_point(source, len(mirror.table.game.columns[source]) - 1)
        person.drag(start, mirror.column_point(target))
        person.wait()
        assert mirror.table.game.moves == 1
        person.settled("refused")  # the card came back

        # The stock deals; Ctrl+Z takes the deal back.
        person.click(mirror.stock_point())
        person.wait()
        person.settled("dealt-from-stock")
        person.key("ctrl+z", pygame.K_z, pygame.KMOD_CTRL)
        person.wait()
        undone = person.settled("undone")
        assert mirror.table.game.history() == ([move], [DEAL])

        # Settings open from the bar's Menu button (through the menu, if it has one)
        # and close with Esc.
        full = pygame.Rect((0, 0), (width, height))
        person.click(mirror.button_point("menu"))
        person.wait(0.6)
        if isinstance(mirror.app.scenes.top, MenuScene):
            person.settled("menu", full, limit=0.05)  # open on screen before the click
            person.click(settings_point(person))
            person.wait(0.8)
        assert isinstance(mirror.app.scenes.top, SettingsScene)
        opened = person.settled("settings", full, limit=0.05)
        assert differing(opened, undone, full) > 0.3  # the table is dimmed under the dialog
        person.key("Escape", pygame.K_ESCAPE)
        person.wait(0.8)
        assert mirror.app.scenes.top is mirror.table
        closed = person.settled("settings-closed")
        assert differing(closed, undone, person.window_area(person.columns_area())) < 0.02

        # F11 leaves full screen: a window smaller than the screen.
        display.xdotool("key", "F11")
        window = until(lambda: smaller_window(display, game), "a window after F11")
        _, _, width, height = display.geometry(window)
        assert (width, height) < SCREEN and width >= 800 and height >= 600
        windowed = person.screenshot("windowed")
        assert differing(windowed, undone, pygame.Rect((0, 0), SCREEN)) > 0.05

        # Closing the window quits; the game is saved as it was played.
        display.close_window(window)
        assert game.wait(timeout=PATIENCE) == 0
    finally:
        err = finish(game, mirror_app)
    assert b"Traceback" not in err, err.decode()[-3000:]
    saved = saved_session(data)
    assert str(saved.code) == CODE
    assert saved.game.history() == ([move], [DEAL])
    settings = json.loads((data / "settings.json").read_text(encoding="utf-8"))["data"]
    assert settings["fullscreen"] is False  # F11's choice is remembered
    assert not list(data.glob("crash-*.txt"))
