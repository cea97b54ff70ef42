"""After a resize the new table is prepared between frames in steps of bounded work
(never by timing: budgets of pixels, cards, fonts and words), while the old picture,
stretched, stands in; the window then shows exactly what a whole redraw shows."""

from __future__ import annotations

import time
from functools import lru_cache
from itertools import cycle, pairwise

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from spider.app.table import (
    cardart,
    cardimages,
    hud,
    keptcards,
    rasteriser,
    renderer,
    resizesteps,
    standin,
    staticlayer,
)
from spider.app.table.cardimages import ALL_PICTURES, PICTURE_COST, STEP_COST, CardImages
from spider.app.table.driver import EventDriver
from spider.app.table.stilllayer import StillLayer
from spider.app.ui import text
from tests.helpers import rounds
from tools.bench.scenes import long_position


def _passes(driver: EventDriver, check=lambda: None, limit: int = 3000) -> int:
    """Passes of the loop as App.run makes them (a pass, then its spare time) until
    the stretched picture has gone; ``check()`` after each pass. How many."""
    app = driver.app
    for count in range(1, limit + 1):
        app.step()
        check()
        if driver.table.renderer.stand_in.picture is None:
            return count
        app.spare(1 / 60)
        app.clock.sleep(1 / 60)
    raise AssertionError("the stretched picture never went")


def _screen(app) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


@pytest.mark.parametrize("size", [(1600, 900), (1000, 640)])
def test_a_table_drawn_in_bands_after_a_resize_is_the_one_drawn_whole(
        play, monkeypatch, size: tuple[int, int]) -> None:
    """Larger and smaller: the still layer is drawn in several bands, one a pass, and
    the frame that shows it is the same, pixel for pixel, as a whole redraw."""
    driver = play(position=long_position())
    bands = []
    step = resizesteps.Bands.step
    monkeypatch.setattr(resizesteps.Bands, "step",
                        lambda self, *args: (bands.append(1), step(self, *args))[1])
    driver.resize(size)
    _passes(driver)
    assert len(bands) >= 3 and driver.app.size == size
    layer = driver.table.renderer.still
    shown, still = _screen(driver.app), layer.picture.copy()
    driver.table.renderer.still.forget()
    driver.app.request_redraw()
    driver.app.draw()
    assert _screen(driver.app) == shown
    assert pygame.image.tobytes(layer.picture, "RGB") == pygame.image.tobytes(still, "RGB")


@pytest.mark.parametrize("size", [(1500, 860), (1000, 640)])
def test_the_stretched_picture_is_shown_until_the_whole_table_is_ready(
        play, size: tuple[int, int]) -> None:
    """Every frame drawn before the swap shows the old table stretched under the bar
    (whole, or halved to free its buffer; never a band of the new one), however often
    the window is drawn meanwhile."""
    driver = play(position=long_position())
    app, table = driver.app, driver.table
    old = table.renderer.still.picture.copy()
    driver.resize(size)
    frames = []

    def check() -> None:
        if table.renderer.stand_in.picture is not None:
            frames.append(app.screen.copy())
        app.request_redraw()  # as the clock's second does: the window drawn again

    assert _passes(driver, check) > 5
    top = table.geometry.bar.bottom  # (the old bar, stretched, and the new one above it)
    below = pygame.Rect(0, top, size[0], size[1] - top)

    def table_part(picture: pygame.Surface) -> bytes:
        return pygame.image.tobytes(picture.subsurface(below), "RGB")

    stand_ins = {table_part(pygame.transform.scale(picture, size))
                 for picture in (old, _halved(old, old.get_width() * old.get_height()))}
    assert len(frames) > 5 and {table_part(frame) for frame in frames} <= stand_ins


