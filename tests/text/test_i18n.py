"""The message catalogues: complete, consistent, drawable, and chosen as the player expects."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import unicodedata
from functools import cache
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from spider.app.table.hud import format_time
from spider.app.ui import text
from spider.text import i18n
from spider.text.i18n import (
    LANGUAGES,
    PLURAL_FORMS,
    catalogue,
    current_language,
    format_number,
    plural_form,
    set_language,
    tr,
)
from tools import check_catalogues

ROOT = Path(__file__).resolve().parents[2]

TRANSLATIONS = [code for code in LANGUAGES if code != "en"]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def raw(language: str) -> dict[str, object]:
    """The catalogue file as written (not normalised by the loader)."""
    return json.loads((i18n.LOCALES / f"{language}.json").read_text(encoding="utf-8"))


def strings(entry: object) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [entry]  # type: ignore[list-item]


# ------------------------------------------------------------ completeness
def test_every_language_of_the_settings_has_a_catalogue() -> None:
    from spider.data.settings import LANGUAGES as SETTING_LANGUAGES

    assert set(SETTING_LANGUAGES) == set(LANGUAGES)
    for code in LANGUAGES:
        assert raw(code), f"spider/text/locales/{code}.json is missing or empty"


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_every_key_in_every_catalogue_and_nothing_else(language: str) -> None:
    english, messages = raw("en"), raw(language)
    assert [key for key in english if key not in messages] == []
    assert [key for key in messages if key not in english] == []


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_placeholders_are_the_same_as_in_english(language: str) -> None:
    english, messages = raw("en"), raw(language)
    for key, entry in messages.items():
        wanted = check_catalogues.entry_placeholders(english[key])  # type: ignore[arg-type]
        for form, message in (entry.items() if isinstance(entry, dict)
                              else [("", entry)]):
            got = check_catalogues.placeholders(message)
            if form == "one":  # a "one" form may spell the number out
                assert got in (wanted, wanted - {"count"}), (language, key, form)
            else:
                assert got == wanted, (language, key, form, got, wanted)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_plural_tables_have_the_forms_the_language_needs(language: str) -> None:
    english, messages = raw("en"), raw(language)
    for key, reference in english.items():
        entry = messages[key]
        assert isinstance(entry, dict) == isinstance(reference, dict), (language, key)
        if isinstance(entry, dict):
            assert set(entry) == set(PLURAL_FORMS[language]), (language, key, sorted(entry))
            assert "count" in check_catalogues.entry_placeholders(reference), key


@pytest.mark.slow
def test_the_check_script_reports_nothing() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "check_catalogues.py"),
                             "--quiet"], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""


@pytest.mark.slow
def test_every_key_the_code_asks_for_is_in_english() -> None:
    english = raw("en")
    missing = {key: places for key, places in check_catalogues.keys_in_code().items()
               if key not in english}
    assert missing == {}


@pytest.mark.slow
def test_every_english_message_is_shown_somewhere() -> None:
    english = raw("en")
    assert sorted(set(english) - check_catalogues.used_keys(english)) == []


def test_keys_count_as_used_when_named_whole_or_built_with_an_f_string(
        tmp_path: Path) -> None:
    (tmp_path / "code.py").write_text(
        'tr("menu.quit")\n'
        'TABLE = (("help.key.drag", "help.do.drag"),)\n'
        'tr(f"rule.{rule}")\n'
        'tr(f"{question}-title")\n'
        'ROWS = [f"help.faq.q{n}" for n in range(3)]\n'
        'PATH = f"{name}.wav"\n', encoding="utf-8")
    keys = ["menu.quit", "help.key.drag", "help.do.drag", "rule.face-down",
            "confirm.quit-title", "help.faq.q2", "table.confirm-quit", "help.faq.a2"]
    assert check_catalogues.used_keys(keys, [tmp_path]) == {
        "menu.quit", "help.key.drag", "help.do.drag", "rule.face-down",
        "confirm.quit-title", "help.faq.q2"}


@pytest.mark.slow
def test_the_check_script_fails_on_a_key_nothing_shows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    for language in LANGUAGES:
        messages = dict(raw(language))
        messages["table.confirm-quit"] = "Press Esc again to quit."
        (tmp_path / f"{language}.json").write_text(json.dumps(messages), encoding="utf-8")
    monkeypatch.setattr(check_catalogues, "LOCALES", tmp_path)
    assert check_catalogues.main(["--quiet"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "en: 'table.confirm-quit' is shown nowhere: no code names it or builds it"]


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_messages_are_nfc_and_not_empty_and_format_cleanly(language: str) -> None:
    english = raw("en")
    for key, entry in raw(language).items():
        for message in strings(entry):
            assert isinstance(message, str) and message.strip(), (language, key)
            assert unicodedata.normalize("NFC", message) == message, (language, key)
            names = check_catalogues.entry_placeholders(english[key])  # type: ignore[arg-type]
            message.format(**{name: 1 for name in names})  # no stray braces


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_translations_are_translated(language: str) -> None:
    """Most messages differ from English (names, keys and codes may stay the same)."""
    english, messages = raw("en"), raw(language)
    same = [key for key in english if messages[key] == english[key]]
    assert len(same) < len(english) * 0.15, same


# -------------------------------------------------------- the players' words
PLAYER_TERMS = {
    "vi": {"difficulty.easy": "Dễ", "difficulty.medium": "Trung bình", "difficulty.hard": "Khó",
           "rules.classic": "Cổ điển", "rules.relaxed": "Nới lỏng",
           "table.new-game": "Ván mới", "settings.auto-place": "Tự động đặt"},
    "hu": {"difficulty.easy": "Könnyű", "difficulty.medium": "Közepes",
           "difficulty.hard": "Nehéz", "rules.classic": "Klasszikus",
           "rules.relaxed": "Könnyített", "table.new-game": "Új játék",
           "settings.auto-place": "Automatikus elhelyezés"},
    "zh": {"difficulty.easy": "单花色", "difficulty.medium": "双花色",
           "difficulty.hard": "四花色", "layout.one-deck": "蜘蛛一副牌",
           "table.new-game": "新牌局", "table.restart": "重开本局", "newgame.code": "牌号",
           "settings.placement-help": "落点提示", "settings.four-colour": "四色牌面"},
}
#: The glossary's words (../shared/GLOSSARY.md) the help must use, and the words a native
#: reading found confusing, which no message may use.
GLOSSARY_WORDS = {
    "vi": (("chồng bài dự trữ", "vua", "dãy", "lá úp", "cột trống", "chia thêm"),
           ("nọc", "già)", "đi cùng nhau")),
    "hu": (("sorozat", "húzópakli", "lefordított lap", "üres oszlop", "osztás"),
           ("talon", "egyszínű sor ", "egyszínű sor.", "új sort", "Új sor")),
    "zh": (("完成组", "牌堆", "点数正好大一", "点数正好小一", "暗牌", "空列", "一步建议走法"),
           ("小一点", "大一点", "好棋", "四色花色")),
}
SUITS = {"vi": ("bích", "cơ", "rô", "tép"), "hu": ("pikk", "kőr", "káró", "treff"),
         "zh": ("黑桃", "红心", "方块", "梅花")}


@pytest.mark.parametrize("language", sorted(PLAYER_TERMS))
def test_the_terms_players_of_the_original_apps_know(language: str) -> None:
    for key, term in PLAYER_TERMS[language].items():
        assert tr(key, language) == term, key


@pytest.mark.parametrize("language", sorted(GLOSSARY_WORDS))
def test_the_help_uses_the_glossarys_words_and_no_message_the_confusing_ones(
        language: str) -> None:
    wanted, confusing = GLOSSARY_WORDS[language]
    messages = raw(language)
    help_text = " ".join(str(tr(key, language)) for key in messages if key.startswith("help."))
    assert [word for word in wanted if word not in help_text] == []
    everything = " ".join(text for entry in messages.values() for text in strings(entry))
    assert [word for word in confusing                 # as a word, not inside one
            if re.search(rf"(?<!\w){re.escape(word)}", everything, re.IGNORECASE)] == []


def test_hungarian_streaks_are_winning_streaks() -> None:
    for key in ("stats.current_streak", "stats.longest_streak"):
        assert "győzelmi sorozat" in tr(key, "hu"), key


@pytest.mark.parametrize("language", sorted(SUITS))
def test_suit_names_used_in_the_help_are_the_usual_ones(language: str) -> None:
    help_text = " ".join(tr(key, language) for key in raw("en") if key.startswith("help."))
    spades, hearts, _, _ = SUITS[language]
    assert spades in help_text and hearts in help_text   # 9 of hearts on 10 of spades
    for other_language, names in SUITS.items():
        if other_language != language:
            assert not any(name in help_text for name in names if len(name) > 2)


def test_language_names_are_their_own() -> None:
    assert LANGUAGES == {"en": "English", "vi": "Tiếng Việt", "hu": "Magyar", "zh": "中文"}


# ---------------------------------------------------------------- glyphs
@cache
def cmap(face: str) -> frozenset[int]:
    font = TTFont(str(text.FONTS / face), lazy=True)
    return frozenset(font.getBestCmap())


def faces_for(language: str) -> list[str]:
    script = text._script(language)
    return [text._FACES[script, bold] for bold in (False, True)]


def catalogue_chars(language: str) -> set[str]:
    chars: set[str] = set()
    for entry in raw(language).values():
        for message in strings(entry):
            chars.update(unicodedata.normalize("NFC", message))
    return {ch for ch in chars if ch.isprintable() and not ch.isspace()}


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_character_of_a_catalogue_is_in_its_bundled_fonts(language: str) -> None:
    """Checked in the fonts' cmap: pygame draws a missing glyph as a box without a word."""
    needed = catalogue_chars(language)
    # What the code adds around the messages: numbers in this language, times,
    # the statistics' dash, and the record star is drawn, not a glyph.
    needed |= set(format_number(1234567.5, language, decimals=1)) | set(format_time(3725))
    needed |= set("0123456789—%")
    needed.discard(" ")
    for face in faces_for(language):
        lacking = sorted(ch for ch in needed if ord(ch) not in cmap(face))
        assert lacking == [], f"{face} has no glyph for {''.join(lacking)!r} ({language})"


