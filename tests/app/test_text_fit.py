"""Text fits in every language at 1280 × 720: the table, every dialog and every message.

The real App draws each scene onto a surface that records every text image
blitted onto it (``text.render`` is watched, so the record knows which string
each image shows). Then, per language:

* every text lies inside the window, and a dialog's text inside its panel;
* each button's, choice's and label's text lies inside that widget's rect, a
  field's label stays left of its control, and no two texts overlap;
* text shrunk to fit (``text.fit_size``) stays readable: at least 11 px;
* the help page's text lies inside the page;
* every message the table may show fits the window at a readable size.

Switching the language in Settings (real clicks) changes the table at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame
import pytest

from spider.app.clock import ManualClock
from spider.app.dialogs import (
    ConfirmScene,
    HelpScene,
    MenuScene,
    NewGameScene,
    SettingsScene,
    StatisticsScene,
    WinScene,
)
from spider.app.dialogs import help as help_module
from spider.app.dialogs.base import Dialog
from spider.app.dialogs.example import ExampleScene
from spider.app.loop import App
from spider.app.table import hud
from spider.app.table.driver import EventDriver
from spider.app.ui import text, textlayout
from spider.app.ui.focus import walk
from spider.app.ui.widgets import (
    Button,
    Field,
    Label,
    Segments,
    Widget,
    choices,
    fields,
    labels,
    textfield,
)
from spider.app.ui.widgets import button as button_widget
from spider.data import storage
from spider.data.persistence import load_saved
from spider.data.session import Session
from spider.data.settings import Settings, save_settings
from spider.data.statistics import Records, Statistics, Stats, save_statistics
from spider.model import example
from spider.model.dealcode import DealCode
from spider.text.i18n import LANGUAGES, catalogue, format_number, set_language, tr

pytestmark = pytest.mark.slow  # every language, every dialog, every size
SIZE = (1280, 720)
READABLE = 11          # the smallest text size in pixels we accept at 1280 × 720
SLACK = 1              # antialiasing may spill a pixel
ALL = list(LANGUAGES)


# ------------------------------------------------------------------ recording
@dataclass
class Drawn:
    """One text image drawn: its string, its size in pixels and where it went."""

    string: str
    size: int
    rect: pygame.Rect
    target: pygame.Surface


class Recorder:
    """Remembers which string every rendered text image shows, and where it is blitted."""

    def __init__(self) -> None:
        self.images: dict[int, tuple[str, int, pygame.Surface]] = {}
        self.drawn: list[Drawn] = []
        self.pictures: dict[int, list[tuple[pygame.Surface, tuple[int, int]]]] = {}

    def render(self, real: Any) -> Any:
        def render(string: str, size: int, *args: Any, **kwargs: Any) -> pygame.Surface:
            image = real(string, size, *args, **kwargs)
            self.images[id(image)] = (string, int(size), image)  # kept alive: ids stay unique
            return image
        return render

    def blit_text(self, real: Any) -> Any:
        """Wraps ``textlayout.blit_text`` for text drawn onto surfaces other than the screen."""
        def blit_text(surface: pygame.Surface, string: str, size: int, *args: Any,
                      **kwargs: Any) -> pygame.Rect:
            rect = real(surface, string, size, *args, **kwargs)
            if not isinstance(surface, Screen):
                image = text.render(string, size, (255, 255, 255), *args[1:3])
                self.drawn.append(Drawn(string, int(size), pygame.Rect(rect.topleft,
                                                                       image.get_size()),
                                        surface))
            return rect
        return blit_text

    def seen(self, source: pygame.Surface, dest: Any, target: pygame.Surface) -> None:
        known = self.images.get(id(source))
        if known is not None and known[2] is source:
            x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (dest[0], dest[1])
            self.drawn.append(Drawn(known[0], known[1],
                                    pygame.Rect(round(x), round(y), *source.get_size()),
                                    target))

    def on(self, target: pygame.Surface) -> list[Drawn]:
        """What was drawn on ``target``, with what was drawn on a picture shown there."""
        shown = [drawn for drawn in self.drawn if drawn.target is target]
        for picture, place in self.pictures.get(id(target), []):
            shown += [Drawn(drawn.string, drawn.size, drawn.rect.move(place), target)
                      for drawn in self.drawn if drawn.target is picture]
        return shown

    def shown_on(self, picture: pygame.Surface, target: pygame.Surface,
                 place: tuple[int, int]) -> None:
        """``picture`` is shown on ``target`` at ``place``: count its text as there."""
        self.pictures.setdefault(id(target), []).append((picture, place))


class Screen(pygame.Surface):
    """A window-sized surface that tells the recorder about every blit."""

    recorder: Recorder

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        if area is None:
            self.recorder.seen(source, dest, self)
        return super().blit(source, dest, area, special_flags)


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    recording = Recorder()
    monkeypatch.setattr(text, "render", recording.render(text.render))
    monkeypatch.setattr(hud, "_figure", recording.render(hud._figure))  # the bar's figures
    real_blit_text = textlayout.blit_text
    for module in (labels, button_widget, choices, textfield, fields, help_module):  # all text
        monkeypatch.setattr(module, "blit_text", recording.blit_text(real_blit_text))
    yield recording
    set_language("en")


def frame(app: App, recorder: Recorder, top_only: bool = True) -> Screen:
    """Draw the App's scenes onto a recording screen; record only the top scene's text."""
    screen = Screen(app.size, pygame.SRCALPHA)
    screen.recorder = recorder
    scenes = list(app.scenes.visible)
    for scene in scenes[:-1]:
        scene.draw(screen)
    if top_only:
        recorder.drawn = [d for d in recorder.drawn if not isinstance(d.target, Screen)]
    if scenes[-1] is app.table:
        record_the_bar(app, recorder, screen)
    scenes[-1].draw(screen)
    return screen


def record_the_bar(app: App, recorder: Recorder, screen: Screen) -> None:
    """The table keeps its bar as a picture between frames: have it drawn afresh on a
    recording picture, and count its text as drawn where the picture is shown."""
    renderer, bar = app.table.renderer, app.table.geometry.bar
    picture, buttons = (Screen((bar.w, bar.h), pygame.SRCALPHA) for _ in range(2))
    picture.recorder = buttons.recorder = recorder
    bar_picture = renderer.bar_picture
    bar_picture.image, bar_picture.key = picture, None  # drawn again, on this one
    # The buttons are kept apart, for their last two looks (see there): the next look
    # is drawn on the older one.
    renderer.static.now()
    strip = bar_picture.strip
    bar_picture._looks = {("recording", strip): buttons, ("spare", strip): strip.copy()}
    recorder.shown_on(picture, screen, (bar.x, bar.y))
    recorder.shown_on(buttons, screen, (bar.x, bar.y))


# -------------------------------------------------------------------- the app
def big_statistics() -> Statistics:
    """Figures large enough for thousands separators in every cell."""
    full = Stats(played=12345, won=6789, best_score=1183, fewest_moves=1117,
                 fastest_seconds=3725.0, current_streak=1234, longest_streak=2345,
                 total_seconds=9_999_999.0)
    keys = [f"{layout}-{suits}-{rules}" for layout in ("SP", "SB", "SO")
            for suits, rules in ((1, "classic"), (2, "classic"), (2, "relaxed"),
                                 (4, "classic"), (4, "relaxed"))]
    return Statistics(dict.fromkeys(keys, full))


def launch(language: str, size: tuple[int, int] = SIZE, suits: int = 2, **settings: Any) -> App:
    folder = storage.data_dir()
    save_settings(folder, Settings(fullscreen=False, language=language, suits=suits, **settings))
    save_statistics(folder, big_statistics())
    saved = load_saved()
    app = App(saved=saved, session=Session(DealCode.parse(f"SP1-S{suits}C-AAAAAAD")),
              size=size, fullscreen=False, clock=ManualClock())
    app.run_until_idle()
    return app


@pytest.fixture
def app_in(recorder: Recorder) -> Iterator[Any]:
    apps: list[App] = []

    def start(language: str, **kwargs: Any) -> App:
        app = launch(language, **kwargs)
        apps.append(app)
        return app

    yield start
    for app in apps:
        app.close()


# --------------------------------------------------------------------- checks
def inside(outer: pygame.Rect, inner: pygame.Rect) -> bool:
    return outer.inflate(2 * SLACK, 2 * SLACK).contains(inner)


def text_problems(drawn: list[Drawn], area: pygame.Rect, where: str) -> list[str]:
    """Texts outside ``area``, too small, or overlapping one another."""
    problems = []
    for item in drawn:
        if not inside(area, item.rect):
            problems.append(f"{where}: {item.string!r} {item.rect} leaves {area}")
        if item.size < READABLE and item.string.strip():
            problems.append(f"{where}: {item.string!r} drawn at {item.size} px")
    boxes = [(item, item.rect.inflate(-2 * SLACK - 2, -2 * SLACK - 2)) for item in drawn
             if item.string.strip()]
    for number, (first, box) in enumerate(boxes):
        for second, other in boxes[number + 1:]:
            if box.colliderect(other) and first.rect != second.rect:
                problems.append(f"{where}: {first.string!r} {first.rect} overlaps "
                                f"{second.string!r} {second.rect}")
    return problems


def drawn_in(drawn: list[Drawn], string: str, near: pygame.Rect) -> list[Drawn]:
    return [item for item in drawn if item.string == string and item.rect.colliderect(near)]


def widget_problems(root: Widget, drawn: list[Drawn], where: str) -> list[str]:
    """Each widget's own text within the widget."""
    problems = []
    for widget in walk(root):
        if isinstance(widget, Button):
            found = drawn_in(drawn, widget.label, widget.rect)
            if not found:
                problems.append(f"{where}: button {widget.label!r} not drawn on it")
            problems += [f"{where}: button text {item.string!r} {item.rect} outside "
                         f"{widget.rect}" for item in found if not inside(widget.rect, item.rect)]
        elif isinstance(widget, Segments):
            for box, option in zip(widget._boxes, widget.options, strict=True):
                found = drawn_in(drawn, option.label, box)
                if not found:
                    problems.append(f"{where}: choice {option.label!r} not drawn")
                problems += [f"{where}: choice {item.string!r} {item.rect} outside {box}"
                             for item in found if not inside(box, item.rect)]
        elif isinstance(widget, Field):
            found = drawn_in(drawn, widget.label, widget.rect)
            if not found:
                problems.append(f"{where}: field label {widget.label!r} not drawn")
            control = widget.control.rect
            for item in found:
                if item.rect.colliderect(control.inflate(-2, -2)):
                    problems.append(f"{where}: label {item.string!r} {item.rect} runs into "
                                    f"its control {control}")
        elif isinstance(widget, Label):
            for item in drawn:
                if (item.rect.colliderect(widget.rect) and item.string in widget._lines
                        and not (widget.rect.x - SLACK <= item.rect.x
                                 and item.rect.right <= widget.rect.right + SLACK)):
                    problems.append(f"{where}: line {item.string!r} {item.rect} wider "
                                        f"than its label {widget.rect}")
    return problems


