"""The help's worked example: a real deal, a line of play that wins it, and the steps
worth a word (found once with ``python main.py solve``; a test replays it)."""

from __future__ import annotations

#: The deal: Standard layout, one suit.
CODE = "SP1-S1C-AAAAAAF"

#: The winning line, as move tokens (SPEC 3.3): 122 moves and deals.
LINE = (
    "1:1>7 2:1>9 2:1>8 2:1>7 2:1>7 5:1>9 5:1>4 5:1>1 5:1>2 5:1>7 6:1>7 2:2>5 2:1>5 9:3>5 "
    "4:2>9 6:1>4 9:3>5 1:2>2 5:9>1 8:2>5 5:2>8 8:3>2 1:8>2 8:1>3 6:1>8 7:6>6 4:2>7 4:1>7 "
    "6:7>2 2:7>6 6:8>3 3:10>2 10:1>5 4:1>10 4:1>6 4:1>2 8:2>2 9:1>2 9:1>4 5:1>9 9:2>4 3:1>5 "
    "3:1>9 3:1>7 8:1>3 3:2>9 10:2>7 7:3>8 3:1>7 10:1>3 10:1>6 d 1:1>6 10:1>6 9:1>3 3:2>9 "
    "3:1>7 4:1>3 8:1>4 8:2>9 8:1>4 1:2>8 d 3:1>1 2:1>3 8:1>3 8:2>3 7:1>3 7:7>3 6:1>5 1:2>3 "
    "1:1>7 1:1>8 7:2>1 1:3>7 4:1>1 3:2>4 4:3>3 3:3>10 5:1>3 3:1>9 2:1>3 7:4>2 d 3:2>2 4:1>2 "
    "8:1>3 d 3:2>10 1:1>9 5:1>3 d 1:2>4 2:1>4 1:1>2 2:2>3 7:1>2 5:1>2 3:3>6 3:1>9 6:4>5 5:5>6 "
    "5:1>8 8:2>5 9:2>5 4:4>8 7:1>8 8:2>2 4:1>7 4:4>5 9:2>5 8:4>6 8:1>5 9:3>10 9:7>10 10:11>7 "
    "6:10>1 10:3>6 7:1>10 10:2>1 10:4>6 1:12>10"
)

#: Step (0: the deal as dealt; n: after the n-th token) -> what happens there:
#: ``start``; ``empty`` (a column is emptied); ``run`` (a run is completed and leaves);
#: ``first-deal``, ``deal``, ``last-deal`` (a deal, held back until now); ``fill`` (an empty
#: column is filled so that the next token may deal); ``won`` (the last run leaves).
NOTES: dict[int, str] = {
    0: "start", 10: "empty", 23: "run", 37: "run", 52: "first-deal", 62: "fill", 63: "deal",
    69: "run", 84: "deal", 87: "fill", 88: "deal", 91: "fill", 92: "last-deal", 108: "run",
    113: "run", 116: "run", 121: "run", 122: "won",
}

#: How the line ends: moves made and the final score (500 – 122 + 8 × 100).
MOVES, SCORE = 122, 1178
