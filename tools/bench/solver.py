"""``python main.py bench solver``: how strong and how fast the solver and the hints are.

Deals are the shuffle numbers ``first .. first + deals - 1`` of the Standard
layout, Classic rules, for each suit count asked. Two parts:

* **full knowledge**: :func:`spider.solver.solve.solve` per deal, cut by
  ``--nodes`` (positions expanded: the same answer on any machine) and
  ``--seconds``; how many are won, median and 95th percentile time, and the
  median length of the winning lines (every move and every deal counted, as
  KPatience counts them) with the median time spent shortening them, apart
  from the search's.
* **honest play**: the hint engine plays each deal alone, without undo, until
  it wins or gives up; how many are won, median and 95th percentile time per
  hint (a fixed amount of work per hint; ``--hint-seconds`` adds the game's
  outer time limit), and where the lost games stopped (cards still face down,
  runs removed, cards left in the stock). ``--hint-splits 6x300,3x600`` plays the
  same games once per hint budget (samples x nodes), a row each; ``--against LOG``
  compares the games deal by deal with an earlier run's log (:mod:`tools.bench.paired`).

Times are CPU seconds of the process doing the work, so that other programs
sharing the machine do not inflate them (they are not asserted anywhere).

Deals and games run in a process pool (``--jobs``, both cores by default), one
progress line each as they finish; each game's randomness comes from its own
deal (the hint engine seeds from the visible position), so a game plays the same
in any process. The table ends with the issue's budgets, each marked met or missed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from spider.commands.common import BadInput
from spider.commands.solve import parse_nodes
from spider.model.dealcode import DealCode
from spider.model.game import Game
from spider.model.notation import game_from_code
from spider.solver.demo import STALL, is_progress
from spider.solver.hints import (
    NODES,
    ONE_SUIT_NODES,
    ONE_SUIT_SAMPLES,
    SAMPLES,
    suggest,
)
from spider.solver.knowledge import Seen, visible_key
from spider.solver.lookahead import BRANCH
from spider.solver.plan import Plan as DemoPlan
from spider.solver.shorten import shorten
from spider.solver.solve import solve, verify
from spider.solver.state import Position
from spider.text.i18n import tr
from tools.bench.paired import GameKey, compare, read_results

MAX_ACTIONS = 1500


@dataclass(frozen=True)
class Goal:
    """What issue 20 asks of one suit count."""

    solved: float  # share of deals won with full knowledge
    median_s: float  # median seconds per deal (on a quiet machine, 30 s limit)
    line: int  # median winning line length, in moves
    honest: float  # share of games won by honest play


GOALS = {1: Goal(1.00, 0.3, 100, 0.90), 2: Goal(1.00, 0.3, 120, 0.65),
         4: Goal(0.97, 3.0, 165, 0.15)}
HINT_P95 = 0.5  # seconds, per hint


#: A hint budget: (determinizations, expansions per determinization); None: the hints'
#: own (:func:`spider.solver.hints.budget`, by the suits in play and the stage).
Split = tuple[int | None, int | None]


@dataclass
class Row:
    """The figures of one suit count (and, when several are compared, one hint budget)."""

    suits: int
    split: Split | None = None  # named only when several budgets are compared
    solve_won: list[bool] = field(default_factory=list)
    solve_seconds: list[float] = field(default_factory=list)
    solve_nodes: list[int] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    line_seconds: list[float] = field(default_factory=list)
    #: Each honest game, won or not, by (deal code, hint budget as printed when named).
    games: dict[GameKey, bool] = field(default_factory=dict)
    hint_seconds: list[float] = field(default_factory=list)
    #: Where each lost game stopped: (cards face down, runs removed, cards in the stock).
    lost: list[tuple[int, int, int]] = field(default_factory=list)

    @property
    def honest_won(self) -> list[bool]:
        return list(self.games.values())

    def key(self) -> str:
        """The row's first cell: the suit count, and the hint budget when several are compared."""
        return f"{self.suits}" if self.split is None else f"{self.suits} {_split(self.split)}"

    def name(self) -> str:
        plural = "s" if self.suits > 1 else ""
        budget = "" if self.split is None else f" at {_split(self.split)}"
        return f"{self.suits} suit{plural}{budget}"


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def play_alone(game: Game, hint_seconds: float | None, samples: int | None = None,
               nodes: int | None = None) -> tuple[bool, list[float], int]:
    """The hint engine plays ``game`` to the end: (won, CPU seconds per hint, actions)."""
    seen = Seen()
    plan = DemoPlan()
    previous = None
    visited = {visible_key(game)}
    times: list[float] = []
    actions = idle = 0
    while not game.is_won and actions < MAX_ACTIONS:
        began = time.process_time()
        hint = suggest(game, previous, seen, hint_seconds, samples=samples, nodes=nodes,
                       avoid=visited, stalled=idle >= STALL, plan=plan)
        times.append(time.process_time() - began)
        if hint is None:
            break
        outcome = game.play(hint.action)
        seen.record(game, outcome)
        idle = 0 if is_progress(outcome) else idle + 1
        previous = hint.action
        visited.add(visible_key(game))
        actions += 1
    return game.is_won, times, actions


