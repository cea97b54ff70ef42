"""Frames drawn by changes alone: what reaches the window is what a whole redraw shows.

The loop presents only the areas a scene says it drew (``pygame.display.update``);
here a stand-in for the window keeps exactly what each frame presented (the App's
frame observers are told), and after every
frame of a drag, a deal, a move that completes a run, a clock tick, and the frames
where the player acts (a move, a deal, an undo, a click on the bar) it must equal the
same frame drawn whole.
"""

from __future__ import annotations

import threading

import pygame
import pytest

from spider.app.loop import App, Frame
from spider.app.table import rasteriser
from spider.app.table import shadows as shadows_module
from spider.app.table.driver import EventDriver
from tests.helpers import RUN_POSITION, cascading, rounds
from tools.bench.scenes import WIN_POSITION  # seven runs gone; the ace onto the two wins


class Window:
    """What the player's window shows: the screen as last presented. ``driver``: every
    frame presented by areas is checked against a whole redraw as it is presented (the
    numbers of those that differ are kept in ``wrong``)."""

    def __init__(self, app: App, driver: EventDriver | None = None) -> None:
        self.picture = app.screen.copy()
        self.frames: list[Frame] = []
        self.wrong: list[int] = []
        self._driver = driver
        app.frame_observers.append(self.presented)

    def presented(self, frame: Frame) -> None:
        screen = pygame.display.get_surface()
        if frame.whole or screen.get_size() != self.picture.get_size():
            self.picture = screen.copy()
        for area in frame.areas:
            self.picture.blit(screen, area, area)
        self.frames.append(frame)
        if (self._driver is not None and not frame.whole
                and not self.matches_whole_redraw(self._driver)):
            self.wrong.append(len(self.frames) - 1)

    @property
    def areas(self) -> int:
        """Frames presented by areas, not whole."""
        return sum(1 for frame in self.frames if frame.areas and not frame.whole)

    @property
    def overlapping(self) -> int:
        """Frames presented by areas that overlap (places drawn twice, the same each time)."""
        return sum(1 for frame in self.frames if not frame.whole and any(
            area.colliderect(other) for index, area in enumerate(frame.areas)
            for other in frame.areas[index + 1:]))

    def matches_whole_redraw(self, driver: EventDriver) -> bool:
        """Whether the window shows what drawing every scene afresh shows (drawn aside,
        so the next frame is again one drawn by changes)."""
        whole = driver.app.screen.copy()
        for scene in driver.app.scenes.visible:
            scene.draw(whole)
        return pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(self.picture, "RGB")


def _deal_then_complete_a_run(driver: EventDriver, window: Window, dealing: int,
                              completing: int) -> None:
    """Deal (checking ``dealing`` frames), take the deal back, then complete the run
    in column 1 (checking ``completing`` frames)."""
    driver.click(driver.stock_point())
    _frames(driver, window, dealing)
    driver.settle()
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.settle()
    driver.drag(driver.card_point(0, 1), driver.column_point(1))
    _frames(driver, window, completing)


def _frames(driver: EventDriver, window: Window, count: int) -> None:
    for frame in range(count):
        driver.app.run_frames(1)
        assert window.matches_whole_redraw(driver), f"frame {frame}"


@pytest.mark.slow
def test_a_dragged_group_shows_only_where_it_was_and_is(play) -> None:
    driver = play(code="SP1-S2C-ABCDEFG")
    window = Window(driver.app)
    start = driver.card_point(0, len(driver.table.game.columns[0]) - 1)
    driver.press(start)
    for step in range(1, 12):
        driver.move((start[0] + 37 * step, start[1] + 23 * step))
        assert window.matches_whole_redraw(driver), f"motion {step}"
    driver.release((start[0] + 37 * 11, start[1] + 23 * 11))
    _frames(driver, window, 40)
    assert window.areas > 0  # frames were presented by areas, not whole


@pytest.mark.slow
def test_dealing_and_completing_a_run_present_what_a_whole_frame_shows(play) -> None:
    driver = play(position=RUN_POSITION)
    window = Window(driver.app)
    _deal_then_complete_a_run(driver, window, 90, 120)
    assert driver.table.game.removed == 1
    assert window.areas > 0


