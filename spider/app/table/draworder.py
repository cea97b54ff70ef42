"""The order the board's sprites are drawn in, bottom first.

:func:`arrange` puts the sprites, but those dragged, in the order of the lists
(columns, stock, runs) and sorts out those at rest from those with steps; it stands
until the arrangement changes. :func:`layered` makes the layers drawn from it at a
moment: the resting cards, those waiting to move among them, then those on their way
and the dragged group.
"""

from __future__ import annotations

import itertools
from bisect import bisect_left

from spider.app.table.sprites import CardSprite
from spider.model.values import value

Layers = tuple[list[CardSprite], list[CardSprite], list[CardSprite]]


@value  # (made at import in a sixth of a NamedTuple's time)
class Order:
    """The sprites, but those dragged, in the order drawn (columns, stock, runs), as
    arranged (see :func:`arrange`)."""

    places: list[int]  # of those at rest, in the order
    resting: list[CardSprite]
    flying: list[tuple[int, CardSprite]]  # those with steps, with their places
    stepping: list[CardSprite]  # every sprite with steps, the dragged too (in the order)


def arrange(columns: list[list[CardSprite]], stock: list[CardSprite],
            runs: list[list[CardSprite]], dragging: list[CardSprite]) -> Order:
    """The sprites as the lists and the steps queued arrange them."""
    dragged = {id(sprite) for sprite in dragging}
    ordered = itertools.chain(*columns, reversed(stock), *map(reversed, runs))
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
    return Order(places, resting, flying, stepping)


def layered(order: Order, now: float, dragging: list[CardSprite]) -> Layers:
    """Sprites to draw at ``now``, bottom first: resting ones, moving ones, then the
    dragged group.

    Cards waiting for their turn to move rest where they wait, above the others
    (higher on screen below); those on their way go above them, the earliest to
    leave lowest, so cards land on top of each other in order.
    """
    resting, places = list(order.resting), list(order.places)
    waiting: list[tuple[tuple[float, ...], CardSprite]] = []
    moving: list[tuple[tuple[float, ...], CardSprite]] = []
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
    return resting, [sprite for _, sprite in moving], list(dragging)