def full_job(code: str, seconds: float, nodes: int | None) -> dict[str, Any]:
    """One deal with full knowledge (runs in a worker process): the search, then the
    shortening of its line, timed apart."""
    game = game_from_code(DealCode.parse(code))
    began = time.process_time()
    result = solve(game, seconds, nodes=nodes, short=False)
    searched = time.process_time() - began
    steps = result.steps or []
    if steps:
        shorter = shorten(Position.from_game(game), steps)
        steps = shorter if verify(game, shorter) else steps  # as solve() would keep it
    return {"won": result.won, "seconds": searched, "nodes": result.expanded,
            "line": len(steps), "line_seconds": time.process_time() - began - searched}


def honest_job(code: str, hint_seconds: float | None, samples: int | None,
               nodes: int | None) -> dict[str, Any]:
    """One game of honest play (runs in a worker process)."""
    began = time.perf_counter()
    game = game_from_code(DealCode.parse(code))
    won, times, actions = play_alone(game, hint_seconds, samples, nodes)
    down = sum(1 for column in game.columns for slot in column if not slot.face_up)
    return {"won": won, "times": times, "actions": actions,
            "seconds": time.perf_counter() - began,
            "end": (down, game.removed, len(game.stock))}


def _run_all(jobs: int, tasks: list[tuple[Callable[..., dict[str, Any]], tuple[Any, ...]]]
             ) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each task's result as it finishes, with its index (in a pool when ``jobs`` > 1)."""
    if jobs <= 1:
        for index, (function, arguments) in enumerate(tasks):
            yield index, function(*arguments)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(function, *arguments): index
                   for index, (function, arguments) in enumerate(tasks)}
        for future in as_completed(futures):
            yield futures[future], future.result()


@dataclass(frozen=True)
class Plan:
    """What the bench runs."""

    suits: list[int]
    first: int
    deals: int
    games: int
    seconds: float
    nodes: int | None
    hint_seconds: float | None
    hint_samples: int | None
    hint_nodes: int | None
    part: str
    jobs: int
    #: Hint budgets to compare on the same games (default: samples x nodes alone).
    splits: tuple[Split, ...] = ()
    #: An earlier run's log to compare the honest games with, deal by deal.
    against: Path | None = None

    def hint_splits(self) -> tuple[Split, ...]:
        return self.splits or ((self.hint_samples, self.hint_nodes),)


