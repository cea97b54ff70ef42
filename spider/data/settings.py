"""Player settings (SPEC 2.4) and the last New-game choices, remembered between runs."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from spider.data.storage import Loaded, load_document, save_document
from spider.model.values import as_dict, fields, replace, value

SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 1

ANIMATION_SPEEDS = ("normal", "fast", "off")
LANGUAGES = ("en", "vi", "hu", "zh")
LAYOUTS = ("SP", "SB", "SO")
SUIT_COUNTS = (1, 2, 4)
CARD_BACKS = ("web", "garnet", "waves", "deco")
TABLES = ("green", "blue", "burgundy", "graphite")

# Fields limited to a set of values; every other field is a bool.
_CHOICES: dict[str, tuple[Any, ...]] = {
    "animation_speed": ANIMATION_SPEEDS,
    "language": ("", *LANGUAGES),
    "layout": LAYOUTS,
    "suits": SUIT_COUNTS,
    "card_back": CARD_BACKS,
    "table": TABLES,
}


@value
class Settings:
    """All settings; invalid values raise ValueError. ``language=""`` follows the system."""

    double_click: bool = True
    auto_place: bool = False
    placement_help: bool = True
    rule_reminders: bool = True
    hints: bool = False
    win_check: bool = False
    animation_speed: str = "normal"
    sound: bool = True
    fullscreen: bool = True
    language: str = ""
    four_colour: bool = False
    large_index: bool = False      # larger card corners (low vision)
    reduced_motion: bool = False   # no cascade, only short slides
    winnable_only: bool = False
    layout: str = "SP"
    suits: int = 1
    relaxed: bool = False
    card_back: str = "web"
    table: str = "green"
    #: The last windowed window the player chose: x, y, width, height (empty: none yet).
    window: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        _check_window(self.window)
        for name, chosen in as_dict(self).items():
            if name == "window":
                continue
            allowed = _CHOICES.get(name, (True, False))
            # type() rather than isinstance: True must not pass as the int 1.
            if type(chosen) is not type(allowed[0]) or chosen not in allowed:
                raise ValueError(f"setting {name}={chosen!r} is not one of {allowed}")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dictionary."""
        return as_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Strict inverse of to_dict: unknown keys ignored, missing keys default."""
        if not isinstance(data, dict):
            raise ValueError("settings must be an object")
        names = set(fields(cls))
        values = {k: v for k, v in data.items() if k in names}
        if isinstance(values.get("window"), list):
            values["window"] = tuple(values["window"])
        return cls(**values)

    def with_(self, **changes: Any) -> Settings:
        """A copy with some settings changed (validated)."""
        return replace(self, **changes)


def _check_window(window: object) -> None:
    """The window's place: empty, or four whole numbers with a size of at least 1 × 1."""
    if window == ():
        return
    if (not isinstance(window, tuple) or len(window) != 4
            or any(type(value) is not int for value in window) or min(window[2:]) < 1):
        raise ValueError(f"setting window={window!r} is not (x, y, width, height)")


def load_settings(folder: Path) -> Loaded[Settings]:
    """Saved settings, or defaults (with ``problem`` set if the file was damaged)."""
    loaded = load_document(folder / SETTINGS_FILE, "settings", SETTINGS_VERSION, Settings.from_dict)
    return loaded.or_default(Settings())


def save_settings(folder: Path, settings: Settings) -> None:
    """Write settings atomically; raises storage.StorageError on failure."""
    save_document(folder / SETTINGS_FILE, "settings", SETTINGS_VERSION, settings.to_dict())


def _match_language(tags: list[str]) -> str:
    """First supported language among locale tags (``vi_VN``, ``Hungarian_Hungary``...)."""
    for tag in tags:
        tag = tag.strip().lower()
        for prefix, code in (("vi", "vi"), ("hu", "hu"), ("zh", "zh"), ("chinese", "zh")):
            if tag.startswith(prefix):
                return code
        if tag.startswith("en"):
            return "en"
    return "en"


def _platform_locale() -> str:
    import locale  # here: only a first start, with no language chosen, asks

    if sys.platform == "win32":
        try:
            import ctypes

            lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
            return locale.windows_locale.get(lcid, "")
        except (AttributeError, OSError):
            pass
    try:
        return locale.getlocale()[0] or ""
    except ValueError:
        return ""


def system_language() -> str:
    """Best guess of the player's language among LANGUAGES; "en" when unsure."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return _match_language(value.split(":"))
    return _match_language([_platform_locale()])
