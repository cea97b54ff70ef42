"""The full-knowledge solver: verified lines, small puzzles, proofs, the command line."""

from __future__ import annotations

import math
import random
import statistics
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spider.commands.main import main
from spider.model.actions import DEAL
from spider.model.dealcode import DealCode
from spider.model.game import Game
from spider.model.notation import game_from_code, parse_position
from spider.solver.movegen import compound_steps, plan_supermove
from spider.solver.search import (
    LOOKAHEAD,
    MOVE_COSTS,
    NO_EXIT,
    VARIANTS,
    Searcher,
    default_schedule,
    distinct_best,
    path_of,
)
from spider.solver.solve import solve, verify
from spider.solver.state import Position, replay, step_action, step_token
from spider.solver.winnable import can_still_win, find_winnable_code
from tests.helpers import LAST_MOVE_WINS, STUCK

ROOT = Path(__file__).resolve().parents[2]

# Budgets are work (positions expanded), never seconds: the answers are the same on any
# machine. The seconds given beside them are an outer limit that a test never reaches.
PUZZLE = {"seconds": 600, "nodes": 5_000}
DEAL_NODES = 60_000


# STUCK with an empty column 4: the ace of spades has nowhere else to go.
NEEDS_EMPTY = STUCK + "4:\n"

# Column 1's 8♥ 7♠..2♠ has to go onto the 9♥ through the empty columns.
MIXED = """\
rules: classic
removed: 6
1: Ks Qs Js Ts 9s 8h 7s 6s 5s 4s 3s 2s
2: Kh Qh Jh Th 9h 7h 6h 5h 4h 3h 2h Ah
3: 8s As
4:
5:
"""


def test_one_move_from_winning():
    game = parse_position(LAST_MOVE_WINS)
    result = solve(game, **PUZZLE)
    assert result.won and result.proven
    assert [step_token(step) for step in result.steps] == ["2:1>1"]


def test_position_needing_an_empty_column():
    game = parse_position(NEEDS_EMPTY)
    result = solve(game, **PUZZLE)
    assert result.won
    assert any(step is not None and step[1] == 3 for step in result.steps)
    assert replay(game, result.steps).is_won


def test_impossible_position_is_proven_lost():
    game = parse_position(STUCK)
    result = solve(game, **PUZZLE)
    assert not result.won and result.proven
    assert can_still_win(game, 600, nodes=5_000) is False


def test_puzzle_with_mixed_sequence_is_solved():
    game = parse_position(MIXED)
    result = solve(game, **PUZZLE)
    assert result.won
    assert verify(game, result.steps)


def test_supermove_plan_is_legal():
    # Three one-suit groups (2s..5s? no: 6s-5s, 7h, 8s) via two empty columns onto a 9.
    game = parse_position("""\
rules: classic
1: Kc 9h
2: 8s 7h 6s 5s
3:
4:
""")
    steps = plan_supermove(1, 0, [2, 1, 1], [2, 3])
    replay(game, steps)
    assert [slot.card.rank for slot in game.columns[0]] == [13, 9, 8, 7, 6, 5]
    assert not game.columns[1] and not game.columns[2] and not game.columns[3]


@pytest.mark.parametrize("groups", range(1, 9))
def test_compound_moves_count_the_steps_they_are_played_in(groups):
    assert compound_steps(groups) == len(plan_supermove(0, 1, [1] * groups, [2, 3, 4]))


def test_a_won_node_knows_the_length_of_its_line():
    # The moves made (compound moves spelled out, deals counted) are what a segment
    # weighs against a position's score, so they must be those of the line played.
    position = Position.from_game(game_from_code(DealCode.parse("SP1-S2C-AAAAAAB")))
    searcher = Searcher(position, math.inf)
    won = searcher.attempt(1, 400, 1_600)
    assert won is not None
    assert won[8] == len(path_of(won, relaxed=False))


def test_two_suit_lines_are_short_as_found():
    # Each move made costs a position a little, so the search takes the shorter of two ways
    # to equally good positions: the lines it finds (before any shortening) were a median of
    # 219 moves on these deals without that cost, 170.5 with it.
    lengths = []
    for number in range(6):
        result = solve(game_from_code(DealCode("SP", 2, False, number)), 600, nodes=DEAL_NODES,
                       short=False)
        assert result.steps is not None
        lengths.append(len(result.steps))
    assert statistics.median(lengths) <= 190


def test_one_suit_deal_is_solved_and_the_line_replays():
    game = game_from_code(DealCode.parse("SP1-S1C-AAAAAAA"))
    result = solve(game, 600, nodes=DEAL_NODES)
    assert result.won
    replay(game, result.steps)
    assert game.is_won and game.removed == 8