def dialog_problems(app: App, recorder: Recorder, where: str) -> list[str]:
    scene = app.scenes.top
    assert isinstance(scene, Dialog), scene
    scene.ensure()
    screen = frame(app, recorder)
    drawn = recorder.on(screen)
    assert drawn, f"{where}: no text drawn"
    problems = text_problems(drawn, scene.panel, where)
    problems += widget_problems(scene.focus.root, drawn, where)
    if not inside(screen.get_rect(), scene.panel):
        problems.append(f"{where}: panel {scene.panel} leaves the window")
    return problems


# ---------------------------------------------------------------- the table
@pytest.mark.parametrize("language", ALL)
def test_top_bar_fits(language: str, app_in: Any, recorder: Recorder) -> None:
    app = app_in(language)
    bar = app.table.bar
    screen = frame(app, recorder)
    drawn = recorder.on(screen)
    strings = {item.string for item in drawn}
    for key in ("table.new-game", "table.restart", "table.undo", "table.redo", "table.menu",
                "table.score", "table.moves", "table.time"):
        assert tr(key) in strings, key
    problems = text_problems(drawn, pygame.Rect(app.table.geometry.bar), f"{language} bar")
    for button in bar.buttons:
        box = pygame.Rect(button.box)
        found = drawn_in(drawn, button.label, box)
        assert found, button.label
        problems += [f"{language}: {item.string!r} {item.rect} outside its button {box}"
                     for item in found if not inside(box, item.rect)]
    buttons = [pygame.Rect(b.box) for b in bar.buttons]
    labels = {b.label for b in bar.buttons}
    for item in drawn:
        if item.string not in labels:
            problems += [f"{language}: {item.string!r} {item.rect} under a button {box}"
                         for box in buttons if box.colliderect(item.rect)]
    assert problems == []


