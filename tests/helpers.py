"""Small helpers shared by the tests: positions, cards, saved files, other processes."""

from __future__ import annotations

import dataclasses
import json
import queue
import random
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self, TypeVar

from spider.data.persistence import save_game
from spider.data.session import Session
from spider.model.cards import KING, Card
from spider.model.dealcode import DealCode
from spider.model.game import Game
from spider.model.notation import apply_token, format_position, parse_moves, parse_position
from spider.solver.state import Position

if TYPE_CHECKING:
    from spider.app.table.celebration import Celebration
    from spider.app.table.driver import EventDriver

T = TypeVar("T")


#: Column 1 ends in 2♠; column 2 holds K♠..3♠ face up: 2♠ onto 3♠ completes a run.
#: Column 3 ends in 8♠ over a card face down; columns 4-7 hold 9♠, T♠, J♠ and Q♠.
RUN_POSITION = """\
rules: classic
score: 500
moves: 0
removed: 0
stock: 5s 5s 5s 5s 5s 6s 6s 6s 6s 6s
1: [9s] As
2: Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
3: [7s] 8s
4: 9s
5: Ts
6: Js
7: Qs
8: [3s] 4s
9: 6s
10: 7s
"""


#: Rounds, at most, of a loop in a test that waits for the game to get somewhere.
ROUNDS = 10_000


def rounds(limit: int = ROUNDS) -> Callable[[], bool]:
    """A guard for ``while not done and more():`` loops driving the game: ``more()`` is
    true, and fails the test on its ``limit + 1``-th call, so a change that keeps such a
    loop going fails the test instead of hanging the suite."""
    calls = [0]

    def more() -> bool:
        calls[0] += 1
        if calls[0] > limit:
            raise AssertionError(f"the loop did not end in {limit} rounds")
        return True
    return more


#: A fixed amount of work and no time limit, so hints are repeatable on any machine.
HINT_EFFORT: dict[str, Any] = {"time_budget": None, "samples": 3, "nodes": 40}


def position(text: str) -> Game:
    """A game from position text given with any indentation."""
    lines = [line.strip() for line in text.strip().splitlines()]
    return parse_position("\n".join(lines) + "\n")


def solver_position(text: str) -> Position:
    """The solver's position of a game given as position text."""
    return Position.from_game(position(text))


def text_of(game: Game) -> str:
    return format_position(game)


def same_position(game: Game, expected: str) -> bool:
    return text_of(game) == text_of(position(expected))


class Tally:
    """A dataclass of figures that add up: numbers are summed, lists joined and counters
    merged by :meth:`add`."""

    def add(self, other: Self) -> None:
        for item in dataclasses.fields(self):
            mine, theirs = getattr(self, item.name), getattr(other, item.name)
            if isinstance(mine, Counter):
                mine.update(theirs)
            else:
                setattr(self, item.name, mine + theirs)


def card_multiset(game: Game) -> Counter[Card]:
    """Every card of the game, wherever it is (the columns, the stock, removed runs)."""
    cards = Counter(game.cards())
    for suit in game.runs:
        assert suit is not None
        cards.update(Card(rank, suit) for rank in range(1, KING + 1))
    return cards


#: The ways :func:`damage` spoils a kept file.
DAMAGES = ("truncated", "garbage", "unreadable")


def damage(path: Path, how: str) -> None:
    """Spoil the file at ``path``: cut it in half, zero it, or put a folder in its
    place (it can then be neither read nor replaced)."""
    data = path.read_bytes()
    if how == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif how == "garbage":
        path.write_bytes(bytes(len(data)))
    else:
        path.unlink()
        path.mkdir()


def envelope(kind: str, data: object, version: int = 1) -> bytes:
    """A saved file's bytes: its kind, version and data, as the game writes them."""
    return json.dumps({"kind": kind, "version": version, "data": data}).encode()


#: How long a test waits for another process before it calls it stuck: generous, since
#: a loaded machine may be many times slower than a quiet one (a real wait ends sooner).
PATIENCE = 120.0


