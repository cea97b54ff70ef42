"""Spider Solitaire: run the game, or a command (see ``python main.py --help``)."""

import sys

from spider import keptcode

keptcode.install()  # before the game's modules: the code the last start kept

from spider.commands.crash import run_guarded  # noqa: E402


def _main() -> int:
    # Imported here so that even a failing import is caught and reported.
    from spider.commands.main import main

    return main()


if __name__ == "__main__":
    sys.exit(run_guarded(_main))