@pytest.mark.parametrize("language", ALL)
def test_bar_fits_large_figures(language: str, app_in: Any, recorder: Recorder) -> None:
    app = app_in(language)
    game = app.session.game
    game.score, game.moves = 1183, 1117   # shown with a thousands separator
    app.session.elapsed = 3725.0           # 1:02:05
    screen = frame(app, recorder)
    drawn = recorder.on(screen)
    shown = {item.string for item in drawn}
    assert {format_number(1183), format_number(1117), "1:02:05"} <= shown
    assert text_problems(drawn, pygame.Rect(app.table.geometry.bar), f"{language} bar") == []


@pytest.mark.parametrize("language", ALL)
def test_bar_with_hints_fits_while_thinking_and_with_its_note(language: str, app_in: Any,
                                                               recorder: Recorder) -> None:
    app = app_in(language, hints=True)
    bar = app.table.bar
    hint = next(button for button in bar.buttons if button.action == "hint")
    assert hint.label == tr("table.hint")
    problems = []
    for note in ("table.winnable", "table.no-win-found"):
        screen = Screen(app.size, pygame.SRCALPHA)
        screen.recorder = recorder
        recorder.drawn.clear()
        bar.draw(screen, hovered=None, pressed=None, disabled=set(), score=1183, moves=1117,
                 seconds=3725.0, code=str(app.session.code), busy=frozenset({"hint"}),
                 note=tr(note))
        drawn = recorder.on(screen)
        shown = {item.string for item in drawn}
        assert tr("table.thinking") in shown and tr(note) in shown, (note, shown)
        box = pygame.Rect(hint.box)
        problems += [f"{language}: {item.string!r} {item.rect} outside the Hint button {box}"
                     for item in drawn_in(drawn, tr("table.thinking"), box)
                     if not inside(box, item.rect)]
        problems += text_problems(drawn, pygame.Rect(app.table.geometry.bar),
                                  f"{language} bar ({note})")
    assert problems == []


