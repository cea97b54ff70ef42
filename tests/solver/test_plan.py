"""The demo's plan: a world's winning line, followed while the game looks as that world says."""

from __future__ import annotations

from spider.solver.knowledge import VisibleKey, masked
from spider.solver.plan import Plan
from spider.solver.state import Position
from tests.helpers import solver_position as position

WORLD = "rules: classic\n1: [Kh] 5s\n2: 6h\n3: [9s] 4h\n"


def seen_as(world: Position) -> VisibleKey:
    return masked(world.cols), len(world.stock)


def test_a_plan_is_followed_while_the_cards_turned_are_those_its_world_predicts():
    world = position(WORLD)
    plan = Plan()
    assert plan.step_from(seen_as(world)) is None  # no plan yet
    line = [(0, 1, 1), (2, 0, 1)]  # the 5♠ onto the 6♥ turns the K♥; the 4♥ onto it
    plan.adopt(world, line)
    turned = world.play(line[0])
    assert plan.step_from(seen_as(world)) == line[0]
    assert plan.step_from(seen_as(turned)) == line[1]
    assert plan.step_from(seen_as(turned.play(line[1]))) is None  # the line is done
    # Another world looks the same until the card turns: then it is off the line.
    other = position(WORLD.replace("[Kh]", "[Qh]"))
    assert plan.step_from(seen_as(other)) == line[0]
    assert plan.step_from(seen_as(other.play(line[0]))) is None


def test_a_new_plan_replaces_the_one_before():
    world = position(WORLD)
    plan = Plan()
    plan.adopt(world, [(0, 1, 1)])
    plan.adopt(world, [(2, 0, 1)])
    assert plan.step_from(seen_as(world)) == (2, 0, 1)
    assert plan.step_from(seen_as(world.play((0, 1, 1)))) is None
