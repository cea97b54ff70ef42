"""Fault injection: what the machine does to the game must not lose or corrupt anything.

* a full disk, a refused write, a read-only or vanished save folder while saving: the
  game goes on, the player is told once, the last good save stays whole;
* damaged files of every kind at start: set aside with their bytes, one message,
  defaults, and play (and saving) goes on;
* no audio device: the game plays silently;
* SIGTERM, SIGHUP or closing the window while cards fly: the game quits through its
  normal path and saves its new state (clock included);
* ``kill -9`` at any moment between actions: the next start resumes with at most the
  last action lost, and never a damaged file.

The in-process tests build the App as the game does (``fuzz_tools.launch``); the
signal tests run the real loop in a process of its own (``tests/fault_game.py``).
"""

from __future__ import annotations

import errno
import os
import random
import shutil
import signal
import sys
import time
from pathlib import Path

import pygame
import pytest

from spider.app.table.driver import EventDriver
from spider.data import storage
from spider.data.persistence import GAME_FILE, load_saved
from spider.data.session import Session
from spider.data.settings import SETTINGS_FILE
from spider.data.statistics import STATISTICS_FILE
from spider.model.actions import DEAL
from spider.model.notation import format_position
from spider.text.i18n import tr
from tests.fuzz_tools import Fuzzer, launch, settled_problems
from tests.helpers import Child, envelope, near_won, rounds

ROOT = Path(__file__).resolve().parents[2]
CODE = "SP1-S1C-AAAAAAD"


# ----------------------------------------------------------------- helpers
def start(folder: Path, code: str = CODE) -> tuple[EventDriver, list[str]]:
    """The game as a player starts it, with every message it shows recorded."""
    app = launch(folder, code, size=(1024, 700), first=True)
    shown: list[str] = []
    notify = app.notify

    def recording(message: str, seconds: float = 2.8) -> None:
        shown.append(message)
        notify(message, seconds)

    app.notify = recording  # type: ignore[method-assign]
    persistence = app.persistence  # type: ignore[attr-defined]
    if persistence.problems:  # the start-up message was shown before we could listen
        persistence.start()
    driver = EventDriver(app)
    app.table.finish_animations()  # dealt out at once
    driver.settle()
    return driver, shown


def act(driver: EventDriver) -> None:
    """One action a player makes: a legal drag, else a deal, else an undo."""
    game = driver.app.session.game
    moves = [m for m in game.legal_moves() if m.count == game.movable_length(m.source)]
    if moves:
        driver.drag_move(moves[0])
    elif game.is_legal(DEAL):
        driver.key(pygame.K_d)
    else:
        driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.app.run_frames(5)


def saved_session(folder: Path) -> Session | None:
    saved = load_saved(folder)
    assert saved.problems == [], saved.problems
    return saved.session


def temp_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob(".*.tmp"))


def same_game(a: Session, b: Session) -> bool:
    return (format_position(a.game) == format_position(b.game)
            and a.game.history() == b.game.history())


# ----------------------------------------------------------- saving faults
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every new file is written to /dev/full: the kernel's own ENOSPC."""
    real = storage.tempfile.mkstemp

    def mkstemp(*args, **kwargs):
        fd, path = real(*args, **kwargs)
        os.close(fd)
        return os.open("/dev/full", os.O_WRONLY), path

    monkeypatch.setattr(storage.tempfile, "mkstemp", mkstemp)


def refuse(error: OSError):
    def install(monkeypatch: pytest.MonkeyPatch) -> None:
        def mkstemp(*args, **kwargs):
            raise error

        monkeypatch.setattr(storage.tempfile, "mkstemp", mkstemp)
    return install


def read_only_replace(monkeypatch: pytest.MonkeyPatch) -> None:
    def replace(source, target):
        raise OSError(errno.EROFS, "Read-only file system", str(target))

    monkeypatch.setattr(storage.os, "replace", replace)


def failing_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    def fsync(fd):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(storage.os, "fsync", fsync)


