"""Saved data through the real App: resume, damaged files, unwritable folder, statistics.

Every test builds the App the way the game does at start-up (from what
``load_saved`` read), plays with real pygame events, and looks at the files on disk.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pygame
import pytest

from spider.app.clock import ManualClock
from spider.app.dialogs import ConfirmScene, NewGameScene, WinScene
from spider.app.loop import App
from spider.app.table.driver import EventDriver
from spider.app.ui.focus import walk
from spider.app.ui.widgets import Button
from spider.data import storage
from spider.data.persistence import GAME_FILE, Persistence, load_saved
from spider.data.session import Session
from spider.data.settings import SETTINGS_FILE, Settings, save_settings
from spider.data.statistics import (
    STATISTICS_FILE,
    Statistics,
    load_statistics,
    save_statistics,
    stats_key,
)
from spider.model.actions import Move
from spider.model.cards import Card, Suit
from spider.model.dealcode import DealCode
from spider.model.game import Game, Slot
from spider.model.notation import format_position
from spider.text.i18n import tr
from tests.helpers import seeded_deals

CODE = "SP1-S1C-AAAAAAD"


def folder() -> Path:
    return storage.data_dir()


def launch(size: tuple[int, int] = (1280, 720), session: Session | None = None) -> App:
    """Start the game as ``run()`` does: read the saved files, build the App, wire it."""
    saved = load_saved()
    if session is not None:
        saved.session = session
    app = App(saved=saved, size=size, fullscreen=False, clock=ManualClock(),
              deals=seeded_deals())
    app.table.finish_animations()  # dealt out at once
    app.run_until_idle()
    return app


def persistence(app: App) -> Persistence:
    return app.persistence  # type: ignore[attr-defined]


def play_some_moves(app: App, driver: EventDriver, count: int) -> None:
    """Drag ``count`` legal moves (the model's own suggestions) with the mouse."""
    for _ in range(count):
        game = app.session.game
        moves = [m for m in game.legal_moves() if m.count == game.movable_length(m.source)]
        move = moves[0] if moves else None
        if move is None:
            driver.click(driver.stock_point())
        else:
            driver.drag_move(move)
        driver.settle()


def messages(app: App) -> list[str]:
    """Every message the App showed (recorded by wrapping ``notify``)."""
    return app.__dict__.setdefault("_shown", [])


def record_messages(app: App) -> None:
    original = app.notify
    shown = messages(app)

    def notify(message: str, seconds: float = 2.8) -> None:
        shown.append(message)
        original(message, seconds)

    app.notify = notify  # type: ignore[method-assign]


def quit_app(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    app.close()


def near_won_session() -> Session:
    """A Standard 1-suit session one move from the win: K..2 in column 1, the ace in 2."""
    session = Session(DealCode.parse(CODE))
    spades = [Slot(Card(rank, Suit.SPADES), True) for rank in range(13, 1, -1)]
    columns: list[list[Slot]] = [spades, [Slot(Card(1, Suit.SPADES), True)]] + [[]] * 8
    session.game = Game(columns, [], runs=[Suit.SPADES] * 7)
    return session


# ------------------------------------------------------------------ resume
@pytest.mark.slow
def test_resume_restores_position_score_moves_time_and_undo() -> None:
    save_settings(folder(), Settings(fullscreen=False))
    app = launch(session=Session(DealCode.parse(CODE)))
    driver = EventDriver(app)
    play_some_moves(app, driver, 4)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)          # one undone move, kept for redo
    driver.settle()
    app.run_frames(90)                                 # the clock runs (1.5 s)
    session = app.session
    done, undone = session.game.history()
    assert len(done) == 3 and len(undone) == 1 and session.elapsed > 1.0
    position, elapsed = format_position(session.game), session.elapsed
    score, moves = session.game.score, session.game.moves
    quit_app(app)

    again = launch()
    resumed = again.session
    assert str(resumed.code) == CODE
    assert format_position(resumed.game) == position
    assert (resumed.game.score, resumed.game.moves) == (score, moves)
    # The clock goes on from where it stopped (saved to the millisecond), by exactly
    # the time the resumed loop has run on its manual clock.
    assert resumed.elapsed == pytest.approx(round(elapsed, 3) + again.clock.now(), abs=1e-9)
    assert resumed.game.can_redo
    driver = EventDriver(again)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)           # undo still works after resume
    driver.settle()
    assert len(resumed.game.history()[0]) == 2
    assert resumed.game.moves == moves - 1
    again.close()