def test_language_names_draw_in_their_own_face_and_in_the_latin_one() -> None:
    """The language choice shows each name in its own script, whatever the current language."""
    latin = text._FACES["latin", False], text._FACES["latin", True]
    for code, name in LANGUAGES.items():
        for face in {*faces_for(code), *latin}:
            assert all(ord(ch) in cmap(face) for ch in name if not ch.isspace()), (name, face)


def test_bundled_fonts_are_subset_small() -> None:
    for face in {face for language in LANGUAGES for face in faces_for(language)}:
        assert (text.FONTS / face).stat().st_size < 1_500_000, face


def test_chinese_is_drawn_with_the_chinese_face_at_once() -> None:
    set_language("en")
    latin = text.font(20)
    assert text.font(20, language="zh") is not latin
    set_language("zh")
    assert text.font(20) is text.font(20, language="zh")   # not a font cached for English
    wide = text.font(20).size("新游戏")[0]
    assert wide >= 3 * 18   # three full-width characters, not three boxes
    set_language("en")
    assert text.font(20) is latin


# --------------------------------------------------------------- loading
def test_missing_messages_fall_back_to_english_then_to_the_key(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = catalogue.__wrapped__

    def fake(language: str):
        return {} if language == "hu" else real(language)

    monkeypatch.setattr(i18n, "catalogue", fake)
    assert tr("table.new-game", "hu") == "New game"
    assert tr("no.such.key", "hu") == "no.such.key"
    monkeypatch.undo()
    assert tr("table.new-game", "hu") == "Új játék"


def test_unknown_language_is_english() -> None:
    set_language("fr")
    assert current_language() == "en"
    assert tr("table.new-game") == "New game"


# ---------------------------------------------------------------- plurals
@pytest.mark.parametrize(("language", "count", "form"), [
    ("en", 0, "other"), ("en", 1, "one"), ("en", 2, "other"), ("en", 21, "other"),
    ("hu", 1, "one"), ("hu", 5, "other"), ("hu", 0, "other"),
    ("vi", 1, "other"), ("vi", 2, "other"), ("zh", 1, "other"), ("zh", 7, "other"),
])
def test_plural_rules(language: str, count: int, form: str) -> None:
    assert plural_form(language, count) == form
    assert form in PLURAL_FORMS[language]


def test_plural_tables_are_chosen_by_count(monkeypatch: pytest.MonkeyPatch) -> None:
    tables = {
        "en": {"runs": {"one": "{count} run left", "other": "{count} runs left"}},
        "hu": {"runs": {"one": "Egy sor maradt", "other": "{count} sor maradt"}},
        "vi": {"runs": {"other": "Còn {count} dãy"}},
        "zh": {"runs": {"other": "还剩 {count} 列"}},
    }
    monkeypatch.setattr(i18n, "catalogue", lambda language: tables.get(language, {}))
    assert tr("runs", "en", count=1) == "1 run left"
    assert tr("runs", "en", count=3) == "3 runs left"
    assert tr("runs", "en", count=1200) == "1,200 runs left"
    assert tr("runs", "hu", count=1) == "Egy sor maradt"
    assert tr("runs", "hu", count=2) == "2 sor maradt"
    assert tr("runs", "vi", count=1) == "Còn 1 dãy"
    assert tr("runs", "zh", count=5) == "还剩 5 列"


# --------------------------------------------------------- number formats
@pytest.mark.parametrize(("language", "value", "decimals", "shown"), [
    ("en", 1183, 0, "1,183"), ("en", 1234567, 0, "1,234,567"), ("en", 1234.5, 1, "1,234.5"),
    ("zh", 1183, 0, "1,183"), ("zh", 0.25, 2, "0.25"),
    ("vi", 1183, 0, "1.183"), ("vi", 1234567, 0, "1.234.567"), ("vi", 1234.5, 1, "1.234,5"),
    ("hu", 1183, 0, "1\u00a0183"), ("hu", 1234567, 0, "1\u00a0234\u00a0567"),
    ("hu", 1234.5, 1, "1\u00a0234,5"), ("hu", 0.5, 1, "0,5"),
    ("en", 500, 0, "500"), ("hu", 999, 0, "999"), ("vi", 0, 0, "0"), ("en", -1500, 0, "-1,500"),
])
def test_numbers_are_written_the_way_each_language_writes_them(
        language: str, value: float, decimals: int, shown: str) -> None:
    assert format_number(value, language, decimals) == shown


def test_whole_numbers_are_written_exactly_never_through_a_float() -> None:
    """A float overflows above 1e308 and rounds above 2**53: a column number of 400
    digits in a message once crashed the command line."""
    assert format_number(10**400, "en").replace(",", "") == "1" + "0" * 400
    assert format_number(2**53 + 1, "en") == "9,007,199,254,740,993"
    assert format_number(-(10**20), "hu") == "-" + "\u00a0".join(["100"] + ["000"] * 6)
    assert format_number(7, "vi", decimals=1) == "7,0"


def test_number_parameters_follow_the_language() -> None:
    assert "1.234" in tr("win.summary", "vi", won=1234, played=2000, streak=3)
    assert "1\u00a0234" in tr("win.summary", "hu", won=1234, played=2000, streak=3)
    assert "1,234" in tr("win.summary", "zh", won=1234, played=2000, streak=3)
    assert tr("stats.percent", "hu", value=45) == "45%"
    set_language("vi")
    assert format_number(12345) == "12.345"          # the current language by default


# ---------------------------------------------------------- system default
@pytest.mark.parametrize(("environment", "language"), [
    ({"LANGUAGE": "vi_VN:en"}, "vi"), ({"LC_ALL": "hu_HU.UTF-8"}, "hu"),
    ({"LANG": "zh_CN.UTF-8"}, "zh"), ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"), ({"LANGUAGE": "de:hu"}, "hu"),
])
def test_the_default_language_is_the_systems_when_we_have_it(
        environment: dict[str, str], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert i18n.system_default() == language
    set_language("")
    assert current_language() == language


def test_the_app_starts_in_the_systems_language(play, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    driver = play(language="")
    assert current_language() == "hu"
    assert driver.table.bar.buttons[0].label == "Új játék"
    driver.app.apply_settings(driver.app.settings.with_(language="zh"))
    assert driver.table.bar.buttons[0].label == "新牌局"
