"""The cloth's grain is the same fixed noise, drawn faster."""

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