def test_game_is_saved_after_every_action() -> None:
    app = launch(session=Session(DealCode.parse(CODE)))
    driver = EventDriver(app)
    for number in range(1, 4):
        play_some_moves(app, driver, 1)
        on_disk = load_saved().session
        assert on_disk is not None
        assert format_position(on_disk.game) == format_position(app.session.game)
        assert len(on_disk.game.history()[0]) == number
    app.close()


def test_an_action_is_saved_after_its_frame_even_when_the_loop_then_idles() -> None:
    """With animation off nothing moves after a deal: the real loop goes straight back
    to waiting for input, and the deal is on disk by then (not only at quit)."""
    save_settings(folder(), Settings(animation_speed="off"))
    app = launch(session=Session(DealCode.parse(CODE)))
    on_disk: list[int | None] = []

    def idle_timeout() -> float:  # each time the loop is about to wait for input
        session = load_saved().session
        on_disk.append(None if session is None else session.game.deals_left)
        if len(on_disk) == 3:
            app.quit()
        return 0.001

    app.idle_timeout = idle_timeout  # type: ignore[method-assign]
    deals = app.session.game.deals_left
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d",
                                         scancode=0))
    app.run()
    assert app.session.game.deals_left == deals - 1
    assert on_disk[0] is None and on_disk[1:] == [deals - 1, deals - 1]
    app.close()


def test_interrupted_write_leaves_the_previous_file(monkeypatch: pytest.MonkeyPatch) -> None:
    app = launch(session=Session(DealCode.parse(CODE)))
    driver = EventDriver(app)
    play_some_moves(app, driver, 1)
    before = (folder() / GAME_FILE).read_bytes()

    def cut_short(fd: int, data: bytes) -> int:  # the disk gives up half way
        raise OSError(errno.EIO, "input/output error")

    real_write = os.write
    monkeypatch.setattr(storage.os, "write", cut_short)
    record_messages(app)
    play_some_moves(app, driver, 2)
    assert app.session.game.moves == 3                 # play went on
    assert (folder() / GAME_FILE).read_bytes() == before
    assert not [p for p in folder().iterdir() if p.name.endswith(".tmp")]
    assert len(messages(app)) == 1                     # told once, not per move
    monkeypatch.setattr(storage.os, "write", real_write)
    assert len(load_saved().session.game.history()[0]) == 1
    app.close()


# --------------------------------------------------------- damaged files
def _good_settings() -> Settings:
    return Settings(fullscreen=False, auto_place=True, suits=2)


def _good_statistics() -> Statistics:
    stats = Statistics()
    stats.record(stats_key("SP", 1, False), True, 1183, 117, 300.0)
    return stats


def _write_good_files() -> None:
    save_settings(folder(), _good_settings())
    save_statistics(folder(), _good_statistics())
    session = Session(DealCode.parse(CODE))
    session.game.play(session.game.legal_moves()[0])
    from spider.data.persistence import save_game

    save_game(folder(), session)


def _envelope(kind: str, version: int, data: object) -> bytes:
    return json.dumps({"kind": kind, "version": version, "data": data}).encode()


