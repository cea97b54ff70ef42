"""The slim top bar: buttons, score, moves, time and the deal code."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from collections.abc import Set as AbstractSet
from functools import lru_cache
from typing import Any

import pygame

from spider.app.table.controller import Command
from spider.app.table.geometry import Box, TableGeometry
from spider.app.table.keptcards import KeptPictures, code_signature, fonts_signature
from spider.app.ui import text
from spider.model.values import record
from spider.text.i18n import current_language, format_number, tr

WHITE = (255, 255, 255)
DIM = (196, 222, 204)
NOTE = (255, 226, 150)
NOTE_FADED = (150, 160, 130)  # a note being checked again: the last answer, dimmed
OFF = (120, 150, 130)  # a button's word while it cannot be pressed
BAR_FILL = (0, 0, 0, 84)
BAR_LINE = (255, 255, 255, 26)

#: Buttons on the left of the bar, then the menu button at the right: (action, label key).
LEFT_BUTTONS = ((Command.NEW, "table.new-game"), (Command.RESTART, "table.restart"),
                (Command.UNDO, "table.undo"), (Command.REDO, "table.redo"))
MENU_BUTTON = (Command.MENU, "table.menu")
#: After the left buttons while Settings → Hints is on (``busy``: it shows "Thinking…").
HINT_BUTTON = (Command.HINT, "table.hint")
#: The labels of the figures, in the order shown.
FIGURE_LABELS = ("table.score", "table.moves", "table.time")


def format_time(seconds: float) -> str:
    """Elapsed time as m:ss, or h:mm:ss from an hour on."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


@record
class Button:
    action: Command
    label: str
    box: Box


def draw_backdrop(surface: pygame.Surface, bar: Box) -> None:
    """The bar's strip at ``bar`` (drawn once into the static layer, before the bar is
    laid out): a piece of it laid side by side across the bar (the same pixels,
    without a strip of the bar's size)."""
    piece = _backdrop_piece(bar.h)
    width = piece.get_width()
    surface.blits([(piece, (bar.x + x, bar.y), (0, 0, min(width, bar.w - x), bar.h))
                   for x in range(0, bar.w, width)], doreturn=False)


class KeptBar(KeptPictures):
    """The bar's picture, over its strip of the cloth, as a start shows it (kept when
    the game closes, for the next start: it spares that start laying the bar out,
    opening its fonts and drawing it). Told apart by the window's size, the bar's
    words in the language and ``shows``: everything else it shows (its buttons'
    states and figures, the cloth's colour, whether the Hint button is there)."""

    keep = 4

    def __init__(self, geometry: TableGeometry, shows: tuple[object, ...]) -> None:
        bar = geometry.bar
        keys = [key for _, key in (*LEFT_BUTTONS, HINT_BUTTON, MENU_BUTTON)]
        words = (current_language(), format_number(8888),
                 *map(tr, (*keys, "table.thinking", "table.score", "table.moves",
                           "table.time")))
        key = repr((geometry.size, (bar.x, bar.y, bar.w, bar.h), words, shows)).encode()
        code = code_signature("hud.py", "barpicture.py", "felt.py", "../ui/text.py",
                              "../../text/i18n.py")
        super().__init__("bar", (bar.w, bar.h), 1, b"\0".join((key, fonts_signature(), code)))


