"""Check the message catalogues against the English one.

    python tools/check_catalogues.py [--quiet]

For every catalogue in ``spider/text/locales`` other than ``en.json`` it lists keys
that are missing or extra, placeholder sets (``{name}``) that differ from the
English message, plural tables without the forms the language needs
(``spider.text.i18n.PLURAL_FORMS``) or with forms it never uses, text that is not in
Unicode normal form C, and braces that ``str.format`` cannot read. It also lists
message keys the code looks up with a literal ``tr("...")`` that ``en.json``
does not have, and keys of ``en.json`` that nothing shows (see :func:`used_keys`).
Exit status 0 when nothing is wrong, 1 otherwise.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path
from string import Formatter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spider.text.i18n import LANGUAGES, PLURAL_FORMS  # noqa: E402

LOCALES = ROOT / "spider" / "text" / "locales"
SOURCES = ROOT / "spider"
#: Where keys may be used: the game, the command line entry and the development tools.
USERS = (ROOT / "spider", ROOT / "tools", ROOT / "main.py")
#: How an f-string that builds a message key starts: a namespace and a dot ("help.faq.q").
KEY_PREFIX = re.compile(r"[a-z][a-z0-9-]*\.[a-z0-9.-]*")
REFERENCE = "en"

Entry = str | dict[str, str]


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of ``text`` (raises ValueError on unreadable braces)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in Formatter().parse(text)
            if name is not None}


def entry_placeholders(entry: Entry) -> set[str]:
    texts = entry.values() if isinstance(entry, dict) else [entry]
    found: set[str] = set()
    for text in texts:
        found |= placeholders(text)
    return found


def load(language: str) -> dict[str, Entry]:
    return json.loads((LOCALES / f"{language}.json").read_text(encoding="utf-8"))


def texts_of(entry: object) -> list[str]:
    if isinstance(entry, str):
        return [entry]
    if isinstance(entry, dict):
        return [value for value in entry.values() if isinstance(value, str)]
    return []


def check_entry(language: str, key: str, entry: object, reference: Entry) -> list[str]:
    """Problems of one translated message compared with the English ``reference``."""
    problems: list[str] = []
    if isinstance(reference, dict):
        if not isinstance(entry, dict):
            return [f"{key}: should be a plural table like the English one"]
        needed = PLURAL_FORMS.get(language, ("other",))
        lacking = [form for form in needed if form not in entry]
        unused = [form for form in entry if form not in needed]
        if lacking:
            problems.append(f"{key}: plural form(s) missing: {', '.join(lacking)}")
        if unused:
            problems.append(f"{key}: plural form(s) {language} never uses: {', '.join(unused)}")
    elif not isinstance(entry, str):
        return [f"{key}: should be a string like the English one"]
    for text in texts_of(entry):
        if not isinstance(text, str) or not text.strip():
            problems.append(f"{key}: empty text")
        elif unicodedata.normalize("NFC", text) != text:
            problems.append(f"{key}: not in Unicode normal form C")
    try:
        wanted = entry_placeholders(reference)
        if isinstance(entry, dict):
            for form, text in entry.items():
                got = placeholders(text)
                # ``count`` may be left out of a form that spells the number ("one").
                if got != wanted and not (form == "one" and got == wanted - {"count"}):
                    problems.append(_mismatch(f"{key} [{form}]", wanted, got))
        else:
            got = placeholders(entry)
            if got != wanted:
                problems.append(_mismatch(key, wanted, got))
    except ValueError as error:
        problems.append(f"{key}: unreadable braces ({error})")
    return problems


def _mismatch(where: str, wanted: set[str], got: set[str]) -> str:
    parts = []
    if wanted - got:
        parts.append("lacks " + ", ".join(f"{{{name}}}" for name in sorted(wanted - got)))
    if got - wanted:
        parts.append("has extra " + ", ".join(f"{{{name}}}" for name in sorted(got - wanted)))
    return f"{where}: placeholders differ: {'; '.join(parts)}"


def check_catalogue(language: str, english: dict[str, Entry]) -> dict[str, list[str]]:
    """``missing``, ``extra`` and ``problems`` of one catalogue."""
    messages = load(language)
    report: dict[str, list[str]] = {
        "missing": [key for key in english if key not in messages],
        "extra": [key for key in messages if key not in english],
        "problems": [],
    }
    for key, entry in messages.items():
        if key in english:
            report["problems"] += check_entry(language, key, entry, english[key])
    return report


def keys_in_code(folder: Path = SOURCES) -> dict[str, list[str]]:
    """Message keys looked up with a literal string, ``tr("key", ...)``, and where."""
    found: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute)
                    and (node.func.id if isinstance(node.func, ast.Name)
                         else node.func.attr) == "tr"
                    and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                found.setdefault(node.args[0].value, []).append(where)
    return found


def _trees(places: Iterable[Path]) -> Iterator[ast.AST]:
    for place in places:
        for path in sorted(place.rglob("*.py")) if place.is_dir() else [place]:
            yield ast.parse(path.read_text(encoding="utf-8"), str(path))


def _pattern(node: ast.JoinedStr) -> str:
    """An f-string as a pattern: its literal parts as they are, each ``{...}`` as ``.+``."""
    return "".join(re.escape(str(part.value)) if isinstance(part, ast.Constant) else ".+"
                   for part in node.values)


def _tr_f_string(node: ast.AST) -> ast.JoinedStr | None:
    """The f-string ``node`` passes to ``tr`` as its key, if it is such a call."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    func = node.func
    name = (func.id if isinstance(func, ast.Name)
            else func.attr if isinstance(func, ast.Attribute) else None)
    key = node.args[0]
    return key if name == "tr" and isinstance(key, ast.JoinedStr) else None