@pytest.mark.parametrize("redraw_once", [False, True])
@pytest.mark.parametrize("size", [(1600, 900), (1000, 640)])
def test_the_new_table_is_copied_into_the_window_in_steps_before_the_swap(
        play, monkeypatch, size: tuple[int, int], redraw_once: bool) -> None:
    """The new still layer goes into the window below the bar in steps of spare time,
    unshown: the frame that swaps it in copies none of it, and shows the same, pixel
    for pixel, as a whole redraw. A frame drawn meanwhile (``redraw_once``: as the
    clock's second may be) draws the old picture whole: then the swap's frame copies
    the layer itself."""
    copies: list[int] = []
    below_bar = renderer.TableRenderer._blit_below_bar
    monkeypatch.setattr(renderer.TableRenderer, "_blit_below_bar",
                        lambda self, *args: (copies.append(1), below_bar(self, *args))[1])
    driver = play(position=long_position())
    app, table = driver.app, driver.table
    driver.resize(size)
    redrawn = []

    def check() -> None:
        if table.renderer.stand_in.picture is not None:
            copies.clear()  # (those of the frames before the swap's)
        bands = table.renderer.still.bands
        if redraw_once and not redrawn and bands is not None and bands.rows:
            redrawn.append(1)  # between two steps copying the layer
            app.request_redraw()
            app.draw()

    _passes(driver, check)  # (the last: the frame that shows the new table)
    assert copies == ([1] if redraw_once else []) and bool(redrawn) == redraw_once
    shown = _screen(app)
    table.renderer.still.forget()
    app.request_redraw()
    app.draw()
    assert _screen(app) == shown