def run_bench(plan: Plan, out: TextIO, log: Path | None = None) -> list[Row]:
    """Run the plan, printing a progress line per deal and game, then the table."""
    baseline = read_results(plan.against) if plan.against else None  # before the work
    log_file = log.open("a", encoding="utf-8") if log else None

    def note(text: str) -> None:
        print(text, file=out, flush=True)
        if log_file:
            print(text, file=log_file, flush=True)

    splits = plan.hint_splits()
    named = len(splits) > 1
    # The full-knowledge figures share the first budget's row.
    rows = {(count, split): Row(count, split if named else None)
            for count in plan.suits for split in splits}
    tasks: list[tuple[Callable[..., dict[str, Any]], tuple[Any, ...]]] = []
    labels: list[tuple[str, int, int, str, Split]] = []  # kind, suits, deal, code, budget
    if plan.part in ("both", "full"):
        for count in plan.suits:
            for number in range(plan.first, plan.first + plan.deals):
                code = str(DealCode("SP", count, False, number))
                tasks.append((full_job, (code, plan.seconds, plan.nodes)))
                labels.append(("full", count, number, code, splits[0]))
    if plan.part in ("both", "honest"):
        # Game by game across the suit counts, so that a run cut short has some of each.
        for number in range(plan.first, plan.first + plan.games):
            for count in plan.suits:
                code = str(DealCode("SP", count, False, number))
                for split in splits:
                    tasks.append((honest_job, (code, plan.hint_seconds, *split)))
                    labels.append(("honest", count, number, code, split))
    for done, (index, result) in enumerate(_run_all(plan.jobs, tasks), start=1):
        kind, count, number, code, split = labels[index]
        # [games done/all] (in the order they end), then the deal's shuffle number
        done_of = f"[{done}/{len(tasks)}] deal {number}:"
        row = rows[(count, split)]
        if kind == "full":
            row.solve_won.append(result["won"])
            row.solve_seconds.append(result["seconds"])
            row.solve_nodes.append(result["nodes"])
            if result["won"]:
                row.lines.append(result["line"])
                row.line_seconds.append(result["line_seconds"])
            note(f"{done_of} full {code} {'won' if result['won'] else 'no win'}"
                 f" {result['seconds']:.2f}s {result['nodes']} nodes {result['line']} moves"
                 f" (shortened in {result['line_seconds']:.2f}s)")
        else:
            row.hint_seconds.extend(result["times"])
            where = ""
            if not result["won"]:
                row.lost.append(result["end"])
                down, removed, stock = result["end"]
                where = f" ({down} face down, {removed} runs removed, {stock} in the stock)"
            budget = f" {_split(split)}" if named else ""
            row.games[(code, budget.strip())] = result["won"]
            note(f"{done_of} honest {code}{budget}"
                 f" {'won' if result['won'] else 'lost'}"
                 f"{where} {result['actions']} actions {result['seconds']:.1f}s"
                 f" p95 hint {percentile(result['times'], 0.95):.2f}s")
    for line in table(list(rows.values()), plan):
        note(line)
    if baseline is not None and plan.against is not None:
        for row in (row for row in rows.values() if row.games):
            note(compare(row.games, baseline, f"{plan.against.name}, {row.name()}"))
    if log_file:
        log_file.close()
    return list(rows.values())


def table(rows: list[Row], plan: Plan) -> list[str]:
    """The figures per suit count, the limits used and the budgets met or missed."""
    width = max(5, *(len(row.key()) for row in rows))
    lines = ["", f"{'suits':>{width}} | {'solved':>8} {'median s':>9} {'p95 s':>7} {'nodes':>8}"
             f" {'line':>5} {'line s':>7} | {'honest':>7} {'hint p50 s':>11} {'hint p95 s':>11}",
             "-" * (width + 87)]
    for row in rows:
        solved = f"{sum(row.solve_won)}/{len(row.solve_won)}" if row.solve_won else "-"
        honest = f"{sum(row.honest_won)}/{len(row.honest_won)}" if row.honest_won else "-"
        nodes = f"{statistics.median(row.solve_nodes):.0f}" if row.solve_nodes else "-"
        line = f"{statistics.median(row.lines):.0f}" if row.lines else "-"
        lines.append(f"{row.key():>{width}} | {solved:>8} {_median(row.solve_seconds):>9}"
                     f" {_p95(row.solve_seconds):>7} {nodes:>8} {line:>5}"
                     f" {_median(row.line_seconds):>7} | {honest:>7}"
                     f" {_median(row.hint_seconds):>11} {_p95(row.hint_seconds):>11}")
    node_text = f", {plan.nodes} nodes" if plan.nodes is not None else ""
    hint_limit = f", outer limit {plan.hint_seconds:g} s" if plan.hint_seconds else ""
    lines.append(f"(times in CPU seconds, the search's and, as line s, its line's shortening;"
                 f" full knowledge: limit {plan.seconds:g} s{node_text}"
                 f" per deal; hints: {', '.join(_split(s) for s in plan.hint_splits())}"
                 f" samples x nodes, at most {BRANCH} positions built per node{hint_limit};"
                 f" {plan.jobs} processes)")
    for row in rows:
        if row.lost:
            downs, removed, stocks = zip(*row.lost, strict=True)
            lines.append(f"lost honest games, {row.name()}:"
                         f" {len(row.lost)}, median {statistics.median(downs):g} cards face"
                         f" down and {statistics.median(removed):g} runs removed,"
                         f" {sum(1 for stock in stocks if stock)} with cards in the stock")
    lines.append("budgets (issue 20):")
    for row in rows:
        lines.append(f"  {row.name()}: "
                     + "; ".join(_checks(row)))
    return lines


