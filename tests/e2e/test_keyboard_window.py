"""Keyboard play in a real window: the game under Xvfb, typed into with xdotool.

A person types two column numbers (a move of the notation's ``F>T``), then D, then
walks the focus ring onto a column, picks its cards up with Enter and puts them
back with Esc, and closes the window. A mirror App given the same keys says what
the window must show, and the saved game must hold exactly the typed move and the
deal. See :mod:`tests.e2e.test_real_window` for the machinery.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame
import pytest

from spider.app.table.driver import EventDriver
from spider.model.actions import DEAL, Move
from tests.e2e.test_real_window import CODE, SCREEN, Person, start_game
from tests.e2e.xsession import REAL_WINDOW, Display, display_fixture, finish, saved_session

pytestmark = REAL_WINDOW
display = display_fixture(SCREEN)


def a_typed_move(mirror: EventDriver) -> Move:
    """A move of the deal that ``F>T`` plays (the first the model allows)."""
    game = mirror.table.game
    for move in game.legal_moves():
        return move
    raise AssertionError("no move in the deal")


def digit_name(column: int) -> tuple[str, int]:
    """The xdotool name and pygame key of a 0-based column's digit (the tenth is 0)."""
    digit = (column + 1) % 10
    return str(digit), pygame.K_0 + digit


def test_a_person_plays_by_keys_in_a_real_window(display: Display, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.fuzz_tools import launch

    monkeypatch.setenv("LANGUAGE", "en")
    shots = Path(os.environ.get("SPIDER_E2E_SHOTS") or tmp_path / "shots") / "keys"
    shots.mkdir(parents=True, exist_ok=True)
    data = tmp_path / "data"
    game = start_game(display, "source", data)
    mirror_app = None
    try:
        display.find_window(game.pid)
        time.sleep(2.5)  # the deal flies in
        assert game.poll() is None, game.communicate()[1].decode()[-3000:]
        window = display.find_window(game.pid)
        _, _, width, height = display.geometry(window)
        mirror_app = launch(tmp_path / "mirror", CODE, size=(width, height), first=True)
        mirror = EventDriver(mirror_app)
        mirror.settle()
        person = Person(display, game.pid, mirror, shots)
        person.settled("dealt")

        # Two column numbers play the move; the first waits in the bar meanwhile.
        move = a_typed_move(mirror)
        person.key(*digit_name(move.source))
        assert mirror.table.input.keys.pending == move.source
        person.key(*digit_name(move.target))
        person.wait()
        played = mirror.table.game.history()[0]
        assert len(played) == 1 and (played[0].source, played[0].target) == (
            move.source, move.target)
        person.settled("typed")

        # D deals.
        person.key("d", pygame.K_d)
        person.wait()
        person.settled("dealt-by-key")

        # The ring onto a column, Enter picks its cards up, Esc puts them back.
        person.key("Tab", pygame.K_TAB)
        person.key("Right", pygame.K_RIGHT)
        person.key("Return", pygame.K_RETURN)
        person.wait(0.6)
        assert mirror.table.input.keys.held is not None
        person.settled("picked-up")
        person.key("Escape", pygame.K_ESCAPE)
        person.wait()
        assert mirror.table.input.keys.held is None
        person.settled("put-back")

        display.close_window(window)
        assert game.wait(timeout=30) == 0
    finally:
        err = finish(game, mirror_app)
    assert b"Traceback" not in err, err.decode()[-3000:]
    saved = saved_session(data)
    assert saved.game.history() == (mirror.table.game.history()[0], [])
    assert saved.game.history()[0][1] is DEAL
