"""``analyse (--code CODE | --position FILE) [MOVES...]``: where was this game lost?"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from spider.commands.common import (
    EXIT_ILLEGAL,
    BadInput,
    add_source,
    load_start,
    read_tokens,
)
from spider.model.game import IllegalAction
from spider.model.notation import apply_token
from spider.text.i18n import tr

if TYPE_CHECKING:
    from spider.solver.analysis import Analysis
    from spider.solver.state import Step


def register(commands: argparse._SubParsersAction) -> None:
    analyse = commands.add_parser(
        "analyse", help="play moves, then find where the game was lost (full knowledge)")
    add_source(analyse)
    analyse.add_argument("moves", nargs="*")
    analyse.add_argument("--seconds", type=float, default=10.0,
                         help="time limit for each position searched (default 10)")
    analyse.add_argument("--nodes", default=None,
                         help="work limit for each position searched: the same answer anywhere")
    analyse.set_defaults(handler=run)


def read_nodes(text: str | None) -> int | None:
    """The ``--nodes`` option: a whole number above 0, or ``None`` when not given."""
    if text is None:
        return None
    if not text.strip().isdigit() or int(text) < 1:
        raise BadInput(tr("analysis.bad-nodes", text=text))
    return int(text)


def run(args: argparse.Namespace) -> int:
    from spider.solver.analysis import LOST, UNKNOWN, analyse_game, search_position

    if not args.seconds > 0:
        raise BadInput(tr("solver.bad-seconds", text=args.seconds))
    nodes = read_nodes(args.nodes)
    start = load_start(args.code, args.position)
    game = load_start(args.code, args.position)
    for number, (text, token) in enumerate(read_tokens(args.moves), start=1):
        try:
            apply_token(game, token)
        except IllegalAction as error:
            print(f"illegal move {number} ({text}): {error.rule.value}: {error.explanation()}",
                  file=sys.stderr)
            return EXIT_ILLEGAL
    result = analyse_game(start, game,
                          lambda position: search_position(position, args.seconds, nodes))
    for key, value in report_lines(result, LOST, UNKNOWN):
        print(f"{key}: {value}")
    return 0


def report_lines(result: Analysis, lost: str, unknown: str) -> list[tuple[str, str]]:
    """The ``key: value`` lines of SPEC 3.5, then how much was searched."""
    from spider.solver.state import step_token

    def tokens(steps: Sequence[Step]) -> str:
        return " ".join(step_token(step) for step in steps)

    lines = [("verdict", result.verdict)]
    if result.verdict == unknown:
        known = [f"{result.searches} searches"]
        if result.lost_from is not None:
            known.append(f"lost after move {result.lost_from}")
        if result.winnable_until is not None:
            known.append(f"winnable after move {result.winnable_until}")
        lines.append(("searched", ", ".join(known) + ", then the budget ran out"))
        return lines
    if result.verdict == lost:
        if result.last_winnable is None:
            lines.append(("last-winnable", "none"))
        else:
            lines += [("last-winnable", str(result.last_winnable)),
                      ("instead", step_token(result.instead)),
                      ("line", tokens(result.line)),
                      ("lost-by", step_token(result.losing))]
    else:
        lines.append(("line", tokens(result.line)))
    lines += [("moves", str(result.moves)), ("searches", str(result.searches))]
    return lines
