"""``python main.py --smoke-test``: the real App, headless, through a short scripted game.

Real events go through the real loop on the real clock: a deal from the stock,
a dragged move, undo and redo by keys, a resize, and Esc twice to quit. The
card art and fonts must all load. Prints "smoke test passed" (exit 0) or one
line saying what failed (exit 1); a built game also writes that line to
``smoke-test-result.txt`` beside the executable.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

SMOKE_CODE = "SP1-S2C-BCDEFGH"
RESULT_FILE = "smoke-test-result.txt"


class SmokeFailure(Exception):
    """A check of the smoke test did not hold."""


def _check(condition: bool, what: str) -> None:
    if not condition:
        raise SmokeFailure(what)


def run_smoke() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        _script()
        line, status = "smoke test passed", 0
    except SmokeFailure as failure:
        line, status = f"smoke test failed: {failure}", 1
    print(line, flush=True)
    if getattr(sys, "frozen", False):
        with contextlib.suppress(OSError):
            (Path(sys.executable).resolve().parent / RESULT_FILE).write_text(line + "\n",
                                                                         encoding="utf-8")
    return status


def _script() -> None:
    import pygame

    from spider.app.cardimages import missing_art
    from spider.app.driver import EventDriver
    from spider.app.layout import Box
    from spider.app.main import App
    from spider.assets import FONTS
    from spider.dealcode import DealCode
    from spider.session import Session
    from spider.settings import Settings

    app = App(settings=Settings(animation_speed="fast"),
              session=Session(DealCode.parse(SMOKE_CODE)), size=(1280, 720), fullscreen=False)
    try:
        missing = missing_art()
        _check(not missing, f"card art missing or unreadable: {' '.join(missing)}")
        for face in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSansSC-Regular.otf"):
            try:
                pygame.font.Font(FONTS / face, 12)
            except (OSError, pygame.error) as error:
                raise SmokeFailure(f"font {face} does not load: {error}") from error
        driver, game = EventDriver(app), app.session.game
        driver.settle()
        driver.click(driver.stock_point())
        driver.settle()
        _check(game.moves == 1 and len(game.stock) == 40, "clicking the stock did not deal")
        moves = game.legal_moves()
        _check(bool(moves), "no legal move after the deal")
        driver.drag_move(moves[0])
        driver.settle()
        _check(game.moves == 2, f"dragging {moves[0]} did not move the cards")
        driver.key(pygame.K_z, pygame.KMOD_CTRL)
        driver.settle()
        _check(game.moves == 1, "Ctrl+Z did not undo")
        driver.key(pygame.K_y, pygame.KMOD_CTRL)
        driver.settle()
        _check(game.moves == 2, "Ctrl+Y did not redo")
        driver.resize((800, 600))
        driver.settle()
        _check(app.size == (800, 600), "the window did not resize")
        _check(app.table.board.matches(game), "the cards on screen differ from the game")
        g = app.table.geometry
        for sprite in app.table.board.sprites():
            box = Box(round(sprite.pos[0]), round(sprite.pos[1]), g.card_w, g.card_h)
            _check(box.within(*app.size), f"{sprite.card} is off screen")
        for _ in range(2):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                                 unicode="\x1b", scancode=0))
        _check(app.run() == 0 and not app.running, "Esc twice did not quit")
    finally:
        app.close()
