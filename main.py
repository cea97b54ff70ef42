"""Spider Solitaire: run the game, or a command (see ``python main.py --help``)."""

import sys

from spider.cli import main

if __name__ == "__main__":
    sys.exit(main())
