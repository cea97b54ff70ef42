"""What the player knows: the face-down cards seen, then put back by undo, and what the
next deal may bring."""

from __future__ import annotations

import pytest

from spider.model.actions import DEAL
from spider.model.dealcode import DealCode
from spider.model.notation import game_from_code
from spider.solver.evaluation import card_fit
from spider.solver.hints import suggest
from spider.solver.knowledge import Seen, deal_fits, view_of
from spider.solver.lookahead import HINT_WEIGHTS
from spider.solver.state import encode
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


def test_the_next_deal_is_expected_from_the_hidden_cards_unless_they_were_seen():
    game = game_from_code(DealCode.parse("SP1-S4C-ABCDEFG"))
    view = view_of(game, None)
    fits = deal_fits(view, HINT_WEIGHTS)
    assert fits is not None
    tops = {encode(column[-1].card) for column in game.columns}
    for top in tops:  # any hidden card may come, wherever it lies
        mean = sum(card_fit(top, card, HINT_WEIGHTS) for card in view.unknown) / len(view.unknown)
        assert [row[top] for row in fits] == pytest.approx([mean] * 10)
    seen = Seen()
    seen.record(game, game.play(DEAL))
    seen.record(game, game.undo())  # the player has seen what the deal brings
    fits = deal_fits(view_of(game, seen), HINT_WEIGHTS)
    assert fits is not None
    for column, card in enumerate(game.stock[:10]):
        assert [fits[column][top] for top in tops] == [
            card_fit(top, encode(card), HINT_WEIGHTS) for top in tops]
    for _ in range(5):
        game.play(DEAL)
    assert deal_fits(view_of(game, None), HINT_WEIGHTS) is None
