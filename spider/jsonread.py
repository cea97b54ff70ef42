"""JSON text read without importing :mod:`json`, whose import compiles six regular
expressions (about as long as reading every file a start reads): the standard
library's own C scanner (``_json``, which :mod:`json` uses too) reads a well-formed
document; anything else is read by :mod:`json` itself, for the same value or error.
Importable from every layer, like :mod:`spider.environment`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: The blanks JSON allows around a value.
_BLANKS = " \t\n\r"


class _Options:
    """What ``json.loads`` reads with by default, as the C scanner asks for it."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = {"-Infinity": float("-inf"), "Infinity": float("inf"),
                      "NaN": float("nan")}.__getitem__


def _c_scanner() -> Callable[[str, int], tuple[Any, int]] | None:
    """The C scanner reading as ``json.loads`` does (None: a Python without it)."""
    try:
        from _json import make_scanner
    except ImportError:
        return None
    return make_scanner(_Options)  # type: ignore[arg-type]  # (typeshed asks for a scanner)


_scan = _c_scanner()


def loads(text: str) -> Any:
    """The value of the JSON document ``text``, as ``json.loads(text)`` gives it (and
    its ``ValueError`` when ``text`` is not one)."""
    if _scan is not None:
        start = len(text) - len(text.lstrip(_BLANKS))
        try:
            document, end = _scan(text, start)
        except (StopIteration, ValueError):
            pass  # (json says what is wrong)
        else:
            if end == len(text.rstrip(_BLANKS)):
                return document
    import json

    return json.loads(text)
