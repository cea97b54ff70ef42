"""Which places of the still layer differ when resting cards change (the renderer draws
only those again).

Two lists of resting cards, as the still layer shows them (:data:`Resting`), are
compared: the cards before the first difference and after the last need no thought,
nor a set of cards waiting to fly drawn after the rest, nor the lanes (columns, the
stock's piles, the runs) whose cards are as they were; of the rest, the places where
cards came, went or are drawn in another order are drawn again, joined where that
is cheaper (:func:`~.areas.joined`), or the whole layer when that is simpler. A card
that came to lie over everything where it is is drawn over the picture as it is.
While cards fly, only those noted as able to set off or land are compared
(:meth:`StillChanges.flight_changes`).
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from operator import ne
from typing import TYPE_CHECKING

import pygame

from spider.app.table.areas import joined
from spider.app.table.sprites import CardSprite

if TYPE_CHECKING:
    from spider.app.table.geometry import TableGeometry

#: A resting card as the still layer shows it: its sprite (one card for good; hashed
#: by identity), place and face shown.
Resting = tuple[CardSprite, tuple[float, float], bool]


class StillChanges:
    """The places of the still layer that differ between two sets of resting cards,
    for the table's ``geometry`` (see the module docstring)."""

    def __init__(self, geometry: TableGeometry) -> None:
        self.geometry = geometry

    def flight_changes(self, now: float, flown: list[tuple[CardSprite, Resting | None]],
                       old: list[Resting], resting: list[CardSprite]
                       ) -> tuple[list[pygame.Rect], list[Resting]] | None:
        """As :meth:`changed_regions`, at board time ``now``, when the board's
        arrangement is as it was: only the sprites ``flown`` (noted by
        :meth:`.StillLayer.note_flights`) can have set off (left their place, unseen
        when the place shows the same: see :meth:`_same_at`) or landed. A card landed
        lies over everything where it is when no card drawn after it overlaps it and
        none other lies at its very place."""
        changed: set[Resting] = set()
        landed: list[Resting] = []
        for sprite, was in flown:
            shown = as_still(sprite, now)
            if shown != was:
                if was is not None and (
                        shown is not None or not self._same_at(was, old, resting)):
                    changed.add(was)
                if shown is not None:
                    changed.add(shown)
                    if self._alone_on_top(shown, resting):
                        landed.append(shown)
        return self._regions(changed, landed) if changed else ([], [])

    def _alone_on_top(self, entry: Resting, resting: list[CardSprite]) -> bool:
        """Whether the card of ``entry``, in ``resting``, is drawn after every card that
        overlaps it and no other lies at its very place (it shows whole)."""
        sprite, spot, _ = entry
        place = resting.index(sprite)
        return not any(other.pos == spot for other in resting[:place]) and not self._overlapped(
            spot, [other.pos for other in resting[place + 1:]])

    def _same_at(self, went: Resting, old: list[Resting],
                 resting: list[CardSprite]) -> bool:
        """Whether the still layer shows the same at the very place of ``went``, a card
        of the resting cards ``old`` (as it shows them) that left it, for ``resting``:
        it lay in a pile (the cards of one are drawn one after another), and the last
        card there shows the same picture in both (a pile of backs, its top card gone)
        and is drawn over every card that overlaps it (those under it are not drawn)."""
        spot, face_up = went[1], went[2]
        try:
            index = old.index(went)
        except ValueError:
            return False
        while index + 1 < len(old) and old[index + 1][1] == spot:
            index += 1  # (to the last card there)
        if old[index] is went and (index == 0 or old[index - 1][1] != spot):
            return False  # alone at its place
        places = [sprite.pos for sprite in resting]
        if spot not in places:
            return False
        place = len(places) - 1 - places[::-1].index(spot)
        top, was_top = resting[place], old[index][0]
        return (top.shown_up == face_up and (not face_up or top.card == was_top.card)
                and not self._overlapped(spot, places[place + 1:])
                and not self._overlapped(spot, [entry[1] for entry in old[index + 1:]]))

    def _overlapped(self, spot: tuple[float, float], places: list[tuple[float, float]]) -> bool:
        """Whether a card at any of ``places`` overlaps one at ``spot``."""
        x, y = spot
        reach_x, reach_y = self.geometry.card_w + 3, self.geometry.card_h + 3  # (rounding)
        return any(abs(other_x - x) < reach_x and abs(other_y - y) < reach_y
                   for other_x, other_y in places)

    def changed_regions(self, old: list[Resting], new: list[Resting],
                         resting: list[CardSprite]
                         ) -> tuple[list[pygame.Rect], list[Resting]] | None:
        """The places on the still layer that differ between two sets of resting cards
        (``new``: the sprites ``resting``, merged where they touch), and the cards that
        came to lie over everything where they are, apart from those places (a card
        landing on a column: drawn over the picture as it is); or None when drawing it
        whole is simpler. The places: where cards came or went, and where cards kept
        are drawn in another order among the others (a card waiting for its turn to
        move is drawn over the rest). The cards before the first difference and after
        the last are drawn before and after all the others both times: they need no
        thought. Of the others, cards overlap only within a lane (a column, the stock's
        piles, the runs): lanes whose cards are as they were need no more thought; when
        cards only went (a card setting off), their places alone."""
        changed, landed = self._changed_cards(old, new, old, resting)
        if not changed:
            return [], []  # another order of cards that do not overlap: the same picture
        return self._regions(changed, landed)

    def _changed_cards(self, was_shown: list[Resting], now_shown: list[Resting],
                       old: list[Resting], resting: list[CardSprite]
                       ) -> tuple[set[Resting], list[Resting]]:
        """The cards that changed between ``was_shown`` and ``now_shown``, parts of the
        resting cards ``old`` and ``resting`` that hold every difference, and of those
        the cards that came to lie over everything where they are (see
        :meth:`changed_regions`): of the parts, the cards between the first difference
        and the last, but those set aside (see :func:`_set_aside`), lane by lane (none
        when they are one pile of backs: see :func:`_one_pile_of_backs`)."""
        start = _same_run(was_shown, now_shown)
        end = _same_end(was_shown, now_shown, min(len(was_shown), len(now_shown)) - start)
        was_shown = was_shown[start:len(was_shown) - end]
        now_shown = now_shown[start:len(now_shown) - end]
        if not now_shown:  # the rest as they were
            return set(was_shown), []
        if was_shown and _one_pile_of_backs(was_shown + now_shown):
            return set(), []  # (a deal: the stock's top cards wait to fly, the rest as it was)
        aside = _set_aside(was_shown, now_shown, self.geometry.card_w + 2)
        if aside:
            return self._changed_cards(was_shown[aside:], now_shown[:-aside], old, resting)
        return self._lane_changes(was_shown, now_shown, old, resting)

    def _regions(self, changed: set[Resting], landed: list[Resting]
                 ) -> tuple[list[pygame.Rect], list[Resting]] | None:
        """The places of the ``changed`` cards (merged where that is cheaper) but those
        ``landed`` over everything where they are, unless a place overlaps them; or None
        when drawing the still layer whole is simpler (see :meth:`changed_regions`)."""
        g = self.geometry
        rects = joined([self.resting_rect(entry) for entry in changed.difference(landed)])
        if any(self.resting_rect(entry).collidelist(rects) >= 0 for entry in landed):
            landed = []  # (drawn again with the rest of the place)
            rects = joined([self.resting_rect(entry) for entry in changed])
        screen = pygame.Rect((0, 0), g.size)
        rects = [rect.clip(screen) for rect in rects]
        if sum(rect.w * rect.h for rect in rects) * 2 > g.size[0] * g.size[1]:
            return None
        return [rect for rect in rects if rect.w and rect.h], landed

    def _lane_changes(self, was_shown: list[Resting], now_shown: list[Resting],
                      old: list[Resting], resting: list[CardSprite]
                      ) -> tuple[set[Resting], list[Resting]]:
        """The cards that changed between ``was_shown`` and ``now_shown`` (the parts of
        ``old`` and the new resting cards that differ), lane by lane, but those at a
        place some left that shows the same (see :meth:`_same_at`), and of those
        changed the cards that came to lie over everything where they are (see
        :meth:`changed_regions`). The lanes are found from these parts alone: a lane
        may come out split where cards of the others would join it, but cards in
        lanes apart never overlap."""
        g = self.geometry
        size = (g.card_w + 2, g.card_h + 2)
        lane = _lanes({entry[1][0] for entry in itertools.chain(was_shown, now_shown)},
                      size[0])
        before, after = _by_lane(was_shown, lane), _by_lane(now_shown, lane)
        changed: set[Resting] = set()
        came: list[Resting] = []  # (of those changed, the cards new where they are)
        left: set[Resting] = set()  # (the cards that left their places)
        for number in before.keys() | after.keys():
            was, now = before.get(number, []), after.get(number, [])
            if was != now:
                shown = set(was)
                came.extend(entry for entry in now if entry not in shown)
                changed.update(shown.symmetric_difference(now))
                changed.update(_reordered(was, now, size))
                left.update(shown.difference(now))
        same = {entry[1] for entry in left if self._same_at(entry, old, resting)}
        if same:
            changed = {entry for entry in changed if entry[1] not in same}
            came = [entry for entry in came if entry[1] not in same]
        if not changed:
            return changed, []
        return changed, [entry for entry in came if self._alone_on_top(entry, resting)]

    def resting_rect(self, entry: Resting) -> pygame.Rect:
        """The place of a resting card on the still layer (a pixel wider all round)."""
        x, y = entry[1]
        return pygame.Rect(round(x) - 1, round(y) - 1, self.geometry.card_w + 2,
                           self.geometry.card_h + 2)


