"""The marks over the cards that show where the hand can go: the columns lit that
accept the group in the hand (when placement help is on), and the keyboard's focus
ring around a column or the stock, with a frame around the selected cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from spider.app.table.geometry import whole
from spider.app.table.keyboard import STOCK

if TYPE_CHECKING:
    from spider.app.table.cardimages import CardImages
    from spider.app.table.scene import TableScene

HIGHLIGHT = (255, 214, 92)
FOCUS = (120, 200, 255)


def drop_highlights(table: TableScene, images: CardImages
                    ) -> list[tuple[tuple[int, int], pygame.Surface]]:
    """Where the columns that accept the group in the hand (dragged, or picked up
    by keys) are lit, and the light."""
    drag, keys = table.input.dragging, table.input.keys
    accepting = (drag.accepting if drag is not None
                 else keys.accepting if keys.held is not None else [])
    if not accepting or not table.app.settings.placement_help:
        return []
    g = table.geometry
    glow = images.outline((*HIGHLIGHT, 235), max(2, g.card_w // 36), fill=(*HIGHLIGHT, 46))
    places = []
    for column in accepting:
        cards = table.board.columns[column]
        places.append(whole(cards[-1].target) if cards else g.column_slot(column)[:2])
    return [(place, glow) for place in places]


def draw_focus(surface: pygame.Surface, table: TableScene) -> None:
    """The keyboard's focus ring around a column (or the stock) and, within it, a
    frame around the selected cards."""
    g, keys, board = table.geometry, table.input.keys, table.board
    width = max(2, g.card_w // 30)
    radius = max(4, g.card_w // 12)
    if keys.focus == STOCK:
        box = g.stock_box(table.game.deals_left)
        if box is None:
            return
        ring = pygame.Rect(box.x, box.y, box.w, box.h).inflate(width * 4, width * 4)
    else:
        strip = g.column_strip(keys.focus)
        ring = pygame.Rect(strip.x + width, strip.y + width // 2,
                           strip.w - 2 * width, strip.h - width)
    pygame.draw.rect(surface, FOCUS, ring, width, radius)
    count = keys.selection() if keys.held is None else 0
    cards = board.columns[keys.focus] if keys.focus != STOCK else []
    if count and len(cards) >= count:
        first, last = cards[-count].pos, cards[-1].pos
        frame = pygame.Rect(round(first[0]), round(first[1]), g.card_w,
                            round(last[1] - first[1]) + g.card_h)
        pygame.draw.rect(surface, HIGHLIGHT, frame.inflate(width * 2, width * 2),
                         width, radius)
