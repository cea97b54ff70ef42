"""What the player knows: the face-down cards seen, then put back by undo."""

from __future__ import annotations

from spider.model.dealcode import DealCode
from spider.model.game import DEAL
from spider.model.notation import game_from_code
from spider.solver.hints import suggest
from spider.solver.knowledge import Seen
from tests.helpers import HINT_EFFORT


def test_seen_records_cards_turned_then_undone():
    game = game_from_code(DealCode.parse("SP1-S1C-AAAAAAA"))
    seen = Seen()
    outcome = game.play(DEAL)
    seen.record(game, outcome)
    assert len(seen.known) == 10
    seen.record(game, game.undo())
    assert all(key[0] == "stock" for key in seen.known)
    first = seen.known[("stock", len(game.stock) - 1)]
    assert first == game.stock[0]
    # Seen cards change the hint only through what the player saw; it still works.
    hint = suggest(game, None, seen, **HINT_EFFORT)
    assert hint is None or game.is_legal(hint.action)


def test_seen_of_a_resumed_game_is_what_its_player_saw():
    code = DealCode.parse("SP1-S2C-ABCDEFG")
    game, seen = game_from_code(code), Seen()
    for _ in range(2):
        seen.record(game, game.play(DEAL))
    seen.record(game, game.undo())  # still to be redone: its cards stay known
    assert Seen.of_history(game, game_from_code(code)) == seen
    assert len(seen.known) == 20
    other = game_from_code(DealCode.parse("SP1-S2C-GFEDCBA"))
    assert Seen.of_history(game, other).known == {}  # never a wrong card