def _reordered(old: list[Resting], new: list[Resting],
               size: tuple[int, int]) -> list[Resting]:
    """The cards in both ``old`` and ``new`` (of ``size`` at most) that the still layer
    shows differently: on top of a pile in one and not the other, or drawn in another
    order than a card they overlap. Of the cards on top (the others are not drawn),
    those off a longest sequence kept in the same order (of two drawn the other way
    round, one is off it) that overlap a card they changed places with. Drawing their
    places again puts both right."""
    before, after = set(old), set(new)
    kept = [entry for entry in new if entry in before]
    was_kept = [entry for entry in old if entry in after]
    if kept == was_kept:
        return []
    top = {spot: sprite for sprite, spot, _ in kept}
    was_top = {spot: sprite for sprite, spot, _ in was_kept}
    moved, shown = [], []
    for entry in kept:
        sprite, spot = entry[0], entry[1]
        on_top, was_on_top = top[spot] is sprite, was_top[spot] is sprite
        if on_top != was_on_top:
            moved.append(entry)
        elif on_top:
            shown.append(entry)
    index = {entry[0]: number for number, entry in enumerate(old)}
    order = [index[entry[0]] for entry in shown]
    longest = _longest_rising(order)
    if len(longest) == len(shown):
        return moved
    rects = [pygame.FRect(entry[1], size) for entry in shown]
    for place, entry in enumerate(shown):
        if place not in longest:
            was = order[place]
            if any((order[number] < was) != (number < place)
                   for number in rects[place].collidelistall(rects)):
                moved.append(entry)
    return moved


