"""The application: the window, the settings, a fixed-timestep loop and the scene
stack. With :class:`~spider.app.services.HostServices` (the dialogs, games started
and counted, messages and sound) it is the :class:`~spider.app.host.Host` and the
:class:`~spider.app.host.Commands` the scenes use; the window is opened and placed
by :mod:`spider.app.window`.

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
from collections.abc import Callable

import pygame

from spider import keptcode
from spider.app.clock import WAKE, Clock, SystemClock
from spider.app.desktop import name_the_app, software_framebuffer
from spider.app.host import Commands
from spider.app.scenes import Scene, SceneStack
from spider.app.services import HostServices
from spider.app.signals import quit_on_signals
from spider.app.sound import Sounds
from spider.app.table.keptcards import keep_icon
from spider.app.table.scene import TableScene
from spider.app.window import default_window, open_window
from spider.data.history import GameLog
from spider.data.persistence import Persistence, Problem, Saved, load_saved
from spider.data.session import Session
from spider.data.settings import Settings, system_language
from spider.model.dealcode import DealCode
from spider.model.values import value
from spider.text.i18n import set_language, tr

UPDATE_RATE = 120
STEP = 1 / UPDATE_RATE
MAX_FRAME = 0.25        # a longer frame is treated as this long (no spiral of death)
MAX_IDLE_WAIT = 1.0     # the longest wait for input between looks at the clock
MAX_CLOCK_GAP = 2.0     # the game clock never jumps more than this (suspend, debugger)


@value  # (made at import in a third of a NamedTuple's time)
class Frame:
    """What one frame put on the window: the areas presented (none when nothing
    changed), and whether the whole window was drawn afresh."""

    areas: tuple[pygame.Rect, ...]
    whole: bool


class App(HostServices):
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
            (remembered[2], remembered[3]) if remembered else default_window())
        #: Where the windowed window was put (None: where the system puts it).
        self.windowed_at: tuple[int, int] | None = (
            (remembered[0], remembered[1]) if remembered else None)
        self.screen = open_window(self.fullscreen, self.windowed_size, self.windowed_at)
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

    # ------------------------------------------------------- window, settings
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

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

    def _set_fullscreen(self, on: bool) -> None:
        self.table.interrupt()
        if on and pygame.display.get_surface() is not None:
            with contextlib.suppress(pygame.error):
                self._moved(pygame.display.get_window_position())
        self.fullscreen = on
        wanted = self.windowed_size
        self.screen = open_window(on, wanted, self.windowed_at)
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

    @property
    def commands(self) -> Commands:
        return self

    def quit(self) -> None:
        """Save the game where it is and leave the loop; ``run`` then returns."""
        self._remember_window()
        self.persistence.quit()
        self.running = False

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
