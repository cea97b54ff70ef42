"""Card backs and table cloths: each drawn at any size, each easy to see, chosen in Settings;
faces in four colours, and drawn plainly where their art is missing."""

from __future__ import annotations

import io
import itertools
import time

import pygame
import pytest

from spider.app.table import cardart, felt, hintmark, hud
from spider.app.table.cardart import FACES, card_svg, missing_art, suit_colour
from spider.app.table.cardimages import CardImages
from spider.app.table.cardshapes import PAPER, draw_large_index
from spider.app.table.felt import render_felt, table_colour
from spider.app.table.marks import HIGHLIGHT
from spider.app.ui.focus import walk
from spider.app.ui.swatches import Swatches
from spider.data import storage
from spider.data.settings import (
    CARD_BACKS,
    TABLES,
    Settings,
    load_settings,
    save_settings,
)
from spider.model.cards import Card, Suit
from spider.text.i18n import set_language

CODE = "SP1-S4C-BCDEFGH"
Colour = tuple[int, int, int]


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


# ------------------------------------------------------------------ measures
def luminance(colour: tuple[float, ...]) -> float:
    """Relative luminance (WCAG 2)."""
    def channel(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """WCAG contrast ratio, 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def lab(colour: tuple[float, ...]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    def linear(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(v) for v in colour[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def colour_difference(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """CIE76 ΔE: about 2 is just noticeable, above 10 plainly different."""
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b), strict=True)) ** 0.5


def mean(pixels: list[pygame.Color]) -> tuple[float, float, float]:
    return tuple(sum(p[i] for p in pixels) / len(pixels) for i in range(3))  # type: ignore[return-value]


def cloth_pixels(table: str, size: tuple[int, int] = (1280, 720)) -> list[pygame.Color]:
    cloth = render_felt(size, table_colour(table))
    return [cloth.get_at((x, y)) for x in range(0, size[0], 16) for y in range(0, size[1], 16)]


# ------------------------------------------------------------------ the art
def test_every_back_and_table_of_the_settings_has_its_own_art() -> None:
    assert cardart.BACKS == CARD_BACKS and tuple(felt.TABLES) == TABLES
    assert missing_art() == []
    sources = {card_svg(None, back=back) for back in CARD_BACKS}
    assert None not in sources and len(sources) == len(CARD_BACKS)
    size = (50, 70)
    for back in CARD_BACKS:  # real vector art, not the drawn stand-in
        data = card_svg(None, back=back)
        assert data is not None
        assert pygame.image.load_sized_svg(io.BytesIO(data), size).get_size() == size
    assert len(set(felt.TABLES.values())) == len(TABLES)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
@pytest.mark.parametrize(("back", "table"), list(zip(CARD_BACKS, TABLES, strict=True)))
def test_each_back_and_table_is_drawn(play, size: tuple[int, int], back: str,
                                      table: str) -> None:
    driver = play(code=CODE, size=size, card_back=back, table=table)
    app = driver.app
    app.draw()
    g = driver.table.geometry
    # The stock's top card shows this back, as its art rasterised at the card size.
    x, y = g.stock_pile(0, driver.table.game.deals_left)
    art = CardImages((g.card_w, g.card_h), back=back).back()
    for fx in (0.2, 0.5, 0.8):
        for fy in (0.2, 0.5, 0.8):
            dx, dy = round(g.card_w * fx), round(g.card_h * fy)
            shown, drawn = app.screen.get_at((x + dx, y + dy)), art.get_at((dx, dy))
            assert max(abs(a - b) for a, b in zip(shown[:3], drawn[:3], strict=True)) <= 2
    # An empty part of the table shows this cloth.
    cloth = render_felt(size, table_colour(table))
    point = (size[0] // 2, y + g.card_h // 2)
    shown, expected = app.screen.get_at(point), cloth.get_at(point)
    assert max(abs(a - b) for a, b in zip(shown[:3], expected[:3], strict=True)) <= 3


def pixels_near(picture: pygame.Surface, colour: Colour, area: pygame.Rect | None = None,
                tolerance: int = 8) -> int:
    """How many pixels of ``picture`` (in ``area``) are ``colour``, within ``tolerance``."""
    box = area or picture.get_rect()
    return sum(max(abs(a - b) for a, b in zip(picture.get_at((x, y))[:3], colour, strict=True))
               <= tolerance for x in range(box.left, box.right) for y in range(box.top, box.bottom))


@pytest.mark.parametrize("suit", list(Suit))
def test_four_colour_mode_gives_diamonds_and_clubs_colours_of_their_own(suit: Suit,
                                                                       tmp_path) -> None:
    card, size = Card(7, suit), (120, 168)
    two, four = (CardImages(size, four_colour=on, kept=False).face(card) for on in (False, True))
    stand_in = CardImages(size, four_colour=True, folder=tmp_path, kept=False).face(card)
    assert pygame.image.tobytes(four, "RGBA") != pygame.image.tobytes(stand_in, "RGBA")  # art
    assert pixels_near(two, suit_colour(suit)) > 200  # the pips
    assert pixels_near(four, suit_colour(suit, four_colour=True)) > 200
    if suit in (Suit.DIAMONDS, Suit.CLUBS):
        assert suit_colour(suit, four_colour=True) != suit_colour(suit)
        assert pixels_near(four, suit_colour(suit)) < 10  # the art's red or black gone


def test_a_card_whose_art_is_missing_is_drawn_plainly(tmp_path) -> None:
    """No file, no failure: each face drawn with shapes at the card size, unlike every
    other face, its suit large in the middle in its colour; the back drawn too."""
    size = (120, 168)
    images = CardImages(size, folder=tmp_path, kept=False)
    faces = [images.face(card) for card in FACES]
    assert {face.get_size() for face in faces} == {size} == {images.back().get_size()}
    assert len({pygame.image.tobytes(face, "RGBA") for face in faces}) == len(FACES)
    middle = pygame.Rect(size[0] // 4, size[1] // 3, size[0] // 2, size[1] // 3)
    for suit in Suit:
        face = images.face(Card(7, suit))
        assert pixels_near(face, suit_colour(suit), middle) > 150


def test_the_art_is_drawn_where_sdl_makes_it_a_pixel_off(tmp_path) -> None:
    """SDL keeps the art's proportions, rounding up: at some sizes its picture was a
    pixel off, and every card was drawn as the plain stand-in instead (165x231, a
    1896x1080 window)."""
    for width in (90, 111, 150, 165, 167):  # 90, 150, 165: SDL's picture a pixel off
        size = (width, round(width * 1.4))
        art = CardImages(size, kept=False).back()
        stand_in = CardImages(size, folder=tmp_path, kept=False).back()
        assert art.get_size() == size
        assert pygame.image.tobytes(art, "RGBA") != pygame.image.tobytes(stand_in, "RGBA"), size


def test_the_large_index_shows_alone_on_plain_paper() -> None:
    """With the large index on, the band a fanned column leaves in view shows the large
    index alone, on plain paper: the art's own small index is covered."""
    size = (120, 168)
    w, h = size
    margin, band = round(w * 0.03), round(h * 0.235)
    patch = pygame.Rect(margin, margin, w - 2 * margin, band - margin).inflate(-8, -4)
    large = CardImages(size, large_index=True, kept=False)
    for card in (Card(1, Suit.SPADES), Card(10, Suit.HEARTS), Card(12, Suit.CLUBS)):
        paper = pygame.Surface(size, pygame.SRCALPHA)
        paper.fill(PAPER)
        draw_large_index(paper, card, suit_colour(card.suit))
        shown = large.face(card)
        assert (pygame.image.tobytes(shown.subsurface(patch), "RGBA")
                == pygame.image.tobytes(paper.subsurface(patch), "RGBA")), card


# ------------------------------------------------------------ easy to see
@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("back", CARD_BACKS)
def test_face_down_cards_stand_out_on_every_table(back: str, table: str) -> None:
    w, h = 100, 140
    card = CardImages((w, h), back=back).back()
    rim = mean([card.get_at((x, 3)) for x in range(15, w - 15)]
               + [card.get_at((3, y)) for y in range(15, h - 15)])
    inside = mean([card.get_at((x, y)) for x in range(8, w - 8) for y in range(8, h - 8)])
    field = mean([card.get_at((x, y)) for x in range(14, 40) for y in range(14, 40)])
    cloth = cloth_pixels(table)
    lightest = max(cloth, key=luminance)
    # The card's edge against the cloth where the light is brightest (its outline)...
    assert contrast(rim, lightest) >= 4.5
    # ... and against its own pattern (each card of a face-down pile shows).
    assert contrast(rim, field) >= 3
    # The back as a whole is plainly another colour than the cloth.
    assert colour_difference(inside, mean(cloth)) >= 15


@pytest.mark.parametrize("table", TABLES)
def test_the_bar_words_and_the_marks_stand_out_on_every_table(play, table: str) -> None:
    driver = play(code=CODE, size=(1280, 720), table=table)
    driver.app.draw()
    bar = driver.table.geometry.bar
    backdrop = driver.table.renderer.static.picture
    assert backdrop is not None
    behind_words = [backdrop.get_at((x, bar.h // 2)) for x in range(0, bar.w, 8)]
    lightest = max(behind_words, key=luminance)
    for words in (hud.WHITE, hud.DIM, hud.NOTE):
        assert contrast(words, lightest) >= 4.5, words
    cloth = max(cloth_pixels(table), key=luminance)
    for mark in (HIGHLIGHT, hintmark.MARK, hintmark.DESTINATION):
        assert contrast(mark, cloth) >= 3, mark


# ---------------------------------------------------------------- settings
def test_the_choice_is_saved_with_the_settings() -> None:
    folder = storage.data_dir()
    for back, table in zip(CARD_BACKS, reversed(TABLES), strict=True):
        chosen = Settings(card_back=back, table=table)
        assert Settings.from_dict(chosen.to_dict()) == chosen
        save_settings(folder, chosen)
        assert load_settings(folder).value == chosen
    assert Settings.from_dict({"four_colour": True}).card_back == "web"
    with pytest.raises(ValueError):
        Settings(table="pink")
    with pytest.raises(ValueError):
        Settings(card_back="")


def _chooser(scene, value: str) -> Swatches:
    scene.ensure()
    for widget in walk(scene.focus.root):
        if isinstance(widget, Swatches) and value in (o.value for o in widget.options):
            return widget
    raise AssertionError(f"no chooser holding {value!r}")


@pytest.mark.slow
def test_choosing_in_settings_changes_the_table_without_a_stall(
        play, monkeypatch: pytest.MonkeyPatch) -> None:
    driver = play(code=CODE, size=(1280, 720))
    app = driver.app
    g = driver.table.geometry
    card_size = (g.card_w, g.card_h)
    made: list[tuple[int, int]] = []
    cloths: list[tuple[int, int]] = []
    rasterise, draw_cloth = pygame.image.load_sized_svg, felt.lit_felt

    def counting_rasterise(file, size):  # type: ignore[no-untyped-def]
        made.append(tuple(size))
        return rasterise(file, size)

    def counting_cloth(size, *args, **kwargs):  # type: ignore[no-untyped-def]
        if size == g.size:  # the table's (not a swatch's)
            cloths.append(size)
        return draw_cloth(size, *args, **kwargs)
    monkeypatch.setattr(pygame.image, "load_sized_svg", counting_rasterise)
    monkeypatch.setattr(felt, "lit_felt", counting_cloth)

    app.open_settings()
    driver.key(pygame.K_TAB, pygame.KMOD_CTRL)      # the page of the looks
    driver.settle()
    backs = _chooser(app.scenes.top, "garnet")
    for _ in range(len(app.scenes.top.focus.focusables())):
        if app.scenes.top.focus.focus is backs:
            break
        driver.key(pygame.K_TAB)
    assert app.scenes.top.focus.focus is backs
    made.clear()
    driver.key(pygame.K_RIGHT)                      # the keyboard: the next back
    assert app.settings.card_back == "garnet"
    assert card_size not in made                    # that frame made no card picture
    assert driver.table.images.pending
    driver.settle()                                 # made in spare time
    assert card_size in made and not driver.table.images.pending

    tables = _chooser(app.scenes.top, "burgundy")
    driver.click(tables._boxes[TABLES.index("burgundy")].center)   # the mouse
    assert app.settings.table == "burgundy"
    assert cloths == []                             # that frame drew no cloth
    driver.settle()
    assert cloths == [g.size]
    assert load_settings(storage.data_dir()).value.table == "burgundy"

    driver.key(pygame.K_ESCAPE)
    driver.settle()
    app.draw()
    x, y = g.stock_pile(0, driver.table.game.deals_left)
    art = CardImages(card_size, back="garnet").back()
    centre = (g.card_w // 2, g.card_h // 2)
    assert app.screen.get_at((x + centre[0], y + centre[1]))[:3] == art.get_at(centre)[:3]
    point = (g.size[0] // 2, y + g.card_h // 2)
    expected = render_felt(g.size, table_colour("burgundy")).get_at(point)
    assert max(abs(a - b) for a, b in zip(app.screen.get_at(point)[:3], expected[:3],
                                          strict=True)) <= 3


def test_the_choosers_pictures_are_made_after_the_frame_that_opens_settings(
        play, monkeypatch: pytest.MonkeyPatch) -> None:
    from spider.app.dialogs import settings as dialog
    from spider.app.table.previews import back_preview

    made: list[tuple[str, str]] = []
    backs_of, tables_of = dialog.back_preview, dialog.table_preview

    def counting_back(name, size):  # type: ignore[no-untyped-def]
        made.append(("back", name))
        return backs_of(name, size)

    def counting_table(name, size, back):  # type: ignore[no-untyped-def]
        made.append(("table", name))
        return tables_of(name, size, back)
    monkeypatch.setattr(dialog, "back_preview", counting_back)
    monkeypatch.setattr(dialog, "table_preview", counting_table)
    driver = play(code=CODE, size=(1280, 720))
    app = driver.app
    app.open_settings()
    app.draw()
    assert made == [] and not app.scenes.top.animating  # the first page shows none
    driver.key(pygame.K_TAB, pygame.KMOD_CTRL)          # the page of the looks
    assert made == [] and app.scenes.top.animating      # the frame that shows it made none
    driver.settle()
    assert sorted(made) == sorted([("back", b) for b in CARD_BACKS]
                                  + [("table", t) for t in TABLES])
    backs = _chooser(app.scenes.top, "deco")
    box = backs._boxes[CARD_BACKS.index("deco")]
    size = backs.picture_size(app.scenes.top.style)
    art = back_preview("deco", size)
    point = (box.centerx, box.y + backs._margin(app.scenes.top.style) + size[1] // 2)
    assert app.screen.get_at(point)[:3] == art.get_at((size[0] // 2, size[1] // 2))[:3]
    made.clear()
    driver.click(box.center)                            # a new back: the tables show it
    assert app.settings.card_back == "deco" and made == []
    driver.settle()
    assert sorted(made) == [("table", t) for t in sorted(TABLES)]


def test_the_choosers_pictures_take_the_same_passes_whatever_the_wall_clock_reads(
        play, monkeypatch: pytest.MonkeyPatch) -> None:
    """Their spare time is measured on the App's clock (a ManualClock here), so the
    pictures are made in the same passes on a machine just started and on one that
    has been up for years."""
    passes = []
    for since_boot in (0.0, 1e9):
        ticks = itertools.count()
        monkeypatch.setattr(time, "perf_counter", lambda start=since_boot, ticks=ticks:
                            start + next(ticks) * 1e-6)
        driver = play(code=CODE)
        driver.app.open_settings()
        driver.key(pygame.K_TAB, pygame.KMOD_CTRL)  # the page of the looks
        passes.append(driver.app.run_until_idle())
        assert not any(chooser.waiting for chooser in driver.app.scenes.top._swatches)
    assert passes[0] == passes[1], passes
