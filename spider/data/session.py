"""A game being played: the deal, the rules state, the clock, and its saved form."""

from __future__ import annotations

import math
import os

from spider.data.statistics import MAX_SECONDS, check_game_id
from spider.model.actions import Deal, Move
from spider.model.dealcode import DealCode, DealCodeError
from spider.model.game import Game, IllegalAction
from spider.model.notation import (
    NotationError,
    format_moves,
    game_from_code,
    parse_moves,
    split_tokens,
)

SAVE_VERSION = 1
#: The most actions (played and undone) a saved game may hold: hours of nonstop play, and
#: replayed at start-up in a second or two; a file with more is set aside unread.
MAX_ACTIONS = 20_000


def new_game_id() -> str:
    """A fresh id for a game (what the statistics remember of it)."""
    return os.urandom(16).hex()  # 128 random bits, as uuid4 has (without importing uuid)


class Session:
    """One deal in play. The clock runs only while the game is played and not won.

    ``id`` names this game in the statistics (a restart is another game; a new id
    when not given); ``demo_played`` is set once the demo made a move: such a game is
    never counted.
    """

    def __init__(self, code: DealCode, elapsed: float = 0.0, id: str | None = None,
                 demo_played: bool = False) -> None:
        self.code = code
        self.game: Game = game_from_code(code)
        self.elapsed = elapsed
        self.id = new_game_id() if id is None else id
        self.demo_played = demo_played

    def __repr__(self) -> str:
        return (f"Session(code={self.code!r}, elapsed={self.elapsed!r}, id={self.id!r}, "
                f"demo_played={self.demo_played!r})")

    @property
    def started(self) -> bool:
        """A game counts as played from its first move or deal."""
        return self.game.can_undo or self.game.can_redo

    def tick(self, seconds: float) -> None:
        if self.started and not self.game.is_won:
            self.elapsed = min(MAX_SECONDS, self.elapsed + seconds)

    def restart(self) -> Session:
        return Session(self.code)

    def to_dict(self) -> dict[str, object]:
        """The saved form: the code and the actions played and undone, replayed on load."""
        done, undone = self.game.history()
        return {
            "code": str(self.code),
            "done": format_moves(done),
            "undone": format_moves(undone),
            "elapsed": round(self.elapsed, 3),
            "id": self.id,
            "demo_played": self.demo_played,
        }

    @classmethod
    def from_dict(cls, data: object) -> Session:
        """Rebuild a saved session; raise ``ValueError`` if anything in it is wrong.
        A save from before games had ids gets a new one."""
        if not isinstance(data, dict):
            raise ValueError("a saved game is an object")
        code, done, undone, elapsed = (data.get(key) for key in ("code", "done", "undone",
                                                                   "elapsed"))
        if not (isinstance(code, str) and isinstance(done, str) and isinstance(undone, str)
                and isinstance(elapsed, int | float) and not isinstance(elapsed, bool)
                and math.isfinite(elapsed) and 0 <= elapsed <= MAX_SECONDS):
            raise ValueError("a saved game needs code, done, undone and elapsed "
                             f"(0 to {MAX_SECONDS:.0f} seconds)")
        game_id = check_game_id(data.get("id", new_game_id()))
        demo_played = data.get("demo_played", False)
        if type(demo_played) is not bool:
            raise ValueError("demo_played must be true or false")
        if len(split_tokens(done)) + len(split_tokens(undone)) > MAX_ACTIONS:
            raise ValueError(f"a saved game holds at most {MAX_ACTIONS} actions")
        try:
            session = cls(DealCode.parse(code), float(elapsed), game_id, demo_played)
            redo = parse_moves(undone)
            for action in parse_moves(done) + redo:
                if not isinstance(action, Move | Deal):
                    raise ValueError(f"a saved game holds moves and deals only, not {action}")
                session.game.play(action)
            for _ in redo:
                session.game.undo()
        except (DealCodeError, NotationError, IllegalAction) as error:
            raise ValueError(f"the saved game cannot be replayed: {error}") from error
        return session