#: Messages the table shows as a toast, with example parameters.
TOAST_PARAMS: dict[str, dict[str, object]] = {
    "rule.no-such-column": {"column": 12, "columns": 10},
    "rule.empty-source": {"column": 3},
    "save.problem.settings": {"reason": "save.reason.storage.newer-version"},
    "save.problem.game": {"reason": "save.reason.storage.newer-version"},
    "save.problem.statistics": {"reason": "save.reason.storage.unreadable"},
    "save.problem.several": {"files": "settings, saved game, statistics"},
    "save.kept-as": {"file": "statistics.damaged-2026-11-30T08-57-01.json"},
    "save.failed.storage.permission-denied": {"folder": "/home/player/.local/share/spider"},
    "save.failed.storage.write-failed": {"folder": "/home/player/.local/share/spider"},
}


def toast_keys() -> list[str]:
    prefixes = ("rule.", "hint.", "save.problem.", "save.failed.", "save.kept-as",
                "table.nowhere", "table.auto-place", "table.hints-off", "newgame.no-winnable")
    return [key for key in catalogue("en") if key.startswith(prefixes)]


@pytest.mark.parametrize("language", ALL)
def test_every_table_message_fits_readably(language: str, app_in: Any,
                                           recorder: Recorder) -> None:
    app = app_in(language)
    problems = []
    for key in toast_keys():
        params = {name: tr(value) if isinstance(value, str) and value.startswith("save.")
                  else value for name, value in TOAST_PARAMS.get(key, {}).items()}
        message = tr(key, **params)
        app.notify(message)
        screen = frame(app, recorder, top_only=False)
        recorder.images.clear()
        app.table.toast._key = None                   # draw the message afresh, alone
        app.table.toast.draw(screen, app.table.geometry)
        toast = app.table.toast._surface
        assert toast is not None, key
        parts = [(string, size) for string, size, _ in recorder.images.values()
                 if string and string in message]
        assert "".join(string for string, _ in parts).replace(" ", "") == message.replace(
            " ", ""), (key, parts)
        problems += [f"{language} {key}: {string!r} shown at {size} px"
                     for string, size in parts if size < READABLE]
        if toast.get_width() > screen.get_width():
            problems.append(f"{language} {key}: {toast.get_width()} px wide")
        app.table.toast.clear()
    assert problems == []