def test_the_frames_where_the_player_acts_present_only_what_changed(play) -> None:
    """A deal, a move (dropped, and by a double-click completing a run), an undo (by the
    bar's button and by Ctrl+Z) and the pointer over the bar: no frame of each is drawn
    whole, the one where the player acts neither, and each shows what a whole redraw
    shows."""
    driver = play(position=RUN_POSITION)
    driver.settle()
    window = Window(driver.app, driver)
    game = driver.table.game

    def act(do) -> list[Frame]:
        start = len(window.frames)
        do()
        acted = window.frames[start:]
        driver.settle()
        return acted

    acts = {
        "deal": act(lambda: driver.click(driver.stock_point())),
        "undo by the bar": act(lambda: driver.click(driver.button_point("undo"))),
        "drop": act(lambda: driver.drag(driver.card_point(2, 1), driver.column_point(3))),
        "undo by Ctrl+Z": act(lambda: driver.key(pygame.K_z, pygame.KMOD_CTRL)),
        "over the bar": act(lambda: driver.move(driver.button_point("redo"), held=False)),
        "double-click completing a run": act(lambda: driver.double_click(
            driver.card_point(0, 1))),
    }
    assert game.removed == 1 and len(game.columns[3]) == 1  # the run went; 8♠ came back
    for name, frames in acts.items():
        assert not any(frame.whole for frame in frames), name  # (a press alone: none)
        assert any(frame.areas for frame in frames), name
    hover = acts["over the bar"][0].areas  # (the Redo button lit: that button alone)
    redo = next(button.box for button in driver.table.bar.buttons if button.action == "redo")
    assert hover and all(area.bottom <= driver.table.geometry.bar.bottom
                         and redo.x <= area.x and area.right <= redo.x + redo.w for area in hover)
    assert window.frames and window.wrong == []


def test_undoing_a_run_that_uncovered_a_card_shows_the_run_waiting_to_go_back(play) -> None:
    """Undoing a move that completed a run and turned the card under it: the card turns
    back first, and only in the spare time after that frame are the run's cards,
    waiting on their pile to fly back, laid out in the order they leave (the king,
    first to go, lowest: the 2♠ shows on top). The frames before the king leaves must
    show that pile as a whole redraw does, though no card moves there yet (the places
    the still layer drew in spare time are presented by the next frame)."""
    driver = play(position=RUN_POSITION.replace("2: Ks", "2: [5s] Ks"))
    driver.double_click(driver.card_point(0, 1))  # A♠ onto 2♠: the run goes, 5♠ turns
    driver.settle()
    assert driver.table.game.removed == 1
    window = Window(driver.app, driver)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.app.run_frames(12)  # (the first card of the run leaves after about six)
    assert driver.table.game.removed == 0
    assert window.areas == len(window.frames) > 0 and window.wrong == []


def test_a_deal_presents_of_the_bar_only_the_figures_and_buttons_that_changed(play) -> None:
    """A deal changes the score and the moves and enables Undo: its frames drawn by
    changes present, of the bar, the place over the figures that changed (and those
    they moved) and the Undo button, not the whole bar, and each shows what a whole
    redraw shows."""
    driver = play(position=RUN_POSITION)
    for key, mod in ((pygame.K_d, 0), (pygame.K_z, pygame.KMOD_CTRL)):  # (the bar as kept)
        driver.key(key, mod)
        driver.settle()
    window = Window(driver.app, driver)
    bar, buttons = driver.table.geometry.bar, driver.table.bar.buttons
    start = len(window.frames)
    driver.key(pygame.K_d)
    driver.settle()
    assert driver.table.game.moves == 1
    by_areas = [frame for frame in window.frames[start:] if not frame.whole]
    on_bar = [area for frame in by_areas for area in frame.areas if area.top < bar.bottom]
    undo = next(button.box for button in buttons if button.action == "undo")
    assert any(area.x <= undo.x and undo.x + undo.w <= area.right for area in on_bar)
    assert sum(area.w for area in on_bar) < bar.w // 3  # (the whole bar before)
    assert window.wrong == [] and window.matches_whole_redraw(driver)


