"""``bench [game|solver] ...``: the benchmarks, which live in ``tools/`` and are not shipped.

From source the arguments go to :mod:`tools.bench.cli`; the built game says that the
benchmark is not part of it.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from spider.commands.common import BadInput


def register(commands: argparse._SubParsersAction) -> None:
    """Listed in ``--help``; its arguments are read by :func:`run` (see ``main``)."""
    bench = commands.add_parser("bench", help="measure the game and the solver (from source)",
                                add_help=False)
    bench.add_argument("arguments", nargs=argparse.REMAINDER)
    bench.set_defaults(handler=lambda args: run(args.arguments))


def run(arguments: Sequence[str]) -> int:
    try:
        from tools.bench.cli import main
    except ImportError:
        raise BadInput("bench: the benchmark is not part of the built game; run "
                       "`python main.py bench` from the source tree") from None
    return main(arguments)
