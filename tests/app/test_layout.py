"""Table geometry: everything fits any window, long columns squeeze, hit tests aim right."""

from __future__ import annotations

import pytest

from spider.app.table.geometry import Box, TableGeometry

SIZES = [(800, 600), (1024, 768), (1280, 720), (1366, 768), (1920, 1080), (2560, 1080),
         (3440, 1440), (3840, 2160), (1080, 1920)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("columns", [10, 7])
def test_long_columns_and_piles_stay_in_the_window(size: tuple[int, int], columns: int) -> None:
    g = TableGeometry(size, columns, runs=8, deals=6)
    width, height = size
    shapes = [[False] * 6 + [True] * 13, [False] * 5 + [True] * 40, [True] * 104, [False] * 50,
              [True], []]
    for column in range(columns):
        for faces in shapes:
            for y in g.card_ys(column, faces):
                assert g.card_box(column, y).within(width, height)
    for piles in range(1, 7):
        box = g.stock_box(piles)
        assert box is not None and box.within(width, height)
    for slot in range(8):
        assert Box(*g.run_slot(slot), g.card_w, g.card_h).within(width, height)
    assert g.bar.within(width, height) and g.top >= g.bar.bottom


@pytest.mark.parametrize("size", SIZES)
def test_columns_do_not_touch_and_cards_grow_with_the_window(size: tuple[int, int]) -> None:
    g = TableGeometry(size, 10)
    for left, right in zip(g.column_x, g.column_x[1:], strict=False):
        assert left + g.card_w < right
    assert abs(g.card_h / g.card_w - 1.4) < 0.02
    wider = TableGeometry((size[0] * 2, size[1] * 2), 10)
    assert wider.card_w > g.card_w


def test_face_down_cards_overlap_more_tightly_than_face_up() -> None:
    g = TableGeometry((1920, 1080), 10)
    ys = g.card_ys(4, [False, False, True, True, True])
    assert ys[1] - ys[0] < ys[3] - ys[2]
    assert ys[0] == g.top


def test_a_long_column_squeezes_its_gaps_to_fit() -> None:
    g = TableGeometry((1280, 720), 10)
    short = g.card_ys(0, [False] * 3 + [True] * 3)
    long = g.card_ys(0, [False] * 5 + [True] * 20)
    assert long[-1] - long[-2] < short[-1] - short[-2]
    assert long[-1] + g.card_h <= g.column_bottom[0]
    assert long[-1] + g.card_h > g.column_bottom[0] - g.face_up_gap  # uses the room it has


def test_columns_of_one_shape_are_each_placed_in_their_own_room() -> None:
    g = TableGeometry((1280, 720), 10)
    faces = [False] * 5 + [True] * 20  # long enough to be squeezed
    short, tall = 0, 5  # above the bottom row, and not
    assert g.column_bottom[short] < g.column_bottom[tall]
    first = list(g.card_ys(short, faces))
    assert list(g.card_ys(tall, faces)) == list(TableGeometry((1280, 720), 10).card_ys(tall, faces))
    assert g.card_ys(tall, faces)[-1] > first[-1]  # the taller room, used
    assert list(g.card_ys(short, faces)) == first  # asked again: the same places
    assert first[-1] + g.card_h <= g.column_bottom[short]


def test_columns_above_the_bottom_row_stop_short_of_it() -> None:
    g = TableGeometry((1920, 1080), 10)
    assert g.column_bottom[0] <= g.runs_box.y
    assert g.column_bottom[9] <= g.stock_area.y
    assert g.column_bottom[5] > g.stock_area.y


def test_drop_column_is_the_one_overlapped_most() -> None:
    g = TableGeometry((1280, 720), 10)
    x = g.column_x[3] + g.card_w * 2 // 3  # mostly over column 4 (index 4)
    assert g.drop_column(Box(x, 300, g.card_w, g.card_h)) == 4
    assert g.drop_column(Box(g.column_x[2], 200, g.card_w, g.card_h)) == 2
    assert g.drop_column(Box(-g.card_w * 2, 200, g.card_w, g.card_h)) is None


def test_card_at_finds_the_topmost_card() -> None:
    g = TableGeometry((1280, 720), 10)
    ys = [g.card_ys(0, [False, True, True])] + [[] for _ in range(9)]
    x = g.column_x[0] + 5
    assert g.card_at((x, ys[0][2] + 2), ys) == (0, 2)
    assert g.card_at((x, ys[0][1] + 2), ys) == (0, 1)
    assert g.card_at((x, ys[0][0] + 1), ys) == (0, 0)
    assert g.card_at((g.column_x[1] + 5, g.top + 5), ys) is None