def _set_aside(was_shown: list[Resting], now_shown: list[Resting], width: int) -> int:
    """How many cards begin ``was_shown`` and end ``now_shown`` alike (cards of an
    action set waiting for their turn to move, drawn after all the others now), when
    none of them lies in a lane (see :func:`_lanes`, of cards ``width`` wide) with any
    of the others: drawn after them or before, they show the same. Else 0."""
    if not was_shown:
        return 0
    try:  # (at most as many as there are in ``was_shown``: looked for from the end)
        count = now_shown[::-1].index(was_shown[0], 0, len(was_shown)) + 1
    except ValueError:
        return 0
    place = len(now_shown) - count
    if was_shown[:count] != now_shown[place:]:
        return 0
    aside = {x for _, (x, _), _ in now_shown[place:]}
    others = {x for _, (x, _), _ in itertools.chain(was_shown[count:], now_shown[:place])}
    # In a lane with another card: nearer than a card's width to one (see _lanes).
    return 0 if any(abs(x - other) < width for x in aside for other in others) else count


def _one_pile_of_backs(entries: list[Resting]) -> bool:
    """Whether ``entries`` all lie face down at one place: in any order and number
    (but none, before or after), the still layer shows there one back, the last drawn
    (see :func:`uncovered`)."""
    spot = entries[0][1]
    return all(place == spot and not face_up for _, place, face_up in entries)