class TopBar:
    """Positions and draws the bar's contents; the bar's backdrop is in the static layer.

    Text shrinks when the labels (long in some languages) would not fit the width.
    ``hint`` adds the Hint button (wide enough for its "Thinking…" state).
    """

    def __init__(self, geometry: TableGeometry, hint: bool = False) -> None:
        self.geometry = geometry
        bar = geometry.bar
        self.pad = max(4, round(bar.h * 0.18))
        left = (*LEFT_BUTTONS, HINT_BUTTON) if hint else LEFT_BUTTONS
        sized = _sized_words(hint)
        labels = sized[:len(left) + 1]
        self.busy_label = tr("table.thinking")
        self.font_size = _first_font_size(geometry)
        while self.font_size > 10 and sum(map(self._button_width, sized)) > bar.w * 0.5:
            self.font_size -= 1
        self.buttons: list[Button] = []
        x = self.pad
        for (action, _), label in zip(left, labels, strict=False):
            width = self._button_width(label)
            if action == HINT_BUTTON[0]:
                width = max(width, self._button_width(self.busy_label))
            self.buttons.append(Button(action, label, self._button_box(x, width)))
            x += width + self.pad // 2
        self.left_end = x
        width = self._button_width(labels[-1])
        #: Where the deal code was last drawn (clicking it copies it), or None.
        self.code_box: pygame.Rect | None = None
        #: The time's place as last drawn (None before): as wide as its widest value.
        self.clock_box: pygame.Rect | None = None
        self.right_start = bar.w - self.pad - width
        self.buttons.append(Button(MENU_BUTTON[0], labels[-1],
                                   self._button_box(self.right_start, width)))
        room = self.right_start - self.left_end - 2 * self.pad
        widest = self._status_width(self.font_size, _widest_figures())
        self.status_size = max(9, min(self.font_size, self.font_size * room // max(1, widest)))
        self.small_size = max(10, self.font_size * 5 // 6)  # the deal's code and the note
        #: The figures' labels drawn, and their language (see :meth:`_labels`).
        self._drawn_labels: tuple[str | None, list[pygame.Surface]] = (None, [])

    @staticmethod
    def measuring(geometry: TableGeometry, hint: bool = False) -> Iterator[None]:
        """The words a bar for ``geometry`` is laid out by, measured at its first font
        size in steps (see :func:`_measuring`): after a resize this is done between
        frames, not all in the step that lays the bar out (``TopBar`` then finds them
        measured; a smaller size, for labels too long to fit, is measured there)."""
        size = _first_font_size(geometry)
        yield from _measuring([*((label, False) for label in _sized_words(hint)),
                               *_status_words(_widest_figures())], size)

    def preparing(self, state: Mapping[str, Any]) -> Iterator[None]:
        """The fonts the bar draws with, then its words, made one at a time, and the
        widths of the time's values (see :func:`_measuring`): after a resize each is a
        step between frames (a font at a new size is the face already open, set to that
        size: about 20 µs).
        ``state``: what the bar is to show (as :meth:`draw` is given)."""
        size, small = self.status_size, self.small_size
        for face in sorted({(self.font_size, False), (size, False), (size, True),
                            (small, False)}):
            text.font(*face)
            yield
        for button in self.buttons:
            text.render(button.label, self.font_size,
                        OFF if button.action in state["disabled"] else WHITE)
            yield
        for key in FIGURE_LABELS:
            text.render(tr(key), size, DIM)
            yield
        for value in (format_number(state["score"]), format_number(state["moves"]),
                      format_time(state["seconds"])):
            _figure(value, size, WHITE, True)
            yield
        yield from _measuring([(value, True) for value in _times_of(  # (see _widest_time)
            _digits(format_time(state["seconds"])))], size)
        _figure(state["code"], small, DIM, False)
        if state["note"]:
            yield
            text.render(state["note"], small, NOTE_FADED if state["note_faded"] else NOTE)

    def _button_width(self, label: str) -> int:
        return text.width(label, self.font_size) + 2 * self.pad + self.pad // 2

    def _button_box(self, x: int, width: int) -> Box:
        inset = max(3, round(self.geometry.bar.h * 0.14))
        return Box(x, inset, width, self.geometry.bar.h - 2 * inset)

    @staticmethod
    def _status_width(size: int, values: tuple[str, str, str]) -> int:
        space, gap = _spacing(size)
        return (sum(text.width(word, size, bold) for word, bold in _status_words(values))
                + 3 * space + 2 * gap)

    def _labels(self) -> list[pygame.Surface]:
        """The pictures of the figures' labels in the current language (kept: the
        figures change at every action)."""
        language = current_language()
        if self._drawn_labels[0] != language:
            self._drawn_labels = (language, [text.render(tr(key), self.status_size, DIM)
                                             for key in FIGURE_LABELS])
        return self._drawn_labels[1]

    def button_at(self, point: tuple[float, float]) -> Command | None:
        for button in self.buttons:
            if button.box.contains(point):
                return button.action
        return None

    def draw(self, surface: pygame.Surface, *, hovered: Command | None,
             pressed: Command | None, disabled: AbstractSet[Command], score: int, moves: int,
             seconds: float, code: str, busy: frozenset[Command] = frozenset(),
             note: str | None = None, note_faded: bool = False) -> None:
        """``busy``: buttons whose work is under way; ``note``: a short status by the code
        (``note_faded``: it is being checked again)."""
        self.draw_buttons(surface, hovered=hovered, pressed=pressed, disabled=disabled,
                          busy=busy)
        self.draw_status(surface, score=score, moves=moves, seconds=seconds, code=code,
                         note=note, note_faded=note_faded)

    def draw_buttons(self, surface: pygame.Surface, *, hovered: Command | None,
                     pressed: Command | None, disabled: AbstractSet[Command],
                     busy: frozenset[Command] = frozenset()) -> None:
        """The buttons (they change less often than the figures: kept apart)."""
        looks = self.button_looks(hovered=hovered, pressed=pressed, disabled=disabled,
                                  busy=busy)
        for button, (state, caption, colour) in zip(self.buttons, looks, strict=True):
            surface.blit(_pill((button.box.w, button.box.h), state), (button.box.x, button.box.y))
            label = text.render(caption, self.font_size, colour)
            surface.blit(label, label.get_rect(center=button.box.centre))

    def button_looks(self, *, hovered: Command | None, pressed: Command | None,
                     disabled: AbstractSet[Command],
                     busy: frozenset[Command] = frozenset()) -> list[ButtonLook]:
        """How each button is drawn: its state, caption and the caption's colour."""
        looks = []
        for button in self.buttons:
            state = ("off" if button.action in disabled
                     else "down" if button.action == pressed
                     else "hover" if button.action == hovered else "idle")
            if button.action in busy:
                looks.append((state, self.busy_label, DIM))
            else:
                looks.append((state, button.label, OFF if state == "off" else WHITE))
        return looks

    def draw_status(self, surface: pygame.Surface, *, score: int, moves: int, seconds: float,
                    code: str, note: str | None = None, note_faded: bool = False) -> None:
        """The score, moves and time, the note and the deal's code."""
        for picture, place in self.status_pieces(score=score, moves=moves, seconds=seconds,
                                                 code=code, note=note, note_faded=note_faded):
            surface.blit(picture, place)

    def status_pieces(self, *, score: int, moves: int, seconds: float, code: str,
                      note: str | None = None, note_faded: bool = False) -> list[Piece]:
        """The pictures of the score, moves and time, the note and the deal's code, each
        with its place, in the order drawn (they do not overlap). A figure's place is
        as wide as its picture, the time's as its widest value of as many digits (it
        stays as the seconds pass); notes where the code and the time are
        (:attr:`code_box`, :attr:`clock_box`)."""
        size, bar = self.status_size, self.geometry.bar
        figures = (format_number(score), format_number(moves), format_time(seconds))
        rendered = list(zip(self._labels(), [_figure(value, size, WHITE, True)
                                             for value in figures], strict=True))
        # The time's place is as wide as its widest value of as many digits: the
        # figures, centred together, stay still as the seconds pass.
        widths = [value.get_width() for _, value in rendered]
        widths[-1] = max(widths[-1], _widest_time(figures[-1], size))
        space, gap = _spacing(size)
        total = sum(label.get_width() + space for label, _ in rendered) + sum(widths)
        total += gap * (len(rendered) - 1)
        small = self.small_size
        code_label = _figure(code, small, DIM, False)
        room_right = self.right_start - self.pad
        # Right of the figures: the note then the code; the code goes first when short of room.
        tags = [text.render(note, small, NOTE_FADED if note_faded else NOTE), code_label] if (
            note) else [code_label]
        while tags and (sum(tag.get_width() + self.pad for tag in tags) + self.pad + total
                        > room_right - self.left_end):
            tags.pop()
        right = self.right_start - self.pad
        pieces: list[Piece] = []
        self.code_box = None
        for tag in reversed(tags):
            place = tag.get_rect(midright=(right, bar.h // 2))
            pieces.append((tag, place))
            if tag is code_label:
                self.code_box = place  # a click there copies the code
            right -= tag.get_width() + self.pad
            room_right -= tag.get_width() + self.pad
        x = max(self.left_end + self.pad, (bar.w - total) // 2)
        x = min(x, room_right - total)
        for (label, value), width in zip(rendered, widths, strict=True):
            pieces.append((label, label.get_rect(midleft=(x, bar.h // 2))))
            x += label.get_width() + space
            place = value.get_rect(midleft=(x, bar.h // 2))
            place.w = width
            pieces.append((value, place))
            x += width + gap
        self.clock_box = place.copy()  # (the last)
        return pieces


#: How a button is drawn: its state, caption and the caption's colour.
ButtonLook = tuple[str, str, tuple[int, int, int]]
#: A picture on the bar and its place there.
Piece = tuple[pygame.Surface, pygame.Rect]


def _figure(value: str, size: int, colour: tuple[int, int, int], bold: bool) -> pygame.Surface:
    """A figure that keeps changing (score, moves, time, the deal's code), drawn apart
    from the shared text cache, which the clock alone would fill within minutes."""
    return _figures(value, size, colour, bold, current_language())


@lru_cache(maxsize=8)
def _figures(value: str, size: int, colour: tuple[int, int, int], bold: bool,
             language: str) -> pygame.Surface:
    return text.font(size, bold, language).render(value, True, colour)


def _digits(value: str) -> str:
    """``value`` with every digit a 0: the shape of a time (``0:00``, ``1:00:00``)."""
    return "".join("0" if character.isdigit() else character for character in value)


def _times_of(shape: str) -> list[str]:
    """A time of ``shape`` (see :func:`_digits`) with each digit in its every place."""
    return [shape.replace("0", digit) for digit in "0123456789"]


@lru_cache(maxsize=8)
def _widest_time_of(shape: str, size: int, language: str) -> int:
    return max(text.width(value, size, True, language) for value in _times_of(shape))


def _widest_time(value: str, size: int) -> int:
    """The width of the widest time of the same shape as ``value`` (in bold)."""
    return _widest_time_of(_digits(value), size, current_language())


#: Letters measured in a step after a resize: a word's first measure at a size loads
#: its letters (some 5 µs each).
LETTERS_A_STEP = 24


def _measuring(words: list[tuple[str, bool]], size: int) -> Iterator[None]:
    """``words`` (bold or not) measured at ``size``, ``LETTERS_A_STEP`` letters a step
    (a longer word alone)."""
    letters = 0
    for word, bold in words:
        if letters and letters + len(word) > LETTERS_A_STEP:
            letters = 0
            yield
        text.width(word, size, bold)
        letters += len(word)
    yield


def _first_font_size(geometry: TableGeometry) -> int:
    """The size of the bar's words, before labels too long to fit shrink it."""
    return max(12, round(geometry.bar.h * 0.4))


def _sized_words(hint: bool) -> list[str]:
    """The words the buttons are sized by: their labels, left to right (the Hint
    button's with ``hint``), then, with the Hint button, its "Thinking…"."""
    left = (*LEFT_BUTTONS, HINT_BUTTON) if hint else LEFT_BUTTONS
    labels = [tr(key) for _, key in (*left, MENU_BUTTON)]
    return [*labels, tr("table.thinking")] if hint else labels


def _widest_figures() -> tuple[str, str, str]:
    """The score, moves and time the figures' room is measured by (the number with
    the language's thousands separator)."""
    sample = format_number(8888)
    return sample, sample, "0:00:00"


def _status_words(values: tuple[str, str, str]) -> list[tuple[str, bool]]:
    """The figures' words and ``values`` (bold), as the bar measures them."""
    return [*((tr(key), False) for key in FIGURE_LABELS), *((value, True) for value in values)]


def _spacing(size: int) -> tuple[int, int]:
    """Status spacing: between a label and its value, and between the three figures."""
    return size // 3, size * 3 // 2


_PILL_FILL = {"idle": (255, 255, 255, 22), "hover": (255, 255, 255, 52),
              "down": (255, 255, 255, 84), "off": (255, 255, 255, 10)}
_pills: dict[tuple[tuple[int, int], str], pygame.Surface] = {}


@lru_cache(maxsize=2)
def _backdrop_piece(height: int) -> pygame.Surface:
    """A piece of the bar's strip, ``height`` high: the bar's shade, a line at its foot."""
    piece = pygame.Surface((256, height), pygame.SRCALPHA)
    piece.fill(BAR_FILL)
    pygame.draw.line(piece, BAR_LINE, (0, height - 1), (256, height - 1))
    return piece


def _pill(size: tuple[int, int], state: str) -> pygame.Surface:
    """A rounded button backdrop (cached per size and state)."""
    surface = _pills.get((size, state))
    if surface is None:
        if len(_pills) > 64:
            _pills.clear()
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, _PILL_FILL[state], surface.get_rect(),
                         border_radius=size[1] // 3)
        _pills[size, state] = surface
    return surface
