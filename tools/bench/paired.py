"""Honest games compared deal by deal with an earlier run (``bench solver --against LOG``).

A change to the hints moves many games each way, so two win counts alone say little:
the games that changed result, and whether they lean one way more than chance
would (a two-sided sign test), say more. The earlier run is read from the log it
wrote (``--log``), one line per game.
"""

from __future__ import annotations

import math
from pathlib import Path

from spider.commands.common import BadInput
from spider.text.i18n import tr

#: A game of honest play: (deal code, hint budget as printed, or "" for the default).
GameKey = tuple[str, str]
MAX_LOG_BYTES = 64 << 20


def read_results(path: Path) -> dict[GameKey, bool]:
    """Each honest game a solver bench's log holds, won or not; BadInput when none."""
    try:
        with path.open("rb") as file:
            text = file.read(MAX_LOG_BYTES).decode("utf-8", errors="replace")
    except OSError as error:
        raise BadInput(tr("solver.against-unreadable", path=str(path),
                          reason=error.strerror or str(error))) from None
    results = {}
    for line in text.splitlines():
        key, won = parse_line(line)
        if key is not None:
            results[key] = won
    if not results:
        raise BadInput(tr("solver.against-empty", path=str(path)))
    return results


def parse_line(line: str) -> tuple[GameKey | None, bool]:
    """The game and its result of one progress line
    (``[3/100] deal 2: honest SP1-S2C-AAAAAAC 6x300 won ...``); ``None`` for other lines."""
    _, marker, rest = line.partition(": honest ")
    words = rest.split()
    if not marker or len(words) < 2:
        return None, False
    code, words = words[0], words[1:]
    budget = words.pop(0) if words[0] not in ("won", "lost") else ""
    if not words or words[0] not in ("won", "lost"):
        return None, False
    return (code, budget), words[0] == "won"


def compare(here: dict[GameKey, bool], there: dict[GameKey, bool], name: str) -> str:
    """One line: the games both runs played, won by each, and those that changed."""
    both = [key for key in here if key in there]
    if not both:
        return f"against {name}: no game in both runs"
    gained = sum(1 for key in both if here[key] and not there[key])
    lost = sum(1 for key in both if there[key] and not here[key])
    return (f"against {name}: {len(both)} games in both, won {sum(here[k] for k in both)}"
            f" here and {sum(there[k] for k in both)} there; {gained + lost} changed,"
            f" {gained} to won and {lost} to lost (sign test p = {sign_test(gained, lost):.2f})")


def sign_test(up: int, down: int) -> float:
    """Two-sided p of ``up`` against ``down`` changes if each way were equally likely."""
    changes = up + down
    if not changes:
        return 1.0
    tail = sum(math.comb(changes, k) for k in range(min(up, down) + 1)) / 2 ** changes
    return min(1.0, 2 * tail)
