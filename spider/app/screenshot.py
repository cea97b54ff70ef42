"""``python main.py screenshot``: one frame of the real table, headless, saved as PNG."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from spider.dealcode import DealCode
from spider.game import IllegalAction
from spider.notation import Token, apply_token


def take_screenshot(out: Path, size: tuple[int, int], code: DealCode | None,
                    tokens: list[Token]) -> int:
    """Play ``tokens`` on ``code`` (random when ``None``) and save the table as it then looks.

    Returns 0, or 1 after printing the reason when a token is illegal.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from spider.app.clock import ManualClock
    from spider.app.main import App
    from spider.session import Session
    from spider.settings import Settings

    session = Session(code or DealCode.random())
    app = App(settings=Settings(), session=session, size=size, fullscreen=False,
              clock=ManualClock())
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
