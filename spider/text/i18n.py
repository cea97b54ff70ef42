"""The message catalogue: every string the player reads is looked up here by key.

Catalogues are JSON files in ``spider/text/locales`` named by language code. A value
is either a string with ``{name}`` placeholders, or a plural table
``{"one": ..., "other": ...}`` chosen by the ``count`` parameter: each language
has the forms listed in :data:`PLURAL_FORMS`. Text is stored in Unicode normal
form C (``tools/check_catalogues.py`` and the tests check it), so that Vietnamese
letters measure, wrap and draw the same way, and read as it is stored.

Whole-number parameters are written the way the language writes numbers
(:func:`format_number`): ``tr("win.summary", won=1234, ...)`` shows "1,234" in
English, "1.234" in Vietnamese and "1 234" in Hungarian.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from spider.data.messages import Message
from spider.jsonread import loads
from spider.model.wording import install

LOCALES = Path(__file__).with_name("locales")
DEFAULT_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {"en": "English", "vi": "Tiếng Việt", "hu": "Magyar", "zh": "中文"}

#: The plural forms each language needs in a plural table (CLDR cardinal categories).
#: English and Hungarian tell one from other: "1 move" / "2 moves"; in Hungarian a
#: noun stays singular after a number ("2 lépés"), but a sentence may still differ
#: ("Egy sor maradt" / "{count} sor maradt"). Vietnamese and Chinese have one form.
PLURAL_FORMS: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "hu": ("one", "other"),
    "vi": ("other",),
    "zh": ("other",),
}

#: How each language writes numbers: thousands separator, decimal separator.
#: Hungarian groups with a no-break space so a number never breaks across lines.
NUMBER_FORMATS: dict[str, tuple[str, str]] = {
    "en": (",", "."),
    "zh": (",", "."),
    "vi": (".", ","),
    "hu": ("\u00a0", ","),
}

_language = DEFAULT_LANGUAGE


@cache
def catalogue(language: str) -> dict[str, str | dict[str, str]]:
    """The messages of ``language`` (empty when there is no such catalogue)."""
    path = LOCALES / f"{language}.json"
    try:
        document = loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(document, dict):
        return {}
    return document


def system_default() -> str:
    """The system's language when it is one of :data:`LANGUAGES`, otherwise English."""
    from spider.data.settings import system_language  # here: settings must not load at import

    language = system_language()
    return language if language in LANGUAGES else DEFAULT_LANGUAGE


def set_language(language: str) -> None:
    """Choose the language of :func:`tr`.

    ``""`` follows the system (:func:`system_default`); unknown languages fall back
    to English.
    """
    global _language
    if not language:
        language = system_default()
    _language = language if language in LANGUAGES else DEFAULT_LANGUAGE


def current_language() -> str:
    return _language


def plural_form(language: str, count: int) -> str:
    """The plural category of ``count`` in ``language`` (one of its PLURAL_FORMS)."""
    forms = PLURAL_FORMS.get(language, PLURAL_FORMS[DEFAULT_LANGUAGE])
    if "one" in forms and count == 1:
        return "one"
    return "other"


def format_number(value: float, language: str | None = None, decimals: int = 0) -> str:
    """``value`` written the way ``language`` (default: the current one) writes numbers.

    Thousands are grouped from 1000 on: "12,345.5" in English and Chinese,
    "12.345,5" in Vietnamese, "12 345,5" (no-break space) in Hungarian.
    ``decimals`` digits follow the decimal separator (none by default: rounded).
    """
    group, point = NUMBER_FORMATS.get(language or _language, NUMBER_FORMATS[DEFAULT_LANGUAGE])
    if isinstance(value, int):  # exactly, never through a float (which overflows)
        text = f"{abs(value):,}" + ("." + "0" * decimals if decimals > 0 else "")
    else:
        text = f"{abs(value):,.{max(0, decimals)}f}"
    whole, _, fraction = text.partition(".")
    whole = whole.replace(",", group)
    sign = "-" if value < 0 and any(ch not in "0.," for ch in text) else ""
    return sign + whole + (point + fraction if fraction else "")


def tr(key: str, /, language: str | None = None, **params: object) -> str:
    """The message ``key`` in the current language, with ``params`` filled in.

    Whole-number parameters (not bools) are written with :func:`format_number`.
    Missing translations fall back to English, then to the key itself, so a
    missing string is visible but never fatal.
    """
    language = language or _language
    entry = catalogue(language).get(key)
    if entry is None:
        language = DEFAULT_LANGUAGE
        entry = catalogue(DEFAULT_LANGUAGE).get(key, key)
    if isinstance(entry, dict):
        count = params.get("count", 0)
        whole = count if isinstance(count, int) and not isinstance(count, bool) else 0
        form = plural_form(language, whole)
        entry = entry.get(form) or entry.get("other") or key
    shown = {name: format_number(value, language)
             if isinstance(value, int) and not isinstance(value, bool) else value
             for name, value in params.items()}
    try:
        return str(entry).format(**shown)
    except (KeyError, IndexError, ValueError):
        return str(entry)


def say(message: object, language: str | None = None) -> str:
    """A :class:`Message` (or plain text) in the player's language."""
    if not isinstance(message, Message):
        return str(message)
    params = {name: _say_value(value, language) for name, value in message.params.items()}
    return " ".join([tr(message.key, language, **params),
                     *(say(more, language) for more in message.more)])


def _say_value(value: object, language: str | None) -> object:
    if isinstance(value, Message):
        return say(value, language)
    if isinstance(value, tuple) and all(isinstance(item, Message) for item in value):
        return ", ".join(say(item, language) for item in value)
    return value


install(tr)  # the model's refusals are put into words by the catalogue
