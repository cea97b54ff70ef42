"""The three table layouts: how many columns, how they are dealt, how big the stock is."""

from __future__ import annotations

from spider.model.values import value


@value
class Layout:
    """A layout: its id in deal codes, column heights at the start, and decks used."""

    id: str
    name_key: str
    column_heights: tuple[int, ...]
    decks: int

    @property
    def columns(self) -> int:
        return len(self.column_heights)

    @property
    def cards(self) -> int:
        return 52 * self.decks

    @property
    def runs_to_win(self) -> int:
        return 4 * self.decks

    @property
    def stock_size(self) -> int:
        return self.cards - sum(self.column_heights)

    @property
    def deals(self) -> int:
        """How many deals the stock gives (a short last deal counts as one)."""
        return -(-self.stock_size // self.columns)


STANDARD = Layout("SP", "layout.standard", (6, 6, 6, 6, 5, 5, 5, 5, 5, 5), decks=2)
BICYCLE = Layout("SB", "layout.bicycle", (5,) * 10, decks=2)
ONE_DECK = Layout("SO", "layout.one-deck", (1, 2, 3, 4, 5, 6, 7), decks=1)

LAYOUTS: dict[str, Layout] = {layout.id: layout for layout in (STANDARD, BICYCLE, ONE_DECK)}
