"""The cards on screen: sprite lists mirroring the model, moved by replaying Outcomes.

The board keeps one sprite per physical card in lists shaped like the model's
columns, stock and completed runs. An action's Outcome is replayed on those
lists event by event (backwards when undone); each event queues the motion it
shows, staggered in event order (the events whose motion starts after the first's
are replayed after the frame that shows it, see :meth:`Board.catch_up`). Afterwards
the lists are checked against the model (in the frame's spare time, see
:meth:`Board.check`) and rebuilt from it if anything differs, so no card can end up
wrong.
"""

from __future__ import annotations

import itertools
import math
from bisect import bisect_left
from collections.abc import Iterable, Iterator
from operator import attrgetter

from spider.app.sound import Sound
from spider.app.table.geometry import TableGeometry
from spider.app.table.sprites import FLIGHT, SETTLE, CardSprite, Easing, Step
from spider.logs import logger
from spider.model.cards import KING, Card, Suit
from spider.model.game import (
    Action,
    CardFlipped,
    CardsDealt,
    CardsMoved,
    Event,
    Game,
    Outcome,
    RunRemoved,
)
from spider.model.values import record, value

log = logger(__name__)

#: Animation speed setting → factor on every duration (0: no animation).
SPEEDS = {"normal": 1.0, "fast": 0.45, "off": 0.0}
#: With reduced motion no card moves for longer than this (seconds at normal speed).
SHORT_SLIDE = 0.12


@value
class Timing:
    """Durations in seconds at normal speed."""

    drop: float = 0.16        # a released group settling into its column
    move: float = 0.28        # a group flying between columns
    group_gap: float = 0.02   # stagger between the cards of a flying group
    deal: float = 0.3         # one dealt card's flight
    deal_gap: float = 0.055   # between dealt cards
    deal_in_gap: float = 0.018  # between cards of a new game's first deal
    flip: float = 0.18
    run: float = 0.32         # one card of a completed run flying off
    run_gap: float = 0.045
    glide_back: float = 0.22  # a refused group returning
    shake: float = 0.4        # the stock refusing to deal


TIMING = Timing()


@value  # (made at import in a sixth of a NamedTuple's time)
class _Order:
    """The sprites, but those dragged, in the order drawn (columns, stock, runs), as
    arranged (see :meth:`Board._arranged`)."""

    places: list[int]  # of those at rest, in the order
    resting: list[CardSprite]
    flying: list[tuple[int, CardSprite]]  # those with steps, with their places
    stepping: list[CardSprite]  # every sprite with steps, the dragged too (in the order)


class ReplayMismatch(Exception):
    """The sprites did not hold what an event says: rebuild from the model."""


