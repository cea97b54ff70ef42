"""The table cloth: a soft light in the middle fading to darker edges.

Four colours are offered (Settings → Table), each dark enough that the white and
gold the table draws on it (the bar's words, highlights, hint marks, empty places)
and the cards' ivory rims stand out (``tests/app/test_looks.py`` measures it).

Rendered once per window size: the gradient is computed on a small grid and
smoothly enlarged, with a faint grain so it does not band.

Only the small grid and the grain tile are cached: the full-size picture is drawn
straight into a surface in the window's pixel format (no conversion copy), and
the caller owns it (a 4K picture is 33 MB; keeping a spare one would double that).
The table's cloth (:func:`cloth`) is also kept in the user cache for the next run at
that size and colour (:mod:`spider.app.table.keptcards`): a start reads it straight
into its picture, in a fraction of the time drawing it takes.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from functools import cache

import pygame

from spider.app.table.keptcards import ORDER, KeptPictures, code_signature

FELT = (24, 110, 56)
#: The cloth's colour by its name in the settings (``spider.data.settings.TABLES``).
TABLES: dict[str, tuple[int, int, int]] = {
    "green": FELT,
    "blue": (26, 80, 128),
    "burgundy": (110, 28, 44),
    "graphite": (80, 88, 102),
}
GRID = (96, 54)
GRAIN_TILE = 128
GRAIN_REPEAT = 4  # the tile repeated into a bigger one: fewer blits over a large window
#: The cloth is made in this many parts, a step each: its light spread down the window
#: in strips of columns (see :func:`lit_felt`), its grain added in bands of rows, or a
#: kept one read in bands of rows (see :func:`cloth`); each at once takes some 4 ms at
#: 4K (the grain in halves took 1.5-1.7 ms a step at 2880x1620, 2.4x a still frame).
CLOTH_PARTS = 4


def table_colour(name: str) -> tuple[int, int, int]:
    """The cloth colour named ``name`` (green for a name it does not know)."""
    return TABLES.get(name, FELT)


#: The light in the middle of the cloth, as a share of its colour (0.7 at the edges).
LIGHTEST = 1.12


@cache
def _light() -> pygame.Surface:
    """The light falling on the cloth, on a small grid: grey levels, white where it
    is ``LIGHTEST`` (the same for every colour, so made once). It is the same on
    both sides of the middle: the left half is worked out (at start-up), the right
    half mirrors it."""
    cols, rows = GRID
    across = [((i + 0.5) / cols - 0.5) ** 2 * 1.2 for i in range((cols + 1) // 2)]
    levels = bytearray()
    for j in range(rows):
        dy = (j + 0.5) / rows - 0.42
        down = dy * dy * 1.6
        half = [round(255 * (LIGHTEST - 0.42 * min(1.0, (a + down) ** 0.5 / 0.62) ** 1.7)
                      / LIGHTEST) for a in across]
        for level in half + half[:cols - len(half)][::-1]:
            levels += bytes((level, level, level))
    return pygame.image.frombytes(bytes(levels), GRID, "RGB")


@cache
def _gradient(colour: tuple[int, int, int]) -> pygame.Surface:
    """The cloth of ``colour`` under that light, on the small grid (enlarged smoothly later)."""
    grid = pygame.Surface(GRID)
    grid.fill(tuple(min(255, round(c * LIGHTEST)) for c in colour))
    grid.blit(_light(), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return grid


def render_felt(size: tuple[int, int], colour: tuple[int, int, int] = FELT,
                into: pygame.Surface | None = None) -> pygame.Surface:
    """The table background for a window of ``size``, drawn into ``into`` when it is
    given (of that size and without per-pixel alpha), else into a new surface."""
    steps = lit_felt(size, colour, into)
    try:
        while True:
            next(steps)
    except StopIteration as done:
        surface: pygame.Surface = done.value
    add_grain(surface)
    return surface


def lit_felt(size: tuple[int, int], colour: tuple[int, int, int],
             into: pygame.Surface | None = None) -> Generator[None, None, pygame.Surface]:
    """The table background without its grain (see :func:`render_felt`), in steps:
    the light on its small grid widened to the window (a step), then spread down it
    in ``CLOTH_PARTS`` strips of columns, one a step (each column is enlarged alone:
    the same pixels as one smooth scaling of the whole)."""
    screen = pygame.display.get_surface()
    small = _gradient(colour)
    if into is not None and into.get_size() == size and not into.get_flags() & pygame.SRCALPHA:
        surface, small = into, small.convert(into)
    elif screen is not None:  # the window's format: fast blits
        surface, small = pygame.Surface(size, 0, screen), small.convert(screen)
    else:
        surface = pygame.Surface(size, 0, small)
    width, height = size
    wide = pygame.transform.smoothscale(small, (width, small.get_height()))
    for strip in range(CLOTH_PARTS):
        left, right = width * strip // CLOTH_PARTS, width * (strip + 1) // CLOTH_PARTS
        if left < right:
            yield
            pygame.transform.smoothscale(wide.subsurface(left, 0, right - left, wide.get_height()),
                                         (right - left, height),
                                         surface.subsurface(left, 0, right - left, height))
    return surface


@cache
def _grain_tile() -> pygame.Surface:
    """A faint, fixed noise, tiled ``GRAIN_REPEAT`` times each way."""
    tile = pygame.Surface((GRAIN_TILE, GRAIN_TILE), pygame.SRCALPHA)
    for shade, x, y in _grain_points(1400):
        tile.set_at((x, y), (shade, shade, shade, 9))
    side = GRAIN_TILE * GRAIN_REPEAT
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    for y in range(0, side, GRAIN_TILE):
        for x in range(0, side, GRAIN_TILE):
            big.blit(tile, (x, y), special_flags=pygame.BLEND_RGBA_MAX)  # an exact copy
    return big


def _grain_points(count: int) -> list[tuple[int, int, int]]:
    """``count`` fixed specks: black or white, and where in the tile. Each is drawn
    by rejection from a few random bits, at a fraction of the cost of ``choice`` and
    ``randrange`` (which draw them the same way): this is paid at start-up."""
    bits = random.Random(7).getrandbits
    side = GRAIN_TILE.bit_length()  # the bits randrange(GRAIN_TILE) draws
    points = []
    for _ in range(count):
        shade = bits(2)
        while shade > 1:
            shade = bits(2)
        x = bits(side)
        while x >= GRAIN_TILE:
            x = bits(side)
        y = bits(side)
        while y >= GRAIN_TILE:
            y = bits(side)
        points.append((255 * shade, x, y))
    return points


def add_grain(surface: pygame.Surface, rows: tuple[int, int] | None = None) -> None:
    """Sprinkle the noise (tiled) so the gradient shows no steps; ``rows``: only from
    the first to before the second (the same pixels there as the whole)."""
    tile = _grain_tile()
    side = tile.get_width()
    top, bottom = rows or (0, surface.get_height())
    clip = surface.get_clip()
    surface.set_clip(clip.clip(0, top, surface.get_width(), bottom - top))
    surface.fblits([(tile, (x, y)) for y in range(top - top % side, bottom, side)
                    for x in range(0, surface.get_width(), side)])
    surface.set_clip(clip)


class KeptCloth(KeptPictures):
    """The cloth kept for one window size and colour, if there is one."""

    keep = 2  # (a 4K cloth is 33 MB)

    def __init__(self, size: tuple[int, int], colour: tuple[int, int, int]) -> None:
        key = repr(("cloth", colour, GRID, GRAIN_TILE, GRAIN_REPEAT, LIGHTEST)).encode()
        super().__init__("cloth", size, 1, b"\0".join((key, code_signature("felt.py"))))


#: The cloths drawn afresh, to be kept by :func:`keep_cloth`: their bytes by size and colour.
_unkept: dict[tuple[tuple[int, int], tuple[int, int, int]], bytes] = {}


def cloth(size: tuple[int, int], colour: tuple[int, int, int], into: pygame.Surface,
          keep: bool = False) -> Generator[None, None, pygame.Surface]:
    """The table's cloth for a window of ``size`` drawn into ``into`` (as
    :func:`render_felt`), in steps: whether an earlier run kept it (its file looked
    for), then that cloth, in ``CLOTH_PARTS`` bands; else the light (see
    :func:`lit_felt`), then the grain in as many bands (and, if ``keep``, the cloth's
    bytes are kept by :func:`keep_cloth`, later: the cloth of a start, not of each
    size a window is dragged through). Returns the picture (``into`` unless it does
    not fit)."""
    kept, height = KeptCloth(size, colour), size[1]
    yield
    for part in range(CLOTH_PARTS):
        if not kept.read_into(0, into, (height * part // CLOTH_PARTS,
                                        height * (part + 1) // CLOTH_PARTS)):
            break
        if part == CLOTH_PARTS - 1:
            return into
        yield
    surface = yield from lit_felt(size, colour, into)
    for part in range(CLOTH_PARTS):
        yield
        add_grain(surface, (height * part // CLOTH_PARTS, height * (part + 1) // CLOTH_PARTS))
    if keep:
        _unkept[size, colour] = pygame.image.tobytes(surface, ORDER)  # before the bar
    return surface


def keep_cloth() -> None:
    """Keep the cloths :func:`cloth` drew afresh for the next run (in spare time)."""
    while _unkept:
        (size, colour), data = _unkept.popitem()
        kept = KeptCloth(size, colour)
        if not kept.complete:
            kept.write({0: data})
