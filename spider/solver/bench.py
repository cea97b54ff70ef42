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

import statistics
import time
from pathlib import Path
from typing import TextIO

from spider.dealcode import DealCode
from spider.game import Game
from spider.notation import game_from_code
from spider.solver.hints import STALL, Seen, is_progress, suggest, visible_key
from spider.solver.search import solve

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
