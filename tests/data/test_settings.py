"""Settings: defaults, strict validation, saving and loading, system language."""

from __future__ import annotations

import dataclasses
import json
import locale

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spider.data.settings import (
    ANIMATION_SPEEDS,
    LANGUAGES,
    LAYOUTS,
    SUIT_COUNTS,
    Settings,
    load_settings,
    save_settings,
    system_language,
)
from spider.data.storage import DAMAGED, NEWER_VERSION, Loaded

any_settings = st.builds(
    Settings,
    double_click=st.booleans(),
    auto_place=st.booleans(),
    placement_help=st.booleans(),
    rule_reminders=st.booleans(),
    hints=st.booleans(),
    animation_speed=st.sampled_from(ANIMATION_SPEEDS),
    sound=st.booleans(),
    fullscreen=st.booleans(),
    language=st.sampled_from(("", *LANGUAGES)),
    four_colour=st.booleans(),
    winnable_only=st.booleans(),
    layout=st.sampled_from(LAYOUTS),
    suits=st.sampled_from(SUIT_COUNTS),
    relaxed=st.booleans(),
    window=st.one_of(st.just(()), st.tuples(st.integers(-5000, 5000), st.integers(-5000, 5000),
                                            st.integers(1, 8000), st.integers(1, 8000))),
)


def test_defaults_follow_the_spec():
    assert Settings().to_dict() == {
        "double_click": True,
        "auto_place": False,
        "placement_help": True,
        "rule_reminders": True,
        "hints": False,
        "win_check": False,
        "animation_speed": "normal",
        "sound": True,
        "fullscreen": True,
        "language": "",
        "four_colour": False,
        "large_index": False,
        "reduced_motion": False,
        "winnable_only": False,
        "layout": "SP",
        "suits": 1,
        "relaxed": False,
        "card_back": "web",
        "table": "green",
        "window": (),
    }


@pytest.mark.parametrize("window", [[1, 2, 3], [0, 0, 0, 10], [0, 0, 10.5, 10], "big"])
def test_a_window_place_that_is_not_x_y_width_height_is_refused(window) -> None:
    with pytest.raises(ValueError, match="window"):
        Settings.from_dict({"window": window})


@given(any_settings)
def test_dict_round_trip(s):
    assert Settings.from_dict(json.loads(json.dumps(s.to_dict()))) == s


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(any_settings)
def test_disk_round_trip(tmp_path, s):
    save_settings(tmp_path, s)
    assert load_settings(tmp_path) == Loaded(s)


def test_settings_are_frozen_and_with_changes_a_copy():
    s = Settings()
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.sound = False  # type: ignore[misc]
    t = s.with_(sound=False, suits=4)
    assert (s.sound, s.suits, t.sound, t.suits) == (True, 1, False, 4)
    with pytest.raises(ValueError):
        s.with_(suits=3)


def test_unknown_keys_ignored_and_missing_keys_default():
    s = Settings.from_dict({"sound": False, "from_the_future": 42})
    assert s == Settings(sound=False)
    assert Settings.from_dict({}) == Settings()


@pytest.mark.parametrize(
    "bad",
    [
        {"sound": "yes"},
        {"sound": 1},
        {"sound": None},
        {"suits": 3},
        {"suits": True},
        {"suits": "1"},
        {"suits": 1.0},
        {"layout": "XX"},
        {"layout": "sp"},
        {"animation_speed": "slow"},
        {"language": "fr"},
        {"language": None},
        {"relaxed": 0},
    ],
)
def test_wrong_types_and_values_are_rejected(bad):
    with pytest.raises(ValueError):
        Settings.from_dict(bad)
    with pytest.raises(ValueError):
        Settings(**bad)


@pytest.mark.parametrize("bad", [None, [], "settings", 3])
def test_non_object_is_rejected(bad):
    with pytest.raises(ValueError):
        Settings.from_dict(bad)


def test_missing_file_gives_defaults_without_problem(tmp_path):
    assert load_settings(tmp_path) == Loaded(Settings(), None, None)
    assert list(tmp_path.iterdir()) == []


def test_saved_file_is_a_settings_envelope(tmp_path):
    save_settings(tmp_path, Settings(language="hu"))
    doc = json.loads((tmp_path / "settings.json").read_text("utf-8"))
    assert (doc["kind"], doc["version"], doc["data"]["language"]) == ("settings", 1, "hu")


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b'{"kind": "settings", "version": 1, "data": {"sound": "loud"}}', DAMAGED),
        (b'{"kind": "settings", "version": 1, "da', DAMAGED),
        (b'{"kind": "statistics", "version": 1, "data": {}}', DAMAGED),
        (b'{"kind": "settings", "version": 9, "data": {}}', NEWER_VERSION),
        (b"\x00\xff\xfe binary", DAMAGED),
    ],
)
def test_damaged_file_gives_defaults_and_is_kept(tmp_path, content, problem):
    (tmp_path / "settings.json").write_bytes(content)
    (tmp_path / "statistics.json").write_bytes(b"untouched")
    loaded = load_settings(tmp_path)
    assert loaded.value == Settings()
    assert loaded.problem == problem
    assert loaded.set_aside is not None
    assert loaded.set_aside.read_bytes() == content
    assert (tmp_path / "statistics.json").read_bytes() == b"untouched"
    assert not (tmp_path / "settings.json").exists()


LANG_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANG": "vi_VN.UTF-8"}, "vi"),
        ({"LANG": "hu_HU.UTF-8"}, "hu"),
        ({"LANG": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "zh_TW"}, "zh"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANGUAGE": "fr:hu", "LANG": "vi_VN"}, "hu"),
        ({"LANGUAGE": "en:hu"}, "en"),
        ({"LC_ALL": "vi_VN.UTF-8", "LANG": "hu_HU"}, "vi"),
        ({"LC_MESSAGES": "zh_CN", "LANG": "hu_HU"}, "zh"),
    ],
)
def test_system_language_from_environment(monkeypatch, env, expected):
    for name in LANG_VARS:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert system_language() == expected


@pytest.mark.parametrize(
    ("platform_locale", "expected"),
    [
        (("vi_VN", "UTF-8"), "vi"),
        (("Hungarian_Hungary", "1250"), "hu"),
        (("Chinese (Simplified)_China", "936"), "zh"),
        (("de_DE", "UTF-8"), "en"),
        ((None, None), "en"),
    ],
)
def test_system_language_from_locale_when_environment_is_silent(
    monkeypatch, platform_locale, expected
):
    for name in LANG_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setattr(locale, "getlocale", lambda *args: platform_locale)
    assert system_language() == expected
