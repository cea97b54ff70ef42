"""The application: the window, a fixed-timestep loop, the scene stack, and the
:class:`~spider.app.host.Host` and :class:`~spider.app.host.Commands` the scenes
use: the dialogs, saving and statistics, and sound.

The loop follows "Fix Your Timestep!": scenes update in fixed steps of
1/120 s, frames are drawn as often as the display allows while something
moves, and long frames are clamped. When nothing moves and no input comes,
nothing is drawn: the loop blocks until an event arrives (input, or a worker's
answer) or the next change on screen is due (the clock's next second).
"""

from __future__ import annotations

import contextlib
import gc
import random
import warnings
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

import pygame

from spider import keptcode
from spider.app.clock import WAKE, Clock, SystemClock
from spider.app.desktop import name_the_app, software_framebuffer
from spider.app.displays import display_of, displays
from spider.app.host import Commands, DialogName, GameEvent
from spider.app.scenes import Scene, SceneStack
from spider.app.sound import Sound, Sounds
from spider.app.table.keptcards import keep_icon, window_icon
from spider.app.table.scene import TableScene
from spider.data.history import GameLog
from spider.data.messages import Message
from spider.data.persistence import Persistence, Problem, Saved, load_saved
from spider.data.session import Session
from spider.data.settings import Settings, system_language
from spider.data.statistics import Statistics
from spider.model.dealcode import DealCode
from spider.model.game import DEAL
from spider.model.values import value
from spider.text.i18n import say, set_language, tr

if TYPE_CHECKING:
    from spider.app.worker import Worker

#: The dialogs opened by name (the menu is placed under the bar, see ``open_dialog``):
#: their classes in :mod:`spider.app.dialogs`, imported when one first opens (the first
#: frame does not wait for them).
DIALOGS: dict[DialogName, str] = {
    DialogName.NEW_GAME: "NewGameScene", DialogName.SETTINGS: "SettingsScene",
    DialogName.STATISTICS: "StatisticsScene", DialogName.HELP: "HelpScene"}

UPDATE_RATE = 120
STEP = 1 / UPDATE_RATE
MAX_FRAME = 0.25        # a longer frame is treated as this long (no spiral of death)
MAX_IDLE_WAIT = 1.0     # the longest wait for input between looks at the clock
MAX_CLOCK_GAP = 2.0     # the game clock never jumps more than this (suspend, debugger)
MIN_WINDOW = (800, 600)


@value  # (made at import in a third of a NamedTuple's time)
class Frame:
    """What one frame put on the window: the areas presented (none when nothing
    changed), and whether the whole window was drawn afresh."""

    areas: tuple[pygame.Rect, ...]
    whole: bool


