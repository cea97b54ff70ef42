"""The cards on screen: sprite lists mirroring the model, moved by replaying Outcomes.

The board keeps one sprite per physical card in lists shaped like the model's
columns, stock and completed runs, sets each one's resting place, and says in which
layers they are drawn. An action's Outcome is replayed on those lists event by event
(backwards when undone: :mod:`~spider.app.table.replay`); each event queues the
motion it shows (:mod:`~spider.app.table.motion`), staggered in event order (the
events whose motion starts after the first's are replayed after the frame that shows
it, see :meth:`Board.catch_up`). Afterwards the lists are checked against the model
(in the frame's spare time, see :meth:`Board.check`) and rebuilt from it if anything
differs, so no card can end up wrong.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from operator import attrgetter

from spider.app.sound import Sound
from spider.app.table.draworder import Layers, Order, arrange, layered
from spider.app.table.geometry import TableGeometry
from spider.app.table.motion import TIMING, Motion
from spider.app.table.replay import Replay, ReplayMismatch, changed_columns, replay_event
from spider.app.table.sprites import FLIGHT, SETTLE, CardSprite, Step
from spider.logs import logger
from spider.model.actions import Action, CardsDealt, CardsMoved, Outcome, RunRemoved
from spider.model.cards import KING, Card, Suit
from spider.model.game import Game

log = logger(__name__)


class Board(Motion):
    """Sprites for every card, where they rest and how they move."""

    def __init__(self, geometry: TableGeometry) -> None:
        super().__init__(geometry)
        self._columns: list[list[CardSprite]] = []
        self._stock: list[CardSprite] = []
        self._runs: list[list[CardSprite]] = []
        self.dragging: list[CardSprite] = []
        self.rebuilds = 0
        #: Counts changes to the layers (see :meth:`layers`): which sprites rest, wait or
        #: move, in which order, and the resting ones' places and faces. Moving cards
        #: going on their way do not count: what rests may be kept while it is the same.
        self.version = 0
        #: Counts the changes to the layers but cards setting off and landing (see
        #: :meth:`update`): while it stands, only the sprites that had steps when it
        #: last changed can come to rest or leave it, each where it is.
        self.arrangement = 0
        self._layers: Layers | None = None
        self._stepped: list[CardSprite] | None = None  # the sprites with steps (None: ask)
        self._order: Order | None = None  # see _arranged
        self._ys_shown: list[list[int]] | None = None  # see column_ys
        #: Each column's sides up and cards when their places were last set in the
        #: geometry (an action changes few columns; see :meth:`retarget`).
        self._ys: dict[int, tuple[list[bool], list[CardSprite]]] = {}
        self._ys_geometry = geometry
        self._stock_seen: list[object] = []  # the piles and cards when last placed
        #: The stock's sprites placed elsewhere since the last action was shown.
        self._stock_moved: list[CardSprite] = []
        self._finished = -1  # the version the last finish left (see :meth:`finish`)
        #: What the actions shown since the last :meth:`check` changed: the columns,
        #: whether the stock, and the last action (for the report).
        self._unchecked: set[int] = set()
        self._stock_unchecked = False
        self._last_shown: Action | None = None
        #: The rest of the last action shown, when its first event's motion starts now
        #: and the others' later (a run leaving after the card that completes it
        #: lands, the card beneath turning): replayed after the frame, in its spare
        #: time (see :meth:`catch_up`), not within it.
        self._later: Replay | None = None

    # ---------------------------------------------------------------- queries
    @property
    def columns(self) -> list[list[CardSprite]]:
        """The sprites of each column, bottom first (callers must not change them)."""
        self.catch_up()
        return self._columns

    @property
    def stock(self) -> list[CardSprite]:
        """The stock's sprites, the next dealt first."""
        self.catch_up()
        return self._stock

    @property
    def runs(self) -> list[list[CardSprite]]:
        """The completed runs' sprites, each king first."""
        self.catch_up()
        return self._runs

    def sprites(self) -> Iterator[CardSprite]:
        self.catch_up()
        for column in self._columns:
            yield from column
        yield from self._stock
        for run in self._runs:
            yield from run

    def _all(self) -> Iterator[CardSprite]:
        # Several times a frame: ~10x cheaper than the generator of ``sprites``.
        return itertools.chain(*self._columns, self._stock, *self._runs)

    def _touch(self) -> None:
        """The layers changed: what was worked out from them is worked out again."""
        self.arrangement += 1
        self._flown()
        self._ys_shown = self._order = None

    def _flown(self) -> None:
        """Cards set off or landed: the layers are worked out again."""
        self.version += 1
        self._layers = self._stepped = None

    def _with_steps(self) -> list[CardSprite]:
        """The sprites that move or wait to (kept until the layers change)."""
        if self._stepped is None:
            self._stepped = [sprite for sprite in self._arranged().stepping if sprite.steps]
        return self._stepped

    def _arranged(self) -> Order:
        """The sprites as the lists and the steps queued arrange them (kept until the
        arrangement changes: till then sprites only set off and land)."""
        if self._order is None:
            self._order = arrange(self._columns, self._stock, self._runs, self.dragging)
        return self._order

    def stepping(self) -> list[CardSprite]:
        """The sprites that move or wait to (callers must not change the list)."""
        return self._with_steps()

    @property
    def moving(self) -> bool:
        stepped = self._stepped  # (asked several times a pass: kept, it is not called for)
        return (bool(stepped if stepped is not None else self._with_steps())
                or self.time < self.shake_until or bool(self.cues))

    def column_ys(self) -> list[list[int]]:
        """The resting y of each card, per column (for hit-testing; kept until the
        layers change, as the places do only then)."""
        self.catch_up()
        if self._ys_shown is None:
            self._ys_shown = [[int(sprite.target[1]) for sprite in column]
                              for column in self._columns]
        return self._ys_shown

    def matches(self, game: Game, columns: Iterable[int] | None = None,
                stock: bool = True) -> bool:
        """Whether the sprite lists hold exactly the model's cards, faces and runs;
        ``columns``: of the columns, only those (the others known to match), and the
        stock only when ``stock``."""
        self.catch_up()
        mine, theirs = self._columns, game.columns
        return (
            len(mine) == len(theirs)
            and all([(s.card, s.face_up) for s in mine[number]] == theirs[number]  # (Slots)
                    for number in (range(len(mine)) if columns is None else columns))
            and (not stock or [s.card for s in self._stock] == game.stock)
            and len(self._runs) == game.removed
        )

    def layers(self) -> Layers:
        """Sprites to draw, bottom first: resting ones, moving ones, then the dragged
        group (see :func:`~spider.app.table.draworder.layered`). The lists are kept
        until the sprites change: callers must not change them."""
        if self._layers is None:
            self._layers = layered(self._arranged(), self.time, self.dragging)
        return self._layers

    # ---------------------------------------------------------------- set-up
    def set_geometry(self, geometry: TableGeometry) -> None:
        """A new window size: every card goes straight to its new place."""
        self.catch_up()
        self.geometry = geometry
        self.retarget()
        self.finish()

    def load(self, game: Game, deal_in: bool = False) -> None:
        """Sprites for the model as it is; ``deal_in`` deals the columns out of the stock."""
        self.dragging, self._later = [], None
        self._columns = [[CardSprite(slot.card, slot.face_up) for slot in column]
                        for column in game.columns]
        self._stock = [CardSprite(card, False) for card in game.stock]
        self._runs = [_placeholder_run(suit) for suit in game.runs]
        self._unchecked.clear()  # (made from the model: nothing to check)
        self._stock_unchecked = False
        self.retarget()
        self.finish()
        if deal_in and self.speed > 0 and not self.reduced_motion:
            self._deal_in()
            self._touch()

    def _deal_in(self) -> None:
        start = self.geometry.stock_pile(0, max(1, self._piles()))
        rows = max((len(column) for column in self._columns), default=0)
        order = [column[row] for row in range(rows) for column in self._columns
                 if row < len(column)]
        for number, sprite in enumerate(order):
            sprite.pos, sprite.shown_up = start, False
            begin = self.time + number * TIMING.deal_in_gap * self.speed
            sprite.queue(Step(begin, TIMING.deal * self.speed, sprite.target, FLIGHT,
                              sprite.face_up))
        if order:
            self.cues.append((self.time, Sound.DEAL))

    # ------------------------------------------------------------- targets
    def _piles(self) -> int:
        width = len(self._columns) or 1
        return -(-len(self._stock) // width)

    def retarget(self, columns: Iterable[int] | None = None, stock: bool = True,
                 runs: bool = True) -> None:
        """Set every sprite's resting place from the lists (the model's shape);
        ``columns``: only those changed (of the columns), with the stock's and the
        runs' only when ``stock`` and ``runs``."""
        self._touch()
        g, known = self.geometry, self._ys
        if g is not self._ys_geometry:
            known.clear()
            self._stock_seen = []
            self._ys_geometry = g
            columns, stock, runs = None, True, True
        for number in range(len(self._columns)) if columns is None else columns:
            column = self._columns[number]
            faces = list(map(_FACE_UP, column))
            kept = known.get(number)
            if kept is not None and kept[0] == faces and kept[1] == column:
                continue  # the same cards, the same sides up: their places stand
            ys = g.card_ys(number, faces)
            known[number] = faces, list(column)
            x = g.column_x[number]
            for sprite, y in zip(column, ys, strict=True):
                sprite.target = (x, y)
        if stock:
            self._stock_moved += self._place_stock()
        if runs:
            for slot, run in enumerate(self._runs):
                place = g.run_slot(slot)
                for sprite in run:
                    sprite.target = place

    def _place_stock(self) -> list[CardSprite]:
        """Set the stock's places; return the sprites whose place changed (piles keep
        theirs as others are dealt)."""
        piles = self._piles()
        stock = [piles, *self._stock]
        if stock == self._stock_seen:  # (the same cards: their places stand)
            return []
        width = len(self._columns) or 1
        spots = [self.geometry.stock_pile(pile, piles) for pile in range(piles)]
        moved = []
        for index, sprite in enumerate(self._stock):
            spot = spots[index // width]
            if sprite.target != spot:
                sprite.target = spot
                moved.append(sprite)
        self._stock_seen = stock
        return moved

    # ------------------------------------------------------------ animation
    def finish(self) -> None:
        """End every animation at once: each card at its place, the right side up."""
        self.catch_up()
        self.shake_until = 0.0
        self.cues.clear()
        if self.version == self._finished:
            return  # nothing changed since the last finish: every card is at its place
        for sprite in self._all():
            sprite.snap()
        self.dragging = []
        self._touch()
        self._finished = self.version

    def update(self, dt: float) -> list[Sound]:
        """Advance by ``dt`` seconds; return the sound cues now due (the rest of the
        last action is replayed first once its motion is due, should no spare time
        have come since: see :meth:`catch_up`)."""
        later = self._later
        if later is not None and self.time + dt >= later.cursor:
            self.catch_up()
        before = self.time
        self.time += dt
        now, changed = self.time, False
        for sprite in self._with_steps():
            steps = sprite.steps
            step = steps[0]
            if now < step.start:
                continue  # waiting for its turn
            sprite.update(now)
            # A card that lands, starts its next step, or leaves after waiting.
            changed = changed or (not steps or steps[0] is not step or before < step.start)
        if changed:
            self._flown()
        return self._due_cues()

    # ------------------------------------------------------------- dragging
    def lift(self, column: int, index: int) -> list[CardSprite]:
        """Pick up the cards of ``column`` from ``index`` on."""
        self.catch_up()
        self.dragging = self._columns[column][index:]
        self._touch()
        return self.dragging

    def drag_to(self, top_left: tuple[float, float]) -> None:
        """Move the dragged group so its first card's corner is at ``top_left``."""
        if not self.dragging:
            return
        base_x, base_y = self.dragging[0].target
        for sprite in self.dragging:
            sprite.pos = (top_left[0] + sprite.target[0] - base_x,
                          top_left[1] + sprite.target[1] - base_y)

    def drop_back(self) -> None:
        """The dragged group glides back to where it rests."""
        for number, sprite in enumerate(self.dragging):
            self._glide(sprite, sprite.target, self.time + number * 0.01 * self.speed,
                        TIMING.glide_back, SETTLE)
        self.dragging = []
        self._touch()

    # ------------------------------------------------------------- outcomes
    def show(self, outcome: Outcome, game: Game, dropped: bool = False) -> None:
        """Replay ``outcome`` on the sprites and queue its animation.

        ``dropped``: the player released the cards where they now are, so a move
        settles from there instead of flying. The model is already in its new state.
        The events whose motion starts later than the first's are replayed after the
        frame (see :meth:`catch_up`).
        """
        self.catch_up()
        self.dragging, self._stock_moved = [], []
        self._touch()
        events = outcome.events[::-1] if outcome.undone else outcome.events
        later = Replay(events, 0, outcome, game, dropped, self.time, self.time, {}, False)
        if self._replay_events(later, first=True):
            self._later = later
            return
        self._shown(later)

    def catch_up(self) -> None:
        """Replay the rest of the last action shown, if any is left (see
        :meth:`show`): after its first frame, or before anything else asks for the
        sprites."""
        later = self._later
        if later is None:
            return
        self._later = None
        self._touch()
        self._replay_events(later, first=False)
        self._shown(later)

    def _replay_events(self, later: Replay, first: bool) -> bool:
        """Replay ``later``'s events; with ``first``, stop before one whose motion
        starts after now (True: some are left)."""
        outcome, settling, events = later.outcome, later.settling, later.events
        try:
            while later.done < len(events):
                event = events[later.done]
                later.done += 1
                group, kind = replay_event(event, outcome.undone, self._columns, self._stock,
                                           self._runs)
                columns = changed_columns(event)
                dealt = isinstance(event, CardsDealt)
                if kind != "flip":  # (a card turns last in its column: no place changes)
                    self.retarget(columns, stock=dealt, runs=isinstance(event, RunRemoved))
                later.stock_changed = later.stock_changed or dealt
                cursor = later.cursor = self._animate(kind, group, later.cursor, later.dropped)
                for column in columns:
                    settling.setdefault(column, later.now)
                match event:
                    case CardsMoved(source, target, _) if group[-1].steps:
                        left = target if outcome.undone else source
                        settling[left] = max(settling[left], group[-1].steps[-1].start)
                    case RunRemoved(column, _, _) if not outcome.undone:
                        settling[column] = cursor
                if first and cursor > self.time and later.done < len(events):
                    return True
        except ReplayMismatch as error:
            log.warning("sprites out of step with the model (%s): rebuilt", error)
            later.rebuilt = True
            self.rebuild(later.game)
        return False

    def _shown(self, later: Replay) -> None:
        """What follows the replay of an action: the cards it moved aside settle."""
        if later.rebuilt:
            return
        self._unchecked.update(later.settling)  # (checked after the frame: see check)
        self._stock_unchecked = self._stock_unchecked or later.stock_changed
        self._last_shown = later.outcome.action
        self._settle_rest(later.settling, later.now)
        self._touch()

    def check(self, game: Game) -> bool:
        """Check the sprites against the model where the actions shown since the last
        check changed them (the others matched and did not change), and rebuild them
        from it if they differ: after the frame that shows an action, in its spare
        time, not within it. True when rebuilt."""
        self.catch_up()
        columns, stock = self._unchecked, self._stock_unchecked
        if not columns and not stock:
            return False
        matched = self.matches(game, columns, stock)
        columns.clear()
        self._stock_unchecked = False
        if matched:
            return False
        log.warning("sprites out of step with the model after %s: rebuilt", self._last_shown)
        self.rebuild(game)
        return True

    def rebuild(self, game: Game) -> None:
        self.rebuilds += 1
        self.load(game)

    def _settle_rest(self, settling: dict[int, float], now: float) -> None:
        """Cards whose place changed without an event of their own (a column
        squeezing, the stock closing up) glide there, in the columns changed
        (``settling``, with when they may), of the stock those placed elsewhere and
        the last run (the others cannot change); every card ends right."""
        for number, start in settling.items():
            self._settle(self._columns[number], start)
        moved, self._stock_moved = self._stock_moved, []
        self._settle(itertools.chain(moved, *self._runs[-1:]), now)


_FACE_UP = attrgetter("face_up")


def _placeholder_run(suit: Suit | None) -> list[CardSprite]:
    """Sprites for a run known only by its suit (king first, as it left the column)."""
    suit = suit or Suit.SPADES
    return [CardSprite(Card(rank, suit), True) for rank in range(KING, 0, -1)]
