"""The hints' look-ahead shares its work among the candidate moves."""

from __future__ import annotations

import pytest

from spider.model.notation import parse_position
from spider.solver import lookahead as lookahead_module
from spider.solver.evaluation import DEFAULT, deal_cards, evaluate, fit_rows
from spider.solver.lookahead import STEP_COST, hint_infos, lookahead, worth
from spider.solver.movegen import children
from spider.solver.state import Position, apply_move
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


#: :data:`RICH` with no empty column.
FULL = RICH.replace("9:\n10:\n", "9: [4s] Ks\n10: [3s] Qs 4s\n")


@pytest.mark.parametrize("text", [RICH, FULL], ids=["empty columns", "none empty"])
def test_a_plan_is_worth_its_best_position_scored_as_from_scratch(monkeypatch, text):
    # Children are scored from their parent's facts and deal gain, not built: after one
    # expansion, the expanded candidate's value is that of its best child (or its own)
    # built and scored from scratch; the others keep their own.
    position = Position.from_game(parse_position(text))
    infos = hint_infos(position.relaxed)
    roots = [(steps, new) for steps, new, _ in
             children(position.cols, infos, True, position.relaxed)]
    expanded: list[tuple[tuple[int, ...], ...]] = []
    real = lookahead_module.moves

    def recorded(cols, *args):
        expanded.append(cols)
        return real(cols, *args)

    monkeypatch.setattr(lookahead_module, "moves", recorded)
    fits = fit_rows(deal_cards(position.stock, len(position.cols)), DEFAULT)
    best, first = lookahead(position.cols, fits, position.removed, infos,
                            position.relaxed, roots, 1)
    [parent] = expanded
    picked = [new for _, new in roots].index(parent)
    met = {position.cols, *(new for _, new in roots)}
    scored = []
    for source, target, count, _ in real(parent, [infos[column] for column in parent], True,
                                         position.relaxed):
        child, gone = apply_move(parent, source, target, count)
        if child not in met:
            h = evaluate(child, position.removed + gone, infos)
            scored.append(worth(child, h, fits) - 2 * STEP_COST)
    assert best[picked] == pytest.approx(max(first[picked], *scored))
    assert [value for index, value in enumerate(best) if index != picked] == [
        value for index, value in enumerate(first) if index != picked]