KINDS = {SETTINGS_FILE: "settings", GAME_FILE: "game", STATISTICS_FILE: "statistics"}
WRONG_TYPES = {
    SETTINGS_FILE: {"double_click": "yes", "suits": 3},
    GAME_FILE: {"session": {"code": 12, "done": [], "undone": "", "elapsed": "soon"}},
    STATISTICS_FILE: {"SP-1-classic": {"played": -4, "won": "many"}},
}
DAMAGE = {
    "truncated": lambda name, good: good[: len(good) // 2],
    "binary": lambda name, good: bytes(range(256)) * 4,
    "wrong-types": lambda name, good: _envelope(KINDS[name], 1, WRONG_TYPES[name]),
    "unknown-version": lambda name, good: _envelope(KINDS[name], 99, {}),
    "not-an-object": lambda name, good: b"[1, 2, 3]",
    "directory": None,
    "fifo": None,                    # start-up once hung here, deaf to SIGTERM
    "device": None,                  # a link to /dev/zero: bytes without end
    "too-big": lambda name, good: good + b" " * storage.MAX_BYTES,
}


@pytest.mark.parametrize("damage", [
    pytest.param(damage, marks=() if damage == "truncated" else pytest.mark.slow)
    for damage in DAMAGE])
@pytest.mark.parametrize("name", [SETTINGS_FILE, GAME_FILE, STATISTICS_FILE])
def test_damaged_file_is_set_aside_and_the_game_plays_on(name: str, damage: str) -> None:
    _write_good_files()
    path = folder() / name
    good = path.read_bytes()
    others = {other: (folder() / other).read_bytes() for other in KINDS if other != name}
    if damage in ("fifo", "device") and os.name != "posix":
        pytest.skip("POSIX special files")
    if DAMAGE[damage] is None:
        path.unlink()
        if damage == "fifo":
            os.mkfifo(path)
        elif damage == "device":
            os.symlink("/dev/zero", path)
        else:
            path.mkdir()
            (path / "inside.txt").write_text("a folder where a file should be")
    else:
        path.write_bytes(DAMAGE[damage](name, good))

    app = launch()
    record_messages(app)
    aside = [p for p in folder().iterdir() if p.name.startswith(path.stem + ".damaged-")]
    assert len(aside) == 1                              # kept for the player, not deleted
    assert not path.exists()
    for other, content in others.items():               # other files untouched
        assert (folder() / other).read_bytes() == content
    shown = app.table.toast.message
    assert shown is not None and aside[0].name in shown
    expected = {SETTINGS_FILE: "save.problem.settings", GAME_FILE: "save.problem.game",
                STATISTICS_FILE: "save.problem.statistics"}[name]
    assert shown.startswith(tr(expected, reason="").split("(")[0])

    # Defaults for the damaged file, the saved values for the others.
    if name == SETTINGS_FILE:
        assert app.settings.auto_place is False
    else:
        assert app.settings.auto_place is True
    if name == STATISTICS_FILE:
        assert persistence(app).statistics == Statistics()
    else:
        assert persistence(app).statistics == _good_statistics()
    if name != GAME_FILE:
        assert str(app.session.code) == CODE

    driver = EventDriver(app)                           # and the game is playable
    moves = app.session.game.moves
    play_some_moves(app, driver, 1)
    assert app.session.game.moves == moves + 1
    assert messages(app) == []                          # the message was shown once
    app.close()
    assert load_saved().problems == []                  # the next start is clean


def test_several_damaged_files_give_one_message() -> None:
    _write_good_files()
    (folder() / SETTINGS_FILE).write_bytes(b"{")
    (folder() / STATISTICS_FILE).write_bytes(b"\x00\xff")
    app = launch()
    shown = app.table.toast.message
    assert shown is not None
    assert tr("save.what.settings") in shown and tr("save.what.statistics") in shown
    app.close()


def test_unwritable_folder_plays_on_with_one_message(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EACCES, "permission denied")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    app = launch(session=Session(DealCode.parse(CODE)))
    record_messages(app)
    driver = EventDriver(app)
    play_some_moves(app, driver, 3)
    app.apply_settings(app.settings.with_(sound=False))
    assert app.session.game.moves == 3
    failures = [m for m in messages(app)
                if m == tr("save.failed.storage.permission-denied", folder=str(folder()))]
    assert len(failures) == 1 and len(messages(app)) == 1
    quit_app(app)                                        # quitting does not crash either
    assert not (folder() / GAME_FILE).exists()


def test_missing_folder_gives_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPIDER_DATA_DIR", str(folder() / "missing" / "deeper"))
    saved = load_saved()
    assert saved.problems == [] and saved.session is None
    assert saved.settings == Settings()


# --------------------------------------------------------------- statistics
def test_scripted_win_is_recorded_once_and_shown() -> None:
    save_settings(folder(), Settings(fullscreen=False, animation_speed="off"))
    app = launch(session=near_won_session())
    driver = EventDriver(app)
    app.run_frames(60)
    driver.drag_move(Move(1, 0, 1))
    app.run_until_idle()
    assert app.session.game.is_won
    assert isinstance(app.scenes.top, WinScene)
    key = stats_key("SP", 1, False)
    stats = load_statistics(folder()).value.get(key)  # saved at once
    assert (stats.played, stats.won, stats.current_streak) == (1, 1, 1)
    assert stats.best_score == 599 and stats.fewest_moves == 1
    assert persistence(app).win_records is not None and persistence(app).win_records.any

    driver.key(pygame.K_ESCAPE)                         # back to the table
    driver.key(pygame.K_z, pygame.KMOD_CTRL)            # undo the winning move...
    driver.settle()
    driver.key(pygame.K_y, pygame.KMOD_CTRL)            # ...and win again
    app.run_until_idle()
    if isinstance(app.scenes.top, WinScene):
        app.scenes.top.new_game()
    else:
        app.open_new_game_dialog()
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene)
    scene.start()                                        # a won game is not a loss
    app.run_until_idle()
    stats = persistence(app).statistics.get(key)
    assert (stats.played, stats.won) == (1, 1)
    app.close()


