"""Small pictures of the card backs and the table cloths, for Settings.

Drawn from the real art at the size asked (the back's SVG, the cloth's gradient),
and kept: a dialog draws them every frame, and a size is asked for again after
each change of the window.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from spider.app.table.cardimages import CardImages
from spider.app.table.felt import render_felt, table_colour
from spider.model.cards import Card, Suit

#: The card shown face up on a table's picture, under a face-down one.
SAMPLE = Card(1, Suit.SPADES)


@lru_cache(maxsize=32)
def _images(size: tuple[int, int], back: str) -> CardImages:
    return CardImages(size, back=back)


def back_preview(back: str, size: tuple[int, int]) -> pygame.Surface:
    """The back named ``back`` at ``size`` (a card's shape: about 5 wide to 7 high)."""
    return _images(size, back).back()


@lru_cache(maxsize=32)
def table_preview(table: str, size: tuple[int, int], back: str) -> pygame.Surface:
    """A corner of the table named ``table`` at ``size``: its cloth holding a card
    face up and a face-down card with the back named ``back`` overlapping it."""
    surface = render_felt(size, table_colour(table))
    card_h = max(8, round(size[1] * 0.62))
    card = (max(6, round(card_h * 5 / 7)), card_h)
    left = (size[0] - card[0] * 1.6) / 2
    top = (size[1] - card_h * 1.3) / 2
    surface.blit(_images(card, back).face(SAMPLE), (round(left), round(top)))
    surface.blit(_images(card, back).back(),
                 (round(left + card[0] * 0.6), round(top + card_h * 0.3)))
    return surface
