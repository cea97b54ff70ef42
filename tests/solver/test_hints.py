"""Honest hints: legal, blind to the hidden cards, never the reverse of the last move."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

from spider.model.actions import DEAL, Move
from spider.model.dealcode import DealCode
from spider.model.game import Game, Slot
from spider.model.notation import game_from_code, parse_position
from spider.solver import hints as hints_module
from spider.solver import lookahead as lookahead_module
from spider.solver.hints import Hint, suggest
from spider.solver.knowledge import masked, visible_key
from spider.solver.plan import Plan
from spider.solver.state import Position
from tests.helpers import HINT_EFFORT, LAST_MOVE_WINS, RICH


def played(code: str, count: int, seed: int = 1) -> Game:
    """A game after ``count`` hint-engine actions (a realistic position)."""
    game = game_from_code(DealCode.parse(code))
    previous = None
    for _ in range(count):
        hint = suggest(game, previous, **HINT_EFFORT)
        if hint is None:
            break
        game.play(hint.action)
        previous = hint.action
    return game


def reshuffled(game: Game, rng: random.Random) -> Game:
    """The same visible position with the face-down cards and the stock shuffled."""
    hidden = [slot.card for column in game.columns for slot in column if not slot.face_up]
    hidden += game.stock
    rng.shuffle(hidden)
    columns = []
    for column in game.columns:
        cells = []
        for slot in column:
            cells.append(slot if slot.face_up else Slot(hidden.pop(), False))
        columns.append(cells)
    return Game(columns, hidden, relaxed=game.relaxed, score=game.score, moves=game.moves,
                runs=list(game.runs))


@pytest.mark.parametrize(("code", "count"), [
    ("SP1-S1C-AAAAAAB", 0), ("SP1-S2C-AAAAAAC", 6), ("SP1-S4C-AAAAAAD", 12),
    ("SP1-S4R-AAAAAAE", 4), ("SO1-S2C-AAAAAAF", 5),
])
def test_hints_do_not_depend_on_hidden_cards(code, count):
    game = played(code, count)
    hint = suggest(game, None, **HINT_EFFORT)
    rng = random.Random(count)
    for _ in range(3):
        other = reshuffled(game, rng)
        assert visible_key(other) == visible_key(game)
        assert suggest(other, None, **HINT_EFFORT) == hint


@pytest.mark.slow
@pytest.mark.parametrize("code", ["SP1-S1C-AAAAAAA", "SP1-S2C-AAAAAAB", "SP1-S4C-AAAAAAC"])
def test_hints_are_legal_and_never_reverse_the_last_move(code):
    game = game_from_code(DealCode.parse(code))
    previous = None
    for _ in range(40):
        hint = suggest(game, previous, **HINT_EFFORT)
        if hint is None:
            break
        assert isinstance(hint, Hint) and hint.text()
        assert game.is_legal(hint.action)
        if isinstance(hint.action, Move):
            assert hint.action.count is not None
            if isinstance(previous, Move) and hint.reason != "hint.reason.run":
                assert hint.action != Move(previous.target, previous.source, previous.count)
        game.play(hint.action)
        previous = hint.action


def test_reverse_of_previous_move_is_not_suggested_even_when_tempting():
    # 9♥ just moved from column 1 onto the 10♥ of column 2; back onto the 10♠ of column 1
    # would undo it.
    game = parse_position("""\
rules: classic
stock: 2c 3c
1: [Kd] Ts
2: [Qc] Th 9h
""")
    previous = Move(0, 1, 1)
    hint = suggest(game, previous, **HINT_EFFORT)
    assert hint is None or hint.action != Move(1, 0, 1)


# Q..A in column 3 and the K of spades alone in column 4: putting the run back removes it.
RUN_BESIDE_ITS_KING = """\
rules: classic
removed: 7
1:
2:
3: Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s As
4: Ks
"""


def test_a_different_count_back_is_allowed_when_it_wins():
    game = parse_position(RUN_BESIDE_ITS_KING)
    hint = suggest(game, Move(3, 2, 11), **HINT_EFFORT)
    assert hint is not None and hint.action == Move(2, 3, 12)
    assert hint.reason == "hint.reason.run"


def test_the_same_count_back_is_allowed_when_it_removes_a_run():
    # Q..A just left column 4 and turned its king: straight back is no undo, it wins.
    game = parse_position(RUN_BESIDE_ITS_KING)
    for avoid in (None, set()):  # a hint, and the demo's move
        hint = suggest(game, Move(3, 2, 12), avoid=avoid, **HINT_EFFORT)
        assert hint is not None and hint.action == Move(2, 3, 12)
        assert hint.reason == "hint.reason.run"


def test_deal_when_nothing_useful_is_left():
    game = parse_position("""\
