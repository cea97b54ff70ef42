"""Spider Solitaire: run the game, or a command (see ``python main.py --help``)."""

import gc
import sys

# Collecting garbage waits until the game's first frame is shown (or a command starts):
# the start makes tens of thousands of objects and next to no cycles to collect.
gc.disable()

from spider import keptcode  # noqa: E402

keptcode.install()  # before the game's modules: the code the last start kept

from spider.commands.crash import run_guarded  # noqa: E402


def _main() -> int:
    # Imported here so that even a failing import is caught and reported.
    from spider.commands.main import main

    return main()


if __name__ == "__main__":
    sys.exit(run_guarded(_main))
