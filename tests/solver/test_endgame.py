"""Honest endgames: candidate actions checked in sampled worlds solved in full."""

from __future__ import annotations

from spider.solver import endgame, evaluation
from spider.solver.endgame import can_win, is_endgame, most_winning, winning_line
from spider.solver.state import DOWN, Position, Step
from tests.helpers import LAST_MOVE_WINS
from tests.helpers import solver_position as position

# The spades need their ace (column 2) and nothing else; column 3 is empty.
ONE_RUN = LAST_MOVE_WINS + "3:\n"


def test_an_endgame_has_the_stock_dealt_or_one_deal_left_and_few_cards_face_down():
    few = position("1: [Ks] [Qs] 5h\n2: 9h\n").cols
    for suit_count in (2, 4):
        assert is_endgame(few, 0, suit_count) and is_endgame(few, 2, suit_count)
        assert not is_endgame(few, 3, suit_count)
    assert is_endgame(few, 0, 1) and not is_endgame(few, 2, 1)
    face_down = (13 | DOWN,) * (endgame.MOST_DOWN + 1)
    assert is_endgame((face_down[1:], (9,)), 2, 2) and not is_endgame((face_down, (9,)), 2, 2)
    # One deal left with four suits: fewer still.
    down_four = face_down[:endgame.MOST_DOWN_FOUR_SUITS + 1]
    assert is_endgame((down_four[1:], (9,)), 2, 4) and not is_endgame((down_four, (9,)), 2, 4)
    assert is_endgame((down_four, (9,)), 2, 2)
    # With the stock dealt, however many cards lie face down, unless four suits are in play.
    assert is_endgame((face_down, (9,)), 0, 1) and is_endgame((face_down, (9,)), 0, 3)
    assert is_endgame((face_down[1:], (9,)), 0, 4) and not is_endgame((face_down, (9,)), 0, 4)


def test_a_world_is_won_or_not_within_its_nodes():
    won, spent = can_win(position(ONE_RUN))
    assert won and 0 < spent <= endgame.NODES
    won, spent = can_win(position("1: [Ks] Qs 5h\n2: 9h\n3: 4h\n"), 50)
    assert not won and spent <= 50


#: With the stock dealt (from a two-suit honest game): a best-first search finds the win
#: after some 700 expansions.
DEEP_WIN = """\
rules: classic
removed: 1
1: [4h] [Qs] [3h] [8h] [6h] Th Ks Kh Qh As
2: [Qs] [Qh] [Qh] [6h] [Jh] 8s Qs
3: [As] [9s] 8s 7s
4: [7h] [2s] [2h] [3s] [Jh] Kh Ts 9h 8h 7h 6h 5h 4h 3s 2s Ah Th 9s
5: [9h] [7h] [Ts] [2h] 3h 2h Ah 5h 4h 3s 2s Ah 6s
6: 5h 3h
7: [5s] [Js] [As] [Js] 8s
8: 6s 5s Th
9: [9s] [Kh] [4s] [Jh] Ks Th 9h 8h Js
10: [7s] [Kh] [4s] [4s] Ks Qh Jh Ts 9h 8h 7h 6h 5h 4h 3h 2h Ah 7s 6s 5s
"""


def test_with_the_stock_dealt_a_world_is_solved_by_one_search_of_all_its_nodes():
    # Searches started again with a growing budget, as from a deal, would spend the
    # first 400 expansions on a search the next one repeats, and not reach the win.
    line, spent = winning_line(position(DEEP_WIN), endgame.NODES)
    assert line is not None and 400 < spent <= endgame.NODES


#: One deal left (from a two-suit honest game): won within 1000 expansions by one search,
#: not by searches started again with a growing budget.
DEEP_WIN_BEFORE_A_DEAL = """\
rules: classic
removed: 0
stock: Ts 5s 4h 9s Qh 8s 4s 2h As 2s
1: [Ts] 6h
2: [9h] [5h] [Th] 2s 3s 2h Ah Kh 3h 2h Ah 6s
3: Ts As
4: [5s] [Qs] [3h] [Js] 8s Ks Qs Jh Jh Th 9h 8h 7h
5: [3h] [Ks] [5s] [Jh] 9h 8s 7s 4s 3s 9s 8s 7h 6s
6: [7s] [5h] [Th] [4s] Ks Qs Js 6h 5h 4s 3s 2s As 4h 3h 2h Ah
7: 7s 6s Ks 9s
8: 4h
9: [5s] Kh Qh Js Ts 9s 8h 7s 6s
10: [Qh] [Qs] [Js] 8h 7h 6h Kh Qh Jh Th 9h 8h 7h 6h 5h 4h Ah 3s 2s As Kh
"""


def test_with_a_deal_left_a_world_is_solved_by_one_search_of_all_its_nodes():
    line, spent = winning_line(position(DEEP_WIN_BEFORE_A_DEAL), endgame.NODES)
    assert line is not None and None in line and spent <= endgame.NODES


