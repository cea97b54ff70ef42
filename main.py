"""Spider Solitaire: run the game, or a command (see ``python main.py --help``)."""

import sys

from spider.commands.crash import run_guarded


def _main() -> int:
    # Imported here so that even a failing import is caught and reported.
    from spider.commands.main import main

    return main()


if __name__ == "__main__":
    sys.exit(run_guarded(_main))
