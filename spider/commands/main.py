"""The command line: start the game, or run one of the commands (``python main.py --help``)."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from spider import environment

if TYPE_CHECKING:  # the game itself starts without the command line's modules
    import argparse

    from spider.model.dealcode import DealCode

#: Commands whose moves may also come after the options (argparse leaves them over).
TAKES_MOVES = ("play", "screenshot", "analyse")


def build_parser() -> argparse.ArgumentParser:
    from spider.commands.common import Parser

    parser = Parser(prog="spider", description="Spider Solitaire.")
    parser.add_argument("--smoke-test", action="store_true",
                        help="run the game headless through a scripted deal and exit")
    parser.add_argument("--code", dest="start_code", metavar="CODE",
                        help="start the game on this deal instead of the saved game "
                             "(like New game with a typed code)")
    parser.set_defaults(handler=start)
    from spider.commands import analyse, bench, deal, play, screenshot, solve

    commands = parser.add_subparsers(dest="command", parser_class=Parser)
    for command in (deal, play, screenshot, solve, analyse, bench):
        command.register(commands)
    return parser


def start(args: argparse.Namespace) -> int:
    """No command: start the game (on ``--code``'s deal when given)."""
    from spider.commands.common import read_code

    return start_game(read_code(args.start_code) if args.start_code else None,
                      args.smoke_test)


def start_game(code: DealCode | None = None, smoke_test: bool = False) -> int:
    """Start the game (or its smoke test). Collecting garbage waits until the first
    frame is shown (the App takes it up again in its spare time): the start makes
    tens of thousands of objects and next to no cycles to collect."""
    gc.disable()
    if smoke_test and os.environ.get(environment.EXIT_AFTER_FIRST_FRAME) == "1":
        from spider.app.firstframe import run_first_frame

        return run_first_frame()
    if smoke_test:
        from spider.app.smoke import run_smoke

        return run_smoke()
    from spider.app.loop import run

    return run(code=code)


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    if arguments in ([], ["--smoke-test"]):  # the game itself: no command to import
        return start_game(smoke_test=bool(arguments))
    gc.enable()  # (``main.py`` leaves it off for the game's start)
    from spider.commands.common import EXIT_BAD_INPUT, BadInput

    try:
        if arguments[:1] == ["bench"]:  # its options are the benchmark's own
            from spider.commands import bench

            return bench.run(arguments[1:])
        parser = build_parser()
        args, extra = parser.parse_known_args(arguments)
        if extra and (args.command not in TAKES_MOVES or extra[0].startswith("-")):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        if extra:
            args.moves = [*args.moves, *extra]
        return int(args.handler(args))
    except BadInput as error:
        print(error, file=sys.stderr)
        return EXIT_BAD_INPUT