class App:
    """The running game: its window and loop, its scenes, saving and sound. It is the
    scenes' :class:`~spider.app.host.Host` and carries out their commands."""

    def __init__(self, *, saved: Saved | None = None, settings: Settings | None = None,
                 session: Session | None = None, size: tuple[int, int] | None = None,
                 fullscreen: bool | None = None, clock: Clock | None = None,
                 deals: random.Random | None = None) -> None:
        """``saved``: what the data folder holds (read when not given); ``settings``
        and ``session`` stand in for the saved ones. ``size``: the windowed size;
        ``fullscreen`` overrides the setting (headless runs). ``deals``: what new
        deals are drawn from (the system's randomness: a fresh deal every time;
        tests seed one, for the same deals at every run)."""
        name_the_app()
        software_framebuffer()
        pygame.display.init()
        pygame.font.init()
        saved = saved if saved is not None else load_saved()
        settings = settings or saved.settings
        if fullscreen is not None and fullscreen != settings.fullscreen:
            settings = settings.with_(fullscreen=fullscreen)
        self.settings = settings
        set_language(settings.language or system_language())
        self.clock: Clock = clock or SystemClock()
        self.deals = deals or random.SystemRandom()
        self.session = session or saved.session or Session(
            DealCode.random(settings.layout, settings.suits, settings.relaxed, self.deals))
        self.persistence = Persistence(self, saved)
        self.game_log = GameLog(self.persistence.folder)  # the last games, for the chart
        if self.game_log.problem is not None:
            self.persistence.problems.append(
                Problem("history", self.game_log.problem, self.game_log.set_aside))
        #: The last game left unfinished (a loss), for Menu → Analyse this game.
        self.last_lost: Session | None = None
        self.sounds = Sounds(self, later=True)  # opened after the first frame
        self.scenes = SceneStack()
        self.running = True
        self.hidden = False  # the window is minimised or hidden
        self.focused = True  # the window has the keyboard focus
        #: A move or deal was made: whether the table is stuck is asked in spare time.
        self._stuck_due = False
        self.fullscreen = settings.fullscreen
        remembered = settings.window if size is None else ()
        self.windowed_size: tuple[int, int] = size or (
            (remembered[2], remembered[3]) if remembered else _default_window())
        #: Where the windowed window was put (None: where the system puts it).
        self.windowed_at: tuple[int, int] | None = (
            (remembered[0], remembered[1]) if remembered else None)
        self.screen = self._open_window()
        self._scene_size = self.screen.get_size()
        self._dirty = True
        self._whole = True  # the next frame draws every visible scene
        self._drawn: tuple[Scene, ...] = ()  # the scenes the last frame showed
        self._whole_frame: Frame | None = None  # the last whole frame, told again
        #: Called after every frame with what it presented (benchmarks, tests).
        self.frame_observers: list[Callable[[Frame], None]] = []
        self._lag = 0.0
        self.table = TableScene(self)
        self.scenes.push(self.table)
        self.persistence.start()  # one message if saved files were set aside
        # The animations start with the first frame (the time taken to build the table
        # is not played through in updates before it).
        self._last = self.clock.now()

    # ---------------------------------------------------------------- window
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _open_window(self) -> pygame.Surface:
        with contextlib.suppress(pygame.error, FileNotFoundError):
            pygame.display.set_icon(window_icon())
        if self.fullscreen:
            # The whole display the window is on, from its corner: the window goes there
            # first (without a window manager to do it, X11 would leave it where it was).
            sizes = pygame.display.get_desktop_sizes()
            if pygame.display.get_surface() is None and len(sizes) == 1:
                number, size = 0, sizes[0]  # a start on the only display: nothing to move
            else:
                number = display_of(self._windowed_rect())
                place = displays()[number]
                if pygame.display.get_surface() is not None:
                    with contextlib.suppress(pygame.error):
                        pygame.display.set_window_position(place.topleft)
                        pygame.event.pump()
                size = place.size
            screen = pygame.display.set_mode(size, pygame.FULLSCREEN, display=number)
        else:
            was = _window_rect()
            with warnings.catch_warnings():  # "forcibly resized": see below
                warnings.simplefilter("ignore", RuntimeWarning)
                screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            corner = self.windowed_at
            if corner is None and was is not None:
                # Out of full screen with no place of its own: centred on its display
                # (X11 would leave it in the corner).
                corner = _centred(self.windowed_size, displays()[display_of(was)])
            if corner is not None:
                with contextlib.suppress(pygame.error):
                    pygame.display.set_window_position(_on_screen(corner, self.windowed_size))
            with contextlib.suppress(AttributeError, pygame.error), warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
                window.minimum_size = MIN_WINDOW
                if screen.get_size() != self.windowed_size:
                    # Just out of full screen, X11 may keep the full size a moment: ask
                    # again; the size event that follows resizes the picture.
                    window.size = self.windowed_size
        pygame.display.set_caption(tr("app.title"))
        return screen

    def _windowed_rect(self) -> pygame.Rect | None:
        """The windowed window's place on the desktop (None before it has one)."""
        if self.windowed_at is None:
            return None
        return pygame.Rect(self.windowed_at, self.windowed_size)

    def _moved(self, pos: tuple[int, int]) -> None:
        if not self.fullscreen:
            self.windowed_at = pos

    def _remember_window(self) -> None:
        """Keep the windowed window's place and size with the settings (saved)."""
        if self.windowed_at is None:
            return
        window = (*self.windowed_at, *self.windowed_size)
        if window != self.settings.window:
            self.settings = self.settings.with_(window=window)
            self.persistence.settings_changed(self.settings)

    def toggle_fullscreen(self) -> None:
        """Switch between full screen and a resizable window (the choice is a setting)."""
        self.apply_settings(self.settings.with_(fullscreen=not self.fullscreen))

    def _set_fullscreen(self, on: bool) -> None:
        self.table.interrupt()
        if on and pygame.display.get_surface() is not None:
            with contextlib.suppress(pygame.error):
                self._moved(pygame.display.get_window_position())
        self.fullscreen = on
        wanted = self.windowed_size
        self.screen = self._open_window()
        self._resized(self.screen.get_size())
        self.windowed_size = wanted  # (a windowed size X11 has yet to apply)

    def _resized(self, size: tuple[int, int]) -> None:
        if size[0] <= 0 or size[1] <= 0:
            return
        if not self.fullscreen and self.screen.get_size() != size:
            pygame.display.set_mode(size, pygame.RESIZABLE)
        # The window's picture as it is now: a full-screen window resized from outside
        # (a tiling window manager, a new screen resolution) has a new one, the old gone.
        self.screen = pygame.display.get_surface() or self.screen
        if not self.fullscreen:
            self.windowed_size = size
        if self.screen.get_size() != self._scene_size:
            self._scene_size = self.screen.get_size()
            for scene in self.scenes:
                scene.resize(self._scene_size)
        self.request_redraw()

    # ----------------------------------------------------------------- hooks
    def request_redraw(self) -> None:
        """Draw a new frame at the next pass of the loop (after a handled event, an update
        reporting a change, or a command; scenes seldom need to ask)."""
        self._dirty = self._whole = True

    def request_changes(self) -> None:
        """Draw a new frame at the next pass, by changes only if nothing else asks for
        more: something moved that its scene can draw alone (``Scene.draw_changes``)."""
        self._dirty = True

    def quit(self) -> None:
        """Save the game where it is and leave the loop; ``run`` then returns."""
        self._remember_window()
        self.persistence.quit()
        self.running = False

    def new_game(self, code: DealCode) -> None:
        """Start the deal ``code`` (closing any dialogs)."""
        self.start_session(Session(code))

    def restart(self) -> None:
        """Start the current deal over."""
        self.start_session(self.session.restart())

    def start_session(self, session: Session, deal_in: bool | None = None) -> None:
        """Play ``session`` (a new deal, a restart, a resumed or constructed game),
        closing any dialogs; the game it replaces is counted and the new one saved.
        ``deal_in``: deal the columns out of the stock (by default when the game
        has not started)."""
        old, self.session = self.session, session
        lost = (old is not session and old.started and not old.game.is_won
                and not self.persistence.counted)
        while len(self.scenes) > 1:
            self.scenes.pop()
        self.table.load(deal_in=not session.started if deal_in is None else deal_in)
        self.persistence.session_replaced(old)
        if lost:
            self.game_log.add(old, won=False)
            self.last_lost = old
            self.notify(tr("analysis.offer"), 5.0)
        self.request_redraw()

    def apply_settings(self, settings: Settings) -> None:
        """Use new settings at once, and save them."""
        self.settings = settings
        set_language(settings.language or system_language())
        pygame.display.set_caption(tr("app.title"))
        if settings.fullscreen != self.fullscreen:
            self._set_fullscreen(settings.fullscreen)
        self.table.settings_changed()
        self.persistence.settings_changed(settings)
        self._remember_window()
        self.request_redraw()

    @property
    def commands(self) -> Commands:
        return self

    @property
    def statistics(self) -> Statistics:
        return self.persistence.statistics

    @property
    def worker(self) -> Worker:
        """The hint worker, shared with New game's search for a winnable deal."""
        return self.table.hinting.background()

    def reset_statistics(self, keys: Iterable[str] | None = None) -> None:
        self.persistence.reset_statistics(None if keys is None else list(keys))

    def play_sound(self, name: Sound) -> None:
        self.sounds.play(name)

    def stop_sounds(self) -> None:
        self.sounds.stop()

    def notify(self, message: str, seconds: float = 2.8) -> None:
        """Show a short message on the table."""
        self.table.notify(message, seconds)
        self.request_redraw()

    def tell(self, message: Message, seconds: float = 2.8) -> None:
        """Show a message of the data layer (a key and values) in the player's language."""
        self.notify(say(message), seconds)

    def open(self, scene: Scene) -> None:
        """Show ``scene`` over the current one (a dialog)."""
        self.scenes.push(scene)
        self.request_redraw()

    def open_dialog(self, name: DialogName) -> None:
        from spider.app import dialogs

        if name is DialogName.MENU:  # dropping down from the bar's right end
            self.open(dialogs.MenuScene(self, top=self.table.geometry.bar.bottom))
        elif name is DialogName.ANALYSIS:
            self.open_analysis()
        else:
            self.open(getattr(dialogs, DIALOGS[name])(self))

    def start_demo(self) -> None:
        self.table.hinting.start_demo()
        self.request_redraw()

    # Shortcuts for tests and tools.
    def open_new_game_dialog(self) -> None:
        self.open_dialog(DialogName.NEW_GAME)

    def open_settings(self) -> None:
        self.open_dialog(DialogName.SETTINGS)

    def open_statistics(self) -> None:
        self.open_dialog(DialogName.STATISTICS)

    def open_help(self) -> None:
        self.open_dialog(DialogName.HELP)

    def open_analysis(self) -> None:
        """Menu → Analyse this game: the game in play, or the one just left unfinished."""
        from spider.app.dialogs.analysis import AnalysisScene

        lost = self.last_lost
        self.open(AnalysisScene(self, lost if lost and not self.session.started else None))

    def open_menu(self) -> None:
        self.open_dialog(DialogName.MENU)

    def confirm(self, message_key: str, on_yes: Callable[[], None],
                note_key: str | None = None) -> None:
        """Ask before ``on_yes()`` (``note_key``: a smaller line under the question)."""
        from spider.app.dialogs import ConfirmScene

        self.open(ConfirmScene(self, message_key, on_yes, note_key=note_key))

    def counts_as_loss(self) -> bool:
        """Whether leaving the game in progress now counts as a loss in the statistics."""
        session = self.session
        return (session.started and not session.game.is_won and not session.demo_played
                and not self.persistence.counted)

    def ask_restart(self) -> None:
        """Restart, asking first when moves would be lost (and saying when the game
        counts as a loss, as New game does)."""
        if not self.session.started or self.session.game.is_won:
            self.restart()
            return
        self.confirm("confirm.restart", self.restart,
                     "newgame.counts-as-loss" if self.counts_as_loss() else None)

    def show_win(self) -> None:
        """The game is won and celebrated: score, moves, time and records, and what next."""
        from spider.app.dialogs import WinScene

        if not isinstance(self.scenes.top, WinScene):
            celebration = self.table.celebration
            self.open(WinScene(self, self.persistence.win_records,
                               None if celebration is None else celebration.lane))

    def on_game_event(self, event: GameEvent) -> None:
        """Called after every action, then with ``GameEvent.WON`` on a win (the game is
        saved, a win counted and added to the history)."""
        counted = self.persistence.counted
        self.persistence.on_game_event(event)
        if event is GameEvent.WON and not counted and self.persistence.counted:
            self.game_log.add(self.session, won=True)
        self._stuck_due = self._stuck_due or event in (GameEvent.MOVE, GameEvent.DEAL)

    def _check_stuck(self) -> None:
        """After a move or deal (in spare time, off the action's frame): a stuck table
        offers the analysis."""
        if not self._stuck_due:
            return
        self._stuck_due = False
        game = self.session.game
        if not game.is_won and not game.is_legal(DEAL) and not game.has_legal_move():
            self.notify(tr("analysis.stuck"), 6.0)

    # ------------------------------------------------------------------ loop
    def handle(self, event: pygame.event.Event) -> None:
        """One event: window and global keys here, everything else to the top scene."""
        kind = event.type
        if kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            self.focused = kind == pygame.WINDOWFOCUSGAINED  # and the scene hears of it
        if kind == pygame.QUIT:
            self.quit()
        elif kind == pygame.VIDEORESIZE:
            self._resized((event.w, event.h))
        elif kind == pygame.WINDOWSIZECHANGED:
            self._resized((event.x, event.y))
        elif kind == WAKE:
            pass  # a worker's answer: the update after the events takes it
        elif kind == pygame.WINDOWMOVED:
            self._moved((event.x, event.y))
        elif kind in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
            self.hidden = True
        elif kind in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED,
                      pygame.WINDOWMAXIMIZED, pygame.VIDEOEXPOSE):
            self.hidden = False
            self.request_redraw()
        elif kind == pygame.KEYDOWN and self._global_key(event):
            return
        elif self.scenes and (self.scenes.top.handle(event) or kind != pygame.MOUSEMOTION):
            # After any handled event but a motion that changed nothing: the table draws
            # what it changed (it draws whole when it cannot tell), a dialog is drawn whole.
            if self.scenes.top is self.table:
                self.request_changes()
            else:
                self.request_redraw()

    def _global_key(self, event: pygame.event.Event) -> bool:
        alt, ctrl = event.mod & pygame.KMOD_ALT, event.mod & pygame.KMOD_CTRL
        if event.key == pygame.K_F11 or (alt and event.key in (pygame.K_RETURN,
                                                               pygame.K_KP_ENTER)):
            self.toggle_fullscreen()
            return True
        if ctrl and event.key == pygame.K_q:
            self.quit()
            return True
        return False

    @property
    def clock_runs(self) -> bool:
        """The game clock runs only while the player sees the table: not under a dialog
        (menu, settings, help, statistics, a question) nor in a hidden window."""
        return not self.hidden and self.scenes.all[-1] is self.table

    @property
    def ticking(self) -> bool:
        """Whether the clock's seconds are shown as they pass: the clock runs and the
        window has the focus (away from it they pause; the game's time goes on)."""
        return self.clock_runs and self.focused

    @property
    def busy(self) -> bool:
        """Whether the next pass must draw (something moves or changed)."""
        return self._dirty or self.scenes.animating

    def idle_timeout(self) -> float:
        """How long the loop may sleep when nothing moves."""
        waits = [wait for scene in self.scenes.all if (wait := scene.wake_in()) is not None]
        return max(0.001, min([MAX_IDLE_WAIT, *waits]))

    def step(self) -> None:
        """One pass: events, fixed updates, and a frame if anything changed (garbage is
        collected after it, in its spare time: see :meth:`spare`). On a ManualClock
        the updates take the answers to every job the events asked of the hint worker
        (:meth:`_wait_for_worker`)."""
        gc.disable()
        for event in pygame.event.get():
            self.handle(event)
            if not self.running:
                return
        self._wait_for_worker()  # (what the events asked of it)
        self._advance()
        if self._dirty:
            self.draw()

    def _advance(self) -> None:
        now = self.clock.now()
        frame, self._last = max(0.0, now - self._last), now
        if self.clock_runs:
            self.session.tick(min(frame, MAX_CLOCK_GAP))
        self._lag += min(frame, MAX_FRAME)
        if self._lag > 0 and not self.scenes.animating:
            # Nothing moves: one update lets timers (messages, the clock) catch up, even
            # a moment after the last: a wait may end just before what it waited for.
            self._update(self._lag)
            self._lag = 0.0
        while self._lag >= STEP:
            self._update(STEP)
            self._lag -= STEP

    def _update(self, dt: float) -> None:
        """One update of every scene; a new frame if any reports a change."""
        changed = False
        for scene in self.scenes.all:
            changed = scene.update(dt) or changed
        if changed:
            self.request_redraw()

    def spare(self, seconds: float) -> None:
        """After a frame is shown: save the game if an action asked to be saved, then
        offer the scenes the ``seconds`` left in this frame for work that can wait
        (card pictures for a new size); they stop when input comes. Spare time is
        measured on the App's clock: on a ManualClock, which stands still while work
        is done (the picture thread's too: see :meth:`Clock.wait_for`), all of it
        fits, whatever the machine's speed; and so does the hint worker's (the next
        pass takes its answers). Called after every pass of the loop (with 0 when
        idle)."""
        until = self.clock.now() + max(0.0, seconds)
        self.persistence.flush()
        self._check_stuck()
        keptcode.keep()  # what the first frame imported, for the next start (once)
        keep_icon()
        self.sounds.open()
        gc.enable()  # left off while the game started and in every pass (see step)
        changed = False
        for scene in self.scenes.all:
            changed = scene.spare(until) or changed
        if changed:
            self.request_redraw()
        self._wait_for_worker()  # (what this pass asked of it)

    def _wait_for_worker(self) -> None:
        """On a ManualClock, wait until the hint worker has done every job asked (the
        updates then take the same answers in the same passes on any machine: see
        :meth:`Clock.wait_for`); the real clock only looks (a frame never waits for
        a hint)."""
        worker = self.table.hinting.worker
        if worker is not None and worker.working:
            self.clock.wait_for(worker, self.clock.now())

    def draw(self) -> None:
        """Draw a frame and present it: only the areas that changed when the scenes
        can tell (:meth:`Scene.draw_changes`), else the whole window; then tell the
        ``frame_observers``."""
        scenes, screen = self.scenes.visible, self.screen
        changed = (None if self._whole or scenes != self._drawn
                   else scenes[0].draw_changes(screen, scenes[1:]))
        if changed is None:
            for scene in scenes:
                scene.draw(screen)
            pygame.display.flip()
            frame = self._whole_frame
            if frame is None or frame.areas[0].size != screen.get_size():
                frame = self._whole_frame = Frame((screen.get_rect(),), True)
        else:
            if changed:
                pygame.display.update(changed)
            frame = Frame(tuple(changed), False)
        self._drawn = scenes
        self._dirty = self._whole = False
        for observer in self.frame_observers:
            observer(frame)

    def run(self) -> int:
        """The main loop, until the player quits. Returns the exit status."""
        rate = 0
        with contextlib.suppress(AttributeError, pygame.error):
            rate = pygame.display.get_current_refresh_rate()
        frame_time = 1 / min(240, rate or 60)
        self._pass(frame_time)  # the first frame waits for no signal handler
        with quit_on_signals():
            while self.running:
                self._pass(frame_time)
        return 0

    def _pass(self, frame_time: float) -> None:
        """One pass of the main loop: a frame and its spare time while something moves
        (``frame_time`` apart), else a wait for input or the next change."""
        if self.busy:
            start = self.clock.now()
            self.step()
            self.spare(frame_time - (self.clock.now() - start))
            self.clock.sleep(frame_time - (self.clock.now() - start))
        else:
            self.clock.wait(self.idle_timeout())
            self.step()
            self.spare(0.0)  # what an input asked to be done after its frame

    def run_frames(self, count: int, dt: float = 1 / 60) -> None:
        """Run ``count`` passes of the loop, ``dt`` seconds of the clock apart (tests)."""
        for _ in range(count):
            if not self.running:
                return
            self.step()
            self.spare(dt)
            self.clock.sleep(dt)

    def run_until_idle(self, limit: int = 3000, dt: float = 1 / 60) -> int:
        """Run the loop until nothing moves and no event waits; return the passes run."""
        for passes in range(1, limit + 1):
            if not self.running:
                return passes
            self.step()
            self.spare(dt)
            if not self.busy and not pygame.event.peek():
                return passes
            self.clock.sleep(dt)
        raise RuntimeError(f"still busy after {limit} passes")

    def close(self) -> None:
        """Save the game, keep the table and its bar as the next start shows them and
        close the window (after ``run``, or in place of it)."""
        self.persistence.quit()
        self.table.renderer.keep_for_next_start()
        self.table.hinting.close()
        pygame.display.quit()


