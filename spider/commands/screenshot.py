"""``python main.py screenshot``: one frame of the real table, headless, saved as PNG."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from spider.commands.common import BadInput, check_output, parse_size, read_code, read_tokens
from spider.data.settings import CARD_BACKS, TABLES, Settings
from spider.model.dealcode import DealCode
from spider.model.game import IllegalAction
from spider.model.notation import Token, apply_token
from spider.text.i18n import tr

if TYPE_CHECKING:
    from spider.app.loop import App
    from spider.data.session import Session


def register(commands: argparse._SubParsersAction) -> None:
    shot = commands.add_parser("screenshot", help="render one frame of the game to a PNG")
    shot.add_argument("out", type=Path)
    shot.add_argument("--size", default="1920x1080", help="window size WxH")
    shot.add_argument("--code")
    shot.add_argument("--back", choices=CARD_BACKS, default=CARD_BACKS[0], help="card back")
    shot.add_argument("--table", choices=TABLES, default=TABLES[0], help="table colour")
    shot.add_argument("--four-colour", action="store_true", help="four-colour suits")
    shot.add_argument("moves", nargs="*")
    shot.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    size = parse_size(args.size)
    code = read_code(args.code) if args.code else None
    tokens = [token for _, token in read_tokens(args.moves)]
    looks = Settings(card_back=args.back, table=args.table, four_colour=args.four_colour)
    check_output(args.out)
    return take_screenshot(args.out, size, code, tokens, looks)


def take_screenshot(out: Path, size: tuple[int, int], code: DealCode | None,
                    tokens: list[Token], settings: Settings | None = None) -> int:
    """Play ``tokens`` on ``code`` (random when ``None``) and save the table as it then looks
    with ``settings`` (the defaults when ``None``).

    The player's saved game, settings and statistics are neither used nor touched.
    Returns 0, or 1 after printing the reason when a token is illegal; raises BadInput
    when the picture cannot be written.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    from spider.app.clock import ManualClock
    from spider.app.loop import App
    from spider.data.persistence import load_saved
    from spider.data.session import Session

    session = Session(code or DealCode.random())
    with tempfile.TemporaryDirectory(prefix="spider-screenshot-") as folder:
        app = App(saved=load_saved(Path(folder)), settings=settings, session=session,
                  size=size, fullscreen=False, clock=ManualClock())
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
        app.table.board.check(session.game)
        app.table.finish_animations()
        app.draw()
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, str(out))
        except (pygame.error, OSError) as error:
            raise BadInput(tr("output.not-writable", path=str(out), reason=str(error))) from None
    finally:
        app.close()
    return 0
