"""The hint's mark on the table: a glow around the cards that would move and around
where they would go (the stock, for a deal). :class:`~spider.app.table.hinting.Hinting`
decides when a mark shows; this module only draws it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from spider.model.actions import Move

if TYPE_CHECKING:
    from spider.app.table.scene import TableScene
    from spider.solver.hints import Hint

MARK = (255, 214, 92)          # the cards that would move (the placement-help gold)
DESTINATION = (140, 226, 255)  # where they would go

_glows: dict[tuple[object, ...], pygame.Surface] = {}


def draw_mark(surface: pygame.Surface, hint: Hint, table: TableScene) -> None:
    """Mark ``hint``'s cards and their destination, or the stock, on ``table``'s board."""
    g, board = table.geometry, table.board
    radius = table.images.radius
    width = max(3, g.card_w // 26)
    if not isinstance(hint.action, Move):
        box = g.stock_box(table.game.deals_left)
        if box is not None:
            _glow(surface, pygame.Rect(box), MARK, radius, width, fill=True)
        return
    source, target = hint.action.source, hint.action.target
    count = hint.action.count or 1
    group = board.columns[source][-count:] if source < len(board.columns) else []
    if not group or target >= len(board.columns):
        return
    top_x, top_y = group[0].pos
    height = round(group[-1].pos[1] - top_y) + g.card_h
    _glow(surface, pygame.Rect(round(top_x), round(top_y), g.card_w, height),
          MARK, radius, width)
    cards = board.columns[target]
    if cards:
        x, y = cards[-1].pos
        place = pygame.Rect(round(x), round(y), g.card_w, g.card_h)
    else:
        place = pygame.Rect(g.column_slot(target))
    _glow(surface, place, DESTINATION, radius, width, fill=True)


def _glow(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int],
          radius: int, width: int, fill: bool = False) -> None:
    """A rounded outline around ``rect`` with a soft halo outside it (pictures cached)."""
    spread = width * 3
    key = (rect.size, colour, radius, width, fill)
    picture = _glows.get(key)
    if picture is None:
        if len(_glows) > 32:
            _glows.clear()
        picture = pygame.Surface((rect.w + 2 * spread, rect.h + 2 * spread), pygame.SRCALPHA)
        for step in range(spread, 0, -1):  # the halo: fainter farther out
            alpha = round(120 * (1 - step / (spread + 1)) ** 2)
            halo = pygame.Rect(spread - step, spread - step, rect.w + 2 * step, rect.h + 2 * step)
            pygame.draw.rect(picture, (*colour, alpha), halo, width=1,
                             border_radius=radius + step)
        inner = pygame.Rect(spread, spread, rect.w, rect.h)
        if fill:
            pygame.draw.rect(picture, (*colour, 40), inner, border_radius=radius)
        pygame.draw.rect(picture, (*colour, 240), inner, width=width, border_radius=radius)
        _glows[key] = picture
    surface.blit(picture, (rect.x - spread, rect.y - spread))
