"""Spider Solitaire.

The game's dataclasses are compiled once and kept, like its bytecode (see
:mod:`spider.classcode`): every later start skips that work.
"""

from spider import classcode

classcode.install()