class Board:
    """Sprites for every card, where they rest and how they move."""

    def __init__(self, geometry: TableGeometry) -> None:
        self.geometry = geometry
        self._columns: list[list[CardSprite]] = []
        self._stock: list[CardSprite] = []
        self._runs: list[list[CardSprite]] = []
        self.dragging: list[CardSprite] = []
        self.time = 0.0
        self.speed = 1.0
        #: Reduced motion: no deal-in, and every card's motion a short slide.
        self.reduced_motion = False
        self.shake_until = 0.0
        self.cues: list[tuple[float, Sound]] = []
        self.rebuilds = 0
        #: Counts changes to the layers (see :meth:`layers`): which sprites rest, wait or
        #: move, in which order, and the resting ones' places and faces. Moving cards
        #: going on their way do not count: what rests may be kept while it is the same.
        self.version = 0
        #: Counts the changes to the layers but cards setting off and landing (see
        #: :meth:`update`): while it stands, only the sprites that had steps when it
        #: last changed can come to rest or leave it, each where it is.
        self.arrangement = 0
        self._layers: tuple[list[CardSprite], list[CardSprite], list[CardSprite]] | None = None
        self._stepped: list[CardSprite] | None = None  # the sprites with steps (None: ask)
        self._order: _Order | None = None  # see _arranged
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
        self._later: _Later | None = None

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

    def _arranged(self) -> _Order:
        """The sprites as the lists and the steps queued arrange them (kept until the
        arrangement changes: till then sprites only set off and land)."""
        if self._order is None:
            dragged = {id(sprite) for sprite in self.dragging}
            ordered = itertools.chain(*self._columns, reversed(self._stock),
                                      *map(reversed, self._runs))
            places: list[int] = []
            resting: list[CardSprite] = []
            flying: list[tuple[int, CardSprite]] = []
            stepping: list[CardSprite] = []
            for index, sprite in enumerate(ordered):
                held = dragged and id(sprite) in dragged  # (mostly none: not looked up)
                if sprite.steps:
                    stepping.append(sprite)
                    if not held:
                        flying.append((index, sprite))
                elif not held:
                    places.append(index)
                    resting.append(sprite)
            self._order = _Order(places, resting, flying, stepping)
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

    def layers(self) -> tuple[list[CardSprite], list[CardSprite], list[CardSprite]]:
        """Sprites to draw, bottom first: resting ones, moving ones, then the dragged group.

        Cards waiting for their turn to move rest where they wait, above the others
        (higher on screen below); those on their way go above them, the earliest to
        leave lowest, so cards land on top of each other in order. The lists are
        kept until the sprites change: callers must not change them.
        """
        if self._layers is not None:
            return self._layers
        order = self._arranged()
        resting, places = list(order.resting), list(order.places)
        waiting: list[tuple[tuple[float, ...], CardSprite]] = []
        moving: list[tuple[tuple[float, ...], CardSprite]] = []
        now = self.time
        for index, sprite in order.flying:
            steps = sprite.steps
            if not steps:  # landed: at rest in its place in the order
                place = bisect_left(places, index)
                places.insert(place, index)
                resting.insert(place, sprite)
            elif (start := steps[0].start) > now:
                waiting.append(((sprite.pos[1], sprite.pos[0], index), sprite))
            else:
                moving.append(((start, index), sprite))
        waiting.sort(key=lambda item: item[0])
        moving.sort(key=lambda item: item[0])
        resting.extend(sprite for _, sprite in waiting)
        self._layers = resting, [sprite for _, sprite in moving], list(self.dragging)
        return self._layers

    def stock_shake(self) -> float:
        """Horizontal offset of the stock while it shakes (pixels)."""
        left = self.shake_until - self.time
        if left <= 0 or self.speed == 0:
            return 0.0
        duration = TIMING.shake * self.speed
        progress = 1 - left / duration
        amplitude = self.geometry.card_w * 0.08 * (1 - progress)
        return amplitude * _wave(progress * 4)

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
        if not self.cues:
            return []
        due = [name for when, name in self.cues if when <= self.time]
        self.cues = [(when, name) for when, name in self.cues if when > self.time]
        return due

    def shake(self) -> None:
        if self.speed > 0 and not self.reduced_motion:
            self.shake_until = self.time + TIMING.shake * self.speed

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
        later = _Later(events, 0, outcome, game, dropped, self.time, self.time, {}, False)
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

    def _replay_events(self, later: _Later, first: bool) -> bool:
        """Replay ``later``'s events; with ``first``, stop before one whose motion
        starts after now (True: some are left)."""
        outcome, settling, events = later.outcome, later.settling, later.events
        try:
            while later.done < len(events):
                event = events[later.done]
                later.done += 1
                group, kind = self._replay(event, outcome.undone)
                columns = _columns(event)
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

    def _shown(self, later: _Later) -> None:
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

    def _replay(self, event: Event, undone: bool) -> tuple[list[CardSprite], str]:
        """Apply one event to the sprite lists; return the cards it moves, in flight order."""
        try:
            match event:
                case CardsMoved(source, target, cards):
                    frm, to = (target, source) if undone else (source, target)
                    group = self._take(self._columns[frm], cards)
                    self._columns[to].extend(group)
                    for sprite in group:
                        sprite.face_up = True
                    return group, "move"
                case CardsDealt(columns, cards):
                    if undone:
                        group = [self._columns[column].pop() for column in columns]
                        _expect(group, cards)
                        for sprite in group:
                            sprite.face_up = False
                        self._stock[:0] = group
                        return group[::-1], "undeal"
                    group = self._stock[: len(cards)]
                    _expect(group, cards)
                    del self._stock[: len(cards)]
                    for column, sprite in zip(columns, group, strict=True):
                        sprite.face_up = True
                        self._columns[column].append(sprite)
                    return group, "deal"
                case CardFlipped(column, card, face_up):
                    sprite = self._columns[column][-1]
                    _expect([sprite], (card,))
                    sprite.face_up = face_up != undone
                    return [sprite], "flip"
                case RunRemoved(column, slot, cards):
                    if undone:
                        group = self._runs.pop()
                        _expect(group, cards)
                        self._columns[column].extend(group)
                        return group, "unrun"
                    if slot != len(self._runs):
                        raise ReplayMismatch(f"run slot {slot}, have {len(self._runs)}")
                    group = self._take(self._columns[column], cards)
                    self._runs.append(group)
                    return group[::-1], "run"
        except IndexError as error:
            raise ReplayMismatch(str(error)) from error
        raise ReplayMismatch(f"unknown event {event!r}")

    @staticmethod
    def _take(column: list[CardSprite], cards: tuple[Card, ...]) -> list[CardSprite]:
        if len(column) < len(cards):
            raise ReplayMismatch("column too short")
        group = column[len(column) - len(cards):]
        _expect(group, cards)
        del column[len(column) - len(cards):]
        return group

    def _glide(self, sprite: CardSprite, dest: tuple[float, float], start: float,
               duration: float, ease: Easing, face: bool | None = None) -> float:
        """Queue a step after whatever the sprite already does; return its end."""
        if self.reduced_motion:
            duration = min(duration, SHORT_SLIDE)
        step = Step(max(start, sprite.busy_until), duration * self.speed, dest, ease, face)
        sprite.steps.append(step)  # (queued without a call: an action queues one a card)
        return step.start + step.duration

    def _animate(self, kind: str, group: list[CardSprite], cursor: float, dropped: bool) -> float:
        """Queue the motion of one event starting at ``cursor``; return when the next begins."""
        if self.speed == 0:
            self.cues.append((self.time, _CUES[kind]))
            return cursor
        t, speed = TIMING, self.speed
        end = cursor
        if kind == "move":
            if dropped:  # settles from where it was let go: longer the farther it is
                (x0, y0), (x1, y1) = group[0].pos, group[0].target
                distance = math.hypot(x1 - x0, y1 - y0) / self.geometry.card_h
                duration, ease, gap = min(t.move, t.drop + 0.04 * distance), SETTLE, 0.0
            else:
                duration, ease, gap = t.move, FLIGHT, t.group_gap
            for number, sprite in enumerate(group):
                end = max(end, self._glide(sprite, sprite.target, cursor + number * gap * speed,
                                           duration, ease, True))
            self.cues.append((end, Sound.PLACE))
            return end
        if kind in ("deal", "undeal"):
            self.cues.append((cursor, Sound.DEAL))
            for number, sprite in enumerate(group):
                end = max(end, self._glide(sprite, sprite.target,
                                           cursor + number * t.deal_gap * speed,
                                           t.deal, FLIGHT, sprite.face_up))
            return end
        if kind == "flip":
            end = self._glide(group[0], group[0].target, cursor, t.flip, SETTLE,
                              group[0].face_up)
            self.cues.append((end - t.flip * speed, Sound.FLIP))
            return end - t.flip * speed / 2
        self.cues.append((cursor, Sound.RUN))
        for number, sprite in enumerate(group):
            end = max(end, self._glide(sprite, sprite.target, cursor + number * t.run_gap * speed,
                                       t.run, FLIGHT, True))
        return end

    def _settle_rest(self, settling: dict[int, float], now: float) -> None:
        """Cards whose place changed without an event of their own (a column
        squeezing, the stock closing up) glide there, in the columns changed
        (``settling``, with when they may), of the stock those placed elsewhere and
        the last run (the others cannot change); every card ends right."""
        for number, start in settling.items():
            self._settle(self._columns[number], start)
        moved, self._stock_moved = self._stock_moved, []
        self._settle(itertools.chain(moved, *self._runs[-1:]), now)

    def _settle(self, sprites: Iterable[CardSprite], start: float) -> None:
        for sprite in sprites:
            steps = sprite.steps
            if steps:
                last = steps[-1]
                if last.dest == sprite.target and last.face == sprite.face_up:
                    continue  # (on its way to its place, the right side up)
            elif sprite.pos == sprite.target and sprite.shown_up == sprite.face_up:
                continue  # (most cards: at rest where they belong)
            dest, face, _ = sprite.planned
            if dest != sprite.target or face != sprite.face_up:
                if self.speed == 0:
                    sprite.snap()
                else:
                    self._glide(sprite, sprite.target, start, TIMING.drop, SETTLE,
                                sprite.face_up)