def test_a_won_game_is_not_resumed(monkeypatch: pytest.MonkeyPatch) -> None:
    from spider.data import persistence as module

    won = near_won_session()
    won.game.play(Move(1, 0, 1))
    assert won.game.is_won
    module.save_game(folder(), Session(DealCode.parse(CODE)))
    monkeypatch.setattr(module, "_game_from_dict", lambda data: module.SavedGame(won))
    saved = load_saved()
    assert saved.session is None and saved.problems == []


def _press(driver: EventDriver, scene: object, label: str) -> None:
    for widget in walk(scene.focus.root):  # type: ignore[attr-defined]
        if isinstance(widget, Button) and widget.label == label:
            driver.click(widget.rect.center)
            return
    raise AssertionError(f"no button {label!r}")


@pytest.mark.slow
def test_abandoned_games_count_as_losses() -> None:
    app = launch(session=Session(DealCode.parse("SP1-S2R-AAAAAAB")))
    driver = EventDriver(app)
    key = stats_key("SP", 2, True)

    # A new deal with nothing played is not a game.
    driver.key(pygame.K_n)
    _press(driver, app.scenes.top, tr("newgame.start"))
    assert persistence(app).statistics.get(key).played == 0

    # Play a move, then start a new game: a loss.
    app.new_game(DealCode.parse("SP1-S2R-AAAAAAB"))
    app.run_until_idle()
    play_some_moves(app, driver, 1)
    driver.key(pygame.K_n)
    assert isinstance(app.scenes.top, NewGameScene)
    assert app.scenes.top.app.session.started
    _press(driver, app.scenes.top, tr("newgame.start"))
    app.run_until_idle()
    stats = persistence(app).statistics.get(key)
    assert (stats.played, stats.won, stats.current_streak) == (1, 0, 0)

    # Play a move, then restart (after saying yes): another loss.
    code = app.session.code
    play_some_moves(app, driver, 1)
    driver.click(driver.button_point("restart"))
    confirm = app.scenes.top
    assert isinstance(confirm, ConfirmScene)
    _press(driver, confirm, tr("confirm.restart-yes"))
    app.run_until_idle()
    assert app.session.code == code and not app.session.started
    lost = load_statistics(folder()).value.get(stats_key(code.layout, code.suits,
                                                         code.relaxed))
    assert lost.played >= 1 and lost.won == 0

    # Quitting is not abandoning: the game waits for the next start.
    play_some_moves(app, driver, 1)
    before = persistence(app).statistics
    quit_app(app)
    assert load_statistics(folder()).value == before


