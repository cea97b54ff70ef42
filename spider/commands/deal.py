"""``deal CODE``: print a deal's starting position."""

from __future__ import annotations

import argparse

from spider.commands.common import read_code, write_out
from spider.model.notation import format_position, game_from_code


def register(commands: argparse._SubParsersAction) -> None:
    deal = commands.add_parser("deal", help="print the starting position of a deal code")
    deal.add_argument("code")
    deal.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    write_out(format_position(game_from_code(read_code(args.code))))
    return 0
