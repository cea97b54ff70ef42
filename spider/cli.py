"""The command line (SPEC 3.5): start the game, print deals, play moves, take screenshots."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from spider.dealcode import DealCode, DealCodeError
from spider.game import Game, IllegalAction
from spider.notation import (
    NotationError,
    Token,
    apply_token,
    format_position,
    game_from_code,
    parse_position,
    parse_token,
    split_tokens,
)

EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2


class BadInput(Exception):
    """Input the command cannot read; its message is shown to the user as is."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line and exit 2, no usage dump
        raise BadInput(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="spider", description="Spider Solitaire.")
    parser.add_argument("--smoke-test", action="store_true",
                        help="run the game headless through a scripted deal and exit")
    parser.add_argument("--code", dest="start_code", metavar="CODE",
                        help="start the game on this deal instead of the saved game "
                             "(like New game with a typed code)")
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)

    deal = commands.add_parser("deal", help="print the starting position of a deal code")
    deal.add_argument("code")

    play = commands.add_parser("play", help="play moves and print the resulting position")
    source = play.add_mutually_exclusive_group(required=True)
    source.add_argument("--code")
    source.add_argument("--position", type=Path, metavar="FILE")
    play.add_argument("moves", nargs="*")

    shot = commands.add_parser("screenshot", help="render one frame of the game to a PNG")
    shot.add_argument("out", type=Path)
    shot.add_argument("--size", default="1920x1080", help="window size WxH")
    shot.add_argument("--code")
    shot.add_argument("moves", nargs="*")

    from spider.solver.cli import add_bench_target, add_solve_command

    add_solve_command(commands)
    bench = commands.add_parser("bench", help="measure parts of the game (benchmarks)")
    targets = bench.add_subparsers(dest="target", parser_class=_Parser)
    add_bench_target(targets)
    from spider.app.bench import add_game_bench

    add_game_bench(bench, targets)  # `bench` with no target is `bench game`
    return parser


def read_code(text: str) -> DealCode:
    try:
        return DealCode.parse(text)
    except DealCodeError as error:
        raise BadInput(f"bad deal code {text.strip()!r}: {error}") from None


def load_start(code: str | None, position: Path | None) -> Game:
    """The game a command starts from: a deal code or a position file."""
    if code is not None:
        return game_from_code(read_code(code))
    assert position is not None
    try:
        text = position.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"cannot read position file {position}: {error}") from None
    try:
        return parse_position(text)
    except NotationError as error:
        raise BadInput(f"bad position in {position}: {error}") from None


def read_tokens(words: Sequence[str]) -> list[tuple[str, Token]]:
    """Each move token as typed, with its meaning."""
    try:
        return [(text, parse_token(text)) for word in words for text in split_tokens(word)]
    except NotationError as error:
        raise BadInput(f"bad move: {error}") from None


def command_deal(args: argparse.Namespace) -> int:
    sys.stdout.write(format_position(game_from_code(read_code(args.code))))
    return 0


def command_play(args: argparse.Namespace) -> int:
    game = load_start(args.code, args.position)
    tokens = read_tokens(args.moves)
    for number, (text, token) in enumerate(tokens, start=1):
        try:
            apply_token(game, token)
        except IllegalAction as error:
            sys.stdout.write(format_position(game))
            print(f"illegal move {number} ({text}): {error.rule.value}: {error.explanation()}",
                  file=sys.stderr)
            return EXIT_ILLEGAL
    sys.stdout.write(format_position(game))
    return 0


def parse_size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    numbers = width + height
    if not (numbers.isascii() and width.isdigit() and height.isdigit()) or (
            int(width) < 320 or int(height) < 240):
        raise BadInput(f"bad size {text!r}: write it as WIDTHxHEIGHT, like 1920x1080")
    return int(width), int(height)


def command_screenshot(args: argparse.Namespace) -> int:
    size = parse_size(args.size)
    code = read_code(args.code) if args.code else None
    tokens = [token for _, token in read_tokens(args.moves)]
    from spider.app.screenshot import take_screenshot

    return take_screenshot(args.out, size, code, tokens)


def command_start(args: argparse.Namespace) -> int:
    code = read_code(args.start_code) if args.start_code else None
    from spider.app.main import run

    return run(smoke_test=args.smoke_test, code=code)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        parser = build_parser()
        args, extra = parser.parse_known_args(argv)
        if extra and (args.command not in ("play", "screenshot") or extra[0].startswith("-")):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        if extra:  # moves written after the options: argparse leaves them over
            args.moves = [*args.moves, *extra]
        handler = {
            "deal": command_deal,
            "play": command_play,
            "screenshot": command_screenshot,
        }.get(args.command, getattr(args, "handler", command_start))
        return handler(args)
    except BadInput as error:
        print(error, file=sys.stderr)
        return EXIT_BAD_INPUT
