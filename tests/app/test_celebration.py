"""The win cascade drawn by changes shows what drawing it whole shows."""

from __future__ import annotations

import random

import pygame
import pytest

from spider.app.scenes import Cover, outside
from spider.app.table.celebration import Celebration
from tests.helpers import cascading

SIZE = (640, 400)
HOLE_COLOUR = (255, 0, 255)


def _card(colour: tuple[int, int, int], edge: int = 255) -> pygame.Surface:
    """A card, its border see-through at ``edge`` (as real cards' smoothed corners are:
    drawn twice, such a pixel shows darker)."""
    card = pygame.Surface((50, 70), pygame.SRCALPHA)
    pygame.draw.rect(card, (*colour, 255), card.get_rect(), border_radius=6)
    pygame.draw.rect(card, (0, 0, 0, edge), card.get_rect(), 2, border_radius=6)
    return card


def _celebration(edge: int = 255) -> Celebration:
    backdrop = pygame.Surface(SIZE)
    backdrop.fill((20, 90, 40))
    piles = [[(_card((40 * number, 200, 255 - 30 * number), edge), (10 + 12 * number, 320))
              for _ in range(6)] for number in range(4)]
    return Celebration(backdrop, piles, rng=random.Random(7))


def _cover(keep: int = 255) -> Cover:
    overlay = pygame.Surface((220, 160), pygame.SRCALPHA)
    overlay.fill((0, 0, 0, 90))
    pygame.draw.rect(overlay, (17, 38, 27, 255), (10, 10, 200, 140), border_radius=12)
    return Cover(keep, pygame.Rect(230, 130, 180, 120), overlay, (210, 110))


def _message() -> Cover:
    """A message drawn over the cascade, as the table's toast is (no hole of its own)."""
    picture = pygame.Surface((260, 40), pygame.SRCALPHA)
    pygame.draw.rect(picture, (16, 24, 20, 215), picture.get_rect(), border_radius=20)
    place = picture.get_rect(center=(320, 235))
    return Cover(255, pygame.Rect(place.center, (0, 0)), picture, place.topleft)


def _whole(celebration: Celebration, surface: pygame.Surface, covers: list[Cover]) -> None:
    celebration.draw(surface)
    for cover in covers:
        cover.apply(surface, surface.get_rect())
        surface.fill(HOLE_COLOUR, cover.hole)


class _Pair:
    """Two cascades alike: one drawn by changes onto ``shown``, one whole onto
    ``expected`` (what the window must show)."""

    def __init__(self, covers: list[Cover], edge: int = 255) -> None:
        self.covers = covers
        self.by_changes, self.whole = _celebration(edge), _celebration(edge)
        self.shown, self.expected = pygame.Surface(SIZE), pygame.Surface(SIZE)
        _whole(self.by_changes, self.shown, covers)

    def frame(self) -> None:
        """Two steps of both, then a frame of each."""
        for celebration in (self.by_changes, self.whole):
            celebration.update(1 / 120)
            celebration.update(1 / 120)
        assert self.by_changes.draw_changes(self.shown, self.covers)
        _whole(self.whole, self.expected, self.covers)

    def redraw_whole(self) -> None:
        """The window is needed for something else: the cascade is drawn whole (the
        canvas takes the window's picture back)."""
        _whole(self.by_changes, self.shown, self.covers)

    @property
    def alike(self) -> bool:
        return pygame.image.tobytes(self.shown, "RGB") == pygame.image.tobytes(
            self.expected, "RGB")


@pytest.mark.parametrize("covers", ["none", "a dialog", "a message", "a message and a dialog"])
def test_changes_match_whole_frames(covers: str) -> None:
    pair = _Pair([*([_message()] if "message" in covers else []),
                  *([_cover()] if "dialog" in covers else [])])
    for frame in range(240):
        pair.frame()
        if frame % 20 == 19:
            assert pair.alike, f"frame {frame}"
    pair.redraw_whole()
    pair.frame()  # and the cascade goes on from it
    assert pair.alike