# ------------------------------------------------------------------ dialogs
def open_dialog(app: App, name: str) -> None:
    driver = EventDriver(app)
    if name == "menu":
        app.scenes.push(MenuScene(app))
    elif name == "new-game":
        driver.click(driver.stock_point())       # a started game: "counts as a loss" shows
        driver.settle()
        app.open_new_game_dialog()
    elif name == "new-game-error":
        app.open_new_game_dialog()
        scene = app.scenes.top
        assert isinstance(scene, NewGameScene)
        scene.field.set("SP7-S3X-ABC")
        scene.start()
    elif name == "new-game-one-suit":
        app.apply_settings(app.settings.with_(suits=1, layout="SO"))
        app.open_new_game_dialog()
    elif name in ("settings", "settings-look"):
        app.scenes.push(SettingsScene(app))
        if name == "settings-look":
            EventDriver(app).key(pygame.K_TAB, pygame.KMOD_CTRL)   # the second page
    elif name == "statistics":
        app.scenes.push(StatisticsScene(app))
    elif name == "help":
        app.scenes.push(HelpScene(app))
    elif name == "confirm-quit":
        app.confirm("confirm.quit", lambda: None)
    elif name == "confirm-restart":
        app.confirm("confirm.restart", lambda: None)
    elif name == "confirm-reset":
        app.scenes.push(ConfirmScene(app, "stats.confirm-reset", lambda: None,
                                     "stats.reset-yes", "confirm.cancel",
                                     layout=tr("layout.one-deck")))
    elif name == "win":
        app.scenes.push(WinScene(app, Records(best_score=True, fewest_moves=True,
                                              fastest=True)))
    else:
        raise AssertionError(name)
    app.run_until_idle()
    assert isinstance(app.scenes.top, Dialog), name


DIALOGS = ["menu", "new-game", "new-game-error", "new-game-one-suit", "settings",
           "settings-look", "statistics", "help", "confirm-quit", "confirm-restart",
           "confirm-reset", "win"]


@pytest.mark.parametrize("name", DIALOGS)
@pytest.mark.parametrize("language", ALL)
def test_dialog_text_fits(language: str, name: str, app_in: Any, recorder: Recorder) -> None:
    app = app_in(language)
    open_dialog(app, name)
    assert dialog_problems(app, recorder, f"{language} {name}") == []


@pytest.mark.parametrize("language", ALL)
def test_statistics_layouts_fit(language: str, app_in: Any, recorder: Recorder) -> None:
    app = app_in(language)
    open_dialog(app, "statistics")
    scene = app.scenes.top
    problems = []
    for layout in ("SP", "SB", "SO"):
        scene._choose(layout)
        problems += dialog_problems(app, recorder, f"{language} statistics {layout}")
    assert problems == []


@pytest.mark.parametrize("language", ALL)
def test_help_page_fits_and_scrolls(language: str, app_in: Any, recorder: Recorder) -> None:
    app = app_in(language)
    open_dialog(app, "help")
    scene = app.scenes.top
    assert isinstance(scene, HelpScene)
    assert scene.page is not None
    page = scene.page.whole()
    assert page.get_width() <= scene.view.w
    drawn = recorder.on(page)
    strings = {item.string for item in drawn}
    for heading, _ in help_module.HELP_SECTIONS:  # on one line each
        assert tr(heading) in strings, heading
    shown = "".join(item.string for item in drawn).replace(" ", "")   # in drawing order
    for key, does in help_module.HELP_KEYS:
        assert tr(key).replace(" ", "") in shown and tr(does).replace(" ", "") in shown, key
    for _, blocks in help_module.HELP_SECTIONS:    # every paragraph, all of it
        for kind, key in blocks:
            if kind != "picture":
                params = help_module.HELP_PARAMS.get(key, {})
                assert tr(key, None, **params).replace(" ", "") in shown, key
    problems = text_problems(drawn, page.get_rect(), f"{language} help page")
    assert problems == []
    assert scene.max_scroll > 0                  # longer than the window: it scrolls
    EventDriver(app).key(pygame.K_END)
    assert scene.scroll == scene.max_scroll
    assert dialog_problems(app, recorder, f"{language} help") == []