def _checks(row: Row) -> list[str]:
    goal = GOALS[row.suits]
    checks = []
    if row.solve_won:
        share = sum(row.solve_won) / len(row.solve_won)
        median = statistics.median(row.solve_seconds)
        checks.append(_check(f"solved {share:.0%}", share >= goal.solved, f">= {goal.solved:.0%}"))
        checks.append(_check(f"median {median:.2f} s", median <= goal.median_s,
                             f"<= {goal.median_s:g} s"))
        if row.lines:
            length = statistics.median(row.lines)
            checks.append(_check(f"line {length:.0f} moves", length <= goal.line,
                                 f"<= {goal.line}"))
    if row.honest_won:
        share = sum(row.honest_won) / len(row.honest_won)
        p95 = percentile(row.hint_seconds, 0.95)
        checks.append(_check(f"honest {share:.0%}", share >= goal.honest, f">= {goal.honest:.0%}"))
        checks.append(_check(f"hint p95 {p95:.2f} s", p95 <= HINT_P95, f"<= {HINT_P95:g} s"))
    return checks


def _check(figure: str, met: bool, budget: str) -> str:
    return f"{figure} ({budget}: {'met' if met else 'MISSED'})"


def _split(split: Split) -> str:
    samples, nodes = split
    if samples is None and nodes is None:
        return f"{SAMPLES}x{NODES} ({ONE_SUIT_SAMPLES}x{ONE_SUIT_NODES} with one suit)"
    return f"{samples or 'default'}x{nodes or 'default'}"


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
    parser.add_argument("--nodes", default=None,
                        help="full-knowledge work limit per deal: positions expanded")
    parser.add_argument("--suits", default="1,2,4", help="suit counts, like 1,2,4 (default)")
    parser.add_argument("--games", type=int, default=None,
                        help="games for the hint engine per suit count (default: --deals)")
    parser.add_argument("--hint-seconds", type=float, default=0.0,
                        help="outer time limit per hint, as in the game (0.8); default 0: none,"
                             " so every game plays the same on any machine")
    parser.add_argument("--hint-samples", type=int, default=None,
                        help=f"determinizations per hint (default {SAMPLES},"
                             f" {ONE_SUIT_SAMPLES} with one suit)")
    parser.add_argument("--hint-nodes", type=int, default=None,
                        help=f"expansions per determinization (default {NODES},"
                             f" {ONE_SUIT_NODES} with one suit)")
    parser.add_argument("--hint-splits", default="",
                        help="hint budgets to compare on the same games, samples x nodes each,"
                             " like 6x300,3x600 (default: --hint-samples x --hint-nodes)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="processes (default: 2, or 1 on a single core)")
    parser.add_argument("--part", choices=("both", "full", "honest"), default="both")
    parser.add_argument("--log", type=Path, default=None, help="append per-deal lines to FILE")
    parser.add_argument("--against", type=Path, default=None, metavar="LOG",
                        help="compare the honest games deal by deal with an earlier --log")
    parser.set_defaults(handler=command)


def parse_splits(text: str) -> tuple[Split, ...]:
    """``6x300,3x600`` as ((6, 300), (3, 600)); raises :class:`BadInput`."""
    splits = []
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        samples, _, nodes = part.partition("x")
        if not (samples.isdigit() and nodes.isdigit() and int(samples) and int(nodes)):
            raise BadInput(tr("solver.bad-splits", text=text))
        splits.append((int(samples), int(nodes)))
    return tuple(splits)


def command(args: argparse.Namespace) -> int:
    """``python main.py bench solver``."""
    try:
        suits = [int(text) for text in args.suits.split(",") if text.strip()]
    except ValueError:
        suits = []
    if not suits or any(count not in (1, 2, 4) for count in suits):
        raise BadInput(tr("solver.bad-suits", text=args.suits))
    games = args.games if args.games is not None else args.deals
    if (args.deals < 1 or games < 0 or not args.seconds > 0 or args.hint_seconds < 0
            or any(n is not None and n < 1 for n in (args.hint_samples, args.hint_nodes))
            or args.jobs < 1):
        raise BadInput(tr("solver.bad-bench"))
    plan = Plan(suits, args.first, args.deals, games, args.seconds, parse_nodes(args.nodes),
                args.hint_seconds or None, args.hint_samples, args.hint_nodes, args.part,
                args.jobs, parse_splits(args.hint_splits), args.against)
    run_bench(plan, sys.stdout, args.log)
    return 0
