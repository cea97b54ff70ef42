"""What every command shares: exit codes, one-line errors, reading codes, files and moves."""

from __future__ import annotations

import argparse
import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from spider.model.dealcode import DealCode, DealCodeError
from spider.model.game import Game
from spider.model.notation import (
    NotationError,
    Token,
    game_from_code,
    parse_position,
    parse_token,
    quote,
    split_tokens,
)
from spider.text.i18n import tr

EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2
#: The largest position file read (a full position is a few hundred bytes).
MAX_POSITION_BYTES = 1 << 20
#: The window sizes a screenshot may have: from 320 x 240 to 8K.
MIN_SIZE, MAX_SIZE = (320, 240), (7680, 4320)


class BadInput(Exception):
    """Input the command cannot read; its message is shown to the user as is."""


class Parser(argparse.ArgumentParser):
    """An argument parser that reports a mistake as one line (exit 2), without a usage dump."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise BadInput(f"{self.prog}: {message}")


def add_source(parser: argparse.ArgumentParser) -> None:
    """``--code CODE | --position FILE``: where a command's game starts."""
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--code")
    source.add_argument("--position", type=Path, metavar="FILE")


def read_code(text: str) -> DealCode:
    try:
        return DealCode.parse(text)
    except DealCodeError as error:
        raise BadInput(f"bad deal code {quote(text.strip())!r}: {error}") from None


def load_start(code: str | None, position: Path | None) -> Game:
    """The game a command starts from: a deal code or a position file."""
    if code is not None:
        return game_from_code(read_code(code))
    assert position is not None
    try:
        with position.open("rb") as file:
            raw = file.read(MAX_POSITION_BYTES + 1)
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"cannot read position file {position}: {error}") from None
    if len(raw) > MAX_POSITION_BYTES:
        raise BadInput(tr("input.too-big", path=str(position), limit=MAX_POSITION_BYTES))
    try:
        return parse_position(text)
    except NotationError as error:
        raise BadInput(f"bad position in {position}: {error}") from None


def read_tokens(words: Sequence[str]) -> list[tuple[str, Token]]:
    """Each move token as typed, with its meaning."""
    try:
        return [(text, parse_token(text)) for word in words for text in split_tokens(word)]
    except NotationError as error:
        raise BadInput(f"bad move: {error}") from None


def parse_size(text: str) -> tuple[int, int]:
    """``WIDTHxHEIGHT`` in ASCII digits, within MIN_SIZE and MAX_SIZE."""
    width, _, height = text.lower().partition("x")
    digits = (width + height).isascii() and width.isdigit() and height.isdigit()
    size = (int(width), int(height)) if digits and len(width + height) <= 10 else (0, 0)
    if not all(low <= value <= high for low, value, high in zip(MIN_SIZE, size, MAX_SIZE,
                                                                   strict=True)):
        raise BadInput(tr("output.bad-size", text=quote(text), low="x".join(map(str, MIN_SIZE)),
                          high="x".join(map(str, MAX_SIZE))))
    return size


def check_output(path: Path) -> None:
    """Make sure ``path`` can be written before any long work: its folder exists (it is
    made if missing) and takes a new file, and ``path`` is not a folder, a device or
    anything but a regular file. Raises BadInput with one line saying why not."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise BadInput(tr("output.not-writable", path=str(path), reason=_reason(error))) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise BadInput(tr("output.is-a-folder", path=str(path)))
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise BadInput(tr("output.not-writable", path=str(path),
                          reason=tr("output.reason-special")))
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError:
        raise BadInput(tr("output.not-a-folder", path=str(path), folder=str(folder))) from None
    if info is not None and not os.access(path, os.W_OK):
        raise BadInput(tr("output.not-writable", path=str(path),
                          reason=_reason(PermissionError(13, os.strerror(13)))))


def write_out(text: str) -> None:
    """Print a command's result on stdout. A stdout that cannot take it (a full disk, a
    closed pipe) is one line on stderr and exit 2 (BadInput), not a traceback."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except OSError as error:
        with contextlib.suppress(OSError):  # nothing more goes there, not even at exit
            sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
        raise BadInput(tr("output.stdout", reason=_reason(error))) from None


def _reason(error: OSError) -> str:
    return error.strerror or type(error).__name__