@pytest.mark.parametrize("language", ALL)
def test_help_example_fits_at_every_comment(language: str, app_in: Any,
                                            recorder: Recorder) -> None:
    """Help → Example game: the status, the move, each comment and the buttons fit."""
    app = app_in(language)
    open_dialog(app, "help")
    driver = EventDriver(app)
    button = next(w for w in walk(app.scenes.top.focus.root)
                  if isinstance(w, Button) and w.label == tr("help.example-button"))
    driver.click(button.rect.center)
    scene = app.scenes.top
    assert isinstance(scene, ExampleScene)
    problems = []
    for step in sorted(example.NOTES):
        scene.go(step)
        where = f"{language} example step {step}"
        problems += dialog_problems(app, recorder, where)
        shown = "".join(item.string for item in recorder.on(frame(app, recorder)))
        for string in (scene.replay.action(), scene.replay.note()):
            if string.replace(" ", "") not in shown.replace(" ", ""):
                problems.append(f"{where}: {string!r} not shown whole")
    scene.toggle_play()                            # the Pause label fits too
    problems += dialog_problems(app, recorder, f"{language} example playing")
    assert problems == []


@pytest.mark.parametrize("language", ALL)
def test_dialogs_fit_the_smallest_window(language: str, app_in: Any,
                                         recorder: Recorder) -> None:
    """At 800 × 600 the dialogs may shrink, but nothing leaves its place."""
    app = app_in(language, size=(800, 600))
    problems = []
    for name in ("new-game", "settings", "settings-look", "statistics", "win", "confirm-quit",
                 "help"):
        while len(app.scenes) > 1:
            app.scenes.pop()
        open_dialog(app, name)
        found = dialog_problems(app, recorder, f"{language} {name} 800x600")
        problems += [p for p in found if " px" not in p]   # size: judged at 1280 × 720 only
    help_scene = app.scenes.top
    assert isinstance(help_scene, HelpScene)
    help_scene.open_example()
    scene = app.scenes.top
    assert isinstance(scene, ExampleScene)
    longest = max(example.NOTES, key=lambda step: len(tr(f"example.note.{example.NOTES[step]}")))
    for step in (0, longest):
        scene.go(step)
        found = dialog_problems(app, recorder, f"{language} example {step} 800x600")
        problems += [p for p in found if " px" not in p]
    assert problems == []


# ------------------------------------------------------ switching language
def language_choice(scene: SettingsScene) -> Segments:
    for widget in walk(scene.focus.root):
        if isinstance(widget, Segments) and [o.value for o in widget.options] == list(LANGUAGES):
            return widget
    raise AssertionError("no language choice in Settings")


@pytest.mark.parametrize("language", ["vi", "hu", "zh", "en"])
def test_switching_language_in_settings_changes_the_table_at_once(
        language: str, app_in: Any, recorder: Recorder) -> None:
    start = "zh" if language == "en" else "en"
    app = app_in(start)
    driver = EventDriver(app)
    driver.click(driver.button_point("menu"))
    if isinstance(app.scenes.top, MenuScene):
        menu = app.scenes.top
        item = next(w for w in walk(menu.focus.root)
                    if isinstance(w, Button) and w.label == tr("menu.settings"))
        driver.click(item.rect.center)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    choice = language_choice(scene)
    number = [option.value for option in choice.options].index(language)
    driver.click(choice._boxes[number].center)
    assert app.settings.language == language
    assert load_saved().settings.language == language                # remembered
    assert scene.title() == tr("settings.title", language)
    assert dialog_problems(app, recorder, f"settings after switching to {language}") == []

    driver.key(pygame.K_ESCAPE)
    assert app.scenes.top is app.table
    screen = frame(app, recorder)
    shown = {item.string for item in recorder.on(screen)}
    assert tr("table.new-game", language) in shown
    assert tr("table.score", language) in shown
    assert tr("table.new-game", start) not in shown
    assert pygame.display.get_caption()[0] == tr("app.title", language)
