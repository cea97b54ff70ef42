"""Play feel in a real window (Xvfb at 1920 × 1080, xdotool): the game starts quietly
under its own name, and the player stays in charge.

Each test starts the game from source on a fresh data folder and reads what it did
from the window (its class, its place) and from the files it saved.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.xsession import REAL_WINDOW, Display, display_fixture, saved_session, stop

ROOT = Path(__file__).resolve().parents[2]
SCREEN = (1920, 1080)

pytestmark = REAL_WINDOW
display = display_fixture(SCREEN)


class Game:
    """The game from source in a real window; ``stop`` closes it and returns stderr."""

    def __init__(self, display: Display, data: Path, code: str, audio: str = "dummy") -> None:
        env = {key: value for key, value in display.env.items() if not key.startswith("SDL_")}
        env.update(SPIDER_DATA_DIR=str(data), SPIDER_CACHE_DIR=str(data.parent / "cache"),
                   LANGUAGE="en", LC_ALL="C.UTF-8",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        if audio:
            env["SDL_AUDIODRIVER"] = audio
        self.display = display
        self.process = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--code", code],
                                        cwd=data.parent, env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        display.find_window(self.process.pid)
        time.sleep(2.5)  # the deal flies in
        assert self.process.poll() is None, self.process.communicate()[1].decode()[-3000:]
        self.window = display.find_window(self.process.pid)

    def stop(self) -> str:
        if self.process.poll() is None:
            self.display.close_window(self.display.find_window(self.process.pid))
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
        _, err = self.process.communicate()
        return err.decode()


@pytest.fixture
def game(display: Display, tmp_path: Path) -> Iterator[type[Game]]:
    started: list[Game] = []

    def start(code: str = "SP1-S2C-AAAABMT", audio: str = "dummy") -> Game:
        started.append(Game(display, tmp_path / "data", code, audio))
        return started[-1]

    yield start  # type: ignore[misc]
    for each in started:
        if each.process.poll() is None:
            each.process.kill()
            each.process.communicate()


def shot(display: Display, label: str, tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SPIDER_E2E_SHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return display.screenshot(folder / f"{label}.png")


def test_the_window_is_called_spider_and_the_start_is_quiet(display: Display, game) -> None:
    started = game(audio="")  # the system's audio: none here, which ALSA complains about
    classed = display.xdotool("search", "--all", "--pid", started.process.pid,
                              "--class", "^Spider$", check=False).split()
    assert str(started.window) in classed
    err = started.stop()
    assert started.process.returncode == 0
    assert err == "", err[-2000:]


def test_full_screen_covers_the_display_and_leaving_it_restores_the_window(
        display: Display, game, tmp_path: Path) -> None:
    started = game()
    assert display.geometry(started.window) == (0, 0, *SCREEN)  # first start: full screen
    display.xdotool("key", "F11")
    time.sleep(1.5)
    window = display.find_window(started.process.pid)
    display.xdotool("windowmove", window, 300, 200)
    display.xdotool("windowsize", window, 1200, 800)
    time.sleep(1.0)
    display.xdotool("key", "F11")
    time.sleep(1.5)
    window = display.find_window(started.process.pid)
    assert display.geometry(window) == (0, 0, *SCREEN)  # not at 300, 200: all of it shows
    shot(display, "full-screen-again", tmp_path)
    display.xdotool("key", "F11")
    time.sleep(1.5)
    window = display.find_window(started.process.pid)
    assert display.geometry(window) == (300, 200, 1200, 800)
    started.stop()
    assert started.process.returncode == 0


# --------------------------------------------------- playing in a real window
CODE = "SP1-S2C-AAAABMT"  # 7♠ ends column 3, 7♥ column 8, 6♥ column 9


def mirror_of(tmp_path: Path, size: tuple[int, int]):
    """The same deal in this process, headless, at the window's size: where to aim."""
    from spider.app.table.driver import EventDriver
    from tests.fuzz_tools import launch

    app = launch(tmp_path / "mirror", CODE, size=size, first=True)
    driver = EventDriver(app)
    driver.settle()
    return driver