class Child:
    """Another process whose output lines are read by threads of their own, so that a
    test waits for the line it expects (``wait_for``) and never polls or guesses.

    Use as a context manager: the process is killed on the way out if it still runs.
    """

    def __init__(self, command: list[str], **options: Any) -> None:
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, **options)
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        self._err: list[str] = []
        self._readers = [threading.Thread(target=self._read_out, daemon=True),
                         threading.Thread(target=self._read_err, daemon=True)]
        for reader in self._readers:
            reader.start()

    def _read_out(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def _read_err(self) -> None:
        assert self.process.stderr is not None
        self._err.extend(self.process.stderr)

    @property
    def pid(self) -> int:
        return self.process.pid

    def wait_for(self, prefix: str, timeout: float = PATIENCE) -> str:
        """The next line that starts with ``prefix`` (lines before it are in ``seen``)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self.process.kill()
                raise AssertionError(f"no line {prefix!r} within {timeout:.0f} s; "
                                     f"last lines: {self.seen[-5:]}") from None
            if line is None:
                self.lines.put(None)  # the end stays the end for later calls
                raise AssertionError(f"the process ended ({self.finish()}) before a line "
                                     f"{prefix!r}: {self.err[-3000:]}")
            self.seen.append(line)
            if line.startswith(prefix):
                return line

    def finish(self, timeout: float = PATIENCE) -> int:
        """Wait for the process to end and its output to be read; its exit status."""
        status = self.process.wait(timeout=timeout)
        for reader in self._readers:
            reader.join(timeout=timeout)
        while (line := self.lines.get()) is not None:
            self.seen.append(line)
        self.lines.put(None)
        return status

    @property
    def err(self) -> str:
        """What the process wrote to stderr (all of it once ``finish`` returned)."""
        return "".join(self._err)

    def send_signal(self, signum: int) -> None:
        self.process.send_signal(signum)

    def __enter__(self) -> Child:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.finish()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


def near_won(folder: Path, code: str = "SO1-S1C-AAAAAAB") -> Session:
    """A played game of ``code`` saved in ``folder`` one redo (Ctrl+Y) short of its
    win (a deal of :data:`tests.winning_lines.WINNING_LINES`)."""
    from tests.winning_lines import WINNING_LINES

    session = Session(DealCode.parse(code))
    for token in parse_moves(WINNING_LINES[code]):
        apply_token(session.game, token)
    session.game.undo()
    save_game(folder, session)
    return session


def seeded_deals(seed: int = 0) -> random.Random:
    """What a test's App draws New game's deals from: the same deals, and so the same
    passes and clock, at every run."""
    return random.Random(seed)


def cascading(driver: EventDriver) -> Celebration:
    """The winning move of the bench's ``WIN_POSITION`` played (the ace double-clicked
    onto the two), then the loop run until the win cascade starts: the cascade."""
    driver.double_click(driver.column_point(1))
    for _ in range(200):
        if driver.table.celebration is not None:
            return driver.table.celebration
        driver.app.run_frames(1)
    raise AssertionError("the win cascade did not start")


def mixer_open() -> None:
    """Open the mixer as the game does, unless it is open. SDL announces its audio
    devices (two AUDIODEVICEADDED events, a pass of the loop) to the App that opens
    it, and the mixer stays open from one App to the next: opened here, it is
    announced to none."""
    import pygame

    from spider.app.sound import open_mixer

    if pygame.mixer.get_init() is None:
        open_mixer()


def until(condition: Callable[[], T | None], what: str, timeout: float = PATIENCE,
          every: float = 0.2) -> T:
    """Look at ``condition()`` every ``every`` seconds until it gives something (not None
    or False) and return that; fail naming ``what`` after ``timeout`` seconds. For what
    only polling can see (another process's window), never for a fixed pause."""
    deadline = time.monotonic() + timeout
    while True:
        found = condition()
        if found is not None and found is not False:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout:.0f} s")
        time.sleep(every)


#: Seven runs removed, and the spades in order in column 1 but for their ace, alone in
#: column 2: the ace onto the 2♠ wins. With ``+ "3:\n"``, an empty column as well.
LAST_MOVE_WINS = """\
rules: classic
removed: 7
1: Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
2: As
"""


#: No win, ever: column 3's A♠ can go nowhere (no column can be emptied for it), and
#: it covers the 2♥ and the cards face down that the runs need.
STUCK = """\
rules: classic
removed: 6
1: Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s
2: Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h
3: [2s] [Ah] 2h As
"""


#: One suit and two empty columns: dozens of moves from every position.
RICH = """\
rules: classic
stock: 2s 3s 4s 5s 6s 7s 8s 9s Ts Js
1: [Ks] [Qs] 9s 4s
2: [Js] Ts 6s
3: [Ts] 8s 3s
4: [9s] Qs 7s 2s
5: [8s] Ks 5s
6: [7s] Js 9s 4s
7: [6s] Ts 6s
8: [5s] 8s 3s
9:
10:
"""
