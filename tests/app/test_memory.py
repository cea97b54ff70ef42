"""Memory: what the game keeps between frames stays bounded at any window size."""

from __future__ import annotations

import gc
import random
import sys
import types
from collections import Counter

import pygame
import pytest

from spider.app.table import cardimages, cardshapes
from spider.app.table.cardimages import CardImages
from spider.app.table.cardshapes import soft_shadow
from spider.app.ui.pictures import PictureCache, kept
from spider.model.dealcode import DealCode
from tools.bench.memory import play_game

FOUR_K = (3840, 2160)


def kept_pictures(*roots: object) -> int:
    """Bytes of the pictures reachable from ``roots``, by default what the game's modules
    keep (caches, not the App's own)."""
    found: dict[int, int] = {}
    if not roots:
        roots = tuple(module for name, module in list(sys.modules.items())
                      if name.startswith("spider."))
    for root in roots:
        stack: list[object] = [root]
        if isinstance(root, types.ModuleType):
            stack = [value for value in vars(root).values()
                     if not isinstance(value, types.ModuleType | type)]
        seen: set[int] = set()
        while stack:
            item = stack.pop()
            if id(item) in seen or isinstance(item, str | bytes | int | float | type
                                              | types.ModuleType):
                continue
            seen.add(id(item))
            if isinstance(item, pygame.Surface):
                while item.get_parent() is not None:
                    item = item.get_parent()
                found[id(item)] = item.get_pitch() * item.get_height()
            elif isinstance(item, types.FunctionType):  # its cache, not its module
                stack.extend([vars(item), *(cell.cell_contents for cell in item.__closure__ or ())])
            else:
                stack.extend(gc.get_referents(item))
    return sum(found.values())


@pytest.mark.slow
def test_dialogs_opened_at_4k_leave_little_behind(play) -> None:
    driver = play(size=FOUR_K)
    app = driver.app
    for name in ("open_settings", "open_statistics", "open_help", "open_new_game_dialog",
                 "open_menu"):
        getattr(app, name)()
        driver.settle()
        driver.key(pygame.K_ESCAPE)
        driver.settle()
    # Caches of "the last 256 pictures" held 230 MB here (a 4K panel is over 10 MB).
    assert kept_pictures() < 50_000_000


@pytest.mark.slow
def test_the_help_keeps_only_the_part_of_its_page_near_the_view(play) -> None:
    driver = play(size=FOUR_K)
    driver.app.open_help()
    driver.settle()
    for key in (pygame.K_PAGEDOWN, pygame.K_PAGEDOWN, pygame.K_END):
        driver.key(key)
        driver.settle()
    help_scene = driver.app.scenes.top
    assert help_scene.scroll > 0 and help_scene.scroll == help_scene.max_scroll
    # The page drawn whole held 150 MB at 4K; the bands near the view, a few panels' worth.
    assert kept_pictures(help_scene.page) < 40_000_000


def test_a_picture_cache_keeps_the_newest_pictures_within_its_bytes() -> None:
    cache = PictureCache(limit=3 * 100 * 100 * 4)
    for key in range(5):
        cache.put(key, pygame.Surface((100, 100), pygame.SRCALPHA))
    assert len(cache) == 3 and cache.get(0) is None and cache.get(4) is not None
    cache.put("big", pygame.Surface((400, 400)))  # larger than the limit: kept alone
    assert len(cache) == 1 and cache.get("big") is not None
    few = PictureCache(limit=10**9, most=2)  # text keyed by the clock: a count bounds it too
    for key in range(5):
        few.put(key, pygame.Surface((1, 1)))
    assert len(few) == 2 and few.get(4) is not None

    made = []

    @kept(1_000_000)
    def picture(width: int) -> pygame.Surface:
        made.append(width)
        return pygame.Surface((width, 10))

    assert picture(5) is picture(5) and made == [5]


def _alpha(picture: pygame.Surface) -> bytes:
    return pygame.image.tobytes(picture, "RGBA")[3::4]


