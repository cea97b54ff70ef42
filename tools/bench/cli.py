"""``python main.py bench [game|solver] ...``: the benchmarks' command line (from source only)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from spider.commands.common import Parser, check_output
from tools.bench import game, solver


def build_parser() -> argparse.ArgumentParser:
    """``bench`` alone is ``bench game``."""
    parser = Parser(prog="spider bench", description="Measure the game and the solver.")
    targets = parser.add_subparsers(dest="target", parser_class=Parser)
    game_target = targets.add_parser("game", help="frame time, idle CPU, resize, memory, start-up")
    for target in (parser, game_target):
        game.add_arguments(target, after=target is game_target)
        target.set_defaults(handler=game.command)
    solver_target = targets.add_parser("solver", help="solver and hint engine benchmark")
    solver.add_arguments(solver_target)
    return parser


def main(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(list(argv))
    for name in ("json", "log"):  # checked before minutes of work, not after
        if getattr(args, name, None) is not None:
            check_output(getattr(args, name))
    return int(args.handler(args))