def test_the_worlds_solved_share_their_column_facts(monkeypatch):
    monkeypatch.setattr(evaluation, "_SHARED", {})
    world = position(DEEP_WIN)
    first = winning_line(world, endgame.NODES)
    facts = evaluation.shared_infos(world.relaxed)
    known = len(facts)
    assert known > 0
    # Solved again (another choice checked in the same world), it works out no facts
    # anew and finds the same line.
    assert winning_line(world, endgame.NODES) == first and len(facts) == known
    # Started again once large.
    monkeypatch.setattr(evaluation, "MOST_SHARED", known - 1)
    assert evaluation.shared_infos(world.relaxed) is not facts


def test_of_choices_that_win_alike_the_first_is_taken():
    worlds = [position(ONE_RUN)] * 3
    ace_aside, ace_home = ((1, 2, 1),), ((1, 0, 1),)
    assert most_winning(worlds, [ace_aside, ace_home]) == (0, 3)


def test_a_world_counts_as_won_only_by_a_line_the_player_can_follow():
    worlds = [position(ONE_RUN)] * 3
    ace_aside, ace_home = ((1, 2, 1),), ((1, 0, 1),)  # aside, the ace needs one move more
    assert most_winning(worlds, [ace_aside, ace_home]) == (0, 3)

    def no_moves_left(world: Position, line: list[Step]) -> bool:
        return not line

    chosen = most_winning(worlds, [ace_aside, ace_home], followable=no_moves_left)
    assert chosen == (1, 2)  # after two worlds the ace aside cannot catch up


def counted_wins(monkeypatch, won) -> list[Position]:  # type: ignore[no-untyped-def]
    """The worlds solved from now on, each won when ``won(world)`` says so."""
    solved: list[Position] = []

    def fake(world: Position, nodes: int, followable: object = None) -> tuple[bool, int]:
        solved.append(world)
        return won(world), 1

    monkeypatch.setattr(endgame, "can_win", fake)
    return solved


def test_the_choice_after_which_most_worlds_are_won_is_taken(monkeypatch):
    solved = counted_wins(monkeypatch, lambda world: world.is_won)
    choices: list[tuple[Step, ...]] = [(), ((1, 0, 1),), ((1, 2, 1),)]
    assert most_winning([position(ONE_RUN)] * 3, choices) == (1, 2)
    assert len(solved) == 6  # after two worlds neither other choice can catch up


def test_a_choice_is_checked_only_while_it_can_beat_the_best(monkeypatch):
    start = position(ONE_RUN)
    solved = counted_wins(monkeypatch, lambda world: world.cols == start.cols)
    assert most_winning([start] * 4, [(), ((1, 2, 1),)]) == (0, 2)
    assert len(solved) == 2 + 2  # the second lost two worlds: it can at best tie


def test_worlds_are_solved_only_within_the_budget(monkeypatch):
    given: list[int] = []

    def no_win(world: Position, nodes: int, followable: object = None) -> tuple[bool, int]:
        given.append(nodes)
        return False, min(nodes, 300)  # each search lost after 300 expansions

    monkeypatch.setattr(endgame, "can_win", no_win)
    nodes = endgame.NODES
    assert most_winning([position(ONE_RUN)] * 6, [((1, 0, 1),), ((1, 2, 1),)],
                        budget=1500) == (-1, 0)
    # Each search may spend what is left, at most NODES; with 300 left the third world,
    # expected to cost 600, is not begun.
    assert given == [nodes, nodes, 900, 600]


STAY, ACE_HOME = (), ((1, 0, 1),)  # the ace home removes the spades: one run more


def worlds_won(monkeypatch, after_stay: set[int], after_ace_home: set[int]) -> list[Position]:
    """Three worlds of ONE_RUN told apart by their runs removed (6, 5, 4), won after
    staying or after the ace home as the two sets of those numbers say; a lost world
    spends all its nodes."""
    start = position(ONE_RUN)

    def fake(world: Position, nodes: int, followable: object = None) -> tuple[bool, int]:
        staying = world.cols == start.cols
        won = world.removed in after_stay if staying else world.removed - 1 in after_ace_home
        return (True, 1) if won else (False, nodes)

    monkeypatch.setattr(endgame, "can_win", fake)
    return [Position(start.cols, (), removed) for removed in (6, 5, 4)]


def test_when_the_budget_runs_out_the_choices_are_compared_on_the_same_worlds(monkeypatch):
    # Staying wins one world of three, the ace home two. The budget runs out in the
    # third world: staying, solved in all three worlds before the ace home in any, must
    # not win on worlds the other never saw.
    worlds = worlds_won(monkeypatch, after_stay={6}, after_ace_home={6, 5})
    nodes = endgame.NODES
    assert most_winning(worlds, [STAY, ACE_HOME], budget=2 * nodes + 2) == (1, 2)


def test_a_world_cut_short_by_the_budget_counts_for_no_choice(monkeypatch):
    # Staying loses the first world and wins the second, the ace home the other way
    # round, but its search in the second world is cut short by the budget: not a loss.
    worlds = worlds_won(monkeypatch, after_stay={5}, after_ace_home={6})
    nodes = endgame.NODES
    assert most_winning(worlds, [STAY, ACE_HOME], budget=nodes + 2 + nodes // 2) == (1, 1)
