"""``python main.py screenshot``: one frame of the real table, headless, saved as PNG."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from spider.dealcode import DealCode
from spider.game import IllegalAction
from spider.notation import Token, apply_token

if TYPE_CHECKING:
    from spider.app.main import App
    from spider.session import Session


def take_screenshot(out: Path, size: tuple[int, int], code: DealCode | None,
                    tokens: list[Token]) -> int:
    """Play ``tokens`` on ``code`` (random when ``None``) and save the table as it then looks.

    The player's saved game, settings and statistics are neither used nor touched.
    Returns 0, or 1 after printing the reason when a token is illegal.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    from spider.app.clock import ManualClock
    from spider.app.main import App
    from spider.app.persistence import load_saved
    from spider.session import Session

    session = Session(code or DealCode.random())
    with tempfile.TemporaryDirectory(prefix="spider-screenshot-") as folder:
        app = App(saved=load_saved(Path(folder)), session=session, size=size,
                  fullscreen=False, clock=ManualClock())
        return _play_and_save(app, session, tokens, out)


def _play_and_save(app: App, session: Session, tokens: list[Token], out: Path) -> int:
    import pygame

    try:
        for number, token in enumerate(tokens, start=1):
            try:
                outcome = apply_token(session.game, token)
            except IllegalAction as error:
                print(f"illegal move {number} ({token}): {error.rule.value}: "
                      f"{error.explanation()}", file=sys.stderr)
                return 1
            app.table.board.show(outcome, session.game)
        app.table.finish_animations()
        app.draw()
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(out))
    finally:
        app.close()
    return 0
