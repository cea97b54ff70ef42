"""Spider's own card art, drawn in code (see :mod:`tools.card_art.__main__`)."""
