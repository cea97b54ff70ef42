"""The demo: legal actions, never back to a position it passed through."""

from __future__ import annotations

from spider.model.actions import DEAL
from spider.model.dealcode import DealCode
from spider.model.notation import game_from_code
from spider.solver.demo import demo_step, past_positions
from spider.solver.knowledge import visible_key
from tests.helpers import HINT_EFFORT


def test_demo_plays_legal_actions_and_avoids_the_past():
    game = game_from_code(DealCode.parse("SP1-S1C-AAAAAAE"))
    previous = None
    for _ in range(12):
        action = demo_step(game, previous, **HINT_EFFORT)
        if action is None:
            break
        assert game.is_legal(action)
        past = past_positions(game)
        game.play(action)
        if action is not DEAL:
            assert visible_key(game) not in past
        previous = action
