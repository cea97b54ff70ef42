"""The demo's plan: a winning line of one sampled world, followed while the game looks
as that world says.

With the stock dealt and no move worth playing, the hints solve the sampled worlds in
full (:mod:`spider.solver.hints`, its last chance). Such a line wins only if it is
followed through: asked again at each action, the demo would weigh the moves afresh, and
would never go back to a position it has passed, which a winning line may have to. So the
demo keeps the line of a world whose line begins with the move chosen, and plays on along
it while each position it reaches is, as the player sees it, the one that world predicts.
A card turned up that the world did not predict ends the plan. A line never passes the
same position twice, so following one cannot go round in circles.
"""

from __future__ import annotations

from spider.solver.knowledge import VisibleKey, keys_along
from spider.solver.state import Position, Step


class Plan:
    """The action to play from each position on the line followed, as the player sees it
    (empty: no plan)."""

    def __init__(self) -> None:
        self._steps: dict[VisibleKey, Step] = {}

    def adopt(self, world: Position, line: list[Step]) -> None:
        """Follow ``line``, a win of ``world``, from now on (instead of any plan before)."""
        self._steps = dict(zip(keys_along(world, line)[:-1], line, strict=True))

    def step_from(self, key: VisibleKey) -> Step | None:
        """The line's action from the position with visible key ``key``; ``None`` when
        that position is not on the line (no plan, the line is done, or a card turned
        up that its world did not predict)."""
        return self._steps.get(key)