# ------------------------------------------------- values out of what play can reach
def _game_text(**session: str) -> str:
    fields = {"code": f'"{CODE}"', "done": '"d"', "undone": '""', "elapsed": "12.5", **session}
    inner = ", ".join(f'"{name}": {value}' for name, value in fields.items())
    return f'{{"kind": "game", "version": 1, "data": {{"session": {{{inner}}}}}}}'


def _stats_text(**entry: str) -> str:
    fields = {"played": "3", "won": "1", "best_score": "900", "fewest_moves": "200",
              "fastest_seconds": "300", "current_streak": "1", "longest_streak": "1",
              "total_seconds": "700", **entry}
    inner = ", ".join(f'"{name}": {value}' for name, value in fields.items())
    return (f'{{"kind": "statistics", "version": 2, "data": {{"games": '
            f'{{"SP-1-classic": {{{inner}}}}}, "counted": []}}}}')


_RESULT = '{"game": "g1", "key": "SP-1-classic", "won": false, "score": 500, "moves": 1, '
#: Files that are well-formed JSON with every value of the right type, but out of range
#: (JSON reads 1e309 as infinity): each once broke every start or the Statistics dialog.
OUT_OF_RANGE = {
    "elapsed 1e309": (GAME_FILE, _game_text(elapsed="1e309")),
    "elapsed 1e308": (GAME_FILE, _game_text(elapsed="1e308")),
    "elapsed NaN": (GAME_FILE, _game_text(elapsed="NaN")),
    "elapsed -1": (GAME_FILE, _game_text(elapsed="-1")),
    "elapsed true": (GAME_FILE, _game_text(elapsed="true")),
    "id with capitals": (GAME_FILE, _game_text(id='"ABC"')),
    "id of 65 letters": (GAME_FILE, _game_text(id='"' + "a" * 65 + '"')),
    "demo_played as text": (GAME_FILE, _game_text(demo_played='"no"')),
    "result of 400 digits": (GAME_FILE, _game_text().replace(
        '}}}', '}, "results": [' + _RESULT + '"seconds": ' + "9" * 400 + '}]}}')),
    "result of 1e309 s": (GAME_FILE, _game_text().replace(
        '}}}', '}, "results": [' + _RESULT + '"seconds": 1e309}]}}')),
    "played of 400 digits": (STATISTICS_FILE, _stats_text(played="9" * 400)),
    "played 10^9 + 1": (STATISTICS_FILE, _stats_text(played=str(10**9 + 1))),
    "best score 10^10": (STATISTICS_FILE, _stats_text(best_score=str(10**10))),
    "total 1.7e308 s": (STATISTICS_FILE, _stats_text(total_seconds="1.7e308")),
    "total 1e309 s": (STATISTICS_FILE, _stats_text(total_seconds="1e309")),
    "fastest -0.5 s": (STATISTICS_FILE, _stats_text(fastest_seconds="-0.5")),
    "counted ids not a list": (STATISTICS_FILE, _stats_text().replace(
        '"counted": []', '"counted": "g1"')),
}


@pytest.mark.parametrize("case", OUT_OF_RANGE)
def test_a_value_out_of_range_is_set_aside_and_the_game_plays_on(case: str) -> None:
    _write_good_files()
    name, text = OUT_OF_RANGE[case]
    (folder() / name).write_text(text, encoding="utf-8")
    app = launch()
    stem = Path(name).stem
    assert len([p for p in folder().iterdir() if p.name.startswith(stem + ".damaged-")]) == 1
    assert app.table.toast.message is not None
    app.open_statistics()                                # the dialog draws every number
    app.run_until_idle()
    driver = EventDriver(app)
    driver.key(pygame.K_ESCAPE)
    moves = app.session.game.moves
    play_some_moves(app, driver, 1)
    assert app.session.game.moves == moves + 1
    app.close()
    assert load_saved().problems == []


