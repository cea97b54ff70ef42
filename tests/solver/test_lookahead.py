"""The hints' look-ahead shares its work among the candidate moves."""

from __future__ import annotations

from spider.model.notation import parse_position
from spider.solver import lookahead as lookahead_module
from spider.solver.lookahead import hint_infos, lookahead
from spider.solver.movegen import children
from spider.solver.state import Position

#: One suit, a few moves of very different worth from the start.
POSITION = """\
rules: classic
1: [Ks] [Qs] 9s 4s
2: [Js] Ts 6s
3: [Ts] 8s 3s
4: [9s] Qs 7s 2s
5: [8s] Ks 5s
6: [7s] Js 9s 4s
7: [6s] Ts 6s
8: [5s] 8s 3s
9: Kh
10: 5h
"""


def test_every_candidate_is_searched_on_from_within_a_small_budget(monkeypatch):
    # Best first alone, the moves that look best at once take every expansion and the
    # others are never followed. Every other expansion goes to the least searched, so
    # four per candidate reach them all (fewer are made: this rich position builds
    # nodes x BRANCH positions first).
    position = Position.from_game(parse_position(POSITION))
    infos = hint_infos(position.relaxed)
    roots = [(steps, new) for steps, new, _ in
             children(position.cols, infos, False, position.relaxed)]
    assert len(roots) >= 4
    expanded: list[tuple[tuple[int, ...], ...]] = []
    real = lookahead_module.moves

    def recorded(cols, *args):
        expanded.append(cols)
        return real(cols, *args)

    monkeypatch.setattr(lookahead_module, "moves", recorded)
    lookahead(position.cols, (), position.removed, infos, position.relaxed, roots,
              4 * len(roots))
    assert all(new in expanded for _, new in roots)
