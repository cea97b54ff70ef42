"""The hints' look-ahead shares its work among the candidate moves."""

from __future__ import annotations

from spider.model.notation import parse_position
from spider.solver import lookahead as lookahead_module
from spider.solver.evaluation import DEFAULT, deal_cards, fit_rows
from spider.solver.lookahead import hint_infos, lookahead
from spider.solver.movegen import children
from spider.solver.state import Position
from tests.helpers import RICH


def test_every_candidate_is_searched_on_from_within_a_small_budget(monkeypatch):
    # Best first alone, the moves that look best at once take every expansion and the
    # others are never followed. Every other expansion goes to the least searched, so
    # four per candidate reach them all (fewer are made: this rich position builds
    # nodes x BRANCH positions first).
    position = Position.from_game(parse_position(RICH))
    infos = hint_infos(position.relaxed)
    roots = [(steps, new) for steps, new, _ in
             children(position.cols, infos, True, position.relaxed)]
    assert len(roots) >= 4
    expanded: list[tuple[tuple[int, ...], ...]] = []
    real = lookahead_module.moves

    def recorded(cols, *args):
        expanded.append(cols)
        return real(cols, *args)

    monkeypatch.setattr(lookahead_module, "moves", recorded)
    fits = fit_rows(deal_cards(position.stock, len(position.cols)), DEFAULT)
    lookahead(position.cols, fits, position.removed, infos, position.relaxed,
              roots, 4 * len(roots))
    assert all(new in expanded for _, new in roots)
