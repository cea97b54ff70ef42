"""The bar's picture: what the bar shows, drawn over its strip of the static layer and
kept between frames.

The bar's layout (:class:`~.hud.TopBar`) is given what the bar shows
(:meth:`BarPicture.shows`: the buttons' looks, the figures, the words, asked every
frame). The picture is drawn again only where that changed (a button's look, the
clock's second), over the strip with the buttons drawn (kept for their last two
looks); the places drawn are noted for the window. While cards move, the bar's
changes may wait for the spare time after the frame and show in the next
(:meth:`BarPicture.hold`). Just after a resize the old bar stands in, stretched,
while the new one's words are made in steps; when the game closes the bar is kept
for the next start (:class:`~.hud.KeptBar`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from spider.app.table.areas import copy_area
from spider.app.table.buffers import Buffer
from spider.app.table.controller import Command, disabled_buttons
from spider.app.table.felt import table_colour
from spider.app.table.hud import ButtonLook, KeptBar, Piece, TopBar

if TYPE_CHECKING:
    from spider.app.table.geometry import TableGeometry
    from spider.app.table.scene import TableScene

#: The buttons whose work is under way: the Hint button while a hint is on its way, or none.
_THINKING = frozenset((Command.HINT,))
_IDLE: frozenset[Command] = frozenset()
#: What the bar shows (see :meth:`BarPicture.shows`): first what its buttons
#: show, then its figures and words.
_BAR_FIELDS = ("hovered", "pressed", "disabled", "busy", "score", "moves", "seconds", "code",
               "note", "note_faded")
_BUTTONS = _BAR_FIELDS.index("score")
_BUTTON_FIELDS, _STATUS_FIELDS = _BAR_FIELDS[:_BUTTONS], _BAR_FIELDS[_BUTTONS:]


def _named(shows: Sequence[Any], names: tuple[str, ...] = _BAR_FIELDS) -> dict[str, Any]:
    """``shows`` (what the bar shows, or a part of it) by ``names``."""
    return dict(zip(names, shows, strict=True))


class BarPicture:
    """The bar's picture for the ``table`` (see the module docstring); ``backdrop``
    draws the static layer, which gives the bar its strip (:meth:`over`)."""

    def __init__(self, table: TableScene, backdrop: Callable[[], object]) -> None:
        self.table = table
        self._backdrop = backdrop
        #: The bar's layout (None just after a resize, until needed) and, meanwhile,
        #: the one drawn stretched while the table is prepared.
        self._layout: TopBar | None = None
        self.old: TopBar | None = None
        #: After a resize: the steps making the bar's words, under way.
        self._steps: Iterator[None] | None = None
        #: The bar as shown (its strip of the static layer and what it shows), and what
        #: it shows (see :meth:`picture`); the strip alone, kept with the static layer.
        self.image: pygame.Surface | None = None
        self.key: tuple[tuple[Any, ...], object, object] | None = None
        self.strip: pygame.Surface | None = None
        #: The strip with the buttons drawn, by their look (the last two).
        self._looks: dict[tuple[object, ...], pygame.Surface] = {}
        #: How the buttons look, by what they show (see :meth:`_button_looks`).
        self._looks_by_buttons: dict[tuple[object, ...], list[ButtonLook]] = {}
        #: The words and figures on the bar's picture (see :meth:`TopBar.status_pieces`).
        self._pieces: list[Piece] = []
        self._code: tuple[object, str] = (None, "")  # the deal code and its text
        #: The places of the bar's picture drawn again since the window last showed it
        #: (None: all of it; see :meth:`picture`).
        self.unshown: list[pygame.Rect] | None = None
        #: The bar's picture as the window shows it while the bar's changes wait for
        #: the next frame (see :meth:`hold`; whole redraws show it so too).
        self.held: pygame.Surface | None = None
        self._before = Buffer()  # (what the window shows, once they are drawn)

    @property
    def geometry(self) -> TableGeometry:
        return self.table.geometry

    @property
    def bar(self) -> TopBar:
        """The bar's layout for the window (after a resize: made when first needed)."""
        if self._layout is None:
            self._layout = TopBar(self.geometry, hint=self.table.app.settings.hints)
        return self._layout

    def restyle(self, later: bool) -> None:
        """A new size or new settings: the bar is laid out again, in spare time
        (``later``: fonts at a new size; the old bar stands in meanwhile) or when
        first needed (a start may show the kept bar instead)."""
        self._steps = None
        if later:
            self.old, self._layout = self._layout or self.old, None
        else:
            self._layout = self.old = None

    def over(self, strip: pygame.Surface) -> None:
        """The bar's strip of a new static layer: the picture is drawn again over it."""
        self.strip, self.key = strip, None

    def prepare_step(self) -> None:
        """One step making the bar's words at their new size after a resize (see
        :meth:`_work`); after the last the old bar stands in no more."""
        if next(self._work(), True) is True:
            self.old = self._steps = None

    def draw_into(self, place: pygame.Surface) -> None:
        """The bar drawn straight into the window's ``place`` for it (the first frame:
        the bar kept by the last run, when it shows the same), its picture made later."""
        shows = self.shows()
        if not KeptBar(self.geometry, self.kept_key(shows)).read_into(0, place):
            self.bar.draw(place, **_named(shows))
        self.key = None

    def _work(self) -> Iterator[None]:
        """The steps measuring the bar's words and making its fonts and words at a new
        size, one a step; the last two draw its buttons, then the bar."""
        if self._steps is None:
            self._steps = self._preparing()
        return self._steps

    def _preparing(self) -> Iterator[None]:
        if self._layout is None:
            yield from TopBar.measuring(self.geometry, hint=self.table.app.settings.hints)
        yield from self.bar.preparing(self._state())
        yield
        if self.strip is not None:  # the buttons (then kept), then the figures
            self._buttons_drawn(self.shows()[:_BUTTONS], self.strip)
            yield
        self.picture()

    def shows(self) -> tuple[Any, ...]:
        """Everything the bar shows as the eye sees it, the clock in whole seconds, in
        the order of :data:`_BAR_FIELDS` (asked every frame: a tuple is quick to make
        and to compare)."""
        table = self.table
        session, hinting, given = table.app.session, table.hinting, table.input
        game, code = session.game, session.code
        if code is not self._code[0]:
            self._code = (code, str(code))
        typed = given.keys.note
        return (given.hovered, given.pressed, disabled_buttons(game),
                _THINKING if hinting.thinking else _IDLE, game.score, game.moves,
                int(session.elapsed), self._code[1], typed or hinting.wins.status,
                hinting.wins.rechecking and not typed)

    def keep(self) -> None:
        """Keep the bar as a start from the game as it is now shows it (see
        :class:`~.hud.KeptBar`): nothing hovered, pressed or under way, no note yet,
        over its strip of the static layer (if it is drawn)."""
        strip, bar = self.strip, self.geometry.bar
        if strip is None or strip.get_size() != (bar.w, bar.h):
            return
        session = self.table.app.session
        game = session.game
        shows: tuple[Any, ...] = (None, None, disabled_buttons(game), _IDLE, game.score,
                                  game.moves, int(session.elapsed), str(session.code),
                                  None, False)
        kept = KeptBar(self.geometry, self.kept_key(shows))
        if not kept.complete:
            picture = strip.copy()
            self.bar.draw(picture, **_named(shows))
            kept.write({0: picture})

    def kept_key(self, shows: tuple[Any, ...]) -> tuple[object, ...]:
        """What tells the kept bar showing ``shows`` apart (sets in a steady order)."""
        settings = self.table.app.settings
        return (table_colour(settings.table), settings.hints,
                *(tuple(sorted(field)) if isinstance(field, frozenset) else field
                  for field in shows))

    def _state(self) -> dict[str, Any]:
        """What the bar shows by name (what :meth:`TopBar.draw` is given)."""
        return _named(self.shows())

    def picture(self) -> pygame.Surface:
        """The bar as shown, drawn again only where what it shows changed (see
        :meth:`_changes`; all of it at first and for a new bar or size); the
        places drawn are noted for the window (see ``TableRenderer.draw_changes``)."""
        held = self.held
        if held is not None and self.key is not None:
            return held
        return self.drawn()

    def drawn(self, shows: tuple[Any, ...] | None = None) -> pygame.Surface:
        """The bar's picture brought up to what the bar shows (``shows``, if known: see
        :meth:`shows`; see :meth:`picture`)."""
        if shows is None:
            shows = self.shows()
        key = (shows, self.bar, self.strip)
        picture, before = self.image, self.key
        if key == before and picture is not None:
            return picture
        strip = self.strip
        if strip is None:
            self._backdrop()
            strip = self.strip
        assert strip is not None
        drawn = self._buttons_drawn(shows[:_BUTTONS], strip)
        pieces = self.bar.status_pieces(**_named(shows[_BUTTONS:], _STATUS_FIELDS))
        changed = (self._changes(before[0], shows, pieces)
                   if picture is not None and before is not None and before[1:] == key[1:]
                   else None)
        if changed is None:
            if picture is None or picture.get_size() != strip.get_size():
                picture = self.image = drawn.copy()
            else:
                copy_area(picture, drawn, (0, 0), drawn.get_rect())
            for piece, place in pieces:
                picture.blit(piece, place)
        else:
            assert picture is not None
            for area in changed:  # each over the buttons' picture, with what lies there
                picture.set_clip(area)
                copy_area(picture, drawn, area.topleft, area)
                for piece, place in pieces:
                    if place.colliderect(area):
                        picture.blit(piece, place)
            picture.set_clip(None)
        unshown = self.unshown
        self.unshown = None if changed is None or unshown is None else unshown + changed
        self.key, self._pieces = key, pieces
        return picture

    def _buttons_drawn(self, buttons: tuple[Any, ...], strip: pygame.Surface) -> pygame.Surface:
        """The bar's ``strip`` with the buttons as ``buttons`` (the first fields of
        :meth:`shows`) show them."""
        look = (*buttons, self.bar, strip)
        drawn = self._looks.pop(look, None)
        if drawn is None:
            # The strip with the buttons, kept for the last two looks: most changes
            # are the figures', and play goes back and forth between two looks (a
            # move enables Undo, an undo Redo).
            self._looks = {key: kept for key, kept in self._looks.items()
                           if key[-1] is strip}  # (not those of another size)
            drawn = self._looks.pop(next(iter(self._looks))) if len(self._looks) > 1 else None
            if drawn is None:
                drawn = strip.copy()
            else:
                copy_area(drawn, strip, (0, 0), strip.get_rect())
            self.bar.draw_buttons(drawn, **_named(buttons, _BUTTON_FIELDS))
        self._looks[look] = drawn
        return drawn

    def _changes(self, before: tuple[Any, ...], shows: tuple[Any, ...],
                     pieces: list[Piece]) -> list[pygame.Rect]:
        """Where the bar's picture of what ``before`` shows differs from the one of
        ``shows`` (and its words and figures ``pieces``): the buttons whose look
        changed, across the bar, and one place over every word and figure that changed
        or moved, where it was and where it is (a figure a pixel wider moves those
        centred with it; a note that comes or goes, all of them)."""
        drawn = self._pieces
        places = ([place for (was, old), (now, new) in zip(drawn, pieces, strict=True)
                   if was is not now or old != new for place in (old, new)]
                  if len(drawn) == len(pieces) else [place for _, place in drawn + pieces])
        changed = [places[0].unionall(places[1:])] if places else []
        if before[:_BUTTONS] != shows[:_BUTTONS]:
            looks = zip(self._button_looks(before[:_BUTTONS]),
                        self._button_looks(shows[:_BUTTONS]), self.bar.buttons, strict=True)
            height = self.geometry.bar.h
            changed += [pygame.Rect(button.box.x, 0, button.box.w, height)
                        for was, now, button in looks if was != now]
        return changed

    def _button_looks(self, buttons: tuple[Any, ...]) -> list[ButtonLook]:
        """How each of the bar's buttons looks as ``buttons`` (the first fields of
        :meth:`shows`) show them (kept: play goes back and forth between a few)."""
        key = (*buttons, self.bar)
        looks = self._looks_by_buttons.get(key)
        if looks is None:
            if len(self._looks_by_buttons) > 8:
                self._looks_by_buttons.clear()
            looks = self._looks_by_buttons[key] = self.bar.button_looks(
                **_named(buttons, _BUTTON_FIELDS))
        return looks

    def draw_old(self, surface: pygame.Surface) -> None:
        """Just after a resize: the bar as it was, stretched like the table under it
        (its words at the new size are made between frames)."""
        old, new = self.old, self.geometry.bar
        assert old is not None
        shows = self.shows()
        if self.image is not None and self.key == (shows, old, self.strip):
            strip = self.image  # the bar as last shown says just that
        else:
            strip = pygame.Surface((old.geometry.bar.w, old.geometry.bar.h), pygame.SRCALPHA)
            old.draw(strip, **_named(shows))
            self.key = None
        surface.blit(pygame.transform.scale(strip, (new.w, new.h)), (new.x, new.y))

    def hold(self, apart: bool) -> pygame.Surface:
        """The bar's picture for this frame: with its changes drawn or, while cards move
        and ``apart`` from it, as the window shows it, the changes drawn in the spare
        time after the frame and shown in the next (an action's frame has work enough
        without). A bar held in the last frame is shown now."""
        held, self.held = self.held, None
        if held is not None or not apart or not self.table.board.moving:
            return self.drawn()
        shows = self.shows()
        key, picture = self.key, self.image
        if (key is not None and picture is not None and key[0] != shows
                and key[1:] == (self.bar, self.strip)):
            self.held = picture
            return picture
        return self.drawn(shows)

    def release(self) -> None:
        """The changes of a bar held in this frame (see :meth:`hold`) drawn into
        its picture, the window's kept apart until the next frame shows them."""
        held = self.held
        if held is not None and held is self.image:
            before = self.held = self._before.get(held.get_size())
            copy_area(before, held, (0, 0), held.get_rect())
            self.drawn()
            self.table.app.request_changes()