_FACE_UP = attrgetter("face_up")

_CUES = {"move": Sound.PLACE, "deal": Sound.DEAL, "undeal": Sound.DEAL, "flip": Sound.FLIP,
         "run": Sound.RUN, "unrun": Sound.RUN}


@record
class _Later:
    """An action's replay on the sprites, as far as it went (see :meth:`Board.show`):
    its events in the order replayed and how many are, the board's time when it was
    shown, when the next event's motion begins, the columns changed, each with when
    the cards they keep may settle (at once, once a group that left has all set off,
    or once a run that left has gone: they must not slide over cards still waiting to
    fly), and whether the stock changed."""

    events: tuple[Event, ...]
    done: int
    outcome: Outcome
    game: Game
    dropped: bool
    now: float
    cursor: float
    settling: dict[int, float]
    stock_changed: bool
    rebuilt: bool = False


def _columns(event: Event) -> tuple[int, ...]:
    """The columns ``event`` changes."""
    match event:
        case CardsMoved(source, target, _):
            return source, target
        case CardsDealt(columns, _):
            return columns
        case CardFlipped(column, _, _) | RunRemoved(column, _, _):
            return (column,)
    return ()


def _expect(group: list[CardSprite], cards: tuple[Card, ...]) -> None:
    if [sprite.card for sprite in group] != list(cards):
        raise ReplayMismatch(f"expected {[str(c) for c in cards]}, "
                             f"have {[str(s.card) for s in group]}")


def _placeholder_run(suit: Suit | None) -> list[CardSprite]:
    """Sprites for a run known only by its suit (king first, as it left the column)."""
    suit = suit or Suit.SPADES
    return [CardSprite(Card(rank, suit), True) for rank in range(KING, 0, -1)]


def _wave(x: float) -> float:
    """A smooth back-and-forth in [-1, 1], one swing per unit of ``x``."""
    return math.sin(x * math.pi * 2)
