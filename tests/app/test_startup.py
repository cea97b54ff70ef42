"""What the first frame waits for: the game starts without the solver, the dialogs,
the command line's modules, logging or the worker (its module and its thread); they
come when first needed, and garbage is collected from the first frame on (between
frames, in their spare time). The first
frame is drawn straight into the window. Its saved files and its words are read
without importing json (spider/jsonread.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Start the game as ``python main.py`` does, a game in progress with hints and the
#: "can still be won" line on; at the first frame, say which modules are loaded and
#: which threads run; then let the loop go on until the search has started.
FIRST_FRAME = """
import gc, sys, threading
sys.argv = ["main.py"]
import pygame
from spider.app import loop

real = pygame.display.flip
frames = []

def flip(*args):
    real(*args)
    frames.append(1)
    modules = sorted(sys.modules)
    import json  # (once the modules are listed)

    if len(frames) == 1:
        print(json.dumps({"modules": modules, "threads": threading.active_count(),
                          "collecting": gc.isenabled(), "frozen": gc.get_freeze_count(),
                          "scanned": len(gc.get_objects())}))
    elif app.table.hinting.worker is not None:
        print(json.dumps({"later": sorted(sys.modules), "collecting": spared[-1]}))
        app.quit()

pygame.display.flip = flip
from spider.commands.main import main
app = None
real_init = loop.App.__init__

def init(self, *args, **kwargs):
    global app
    app = self
    real_init(self, *args, **kwargs)

loop.App.__init__ = init
real_spare = loop.App.spare
spared = [False]  # whether garbage is collected after the last frame, in its spare time

def spare(self, seconds):
    real_spare(self, seconds)
    spared.append(gc.isenabled())

