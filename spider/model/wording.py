"""How the model's refusals are put into words, without the model knowing the words.

A refusal (:class:`~spider.model.game.IllegalAction`,
:class:`~spider.model.dealcode.DealCodeError`) carries a message key and its values.
The message catalogue (:mod:`spider.text.i18n`) installs its translator here when it
is imported, so the model stays free of it; until then a refusal reads as its key
and values.
"""

from __future__ import annotations

from collections.abc import Callable

#: ``words(key, language, **params)``: the sentence for ``key`` in ``language``.
Words = Callable[..., str]


def _plain(key: str, language: str | None = None, /, **params: object) -> str:
    values = ", ".join(f"{name}={value}" for name, value in params.items())
    return f"{key} ({values})" if values else key


_words: Words = _plain


def install(words: Words) -> None:
    """Put refusals into words with ``words`` from now on (the catalogue's ``tr``)."""
    global _words
    _words = words


def words(key: str, language: str | None = None, /, **params: object) -> str:
    """The sentence for ``key`` (see the module docstring)."""
    return _words(key, language, **params)