def test_an_action_s_frame_leaves_the_bar_to_the_next(play) -> None:
    """While the dealt cards fly, the deal's own frame presents none of the bar: its new
    figures are drawn in that frame's spare time and presented by the next frame (each
    frame showing what a whole redraw shows)."""
    driver = play(position=RUN_POSITION)
    for key, mod in ((pygame.K_d, 0), (pygame.K_z, pygame.KMOD_CTRL)):  # (the bar as kept)
        driver.key(key, mod)
        driver.settle()
    window = Window(driver.app, driver)
    bar = driver.table.geometry.bar
    start = len(window.frames)
    driver.key(pygame.K_d)
    driver.app.run_frames(2)  # the key's frame (then its spare time) and the next
    first, second = window.frames[start:start + 2]
    assert driver.table.board.moving and not first.whole and not second.whole
    assert first.areas and all(area.top >= bar.bottom for area in first.areas)
    assert any(area.top < bar.bottom for area in second.areas)
    driver.settle()
    assert window.wrong == [] and window.matches_whole_redraw(driver)


def test_a_clock_tick_presents_the_time_alone(play) -> None:
    driver = play(code="SP1-S1C-AAAAAAD")
    driver.click(driver.stock_point())  # the game starts: its clock runs
    driver.settle()
    window = Window(driver.app)
    driver.app.run_frames(70)  # over a second of the clock
    clock = driver.table.renderer.bar.clock_box
    presented = [frame for frame in window.frames if frame.areas]
    assert clock is not None and presented
    assert all(frame.areas == (clock,) for frame in presented)
    assert window.matches_whole_redraw(driver)


def test_frames_whose_bar_shows_the_same_do_not_lay_out_its_figures(play, monkeypatch) -> None:
    """While the dealt cards fly and the bar shows the same, a frame drawn by changes
    does not lay out the bar's words and figures (only when what the bar shows
    changed: a new second at most), and every frame looks as drawn whole."""
    from spider.app.table.hud import TopBar

    driver = play(code="SP1-S1C-AAAAAAD")
    window = Window(driver.app)
    driver.key(pygame.K_d)  # the clock starts; the cards fly for about a second
    seconds, asked = [], []
    status_pieces = TopBar.status_pieces
    monkeypatch.setattr(TopBar, "status_pieces", lambda bar, **shows: (
        asked.append(shows["seconds"]), status_pieces(bar, **shows))[1])
    for _ in range(30):
        seconds.append(int(driver.app.session.elapsed))
        driver.app.run_frames(1)
    assert driver.table.board.moving and window.frames
    assert len(asked) <= len(set(seconds))  # (not 30)
    assert window.matches_whole_redraw(driver)


