"""``solve (--code CODE | --position FILE)``: a winning line with full knowledge of the cards."""

from __future__ import annotations

import argparse

from spider.commands.common import BadInput, add_source, load_start
from spider.text.i18n import tr

EXIT_NO_WIN = 1


def register(commands: argparse._SubParsersAction) -> None:
    solve = commands.add_parser("solve", help="find a winning line with full knowledge")
    add_source(solve)
    solve.add_argument("--seconds", type=float, default=30.0, help="time limit (default 30)")
    solve.add_argument("--nodes", default=None,
                       help="work limit: positions expanded, the same result on any machine")
    solve.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from spider.solver.search import solve
    from spider.solver.state import step_token

    if not args.seconds > 0:
        raise BadInput(tr("solver.bad-seconds", text=args.seconds))
    nodes = parse_nodes(args.nodes)
    game = load_start(args.code, args.position)
    result = solve(game, args.seconds, nodes=nodes)
    if result.steps is not None:
        print(" ".join(step_token(step) for step in result.steps))
        return 0
    if result.proven:
        print(tr("solver.unwinnable"))
    elif nodes is not None and result.expanded >= nodes:
        print(tr("solver.no-win-nodes", nodes=nodes))
    else:
        print(tr("solver.no-win", seconds=f"{args.seconds:g}"))
    return EXIT_NO_WIN


def parse_nodes(text: str | None) -> int | None:
    """The ``--nodes`` option: a whole number above 0, or ``None`` when not given."""
    if text is None:
        return None
    try:
        nodes = int(text)
    except ValueError:
        nodes = 0
    if nodes < 1:
        raise BadInput(tr("solver.bad-nodes", text=text))
    return nodes