@pytest.mark.slow
def test_the_largest_allowed_values_play_on_and_stay_in_range() -> None:
    """The bounds themselves are safe: a clock and totals at a hundred years, counts at
    a billion; one more game (and its loss) keeps every value within them."""
    from spider.data.statistics import MAX_COUNT, MAX_SECONDS, Stats

    full = Stats(played=MAX_COUNT, won=MAX_COUNT, best_score=MAX_COUNT, fewest_moves=1,
                 fastest_seconds=MAX_SECONDS, current_streak=MAX_COUNT,
                 longest_streak=MAX_COUNT, total_seconds=MAX_SECONDS)
    nearly = Stats(played=MAX_COUNT - 1, won=5, best_score=900, fewest_moves=100,
                   fastest_seconds=60.0, current_streak=5, longest_streak=5,
                   total_seconds=MAX_SECONDS)
    save_statistics(folder(), Statistics({"SP-1-classic": full, "SP-2-classic": nearly}))
    for code in ("SP1-S1C-AAAAAAD", "SP1-S2C-AAAAAAD"):
        session = Session(DealCode.parse(code), elapsed=MAX_SECONDS)
        session.game.play(session.game.legal_moves()[0])
        from spider.data.persistence import save_game
        save_game(folder(), session)
        app = launch()
        assert app.session.elapsed == MAX_SECONDS
        app.run_frames(5)                                 # the clock stops at the bound
        assert app.session.elapsed == MAX_SECONDS
        app.open_statistics()
        app.run_until_idle()
        app.new_game(DealCode.parse(CODE))                # the old game: one more loss
        app.run_until_idle()
        app.close()
        saved = load_saved()
        assert saved.problems == []
    stats = load_saved().statistics
    assert stats.get("SP-1-classic") == full              # a billion games: as it was
    after = stats.get("SP-2-classic")
    assert (after.played, after.won, after.current_streak) == (MAX_COUNT, 5, 0)
    assert after.total_seconds == MAX_SECONDS


@pytest.mark.parametrize(("typed", "expected"), [
    ("ＳＰ１－Ｓ２Ｃ－ＢＢＢＢＢＢＣ", "SP1-S2C-BBBBBBC"),   # a Chinese input method
    ("sp1—s4r—bcdefgh", "SP1-S4R-BCDEFGH"),                # an em dash from a word processor
    ("SP1-S1C-AAAAAAß", None),                             # ß upper-cases to SS: refused
])
def test_a_code_typed_in_the_new_game_dialog(typed: str, expected: str | None) -> None:
    app = launch(session=Session(DealCode.parse(CODE)))
    driver = EventDriver(app)
    driver.key(pygame.K_n)
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene)
    driver.click(scene.field.rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=typed))
    driver.settle()
    assert scene.field.value == typed
    driver.key(pygame.K_RETURN)
    driver.settle()
    if expected is None:
        assert app.scenes.top is scene and typed in scene.error
        assert str(app.session.code) == CODE
    else:
        assert str(app.session.code) == expected
    app.close()


SHUTTLE_CODE = "SO1-S1C-AAAAAAB"  # its first move can go back and forth


def test_a_saved_game_longer_than_any_real_one_is_set_aside_unplayed() -> None:
    """Replaying is what a start costs: 20,001 legal actions (a card shuttled back and
    forth) would hold the window back for seconds, a 4 MB file for a minute."""
    from spider.data.session import MAX_ACTIONS

    _write_good_files()
    session = Session(DealCode.parse(SHUTTLE_CODE))

    def shuttles(move: Move) -> bool:
        trial = Session(DealCode.parse(SHUTTLE_CODE)).game
        trial.play(move)
        return trial.is_legal(Move(move.target, move.source, move.count))

    move = next(move for move in session.game.legal_moves() if shuttles(move))
    shuttle = (move, Move(move.target, move.source, move.count))
    data = session.to_dict()
    data["done"] = " ".join(map(str, shuttle * (MAX_ACTIONS // 2))) + " " + str(shuttle[0])
    storage.save_document(folder() / GAME_FILE, "game", 1, {"session": data})
    saved = load_saved()
    assert saved.session is None and [p.what for p in saved.problems] == ["game"]
    data["done"] = " ".join(map(str, shuttle * 50))
    storage.save_document(folder() / GAME_FILE, "game", 1, {"session": data})
    assert len(load_saved().session.game.history()[0]) == 100   # the shuttle is legal
