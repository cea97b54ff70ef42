"""Hints and the demo on the table, off the frame path.

The hint engine (:mod:`spider.solver.hints`) and the solver take tenths of a
second to seconds, so they never run in the loop: each request gets a copy of
the game taken on the loop's thread (``copy.deepcopy``, or a solver
:class:`~spider.solver.state.Position` snapshot), the one background
:class:`~spider.app.worker.Worker` thread (shared with New game's winnable-deal
search, and with the "can still be won" note, :mod:`spider.app.table.winnability`)
searches it, and the loop picks the answer up in ``update``. Every
request has a ticket; an answer whose ticket is no longer wanted (the player
acted meanwhile) is dropped, and queued work that went stale is never run.

* **Hint** (H or the bar's Hint button, only with Settings → Hints on): the
  first press asks the engine and, when it answers, marks the cards that would
  move and where they would go (or the stock, for a deal) and shows the
  reason; a second press while the mark shows plays that action through
  :meth:`TableScene.perform`, like the player's own move. Anything else the
  player does clears the mark.
* **Demo** (Shift+H, with hints on or off): the engine plays alone, one
  animated action after another, until it wins or finds nothing useful; any
  key or click stops it (and does nothing else). Each next action is worked
  out once the cards of the last one have landed, so frames are never shared
  with the engine.

Hints are cut by work (determinizations and positions expanded), not by the clock,
so they say the same on any machine; their seconds are only an outer limit for a
very slow or busy one.

``threaded = False`` (tests) runs each request at once on the loop's thread,
so answers come back deterministically, still through the same delivery path.
On the worker thread they come in the same passes too on a ``ManualClock``,
which the App waits on for the worker (``App._wait_for_worker``).

The solver and the worker are imported when first used, and what the player has
seen of a resumed game is worked out after the first frame: the table's first
frame waits for none of them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from spider.app.table.hintmark import draw_mark
from spider.app.table.winnability import KIND as WINNABLE
from spider.app.table.winnability import WinCheck
from spider.logs import logger
from spider.model.actions import DEAL, Action, Move, Outcome
from spider.model.game import Game
from spider.text.i18n import tr

if TYPE_CHECKING:
    import threading

    from spider.app.host import Host
    from spider.app.table.scene import TableScene
    from spider.app.worker import Answer, Worker
    from spider.data.session import Session
    from spider.solver.hints import Hint
    from spider.solver.knowledge import Seen
    from spider.solver.plan import Plan

log = logger(__name__)

#: Seconds after which a hint stops sampling on a very slow machine: an outer limit
#: only (a hint takes a few tenths of a second).
HINT_SECONDS: float | None = 4.0
#: Seconds between two demo actions once the cards rest (at normal speed).
DEMO_PAUSE = 0.25

#: The worker's kinds of job this controller asks for (the last for :class:`WinCheck`).
KINDS = ("hint", "demo", WINNABLE)


# ------------------------------------------------ the solver, when first used
# The hint engine's work per hint is its own default, fixed so that a hint is the same
# on any machine (see :func:`spider.solver.hints.suggest`).
def suggest(game: Game, previous: Action | None, seen: Seen,
            time_budget: float | None) -> Hint | None:
    """:func:`spider.solver.hints.suggest` (the solver imported on the first hint)."""
    from spider.solver.hints import suggest as engine

    return engine(game, previous, seen, time_budget)


def demo_step(game: Game, previous: Action | None, seen: Seen,
              time_budget: float | None, plan: Plan) -> Action | None:
    """:func:`spider.solver.demo.demo_step` (imported on the demo's first step)."""
    from spider.solver.demo import demo_step as engine

    return engine(game, previous, seen, time_budget, plan=plan)


def new_plan() -> Plan:
    """An empty :class:`spider.solver.plan.Plan` for a demo that starts."""
    from spider.solver.plan import Plan

    return Plan()


def _seen_in(session: Session) -> Seen:
    """What the player of the ``session``'s game has seen face down."""
    from spider.model.notation import game_from_code
    from spider.solver.knowledge import Seen

    return Seen.of_history(session.game, game_from_code(session.code))


# -------------------------------------------------------------- controller
def last_action(game: Game) -> Action | None:
    """The last action played (what undo would take back), or ``None``."""
    done, _ = game.history()
    return done[-1] if done else None


class Hinting:
    """The table's hint and demo controller (see the module docstring), and the
    worker's jobs for the "can still be won" note (:attr:`wins`)."""

    #: Run the engine on a worker thread; tests set it false for deterministic answers.
    threaded = True

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.worker: Worker | None = None
        self.mark: Hint | None = None
        self.thinking = False
        self.demo = False
        #: What the player has seen face down (worked out when first needed).
        self._seen: Seen | None = None
        self._ticket = 0
        self._wanted: dict[str, int] = {}
        self._demo_next: Action | None = None  # the demo's answer, played once the pause is over
        self._demo_due = False                  # ask for the next step once the cards rest
        self._demo_previous: Action | None = None
        self._demo_rested = 0.0                 # seconds the cards have rested since the last step
        self._demo_game: Game | None = None     # the worker's own copy, following the demo
        self._demo_seen: Seen | None = None
        self._demo_plan: Plan | None = None     # the winning line the demo follows, if any
        self._own_action = False
        #: The mark or a message changed since the loop last asked.
        self._changed = False
        self.wins = WinCheck(self)

    # --------------------------------------------------------------- helpers
    @property
    def app(self) -> Host:
        return self.table.app

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def hints_on(self) -> bool:
        return bool(self.app.settings.hints)

    @property
    def seen(self) -> Seen:
        """The face-down cards the player has seen (from the game's history, the first
        time it is asked for: after the first frame, or at the first action)."""
        if self._seen is None:
            self._seen = _seen_in(self.table.app.session)
        return self._seen

    def _seen_copy(self) -> Seen:
        """What the player has seen, for the worker (which must not share it)."""
        from spider.solver.knowledge import Seen

        return Seen(dict(self.seen.known))

    def background(self) -> Worker:
        """The worker thread (made when first needed; shared with New game)."""
        return self._worker()

    def _worker(self) -> Worker:
        if self.worker is None or self.worker.threaded != self.threaded:
            from spider.app.worker import Worker

            if self.worker is not None:
                self.worker.close()
            self.worker = Worker(self.threaded)
        return self.worker

    def request(self, kind: str, work: Callable[[threading.Event], object]) -> None:
        """Ask the worker for ``work``: its answer is taken while no newer one of its
        ``kind`` is asked for or it is cancelled (:meth:`poll`)."""
        from spider.app.worker import Job

        self._ticket += 1
        self._wanted[kind] = self._ticket
        self._worker().submit(Job(kind, self._ticket, work))
        if not self.threaded:
            self.poll()

    def cancel(self, kind: str) -> None:
        self._wanted.pop(kind, None)
        if self.worker is not None:
            self.worker.cancel(kind)

    def asked(self, kind: str) -> bool:
        """Whether an answer of ``kind`` is on its way."""
        return kind in self._wanted

    @property
    def waiting(self) -> bool:
        return bool(self._wanted) and self.worker is not None and self.worker.working

    def _playable(self) -> bool:
        table = self.table
        return not (self.game.is_won or table.win_pending or table.celebration is not None)

    # -------------------------------------------------------------- commands
    def press_hint(self) -> None:
        """H or the Hint button: ask for a hint, or play the one marked (with hints
        off, say where to turn them on)."""
        if self.demo or not self._playable():
            return
        if not self.hints_on:
            self.table.notify(tr("table.hints-off"))
            return
        if self.mark is not None:
            action = self.mark.action
            self.clear()
            self.table.perform(action)
            return
        if self.thinking:
            return
        self.thinking = True
        self.wins.pause()
        snapshot, previous = copy.deepcopy(self.game), last_action(self.game)
        seen = self._seen_copy()
        self.request("hint", lambda cancel: suggest(snapshot, previous, seen, HINT_SECONDS))
        self._changed = True

    def start_demo(self) -> None:
        """Shift+H: the engine plays the game alone until it wins, gives up or is stopped."""
        if self.demo or not self._playable():
            return
        self.clear()
        self.table.interrupt()
        self.wins.pause()
        self.demo = True
        self._demo_game = copy.deepcopy(self.game)
        self._demo_seen = self._seen_copy()
        self._demo_plan = new_plan()
        self._demo_next, self._demo_due = None, True
        self._demo_previous, self._demo_rested = last_action(self.game), DEMO_PAUSE
        self.table.toast.clear()  # the demo's banner says it all while it plays
        self.app.request_redraw()

    @property
    def _demo_pause(self) -> float:
        return DEMO_PAUSE * max(0.4, self.table.board.speed)

    def _ask_demo(self) -> None:
        game, seen, previous = self._demo_game, self._demo_seen, self._demo_previous
        plan = self._demo_plan
        assert game is not None and seen is not None and plan is not None

        def work(cancel: threading.Event) -> Action | None:
            # The worker's own copy follows the demo: it plays each action it chooses.
            action = demo_step(game, previous, seen, HINT_SECONDS, plan=plan)
            if action is not None and not cancel.is_set():
                seen.record(game, game.play(action))
            return action

        self.request("demo", work)

    def stop_demo(self, message: str | None = "hint.demo-stop") -> None:
        if not self.demo:
            return
        self.demo = self._demo_due = False
        self._demo_next = self._demo_game = self._demo_seen = self._demo_plan = None
        self.cancel("demo")
        if message:
            self.table.notify(tr(message))
        self._changed = True

    def clear(self) -> None:
        """No mark and no hint on its way (another action, a dialog, a new game)."""
        self.cancel("hint")
        if self.mark is not None or self.thinking:
            self.mark, self.thinking = None, False
            self._changed = True

    # ------------------------------------------------------------ table hooks
    def intercept(self, event: pygame.event.Event) -> bool:
        """See an input event first: True when it is used up (it stopped the demo).

        A press anywhere but on the Hint button, or any key but H, clears the mark.
        """
        kind = event.type
        if kind not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return False
        self.wins.pause()  # before a drag's first frames, not after them
        if self.demo:
            self.stop_demo()
            return True
        if self.mark is None and not self.thinking:
            return False
        if kind == pygame.KEYDOWN:
            if event.key == pygame.K_h or event.key in _MODIFIERS:
                return False
            if event.key == pygame.K_ESCAPE:  # Esc takes back the mark, and only that
                self.clear()
                return True
        elif self.table.bar.button_at(event.pos) == "hint":
            return False
        self.clear()
        return False

    def key(self, shift: bool) -> None:
        """H: a hint; Shift+H: the demo."""
        if shift:
            self.start_demo()
        else:
            self.press_hint()

    def played(self, outcome: Outcome) -> None:
        """An action, undo or redo was just shown (``TableScene.perform``)."""
        self.seen.record(self.game, outcome)
        own = self._own_action
        self.clear()
        if self.demo and (not own or self.game.is_won):
            self.stop_demo(None)
        if self.demo:  # the next step is asked for once these cards have landed
            self._demo_due, self._demo_previous, self._demo_rested = True, outcome.action, 0.0
        self.wins.check()

    def reset(self) -> None:
        """A new game, a restart or a loaded game: forget everything about the old one
        (and know what a resumed game's player saw)."""
        self.stop_demo(None)
        self.clear()
        self._seen = None  # worked out again when first needed
        self.wins.check(keep=False)

    def leave(self) -> None:
        """A dialog covers the table: no hint work, no mark, no demo."""
        self.stop_demo(None)
        self.clear()

    def settings_changed(self) -> None:
        if not self.hints_on:
            self.clear()
        self.wins.settings_changed()

    def close(self) -> None:
        self._wanted.clear()
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def spare(self) -> bool:
        """After a frame: work out what the player has seen (not within an action's
        frame), and start the search for a win if it waits (:meth:`WinCheck.spare`).
        True when the picture changed (an answer came at once, not threaded)."""
        if self._seen is None:
            self._seen = _seen_in(self.table.app.session)
        self.wins.spare()
        return self._take_changed()

    def _take_changed(self) -> bool:
        changed = self._changed or self.wins.changed
        self._changed = self.wins.changed = False
        return changed

    # ------------------------------------------------------------------ loop
    def poll(self) -> None:
        """Take the worker's answers that are still wanted, and act on them."""
        assert self.worker is not None
        for answer in self.worker.take(KINDS):
            job = answer.job
            if self._wanted.get(job.kind) != job.ticket:
                continue
            del self._wanted[job.kind]
            if job.kind == "hint":
                self._hint_came(answer)
            elif job.kind == "demo":
                self._demo_came(answer)
            elif job.kind == WINNABLE:
                self.wins.came(answer)

    def _hint_came(self, answer: Answer) -> None:
        self.thinking = False
        self._changed = True
        hint = answer.value
        if answer.error is not None or not self.hints_on:
            return
        from spider.solver.hints import Hint  # imported by the search that answered

        if not isinstance(hint, Hint):
            self.table.notify(tr("hint.none"), 4.0)
            return
        if not self.game.is_legal(hint.action):  # the position changed: ask again
            log.warning("hint %s is not legal here: dropped", hint.action)
            return
        self.mark = hint
        self.table.notify(hint.text(), 4.0)

    def _demo_came(self, answer: Answer) -> None:
        action = answer.value
        if answer.error is not None or action is None:
            self.stop_demo("hint.demo-none")
            return
        assert isinstance(action, Move) or action is DEAL
        if not self.game.is_legal(action):
            log.warning("demo action %s is not legal here: demo stopped", action)
            self.stop_demo(None)
            return
        self._demo_next = action

    def update(self, dt: float) -> bool:
        """Take answers, step the demo, pause the search for a win as soon as the table
        is not calm; True when the picture changed."""
        if self.worker is not None:  # (asked every pass: not called for when idle)
            self.poll()
        if self.demo:
            self._demo_step(dt)
        self.wins.update()
        return self._take_changed()

    def _demo_step(self, dt: float) -> None:
        table = self.table
        if table.board.moving or table.dragging is not None:
            return
        self._demo_rested += dt
        if self._demo_due:
            self._demo_due = False
            self._ask_demo()  # answered at once when not threaded
        if self._demo_next is None or self._demo_rested < self._demo_pause:
            return
        action, self._demo_next = self._demo_next, None
        self.app.session.demo_played = True  # never a win, loss or streak change
        self._own_action = True
        try:
            if not table.perform(action):
                self.stop_demo(None)
        finally:
            self._own_action = False

    def wake_in(self) -> float | None:
        """How soon the loop must look again (a demo step, or a search to start; the
        worker's answers wake the loop themselves)."""
        if self.demo and not self.table.board.moving:
            if self._demo_due:
                return 0.0
            if self._demo_next is not None:
                return max(0.0, self._demo_pause - self._demo_rested)
        return self.wins.wake_in()

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        """The mark of the hint shown, if any (:func:`~spider.app.table.hintmark.draw_mark`)."""
        if self.mark is not None and self.table.celebration is None:
            draw_mark(surface, self.mark, self.table)


_MODIFIERS = frozenset((pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
                        pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI,
                        pygame.K_CAPSLOCK, pygame.K_NUMLOCKCLEAR, pygame.K_MODE))
