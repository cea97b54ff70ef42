"""Sound effects: pick-up, place, deal, flip, run completed, win and a refused move.

``Sounds`` opens the mixer once and loads every effect from ``assets/sounds``
(the App's after its first frame: the first picture need not wait for an audio
device to open). Without an audio device (or with a missing or unreadable file)
it stays silent instead of failing: a game must never stop for want of a sound.

The App owns one ``Sounds(app)``; scenes play effects through
``Host.play_sound(Sound.…)``. The Sound setting is read from ``app.settings`` at
every play, so muting needs no extra call.
"""

from __future__ import annotations

import contextlib
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from spider.app.assets import SOUNDS
from spider.app.desktop import quiet_stderr
from spider.logs import logger

if TYPE_CHECKING:
    from spider.app.host import Host

log = logger(__name__)



class Sound(StrEnum):
    """Every effect the game plays, named like its file (``assets/sounds/<name>.wav``)."""

    PICKUP = "pickup"
    PLACE = "place"
    DEAL = "deal"
    FLIP = "flip"
    RUN = "run"
    WIN = "win"
    REFUSE = "refuse"


NAMES = tuple(Sound)
#: Per-effect volume: frequent, small sounds quieter than the rare, big ones.
VOLUMES = {Sound.PICKUP: 0.55, Sound.PLACE: 0.6, Sound.DEAL: 0.5, Sound.FLIP: 0.45,
           Sound.RUN: 0.8, Sound.WIN: 0.9, Sound.REFUSE: 0.6}
CHANNELS = 16


def open_mixer() -> bool:
    """Start the mixer (44.1 kHz, 16-bit stereo, short buffer); False without a device
    (quietly: the audio libraries' complaints stay off the terminal)."""
    try:
        if pygame.mixer.get_init() is None:
            pygame.mixer.pre_init(44100, -16, 2, 512)
            with quiet_stderr():
                pygame.mixer.init()
        pygame.mixer.set_num_channels(CHANNELS)
    except (pygame.error, OSError, NotImplementedError) as error:
        log.info("no sound: %s", error)
        return False
    return pygame.mixer.get_init() is not None


class Sounds:
    """All effects, ready to play. ``enabled`` (or the app's Sound setting) mutes them."""

    def __init__(self, app: Host | None = None, folder: Path = SOUNDS,
                 enabled: bool = True, later: bool = False) -> None:
        """``later``: open the mixer at :meth:`open` (or the first play), not now."""
        self.app = app
        self.enabled = enabled
        self.folder = folder
        self.effects: dict[str, pygame.mixer.Sound] = {}
        self._available: bool | None = None  # not opened yet
        if not later:
            self.open()

    def open(self) -> None:
        """Open the mixer and load the effects (once; quick when done)."""
        if self._available is None:
            self._available = open_mixer()
            if self._available:
                for name in NAMES:
                    if name not in self.effects:
                        self._load(name, self.folder / f"{name}.wav")

    @property
    def available(self) -> bool:
        """Whether the mixer is open (opening it if it was left for later)."""
        self.open()
        return bool(self._available)

    def _load(self, name: Sound, path: Path) -> None:
        try:
            effect = pygame.mixer.Sound(path)
        except (pygame.error, OSError, FileNotFoundError) as error:
            log.warning("sound %s unusable: %s", name, error)
            return
        effect.set_volume(VOLUMES[name])
        self.effects[name] = effect

    @property
    def on(self) -> bool:
        """Whether sounds are wanted now (the app's setting when there is an app)."""
        if self.app is not None:
            return bool(self.app.settings.sound)
        return self.enabled

    def play(self, name: str) -> bool:
        """Play the effect ``name`` if sound is on and it could be loaded; True if it played."""
        self.open()
        effect = self.effects.get(name)
        if effect is None or not self.on:
            return False
        try:
            effect.play()
        except pygame.error:
            return False
        return True

    def stop(self) -> None:
        """Silence everything at once (sound switched off mid-effect)."""
        if self._available:
            with contextlib.suppress(pygame.error):
                pygame.mixer.stop()
