"""Solver, hints and winnable deals (issue 9).

* :mod:`spider.solver.state` — a compact immutable position for fast search.
* :mod:`spider.solver.solve` — a verified winning line, or a proof there is none.
* :mod:`spider.solver.search` — the full-knowledge beam search for a winning line.
* :mod:`spider.solver.evaluation` — what a position is worth, each column's facts once.
* :mod:`spider.solver.movegen` — the useful moves of a position, compound moves' steps.
* :mod:`spider.solver.hashing` — position keys worked out move by move.
* :mod:`spider.solver.shorten` — the same win in fewer moves.
* :mod:`spider.solver.detours` — the moves between two positions of a line, searched again.
* :mod:`spider.solver.finish` — the moves after the last deal, searched again for fewer.
* :mod:`spider.solver.knowledge` — what the player knows, and the worlds sampled from it.
* :mod:`spider.solver.lookahead` — the hints' short search in one sampled world.
* :mod:`spider.solver.hints` — honest hints: the sampled worlds' vote.
* :mod:`spider.solver.demo` — the demo player: the hints played one after another.
* :mod:`spider.solver.plan` — the demo's plan: a sampled world's winning line, followed.
* :mod:`spider.solver.endgame` — the hints' best moves checked in sampled worlds solved in full.
* :mod:`spider.solver.winnable` — winnable deal codes, can-still-win checks.
* :mod:`tools.bench.solver` — the ``bench solver`` benchmark.

Budgets are work (positions expanded), so answers are the same on any machine;
seconds are only an outer limit for players. Pure Python; nothing here imports pygame.
"""