@pytest.mark.parametrize("card", [(85, 119), (128, 179), (250, 350)])
def test_a_group_shadow_looks_as_one_drawn_for_its_height(card: tuple[int, int]) -> None:
    """A group's shadow is the card's, stretched: against one blurred for the group's
    own height no pixel's opacity is off by more than a few levels (of 110 at most),
    and on average by under one."""
    images = CardImages(card)
    spread = images.shadow(card)[1]
    for height in (card[1] + 1, card[1] * 2 + 7, card[1] * 5 + 3):
        made, _ = images.shadow((card[0], height))
        drawn = soft_shadow((card[0], height), spread, images.radius)
        assert made.get_size() == drawn.get_size()
        differences = [abs(a - b) for a, b in zip(_alpha(made), _alpha(drawn), strict=True)]
        assert max(differences) <= 16 and sum(differences) / len(differences) < 1


def test_shadows_of_many_group_heights_keep_a_few_pictures() -> None:
    """A long session lifts groups of every height: the shadows kept stay a few."""
    images = CardImages((128, 179))
    for height in range(180, 900, 3):
        images.shadow((128, height))
    tallest, _ = images.shadow((128, 900))
    assert kept_pictures(images) <= cardimages.SHADOWS * tallest.get_pitch() * tallest.get_height()


def _kept_objects(driver) -> Counter[str]:
    """Python's objects by type on a fresh deal of one deal code (what a game leaves
    behind, not the game on the table)."""
    driver.app.new_game(DealCode.parse("SP1-S4C-BCDEFGH"))
    driver.settle()
    gc.collect()
    return Counter(type(item).__qualname__ for item in gc.get_objects())


def _caches() -> dict[str, tuple[int, int | None]]:
    """Entries in each cache of the game's modules, and its bound (None: none)."""
    found: dict[str, tuple[int, int | None]] = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("spider."):
            continue
        for attribute, value in vars(module).items():
            if hasattr(value, "cache_info"):  # functools
                info = value.cache_info()
                found[f"{name}.{attribute}"] = info.currsize, info.maxsize
            elif isinstance(cache := getattr(value, "cache", value), PictureCache):
                found[f"{name}.{attribute}"] = len(cache), cache.most or cache.limit
    return found


@pytest.mark.slow
def test_a_long_session_keeps_nothing_for_each_game_but_its_record(play) -> None:
    """Games played by real events leave nothing behind but the saved record of each
    (the history keeps the last games of each kind: bounded by ``history.LIMIT``)."""
    driver = play()
    chance = random.Random(3)
    for _ in range(3):  # the caches fill
        play_game(driver, chance, actions=15)
    _kept_objects(driver)  # the first count fills caches of its own (isinstance's)
    before, blocks, caches = _kept_objects(driver), sys.getallocatedblocks(), _caches()
    games = 6
    for _ in range(games):
        play_game(driver, chance, actions=15)
    grown = _kept_objects(driver) - before
    assert grown.pop("GameRecord", 0) <= games
    assert sum(grown.values()) <= 40, grown.most_common(8)
    # Objects gc does not follow (strings, numbers, surfaces): a few dozen a game.
    assert sys.getallocatedblocks() - blocks <= 60 * games
    # A cache keyed by what changes (the clock, the score) grows only up to its bound.
    grew = {name: size for name, (size, bound) in _caches().items()
            if bound is None and size > caches.get(name, (0, None))[0]}
    assert not grew


def test_card_outlines_are_kept_for_the_last_few_sizes_only() -> None:
    """A player who resizes often does not keep every size's outlines (at 4K 0.35 MB each)."""
    for width in range(100, 140):  # forty window sizes
        cardshapes.rounded_outline((width, width * 3 // 2), 8, (255, 255, 255, 255), 2, None)
    assert kept_pictures(cardshapes.rounded_outline) <= 8 * 139 * 208 * 4
