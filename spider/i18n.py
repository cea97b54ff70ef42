"""The message catalogue: every string the player reads is looked up here by key.

Catalogues are JSON files in ``spider/locales`` named by language code. A value
is either a string with ``{name}`` placeholders, or a plural table
``{"one": ..., "other": ...}`` chosen by the ``count`` parameter.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

LOCALES = Path(__file__).with_name("locales")
DEFAULT_LANGUAGE = "en"
LANGUAGES: dict[str, str] = {"en": "English", "vi": "Tiếng Việt", "hu": "Magyar", "zh": "中文"}

_language = DEFAULT_LANGUAGE


@cache
def catalogue(language: str) -> dict[str, str | dict[str, str]]:
    """The messages of ``language`` (empty when there is no such catalogue)."""
    path = LOCALES / f"{language}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def set_language(language: str) -> None:
    """Choose the language of :func:`tr` (unknown languages fall back to English)."""
    global _language
    _language = language if language in LANGUAGES else DEFAULT_LANGUAGE


def current_language() -> str:
    return _language


def plural_form(language: str, count: int) -> str:
    """The plural category of ``count``: Vietnamese and Chinese have one form."""
    if language in ("vi", "zh"):
        return "other"
    return "one" if count == 1 else "other"


def tr(key: str, /, language: str | None = None, **params: object) -> str:
    """The message ``key`` in the current language, with ``params`` filled in.

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
        form = plural_form(language, count if isinstance(count, int) else 0)
        entry = entry.get(form) or entry.get("other") or key
    try:
        return str(entry).format(**params)
    except (KeyError, IndexError, ValueError):
        return str(entry)
