"""The hints' look-ahead shares its work among the candidate moves, and scores them."""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from spider.model.notation import parse_position
from spider.solver import lookahead as lookahead_module
from spider.solver.evaluation import DEFAULT, Fits, Infos, deal_cards, evaluate, fit_rows
from spider.solver.lookahead import STEP_COST, hint_infos, lookahead, worth
from spider.solver.movegen import children, moves
from spider.solver.state import Columns, Position, Shift, apply_move
from tests.helpers import RICH

#: :data:`RICH` with no empty column.
FULL = RICH.replace("9:\n10:\n", "9: [4s] Ks\n10: [3s] Qs 4s\n")


class Run(NamedTuple):
    """A look-ahead: what it was given, what it found and the positions it expanded."""

    position: Position
    infos: Infos
    fits: Fits
    roots: list[tuple[tuple[Shift, ...], Columns]]
    best: list[float]
    first: list[float]
    expanded: list[Columns]


def searched(text: str, nodes: int, monkeypatch: pytest.MonkeyPatch) -> Run:
    """The look-ahead from position ``text`` over every useful move, ``nodes`` expansions
    (``-nodes`` per candidate, when negative)."""
    position = Position.from_game(parse_position(text))
    infos = hint_infos(position.relaxed)
    roots = [(steps, new) for steps, new, _ in
             children(position.cols, infos, True, position.relaxed)]
    expanded: list[Columns] = []

    def recorded(cols: Columns, *args: Any) -> Any:
        expanded.append(cols)
        return moves(cols, *args)

    monkeypatch.setattr(lookahead_module, "moves", recorded)
    fits = fit_rows(deal_cards(position.stock, len(position.cols)), DEFAULT)
    best, first = lookahead(position.cols, fits, position.removed, infos, position.relaxed,
                            roots, nodes if nodes > 0 else -nodes * len(roots))
    return Run(position, infos, fits, roots, best, first, expanded)


def test_every_candidate_is_searched_on_from_within_a_small_budget(monkeypatch):
    # Best first alone, the moves that look best at once take every expansion and the
    # others are never followed. Every other expansion goes to the least searched, so
    # four per candidate reach them all (fewer are made: this rich position builds
    # nodes x BRANCH positions first).
    run = searched(RICH, -4, monkeypatch)
    assert len(run.roots) >= 4
    assert all(new in run.expanded for _, new in run.roots)


@pytest.mark.parametrize("text", [RICH, FULL], ids=["empty columns", "none empty"])
def test_a_plan_is_worth_its_best_position_scored_as_from_scratch(monkeypatch, text):
    # Children are scored from their parent's facts and deal gain, not built: after one
    # expansion, the expanded candidate's value is that of its best child (or its own)
    # built and scored from scratch; the others keep their own.
    run = searched(text, 1, monkeypatch)
    position, infos, best, first = run.position, run.infos, run.best, run.first
    [parent] = run.expanded
    picked = [new for _, new in run.roots].index(parent)
    met = {position.cols, *(new for _, new in run.roots)}
    scored = []
    for source, target, count, _ in moves(parent, [infos[column] for column in parent], True,
                                          position.relaxed):
        child, gone = apply_move(parent, source, target, count)
        if child not in met:
            h = evaluate(child, position.removed + gone, infos)
            scored.append(worth(child, h, run.fits) - 2 * STEP_COST)
    assert best[picked] == pytest.approx(max(first[picked], *scored))
    assert [value for index, value in enumerate(best) if index != picked] == [
        value for index, value in enumerate(first) if index != picked]
