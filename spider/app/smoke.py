"""``--smoke-test``: the real game, headless, through every asset and a scripted game.

Run as ``python main.py --smoke-test`` or ``dist/Spider/Spider --smoke-test``. It:

1. chooses SDL's dummy video and audio drivers and a fresh temporary data and cache
   folder (the player's saved game, settings and kept pictures are never touched);
2. loads every asset through the paths the game uses: every card SVG rasterised at
   the table's card size (and in four-colour mode), every sound through the mixer,
   every font face (and text in each language's face), every message catalogue;
3. plays through the real App and its loop, with real pygame events posted to the
   queue (:class:`spider.app.table.driver.EventDriver`): a 1-suit deal dealt in, a deal
   from the stock, dragged moves, undo and redo by keys, a settings change by key
   and by the settings hook (four colours, Chinese), a resize, frames checked at two
   window sizes; then a prepared position where a drag completes a run (it leaves
   the table), undo brings it back, redo removes it again, a double-click and a last
   drag win the game, the win panel appears; finally closing the window quits the real loop.

It prints ``smoke test passed`` and exits 0, or prints one line
``smoke test failed: <step>: <what>`` and exits 1 (a traceback, if any, goes to
stderr). A built game also writes that line to ``smoke-test-result.txt`` beside the
executable, since a windowed build on Windows has no console. A watchdog ends a hung
run after ``WATCHDOG_SECONDS`` with the same kind of line.

With ``SPIDER_EXIT_AFTER_FIRST_FRAME=1`` in the environment, ``--smoke-test`` instead
only starts the game and stops at its first frame (:mod:`spider.app.firstframe`: this
module is not loaded then).
"""

from __future__ import annotations

import contextlib
import faulthandler
import json
import os
import sys
import tempfile
import threading
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from spider import environment

if TYPE_CHECKING:
    import pygame

    from spider.app.loop import App
    from spider.app.table.driver import EventDriver

#: A 1-suit Standard deal (its first moves are found through the model).
SMOKE_CODE = "SP1-S1C-AAAAAAD"
RESULT_FILE = "smoke-test-result.txt"
WATCHDOG_SECONDS = 100.0
#: The two window sizes frames are checked at.
SIZES = ((1280, 720), (800, 600))

#: Two runs from a win (6 already removed). Column 2 onto column 1 completes a run;
#: column 4's group then fills the emptied column 1, its face-down 7 turns up and goes
#: onto the 8 by double-click, and column 1's group onto it completes the last run.
RUN_POSITION = """\
rules: classic
score: 500
moves: 0
removed: 6
stock:
1: Ks Qs Js Ts 9s 8s 7s
2: 6s 5s 4s 3s 2s As
3: Ks Qs Js Ts 9s 8s
4: [7s] 6s 5s 4s 3s 2s As
"""


class SmokeFailure(Exception):
    """A check of the smoke test did not hold."""


_step = "starting"


@contextlib.contextmanager
def step(name: str) -> Iterator[None]:
    """Name the part being run, for the failure line."""
    global _step
    _step = name
    yield


def check(condition: object, what: str) -> None:
    if not condition:
        raise SmokeFailure(what)


# ------------------------------------------------------------------- entry points

