"""The cloth's grain and light are the same as ever, made faster."""

from __future__ import annotations

import random

from spider.app.table import felt


def test_the_grain_is_the_noise_choice_and_randrange_draw() -> None:
    rng = random.Random(7)
    drawn = []
    for _ in range(1400):
        shade = rng.choice((0, 255))
        drawn.append((shade, rng.randrange(felt.GRAIN_TILE), rng.randrange(felt.GRAIN_TILE)))
    assert felt._grain_points(1400) == drawn


def test_the_light_is_the_one_worked_out_at_every_point() -> None:
    cols, rows = felt.GRID
    light = felt._light()
    for j in range(rows):
        dy = (j + 0.5) / rows - 0.42
        for i in range(cols):
            dx = (i + 0.5) / cols - 0.5
            distance = min(1.0, (dx * dx * 1.2 + dy * dy * 1.6) ** 0.5 / 0.62)
            level = round(255 * (felt.LIGHTEST - 0.42 * distance ** 1.7) / felt.LIGHTEST)
            assert tuple(light.get_at((i, j)))[:3] == (level,) * 3, (i, j)
