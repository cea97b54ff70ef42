"""Input fuzzing: storms of real events through the real loop must never break the game.

The short storms here run in CI (a few seconds). ``SPIDER_FUZZ_EVENTS=1000000``
makes ``test_a_long_storm`` post that many events (seeds 1, 2, ... in turn); the
same long run with progress lines is ``python -m tests.fuzz_tools --events 1000000``.
A failure names its seed, storm and last events; ``python -m tests.fuzz_tools
--seed SEED --events N`` plays it again.

The gesture tests below pin down what the storms found.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from spider.app.table.driver import EventDriver
from spider.model.actions import Move
from tests.fuzz_tools import Figures, Fuzzer, fuzz, launch, settled_problems


@pytest.mark.slow
@pytest.mark.parametrize("seed", [12, 13, 14])
def test_a_short_storm_breaks_nothing(seed: int, tmp_path: Path) -> None:
    figures = fuzz(seed, 1000, tmp_path)
    print(figures.summary())
    assert figures.events >= 1000 and figures.actions > 0


@pytest.mark.slow
def test_a_storm_with_the_hint_thread_breaks_nothing(tmp_path: Path) -> None:
    """Hints, the demo and the can-still-win search on their worker thread, as in the
    game: answers arrive whenever they come, cancels fall mid-search."""
    figures = fuzz(21, 800, tmp_path, threaded_hints=True)
    print(figures.summary())
    assert figures.events >= 800 and figures.actions > 0


@pytest.mark.slow
def test_a_storm_is_reproducible_from_its_seed(tmp_path: Path) -> None:
    first = Fuzzer(5, tmp_path / "a")
    second = Fuzzer(5, tmp_path / "b")
    first.run(600)
    second.run(600)
    assert list(first.recent) == list(second.recent)
    assert (first.figures.actions, first.figures.games) == (second.figures.actions,
                                                            second.figures.games)


def test_a_storms_new_deals_come_from_its_seed(tmp_path: Path) -> None:
    """The App draws New game's deals from the fuzzer's seeded source (the model's
    shuffle is left as the game has it)."""
    fuzzer = Fuzzer(5, tmp_path)
    app = fuzzer.start()
    try:
        assert app.deals is fuzzer.deals
    finally:
        fuzzer.close()


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SPIDER_FUZZ_EVENTS"),
                    reason="the long storm runs on demand: SPIDER_FUZZ_EVENTS=1000000")
def test_a_long_storm(tmp_path: Path) -> None:
    events = int(os.environ["SPIDER_FUZZ_EVENTS"])
    per_seed = int(os.environ.get("SPIDER_FUZZ_PER_SEED", "20000"))
    total, seed = Figures(), 1
    while total.events < events:
        total.add(fuzz(seed, min(per_seed, events - total.events), tmp_path / str(seed)))
        seed += 1
    print(total.summary())


# ------------------------------------------------------ what the storms found
def held_group(tmp_path: Path) -> tuple[EventDriver, tuple[int, int]]:
    """A started game with a legal group held half-way through a drag."""
    app = launch(tmp_path, "SP1-S1C-AAAAAAD", size=(1024, 700), first=True)
    driver = EventDriver(app)
    driver.settle()
    game = app.session.game
    move = next(m for m in game.legal_moves() if m.count == 1)
    start = driver.card_point(move.source, len(game.columns[move.source]) - 1)
    driver.press(start)
    for step in range(1, 5):
        driver.move((start[0] + 20 * step, start[1] + 30 * step))
    assert app.table.dragging is not None
    return driver, (start[0] + 80, start[1] + 120)


@pytest.mark.slow
def test_a_dialog_opened_during_a_drag_lets_the_group_go_back(tmp_path: Path) -> None:
    """F1 with a group in the hand: the help covers the table, the group goes back
    (it used to hang in the air under the help and stick to the pointer after it)."""
    driver, held_at = held_group(tmp_path)
    app = driver.app
    driver.key(pygame.K_F1)
    assert app.scenes.top is not app.table
    assert app.table.dragging is None and not app.table.board.dragging
    driver.release(held_at)
    driver.key(pygame.K_ESCAPE)
    assert app.scenes.top is app.table
    driver.move((400, 400), held=False)
    driver.settle()
    assert settled_problems(app) == [] and app.session.game.moves == 0
    app.close()


@pytest.mark.parametrize("event", ["WINDOWFOCUSLOST", "WINDOWLEAVE", "ACTIVEEVENT"])
def test_losing_the_window_during_a_drag_never_loses_the_group(tmp_path: Path,
                                                                event: str) -> None:
    driver, _ = held_group(tmp_path)
    app = driver.app
    kind = getattr(pygame, event)
    driver.post(kind, **({"gain": 0, "state": 2} if event == "ACTIVEEVENT" else {}))
    driver.release((-40, app.size[1] + 40))  # let go outside the window
    driver.settle()
    assert settled_problems(app) == []
    assert app.session.game.moves == 0
    app.close()


def test_a_release_outside_the_window_puts_the_group_back(tmp_path: Path) -> None:
    driver, _ = held_group(tmp_path)
    app = driver.app
    driver.move((app.size[0] + 300, -200))
    driver.release((app.size[0] + 300, -200))
    driver.settle()
    assert settled_problems(app) == [] and app.session.game.moves == 0
    app.close()


@pytest.mark.slow
def test_a_new_action_during_a_drag_finishes_cleanly(tmp_path: Path) -> None:
    """Ctrl+Z, D and F11 while a group is held: the action happens, nothing hangs."""
    for key, mod in ((pygame.K_d, 0), (pygame.K_z, pygame.KMOD_CTRL), (pygame.K_F11, 0)):
        driver, held_at = held_group(tmp_path / str(key))
        app = driver.app
        driver.key(key, mod)
        driver.move(held_at)
        driver.release(held_at)
        driver.settle()
        assert settled_problems(app) == []
        app.close()


def test_double_clicks_and_drags_through_the_loop_keep_the_model_and_sprites_together(
        tmp_path: Path) -> None:
    app = launch(tmp_path, "SO1-S4R-AAAQRST", size=(800, 600), first=True)
    driver = EventDriver(app)
    driver.settle()
    game = app.session.game
    for move in game.legal_moves()[:3]:
        driver.drag_move(Move(move.source, move.target, move.count))
        driver.app.run_frames(3)
        if game.legal_moves():
            target = game.legal_moves()[0]
            driver.double_click(driver.card_point(target.source, len(
                game.columns[target.source]) - (target.count or 1)))
    driver.settle()
    assert settled_problems(app) == []
    app.close()
