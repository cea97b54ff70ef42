"""The desktop game: window, loop, scenes and drawing (the only part that uses pygame)."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
