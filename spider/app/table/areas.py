"""Areas of kept pictures: copying one (the still layer's, the bar's) to the window or
another picture, as quickly as SDL can, and joining areas where one copy costs less.

SDL copies rows that start on a 16-byte boundary of both pictures with non-temporal
stores, which go around the cache: right for a whole window, but for an area the
size of a few cards, whose rows are then drawn over, several times slower than a
plain copy (measured at 720p, the same area again and again: 150 × 200 pixels 63 µs
against 12 µs, 450 × 300 145 µs against 55 µs; in the deal's frames, the copies
took 0.40 → 0.35 ms a frame). An area whose first column would be copied so is
copied in two parts: that column alone, then the rest, which starts off it.
"""

from __future__ import annotations

import pygame

#: The boundary SDL's streaming copy wants (bytes).
_STREAMED = 16


def copy_area(surface: pygame.Surface, source: pygame.Surface, place: tuple[int, int],
              area: pygame.Rect) -> None:
    """``surface.blit(source, place, area)`` for an opaque copy, without SDL's streaming
    stores (see the module docstring). Clipping is the caller's, as for ``blit``."""
    size, (x, y), (left, top, width, height) = source.get_bytesize(), place, area
    # (Each place a rectangle: blit reads a pair only after failing to read a rectangle
    # from it, formatting an error, which takes longer than the copy of a small area.)
    if width > 1 and (x * size) % _STREAMED == 0 and (left * size) % _STREAMED == 0:
        surface.blit(source, (x, y, 1, height), (left, top, 1, height))
        surface.blit(source, (x + 1, y, width - 1, height), (left + 1, top, width - 1, height))
        return
    surface.blit(source, (x, y, width, height), area)


#: What copying a row of an area of the still layer costs beyond its pixels, in
#: pixels (an area costs ``height * (width + ROW)``): each row of a window-sized
#: picture waits on memory. Measured at 720p (copies that avoid SDL's streaming
#: stores, see :func:`copy_area`): a row alone costs about 50 pixels; in the deal's
#: frames, joining with 160 copied up to a fifth fewer pixels than with 480 (areas
#: of cards apart kept apart) and took a tenth less time.
ROW = 160


def joined(areas: list[pygame.Rect]) -> list[pygame.Rect]:
    """``areas`` with two joined into one wherever that one costs no more to copy than
    the two apart (see :data:`ROW`); those left may overlap (each is drawn whole
    within its clip, so a place drawn twice comes out the same)."""
    merged: list[pygame.Rect] = []
    costs: list[int] = []  # (of each)
    for area in areas:
        cost = area.h * (area.w + ROW)
        index = 0
        while index < len(merged):
            union = area.union(merged[index])
            union_cost = union.h * (union.w + ROW)
            if union_cost <= cost + costs[index]:
                area, cost = union, union_cost
                del merged[index], costs[index]
                index = 0  # the larger area may now take in one passed over
            else:
                index += 1
        merged.append(area)
        costs.append(cost)
    return merged
