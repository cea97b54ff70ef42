"""Pictures kept for reuse, bounded by the memory they hold rather than their number.

A count is no bound for pictures: at 3840 × 2160 one dialog's panel is over 10 MB
and a line of help text half a MB, so caches of "the last 256" held hundreds of MB
after a few dialogs had been opened. These drop the least recently used pictures
once their pixels pass a number of bytes (always keeping the newest), or, when
given, once there are more than a number of them (a cache keyed by changing text,
such as the clock, would otherwise fill all its bytes over a long session).
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, ParamSpec, TypeVar

import pygame

P = ParamSpec("P")
R = TypeVar("R")


def size_of(picture: object) -> int:
    """Bytes of pixels in ``picture``, or in the pictures of a tuple (others count 0)."""
    if isinstance(picture, pygame.Surface):
        return picture.get_pitch() * picture.get_height()
    if isinstance(picture, tuple):
        return sum(size_of(part) for part in picture)
    return 0


class PictureCache:
    """Pictures by key, the least recently used dropped beyond ``limit`` bytes (and
    beyond ``most`` pictures, when given)."""

    def __init__(self, limit: int, most: int | None = None) -> None:
        self.limit = limit
        self.most = most
        self.bytes = 0
        self._items: OrderedDict[Hashable, Any] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable) -> Any:
        item = self._items.get(key)
        if item is not None:
            self._items.move_to_end(key)
        return item

    def put(self, key: Hashable, item: R) -> R:
        old = self._items.pop(key, None)
        self.bytes += size_of(item) - size_of(old)
        self._items[key] = item
        while len(self._items) > 1 and (self.bytes > self.limit or (
                self.most is not None and len(self._items) > self.most)):
            _, dropped = self._items.popitem(last=False)
            self.bytes -= size_of(dropped)
        return item

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


def kept(limit: int, most: int | None = None) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Decorate a function of hashable arguments that makes a picture (or a tuple
    holding pictures): its results are kept up to ``limit`` bytes of pixels (and
    ``most`` results). ``function.cache_clear()`` forgets them."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        cache = PictureCache(limit, most)

        @functools.wraps(function)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            found = cache.get(key)
            if found is None:
                found = cache.put(key, function(*args, **kwargs))
            return found

        wrapper.cache_clear = cache.clear  # type: ignore[attr-defined]
        wrapper.cache = cache  # type: ignore[attr-defined]
        return wrapper

    return decorate
