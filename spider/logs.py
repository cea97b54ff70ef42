"""Loggers that import :mod:`logging` only when something is logged: the game starts
without it (importable from every layer, like :mod:`spider.environment`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    import logging


class _Later:
    """Stands for ``logging.getLogger(name)``: each use is that logger's own."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str) -> Any:
        import logging

        return getattr(logging.getLogger(self._name), attribute)


def logger(name: str) -> logging.Logger:
    """The logger of ``name`` (a module's ``__name__``), made when first used."""
    return cast("logging.Logger", _Later(name))
