"""Model soak: complete random games of every layout, suit count and rule set.

Each game is played to its end (won, or no move and no deal left, or an action
limit) by a player who mostly makes sensible moves and sometimes does anything:
illegal moves, deals, runs of undo and redo, saving and resuming the session.
After every action the invariants are checked:

* the card multiset (table, stock and removed runs) is the deal's;
* in every column the face-down cards are a prefix and the last card is face up;
  a face-down card turns up only when it becomes the last card of its column;
* the score is ``max(0, before - 1) + 100 * runs removed`` and the move counter
  grows by one; runs removed are one suit, king to ace;
* a refused action changes nothing; a deal happens only with no empty column;
* undo gives back exactly the previous position text, redo the next one;
* the position text reads back to the same position, and the saved session
  (``Session.to_dict``/``from_dict``) replays to the same position and history.

On demand (see README, "Reliability")::

    python -m tests.soak_tools --games 5000
    python -m tests.soak_tools --games 1 --seed 1234          # one game again
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from spider.data.session import Session
from spider.model.actions import DEAL, Move, RunRemoved
from spider.model.cards import KING, Card, ordered_deck
from spider.model.dealcode import NUMBER_LIMIT, DealCode
from spider.model.game import Game, IllegalAction
from spider.model.notation import format_position, game_from_code, parse_position
from tests.helpers import Tally, card_multiset

#: Every kind of game: layout, suits, relaxed.
KINDS = tuple((layout, suits, relaxed) for layout in ("SP", "SB", "SO")
              for suits in (1, 2, 4) for relaxed in ((False,) if suits == 1 else (False, True)))
MAX_ACTIONS = 800


class SoakFailure(AssertionError):
    """An invariant of the rules broke."""


@dataclass
class SoakFigures(Tally):
    games: int = 0
    won: int = 0
    actions: int = 0
    undos: int = 0
    redos: int = 0
    refused: int = 0
    resumes: int = 0
    runs: int = 0
    seconds: float = 0.0
    kinds: Counter[str] = field(default_factory=Counter)

    def summary(self) -> str:
        return (f"{self.games} games ({self.won} won) of {len(self.kinds)} kinds, "
                f"{self.actions} actions, {self.undos} undos, {self.redos} redos, "
                f"{self.refused} refused, {self.runs} runs removed, {self.resumes} resumes; "
                f"{self.seconds:.0f} s")


def hidden(game: Game) -> list[list[Card]]:
    return [[slot.card for slot in column if not slot.face_up] for column in game.columns]


class SoakGame:
    """One complete game under constant checking."""

    def __init__(self, code: DealCode, seed: int) -> None:
        self.code = code
        self.seed = seed
        self.rng = random.Random(seed)
        self.session = Session(code)
        self.deck = Counter(ordered_deck(code.suits, code.table.decks))
        self.texts = [format_position(self.game)]   # after each action still done
        self.redo_texts: list[str] = []              # next redo first (last in the list)
        self.figures = SoakFigures(games=1)
        self.seen: set[tuple[object, ...]] = {self.worth(self.game)[1]}
        #: How many more moves that get nowhere the player tries before giving up.
        self.patience = 80
        self.figures.kinds[f"{code.layout}-{code.suits}-{'R' if code.relaxed else 'C'}"] += 1

    @property
    def game(self) -> Game:
        return self.session.game

    def fail(self, what: str) -> None:
        done, undone = self.game.history()
        raise SoakFailure(f"{self.code} (seed {self.seed}), after "
                          f"{' '.join(map(str, done))} | redo {' '.join(map(str, undone))}: "
                          f"{what}\n{format_position(self.game)}")

    # ----------------------------------------------------------- invariants
    def check_shape(self) -> None:
        game = self.game
        if card_multiset(game) != self.deck:
            self.fail("the card multiset changed")
        for number, column in enumerate(game.columns, start=1):
            faces = [slot.face_up for slot in column]
            if faces and not faces[-1]:
                self.fail(f"column {number} ends face down")
            if faces != sorted(faces):
                self.fail(f"column {number} has a face-down card above a face-up one")
        if len(game.runs) > game.removed or game.removed > self.code.table.runs_to_win:
            self.fail("too many runs removed")
        if game.is_won != (game.removed == self.code.table.runs_to_win):
            self.fail("won without every run removed, or the other way round")

    def act(self, action: Move | type[DEAL]) -> bool:
        """Play ``action`` and check what it did; False if the rules refused it."""
        game = self.game
        before = format_position(game)
        hidden_before = hidden(game)
        score, moves, removed, history = game.score, game.moves, game.removed, game.history()
        was_legal = game.is_legal(action)
        columns_full = all(game.columns)
        stock = len(game.stock)
        try:
            outcome = game.play(action)
        except IllegalAction:
            self.figures.refused += 1
            if was_legal:
                self.fail(f"{action} was legal but refused")
            if format_position(game) != before or game.history() != history:
                self.fail(f"the refused {action} changed the game")
            return False
        if not was_legal:
            self.fail(f"{action} was not legal but played")
        if action is DEAL:
            if not columns_full or not stock:
                self.fail("dealt with an empty column or an empty stock")
            if len(game.stock) != stock - min(stock, len(game.columns)):
                self.fail("the deal took the wrong number of cards")
        runs = outcome.runs_removed
        for event in outcome.events:
            if isinstance(event, RunRemoved):
                cards = event.cards
                if [c.rank for c in cards] != list(range(KING, 0, -1)) or len(
                        {c.suit for c in cards}) != 1:
                    self.fail(f"removed a run that is not one suit king to ace: {cards}")
        if game.score != max(0, score - 1) + 100 * runs:
            self.fail(f"score {game.score} after {score} and {runs} runs")
        if game.moves != moves + 1 or game.removed != removed + runs:
            self.fail("the move counter or the runs count is wrong")
        # A card turns up only where the action exposed it: the column a move left, or
        # a column a completed run left (after a move or a deal).
        exposed = {event.column for event in outcome.events if isinstance(event, RunRemoved)}
        if isinstance(action, Move):
            exposed.add(action.source)
        for number, (was, now) in enumerate(zip(hidden_before, hidden(game), strict=True)):
            if now == was:
                continue
            column = game.columns[number]
            if number not in exposed or now != was[:-1] or len(column) != len(now) + 1 or (
                    column[-1].card != was[-1]):
                self.fail(f"a face-down card of column {number + 1} turned up unexposed")
        self.check_shape()
        self.texts.append(format_position(game))
        self.redo_texts.clear()
        self.seen.add(self.worth(game)[1])
        self.figures.actions += 1
        self.figures.runs += runs
        return True

    def undo(self) -> None:
        game = self.game
        if not game.can_undo:
            if len(self.texts) != 1:
                self.fail("nothing to undo after actions")
            try:
                game.undo()
            except IllegalAction:
                return
            self.fail("undo with nothing to undo did something")
        game.undo()
        self.figures.undos += 1
        self.redo_texts.append(self.texts.pop())
        if format_position(game) != self.texts[-1]:
            self.fail("undo did not give back the previous position exactly")
        self.check_shape()

    def redo(self) -> None:
        game = self.game
        if not game.can_redo:
            if self.redo_texts:
                self.fail("nothing to redo after undo")
            return
        game.redo()
        self.figures.redos += 1
        self.texts.append(self.redo_texts.pop())
        if format_position(game) != self.texts[-1]:
            self.fail("redo did not give back the undone position exactly")
        self.check_shape()

    def resume(self) -> None:
        """Save the session and load it back, as quitting and starting again does."""
        saved = self.session.to_dict()
        again = Session.from_dict(saved)
        if format_position(again.game) != format_position(self.game):
            self.fail("the saved session replays to another position")
        if again.game.history() != self.game.history():
            self.fail("the saved session lost its history")
        text = format_position(self.game)
        if format_position(parse_position(text)) != text:
            self.fail("the position text does not read back the same")
        self.session = again
        self.figures.resumes += 1

    # --------------------------------------------------------------- player
    def moves(self) -> list[Move]:
        """The legal moves, found without the model's help (cross-checked against it)."""
        game = self.game
        columns = game.columns
        found = []
        for source, column in enumerate(columns):
            for count in range(1, game.movable_length(source) + 1):
                rank = column[-count].card.rank
                for target, other in enumerate(columns):
                    if target != source and (not other or (
                            other[-1].face_up and other[-1].card.rank == rank + 1)):
                        found.append(Move(source, target, count))
        if self.rng.random() < 0.05 and sorted(found, key=str) != sorted(game.legal_moves(),
                                                                       key=str):
            self.fail("the model's legal moves differ from the rules")
        return found

    @staticmethod
    def worth(game: Game) -> tuple[int, tuple[object, ...]]:
        """How far along a position is, and a key for having seen it."""
        value = 100 * game.removed
        key = []
        for column in game.columns:
            value -= 12 * sum(not slot.face_up for slot in column)
            if not column:
                value += 6
            for upper, lower in pairwise(column):
                if upper.face_up and upper.card.rank == lower.card.rank + 1:
                    value += 4 if upper.card.suit == lower.card.suit else 1
            key.append(tuple(column))
        return value, (len(game.stock), *key)

    def sensible_action(self) -> Move | type[DEAL] | None:
        """The move that gets furthest to a position not seen yet, else a deal, else
        any move that fills an empty column; None when nothing is left."""
        game = self.game
        moves = self.moves()
        if moves and self.rng.random() < 0.03:
            return self.rng.choice(moves)
        here, _ = self.worth(game)
        best: tuple[float, Move] | None = None
        for move in moves:
            scratch = Game(game.columns, game.stock, relaxed=game.relaxed)
            scratch.move(move)
            value, key = self.worth(scratch)
            if key in self.seen:
                continue
            score = value - here + self.rng.random()
            if best is None or score > best[0]:
                best = (score, move)
        if best is not None and best[0] > 1:
            self.patience = 80
            return best[1]
        if game.is_legal(DEAL):
            return DEAL
        if best is not None and self.patience > 0:
            self.patience -= 1
            return best[1]
        return None

    def wild_action(self) -> Move:
        width = len(self.game.columns)
        source = self.rng.randrange(-1, width + 1)
        target = self.rng.randrange(-1, width + 1)
        count = self.rng.choice((None, None, 1, 2, 3, self.rng.randint(0, 20)))
        return Move(source, target, count)

    def play(self, max_actions: int = MAX_ACTIONS) -> SoakFigures:
        rng = self.rng
        self.check_shape()
        steps = 0
        while steps < max_actions and not self.game.is_won:
            steps += 1
            roll = rng.random()
            if roll < 0.08:
                for _ in range(rng.randint(1, 6)):
                    self.undo()
            elif roll < 0.13:
                for _ in range(rng.randint(1, 6)):
                    self.redo()
            elif roll < 0.17:
                self.act(self.wild_action())
            elif roll < 0.18:
                self.act(DEAL)
            elif roll < 0.185:
                self.resume()
            else:
                if self.game.can_redo and rng.random() < 0.3:
                    self.redo()
                    continue
                action = self.sensible_action()
                if action is None:
                    if self.game.can_redo:
                        self.redo()
                        continue
                    break  # no move, no deal: the game is over
                self.act(action)
        self.resume()
        self.figures.won = int(self.game.is_won)
        # Undo everything: the deal's starting position, exactly.
        while self.game.can_undo:
            self.undo()
        if format_position(self.game) != format_position(game_from_code(self.code)):
            self.fail("undoing everything does not give the starting position")
        return self.figures


    def play_line(self, line: str) -> SoakFigures:
        """Follow a winning line, with undo and redo, refused moves and resumes in between."""
        from spider.model.notation import parse_moves

        rng = self.rng
        self.check_shape()
        for token in parse_moves(line):
            roll = rng.random()
            if roll < 0.15:
                steps = rng.randint(1, 5)
                for _ in range(steps):
                    self.undo()
                for _ in range(steps):
                    self.redo()
            elif roll < 0.25:
                wild = self.wild_action()
                if self.act(wild):
                    self.undo()  # a detour: take it back and follow the line again
            elif roll < 0.27:
                self.resume()
            assert not isinstance(token, str)
            if not self.act(token):  # type: ignore[arg-type]
                self.fail(f"the winning line's {token} was refused")
        game = self.game
        if not game.is_won:
            self.fail("the winning line did not win")
        self.figures.won = 1
        lowest = min(int(text.split("score: ")[1].split()[0]) for text in self.texts)
        if lowest > 0 and game.score != 500 - game.moves + 100 * self.code.table.runs_to_win:
            self.fail(f"a won game scores {game.score} after {game.moves} moves")
        for action in (DEAL, Move(0, 1), Move(0, 1, 1)):
            if self.act(action):
                self.fail(f"{action} was played on an empty table")
        self.resume()
        while self.game.can_undo:
            self.undo()
        if format_position(self.game) != format_position(game_from_code(self.code)):
            self.fail("undoing everything does not give the starting position")
        return self.figures