def as_still(sprite: CardSprite, now: float) -> Resting | None:
    """The sprite as the still layer shows it at board time ``now`` (at rest, or
    waiting for its turn to move); None in flight."""
    steps = sprite.steps
    return (sprite, sprite.pos, sprite.shown_up) if not steps or steps[0].start > now else None


def _lanes(xs: set[float], width: int) -> dict[float, int]:
    """Each of ``xs`` (the left edges of cards ``width`` wide) with the number of its
    lane: edges nearer than ``width`` to the next are in the same one."""
    lanes: dict[float, int] = {}
    number, last = 0, None
    for x in sorted(xs):
        if last is not None and x - last >= width:
            number += 1
        lanes[x], last = number, x
    return lanes


def _same_run(first: list[Resting], second: list[Resting]) -> int:
    """How many entries ``first`` and ``second`` begin with alike (compared a slice at
    a time, found by halving; the first ``low`` are known alike, so each slice starts
    there)."""
    low, high = 0, min(len(first), len(second))
    while low < high:
        middle = (low + high + 1) // 2
        if first[low:middle] == second[low:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _same_end(first: list[Resting], second: list[Resting], most: int) -> int:
    """How many entries ``first`` and ``second`` end with alike, ``most`` at most
    (compared pair by pair in C from the ends, without copies: mostly the last differ)."""
    pairs = map(ne, itertools.islice(reversed(first), most),
                itertools.islice(reversed(second), most))
    return next(itertools.compress(itertools.count(), pairs), most)


def _by_lane(entries: list[Resting], lane: dict[float, int]) -> dict[int, list[Resting]]:
    """``entries`` by the number of their lane (see :func:`_lanes`), in order."""
    lanes: dict[int, list[Resting]] = {}
    for entry in entries:
        number = lane[entry[1][0]]
        if number in lanes:
            lanes[number].append(entry)
        else:
            lanes[number] = [entry]
    return lanes


def _longest_rising(values: list[int]) -> set[int]:
    """Where in ``values`` a longest rising sequence of them lies (patience sorting)."""
    tails: list[int] = []  # the least last value of a rising sequence of each length
    ends: list[int] = []  # and where it is
    previous = [-1] * len(values)
    for place, value in enumerate(values):
        length = bisect_left(tails, value)
        if length == len(tails):
            tails.append(value)
            ends.append(place)
        else:
            tails[length], ends[length] = value, place
        previous[place] = ends[length - 1] if length else -1
    longest, place = set(), ends[-1] if ends else -1
    while place >= 0:
        longest.add(place)
        place = previous[place]
    return longest


def uncovered(resting: list[CardSprite]) -> set[CardSprite]:
    """The resting cards not hidden under another at exactly the same place (piles)."""
    return set({sprite.pos: sprite for sprite in resting}.values())
