"""A game being played: the deal, the rules state, the clock, and its saved form."""

from __future__ import annotations

from dataclasses import dataclass, field

from spider.model.dealcode import DealCode, DealCodeError
from spider.model.game import Deal, Game, IllegalAction, Move
from spider.model.notation import NotationError, format_moves, game_from_code, parse_moves

SAVE_VERSION = 1


@dataclass
class Session:
    """One deal in play. The clock runs only while the game is played and not won.

    ``demo_played`` is set once the demo made a move: such a game is never counted.
    """

    code: DealCode
    game: Game = field(init=False)
    elapsed: float = 0.0
    demo_played: bool = False

    def __post_init__(self) -> None:
        self.game = game_from_code(self.code)

    @property
    def started(self) -> bool:
        """A game counts as played from its first move or deal."""
        done, undone = self.game.history()
        return bool(done or undone)

    def tick(self, seconds: float) -> None:
        if self.started and not self.game.is_won:
            self.elapsed += seconds

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
        }

    @classmethod
    def from_dict(cls, data: object) -> Session:
        """Rebuild a saved session; raise ``ValueError`` if anything in it is wrong."""
        if not isinstance(data, dict):
            raise ValueError("a saved game is an object")
        code, done, undone, elapsed = (data.get(key) for key in ("code", "done", "undone",
                                                                   "elapsed"))
        if not (isinstance(code, str) and isinstance(done, str) and isinstance(undone, str)
                and isinstance(elapsed, int | float) and elapsed >= 0):
            raise ValueError("a saved game needs code, done, undone and elapsed")
        try:
            session = cls(DealCode.parse(code), float(elapsed))
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