loop.App.spare = spare
main([])
"""

#: Kept out of the first frame (module names, or their leading part).
DEFERRED = ("spider.solver", "spider.app.dialogs", "spider.commands.common",
            "spider.commands.play", "argparse", "spider.app.table.previews",
            "spider.app.worker", "logging", "pytweening", "signal",
            "spider.app.table.celebration", "json",
            # The user folders are read without it but on Windows and macOS.
            *(() if sys.platform in ("win32", "darwin") else ("platformdirs",)))


def test_the_first_frame_waits_for_no_solver_dialog_or_command(tmp_path: Path) -> None:
    from tools.bench.window import _game_in_progress

    _game_in_progress(tmp_path / "data", helpers=True)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SPIDER_DATA_DIR=str(tmp_path / "data"),
               PYTHONPATH=str(ROOT), XDG_CACHE_HOME=str(tmp_path / "cache"))
    env.pop("SPIDER_CACHE_DIR")  # the cache folder found as a player's
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    first, later = (json.loads(line) for line in done.stdout.splitlines()[:2])
    loaded = [name for name in first["modules"] if name.startswith(DEFERRED)]
    assert loaded == []
    assert first["threads"] == 1  # no worker yet
    assert not first["collecting"] and later["collecting"]  # garbage: after the first frame
    # What the start made is set aside: collections scan only what the game makes later.
    assert first["frozen"] > 5 * first["scanned"]
    # Then, between frames, the search for a win is asked of the worker (from the
    # position's snapshot), and what the player has seen is worked out.
    assert {"spider.solver.state", "spider.solver.knowledge"} <= set(later["later"])


def first_and_later(code: str, size: tuple[int, int]) -> tuple[bytes, bytes, bool]:
    """A game in progress started: its first frame; the same table drawn whole from the
    layers made after it; and whether the first was drawn without them."""
    from spider.app.clock import ManualClock
    from spider.app.loop import App
    from spider.data.session import Session
    from spider.data.settings import Settings
    from spider.model.actions import DEAL
    from spider.model.dealcode import DealCode

    session = Session(DealCode.parse(code))
    session.game.play(DEAL)
    app = App(settings=Settings(), session=session, size=size, fullscreen=False,
              clock=ManualClock())
    try:
        app.step()
        first = pygame.image.tobytes(app.screen, "RGB")
        direct = app.table.renderer.static.picture is None
        shown = app.session.elapsed
        app.run_until_idle()
        # The card pictures are made by a thread in its own time while the manual
        # clock goes on a step a pass: the bar shows the first frame's time again.
        app.session.elapsed = shown
        app.table.renderer.still.forget()
        app.request_redraw()
        app.step()
        return first, pygame.image.tobytes(app.screen, "RGB"), direct
    finally:
        app.close()


def test_the_first_frame_is_drawn_straight_into_the_window_as_the_layers_show_it() -> None:
    """No window-sized picture is made before the first frame (the cloth and the cards
    go straight into the window), and it is the table the layers made after it show:
    from a cloth drawn afresh, then from the one kept."""
    for _ in range(2):
        first, later, direct = first_and_later("SP1-S4C-BCDEFGH", (1280, 720))
        assert direct
        assert first == later


@pytest.mark.parametrize("width", [40, 95, 250])
def test_an_outline_drawn_by_its_parts_is_the_outline_drawn_whole(width: int) -> None:
    """The first frame's empty places are drawn but for their clear middles: the same
    picture; an outline whose middle is not clear (a highlight's fill) is drawn whole."""
    from spider.app.table import staticlayer
    from spider.app.table.cardshapes import OPAQUE_EDGE, rounded_outline

    size, radius, line = (width, width * 7 // 5), max(2, round(width * 11 / 250)), width // 50
    edge, corner = line + OPAQUE_EDGE, radius + line + OPAQUE_EDGE
    slot = rounded_outline(size, radius, staticlayer.SLOT_LINE, max(1, line), None)
    parts = staticlayer._drawn_parts(slot, edge, corner)
    assert sum(part.w * part.h for part in parts) < size[0] * size[1] / 2
    backdrop = pygame.Surface((width * 2, width * 2))
    backdrop.fill((20, 90, 40))
    pygame.draw.line(backdrop, (250, 200, 10), (0, 0), backdrop.get_size(), 7)
    whole, by_parts = backdrop.copy(), backdrop.copy()
    whole.blit(slot, (3, 5))
    by_parts.blits([(slot, (3 + part.x, 5 + part.y), part) for part in parts])
    assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(by_parts, "RGB")
    filled = rounded_outline(size, radius, staticlayer.SLOT_LINE, max(1, line), (10, 20, 30, 40))
    assert staticlayer._drawn_parts(filled, edge, corner) == [filled.get_rect()]


def test_the_bar_drawn_straight_into_the_first_frame_is_kept_up_to_date_after_it() -> None:
    """The first frame draws the bar straight over its backdrop in the window (no
    picture of its own yet); the clock's next second, presented by changes alone,
    leaves the window as a frame drawn whole shows it."""
    from spider.app.clock import ManualClock
    from spider.app.loop import App, Frame
    from spider.data.session import Session
    from spider.data.settings import Settings
    from spider.model.actions import DEAL
    from spider.model.dealcode import DealCode

    session = Session(DealCode.parse("SP1-S4C-BCDEFGH"))
    session.game.play(DEAL)
    clock = ManualClock()
    app = App(settings=Settings(), session=session, size=(1280, 720), fullscreen=False,
              clock=clock)
    frames: list[Frame] = []
    app.frame_observers.append(frames.append)
    try:
        app.step()
        assert frames[-1].whole and app.table.renderer.bar_picture.image is None
        app.spare(0.0)
        clock.sleep(1.0)
        app.step()
        assert not frames[-1].whole and frames[-1].areas  # the clock's second, by changes
        by_changes = pygame.image.tobytes(app.screen, "RGB")
        app.request_redraw()
        app.step()
        assert pygame.image.tobytes(app.screen, "RGB") == by_changes
    finally:
        app.close()


@pytest.mark.parametrize("size", [(800, 600), (1283, 721), (3840, 2160)])
def test_the_bars_backdrop_laid_piece_by_piece_is_the_strip_drawn_whole(
        size: tuple[int, int]) -> None:
    from spider.app.table import hud
    from spider.app.table.geometry import TableGeometry

    bar = TableGeometry(size, 10).bar
    cloth = pygame.Surface(size)
    cloth.fill((24, 110, 56))
    pygame.draw.line(cloth, (250, 200, 10), (0, 0), size, 9)
    whole, by_pieces = cloth.copy(), cloth.copy()
    strip = pygame.Surface((bar.w, bar.h), pygame.SRCALPHA)
    strip.fill(hud.BAR_FILL)
    pygame.draw.line(strip, hud.BAR_LINE, (0, bar.h - 1), (bar.w, bar.h - 1))
    whole.blit(strip, (bar.x, bar.y))
    hud.draw_backdrop(by_pieces, bar)
    assert pygame.image.tobytes(by_pieces, "RGB") == pygame.image.tobytes(whole, "RGB")


@pytest.mark.parametrize("width", [30, 95, 171, 335])
@pytest.mark.parametrize("fill", [None, (255, 214, 92, 60)])
def test_an_outline_made_from_its_corners_is_the_outline_drawn_whole(
        width: int, fill: tuple[int, int, int, int] | None) -> None:
    """An outline (an empty place, a highlight) is drawn smooth at twice the size only
    around its corners, the rest stretched from them: the same picture."""
    from spider.app.table.cardshapes import _smooth_outline, rounded_outline

    size = (width, width * 7 // 5)
    for radius in (2, max(2, round(width * 11 / 250)), width // 6):
        for line in (1, max(2, width // 36), 5):
            for colour in ((255, 255, 255, 46), (255, 214, 92, 235)):
                made = rounded_outline(size, radius, colour, line, fill)
                whole = _smooth_outline(size, radius, colour, line, fill)
                assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(whole, "RGBA")