#: Signals that end the game like closing its window: the normal quit path then saves
#: the game (clock and all). SDL turns SIGTERM into QUIT by itself, but not SIGHUP (the
#: terminal or the session closing), and not when told to leave signals alone.
QUIT_SIGNALS = ("SIGTERM", "SIGHUP")


def _post_quit(signum: int, frame: object) -> None:
    with contextlib.suppress(pygame.error):
        pygame.event.post(pygame.event.Event(pygame.QUIT, signal=signum))


@contextlib.contextmanager
def quit_on_signals() -> Iterator[None]:
    """While the loop runs, SIGTERM and SIGHUP post QUIT (where the platform has them,
    from the main thread only); the previous handlers come back afterwards. (From
    the second pass: until then SDL's own handler makes SIGTERM a QUIT.)"""
    import signal  # (after the first frame)
    import threading

    previous: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for name in QUIT_SIGNALS:
            number = getattr(signal, name, None)
            if number is not None:
                with contextlib.suppress(ValueError, OSError):
                    previous[number] = signal.signal(number, _post_quit)
    try:
        yield
    finally:
        for number, handler in previous.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(number, signal.SIG_DFL if handler is None else handler)


def _default_window() -> tuple[int, int]:
    """A window size for leaving full screen: most of the desktop, at least 800 × 600."""
    try:
        width, height = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        width, height = 1600, 1000
    return max(MIN_WINDOW[0], round(width * 0.8)), max(MIN_WINDOW[1], round(height * 0.8))