FAULTS = {
    "disk-full": (full_disk, storage.DISK_FULL),
    "quota": (refuse(OSError(errno.EDQUOT, "Disk quota exceeded")), storage.DISK_FULL),
    "permission": (refuse(PermissionError(errno.EACCES, "Permission denied")),
                   storage.PERMISSION_DENIED),
    "read-only": (read_only_replace, storage.PERMISSION_DENIED),
    "io-error": (failing_fsync, storage.WRITE_FAILED),
}


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_failing_disk_never_stops_play_and_keeps_the_last_good_save(
        fault: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    driver, shown = start(tmp_path)
    app = driver.app
    for _ in range(2):
        act(driver)
    good = (tmp_path / GAME_FILE).read_bytes()
    good_session = saved_session(tmp_path)
    assert good_session is not None and same_game(good_session, app.session)

    install, key = FAULTS[fault]
    with monkeypatch.context() as patch:
        install(patch)
        moves = app.session.game.moves
        for _ in range(4):
            act(driver)
        driver.key(pygame.K_a)  # a setting changes: its save fails too
        driver.key(pygame.K_z, pygame.KMOD_CTRL)
        driver.settle()
        assert app.session.game.moves != moves or app.session.game.history() != (
            good_session.game.history())
        message = tr(f"save.failed.{key}", folder=str(tmp_path))
        assert shown.count(message) == 1, shown
        assert (tmp_path / GAME_FILE).read_bytes() == good  # the last good save, whole
        assert temp_files(tmp_path) == []
        driver.settle()
    assert settled_problems(app) == []

    act(driver)  # the disk works again: the next action saves everything
    resumed = saved_session(tmp_path)
    assert resumed is not None and same_game(resumed, app.session)
    assert len([m for m in shown if m == message]) == 1
    app.close()


@pytest.mark.slow  # the whole win celebration plays
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_win_and_a_setting_made_while_the_disk_is_full_are_saved_once_it_is_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game is saved after every action, so it catches up by itself; the win's
    statistics and a changed setting must catch up too, not be lost at quit."""
    near_won(tmp_path)
    driver, shown = start(tmp_path)
    app = driver.app
    with monkeypatch.context() as patch:
        full_disk(patch)
        driver.key(pygame.K_y, pygame.KMOD_CTRL)  # the winning move
        assert app.session.game.is_won
        driver.app.run_frames(30)
        driver.key(pygame.K_ESCAPE)  # past the celebration and the win dialog
        driver.settle()
        more = rounds(100)
        while app.scenes.top is not app.table and more():
            driver.key(pygame.K_ESCAPE)
        driver.key(pygame.K_a)  # auto-place on
        assert app.settings.auto_place
        assert shown == [tr("save.failed.storage.disk-full", folder=str(tmp_path))]
    driver.key(pygame.K_z, pygame.KMOD_CTRL)  # the disk has room again; play goes on
    driver.post(pygame.QUIT)
    app.close()
    again = load_saved(tmp_path)
    assert again.problems == []
    stats = again.statistics.get("SO-1-classic")
    assert (stats.played, stats.won) == (1, 1), "the win was lost"
    assert again.settings.auto_place, "the setting was lost"


def test_a_win_saved_but_not_yet_counted_is_counted_at_the_next_start(tmp_path: Path) -> None:
    """A winning move saves the game, then counts the win and saves again: a kill in
    between leaves a won game not counted. The next start must count it (once)."""
    from spider.data.persistence import save_game

    session = near_won(tmp_path)
    session.game.redo()
    assert session.game.is_won
    save_game(tmp_path, session)
    for _ in range(2):  # a second start must not count it again
        driver, _ = start(tmp_path)
        assert not driver.app.session.game.is_won  # a new deal is dealt
        driver.app.close()
        stats = load_saved(tmp_path).statistics.get("SO-1-classic")
        assert (stats.played, stats.won, stats.best_score) == (1, 1, session.game.score)


def test_a_failing_disk_at_quit_still_quits(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    driver, _ = start(tmp_path)
    app = driver.app
    act(driver)
    good = (tmp_path / GAME_FILE).read_bytes()
    full_disk(monkeypatch)
    driver.post(pygame.QUIT)
    assert not app.running
    assert (tmp_path / GAME_FILE).read_bytes() == good
    app.close()


def test_a_vanished_save_folder_is_made_again(tmp_path: Path) -> None:
    folder = tmp_path / "deep" / "Spider"
    driver, shown = start(folder)
    app = driver.app
    act(driver)
    shutil.rmtree(tmp_path / "deep")
    act(driver)
    resumed = saved_session(folder)
    assert resumed is not None and same_game(resumed, app.session)
    assert shown == []

    shutil.rmtree(folder)
    folder.write_text("a file where the folder was")  # cannot be made again
    act(driver)
    act(driver)
    assert len(shown) == 1 and "progress is not saved" in shown[0]
    folder.unlink()  # the folder may be made again: saving comes back by itself
    act(driver)
    resumed = saved_session(folder)
    assert resumed is not None and same_game(resumed, app.session)
    assert len(shown) == 1
    driver.settle()
    assert settled_problems(app) == []
    app.close()


def test_a_save_folder_that_is_a_file_from_the_start(tmp_path: Path) -> None:
    folder = tmp_path / "Spider"
    folder.write_text("not a folder")
    driver, shown = start(folder)
    for _ in range(3):
        act(driver)
    assert len(shown) == 1 and driver.app.session.game.moves >= 1
    assert folder.read_text() == "not a folder"
    driver.app.close()


# ----------------------------------------------------------- damaged files
GOOD_GAME = {"session": {"code": CODE, "done": "d", "undone": "", "elapsed": 12.5},
             "counted": False}
DAMAGE: dict[str, bytes] = {
    "empty": b"",
    "truncated": b'{"kind": "game", "version": 1, "data": {"sess',
    "garbage": bytes(random.Random(3).randrange(256) for _ in range(700)),
    "nul bytes": b"\0" * 64,
    "utf-16": '{"kind": "x"}'.encode("utf-16"),
    "not an object": b"[1, 2, 3]",
    "no envelope": b'{"score": 500}',
    "deep nesting": b"[" * 100000 + b"]" * 100000,
    "huge number": b'{"kind": "game", "version": 1e999, "data": {}}',
    "newer version": b'{"kind": "KIND", "version": 99, "data": {}}',
    "version as text": b'{"kind": "KIND", "version": "1", "data": {}}',
    "data not an object": b'{"kind": "KIND", "version": 1, "data": "x"}',
}
#: Well-formed envelopes whose content is wrong for the kind of file.
WRONG_CONTENT: dict[str, list[bytes]] = {
    GAME_FILE: [
        envelope("game", {"session": {**GOOD_GAME["session"], "done": "1>1 9>9"}}),
        envelope("game", {"session": {**GOOD_GAME["session"], "code": "XX9-S3Q-!!"}}),
        envelope("game", {"session": {**GOOD_GAME["session"], "elapsed": -5}}),
        envelope("game", {"session": {**GOOD_GAME["session"], "done": "d d d d d d"}}),
        envelope("game", {"session": GOOD_GAME["session"], "counted": "yes"}),
        envelope("game", {"session": None}),
        envelope("statistics", GOOD_GAME),
    ],
    SETTINGS_FILE: [
        envelope("settings", {"language": "xx"}),
        envelope("settings", {"double_click": 1}),
        envelope("settings", {"suits": 3}),
        envelope("settings", {"animation_speed": None}),
    ],
    STATISTICS_FILE: [
        envelope("statistics", {"SP-1-classic": {"played": 1, "won": 5}}),
        envelope("statistics", {"SP-9-classic": {}}),
        envelope("statistics", {"SP-1-classic": {"played": -1}}),
        envelope("statistics", {"SP-1-classic": {"total_seconds": "NaN"}}),
        envelope("statistics", {"SP-1-relaxed": {}}),
    ],
}
KIND_OF = {GAME_FILE: "game", SETTINGS_FILE: "settings", STATISTICS_FILE: "statistics"}
CASES = [(name, label, content) for name in KIND_OF for label, content in DAMAGE.items()] + [
    (name, f"wrong content {n}", content) for name, contents in WRONG_CONTENT.items()
    for n, content in enumerate(contents)]
#: The quick tier starts the game on one kind of damage per file; every kind is read at
#: the storage level (tests/data/test_storage.py) and in the App by the whole suite.
QUICK_DAMAGE = "garbage"


@pytest.mark.parametrize(("name", "label", "content"), [
    pytest.param(name, label, content, id=f"{name}-{label}",
                 marks=() if label == QUICK_DAMAGE else pytest.mark.slow)
    for name, label, content in CASES])
def test_a_damaged_file_is_set_aside_and_play_goes_on(name: str, label: str, content: bytes,
                                                      tmp_path: Path) -> None:
    content = content.replace(b"KIND", KIND_OF[name].encode())
    (tmp_path / name).write_bytes(content)
    driver, shown = start(tmp_path)
    app = driver.app
    aside = list(tmp_path.glob(f"{Path(name).stem}.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content  # kept, byte for byte
    assert len(shown) == 1, shown
    act(driver)
    driver.key(pygame.K_a)  # settings change and are saved again
    act(driver)
    resumed = saved_session(tmp_path)
    assert resumed is not None and same_game(resumed, app.session)
    driver.settle()
    assert settled_problems(app) == []
    app.close()


def test_a_folder_where_a_file_should_be_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / GAME_FILE).mkdir()
    (tmp_path / GAME_FILE / "inside.txt").write_text("kept")
    driver, shown = start(tmp_path)
    assert len(shown) == 1
    act(driver)
    assert saved_session(tmp_path) is not None
    assert [p.name for p in tmp_path.glob("game.damaged-*/inside.txt")] == ["inside.txt"]
    driver.app.close()


def test_every_file_damaged_at_once_gives_one_message(tmp_path: Path) -> None:
    for name in KIND_OF:
        (tmp_path / name).write_bytes(DAMAGE["garbage"])
    leftover = tmp_path / ".game.json.abc123.tmp"
    leftover.write_bytes(b'{"half a wri')
    driver, shown = start(tmp_path)
    assert len(shown) == 1
    assert len(list(tmp_path.glob("*.damaged-*"))) == 3
    for _ in range(3):
        act(driver)
    assert saved_session(tmp_path) is not None
    driver.app.close()


@pytest.mark.slow
def test_a_storm_after_damaged_files_breaks_nothing(tmp_path: Path) -> None:
    for name in KIND_OF:
        (tmp_path / name).write_bytes(DAMAGE["truncated"])
    Fuzzer(21, tmp_path, CODE).run(500)
    assert len(list(tmp_path.glob("*.damaged-*"))) == 3


# ------------------------------------------------------------------- fonts
@pytest.mark.slow
@pytest.mark.parametrize("damage", ["garbage", "empty"])
def test_a_damaged_font_file_falls_back_to_pygames_font(
        damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A damaged bundled font (a bad disk, a broken install) must not stop the game:
    text falls back to pygame's own font, as for a missing one."""
    from spider.app.assets import FONTS
    from spider.app.ui import text

    for font in FONTS.iterdir():
        (tmp_path / font.name).write_bytes(
            b"" if damage == "empty" else random.Random(5).randbytes(6000))
    monkeypatch.setattr(text, "FONTS", tmp_path)
    forget_fonts = (text._face_bytes, text._face, text._width, text._render)
    for cached in forget_fonts:
        cached.cache_clear()
    try:
        assert text.font(20).size("Spider")[0] > 0
        assert text.render("Điểm 中文", 20, (255, 255, 255), bold=True).get_width() > 0
        figures = Fuzzer(51, tmp_path / "data", CODE).run(300)
        assert figures.actions > 0
    finally:
        for cached in forget_fonts:
            cached.cache_clear()


# ------------------------------------------------------------------- audio
@pytest.mark.slow
def test_without_an_audio_device_the_game_plays_silently(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    figures = Fuzzer(31, tmp_path, "SO1-S1C-AAAAAAB").run(500)
    assert figures.actions > 0
    driver, _ = start(tmp_path)
    assert not driver.app.sounds.available  # type: ignore[attr-defined]
    driver.app.close()


# ------------------------------------------------------------ closing mid-way
def test_closing_the_window_while_cards_fly_saves_the_new_state(tmp_path: Path) -> None:
    driver, _ = start(tmp_path)
    app = driver.app
    driver.key(pygame.K_d)
    app.run_frames(3)
    assert app.table.board.moving
    driver.post(pygame.QUIT)
    assert not app.running
    resumed = saved_session(tmp_path)
    assert resumed is not None and same_game(resumed, app.session)
    assert resumed.elapsed == round(app.session.elapsed, 3)  # saved to the millisecond
    app.close()
    again, _ = start(tmp_path)
    assert same_game(again.app.session, app.session)
    assert settled_problems(again.app) == []
    again.app.close()


# -------------------------------------------------------- another process
def game_process(folder: Path, script: str, via_main: bool = False, **env: str) -> Child:
    """``tests/fault_game.py`` playing ``script`` with its saved data in ``folder``."""
    environment = {**os.environ, "SPIDER_DATA_DIR": str(folder), "SDL_VIDEODRIVER": "dummy",
                   "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT), **env}
    command = [sys.executable, "-m", "tests.fault_game", script]
    if via_main:
        command.append("--via-main")
    return Child(command, cwd=ROOT, env=environment)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("via_main", [False, True], ids=["app", "main.py"])
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_a_signal_while_cards_fly_quits_and_saves_the_new_state(
        tmp_path: Path, signame: str, via_main: bool) -> None:
    """The script holds the dealt cards in flight until the game quits, so the signal
    finds them flying however slow the machine is."""
    with game_process(tmp_path, "deal", via_main) as game:
        game.wait_for("STARTED")
        assert game.wait_for("ACTION").startswith("ACTION 1 deal done=1")
        time.sleep(0.1)  # the game's clock runs on: the save must carry it
        game.send_signal(getattr(signal, signame))
        quitting = game.wait_for("QUIT")
        assert quitting.startswith("QUIT moving=True ")
        assert game.finish() == 0
    resumed = saved_session(tmp_path)
    assert resumed is not None
    assert resumed.game.history() == ([DEAL], [])
    # Saved by the quit path, clock and all: the time the game had counted as it quit
    # (however few of the tenth of a second's steps a busy machine let it run).
    assert resumed.elapsed == round(float(quitting.rpartition("elapsed=")[2]), 3)


@pytest.mark.slow
@pytest.mark.parametrize("via_main", [False, True], ids=["app", "main.py"])
def test_a_window_closed_while_cards_fly_saves_in_another_process(tmp_path: Path,
                                                                  via_main: bool) -> None:
    with game_process(tmp_path, "close", via_main) as game:
        game.wait_for("STARTED")
        assert game.wait_for("QUIT").startswith("QUIT moving=True ")
        assert game.finish() == 0
    resumed = saved_session(tmp_path)
    assert resumed is not None and resumed.game.moves == 1


@pytest.mark.slow
def test_no_audio_device_in_a_real_process(tmp_path: Path) -> None:
    with game_process(tmp_path, "close", SDL_AUDIODRIVER="no-such-audio-driver") as game:
        game.wait_for("QUIT")
        assert game.finish() == 0
    assert "Traceback" not in game.err
    assert saved_session(tmp_path) is not None


def cycle_state(action: int) -> tuple[int, int]:
    """(done, undone) after action number ``action`` of the ``actions`` script."""
    done = undone = 0
    for number in range(action):
        step = number % 15
        if step < 5:
            done, undone = done + 1, 0
        elif step < 10:
            done, undone = done - 1, undone + 1
        else:
            done, undone = done + 1, undone - 1
    return done, undone


def last_action(lines: list[str]) -> int:
    """The number of the last action the game announced (0: none)."""
    numbers = [int(line.split()[1]) for line in lines if line.startswith("ACTION ")]
    return max(numbers, default=0)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_kill_9_between_actions_loses_at_most_the_last_action(tmp_path: Path) -> None:
    """What a ``kill -9`` may lose: the last action, and only that.

    An action is saved after the frame that shows it (the save's disk writes are kept
    out of that frame), so between an action and its save there is a moment, a frame
    long, when the file still holds the game before it. Killed then, the next start
    resumes one action back; killed at any other moment, it resumes exactly where the
    game was. A save is written whole or not at all: no file is ever damaged.

    The game announces each action (``ACTION n``) as it happens, before its save; after
    the kill the test reads every line the game wrote, so ``n`` is the last action the
    game made, and the save must hold the game after action ``n`` or ``n - 1``.
    """
    rng = random.Random(99)
    folder = tmp_path / "data"
    for trial in range(5):
        with game_process(folder, "actions") as game:
            game.wait_for("STARTED")
            last, target = 0, rng.randint(1, 12)
            while last < target:
                line = game.wait_for("ACTION")
                last = int(line.split()[1])
                done, undone = (int(part.split("=")[1]) for part in line.split()[3:5])
                assert (done, undone) == cycle_state(last)
            time.sleep(rng.random() * 0.12)
            game.send_signal(signal.SIGKILL)
            game.finish()
        last = last_action(game.seen)
        saved = load_saved(folder)
        assert saved.problems == [], f"trial {trial}: {saved.problems}"
        assert saved.session is not None
        found = tuple(len(part) for part in saved.session.game.history())
        assert found in (cycle_state(last), cycle_state(last - 1)), (
            f"trial {trial}: after action {last} the save holds {found}")
        shutil.rmtree(folder)  # the next trial starts the script afresh


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_resumed_game_after_kill_9_plays_on(tmp_path: Path) -> None:
    with game_process(tmp_path, "actions") as game:
        game.wait_for("STARTED")
        while int(game.wait_for("ACTION").split()[1]) < 7:
            pass
        game.send_signal(signal.SIGKILL)
        game.finish()
    Fuzzer(41, tmp_path, CODE).run(400)
