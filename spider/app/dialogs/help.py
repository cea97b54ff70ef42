"""Help (F1): the whole game in our own words, with small card pictures, the keys, a
summary, an FAQ, and a button to the worked example game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from spider.app.dialogs.base import FILL, Dialog
from spider.app.dialogs.example import ExampleScene
from spider.app.table.cardimages import CardImages
from spider.app.ui.focus import UiState
from spider.app.ui.textlayout import blit_text, line_height, text_width, wrap
from spider.app.ui.theme import DIM, GOLD, PANEL, TEXT, WHITE, Style, draw_round
from spider.app.ui.widgets import Button, Label, Row, Widget
from spider.model import example
from spider.model.cards import Card, Suit
from spider.text.i18n import current_language, tr

if TYPE_CHECKING:
    from spider.app.host import Host


# --------------------------------------------------------------------- help
#: A block of the page: ("text" | "item" | "question", message key) or ("picture", name).
Block = tuple[str, str]


def _para(*keys: str) -> tuple[Block, ...]:
    return tuple(("text", key) for key in keys)


#: The help: sections of (heading key, blocks), in reading order.
HELP_SECTIONS: tuple[tuple[str, tuple[Block, ...]], ...] = (
    ("help.summary.title", tuple(("item", f"help.summary.{n}") for n in range(1, 7))),
    ("help.goal.title", _para("help.goal.1")),
    ("help.table.title", _para("help.table.1", "help.table.2")),
    ("help.difficulty.title", (*_para("help.difficulty.1", "help.difficulty.2"),
                               ("picture", "rules"), *_para("help.difficulty.3"))),
    ("help.moving.title", (*_para("help.moving.1", "help.moving.2"), ("picture", "group"))),
    ("help.empty.title", _para("help.empty.1")),
    ("help.dealing.title", _para("help.dealing.1")),
    ("help.runs.title", (*_para("help.runs.1"), ("picture", "run"), *_para("help.runs.2"))),
    ("help.scoring.title", _para("help.scoring.1", "help.scoring.2", "help.scoring.3")),
    ("help.helpers.title", _para("help.helpers.1", "help.helpers.2", "help.helpers.3",
                                 "help.helpers.4")),
    ("help.codes.title", _para("help.codes.1", "help.codes.2", "help.codes.3")),
    ("help.hints.title", _para("help.hints.1", "help.hints.2", "help.hints.3",
                               "help.hints.4")),
    ("help.stats.title", _para("help.stats.1", "help.stats.2")),
    ("help.controls.title", (*_para("help.controls.1"), ("picture", "keys"),
                             *_para("help.controls.2"))),
    ("help.example.title", _para("help.example.1")),
    ("help.faq.title", tuple(block for n in range(1, 7)
                             for block in (("question", f"help.faq.q{n}"),
                                           ("text", f"help.faq.a{n}")))),
)
#: Figures some paragraphs show (the worked example's).
HELP_PARAMS: dict[str, dict[str, object]] = {
    "help.scoring.3": {"moves": example.MOVES, "score": example.SCORE},
}
#: The controls table: (what you press, what it does), both message keys.
HELP_KEYS = tuple((f"help.key.{name}", f"help.do.{name}") for name in (
    "drag", "double", "stock", "undo", "redo", "copy", "new", "auto", "hint", "demo", "help",
    "menu", "full", "esc", "focus", "count", "pick", "digits"))


class HelpScene(Dialog):
    """The rules and controls in our own words, with small pictures; scrollable."""

    min_width = 34.0

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.scroll = 0
        self.page: HelpPage | None = None
        self.view = pygame.Rect(0, 0, 0, 0)
        self._page_key: tuple[Any, ...] | None = None
        self._drag: tuple[int, int] | None = None

    def title(self) -> str:
        return tr("help.title")

    def body(self) -> Widget:
        return HelpView(self)

    def footer(self) -> Widget:
        return Row([Label(tr("help.scroll-hint"), "small", DIM),
                    Row([Button(tr("help.example-button"), self.open_example),
                         Button(tr("dialog.close"), self.close, "primary", min_width=7)])],
                   align="spread")

    def open_example(self) -> None:
        """Help → Example: the worked example game, over the help."""
        self.app.open(ExampleScene(self.app))

    def _fit(self, fs: int | None = None) -> int:
        width, height = self.app.size
        fs = fs or self.natural_font()
        self.style = style = Style(fs)
        panel_w = min(round(width * FILL), round(fs * 42) + 2 * style.pad)
        panel_h = round(height * 0.92)
        self.panel = pygame.Rect((width - panel_w) // 2, (height - panel_h) // 2, panel_w,
                                 panel_h)
        self._place(style, line_height(style.title, True))
        return fs

    def default(self) -> None:
        self.close()

    # scrolling
    @property
    def max_scroll(self) -> int:
        if self.page is None:
            return 0
        return max(0, self.page.height - self.view.h)

    def scroll_by(self, dy: int) -> None:
        old = self.scroll
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))
        if self.scroll != old:
            self.app.request_redraw()

    def handle(self, event: pygame.event.Event) -> bool:
        self.ensure()
        line = line_height(self.style.fs) * 3
        page = max(line, self.view.h - line)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * line)
            return False
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: line, pygame.K_UP: -line, pygame.K_PAGEDOWN: page,
                     pygame.K_PAGEUP: -page, pygame.K_SPACE: page, pygame.K_HOME: -10**9,
                     pygame.K_END: 10**9}
            if event.key in steps and not (event.key == pygame.K_SPACE
                                           and isinstance(self.focus.focus, Button)
                                           and self.focus.state.keyboard):
                self.scroll_by(steps[event.key])
                return False
            if event.key == pygame.K_F1:
                self.close()
                return False
        thumb = self.thumb()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and thumb is not None:
            track = self.track()
            if thumb.collidepoint(event.pos):
                self._drag = (event.pos[1], self.scroll)
                return False
            if track.collidepoint(event.pos):
                self.scroll_by(page if event.pos[1] > thumb.centery else -page)
                return False
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            start_y, start_scroll = self._drag
            track, thumb = self.track(), self.thumb()
            if thumb is not None and track.h > thumb.h:
                ratio = self.max_scroll / (track.h - thumb.h)
                self.scroll = start_scroll
                self.scroll_by(round((event.pos[1] - start_y) * ratio))
            return False
        if event.type == pygame.MOUSEBUTTONUP and self._drag is not None:
            self._drag = None
            return False
        return super().handle(event)

    def track(self) -> pygame.Rect:
        width = max(4, self.style.gap)
        return pygame.Rect(self.view.right + self.style.pad // 2 - width // 2, self.view.y,
                           width, self.view.h)

    def thumb(self) -> pygame.Rect | None:
        if self.page is None or self.max_scroll <= 0:
            return None
        track = self.track()
        height = max(track.w * 3, track.h * self.view.h // self.page.height)
        y = track.y + (track.h - height) * self.scroll // self.max_scroll
        return pygame.Rect(track.x, y, track.w, height)


class HelpView(Widget):
    """The scrolled page of the help (:class:`HelpPage`)."""

    def __init__(self, scene: HelpScene) -> None:
        super().__init__()
        self.scene = scene

    def measure(self, style: Style) -> tuple[int, int]:
        return round(style.fs * 34), round(style.fs * 10)

    def place(self, rect: pygame.Rect, style: Style) -> None:
        scene = self.scene
        self.rect = pygame.Rect(rect)
        view = pygame.Rect(rect.x, rect.y, rect.w - style.pad, rect.h)
        key = (view.w, style.fs, current_language())
        scene.view = view
        if scene._page_key != key:
            scene.page = HelpPage(view.w, style, band=view.h // 2)
            scene._page_key = key
        scene.scroll = max(0, min(scene.max_scroll, scene.scroll))

    def draw(self, surface: pygame.Surface, style: Style, state: UiState) -> None:
        scene = self.scene
        if scene.page is None:
            return
        view = scene.view
        scene.page.blit(surface, view.topleft, scene.scroll, view.h)
        # Soft edges where more text is hidden above or below.
        fade = min(view.h // 6, style.pad)
        if scene.scroll > 0:
            surface.blit(_fade(view.w, fade, True), view.topleft)
        if scene.scroll < scene.max_scroll:
            surface.blit(_fade(view.w, fade, False), (view.x, view.bottom - fade))
        track, thumb = scene.track(), scene.thumb()
        if thumb is not None:
            draw_round(surface, track, (255, 255, 255, 18), track.w // 2)
            draw_round(surface, thumb, (255, 255, 255, 110), track.w // 2)


_fades: dict[tuple[int, int, bool], pygame.Surface] = {}


def _fade(width: int, height: int, top: bool) -> pygame.Surface:
    key = (width, height, top)
    surface = _fades.get(key)
    if surface is None:
        surface = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
        for row in range(height):
            t = row / max(1, height - 1)
            alpha = round(PANEL[3] * ((1 - t) if top else t))
            pygame.draw.line(surface, (*PANEL[:3], alpha), (0, row), (width, row))
        _fades[key] = surface
    return surface


def _item_indent(style: Style) -> int:
    return text_width("0.", style.fs, True) + style.gap


def _block_lines(kind: str, string: str, width: int, style: Style) -> list[str]:
    if kind == "item":
        return wrap(string, style.fs, width - _item_indent(style))
    return wrap(string, style.fs, width, bold=kind == "question")


class HelpPage:
    """The whole help page at ``width`` pixels: headings, paragraphs, pictures, keys.

    Laid out once, drawn in bands as it scrolls into view, and only the bands near
    the view are kept (drawn whole, a page at 3840 × 2160 held 150 MB).
    """

    def __init__(self, width: int, style: Style, band: int) -> None:
        self.width, self.style, self.band = width, style, max(64, band)
        self.blocks: list[tuple[str, str, int]] = []  # kind, text or picture name, item number
        for heading, items in HELP_SECTIONS:
            self.blocks.append(("heading", tr(heading), 0))
            number = 0
            for kind, value in items:
                number += kind == "item"
                text = value if kind == "picture" else tr(value, None,
                                                          **HELP_PARAMS.get(value, {}))
                self.blocks.append((kind, text, number))
        self.heights: list[int] = []
        for kind, value, _ in self.blocks:
            if kind == "heading":
                above = style.pad * 2 // 3 if self.heights else 0
                self.heights.append(above + line_height(style.heading, True) + style.gap // 2)
            elif kind == "picture" and value == "keys":
                self.heights.append(_keys_height(style, width) + style.gap)
            elif kind == "picture":
                self.heights.append(picture_size(value, width, style)[1] + style.gap * 2)
            else:
                below = style.gap // 3 if kind == "question" else style.gap
                self.heights.append(len(_block_lines(kind, value, width, style)) * self._line_h
                                    + below)
        self.height = sum(self.heights) + style.pad
        self._bands: dict[int, pygame.Surface] = {}

    @property
    def _line_h(self) -> int:
        return round(line_height(self.style.fs) * 1.08)

    def blit(self, surface: pygame.Surface, topleft: tuple[int, int], top: int,
             height: int) -> None:
        """Show the page's rows ``top`` to ``top + height`` at ``topleft`` on ``surface``."""
        first = top // self.band
        last = min(top + height - 1, self.height - 1) // self.band
        for index in [index for index in self._bands if not first - 1 <= index <= last + 1]:
            del self._bands[index]  # far from the view
        for index in range(first, last + 1):
            band = self._bands.get(index)
            if band is None:
                band = self._bands[index] = pygame.Surface((self.width, self.band),
                                                           pygame.SRCALPHA)
                self.draw(band, index * self.band)
            start = index * self.band
            rows = pygame.Rect(0, max(top, start) - start, self.width, 0)
            rows.h = min(top + height, start + self.band) - start - rows.y
            surface.blit(band, (topleft[0], topleft[1] + start + rows.y - top), rows)

    def whole(self) -> pygame.Surface:
        """The whole page on one surface (for checks of the text on it)."""
        page = pygame.Surface((self.width, self.height), pygame.SRCALPHA)
        self.draw(page, 0)
        return page

    def draw(self, page: pygame.Surface, offset: int) -> None:
        """Draw the blocks that meet ``page``, whose top is the page's row ``offset``."""
        style, width = self.style, self.width
        top = 0
        for (kind, value, number), height in zip(self.blocks, self.heights, strict=True):
            y, top = top - offset, top + height
            if y + height <= 0 or y >= page.get_height():
                continue
            if kind == "heading":
                y_text = y + (style.pad * 2 // 3 if y + offset else 0)
                blit_text(page, value, style.heading, GOLD, True, topleft=(0, y_text))
            elif kind == "picture" and value == "keys":
                _draw_keys(page, style, width, y)
            elif kind == "picture":
                draw_picture(page, value,
                             pygame.Rect(0, y + style.gap, width, height - style.gap), style)
            else:
                left = 0
                if kind == "item":
                    blit_text(page, f"{number}.", style.fs, GOLD, True, topleft=(0, y))
                    left = _item_indent(style)
                colour = WHITE if kind == "question" else TEXT
                for line in _block_lines(kind, value, width, style):
                    blit_text(page, line, style.fs, colour, kind == "question",
                              topleft=(left, y))
                    y += self._line_h


def _key_columns(style: Style, width: int) -> tuple[int, int]:
    key_w = max(text_width(tr(key), style.fs, True) for key, _ in HELP_KEYS) + 2 * style.pad
    key_w = min(key_w, width * 2 // 5)
    return key_w, width - key_w


def _key_rows(style: Style, width: int) -> list[tuple[list[str], list[str], int]]:
    """Each row of the keys table: its key lines, its description lines, its height."""
    key_w, do_w = _key_columns(style, width)
    rows = []
    for key, does in HELP_KEYS:
        keys = wrap(tr(key), style.fs, key_w - style.pad, bold=True)
        lines = wrap(tr(does), style.fs, do_w - style.pad)
        height = max(1, len(keys), len(lines)) * line_height(style.fs) + style.gap
        rows.append((keys, lines, height))
    return rows


def _keys_height(style: Style, width: int) -> int:
    return sum(height for _, _, height in _key_rows(style, width))


def _draw_keys(page: pygame.Surface, style: Style, width: int, y: int) -> None:
    key_w, _ = _key_columns(style, width)
    for number, (keys, lines, height) in enumerate(_key_rows(style, width)):
        if number % 2 == 0:
            draw_round(page, pygame.Rect(0, y, width, height), (255, 255, 255, 14),
                       style.radius)
        for column, texts, bold, colour in ((style.pad // 2, keys, True, WHITE),
                                            (key_w, lines, False, TEXT)):
            line_y = y + style.gap // 2
            for line in texts:
                blit_text(page, line, style.fs, colour, bold, topleft=(column, line_y))
                line_y += line_height(style.fs)
        y += height


# ----------------------------------------------------------------- pictures
#: Each picture: its parts, left to right. A part is a list of cards drawn as a column
#: ("down" for a face-down card), or "arrow"; the caption keys go under the parts.
SPADES, HEARTS, DIAMONDS = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS
PICTURES: dict[str, tuple[list[Any], list[str]]] = {
    "group": ([["down", "down", (10, HEARTS)], "+", [(9, SPADES), (8, SPADES), (7, SPADES)],
               "arrow", ["down", "down", (10, HEARTS), (9, SPADES), (8, SPADES), (7, SPADES)]],
              ["help.pic.group"]),
    "rules": ([[(9, SPADES), (8, SPADES), (7, SPADES)], "gap",
               [(9, HEARTS), (8, SPADES), (7, DIAMONDS)]],
              ["help.pic.classic", "help.pic.relaxed"]),
    "run": ([("fan", [(rank, SPADES) for rank in range(13, 0, -1)]), "arrow",
             ("pile", [(13, HEARTS), (13, SPADES)])],
            ["help.pic.run"]),
}


def _card_size(style: Style) -> tuple[int, int]:
    width = max(24, round(style.fs * 2.9))
    return width, round(width * 350 / 250)


def _part_size(part: Any, style: Style) -> tuple[int, int]:
    cw, ch = _card_size(style)
    if part == "arrow":
        return round(cw * 1.1), ch
    if part in ("+", "gap"):
        return round(cw * (0.35 if part == "+" else 1.6)), ch
    if isinstance(part, tuple) and part[0] == "fan":
        return cw + round(cw * 0.27) * (len(part[1]) - 1), ch
    if isinstance(part, tuple) and part[0] == "pile":
        return cw + round(cw * 0.16) * (len(part[1]) - 1), ch
    height = ch
    for card in part[:-1]:
        height += round(ch * (0.12 if card == "down" else 0.26))
    return cw, height


def _caption_lines(name: str, width: int, style: Style) -> list[list[str]]:
    keys = PICTURES[name][1]
    room = width // len(keys) - style.pad
    return [wrap(tr(key), style.small, room) for key in keys]


def picture_size(name: str, width: int, style: Style) -> tuple[int, int]:
    """The room a picture takes at ``width``: its cards and its caption."""
    parts = PICTURES[name][0]
    height = max(_part_size(part, style)[1] for part in parts)
    lines = max(len(caption) for caption in _caption_lines(name, width, style))
    return width, height + style.gap + lines * line_height(style.small) + style.gap


def _arrow(page: pygame.Surface, box: pygame.Rect, style: Style) -> None:
    y = box.y + box.h // 2
    left, right = box.x + box.w // 6, box.right - box.w // 6
    thick = max(2, style.line * 3)
    head = max(6, box.w // 4)
    pygame.draw.line(page, GOLD, (left, y), (right - head // 2, y), thick)
    pygame.draw.polygon(page, GOLD, [(right, y), (right - head, y - head * 2 // 3),
                                     (right - head, y + head * 2 // 3)])


def draw_picture(page: pygame.Surface, name: str, rect: pygame.Rect, style: Style) -> None:
    """Draw the picture ``name`` centred in ``rect`` from the game's own card images."""
    parts, _ = PICTURES[name]
    images = CardImages(_card_size(style))
    cw, ch = images.size
    captions = _caption_lines(name, rect.w, style)
    if len(captions) > 1:  # side by side, each over its own caption
        parts = [part for part in parts if part != "gap"]
    sizes = [_part_size(part, style) for part in parts]
    gap = style.gap * 2
    total = sum(w for w, _ in sizes) + gap * (len(parts) - 1)
    x = rect.x + (rect.w - total) // 2
    top = rect.y
    cards_h = max(h for _, h in sizes)
    columns: list[pygame.Rect] = []
    for number, (part, (w, h)) in enumerate(zip(parts, sizes, strict=True)):
        if len(captions) > 1:
            x = rect.x + rect.w * (2 * number + 1) // (2 * len(parts)) - w // 2
        box = pygame.Rect(x, top, w, h)
        if part == "arrow":
            _arrow(page, pygame.Rect(x, top, w, min(cards_h, ch)), style)
        elif part in ("+", "gap"):
            pass
        elif isinstance(part, tuple):
            kind, cards = part
            # A fanned run; or the completed runs, one king showing for each.
            step = round(cw * (0.27 if kind == "fan" else 0.16))
            for index, (rank, suit) in enumerate(cards):
                page.blit(images.face(Card(rank, suit)), (x + index * step, top))
            columns.append(box)
        else:
            y = top
            lifted = name == "group" and number == 2  # the group being moved
            if lifted:
                shadow, spread = images.shadow((cw, h))
                page.blit(shadow, (x - spread + spread // 2, y - spread + spread))
            for card in part:
                if card == "down":
                    page.blit(images.back(), (x, y))
                    y += round(ch * 0.12)
                else:
                    page.blit(images.face(Card(card[0], card[1])), (x, y))
                    y += round(ch * 0.26)
            columns.append(box)
        x += w + gap
    y = top + cards_h + style.gap
    centres = [rect.centerx] if len(captions) == 1 else [column.centerx for column in columns]
    for lines, centre in zip(captions, centres, strict=False):
        line_y = y
        for line in lines:
            blit_text(page, line, style.small, DIM, midtop=(centre, line_y))
            line_y += line_height(style.small)
