"""The game benchmark's frame figures: each frame's least time over its passes."""

from __future__ import annotations

import pytest

from tools.bench.frames import least_times
from tools.bench.report import percentile, summarise

FRAMES = 300


def passes(slow: range, burst: range | None = None) -> list[list[float]]:
    """Three passes of the same frames (1 ms each): the frames ``slow`` take 3 ms in
    every pass, the frames ``burst`` 5 ms in the first pass only (load)."""
    timed = [[3e-3 if frame in slow else 1e-3 for frame in range(FRAMES)] for _ in range(3)]
    for frame in burst or ():
        timed[0][frame] = 5e-3
    return timed


def test_a_load_burst_in_one_pass_goes_and_a_slow_frame_stays() -> None:
    timed = passes(slow=range(100, 106), burst=range(10, 16))
    assert percentile(timed[0], 0.99) == 5e-3                   # one pass: the burst
    assert percentile(least_times(timed), 0.99) == 3e-3         # the slow frames stay
    assert percentile(least_times(passes(slow=range(0))), 0.99) == 1e-3


def test_the_passes_must_time_the_same_frames() -> None:
    with pytest.raises(ValueError):
        least_times([[1e-3] * FRAMES, [1e-3] * (FRAMES - 1)])


def test_the_summary_keeps_the_old_one_pass_p99_beside_the_steady_one() -> None:
    frames, floors = passes(slow=range(100, 106), burst=range(10, 16)), passes(slow=range(0))
    raw = {"frames": FRAMES, "times": least_times(frames), "times_once": frames[0],
           "floor": least_times(floors), "still_floor": least_times(floors),
           "still_floor_once": floors[0]}
    figures = summarise(raw)
    assert figures["still_p99_ratio"] == pytest.approx(3.0)
    assert figures["still_p99_ratio_once"] == pytest.approx(5.0)