def _halved(picture: pygame.Surface, work: int) -> pygame.Surface:
    """``picture`` halved as after a resize, in steps of ``work``."""
    half = pygame.Surface((picture.get_width() // 2, picture.get_height() // 2), 0, picture)
    halving = resizesteps.Halving(picture, half)
    while not halving.step(work):
        pass
    return half


@given(st.tuples(st.integers(2, 90), st.integers(2, 90)), st.integers(1, 2000))
def test_a_picture_halved_in_bands_is_the_one_halved_at_once(size, work) -> None:
    """However many rows a step makes, the halved picture is the same (each of its rows
    is the old picture's row twice its number), and a step reads at most its work."""
    picture = pygame.image.frombytes(bytes(i * 37 % 251 for i in range(3 * size[0] * size[1])),
                                     size, "RGB")
    whole = _halved(picture, size[0] * size[1])
    half = pygame.Surface(whole.get_size(), 0, picture)
    halving, steps = resizesteps.Halving(picture, half), 1
    while not halving.step(work):
        steps += 1
    rows = max(1, work // (2 * size[0]))  # of the half: twice as many of the old picture
    assert steps == -(-whole.get_height() // rows)
    assert pygame.image.tobytes(half, "RGB") == pygame.image.tobytes(whole, "RGB")
    assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(
        pygame.transform.scale(picture.subsurface(0, 0, size[0], 2 * whole.get_height()),
                               whole.get_size()), "RGB")


def test_a_resize_opens_no_font(play, monkeypatch) -> None:
    """The bar's words at a new size are drawn with the faces already open, set to the
    new size (a face costs about a still frame to open): no pass after a resize opens
    a font."""
    driver = play(position=long_position())
    opened: list[tuple[object, ...]] = []
    open_font = pygame.font.Font
    monkeypatch.setattr(pygame.font, "Font",
                        lambda *args: (opened.append(args), open_font(*args))[1])
    sizes: set[int] = set()
    sized = text._sized
    monkeypatch.setattr(text, "_sized", lambda face, size: (sizes.add(size), sized(face, size))[1])
    driver.resize((1234, 777))
    _passes(driver)
    assert opened == [] and driver.table.bar.font_size in sizes


def test_the_kept_set_is_looked_for_in_a_step_of_its_own(play, monkeypatch) -> None:
    """The card set kept at the new size is looked for (a file opened, read and
    touched) not in the pass that handles the resize but in a step of the spare time
    after it, alone (the pictures are asked of the thread in the next)."""
    driver = play(position=long_position())
    done: list[str] = []
    init = keptcards.KeptCards.__init__
    monkeypatch.setattr(keptcards.KeptCards, "__init__",
                        lambda self, *args: (done.append("open"), init(self, *args))[1])
    ask = cardimages.CardImages.ask
    monkeypatch.setattr(cardimages.CardImages, "ask",
                        lambda self: (done.append("ask"), ask(self))[1])
    driver.resize((1000, 640))
    passes = []

    def check() -> None:
        passes.append(list(done))
        done.clear()

    _passes(driver, check)
    passes.append(done)
    # (each entry: a pass's step, then the spare time before it)
    assert passes[0] == [] and passes[1] == [] and passes.count(["open"]) == 1
    assert passes.index(["open"]) < min(index for index, steps in enumerate(passes)
                                        if "ask" in steps)


def test_the_cards_in_view_are_asked_of_the_thread_in_a_step_after_choosing_them(
        play, monkeypatch) -> None:
    """Choosing the cards in view (43 in a long game) and asking the thread for their
    parts (17 sources, told at once) were each about a still frame's work at 960x600:
    a step each."""
    driver = play(position=long_position())
    done: list[tuple[str, int]] = []
    want_first = cardimages.CardImages.want_first
    monkeypatch.setattr(cardimages.CardImages, "want_first", lambda self, cards: (
        done.append(("choose", 0)), want_first(self, cards))[1])
    ask = rasteriser.Rasteriser.ask
    monkeypatch.setattr(rasteriser.Rasteriser, "ask", lambda self, *sources: (
        done.append(("ask", len(sources))), ask(self, *sources))[1])
    driver.resize((1000, 640))
    passes: list[list[tuple[str, int]]] = []

    def check() -> None:
        passes.append(list(done))
        done.clear()

    _passes(driver, check)
    chosen = passes.index([("choose", 0)])  # (alone in its step)
    [(what, sources)] = passes[chosen + 1]
    assert what == "ask" and sources >= 6  # (the parts of the first few cards at once)


def test_the_pass_that_handles_a_resize_leaves_its_spare_time_alone(play, monkeypatch) -> None:
    """The pass that handles a resize draws the whole window (the old table stretched,
    ``restyle(later=True)``): work enough for a pass, so none of the new table's steps
    is taken in its spare time; they start in the next pass's."""
    driver = play(position=long_position())
    app = driver.app
    taken: list[int] = []  # the pass whose spare time took a step
    passes = [0]
    step = standin.StandIn.step
    monkeypatch.setattr(standin.StandIn, "step",
                        lambda self, *args: (taken.append(passes[0]), step(self, *args))[1])
    driver.resize((1000, 640))
    for number in range(1, 4):
        passes[0] = number
        app.step()
        assert app.size == (1000, 640) and driver.table.renderer.stand_in.picture is not None
        app.spare(1 / 60)
        app.clock.sleep(1 / 60)
    assert 1 not in taken and 2 in taken


def test_the_cards_in_play_are_wanted_in_a_step_after_the_resize(play, monkeypatch) -> None:
    """The pass that handles a resize does not look up the pictures of the cards in
    play (158 cards): a step of its spare time wants them, in play first."""
    driver = play(position=long_position())
    app = driver.app
    phase, wanted = ["step"], []
    want = cardimages.CardImages.want
    monkeypatch.setattr(cardimages.CardImages, "want",
                        lambda self, cards: (wanted.append((phase[0], list(cards))),
                                             want(self, wanted[-1][1]))[1])
    driver.resize((1000, 640))
    for _ in range(4):
        phase[0] = "step"
        app.step()
        phase[0] = "spare"
        app.spare(1 / 60)
        app.clock.sleep(1 / 60)
    in_play = [(when, cards) for when, cards in wanted if len(cards) > len(ALL_PICTURES)]
    assert [when for when, _ in in_play] == ["spare"] and in_play[0][1][0] is None
    driver.settle()  # (then every picture is made)
    assert driver.table.images.made(ALL_PICTURES)


def test_the_new_still_layers_cards_are_gathered_in_shares(play, monkeypatch) -> None:
    """The pictures and places of the cards the new still layer shows (a few µs each)
    are gathered a share a pass: a long game's, not all in one."""
    driver = play(position=long_position())
    placed: list[object] = []
    place = StillLayer.placed
    monkeypatch.setattr(StillLayer, "placed",
                        lambda self, *args: (placed.append(args), place(self, *args))[1])
    driver.resize((1000, 640))
    counts = [0]
    _passes(driver, lambda: counts.append(len(placed)))
    gathered = [after - before for before, after in pairwise(counts)]
    assert sum(gathered) > 2 * resizesteps.PLACED_A_STEP
    assert max(gathered) <= resizesteps.PLACED_A_STEP


def test_a_resize_measures_the_bars_words_a_few_a_pass(play, monkeypatch) -> None:
    """A word's first measure at a size loads its letters (some 5 µs each): after a
    resize the words the bar is laid out by and the time's values its place is found
    from are measured between frames, a few a pass, not all in the pass that lays the
    bar out or draws it."""
    driver = play(position=long_position())
    measured: list[str] = []
    measure = text._width.__wrapped__
    monkeypatch.setattr(text, "_width", lru_cache(maxsize=None)(
        lambda word, *rest: (measured.append(word), measure(word, *rest))[1]))
    driver.resize((1234, 777))
    counts = [0]
    _passes(driver, lambda: counts.append(len(measured)))
    letters = [sum(map(len, measured[before:after])) for before, after in pairwise(counts)]
    assert sum(letters) > 3 * hud.LETTERS_A_STEP
    assert max(letters) <= hud.LETTERS_A_STEP


@given(st.tuples(st.integers(640, 3840), st.integers(480, 2160)),
       st.lists(st.tuples(st.integers(-200, 3900), st.integers(-200, 2200),
                          st.integers(20, 400), st.integers(20, 560)), max_size=120))
def test_bands_cover_the_window_each_within_its_work(size, cards) -> None:
    rects = [pygame.Rect(card) for card in cards]
    bands = resizesteps._bands(size, rects)[::-1]  # (taken from the end)
    width, height = size
    assert bands[0].top == 0 and bands[-1].bottom == height
    budget = resizesteps.BAND_WORK * width * height
    for band, after in pairwise(bands):
        assert band.bottom == after.top
    for band in bands:
        assert band.w == width
        work = band.w * band.h + resizesteps.CARD_PIXEL * sum(
            rect.w * max(0, min(rect.bottom, band.bottom) - max(rect.top, band.top))
            for rect in rects)
        assert work <= budget or band.h == 1


def test_pictures_are_put_together_within_a_budget_of_pixels() -> None:
    """However many the thread has ready, a frame puts together no more pictures than
    its budget of pixels pays for, the step's own cost paid first (one at least)."""
    images = CardImages((90, 126), kept=False)
    cost = 90 * 126 + PICTURE_COST
    images.want(ALL_PICTURES)
    made = []
    keep = images._keep
    images._keep = lambda card, picture: (made.append(card), keep(card, picture))[1]
    counts = []
    for budget in [STEP_COST + 3 * cost + cost // 2, 3 * cost, cost // 3] * 200:
        if budget > cost:  # the thread has three ready, however busy the machine
            while len(images._ready()) < 3 and images._raster.wait(10.0):
                pass
        before = len(made)
        images.work(time.perf_counter() + 10.0, budget=budget)
        counts.append((budget, len(made) - before))
        if not images.pending:
            break
    assert not images.pending and len(made) == len(ALL_PICTURES)
    assert all(count <= max(1, (budget - STEP_COST) // cost) for budget, count in counts)
    assert any(count == 3 for _, count in counts)
    assert any(count == 2 for budget, count in counts if budget == 3 * cost)


def test_the_threads_pictures_come_in_the_windows_layout_and_look_the_same(play) -> None:
    """The picture thread hands over its pictures converted to the window's layout
    (the game thread only puts them together: converting took it as long again),
    and the cards put together from them are those made here and now."""
    play(size=(1280, 720))
    size = (90, 126)
    layout = cardimages._window_layout()
    assert layout is not None
    source = cardart.card_svg(None)
    assert source is not None
    thread = rasteriser.Rasteriser(size, layout)
    thread.ask(source)
    assert thread.wait_idle(10.0)
    made = thread.take(source)
    assert isinstance(made, pygame.Surface)
    assert made.get_masks() == layout.get_masks() and made.get_flags() & pygame.SRCALPHA
    threaded, here = CardImages(size, kept=False), CardImages(size, kept=False)
    threaded.want(ALL_PICTURES)
    while threaded.pending:
        threaded._raster.wait_idle(10.0)
        threaded.work(time.perf_counter() + 10.0, budget=10**9)
    here.prepare_all()  # (the thread asked for nothing: each source rasterised here)
    for card in ALL_PICTURES:
        assert (pygame.image.tobytes(threaded._image(card), "RGBA")
                == pygame.image.tobytes(here._image(card), "RGBA")), card


def test_the_cards_in_view_are_wanted_first_in_their_order() -> None:
    images = CardImages((90, 126), kept=False)
    images.want(ALL_PICTURES)
    view = [ALL_PICTURES[20], None, ALL_PICTURES[3], ALL_PICTURES[20]]
    images.want_first(view)
    assert list(images._wanted) == [ALL_PICTURES[20], None, ALL_PICTURES[3]] + [
        card for card in ALL_PICTURES if card not in view]
    images._image(ALL_PICTURES[5])  # made: not wanted, first or not
    images.want_first([ALL_PICTURES[5], ALL_PICTURES[7]])
    assert list(images._wanted)[:4] == [ALL_PICTURES[7], ALL_PICTURES[20], None, ALL_PICTURES[3]]
    assert ALL_PICTURES[5] not in images._wanted


def _rows_differing(picture: pygame.Surface, other: pygame.Surface) -> list[int]:
    """The rows in which two pictures of one size differ."""
    width = picture.get_width()
    return [y for y in range(picture.get_height())
            if pygame.image.tobytes(picture.subsurface(0, y, width, 1), "RGB")
            != pygame.image.tobytes(other.subsurface(0, y, width, 1), "RGB")]


def _halving_begun(driver: EventDriver, monkeypatch, table: str) -> None:
    """The cloth changed to ``table``, and passes run until its stand-in is halved in
    part."""
    halvings: list[resizesteps.Halving] = []
    step = resizesteps.Halving.step
    monkeypatch.setattr(resizesteps.Halving, "step",
                        lambda self, work: (halvings.append(self), step(self, work))[1])
    app = driver.app
    app.apply_settings(app.settings.with_(table=table))
    more = rounds()
    while not halvings and more():
        app.step()
        app.spare(1 / 60)
        app.clock.sleep(1 / 60)
    assert driver.table.renderer.stand_in.picture is not None  # (halved in part)
    monkeypatch.setattr(resizesteps.Halving, "step", step)


def _bottom_card_dragged(driver: EventDriver) -> None:
    """The last card of the first column dragged onto the sixth."""
    bottom = len(driver.table.board.column_ys()[0]) - 1
    driver.press(driver.card_point(0, bottom))
    driver.move(driver.column_point(5))
    driver.app.step()
    driver.release(driver.column_point(5))
    driver.settle()


def _halved_afresh(driver: EventDriver, table: str) -> None:
    """The cloth changed to ``table`` at the same size: the still layer stands in, in
    the same buffer, and its half shows the table now in every row."""
    app, stand_in = driver.app, driver.table.renderer.stand_in
    app.apply_settings(app.settings.with_(table=table))
    kept = stand_in.picture
    assert kept is not None and driver.table.renderer.still.holds(kept)
    expected = _halved(kept.copy(), kept.get_width() * kept.get_height())
    shown: list[pygame.Surface] = []

    def check() -> None:
        if stand_in.picture is not None and stand_in.picture is not kept:
            shown.append(stand_in.picture.copy())

    _passes(driver, check)
    assert shown  # (the half stood in for some passes)
    for half in shown:
        assert _rows_differing(half, expected) == []


def test_a_halving_cut_short_by_play_is_not_resumed_for_the_next_stand_in(
        play, monkeypatch) -> None:
    """A cloth change, a drag while its stand-in is being halved (play goes on: the
    real table shows), then another cloth change at the same size: the still layer
    stands in again, in the same buffer, and its half shows the table after the drag
    in every row, not the rows halved before it."""
    driver = play(position=long_position())
    _halving_begun(driver, monkeypatch, "blue")
    bottom = len(driver.table.board.column_ys()[0]) - 1
    driver.press(driver.card_point(0, bottom))
    driver.move(driver.column_point(5))
    driver.app.step()
    assert driver.table.renderer.stand_in.picture is None  # (dragged over the real table)
    driver.release(driver.column_point(5))
    driver.settle()
    _halved_afresh(driver, "graphite")


def test_a_new_stand_in_is_halved_afresh_however_the_last_one_went(play, monkeypatch) -> None:
    """A stand-in let go while it is being halved without a word to it (its picture
    simply forgotten, as a test drawing from scratch does), a drag, then another cloth
    change at the same size: the half of the new stand-in, in the same Surface as
    the last, shows the table after the drag in every row (keeping a picture forgets
    any halving)."""
    driver = play(position=long_position())
    _halving_begun(driver, monkeypatch, "blue")
    driver.table.renderer.stand_in.picture = None
    _bottom_card_dragged(driver)
    _halved_afresh(driver, "graphite")


def test_the_win_cascade_starts_without_a_stand_in(play) -> None:
    """The winning move, then a cloth change before every pass until the win cascade
    starts, the last in the pass where the winning run lands (no frame draws play
    going on after it): the cascade's start lets that stand-in go with its halving
    (which would read the still layer's picture, the cascade's canvas now)."""
    from tools.bench.scenes import WIN_POSITION  # seven runs gone; the ace onto the two wins

    driver = play(position=WIN_POSITION)
    app, table = driver.app, driver.table
    driver.double_click(driver.column_point(1))
    cloths = cycle(("blue", "green"))
    for _ in range(200):
        app.apply_settings(app.settings.with_(table=next(cloths)))
        kept = table.renderer.stand_in.picture is not None
        app.step()
        if table.celebration is not None:
            break
        app.spare(1 / 60)
        app.clock.sleep(1 / 60)
    assert table.celebration is not None and kept  # (a stand-in in the cascade's pass)
    assert table.renderer.stand_in.picture is None
    app.run_frames(30)
    assert table.celebration is not None and table.renderer.stand_in.picture is None


def test_the_static_layer_is_drawn_a_step_a_pass_after_a_resize(play, monkeypatch) -> None:
    """After a resize the static layer (cloth, the bar's backdrop, the outlines) is
    drawn in steps of bounded work, at most one in a pass, over several passes."""
    passes, steps = [0], []
    layer = staticlayer.static_layer

    def counted(*args, **kwargs):
        drawing = layer(*args, **kwargs)
        while True:
            steps.append(passes[0])
            try:
                next(drawing)
            except StopIteration as done:
                return done.value
            yield

    monkeypatch.setattr(staticlayer, "static_layer", counted)
    driver = play(position=long_position())
    steps.clear()  # (those of the start)
    driver.resize((1000, 640))
    _passes(driver, lambda: passes.__setitem__(0, passes[0] + 1))
    assert len(steps) >= 3 and len(set(steps)) == len(steps)
