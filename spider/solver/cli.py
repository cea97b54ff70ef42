"""The solver's commands: ``solve`` and ``bench solver`` (registered by :mod:`spider.cli`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from spider.i18n import tr

EXIT_NO_WIN = 1


def add_solve_command(commands) -> None:
    solve = commands.add_parser("solve", help="find a winning line with full knowledge")
    source = solve.add_mutually_exclusive_group(required=True)
    source.add_argument("--code")
    source.add_argument("--position", type=Path, metavar="FILE")
    solve.add_argument("--seconds", type=float, default=30.0, help="time limit (default 30)")
    solve.set_defaults(handler=command_solve)


def add_bench_target(targets) -> None:
    bench = targets.add_parser("solver", help="solver and hint engine benchmark")
    bench.add_argument("--deals", type=int, default=100, help="deals per suit count (default 100)")
    bench.add_argument("--first", type=int, default=0, help="first shuffle number (default 0)")
    bench.add_argument("--seconds", type=float, default=30.0,
                       help="full-knowledge time limit per deal (default 30)")
    bench.add_argument("--suits", default="1,2,4", help="suit counts, like 1,2,4 (default)")
    bench.add_argument("--games", type=int, default=None,
                       help="games for the hint engine per suit count (default: --deals)")
    bench.add_argument("--hint-seconds", type=float, default=0.8,
                       help="time budget per hint (default 0.8)")
    bench.add_argument("--part", choices=("both", "full", "honest"), default="both")
    bench.add_argument("--log", type=Path, default=None, help="append per-deal lines to FILE")
    bench.set_defaults(handler=command_bench_solver)


def command_solve(args: argparse.Namespace) -> int:
    from spider.cli import BadInput, load_start
    from spider.solver.search import solve
    from spider.solver.state import step_token

    if not args.seconds > 0:
        raise BadInput(tr("solver.bad-seconds", text=args.seconds))
    game = load_start(args.code, args.position)
    result = solve(game, args.seconds)
    if result.steps is not None:
        print(" ".join(step_token(step) for step in result.steps))
        return 0
    if result.proven:
        print(tr("solver.unwinnable"))
    else:
        print(tr("solver.no-win", seconds=f"{args.seconds:g}"))
    return EXIT_NO_WIN


def command_bench_solver(args: argparse.Namespace) -> int:
    from spider.cli import BadInput
    from spider.solver.bench import run_bench

    try:
        suits = [int(text) for text in args.suits.split(",") if text.strip()]
    except ValueError:
        suits = []
    if not suits or any(count not in (1, 2, 4) for count in suits):
        raise BadInput(tr("solver.bad-suits", text=args.suits))
    if args.deals < 1 or not args.seconds > 0 or not args.hint_seconds > 0:
        raise BadInput(tr("solver.bad-bench"))
    return run_bench(suits, args.first, args.deals, args.seconds,
                     args.games if args.games is not None else args.deals,
                     args.hint_seconds, args.part, args.log, sys.stdout)
