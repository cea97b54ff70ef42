"""The environment variables the game reads, each named once (``SPIDER_*``).

Pure names, importable from any layer: :mod:`spider.data.storage` reads
``DATA_DIR`` and ``CACHE_DIR``, :mod:`spider.app.smoke` ``EXIT_AFTER_FIRST_FRAME``,
:mod:`spider.commands.crash` ``TEST_CRASH``; the tools set them.
"""

#: The folder for saved data (default: the platform's user data folder).
DATA_DIR = "SPIDER_DATA_DIR"
#: The folder for files kept only to start faster (default: the platform's user cache
#: folder): the card pictures at the sizes played last.
CACHE_DIR = "SPIDER_CACHE_DIR"
#: ``1``: ``--smoke-test`` only starts the game as a double-click does and exits 0 at
#: its first frame (start-up measurements).
EXIT_AFTER_FIRST_FRAME = "SPIDER_EXIT_AFTER_FIRST_FRAME"
#: ``1``: raise a deliberate error at start, to test the crash report.
TEST_CRASH = "SPIDER_TEST_CRASH"