rules: classic
stock: 2c 3c
1: [Kd] 5s
2: [Qc] 9h
""")
    hint = suggest(game, None, **HINT_EFFORT)
    assert hint is not None and hint.action is DEAL and hint.reason == "hint.reason.deal"


def test_none_when_no_move_and_no_deal():
    game = parse_position("""\
rules: classic
1: [Kd] 5s
2: [Qc] 9h
""")
    assert suggest(game, None, **HINT_EFFORT) is None


def test_hint_prefers_turning_a_card_over_a_shuffle():
    game = parse_position("""\
rules: classic
1: [Kd] 9s
2: [Qc] Ts
3: Kh Th
""")
    hint = suggest(game, None, **HINT_EFFORT)
    assert hint is not None and hint.action.source == 0 and hint.reason == "hint.reason.flip"


def test_stalled_play_deals_instead_of_rearranging():
    game = parse_position("""\
rules: classic
stock: 2c 3c
1: [Kd] 9s
2: [Qc] Ts
3: Kh Th
""")
    hint = suggest(game, None, stalled=True, **HINT_EFFORT)
    assert hint is not None and hint.action is DEAL
    game.columns[2].clear()
    hint = suggest(game, None, stalled=True, **HINT_EFFORT)  # an empty column: fill it first
    assert hint is not None and isinstance(hint.action, Move) and hint.action.target == 2


def test_a_rich_positions_hint_has_a_ceiling_of_work(monkeypatch):
    # One suit and two empty columns: dozens of moves from every position. Each
    # look-ahead builds at most nodes x BRANCH positions (and the moves of one last
    # expansion), so such a hint costs about what a plain one does.
    game = parse_position(RICH)
    built: list[int] = []
    real = lookahead_module.apply_move

    def counted(*args: int):
        built.append(1)
        return real(*args)

    monkeypatch.setattr(lookahead_module, "apply_move", counted)
    effort = {"time_budget": None, "samples": 2, "nodes": 60}
    hint = suggest(game, None, **effort)
    assert hint is not None and game.is_legal(hint.action)
    capped = len(built)
    assert capped <= 2 * (60 * lookahead_module.BRANCH + 100)
    built.clear()
    monkeypatch.setattr(lookahead_module, "BRANCH", 1000)
    suggest(game, None, **effort)
    assert len(built) > capped * 1.5  # the ceiling is what held it


def searched_worlds(monkeypatch, game: Game, **effort) -> list[tuple[object, int]]:
    """The determinizations one hint searches (their columns: the look-ahead never reads
    a world's stock), with the expansions each may spend."""
    worlds: list[tuple[object, int]] = []
    real = hints_module.lookahead

    def recorded(cols, fits, removed, infos, relaxed, roots, nodes):
        worlds.append((cols, nodes))
        return real(cols, fits, removed, infos, relaxed, roots, nodes)

    monkeypatch.setattr(hints_module, "lookahead", recorded)
    suggest(game, None, **effort)
    return worlds


def test_each_sample_is_a_different_world_without_a_time_limit(monkeypatch):
    worlds = searched_worlds(monkeypatch, game_from_code(DealCode.parse("SP1-S4C-AAAAAAA")),
                             time_budget=None, samples=4, nodes=20)
    assert len({world for world, _ in worlds}) == 4
    assert {nodes for _, nodes in worlds} == {20}


def test_a_position_with_nothing_hidden_gets_the_whole_budget_in_one_search(monkeypatch):
    game = parse_position("""\
rules: classic
1: Kd 5s
2: Qc 9h
3:
""")
    worlds = searched_worlds(monkeypatch, game, time_budget=None, samples=4, nodes=20)
    assert [nodes for _, nodes in worlds] == [80]


def test_the_demo_keeps_trying_when_the_stock_is_empty():
    game = parse_position("""\
rules: classic
1: [Kd] [Qd] 5s
2: [Qc] [Jc] 9h
3:
""")
    assert suggest(game, None, **HINT_EFFORT) is None  # a hint: nothing useful is left
    hint = suggest(game, None, avoid=set(), **HINT_EFFORT)  # the demo plays on
    assert hint is not None and game.is_legal(hint.action)
    assert suggest(game, None, avoid=set(), stalled=True, **HINT_EFFORT) is None


def test_no_run_is_removed_that_leaves_too_few_cards_to_deal():
    # Ace of spades onto column 1 would remove the run and leave one card for three
    # columns: the stock could never be dealt again.
    game = parse_position("""\
rules: classic
stock: 2c 3c 4c
1: Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
2: As
3: 9h
""")
    hint = suggest(game, None, **HINT_EFFORT)
    assert hint is not None and hint.action != Move(1, 0, 1)


ENDGAME = """\
rules: classic
removed: 6
1: [Kh] Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
2: Qh Jh Th 9h 8h 7h 6h 5h 4h
3: [3h] As
4: 2h Ah
5:
"""


def test_an_endgame_hint_is_the_checked_move_most_worlds_are_won_after(monkeypatch):
    game = parse_position(ENDGAME)
    checked: list[list[tuple[object, ...]]] = []

    def second_wins(worlds, choices, followable=None, **_):
        checked.append(choices)
        return 1, len(worlds)

    monkeypatch.setattr(hints_module, "most_winning", second_wins)
    suggest(game_from_code(DealCode.parse("SP1-S2C-AAAAAAC")), None, **HINT_EFFORT)
    assert not checked  # five deals left: no endgame
    hint = suggest(game, None, **HINT_EFFORT)
    assert len(checked) == 1 and len(checked[0]) == hints_module.CHECKED
    assert hint is not None and hint.steps == tuple(Move(*step) for step in checked[0][1])
    monkeypatch.setattr(hints_module, "most_winning", lambda worlds, choices, **_: (-1, 0))
    fallback = suggest(game, None, **HINT_EFFORT)  # no world won: the look-ahead's choice
    assert fallback is not None and fallback.steps[0] == Move(*checked[0][0][0])


def test_the_demo_s_endgame_check_counts_only_lines_that_avoid_its_past(monkeypatch):
    game = parse_position(ENDGAME)
    given: list[object] = []

    def spy(worlds, choices, followable=None, **_):
        given.append(followable)
        return -1, 0

    monkeypatch.setattr(hints_module, "most_winning", spy)
    suggest(game, None, **HINT_EFFORT)
    suggest(game, None, avoid={visible_key(game)}, **HINT_EFFORT)
    world = Position.from_game(game)
    back = [(3, 4, 1), (4, 3, 1)]  # the ace of hearts aside and back: this position again
    assert given[0] is None and callable(given[1]) and not given[1](world, back)


def test_a_one_suit_endgame_is_checked_only_once_the_stock_is_dealt(monkeypatch):
    checked: list[list[tuple[object, ...]]] = []

    def none_won(worlds, choices, followable=None, **_):
        checked.append(choices)
        return -1, 0

    monkeypatch.setattr(hints_module, "most_winning", none_won)
    position = """\
rules: classic
removed: 5
{stock}1: [Ks] Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
2: Qs Js Ts 9s 8s 7s 6s 5s 4s
3: [3s] As
4: 2s As
5: [9s] 9s
"""
    assert suggest(parse_position(position.format(stock="stock: 8s 8s\n")), None, **HINT_EFFORT)
    assert not checked  # one deal left: the look-ahead alone
    assert suggest(parse_position(position.format(stock="")), None, **HINT_EFFORT)
    assert len(checked) == 1


# Seven runs removed, the spades all in order but their ace: one move wins.
ONE_ACE_TO_WIN = LAST_MOVE_WINS + "3:\n"


def test_a_line_that_goes_back_to_a_position_passed_through_cannot_be_followed():
    game = parse_position(ONE_ACE_TO_WIN)
    world = Position.from_game(game)
    followable = hints_module.avoids({visible_key(game)})
    assert followable(world, [(1, 0, 1)])
    assert not followable(world, [(1, 2, 1), (2, 1, 1), (1, 0, 1)])  # the ace aside and back


def searched_nodes(monkeypatch, game) -> list[int]:
    """The expansions each sampled world's look-ahead was given for ``game``'s hint."""
    searched: list[int] = []
    look = hints_module.lookahead

    def counted(*args):
        searched.append(args[-1])
        return look(*args)

    monkeypatch.setattr(hints_module, "lookahead", counted)
    assert suggest(game, time_budget=None) is not None
    return searched


@pytest.mark.parametrize(("code", "worlds", "nodes"), [
    ("SP1-S1C-AAAAAAA", hints_module.ONE_SUIT_SAMPLES, hints_module.ONE_SUIT_NODES),
    ("SP1-S2C-AAAAAAA", hints_module.SAMPLES, hints_module.NODES),
])
def test_one_suit_takes_a_quarter_of_the_work(monkeypatch, code, worlds, nodes) -> None:
    """As many worlds with one suit as with more, each searched a quarter as far."""
    game = game_from_code(DealCode.parse(code))
    assert searched_nodes(monkeypatch, game) == [nodes] * worlds
    assert (hints_module.ONE_SUIT_SAMPLES * hints_module.ONE_SUIT_NODES * 4
            == hints_module.SAMPLES * hints_module.NODES)


def test_in_the_endgame_the_look_ahead_takes_the_whole_work(monkeypatch):
    # The worlds are solved in full too, on top: the look-ahead ranks the moves they check.
    searched = searched_nodes(monkeypatch, parse_position(ENDGAME))
    assert len(searched) == 2  # two cards face down: two worlds, each with the others' share
    assert sum(searched) == hints_module.SAMPLES * hints_module.NODES


# One-suit deal AAAAABI after 70 of the demo's actions. The old check (1000 expansions a
# world, 2000 a hint) ran out after a few worlds and played the flip on column 4.
ONE_SUIT_ENDGAME = """\
rules: classic
removed: 3
1:
2:
3: Ts 7s 6s
4: [9s] [8s] [8s] 8s 7s 6s
5: [4s] [7s] [9s] [Ts] Js Ts 8s 7s 6s 5s 4s 3s 2s As
6: [9s] [Ks] [As] [5s] 3s 4s 3s 2s Ks Qs 2s As
7: Qs Js Ts
8: [5s] [9s] [7s] As Ks Qs Qs 2s
9: Ks Qs Js Ts 6s Js
10: [3s] [9s] [8s] [Js] Ks 5s 4s 3s 2s As 6s 5s 4s
"""


def test_a_one_suit_endgame_check_compares_every_world(monkeypatch):
    results: list[tuple[int, int]] = []
    check = hints_module.most_winning

    def spy(*args, **kwargs):
        results.append(check(*args, **kwargs))
        return results[-1]

    monkeypatch.setattr(hints_module, "most_winning", spy)
    # The flip on column 4 and the move into the gap: the look-ahead's first two. (Its
    # third costs the budget of two more worlds, and the two then tie on ten.)
    monkeypatch.setattr(hints_module, "CHECKED", 2)
    hint = suggest(parse_position(ONE_SUIT_ENDGAME), Move(2, 6, 2), time_budget=None)
    assert results == [(1, hints_module.ONE_SUIT_SAMPLES)]  # won in every world after it
    assert hint is not None and hint.steps == (Move(2, 0, 2),)


def test_before_giving_up_the_demo_plays_the_start_of_a_winning_line():
    game = parse_position(ONE_ACE_TO_WIN)
    # Stalled with the stock dealt, nothing counts as useful: the worlds solved in full
    # still show the win, so the demo plays it instead of stopping.
    hint = suggest(game, None, avoid={visible_key(game)}, stalled=True, **HINT_EFFORT)
    assert hint is not None and hint.action == Move(1, 0, 1)
    game.play(hint.action)
    assert game.is_won


def test_the_last_chance_is_the_move_most_worlds_winning_lines_begin_with(monkeypatch):
    game = parse_position(ENDGAME.replace("4: 2h Ah", "4: [2h] Ah"))  # three worlds
    lines = iter([[(3, 4, 1)], [(2, 4, 1), (3, 4, 1)], [(2, 4, 1)]])
    monkeypatch.setattr(hints_module, "winning_line", lambda *_: (next(lines), 1))
    hint = suggest(game, None, avoid=set(), stalled=True, **HINT_EFFORT)
    assert hint is not None and hint.action == Move(2, 4, 1)
    monkeypatch.setattr(hints_module, "winning_line", lambda *_: (None, 1))
    assert suggest(game, None, avoid=set(), stalled=True, **HINT_EFFORT) is None


@pytest.mark.parametrize("enabled", [True, False])
def test_garbage_collection_waits_while_a_hint_is_worked_out(monkeypatch, enabled):
    collecting: list[bool] = []
    real = hints_module.lookahead

    def recorded(*args: Any) -> Any:
        collecting.append(gc.isenabled())
        return real(*args)

    monkeypatch.setattr(hints_module, "lookahead", recorded)
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        assert suggest(parse_position(ENDGAME), None, **HINT_EFFORT) is not None
        assert collecting and not any(collecting)
        assert gc.isenabled() == enabled  # as it was before the hint
    finally:
        (gc.enable if was else gc.disable)()


def test_the_last_chance_gives_each_world_the_work_of_the_worlds_it_lacks(monkeypatch):
    budgets: list[int] = []

    def unsolved(world: Position, nodes: int, *_: object) -> tuple[None, int]:
        budgets.append(nodes)
        return None, nodes

    monkeypatch.setattr(hints_module, "winning_line", unsolved)
    one_world = ENDGAME.replace("[Kh]", "Kh").replace("[3h]", "3h")
    for text, worlds in ((ENDGAME.replace("4: 2h Ah", "4: [2h] Ah"), 3), (ENDGAME, 2),
                         (one_world, 1)):
        budgets.clear()
        suggest(parse_position(text), None, avoid=set(), stalled=True, **HINT_EFFORT)
        samples = HINT_EFFORT["samples"]
        assert budgets == [hints_module.LAST_NODES * samples // worlds] * worlds


def test_a_stalled_demo_follows_the_last_chance_s_line_to_the_win(monkeypatch):
    game = parse_position(ENDGAME.replace("[Kh]", "Kh").replace("[3h]", "3h"))  # one world
    plan, past = Plan(), {visible_key(game)}
    hint = suggest(game, None, avoid=past, stalled=True, plan=plan, **HINT_EFFORT)

    def no_search(*_: object, **__: object) -> None:
        raise AssertionError("a line being followed is not searched again")

    monkeypatch.setattr(hints_module, "winning_line", no_search)
    monkeypatch.setattr(hints_module, "lookahead", no_search)
    while hint is not None:
        game.play(hint.action)
        if game.is_won:
            break
        past.add(visible_key(game))
        hint = suggest(game, hint.action, avoid=past, stalled=True, plan=plan, **HINT_EFFORT)
    assert game.is_won


def test_with_every_move_going_back_only_a_plan_plays_on():
    game = parse_position(ENDGAME.replace("[Kh]", "Kh").replace("[3h]", "3h"))
    start = Position.from_game(game)
    past = {visible_key(game)} | {(masked(start.play(step).cols), 0)
                                  for step in start.legal_steps()}
    assert suggest(game, None, avoid=past, **HINT_EFFORT) is None
    hint = suggest(game, None, avoid=past, plan=Plan(), **HINT_EFFORT)
    assert hint is not None and game.is_legal(hint.action)
