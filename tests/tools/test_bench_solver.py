"""``python main.py bench solver``: a tiny run prints every figure and every budget.

A smoke run only: nothing here asserts how fast anything is.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest

from spider.commands.common import BadInput
from tools.bench.cli import build_parser
from tools.bench.paired import compare, parse_line, sign_test
from tools.bench.solver import GOALS, Plan, run_bench


@pytest.mark.slow
def test_a_tiny_solver_bench_reports_the_table_and_the_budgets() -> None:
    plan = Plan(suits=[1], first=0, deals=1, games=1, seconds=600, nodes=20_000,
                hint_seconds=None, hint_samples=2, hint_nodes=20, part="both", jobs=1)
    out = io.StringIO()
    rows = run_bench(plan, out)
    text = out.getvalue()
    assert "[1/2] deal 0: full SP1-S1C-AAAAAAA won" in text
    assert "] deal 0: honest SP1-S1C-AAAAAAA" in text
    assert rows[0].solve_won == [True] and rows[0].lines and len(rows[0].honest_won) == 1
    assert "20000 nodes per deal" in text and "hints: 2x20 samples x nodes" in text
    assert "line s" in text and "(shortened in " in text  # the shortening timed apart
    budgets = text.split("budgets (issue 20):")[1]
    for figure in ("solved 100%", "median", "line", "honest", "hint p95"):
        assert figure in budgets
    assert f">= {GOALS[1].honest:.0%}" in budgets


@pytest.mark.slow
def test_the_same_nodes_give_the_same_results() -> None:
    plan = Plan(suits=[2], first=3, deals=1, games=0, seconds=600, nodes=6_000,
                hint_seconds=None, hint_samples=1, hint_nodes=1, part="full", jobs=1)
    first, again = run_bench(plan, io.StringIO()), run_bench(plan, io.StringIO())
    assert first[0].solve_nodes == again[0].solve_nodes
    assert first[0].lines == again[0].lines


@pytest.mark.parametrize("options", [["--nodes", "0"], ["--jobs", "0"], ["--suits", "3"],
                                     ["--hint-nodes", "0"], ["--hint-splits", "6x300,3"],
                                     ["--hint-splits", "0x10"]])
def test_bad_solver_bench_options_are_refused(options: list[str]) -> None:
    args = build_parser().parse_args(["solver", *options])
    with pytest.raises(BadInput):
        args.handler(args)


def test_lost_honest_games_say_where_they_stopped() -> None:
    plan = Plan(suits=[4], first=0, deals=1, games=1, seconds=600, nodes=None,
                hint_seconds=None, hint_samples=1, hint_nodes=2, part="honest", jobs=1)
    out = io.StringIO()
    rows = run_bench(plan, out)
    text = out.getvalue()
    assert rows[0].honest_won == [False] and len(rows[0].lost) == 1
    down, removed, stock = rows[0].lost[0]
    assert down > 0
    assert f"lost ({down} face down, {removed} runs removed, {stock} in the stock)" in text
    assert "lost honest games, 4 suits: 1, median" in text


def test_hint_budgets_are_compared_on_the_same_games() -> None:
    plan = Plan(suits=[4], first=0, deals=1, games=1, seconds=600, nodes=None,
                hint_seconds=None, hint_samples=1, hint_nodes=2, part="honest", jobs=1,
                splits=((1, 2), (2, 1)))
    out = io.StringIO()
    rows = run_bench(plan, out)
    text = out.getvalue()
    assert [(row.suits, row.split, len(row.honest_won)) for row in rows] == [
        (4, (1, 2), 1), (4, (2, 1), 1)]
    assert "honest SP1-S4C-AAAAAAA 1x2 lost" in text and "honest SP1-S4C-AAAAAAA 2x1" in text
    assert "hints: 1x2, 2x1 samples x nodes" in text
    assert "  4 suits at 1x2: honest" in text and "  4 suits at 2x1: honest" in text


@pytest.mark.slow
def test_honest_games_take_turns_across_suit_counts() -> None:
    # A run cut short still has games of every suit count.
    plan = Plan(suits=[2, 4], first=0, deals=1, games=2, seconds=600, nodes=None,
                hint_seconds=None, hint_samples=1, hint_nodes=1, part="honest", jobs=1)
    out = io.StringIO()
    run_bench(plan, out)
    played = [line.split(": honest ")[1].split()[0] for line in out.getvalue().splitlines()
              if line.startswith("[") and ": honest " in line]
    assert played == ["SP1-S2C-AAAAAAA", "SP1-S4C-AAAAAAA", "SP1-S2C-AAAAAAB", "SP1-S4C-AAAAAAB"]


def test_honest_games_are_compared_with_an_earlier_log(tmp_path: Path) -> None:
    log = tmp_path / "before.log"
    plan = Plan(suits=[4], first=0, deals=1, games=1, seconds=600, nodes=None,
                hint_seconds=None, hint_samples=1, hint_nodes=2, part="honest", jobs=1)
    run_bench(plan, io.StringIO(), log)
    out = io.StringIO()
    run_bench(replace(plan, against=log), out)
    assert ("against before.log, 4 suits: 1 games in both, won 0 here and 0 there; 0 changed,"
            " 0 to won and 0 to lost (sign test p = 1.00)") in out.getvalue()


def test_games_that_changed_result_are_counted_each_way() -> None:
    before = "\n".join(f"[{n}/6] deal {n}: honest SP1-S2C-{n} {result} 90 actions"
                       for n, result in enumerate(["won", "lost", "lost", "lost", "won"]))
    there = {key: won for key, won in map(parse_line, before.splitlines()) if key}
    here = {("SP1-S2C-0", ""): True, ("SP1-S2C-1", ""): True, ("SP1-S2C-2", ""): True,
            ("SP1-S2C-3", ""): False, ("SP1-S2C-4", ""): False, ("SP1-S2C-9", ""): True}
    assert compare(here, there, "base.log") == (
        "against base.log: 5 games in both, won 3 here and 2 there; 3 changed,"
        " 2 to won and 1 to lost (sign test p = 1.00)")
    assert sign_test(0, 6) == 2 / 64 and sign_test(9, 1) == sign_test(1, 9)


@pytest.mark.parametrize("text", [None, "[1/1] deal 0: full SP1-S1C-AAAAAAA won 0.1s\n"])
def test_an_earlier_log_without_honest_games_is_refused(tmp_path: Path, text: str | None) -> None:
    log = tmp_path / "before.log"
    if text is not None:
        log.write_text(text, encoding="utf-8")
    args = build_parser().parse_args(["solver", "--part", "honest", "--games", "0",
                                      "--against", str(log)])
    with pytest.raises(BadInput, match=r"before\.log"):
        args.handler(args)