def _drawn_with_whole_shadows(driver: EventDriver, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Whether the table drawn whole now looks the same with every shadow drawn whole
    under the cards (nothing of it left out where the cards are opaque)."""
    renderer = driver.table.renderer
    drawn = driver.app.screen.copy()
    driver.table.draw(drawn)
    monkeypatch.setattr(shadows_module, "opaque_parts", lambda size, radius: [])
    renderer._shadows._pieces.clear()
    whole = driver.app.screen.copy()
    driver.table.draw(whole)
    return pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(drawn, "RGB")


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_shadows_drawn_where_the_cards_leave_them_seen_look_whole(play, monkeypatch,
                                                                  size) -> None:
    """A lifted group's shadow is drawn only around the cards over it: the picture is
    the one the whole shadow under the cards gives."""
    driver = play(position=RUN_POSITION, size=size)
    column = driver.table.game.columns[1]
    start = driver.card_point(1, len(column) - 6)
    driver.press(start)
    driver.move((start[0] + 140, start[1] + 90))
    assert driver.table.board.dragging
    assert _drawn_with_whole_shadows(driver, monkeypatch)


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_shadows_of_cards_turning_over_in_flight_look_whole(play, monkeypatch, size) -> None:
    """Dealt cards turn over as they fly: their narrowed pictures are opaque where the
    full ones are, so their shadows too are drawn only around them, unseen."""
    driver = play(code="SP1-S4C-BCDEFGH", size=size)
    driver.key(pygame.K_d)
    for _ in range(120):
        driver.app.run_frames(1)
        flying = driver.table.board.layers()[1]
        if sum(0.1 < sprite.squash < 0.9 for sprite in flying) >= 2:
            break
    else:
        pytest.fail("no two cards turning over at once")
    assert _drawn_with_whole_shadows(driver, monkeypatch)


def test_moving_cards_are_blitted_in_few_parts_each_placed_by_a_rectangle(play) -> None:
    """The shadow of a card flying flat is blitted in four parts around it, a dragged
    group's too, and every part and card, turning over or not, is placed by a
    rectangle: pygame-ce reads a place as a rectangle first, and for a pair fails,
    formatting an error, before reading the pair (which takes longer than blitting a
    part)."""
    driver = play(position=RUN_POSITION)
    renderer, board = driver.table.renderer, driver.table.board
    seen = {"flat": 0, "turning": 0, "dragged": 0}

    def check() -> None:
        _, flying, dragged = board.layers()
        moved = renderer._moving_areas(flying, dragged, [])
        for _, blits in moved:
            assert all(isinstance(blit[1], pygame.Rect) or len(blit[1]) == 4 for blit in blits)
        for sprite, (_, blits) in zip(flying, moved, strict=False):
            if len(blits) > 1:  # (under way, over its shadow)
                flat = sprite.squash == 1.0
                assert not flat or len(blits) - 1 <= 4
                seen["flat" if flat else "turning"] += 1
        if dragged:
            assert len(moved[-1][1]) - len(dragged) <= 4
            seen["dragged"] += 1

    driver.click(driver.stock_point())  # ten cards turn over as they fly
    more = rounds()
    while driver.app.busy and more():
        driver.app.run_frames(1)
        check()
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.settle()
    start, end = driver.card_point(0, 1), driver.column_point(1)
    driver.press(start)
    for step in range(1, 5):
        driver.move((start[0] + (end[0] - start[0]) * step // 4,
                     start[1] + (end[1] - start[1]) * step // 4))
        check()
    driver.release(end)  # the ace completes a run, which flies off flat
    more = rounds()
    while driver.app.busy and more():
        driver.app.run_frames(1)
        check()
    assert driver.table.game.removed == 1
    assert all(seen.values()), seen


def test_a_deal_presents_little_more_than_the_places_its_cards_leave_and_enter(play) -> None:
    """The areas a deal's frames present are the places its flying cards (and their
    shadows) left and entered, those of the cards landing and the bar's, joined where
    one area costs less to copy than two: over the deal, at most three tenths more pixels
    than those places cover."""
    driver = play(code="SP1-S4C-BCDEFGH")
    app, renderer = driver.app, driver.table.renderer
    window = Window(app)
    screen = app.screen.get_rect()
    bar = driver.table.geometry.bar
    presented = covered = 0
    driver.key(pygame.K_d)
    more = rounds()
    while app.busy and more():
        left = list(renderer._moved or [])
        app.run_frames(1)
        frame = window.frames[-1]
        assert not frame.whole
        _, flying, _ = driver.table.board.layers()
        entered = [area for area, _ in renderer._moving_areas(flying, [], [])]
        places = pygame.mask.Mask(screen.size)
        for area in [*left, *entered, *(renderer.still.drawn or []),
                     *(area for area in frame.areas if area.bottom <= bar.bottom)]:
            area = area.clip(screen)
            if area.w and area.h:
                places.draw(pygame.mask.Mask(area.size, fill=True), area.topleft)
        presented += sum(area.w * area.h for area in frame.areas)
        covered += places.count()
    assert covered and presented <= 1.3 * covered


def test_cards_flying_under_a_message_present_what_a_whole_frame_shows(play) -> None:
    """A message on the table (the toast) no longer makes every frame a whole one:
    dealt cards and a run fly by areas, under the message drawn over them (once,
    where areas overlap)."""
    driver = play(position=RUN_POSITION)
    driver.app.notify("A message long enough to lie across the cards' way " * 3, 60.0)
    driver.settle()
    window = Window(driver.app)
    _deal_then_complete_a_run(driver, window, 60, 60)
    assert driver.table.game.removed == 1 and driver.table.toast.visible
    assert window.areas > 60 and window.overlapping > 0




@pytest.mark.parametrize("flying", [False, True], ids=["at rest", "over dealt cards"])
def test_a_message_fades_and_goes_presenting_its_place_alone(play, flying) -> None:
    """A message fading and going (at rest, and as dealt cards fly under it) is drawn
    by changes: at rest only its place is presented, and every frame shows what a
    whole redraw shows."""
    driver = play(position=RUN_POSITION)
    driver.settle()
    window = Window(driver.app, driver)
    driver.app.notify("A message long enough to lie across the cards' way " * 3, 0.5)
    driver.app.run_frames(1)  # (it comes: a whole frame)
    place = driver.table.toast.placed(driver.table.geometry)
    assert place is not None
    start = len(window.frames)
    if flying:
        driver.key(pygame.K_d)
    driver.app.run_frames(40)  # over the fading's 0.35 s, and on
    frames = window.frames[start:]
    assert driver.table.toast.message is None and len(frames) > 20
    assert not any(frame.whole for frame in frames)
    if not flying:
        assert all(area == place[1] for frame in frames for area in frame.areas)
    assert window.wrong == [] and window.matches_whole_redraw(driver)


def test_the_cascade_under_a_message_presents_what_a_whole_frame_shows(play) -> None:
    driver = play(position=WIN_POSITION)
    driver.app.notify("A message long enough to lie across the cascade " * 3, 60.0)
    driver.settle()
    window = Window(driver.app)
    cascading(driver)
    drawn = len(window.frames)
    _frames(driver, window, 60)
    assert window.areas >= 50 and len(window.frames) - drawn >= 60


def _passes_until_made(driver: EventDriver, window: Window) -> int:
    """Passes of the loop as App.run makes them until every picture is made, each frame
    checked against a whole redraw once the stretched old picture has gone (before
    the pass's spare time); how many were checked."""
    app, renderer, checked = driver.app, driver.table.renderer, 0
    for frame in range(3000):
        app.step()
        if renderer.stand_in.picture is None:
            checked += 1
            assert window.matches_whole_redraw(driver), f"frame {frame}"
            if not renderer.pending:
                break
        app.spare(1 / 60)
        app.clock.sleep(1 / 60)
    assert not renderer.pending
    return checked


def test_pictures_after_a_resize_come_from_the_thread_and_show_whole(play, monkeypatch) -> None:
    """After a resize the game thread rasterises nothing: the last picture of the table
    stands in, stretched, while the background thread makes the new card pictures,
    and the table is then drawn with real pictures only. When play goes on at once,
    the last size's pictures stand in for the cards and are replaced all together.
    Every frame without the stretched picture shows what a whole redraw shows."""
    driver = play(position=RUN_POSITION, size=(1280, 720))
    window = Window(driver.app)
    made_here: list[tuple[int, int]] = []  # by the game thread
    rasterise = rasteriser.rasterise

    def counted(source: bytes, size: tuple[int, int]) -> pygame.Surface:
        if threading.current_thread() is threading.main_thread():
            made_here.append(size)
        return rasterise(source, size)

    monkeypatch.setattr(rasteriser, "rasterise", counted)
    driver.resize((1600, 900))
    assert _passes_until_made(driver, window) > 1
    assert driver.table.images.size != (1280, 720)
    assert driver.table.images.generation == 0  # no card's stand-in was shown
    driver.resize((1280, 720))
    driver.app.step()
    driver.click(driver.stock_point())  # a deal: the stretched picture goes at once
    assert driver.table.renderer.stand_in.picture is None and driver.table.board.moving
    assert _passes_until_made(driver, window) > 1
    assert driver.table.images.generation == 1 and made_here == []


def test_frames_after_a_resize_present_what_a_whole_frame_shows(play) -> None:
    """After a resize the old picture stands in, stretched, while the static layer
    is drawn in steps between frames; then the first full-quality frame and the
    frames by changes after it show what a whole redraw shows."""
    driver = play(position=RUN_POSITION, size=(1280, 720))
    window = Window(driver.app)
    driver.resize((1600, 900))
    renderer = driver.table.renderer
    stand_in = 0
    for _ in range(200):
        driver.app.run_frames(1)
        stand_in += renderer.stand_in.picture is not None
        if renderer.stand_in.picture is None and not renderer.pending:
            break
    assert stand_in >= 2 and driver.app.screen.get_size() == (1600, 900)
    driver.app.request_redraw()
    _frames(driver, window, 1)  # the first full-quality frame
    driver.drag(driver.card_point(0, 1), driver.column_point(1))
    _frames(driver, window, 40)
    assert driver.table.game.removed == 1 and window.areas > 0


def test_cards_kept_in_another_order_are_drawn_again_only_where_it_shows() -> None:
    """A card the still layer draws in another order than one it overlaps is drawn
    again; another order of cards apart, or under a pile's top card, changes nothing."""
    from spider.app.table.stillchanges import _reordered

    def card(name: str, x: float, y: float) -> tuple[str, tuple[float, float], bool]:
        return name, (x, y), True

    low, high, apart = card("low", 0, 0), card("high", 0, 20), card("apart", 500, 0)
    under, pile = card("under", 300, 300), card("pile", 300, 300)
    size = (100, 150)
    assert _reordered([low, high, apart], [low, apart, high], size) == []
    assert _reordered([under, pile, low], [under, low, pile], size) == []
    assert _reordered([low, high, apart], [high, low, apart], size) in ([low], [high])
    assert set(_reordered([under, pile], [pile, under], size)) == {under, pile}  # the top
    # Cards overlapping from different places (fanned piles) are in one lane.
    left, right = card("left", 1000, 0), card("right", 1060, 10)
    assert _reordered([left, right, low], [right, left, low], size) in ([left], [right])
    assert _reordered([left, right, low], [low, left, right], size) == []


def test_the_cascade_under_the_win_panel_and_a_message_presents_what_a_whole_frame_shows(
        play) -> None:
    """The message left from the game before (Analyse this game?) lies under the win
    panel: the cascade still goes on by areas, under both."""
    driver = play(position=WIN_POSITION)
    cascading(driver)
    driver.click(driver.column_point(0))  # the win panel, at once
    driver.app.notify("A message long enough to lie across the cascade " * 3, 60.0)
    assert len(driver.app.scenes) == 2 and driver.table.celebration is not None
    window = Window(driver.app, driver)
    driver.app.run_frames(60)
    assert window.areas >= 55 and window.wrong == []


@pytest.mark.parametrize("x", [0, 1, 3, 4, 8, 317])
def test_an_area_copied_around_streaming_stores_is_the_area_blitted(x: int) -> None:
    """copy_area (an area off SDL's streaming copy) puts exactly what blit does, inside
    a clip as outside one, at 32 and 24 bits a pixel."""
    from spider.app.table.areas import copy_area

    for depth in (32, 24):
        source = pygame.Surface((640, 360), 0, depth)
        for row in range(0, 360, 9):  # stripes: a pixel out of place shows
            source.fill(((row * 7) % 256, (row * 3) % 256, row % 256), (0, row, 640, 9))
            source.fill((255, 255, 255), (row, 0, 1, 360))
        area = pygame.Rect(x, 20, 150, 200)
        expected, copied = (pygame.Surface((640, 360), 0, depth) for _ in range(2))
        expected.blit(source, area.topleft, area)
        copy_area(copied, source, area.topleft, area)
        assert pygame.image.tobytes(copied, "RGB") == pygame.image.tobytes(expected, "RGB")
        clip = area.inflate(-20, -30)
        for surface in (expected, copied):
            surface.fill((0, 0, 0))
            surface.set_clip(clip)
        expected.blit(source, area.topleft, area)
        copy_area(copied, source, area.topleft, area)
        assert pygame.image.tobytes(copied, "RGB") == pygame.image.tobytes(expected, "RGB")


def test_cards_turning_over_in_flight_are_narrowed_between_frames(play, monkeypatch) -> None:
    """The narrowed pictures of dealt cards turning over as they fly are made in the
    time left after a frame, not in the frame that shows them."""
    driver = play(code="SP1-S4C-BCDEFGH")
    made: list[str] = []
    where = ["frame"]
    smoothscale = pygame.transform.smoothscale
    monkeypatch.setattr(pygame.transform, "smoothscale",
                        lambda *args: (made.append(where[0]), smoothscale(*args))[1])
    app = driver.app
    driver.key(pygame.K_d)
    for _ in range(120):
        where[0] = "frame"
        app.step()
        where[0] = "spare"
        app.spare(1 / 60)
        app.clock.sleep(1 / 60)
        if not app.busy:
            break
    assert "spare" in made and "frame" not in made