def real_drag(display: Display, window: int, start: tuple[int, int], end: tuple[int, int],
              steps: int = 12) -> None:
    """Press at ``start`` and release at ``end`` (window pixels; ``end`` may be off it)."""
    x, y, _, _ = display.geometry(window)
    display.xdotool("mousemove", "--sync", x + start[0], y + start[1])
    display.xdotool("mousedown", 1)
    for number in range(1, steps + 1):
        display.xdotool("mousemove", x + start[0] + (end[0] - start[0]) * number // steps,
                        y + start[1] + (end[1] - start[1]) * number // steps)
        time.sleep(0.03)
    display.xdotool("mouseup", 1)
    time.sleep(1.2)


def saved_moves(data: Path) -> list[str]:
    from spider.model.notation import format_moves

    return format_moves(saved_session(data).game.history()[0]).split()


def test_auto_place_keeps_a_legal_drop_in_a_real_window(display: Display, game,
                                                        tmp_path: Path) -> None:
    started = game(CODE)
    mirror = mirror_of(tmp_path, SCREEN)
    try:
        display.xdotool("key", "a")  # auto-place on
        time.sleep(0.5)
        start = mirror.card_point(8, len(mirror.table.game.columns[8]) - 1)
        real_drag(display, started.window, start, mirror.column_point(2))
        shot(display, "auto-place-legal-drop", tmp_path)
    finally:
        mirror.app.close()
    started.stop()
    assert saved_moves(tmp_path / "data") == ["9:1>3"]  # onto 7♠, not 7♥ in column 8


def test_a_drag_released_outside_the_window_changes_nothing_in_a_real_window(
        display: Display, game, tmp_path: Path) -> None:
    started = game(CODE)
    display.xdotool("key", "a")  # auto-place on: it used to send the group somewhere
    display.xdotool("key", "F11")  # a window smaller than the screen
    time.sleep(1.5)
    window = display.find_window(started.process.pid)
    x, y, width, height = display.geometry(window)
    assert (width, height) < SCREEN
    mirror = mirror_of(tmp_path, (width, height))
    try:
        start = mirror.card_point(8, len(mirror.table.game.columns[8]) - 1)
        real_drag(display, window, start, (-x // 2, -y // 2))  # over the desktop
        shot(display, "released-outside", tmp_path)
        real_drag(display, window, start, mirror.column_point(2))  # and a real move
    finally:
        mirror.app.close()
    started.stop()
    assert saved_moves(tmp_path / "data") == ["9:1>3"]


def test_the_demo_shows_its_banner_and_is_never_counted_in_a_real_window(
        display: Display, game, tmp_path: Path) -> None:
    import pygame

    from spider.app.ui.focus import walk
    from spider.text.i18n import tr
    from tests.e2e.test_real_window import differing

    started = game(CODE)
    mirror = mirror_of(tmp_path, SCREEN)
    try:
        def click(pos: tuple[int, int]) -> None:
            display.xdotool("mousemove", "--sync", *pos)
            display.xdotool("click", 1)
            time.sleep(0.8)

        click(mirror.button_point("menu"))  # Menu → Watch a demo
        mirror.click(mirror.button_point("menu"))
        entry = next(widget for widget in walk(mirror.app.scenes.top.focus.root)
                     if getattr(widget, "label", None) == tr("menu.demo"))
        click(entry.rect.center)
        mirror.click(entry.rect.center)
        mirror.app.run_frames(2)
        assert mirror.table.banner == tr("demo.banner")
        banner = mirror.table.renderer.messages.banner._surface
        assert banner is not None
        g = mirror.table.geometry
        area = banner.get_rect(center=(g.size[0] // 2, g.size[1] - g.pad * 2 - g.card_h // 2))
        for second in (1, 6):  # the banner stays: it does not fade like a message
            time.sleep(5 if second == 6 else 1)
            picture = pygame.image.load(str(shot(display, f"demo-{second}s", tmp_path)))
            assert differing(picture, mirror.app.screen.copy(), area) < 0.05, second
        display.xdotool("key", "space")  # stop
        time.sleep(0.8)
        click(mirror.button_point("restart"))  # a loss, were it counted
        display.xdotool("key", "Return")
        time.sleep(1.0)
    finally:
        mirror.app.close()
    started.stop()
    statistics = tmp_path / "data" / "statistics.json"
    if statistics.exists():
        document = json.loads(statistics.read_text(encoding="utf-8"))
        assert '"played": 1' not in json.dumps(document), document


# ----------------------------------------------------------- the clipboard
def xclip(display: Display, *args: str) -> list[str]:
    return ["xclip", "-display", display.name, "-selection", "clipboard", *args]


def test_copy_and_paste_go_through_the_system_clipboard(display: Display, game,
                                                         tmp_path: Path) -> None:
    """The bar's code is copied to the X clipboard; a code another program put there is
    pasted into New game with Ctrl+V, and Ctrl+C there copies the field back."""
    import shutil

    import pygame

    if shutil.which("xclip") is None:
        pytest.skip("needs xclip to fill and read the X clipboard (apt-get install xclip)")
    started = game(CODE)
    mirror = mirror_of(tmp_path, SCREEN)
    owner = None
    pasted = "SP1-S1C-AAAAAAD"
    try:
        def click(pos: tuple[int, int]) -> None:
            display.xdotool("mousemove", "--sync", *pos)
            display.xdotool("click", 1)
            time.sleep(0.8)

        def clipboard() -> str:
            return subprocess.run(xclip(display, "-o"), capture_output=True, text=True,
                                  timeout=10).stdout

        mirror.app.draw()
        box = mirror.table.bar.code_box
        assert box is not None
        click(box.center)                                   # the bar's code
        assert clipboard() == CODE

        # Another program owns the clipboard now (in the foreground, until it is ended).
        owner = subprocess.Popen(xclip(display, "-i", "-quiet"), stdin=subprocess.PIPE,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert owner.stdin is not None
        owner.stdin.write(f" {pasted.lower()}\n".encode())
        owner.stdin.close()
        time.sleep(0.5)
        assert clipboard().strip() == pasted.lower()
        display.xdotool("key", "n")                         # New game
        time.sleep(0.8)
        mirror.key(pygame.K_n)
        field = mirror.app.scenes.top.field
        click(field.rect.center)
        display.xdotool("key", "ctrl+v")
        time.sleep(0.5)
        display.xdotool("key", "ctrl+a", "ctrl+c")          # and back out of the field
        time.sleep(0.5)
        assert clipboard() == pasted.lower()
        shot(display, "pasted-code", tmp_path)
        display.xdotool("key", "Return")                    # the pasted deal starts
        time.sleep(1.5)
    finally:
        mirror.app.close()
        if owner is not None and owner.poll() is None:
            stop(owner)
    started.stop()
    document = json.loads((tmp_path / "data" / "game.json").read_text(encoding="utf-8"))
    assert document["data"]["session"]["code"] == pasted
