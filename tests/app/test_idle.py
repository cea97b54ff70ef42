"""The loop at rest: it waits until input comes or the next change on screen is due,
presents only what changed (the clock's second), and nothing while the player is away.

The real loop (``App.run``) runs on the manual clock: a wait with no event queued lets
the time it was asked for pass at once, so ten idle seconds take no real time.
"""

from __future__ import annotations

from itertools import pairwise

import pygame

from spider.app.clock import ManualClock
from spider.app.loop import App, Frame
from spider.app.table.driver import EventDriver
from spider.app.worker import WAKE, Job, Worker


class Watch(ManualClock):
    """A manual clock that counts the loop's waits and stops the loop at ``until``."""

    def __init__(self, app: App, seconds: float) -> None:
        super().__init__(app.clock.now())
        self.app, self.until, self.waits = app, self.time + seconds, 0

    def wait(self, seconds: float) -> None:
        self.waits += 1
        super().wait(seconds)
        if self.time >= self.until:
            self.app.running = False


def idle(app: App, seconds: float) -> tuple[Watch, list[Frame]]:
    """Run the real loop with no input for ``seconds`` of its clock."""
    watch, frames = Watch(app, seconds), []
    app.clock = watch
    app.frame_observers.append(frames.append)
    app.run()
    app.running = True
    app.frame_observers.remove(frames.append)
    return watch, frames


def started(play) -> EventDriver:
    driver = play()
    driver.key(pygame.K_d)  # a deal: the game's clock runs
    driver.settle()
    # The card pictures still coming from the rasteriser thread (later on a busy
    # machine) are put in place first, so the idle seconds see nothing but the clock.
    images = driver.table.renderer.images
    for _ in range(500):
        if not images.pending:
            break
        driver.app.spare(1.0)  # waits for the thread's next picture, not for a time
    return driver


def bar_rect(driver: EventDriver) -> pygame.Rect:
    bar = driver.table.geometry.bar
    return pygame.Rect(bar.x, bar.y, bar.w, bar.h)


def bar_as_drawn_whole(driver: EventDriver) -> bytes:
    """The bar as a whole redraw of the table shows it now."""
    whole = driver.app.screen.copy()
    driver.table.draw(whole)
    return pygame.image.tobytes(whole.subsurface(bar_rect(driver)), "RGB")


def bar_on_screen(driver: EventDriver) -> bytes:
    return pygame.image.tobytes(driver.app.screen.subsurface(bar_rect(driver)), "RGB")


def test_a_ticking_clock_wakes_the_loop_once_a_second_to_present_the_time(play) -> None:
    driver = started(play)
    before = driver.app.session.elapsed
    watch, frames = idle(driver.app, 10)
    assert 10 <= driver.app.session.elapsed - before <= 11  # to the second after 10 s
    assert 9 <= len(frames) <= 11 and watch.waits <= 2 * len(frames) + 2
    clock = driver.table.renderer.bar.clock_box  # 0:10 is wider than 0:09: the bar once
    assert [frame.areas for frame in frames].count((clock,)) >= len(frames) - 1
    assert all(not frame.whole and frame.areas in ((clock,), (bar_rect(driver),))
               for frame in frames)
    assert bar_on_screen(driver) == bar_as_drawn_whole(driver)


class EarlyWatch(Watch):
    """A clock whose waits return half a millisecond early, as SDL's millisecond
    timeout can: the loop wakes just before the second it waited for."""

    def wait(self, seconds: float) -> None:
        super().wait(seconds - 0.0005 if seconds > 0.01 else seconds)


def test_waking_just_before_the_second_still_shows_every_second(play) -> None:
    driver = started(play)
    app, times = driver.app, []
    app.clock = EarlyWatch(app, 10)
    app.frame_observers.append(lambda frame: times.append(app.session.elapsed))
    app.run()
    seconds = [int(time) for time in times]
    assert len(times) >= 9 and all(time % 1 < 0.01 for time in times)  # drawn on time
    assert all(later - earlier == 1 for earlier, later in pairwise(seconds))


def test_without_the_clock_the_loop_only_looks_at_it_now_and_then(play) -> None:
    driver = play()  # not started: the clock stands still
    watch, frames = idle(driver.app, 10)
    assert frames == [] and watch.waits <= 11


def test_away_from_the_window_its_seconds_pause_while_the_game_time_goes_on(play) -> None:
    driver = started(play)
    before = driver.app.session.elapsed
    driver.post(pygame.WINDOWFOCUSLOST)
    watch, frames = idle(driver.app, 10)
    assert frames == [] and watch.waits <= 11
    assert driver.app.session.elapsed - before > 9.9
    assert bar_on_screen(driver) != bar_as_drawn_whole(driver)  # the seconds shown paused
    driver.post(pygame.WINDOWFOCUSGAINED)
    assert bar_on_screen(driver) == bar_as_drawn_whole(driver)  # and catch up at once


def test_a_hidden_window_presents_nothing_and_its_clock_stops(play) -> None:
    driver = started(play)
    before = driver.app.session.elapsed
    driver.post(pygame.WINDOWMINIMIZED)
    watch, frames = idle(driver.app, 10)
    assert frames == [] and watch.waits <= 11
    assert driver.app.session.elapsed == before


def test_a_workers_answer_wakes_the_loop_which_draws_nothing_for_it(play) -> None:
    driver = play()
    worker = Worker(threaded=True)
    pygame.event.clear()
    worker.submit(Job("hint", 1, lambda cancel: 42))
    woken = any(pygame.event.wait(1000).type == WAKE for _ in range(30))  # or NOEVENT
    worker.close()
    assert woken and worker.take(("hint",))[0].value == 42
    frames: list[Frame] = []
    driver.app.frame_observers.append(frames.append)
    driver.post(WAKE)
    assert frames == [] and not driver.app.busy


def test_waiting_on_the_manual_clock_returns_at_once_when_an_event_waits(play) -> None:
    play()
    clock = ManualClock(5.0)
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(WAKE))
    clock.wait(1.0)
    assert clock.now() == 5.0
    pygame.event.clear()
    clock.wait(1.0)
    assert clock.now() == 6.0