def test_a_darkening_cover_or_another_window_needs_a_whole_frame() -> None:
    celebration, window = _celebration(), pygame.Surface(SIZE)
    celebration.draw(window)
    assert not celebration.draw_changes(window, [_cover(keep=140)])
    assert celebration.draw_changes(window, [_cover()])
    assert not celebration.draw_changes(pygame.Surface(SIZE), [_cover()])
    assert not celebration.draw_changes(window, [])  # the cover went: draw it whole
    celebration.draw(window)
    assert celebration.draw_changes(window, [_message(), _cover()])
    assert not celebration.draw_changes(window, [_cover()])  # the message went


def test_outside_a_hole() -> None:
    area, hole = pygame.Rect(0, 0, 100, 100), pygame.Rect(20, 30, 40, 20)
    pieces = outside(area, hole)
    assert sum(piece.w * piece.h for piece in pieces) == 100 * 100 - 40 * 20
    assert not any(piece.colliderect(hole) for piece in pieces)
    assert pygame.Rect(0, 0, 0, 0).unionall(pieces) == area
    assert outside(area, pygame.Rect(200, 200, 5, 5)) == [area]
    assert outside(hole, area) == []


@pytest.mark.parametrize("edge", [255, 120])
def test_a_cover_reaching_past_the_window_and_over_the_piles_is_drawn_under(edge: int) -> None:
    """A panel's shadow may spread past the window's edge and over the piles (a big
    dialog in a small window): the cascade still draws by changes, and whole again;
    a card reaching where the piles and the shadow overlap is drawn there once."""
    overlay = pygame.Surface((SIZE[0] + 40, 200), pygame.SRCALPHA)
    overlay.fill((0, 0, 0, 90))
    pair = _Pair([Cover(255, pygame.Rect(10, 150, SIZE[0] - 20, 160), overlay, (-20, 130))],
                 edge)
    for frame in range(30):
        pair.frame()
        assert pair.alike, f"frame {frame}"
    pair.redraw_whole()
    assert pair.alike


def test_the_win_panel_rises_above_the_lane_the_cards_bounce_along(play) -> None:
    """Over the cascade the win panel's shadow ends above the row the cards bounce
    along (they pass by it, not under its shadow, where each is drawn three times);
    shown without a cascade, it is centred."""
    from tools.bench.scenes import WIN_POSITION  # seven runs gone; the ace onto the two wins

    driver = play(position=WIN_POSITION)
    celebration = cascading(driver)
    driver.click(driver.column_point(0))  # the win panel, at once
    panel = driver.app.scenes.top
    cover = panel.cover()
    assert cover is not None and cover.shield.bottom == panel.shadow_bottom()
    assert cover.shield.bottom <= celebration.lane
    height = driver.app.size[1]
    assert panel.panel.y < (height - panel.panel.h) // 2
    driver.app.scenes.pop()
    driver.app.commands.show_win()  # (the cascade is over)
    again = driver.app.scenes.top
    again.ensure()
    assert again.panel.y == round((height - again.panel.h) * 0.5)


def test_the_cascade_lets_the_static_layer_and_its_memory_go(play) -> None:
    """While the win cascade runs, the static layer is let go with its window-sized
    memory (a 4K one is 33 MB: the win panel over the cascade needs the room); the
    table drawn after the cascade has it drawn again."""
    import gc
    import weakref

    from tools.bench.scenes import WIN_POSITION  # seven runs gone; the ace onto the two wins

    driver = play(position=WIN_POSITION)
    static = driver.table.renderer.static
    assert static.picture is not None
    memory = weakref.ref(static.picture.get_abs_parent())
    cascading(driver)
    gc.collect()
    assert static.picture is None and memory() is None
    driver.click(driver.column_point(0))  # the win panel, at once
    driver.app.scenes.top.close()
    driver.settle()
    assert driver.table.celebration is None and static.picture is not None
