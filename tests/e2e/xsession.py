"""A real X display for end-to-end tests: Xvfb, xdotool, screenshots, closing a window.

Everything a person does goes through the X server: ``xdotool`` moves the real
pointer and presses real keys (XTEST), screenshots are read from the root window
(``XGetImage`` through ctypes, saved as PNG), and closing a window sends it the
``WM_DELETE_WINDOW`` message a window manager's close button sends. Only Xvfb and
xdotool need installing.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from spider.data.session import Session

TOOLS = ("Xvfb", "xdotool")


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


#: The marks of every real-window test module (``pytestmark = REAL_WINDOW``).
REAL_WINDOW = [
    pytest.mark.e2e,
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform != "linux", reason="Xvfb end-to-end tests run on Linux"),
    pytest.mark.skipif(bool(missing_tools()),
                       reason=f"needs {', '.join(missing_tools())} (apt-get install xvfb xdotool)"),
]


def display_fixture(size: tuple[int, int]) -> Callable[[], Iterator[Display]]:
    """A module's ``display`` fixture: a private X screen of ``size`` for its tests."""

    @pytest.fixture(scope="module")
    def display() -> Iterator[Display]:
        with xvfb(size) as name:
            yield Display(name)

    return display


@contextlib.contextmanager
def xvfb(size: tuple[int, int] = (1280, 800)) -> Iterator[str]:
    """Start Xvfb on a free display; yield its name (``:N``); stop it afterwards."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24",
         "-nolisten", "tcp", "-noreset"],
        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start")
        yield f":{number}"
    finally:
        stop(server)


def stop(process: subprocess.Popen[Any], timeout: float = 10) -> None:
    """Ask ``process`` to end; kill it if it has not ended within ``timeout`` seconds."""
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def finish(game: subprocess.Popen[bytes], mirror: Any = None) -> bytes:
    """End the game's process if it still runs and close the App that mirrored it;
    what the game wrote to its standard error."""
    if game.poll() is None:
        game.kill()
    _, err = game.communicate()
    if mirror is not None:
        mirror.close()
    return err


def saved_session(data: Path) -> Session:
    """The game in progress as the game saved it in its data folder ``data``."""
    document = json.loads((data / "game.json").read_text(encoding="utf-8"))
    return Session.from_dict(document["data"]["session"])


class Display:
    """Commands on one X display."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.env = {**os.environ, "DISPLAY": name}

    def xdotool(self, *args: object, check: bool = True) -> str:
        done = subprocess.run(["xdotool", *map(str, args)], env=self.env, capture_output=True,
                              text=True, timeout=30)
        if check and done.returncode != 0:
            raise RuntimeError(f"xdotool {' '.join(map(str, args))}: {done.stderr.strip()}")
        return done.stdout

    def find_window(self, pid: int, timeout: float = 40.0) -> int:
        """The window of process ``pid`` once it is mapped."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            found = self.xdotool("search", "--onlyvisible", "--pid", pid, check=False).split()
            if found:
                return int(found[-1])
            time.sleep(0.2)
        raise TimeoutError(f"no window for process {pid}")

    def geometry(self, window: int) -> tuple[int, int, int, int]:
        """x, y, width, height of ``window`` on the screen."""
        values = dict(line.split("=", 1) for line in self.xdotool(
            "getwindowgeometry", "--shell", window).split() if "=" in line)
        return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])

    def screenshot(self, path: Path) -> Path:
        """The whole screen, read from the X server (``XGetImage``), saved as a PNG."""
        import pygame

        x11 = _xlib()
        display = x11.XOpenDisplay(self.name.encode())
        if not display:
            raise RuntimeError(f"cannot open display {self.name}")
        try:
            root = x11.XDefaultRootWindow(display)
            screen = x11.XDefaultScreen(display)
            width = x11.XDisplayWidth(display, screen)
            height = x11.XDisplayHeight(display, screen)
            pointer = x11.XGetImage(display, root, 0, 0, width, height, ~0 & 0xFFFFFFFF,
                                    2)  # ZPixmap
            if not pointer:
                raise RuntimeError("XGetImage failed")
            image = ctypes.cast(pointer, ctypes.POINTER(_XImage)).contents
            if image.bits_per_pixel != 32 or image.bytes_per_line != width * 4:
                raise RuntimeError(f"unexpected screen format: {image.bits_per_pixel} bits")
            raw = ctypes.string_at(image.data, image.bytes_per_line * height)
            x11.XFree(image.data)
            x11.XFree(pointer)
        finally:
            x11.XCloseDisplay(display)
        rgb = bytearray(width * height * 3)  # BGRX (little-endian TrueColor) to RGB
        rgb[0::3], rgb[1::3], rgb[2::3] = raw[2::4], raw[1::4], raw[0::4]
        pygame.image.save(pygame.image.frombuffer(bytes(rgb), (width, height), "RGB"),
                          str(path))
        return path

    def close_window(self, window: int) -> None:
        """Ask ``window`` to close, as a window manager's close button does
        (a ``WM_PROTOCOLS`` client message carrying ``WM_DELETE_WINDOW``)."""
        x11 = _xlib()
        display = x11.XOpenDisplay(self.name.encode())
        if not display:
            raise RuntimeError(f"cannot open display {self.name}")
        try:
            event = _XEvent()
            message = event.xclient
            message.type = 33  # ClientMessage
            message.window = window
            message.message_type = x11.XInternAtom(display, b"WM_PROTOCOLS", 0)
            message.format = 32
            message.data[0] = x11.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
            message.data[1] = 0  # CurrentTime
            x11.XSendEvent(display, window, 0, 0, ctypes.byref(event))
            x11.XFlush(display)
        finally:
            x11.XCloseDisplay(display)


def _xlib() -> ctypes.CDLL:
    """libX11 with the signatures used here."""
    x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    pointer, ulong, c_int = ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int
    for name, result, args in (
            ("XOpenDisplay", pointer, [ctypes.c_char_p]),
            ("XCloseDisplay", c_int, [pointer]),
            ("XFlush", c_int, [pointer]),
            ("XFree", c_int, [pointer]),
            ("XInternAtom", ulong, [pointer, ctypes.c_char_p, c_int]),
            ("XSendEvent", c_int, [pointer, ulong, c_int, ctypes.c_long, pointer]),
            ("XDefaultRootWindow", ulong, [pointer]),
            ("XDefaultScreen", c_int, [pointer]),
            ("XDisplayWidth", c_int, [pointer, c_int]),
            ("XDisplayHeight", c_int, [pointer, c_int]),
            ("XGetImage", pointer, [pointer, ulong, c_int, c_int, ctypes.c_uint,
                                    ctypes.c_uint, ulong, c_int])):
        function = getattr(x11, name)
        function.restype, function.argtypes = result, args
    return x11


class _XImage(ctypes.Structure):
    """The leading fields of Xlib's XImage (the ones read here)."""

    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.c_void_p),
                ("byte_order", ctypes.c_int), ("bitmap_unit", ctypes.c_int),
                ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int),
                ("bits_per_pixel", ctypes.c_int)]


class _XClientMessageEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong),
                ("send_event", ctypes.c_int), ("display", ctypes.c_void_p),
                ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]


class _XEvent(ctypes.Union):
    _fields_ = [("xclient", _XClientMessageEvent), ("pad", ctypes.c_long * 24)]
