"""``python main.py bench solver``: how strong and how fast the solver and the hints are.

Deals are the shuffle numbers ``first .. first + deals - 1`` of the Standard
layout, Classic rules, for each suit count asked. Two parts:

* **full knowledge**: :func:`spider.solver.search.solve` with a time limit per
  deal; how many are won, median and 95th percentile time per deal.
* **honest play**: the hint engine plays each deal alone, without undo, until
  it wins or gives up; how many are won, median and 95th percentile time per
  hint.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import TextIO

from spider.commands.common import BadInput
from spider.model.dealcode import DealCode
from spider.model.game import Game
from spider.model.notation import game_from_code
from spider.solver.hints import STALL, Seen, is_progress, suggest, visible_key
from spider.solver.search import solve
from spider.text.i18n import tr

MAX_ACTIONS = 1500


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def play_alone(game: Game, hint_seconds: float) -> tuple[bool, list[float], int]:
    """The hint engine plays ``game`` to the end: (won, seconds per hint, actions)."""
    seen = Seen()
    previous = None
    visited = {visible_key(game)}
    times: list[float] = []
    actions = idle = 0
    while not game.is_won and actions < MAX_ACTIONS:
        began = time.monotonic()
        hint = suggest(game, previous, seen, hint_seconds, avoid=visited, stalled=idle >= STALL)
        times.append(time.monotonic() - began)
        if hint is None:
            break
        outcome = game.play(hint.action)
        seen.record(game, outcome)
        idle = 0 if is_progress(outcome) else idle + 1
        previous = hint.action
        visited.add(visible_key(game))
        actions += 1
    return game.is_won, times, actions


def run_bench(suits: list[int], first: int, deals: int, seconds: float, games: int,
              hint_seconds: float, part: str, log: Path | None, out: TextIO) -> int:
    rows = []
    log_file = log.open("a", encoding="utf-8") if log else None

    def note(text: str) -> None:
        print(text, file=out, flush=True)
        if log_file:
            print(text, file=log_file, flush=True)

    for count in suits:
        solved, solve_times = 0, []
        if part in ("both", "full"):
            for number in range(first, first + deals):
                code = DealCode("SP", count, False, number)
                result = solve(game_from_code(code), seconds)
                solved += result.won
                solve_times.append(result.seconds)
                note(f"full {code} {'won' if result.won else 'no win'} {result.seconds:.2f}s"
                     f" {len(result.steps or [])} moves")
        won, hint_times = 0, []
        if part in ("both", "honest"):
            for number in range(first, first + games):
                code = DealCode("SP", count, False, number)
                began = time.monotonic()
                victory, times, actions = play_alone(game_from_code(code), hint_seconds)
                won += victory
                hint_times.extend(times)
                note(f"honest {code} {'won' if victory else 'lost'} {actions} actions"
                     f" {time.monotonic() - began:.1f}s p95 hint {percentile(times, 0.95):.2f}s")
        rows.append((count, solved, deals if part != "honest" else 0, solve_times,
                     won, games if part != "full" else 0, hint_times))
    note("")
    note(f"{'suits':>5} | {'full knowledge':>15} {'median s':>9} {'p95 s':>7} | "
         f"{'honest wins':>12} {'median hint s':>14} {'p95 hint s':>11}")
    note("-" * 84)
    for count, solved, tried, solve_times, won, played, hint_times in rows:
        full = f"{solved}/{tried}" if tried else "-"
        honest = f"{won}/{played}" if played else "-"
        note(f"{count:>5} | {full:>15} {_median(solve_times):>9} {_p95(solve_times):>7} | "
             f"{honest:>12} {_median(hint_times):>14} {_p95(hint_times):>11}")
    note(f"(full knowledge: limit {seconds:g} s per deal; hints: budget {hint_seconds:g} s)")
    if log_file:
        log_file.close()
    return 0


def _median(values: list[float]) -> str:
    return f"{statistics.median(values):.2f}" if values else "-"


def _p95(values: list[float]) -> str:
    return f"{percentile(values, 0.95):.2f}" if values else "-"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The solver benchmark's options."""
    parser.add_argument("--deals", type=int, default=100, help="deals per suit count (default 100)")
    parser.add_argument("--first", type=int, default=0, help="first shuffle number (default 0)")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="full-knowledge time limit per deal (default 30)")
    parser.add_argument("--suits", default="1,2,4", help="suit counts, like 1,2,4 (default)")
    parser.add_argument("--games", type=int, default=None,
                        help="games for the hint engine per suit count (default: --deals)")
    parser.add_argument("--hint-seconds", type=float, default=0.8,
                        help="time budget per hint (default 0.8)")
    parser.add_argument("--part", choices=("both", "full", "honest"), default="both")
    parser.add_argument("--log", type=Path, default=None, help="append per-deal lines to FILE")
    parser.set_defaults(handler=command)


def command(args: argparse.Namespace) -> int:
    """``python main.py bench solver``."""
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
