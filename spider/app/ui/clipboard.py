"""The system clipboard's text, where there is one (never fails)."""

from __future__ import annotations

import pygame


def clipboard_text() -> str:
    """The clipboard's text ("" when there is none or no clipboard)."""
    try:
        got = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError):
        return ""
    if isinstance(got, bytes):
        got = got.decode("utf-8", "replace")
    return got or ""


def put_clipboard(string: str) -> bool:
    """Put ``string`` on the clipboard; False when there is no clipboard."""
    try:
        pygame.scrap.put_text(string)
    except (pygame.error, AttributeError, NotImplementedError):
        return False
    return True