def _on_screen(corner: tuple[int, int], size: tuple[int, int]) -> tuple[int, int]:
    """``corner`` moved so that a window of ``size`` there shows at least its top left
    part on a display (a display may have gone since it was put there)."""
    places = displays()
    if any(place.collidepoint(corner[0] + 40, corner[1] + 20) for place in places):
        return corner
    return _centred(size, places[0])


def _centred(size: tuple[int, int], place: pygame.Rect) -> tuple[int, int]:
    """The corner of a window of ``size`` in the middle of ``place`` (a display)."""
    return place.x + max(0, (place.w - size[0]) // 2), place.y + max(0, (place.h - size[1]) // 2)


def _window_rect() -> pygame.Rect | None:
    """Where the window is on the desktop now (None before there is one)."""
    surface = pygame.display.get_surface()
    if surface is None:
        return None
    try:
        return pygame.Rect(pygame.display.get_window_position(), surface.get_size())
    except pygame.error:
        return None


def run(code: DealCode | None = None) -> int:
    """Start the game; return its exit status.

    ``code``: play that deal instead of the saved game, as New game with a typed code
    does (a saved game already played counts as lost)."""
    app = App()  # the saved settings, game in progress and statistics (never raises)
    if code is not None:
        app.new_game(code)
    # What the start made (modules, catalogue, pictures: tens of thousands of objects,
    # next to no cycles) lives as long as the game: set aside, never scanned by a
    # collection (the first, after the first frame, took 4.5 ms scanning them).
    gc.freeze()
    try:
        return app.run()
    finally:
        app.close()
