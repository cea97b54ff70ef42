"""``play (--code CODE | --position FILE) MOVES...``: play moves and print the position."""

from __future__ import annotations

import argparse
import sys

from spider.commands.common import EXIT_ILLEGAL, add_source, load_start, read_tokens, write_out
from spider.model.game import IllegalAction
from spider.model.notation import apply_token, format_position


def register(commands: argparse._SubParsersAction) -> None:
    play = commands.add_parser("play", help="play moves and print the resulting position")
    add_source(play)
    play.add_argument("moves", nargs="*")
    play.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    game = load_start(args.code, args.position)
    tokens = read_tokens(args.moves)
    for number, (text, token) in enumerate(tokens, start=1):
        try:
            apply_token(game, token)
        except IllegalAction as error:
            write_out(format_position(game))
            print(f"illegal move {number} ({text}): {error.rule.value}: {error.explanation()}",
                  file=sys.stderr)
            return EXIT_ILLEGAL
    write_out(format_position(game))
    return 0