def soak(games: int, seed: int = 0, kinds: tuple[tuple[str, int, bool], ...] = KINDS,
         max_actions: int = MAX_ACTIONS, lines: bool = True) -> SoakFigures:
    """Play ``games`` complete games, every kind in turn, from ``seed``; then (``lines``)
    each known winning line once, with undo, redo and detours."""
    total = SoakFigures()
    started = time.perf_counter()
    source = random.Random(seed)
    for number in range(games):
        layout, suits, relaxed = kinds[number % len(kinds)]
        code = DealCode(layout, suits, relaxed, source.randrange(NUMBER_LIMIT))
        total.add(SoakGame(code, source.randrange(2**32)).play(max_actions))
    if lines:
        from tests.winning_lines import WINNING_LINES

        for code_text, line in WINNING_LINES.items():
            total.add(SoakGame(DealCode.parse(code_text), source.randrange(2**32)).play_line(line))
    total.seconds = time.perf_counter() - started
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.soak_tools",
                                     description="Complete random games, checked throughout.")
    parser.add_argument("--games", type=int,
                        default=int(os.environ.get("SPIDER_SOAK_GAMES", "2000")))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    total = SoakFigures()
    started = time.perf_counter()
    batch = len(KINDS) * 10
    done = 0
    try:
        while done < args.games:
            count = min(batch, args.games - done)
            total.add(soak(count, args.seed + done))
            done += count
            total.seconds = time.perf_counter() - started
            print(f"so far: {total.summary()}", flush=True)
    except SoakFailure as failure:
        print(f"FAILED: {failure}")
        return 1
    print(f"passed: {total.summary()}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))  # for winning_lines
    sys.exit(main())