def used_keys(keys: Iterable[str], places: Iterable[Path] = USERS) -> set[str]:
    """Which of ``keys`` the code can show.

    The code names a message either whole, as a string anywhere (``tr("menu.quit")``,
    or a table of keys such as ``(("help.key.drag", "help.do.drag"), ...)`` that is
    passed to ``tr`` later), or builds its key with an f-string: in a ``tr`` call
    (``tr(f"rule.{rule.value}")``, ``tr(f"{question}-title")``), or anywhere else when
    the f-string starts like a key (``f"help.faq.q{n}"``). A key matching such an
    f-string counts as used.
    """
    strings: set[str] = set()
    patterns: set[str] = set()
    for tree in _trees(places):
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                strings.add(node.value)
            elif (f_string := _tr_f_string(node)) is not None:
                patterns.add(_pattern(f_string))
            elif (isinstance(node, ast.JoinedStr) and isinstance(node.values[0], ast.Constant)
                    and KEY_PREFIX.fullmatch(str(node.values[0].value))):
                patterns.add(_pattern(node))
    built = re.compile("|".join(f"(?:{p})" for p in sorted(patterns)) or "(?!)")
    return {key for key in keys if key in strings or built.fullmatch(key)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quiet", action="store_true", help="print only what is wrong")
    args = parser.parse_args(argv)

    english = load(REFERENCE)
    failed = False
    for problem in (p for key, entry in english.items()
                    for p in check_entry(REFERENCE, key, entry, entry)):
        print(f"{REFERENCE}: {problem}")
        failed = True
    languages = sorted({path.stem for path in LOCALES.glob("*.json")} | set(LANGUAGES))
    for language in languages:
        if language == REFERENCE:
            continue
        if not (LOCALES / f"{language}.json").is_file():
            print(f"{language}: no catalogue (spider/text/locales/{language}.json)")
            failed = True
            continue
        report = check_catalogue(language, english)
        count = len(load(language))
        bad = any(report.values())
        failed |= bad
        if not bad:
            if not args.quiet:
                print(f"{language}: {count} keys, complete")
            continue
        print(f"{language}: {count} keys")
        for key in report["missing"]:
            print(f"  missing: {key}  (en: {json.dumps(english[key], ensure_ascii=False)})")
        for key in report["extra"]:
            print(f"  extra: {key}")
        for problem in report["problems"]:
            print(f"  {problem}")
    for key, places in sorted(keys_in_code().items()):
        if key not in english:
            print(f"code: tr({key!r}) has no English message ({', '.join(places)})")
            failed = True
    used = used_keys(english)
    for key in english:
        if key not in used:
            print(f"{REFERENCE}: {key!r} is shown nowhere: no code names it or builds it")
            failed = True
    if not args.quiet:
        print(f"{REFERENCE}: {len(english)} keys")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
