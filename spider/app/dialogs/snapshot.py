"""A played game copied for analysis: its start and the actions played, so the
analysis and its replay rebuild any moment of it without touching the live game."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from spider.data.session import Session
from spider.model.game import Game
from spider.solver.state import Step, action_step, step_action


@dataclass(frozen=True)
class Snapshot:
    """A game to analyse, copied from the live one: its start and the actions played."""

    session: Session
    start: Game
    actions: tuple[Step, ...]

    @classmethod
    def of(cls, session: Session) -> Snapshot:
        """Copy ``session``'s game (on the thread that owns it) and undo it to its start."""
        start = copy.deepcopy(session.game)
        done, _ = start.history()
        while start.can_undo:
            start.undo()
        return cls(session, start, tuple(action_step(action) for action in done))

    def game_at(self, index: int) -> Game:
        """A fresh copy of the game after its first ``index`` actions."""
        game = copy.deepcopy(self.start)
        for step in self.actions[:index]:
            game.play(step_action(step))
        return game
