"""``solve (--code CODE | --position FILE)``: a winning line with full knowledge of the cards."""

from __future__ import annotations

import argparse

from spider.commands.common import BadInput, add_source, load_start, write_out
from spider.text.i18n import tr

EXIT_NO_WIN = 1
#: The longest search a user may ask for (a day).
MAX_SECONDS = 86400.0
MAX_NODES = 10**9  # positions a search may expand


def register(commands: argparse._SubParsersAction) -> None:
    solve = commands.add_parser("solve", help="find a winning line with full knowledge")
    add_source(solve)
    solve.add_argument("--seconds", type=float, default=30.0, help="time limit (default 30)")
    solve.add_argument("--nodes", default=None,
                       help="work limit: positions expanded, the same result on any machine")
    solve.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from spider.solver.solve import solve
    from spider.solver.state import step_token

    if not args.seconds > 0:
        raise BadInput(tr("solver.bad-seconds", text=args.seconds))
    if not args.seconds <= MAX_SECONDS:  # also infinity
        raise BadInput(tr("solver.seconds-range", text=args.seconds, limit=int(MAX_SECONDS)))
    nodes = parse_nodes(args.nodes)
    game = load_start(args.code, args.position)
    result = solve(game, args.seconds, nodes=nodes)
    if result.steps is not None:
        write_out(" ".join(step_token(step) for step in result.steps) + "\n")
        return 0
    if result.proven:
        write_out(tr("solver.unwinnable") + "\n")
    elif nodes is not None and result.expanded >= nodes:
        write_out(tr("solver.no-win-nodes", nodes=nodes) + "\n")
    else:
        write_out(tr("solver.no-win", seconds=f"{args.seconds:g}") + "\n")
    return EXIT_NO_WIN


def parse_nodes(text: str | None) -> int | None:
    """The ``--nodes`` option: a whole number above 0, or ``None`` when not given."""
    if text is None:
        return None
    nodes = int(text) if text.isascii() and text.isdigit() and len(text) <= 10 else 0
    if not 1 <= nodes <= MAX_NODES:
        raise BadInput(tr("solver.bad-nodes", text=text[:40]))
    return nodes
