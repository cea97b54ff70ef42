"""The real game in a process of its own, playing a script, for tests that kill it.

``python -m tests.fault_game SCRIPT [--via-main]`` starts the game with saved data in
``$SPIDER_DATA_DIR`` on SDL's dummy drivers (unless the environment says otherwise) and
runs the App's real loop on the real clock, while SCRIPT posts key events into it:

* ``deal``: press D once the table is still; the dealt cards are then held in flight
  (the board's time stands still) until the game quits, however slow the machine.
* ``close``: the same, then close the window (QUIT) while the cards fly.
* ``actions``: press D, Ctrl+Z and Ctrl+Y one after another every ``PACE`` seconds
  (5 deals, 5 undos, 5 redos, again), each while the last one still animates.

Every action prints ``ACTION <n> <kind> done=<d> undone=<u>`` as the game is told of
it, *before* its save (which comes after the frame that shows it); a quit prints
``QUIT moving=<bool> elapsed=<seconds>`` before the quit path runs.
The test reads these lines and sends its signal (SIGTERM, SIGHUP, SIGKILL) at the moment
it wants. ``--via-main`` starts the game exactly like ``python main.py`` (``run()``
through the crash guard); without it the App is built and wired like the game does
(``tests.fuzz_tools.launch``), which works before ``run()`` wires saving in. Exit status:
the game's, or 3 when ``--via-main`` finds that ``run()`` does not save yet.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

PACE = 0.12
CODE = "SP1-S1C-AAAAAAD"
CYCLE = [(pygame.K_d, 0)] * 5 + [(pygame.K_z, pygame.KMOD_CTRL)] * 5 + [
    (pygame.K_y, pygame.KMOD_CTRL)] * 5


def say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def key(code: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="",
                                         scancode=0))


def hold_in_flight(app) -> None:
    """From now on the board's animations stand still: the cards stay where they fly."""
    board = app.table.board
    update = board.update
    board.update = lambda dt: update(0.0)


def script(app, name: str) -> None:
    """Wrap the App's loop step and its saving hooks to play ``name``."""
    persistence = app.persistence
    count = [0]
    state = {"next": 0.0, "index": 0, "pressed": False}

    on_game_event = persistence.on_game_event

    def saved_event(kind: str) -> None:
        on_game_event(kind)
        if kind == "won":
            return
        count[0] += 1
        done, undone = app.session.game.history()
        say(f"ACTION {count[0]} {kind} done={len(done)} undone={len(undone)}")
        if name in ("deal", "close"):
            hold_in_flight(app)
        if name == "close":
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    persistence.on_game_event = saved_event
    app.on_game_event = saved_event
    quit_game = persistence.quit

    def quitting() -> None:
        say(f"QUIT moving={app.table.board.moving} elapsed={app.session.elapsed!r}")
        quit_game()

    persistence.quit = quitting
    step = app.step

    def scripted_step() -> None:
        now = time.monotonic()
        if name in ("deal", "close"):
            if not state["pressed"] and not app.table.board.moving:
                state["pressed"] = True
                key(pygame.K_d)
        elif name == "actions" and now >= state["next"]:
            state["next"] = now + PACE
            code, mod = CYCLE[state["index"] % len(CYCLE)]
            state["index"] += 1
            key(code, mod)
        step()

    app.step = scripted_step
    # The script's keys come from the steps themselves: never idle longer than a beat.
    idle_timeout = app.idle_timeout
    app.idle_timeout = lambda: min(idle_timeout(), PACE / 4)


def main(argv: list[str]) -> int:
    name = argv[0] if argv else "deal"
    if "--via-main" in argv:
        from spider.app import loop as app_main
        from spider.commands.crash import run_guarded
        from spider.commands.main import main as cli_main

        original = app_main.App.run

        def run(self) -> int:
            script(self, name)
            say("STARTED")
            return original(self)

        app_main.App.run = run  # type: ignore[method-assign]
        return run_guarded(lambda: cli_main([]))
    from spider.app.clock import SystemClock
    from spider.data.storage import data_dir
    from tests.fuzz_tools import launch

    app = launch(Path(data_dir()), CODE, size=(1024, 700), clock=SystemClock(), first=True)
    script(app, name)
    say("STARTED")
    try:
        return app.run()
    finally:
        app.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
