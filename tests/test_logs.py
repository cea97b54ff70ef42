"""A module's logger imports logging only when used, and logs as logging's own does."""

from __future__ import annotations

import logging

import pytest

from spider.logs import logger


def warn_here() -> None:
    logger("spider.example").warning("the %s is %d", "answer", 42)


def test_a_lazy_logger_records_as_its_module_and_caller(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        warn_here()
    [record] = caplog.records
    assert (record.name, record.getMessage(), record.funcName) == (
        "spider.example", "the answer is 42", "warn_here")