@pytest.mark.slow
def test_solve_command_line_is_accepted_by_play(tmp_path):
    code = "SP1-S1C-AAAAAAD"
    solved = subprocess.run([sys.executable, "main.py", "solve", "--code", code, "--seconds", "600",
                             "--nodes", str(DEAL_NODES)],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert solved.returncode == 0, solved.stderr
    tokens = solved.stdout.split()
    assert tokens and all(token == "d" or ":" in token for token in tokens)
    played = subprocess.run([sys.executable, "main.py", "play", "--code", code, *tokens],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert played.returncode == 0, played.stderr
    assert "removed: 8" in played.stdout and "stock:\n" in played.stdout


def test_solve_command_exit_codes(tmp_path, capsys):
    lost = tmp_path / "lost.txt"
    lost.write_text(STUCK, encoding="utf-8")
    assert main(["solve", "--position", str(lost), "--nodes", "5000"]) == 1
    assert "unwinnable" in capsys.readouterr().out
    assert main(["solve", "--code", "SP1-S9C-AAAAAAA"]) == 2
    assert main(["solve", "--position", str(tmp_path / "missing.txt")]) == 2
    assert main(["solve", "--code", "SP1-S1C-AAAAAAA", "--seconds", "0"]) == 2
    one = tmp_path / "one.txt"
    one.write_text(LAST_MOVE_WINS, encoding="utf-8")
    assert main(["solve", "--position", str(one), "--nodes", "5000"]) == 0
    assert capsys.readouterr().out.split() == ["2:1>1"]


def test_no_win_found_says_so_without_claiming_unwinnable(capsys):
    # A four-suit deal with a tiny work budget: no proof either way.
    assert main(["solve", "--code", "SP1-S4C-AAAAAAA", "--nodes", "200"]) == 1
    out = capsys.readouterr().out
    assert "unwinnable" not in out and "200 positions" in out


@pytest.mark.parametrize("nodes", ["0", "-5", "many", "1.5"])
def test_bad_node_budget_is_one_clear_line(nodes, capsys):
    assert main(["solve", "--code", "SP1-S1C-AAAAAAA", "--nodes", nodes]) == 2
    err = capsys.readouterr().err
    assert "--nodes" in err and nodes in err and "Traceback" not in err


@pytest.mark.slow
def test_node_budget_gives_the_same_answer_every_time():
    game = game_from_code(DealCode.parse("SP1-S2C-AAAAAAB"))
    first = solve(game, 600, nodes=8_000)
    again = solve(game, 600, nodes=8_000)
    assert first.steps == again.steps and first.expanded == again.expanded
    assert first.expanded <= 8_000
    # Too little work finds nothing and proves nothing; the work is the limit, not time.
    short = solve(game, 600, nodes=300)
    assert not short.won and not short.proven and short.expanded <= 300


@pytest.mark.parametrize("code", ["SP1-S1C-AAAAAAA", "SP1-S1C-AAAAAAB", "SP1-S2C-AAAAAAA",
                                  "SP1-S2C-AAAAAAC"])
def test_easy_deals_are_won_by_the_first_quick_attempt(code):
    # The first narrow attempts cost a fourth of a full one; most 1- and 2-suit deals need no more.
    result = solve(game_from_code(DealCode.parse(code)), 600, nodes=1_000)
    assert result.won and result.expanded <= 1_000


def test_beam_keeps_positions_of_different_scores_first():
    exits = [(9.0, 1, ("a",)), (9.0, 2, ("b",)), (7.0, 3, ("c",)), (5.0, 4, ("d",))]
    best = distinct_best(exits, 3)
    assert best[0] in (("a",), ("b",)) and best[1:] == [("c",), ("d",)]
    assert sorted(distinct_best(exits, 5)) == [("a",), ("b",), ("c",), ("d",)]


def test_winnable_code_and_can_still_win():
    code = find_winnable_code("SP", 1, False, 600, random.Random(7), nodes_per_try=DEAL_NODES)
    assert code.suits == 1 and code.layout == "SP"
    game = game_from_code(code)
    assert can_still_win(game, 600, nodes=DEAL_NODES) is True
    assert game.moves == 0 and game.stock  # the live game is untouched


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([1, 2, 4]), st.booleans(), st.randoms())
def test_compact_state_follows_the_rules_model(number, suits, relaxed, rng):
    game = game_from_code(DealCode("SP", suits, relaxed and suits > 1, number))
    position = Position.from_game(game)
    for _ in range(60):
        steps = position.legal_steps()
        legal = game.legal_moves()
        assert sorted(s for s in steps if s is not None) == sorted(
            (m.source, m.target, m.count) for m in legal)
        assert (None in steps) == game.is_legal(DEAL)
        if not steps:
            break
        step = rng.choice(steps)
        game.play(step_action(step))
        position = position.play(step)
        assert position == Position.from_game(game)


def test_verify_rejects_a_wrong_line():
    game = parse_position(LAST_MOVE_WINS)
    assert not verify(game, [(1, 0, 1), (0, 1, 1)])
    assert not verify(game, [])
    assert isinstance(game, Game) and game.moves == 0


@pytest.mark.slow
@pytest.mark.parametrize("code", ["SP1-S4C-AAAAAAC", "SP1-S4C-AAAAAAD", "SP1-S4C-AAAAAAP"])
def test_four_suit_deals_are_won_within_a_fixed_budget_of_work(code):
    game = game_from_code(DealCode.parse(code))
    result = solve(game, 600, nodes=40_000)
    assert result.won and result.expanded <= 40_000
    assert replay(game, result.steps).is_won


def test_a_search_keeps_at_most_its_positions() -> None:
    # The memory of a long search is bounded by the positions it keeps, not its time: a
    # segment that fills them ends, and the search goes on with the next attempt.
    import tracemalloc

    position = Position.from_game(game_from_code(DealCode.parse("SP1-S4C-AAAAABG")))
    kept_most = 2_000  # some segments of this deal meet more positions
    searcher = Searcher(position, math.inf, nodes=20_000, positions=kept_most)
    tracemalloc.start()
    try:
        steps = searcher.run()
        kept = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert searcher.stats.full  # segments filled their positions ...
    assert steps is not None  # ... and the search went on to a win
    assert kept < kept_most * 2_000  # a position, the nodes on the lines kept and the columns met


def test_wider_attempts_try_more_evaluations_of_the_portfolio():
    by_width: dict[int, list[int]] = {}
    for width, _, _, variant in default_schedule():
        by_width.setdefault(width, []).append(variant)
    assert by_width[8] == [0, 2]
    for width in (16, 32, 64):
        tried = by_width[width]
        assert len(tried) == 4 and len(set(tried)) == 4
        assert len({VARIANTS[variant] for variant in tried}) == 4


@pytest.mark.slow
def test_a_hard_four_suit_deal_is_won_by_the_portfolio():
    # Lost within 600,000 positions by the three evaluations alone.
    game = game_from_code(DealCode.parse("SP1-S4C-AAAAACY"))
    result = solve(game, 6000, nodes=420_000)
    assert result.won and replay(game, result.steps).is_won


def test_only_attempts_with_the_first_evaluation_pay_for_the_moves_made():
    # The others search as if moves were free, so they still win the hard deals that a
    # cost per move would make them lose.
    class Recording(Searcher):
        def attempt(self, width: int, budget: int, final_budget: int) -> None:
            costs.append(self.move_cost)

    costs: list[float] = []
    position = Position.from_game(game_from_code(DealCode.parse("SP1-S4C-AAAAAAC")))
    Recording(position, math.inf).run([(1, 100, 400, variant) for variant in (0, 1, 3, 0)])
    assert costs == [MOVE_COSTS[4], 0, 0, MOVE_COSTS[4]] and MOVE_COSTS[4] > 0


def test_a_segment_deals_from_positions_of_different_scores():
    # The segment keeps enough positions to deal from that equal scores (one position
    # with a card parked in several places) do not crowd out the others: with three
    # kept per place in the beam, only 3 of these 8 scores differed.
    position = Position.from_game(game_from_code(DealCode.parse("SP1-S4C-AAAAAAC")))
    searcher = Searcher(position, math.inf)
    start = searcher.node(position.cols, position.stock, 0, None, ())
    _, exits, _ = searcher.segment([start], 400, 4)
    assert len(exits) == 8
    # Ranked by score after the deal less the moves made to get there.
    assert len({node[5] + node[7] - searcher.move_cost * node[8] for node in exits}) >= 7


def test_positions_dealt_go_on_by_what_their_next_segment_reaches():
    position = Position.from_game(game_from_code(DealCode.parse("SP1-S4C-AAAAAAC")))
    searcher = Searcher(position, math.inf)
    start = searcher.node(position.cols, position.stock, 0, None, ())
    _, exits, _ = searcher.segment([start], 400, 4)
    dealt = [searcher.deal(node) for node in exits]
    assert len(dealt) == 8  # twice the beam's width is dealt ...
    spent = searcher.stats.expanded
    won, kept = searcher.most_promising(dealt, 4)
    assert won is None and len(kept) == 4  # ... and the beam's width goes on
    assert searcher.stats.expanded - spent <= len(dealt) * LOOKAHEAD  # counted work

    def reach(node: tuple[object, ...]) -> float:
        _, found, best = searcher.segment([node], LOOKAHEAD, 1)
        return found[0][5] + found[0][7] if found else best - NO_EXIT

    left = [node for node in dealt if not any(node is chosen for chosen in kept)]
    assert min(map(reach, kept)) >= max(map(reach, left))


@pytest.mark.slow
def test_a_deal_is_won_by_dealing_from_positions_whose_deal_leads_on():
    # Lost within 600,000 positions when the beam dealt from the best-scored positions alone.
    game = game_from_code(DealCode.parse("SP1-S4C-AAAAADC"))
    result = solve(game, 6000, nodes=250_000)
    assert result.won and replay(game, result.steps).is_won
