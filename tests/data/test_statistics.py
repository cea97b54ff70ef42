"""Statistics: keys, a scripted run of wins and losses, records, strict files."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from spider.data.statistics import (
    Records,
    Statistics,
    Stats,
    check_game_id,
    load_statistics,
    save_statistics,
    stats_key,
)
from spider.data.storage import DAMAGED, Loaded

KEY = "SP-1-classic"


def test_keys():
    assert stats_key("SP", 1, False) == "SP-1-classic"
    assert stats_key("SB", 4, True) == "SB-4-relaxed"
    assert stats_key("SO", 2, False) == "SO-2-classic"
    assert stats_key("SO", 1, True) == "SO-1-classic"  # 1 suit is always Classic


@pytest.mark.parametrize(("layout", "suits"), [("XX", 1), ("SP", 3), ("sp", 1), ("SP", True)])
def test_bad_keys_are_rejected(layout, suits):
    with pytest.raises(ValueError):
        stats_key(layout, suits, False)


def test_empty_statistics():
    stats = Statistics()
    s = stats.get(KEY)
    assert (s.played, s.won, s.win_rate, s.current_streak, s.longest_streak) == (0, 0, 0.0, 0, 0)
    assert (s.best_score, s.fewest_moves, s.fastest_seconds) == (None, None, None)
    assert stats.keys() == []


def test_scripted_wins_and_losses():
    stats = Statistics()
    # (won, score, moves, seconds, expected records)
    script = [
        (True, 900, 150, 400.0, Records(True, True, True)),  # first win sets every record
        (True, 1000, 160, 500.0, Records(best_score=True)),
        (False, 420, 80, 100.0, Records()),
        (True, 950, 120, 300.5, Records(fewest_moves=True, fastest=True)),
        (True, 1000, 120, 300.5, Records()),  # ties are not records
        (True, 990, 130, 600.0, Records()),
        (False, 0, 10, 20.0, Records()),
        (True, 1100, 200, 900.0, Records(best_score=True)),
    ]
    streaks = []
    for won, score, moves, seconds, expected in script:
        assert stats.record(KEY, won, score, moves, seconds) == expected
        streaks.append(stats.get(KEY).current_streak)
    assert streaks == [1, 2, 0, 1, 2, 3, 0, 1]
    s = stats.get(KEY)
    assert (s.played, s.won) == (8, 6)
    assert s.win_rate == pytest.approx(0.75)
    assert (s.best_score, s.fewest_moves, s.fastest_seconds) == (1100, 120, 300.5)
    assert (s.current_streak, s.longest_streak) == (1, 3)
    assert s.total_seconds == pytest.approx(3121.0)


def test_loss_keeps_records_and_longest_streak():
    stats = Statistics()
    stats.record(KEY, True, 900, 150, 400)
    stats.record(KEY, True, 900, 150, 400)
    assert stats.record(KEY, False, 2000, 1, 1) == Records()
    s = stats.get(KEY)
    assert (s.best_score, s.fewest_moves, s.fastest_seconds) == (900, 150, 400)
    assert (s.current_streak, s.longest_streak, s.played, s.won) == (0, 2, 3, 2)
    assert not Records().any and Records(fastest=True).any


def test_keys_are_independent_and_reset():
    stats = Statistics()
    stats.record("SP-1-classic", True, 900, 150, 400)
    stats.record("SO-4-relaxed", False, 400, 50, 60)
    assert stats.keys() == ["SO-4-relaxed", "SP-1-classic"]
    assert stats.get("SO-4-relaxed").won == 0
    stats.reset("SP-1-classic")
    assert stats.get("SP-1-classic") == Stats()
    assert stats.get("SO-4-relaxed").played == 1
    stats.record("SB-2-classic", True, 1, 1, 1)
    stats.reset()
    assert stats.keys() == []


@pytest.mark.parametrize(
    "args",
    [
        ("XX-1-classic", True, 1, 1, 1),
        ("SP-1-relaxed", True, 1, 1, 1),
        (KEY, True, -1, 1, 1),
        (KEY, True, 1, 1.5, 1),
        (KEY, True, 1, 1, float("nan")),
    ],
)
def test_record_rejects_bad_input(args):
    stats = Statistics()
    with pytest.raises(ValueError):
        stats.record(*args)
    assert stats == Statistics()


games = st.lists(
    st.tuples(
        st.booleans(),
        st.integers(0, 1300),
        st.integers(0, 1000),
        st.floats(0, 10_000, allow_nan=False),
    ),
    max_size=30,
)


@pytest.mark.slow
@given(games)
def test_any_history_round_trips_and_stays_consistent(history):
    stats = Statistics()
    for won, score, moves, seconds in history:
        stats.record(KEY, won, score, moves, seconds)
    s = stats.get(KEY)
    assert s.played == len(history)
    assert s.won == sum(won for won, *_ in history)
    wins = [g for g in history if g[0]]
    if wins:
        assert s.best_score == max(g[1] for g in wins)
        assert s.fewest_moves == min(g[2] for g in wins)
        assert s.fastest_seconds == min(g[3] for g in wins)
    assert Statistics.from_dict(json.loads(json.dumps(stats.to_dict()))) == stats


def test_disk_round_trip(tmp_path):
    stats = Statistics()
    stats.record(KEY, True, 1183, 117, 321.5)
    stats.record("SB-4-relaxed", False, 300, 40, 90)
    save_statistics(tmp_path, stats)
    doc = json.loads((tmp_path / "statistics.json").read_text("utf-8"))
    assert (doc["kind"], doc["version"]) == ("statistics", 2)
    assert doc["data"]["games"][KEY]["best_score"] == 1183
    assert load_statistics(tmp_path) == Loaded(stats)


def test_a_version_1_file_is_read_and_kept(tmp_path):
    """Files written before game ids (version 1: the games object alone) still count."""
    (tmp_path / "statistics.json").write_text(json.dumps(
        {"kind": "statistics", "version": 1, "data": {KEY: GOOD_ENTRY}}), "utf-8")
    loaded = load_statistics(tmp_path)
    assert loaded.problem is None and loaded.value.get(KEY) == Stats.from_dict(GOOD_ENTRY)
    assert loaded.value.counted == []


def test_missing_file_gives_empty_statistics(tmp_path):
    assert load_statistics(tmp_path) == Loaded(Statistics(), None, None)


GOOD_ENTRY = {
    "played": 3,
    "won": 2,
    "best_score": 1000,
    "fewest_moves": 100,
    "fastest_seconds": 200,
    "current_streak": 1,
    "longest_streak": 2,
    "total_seconds": 700.0,
}


def test_from_dict_accepts_whole_seconds_and_ignores_unknown_fields():
    s = Stats.from_dict({**GOOD_ENTRY, "new_field": 1})
    assert s.fastest_seconds == 200.0 and isinstance(s.fastest_seconds, float)
    assert Stats.from_dict({}) == Stats()


@pytest.mark.parametrize(
    "changes",
    [
        {"played": -1},
        {"played": "3"},
        {"won": True},
        {"won": 4},  # more wins than games
        {"best_score": None},  # wins but no best score
        {"fewest_moves": 1.5},
        {"fastest_seconds": "fast"},
        {"current_streak": 3},  # longer than the longest
        {"longest_streak": 3},  # longer than the wins
        {"total_seconds": float("inf")},
    ],
)
def test_inconsistent_entries_are_rejected(changes):
    with pytest.raises(ValueError):
        Stats.from_dict({**GOOD_ENTRY, **changes})


def test_records_without_wins_are_rejected():
    with pytest.raises(ValueError):
        Stats.from_dict({"played": 1, "best_score": 5})


@pytest.mark.parametrize("data", [
    [], {"games": {"XX-9-odd": GOOD_ENTRY}}, {"games": {KEY: []}}, {"games": {KEY: {"won": 1}}},
    {"games": []}, {"games": {}, "counted": "abc"}, {"games": {}, "counted": ["ABC"]},
    {"games": {}, "counted": [7]}, {"games": {}, "counted": ["x" * 65]},
])
def test_bad_statistics_are_rejected(data):
    with pytest.raises(ValueError):
        Statistics.from_dict(data)


def test_damaged_file_gives_empty_statistics_and_is_kept(tmp_path):
    content = json.dumps(
        {"kind": "statistics", "version": 1, "data": {KEY: {**GOOD_ENTRY, "won": 9}}}
    ).encode()
    (tmp_path / "statistics.json").write_bytes(content)
    (tmp_path / "settings.json").write_bytes(b"untouched")
    loaded = load_statistics(tmp_path)
    assert loaded.value == Statistics()
    assert loaded.problem == DAMAGED
    assert loaded.set_aside is not None and loaded.set_aside.read_bytes() == content
    assert (tmp_path / "settings.json").read_bytes() == b"untouched"


@given(st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyzAZ_-\n\u00e9", max_size=70))
@example("z" * 64)
@example("0" * 65)
@example("")
@example("id\n")
def test_a_game_id_is_1_to_64_lower_case_letters_and_digits(text: str) -> None:
    if re.fullmatch(r"[0-9a-z]{1,64}", text):
        assert check_game_id(text) == text
    else:
        with pytest.raises(ValueError):
            check_game_id(text)
