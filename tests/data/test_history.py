"""The last games per kind of game (history.json): bounded, atomic, damage set aside."""

from __future__ import annotations

from pathlib import Path

from spider.data.history import LIMIT, GameLog, GameRecord, History, load_history, save_history
from spider.data.session import Session
from spider.model.actions import DEAL
from spider.model.dealcode import DealCode


def record(number: int, won: bool = False) -> GameRecord:
    return GameRecord(f"SP1-S1C-{number:07d}", won, 500 - number, number, 60.0 + number)


def test_only_the_last_games_of_each_kind_are_kept(tmp_path: Path) -> None:
    history = History()
    for number in range(LIMIT + 7):
        history.add("SP-1-classic", record(number))
    history.add("SP-4-classic", record(1, won=True))
    save_history(tmp_path, history)
    loaded = load_history(tmp_path).value
    assert loaded is not None
    games = loaded.games("SP-1-classic")
    assert len(games) == LIMIT and games[0] == record(7) and games[-1] == record(LIMIT + 6)
    assert loaded.games("SP-4-classic") == [record(1, won=True)]


def test_a_damaged_file_is_set_aside_and_the_history_starts_afresh(tmp_path: Path) -> None:
    (tmp_path / "history.json").write_text('{"kind": "history", "version": 1, "data": [', "utf-8")
    loaded = load_history(tmp_path)
    assert loaded.value is not None and loaded.value.games("SP-1-classic") == []
    assert loaded.problem == "storage.damaged" and loaded.set_aside is not None
    assert loaded.set_aside.exists() and not (tmp_path / "history.json").exists()


def test_a_game_is_added_once_and_its_analysis_marks_it(tmp_path: Path) -> None:
    log = GameLog(tmp_path)
    session = Session(DealCode.parse("SP1-S1C-AAAAAAD"))
    session.game.play(DEAL)
    log.add(session, won=False)
    log.add(session, won=False)
    log.analysed(session, 1, False)
    games = GameLog(tmp_path).history.games("SP-1-classic")
    assert [(g.won, g.moves, g.winnable) for g in games] == [(False, 1, False)]