def run_smoke() -> int:
    """The ``--smoke-test`` command: 0 when everything worked, 1 otherwise."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with tempfile.TemporaryDirectory(prefix="spider-smoke-") as data:
        os.environ[environment.DATA_DIR] = data
        os.environ[environment.CACHE_DIR] = data
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        watchdog = threading.Timer(WATCHDOG_SECONDS, _timed_out)
        watchdog.daemon = True
        watchdog.start()
        try:
            _script()
            line, status = "smoke test passed", 0
        except SmokeFailure as failure:
            line, status = f"smoke test failed: {_step}: {failure}", 1
        except Exception as error:
            _print_traceback()
            line, status = f"smoke test failed: {_step}: {type(error).__name__}: {error}", 1
        finally:
            watchdog.cancel()
    report_result(line)
    return status


def report_result(line: str) -> None:
    """The result on stdout, and beside the executable of a built game."""
    line = " ".join(line.split())  # one line, whatever the error message held
    with contextlib.suppress(Exception):
        print(line, flush=True)
    if getattr(sys, "frozen", False):
        with contextlib.suppress(OSError):
            (Path(sys.executable).resolve().parent / RESULT_FILE).write_text(
                line + "\n", encoding="utf-8")


def _print_traceback() -> None:
    with contextlib.suppress(Exception):
        if sys.stderr is not None:
            traceback.print_exc(file=sys.stderr)


def _timed_out() -> None:
    """The watchdog: the run hangs; say where, and stop the process."""
    with contextlib.suppress(Exception):
        if sys.stderr is not None:
            faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
    report_result(f"smoke test failed: {_step}: still running after {WATCHDOG_SECONDS:.0f} s")
    os._exit(1)


# ------------------------------------------------------------------------ assets

def _check_assets(app: App) -> None:
    import pygame

    from spider.app.assets import CARDS, FONTS, SOUNDS
    from spider.app.table.cardart import BACKS, missing_art
    from spider.app.table.cardimages import CardImages
    from spider.app.ui import text
    from spider.model.cards import Card, Suit
    from spider.text import i18n

    with step("card art"):
        missing = missing_art()
        check(not missing, f"card art missing or unreadable: {' '.join(missing)}")
        size = app.table.images.size
        for four in (False, True):
            images = CardImages(size, four)
            for suit in Suit:
                for rank in range(1, 14):
                    face = images.face(Card(rank, suit))
                    check(face.get_size() == size, f"{rank}{suit.value} has the wrong size")
            check(images.back().get_size() == size, "the card back has the wrong size")
        for back in BACKS:
            check(CardImages(size, back=back).back().get_size() == size,
                  f"the card back {back} has the wrong size")
        wanted = 52 + len(BACKS)
        check(len(list(CARDS.glob("*.svg"))) >= wanted,
              f"fewer than {wanted} card files in {CARDS}")

    with step("sounds"):
        from spider.app.sound import NAMES, Sounds

        missing = [name for name in NAMES if not (SOUNDS / f"{name}.wav").is_file()]
        check(not missing, f"sounds missing from {SOUNDS}: {' '.join(missing)}")
        sounds = Sounds(enabled=False)
        check(sounds.available, "the mixer did not open (dummy audio driver)")
        lost = [name for name in NAMES if name not in sounds.effects]
        check(not lost, f"sounds that did not load: {' '.join(lost)}")
        if pygame.mixer.get_init() is None:
            pygame.mixer.init()
        for path in sorted(SOUNDS.glob("*.wav")):
            try:
                check(pygame.mixer.Sound(path).get_length() > 0, f"{path.name} is silent")
            except pygame.error as error:
                raise SmokeFailure(f"{path.name} does not load: {error}") from error

    with step("fonts"):
        needed = sorted(set(getattr(text, "_FACES", {}).values()))
        missing = [name for name in needed if not (FONTS / name).is_file()]
        check(not missing, f"fonts missing from {FONTS}: {' '.join(missing)}")
        faces = sorted([*FONTS.glob("*.ttf"), *FONTS.glob("*.otf")])
        check(faces, f"no fonts in {FONTS}")
        for path in faces:
            try:
                check(pygame.font.Font(path, 16).size("Spider 蜘蛛")[0] > 0, f"{path.name}")
            except (OSError, pygame.error) as error:
                raise SmokeFailure(f"font {path.name} does not load: {error}") from error
        samples = {"en": "Spider", "vi": "Nhện", "hu": "Pók", "zh": "蜘蛛纸牌"}
        for language, sample in samples.items():
            for bold in (False, True):
                check(text.render(sample, 18, (0, 0, 0), bold, language).get_width() > 0,
                      f"no text drawn in {language}")

    with step("messages"):
        catalogues = sorted(i18n.LOCALES.glob("*.json"))
        check(catalogues, f"no message catalogues in {i18n.LOCALES}")
        for path in catalogues:
            try:
                check(json.loads(path.read_text(encoding="utf-8")), f"{path.name} is empty")
            except ValueError as error:
                raise SmokeFailure(f"{path.name} is not JSON: {error}") from error
        check(i18n.tr("app.title") != "app.title", "the English catalogue is not found")


# ---------------------------------------------------------------------- the game

def _check_frame(app: App, what: str) -> None:
    """Draw a frame now and check it shows the table: felt, cards, bar."""
    app.request_redraw()
    app.step()
    screen: pygame.Surface = app.screen
    width, height = screen.get_size()
    check((width, height) == app.size, f"{what}: the frame is {width}×{height}")
    colours = {tuple(screen.get_at((x * width // 24, y * height // 18)))
               for x in range(24) for y in range(18)}
    check(len(colours) >= 8, f"{what}: the frame is nearly blank ({len(colours)} colours)")
    table = app.table
    g = table.geometry
    for column, ys in enumerate(table.board.column_ys()):
        if ys:  # the middle of the last card shows paper, not felt
            x, y = g.column_x[column] + g.card_w // 2, ys[-1] + g.card_h // 2
            r, gr, b, *_ = screen.get_at((min(x, width - 1), min(y, height - 1)))
            check(min(r, gr, b) > 150, f"{what}: column {column + 1}'s last card is not drawn")
            break


def _on_screen(app: App, what: str) -> None:
    from spider.app.table.geometry import Box

    table = app.table
    check(table.board.matches(table.game), f"{what}: the cards shown differ from the game")
    g = table.geometry
    for sprite in table.board.sprites():
        box = Box(round(sprite.pos[0]), round(sprite.pos[1]), g.card_w, g.card_h)
        check(box.within(*app.size), f"{what}: {sprite.card} is off screen")


def _play_a_deal(app: App, driver: EventDriver) -> None:
    import pygame

    game = app.session.game
    with step("dealing in"):
        driver.settle()
        _on_screen(app, "after dealing in")
        _check_frame(app, f"frame at {app.size[0]}×{app.size[1]}")
    with step("a deal from the stock"):
        driver.click(driver.stock_point())
        driver.settle()
        check(game.moves == 1 and len(game.stock) == 40, "clicking the stock did not deal")
    with step("dragged moves"):
        for number in (2, 3):
            moves = game.legal_moves()
            check(moves, "no legal move")
            driver.drag_move(moves[0])
            driver.settle()
            check(game.moves == number, f"dragging {moves[0]} did not move the cards")
    with step("undo and redo"):
        driver.key(pygame.K_z, pygame.KMOD_CTRL)
        driver.settle()
        check(game.moves == 2, "Ctrl+Z did not undo")
        driver.key(pygame.K_y, pygame.KMOD_CTRL)
        driver.settle()
        check(game.moves == 3, "Ctrl+Y did not redo")
    with step("the D key deals"):
        if not any(not column for column in game.columns):
            driver.key(pygame.K_d)
            driver.settle()
            check(game.moves == 4 and len(game.stock) == 30, "D did not deal")
    with step("a settings change"):
        before = app.settings.auto_place
        driver.key(pygame.K_a)
        check(app.settings.auto_place is not before, "the A key did not toggle auto-place")
        driver.key(pygame.K_a)
        check(app.settings.auto_place is before, "the A key did not toggle auto-place back")
        app.apply_settings(app.settings.with_(four_colour=True, language="zh",
                                              animation_speed="fast"))
        driver.settle()
        check(app.table.images.four_colour, "four-colour cards were not drawn")
        _check_frame(app, "frame in four colours and Chinese")
        app.apply_settings(app.settings.with_(four_colour=False, language="en"))
    with step("resizing the window"):
        size = SIZES[1]
        driver.resize(size)
        driver.settle()
        check(app.size == size, f"the window is {app.size}, not {size}")
        _on_screen(app, f"at {size[0]}×{size[1]}")
        _check_frame(app, f"frame at {size[0]}×{size[1]}")


def _remove_runs_and_win(app: App, driver: EventDriver) -> None:
    import pygame

    from spider.data.session import Session
    from spider.model.actions import Move
    from spider.model.dealcode import DealCode
    from spider.model.notation import parse_position

    with step("loading a prepared position"):
        session = Session(DealCode.parse(SMOKE_CODE))
        session.game = parse_position(RUN_POSITION)
        app.start_session(session, deal_in=False)
        driver.settle()
        game = app.session.game
        check(game is session.game and game.removed == 6, "the position was not loaded")
        _on_screen(app, "the prepared position")
    with step("a run removal"):
        driver.drag_move(Move(1, 0, 6))
        driver.settle()
        check(game.removed == 7 and not game.columns[0] and not game.columns[1],
              "completing K..A did not remove the run")
        check(len(app.table.board.runs) >= 7, "the removed run is not shown as completed")
        _on_screen(app, "after a run removal")
    with step("undoing a run removal"):
        driver.key(pygame.K_z, pygame.KMOD_CTRL)
        driver.settle()
        check(game.removed == 6 and len(game.columns[0]) == 7 and len(game.columns[1]) == 6,
              "undo did not bring the run back")
        _on_screen(app, "after undoing a run removal")
        driver.key(pygame.K_y, pygame.KMOD_CTRL)
        driver.settle()
        check(game.removed == 7 and not game.columns[0], "redo did not remove the run again")
    with step("playing to a win"):
        driver.drag_move(Move(3, 0, 6))
        driver.settle()
        check(len(game.columns[0]) == 6 and game.columns[3][0].face_up,
              "the group did not go to the empty column, or the 7 did not turn up")
        driver.double_click(driver.card_point(3, 0))
        driver.settle()
        check(not game.columns[3] and len(game.columns[2]) == 7,
              "double-clicking the 7 did not send it onto the 8")
        driver.drag_move(Move(0, 2, 6))
        check(game.removed == 8 and game.is_won, "the last run did not win the game")
        for _ in range(600):  # the celebration starts once the last run has flown off
            if app.table.celebration is not None or app.scenes.top is not app.table:
                break
            app.run_frames(1)
        driver.click((app.size[0] // 2, app.size[1] - 5))  # a click skips to the panel
        check(app.scenes.top is not app.table, "no win panel after winning")
        _check_frame(app, f"frame with the win panel ({type(app.scenes.top).__name__})")
        driver.key(pygame.K_ESCAPE)  # the cascade may go on behind: no need to wait
        check(app.scenes.top is app.table, "Esc did not close the win panel")


def _script() -> None:
    import pygame

    from spider.app.loop import App
    from spider.app.table.driver import EventDriver
    from spider.data.session import Session
    from spider.data.settings import Settings
    from spider.model.dealcode import DealCode

    with step("opening the window (with saving and sound)"):
        app = App(settings=Settings(), session=Session(DealCode.parse(SMOKE_CODE)),
                  size=SIZES[0], fullscreen=False)
    try:
        check(app.size == SIZES[0], f"the window is {app.size}, not {SIZES[0]}")
        _check_assets(app)
        driver = EventDriver(app)
        _play_a_deal(app, driver)
        with step("back to the first size"):
            driver.resize(SIZES[0])
            driver.settle()
            _check_frame(app, f"frame at {SIZES[0][0]}×{SIZES[0][1]} again")
        _remove_runs_and_win(app, driver)
        with step("closing the window"):
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            check(app.run() == 0 and not app.running, "closing the window did not quit")
    finally:
        app.close()
