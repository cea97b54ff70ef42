"""Synthesise the game's sound effects into ``assets/sounds/``.

Everything is made from sine waves and seeded noise with the standard library
only, so the WAV files can be rebuilt byte for byte:

    python tools/make_sounds.py

Output: 16-bit mono 22050 Hz WAV files, peaks normalised to about -3 dBFS, each
shaped by an attack/decay envelope that starts and ends at silence (no clicks).
"""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

RATE = 22050
PEAK_DBFS = -3.0
SEED = 20240611
OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"

Signal = list[float]


# --- building blocks -------------------------------------------------------


def n_samples(seconds: float) -> int:
    return round(seconds * RATE)


def silence(seconds: float) -> Signal:
    return [0.0] * n_samples(seconds)


def noise(seconds: float, rng: random.Random) -> Signal:
    """White noise in [-1, 1]."""
    return [rng.uniform(-1.0, 1.0) for _ in range(n_samples(seconds))]


def tone(
    seconds: float,
    freq: float | Callable[[float], float],
    harmonics: tuple[float, ...] = (1.0,),
) -> Signal:
    """A sum of harmonics of ``freq``; ``freq`` may be a function of time (a glide).

    ``harmonics[k]`` is the amplitude of partial ``k + 1``.
    """
    glide = freq if callable(freq) else (lambda _t, f=freq: f)
    out: Signal = []
    phase = 0.0
    for i in range(n_samples(seconds)):
        f = glide(i / RATE)
        out.append(sum(a * math.sin((k + 1) * phase) for k, a in enumerate(harmonics) if a))
        phase += 2.0 * math.pi * f / RATE
    return out


def lowpass(signal: Signal, cutoff: float | Callable[[float], float]) -> Signal:
    """One-pole low-pass filter; ``cutoff`` (Hz) may vary with time."""
    sweep = cutoff if callable(cutoff) else (lambda _t, c=cutoff: c)
    out: Signal = []
    y = 0.0
    for i, x in enumerate(signal):
        a = 1.0 - math.exp(-2.0 * math.pi * sweep(i / RATE) / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def highpass(signal: Signal, cutoff: float) -> Signal:
    """One-pole high-pass filter: the signal minus its low-passed self."""
    return [x - y for x, y in zip(signal, lowpass(signal, cutoff), strict=True)]


def envelope(signal: Signal, attack: float, decay: float, shape: float = 1.0) -> Signal:
    """Apply a raised-cosine attack then an exponential-ish decay to silence.

    ``attack`` is in seconds; ``decay`` is the time constant of the fall-off;
    the last few milliseconds are always faded to exactly zero.
    """
    n = len(signal)
    a = max(1, n_samples(attack))
    tail = min(n, n_samples(0.006))
    out: Signal = []
    for i, x in enumerate(signal):
        t = i / RATE
        gain = 0.5 - 0.5 * math.cos(math.pi * i / a) if i < a else 1.0
        if i >= a:
            gain *= math.exp(-((max(0.0, t - attack) / decay) ** shape))
        if i >= n - tail:
            gain *= (n - 1 - i) / tail
        out.append(x * gain)
    return out


def mix(*parts: tuple[float, float, Signal]) -> Signal:
    """Mix ``(start_seconds, gain, signal)`` parts into one signal."""
    length = max(n_samples(start) + len(sig) for start, _gain, sig in parts)
    out = [0.0] * length
    for start, gain, sig in parts:
        offset = n_samples(start)
        for i, x in enumerate(sig):
            out[offset + i] += gain * x
    return out


def normalise(signal: Signal, dbfs: float = PEAK_DBFS) -> Signal:
    peak = max(abs(x) for x in signal) or 1.0
    target = 10.0 ** (dbfs / 20.0)
    return [x * target / peak for x in signal]


def write_wav(path: Path, signal: Signal) -> None:
    """Write ``signal`` (floats in [-1, 1]) as a 16-bit mono WAV file."""
    samples = array("h", (max(-32767, min(32767, round(x * 32767))) for x in signal))
    if sys.byteorder == "big":
        samples.byteswap()  # WAV data is little-endian
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())


# --- the effects -----------------------------------------------------------

# Equal-tempered note frequencies used by the chimes.
C5, E5, G5, C6, E6, G6, C7 = 523.25, 659.26, 783.99, 1046.50, 1318.51, 1567.98, 2093.00
BELL = (1.0, 0.28, 0.1, 0.04)  # soft, rounded partials: fundamental and a few overtones


def bell(freq: float, seconds: float, decay: float) -> Signal:
    """A soft mallet/bell note."""
    return envelope(tone(seconds, freq, BELL), attack=0.004, decay=decay)


def pickup(rng: random.Random) -> Signal:
    """Soft card lift: a short noise swish whose brightness rises, then fades."""
    swish = lowpass(noise(0.16, rng), lambda t: 900.0 + 16000.0 * t)
    swish = highpass(swish, 250.0)
    return envelope(swish, attack=0.045, decay=0.04, shape=2.0)


def place(rng: random.Random) -> Signal:
    """Card snap on felt: a muffled low thump under a very short papery click."""
    thump = envelope(
        tone(0.12, lambda t: 70.0 + 90.0 * math.exp(-t / 0.02), (1.0, 0.2)),
        attack=0.002,
        decay=0.035,
    )
    click = envelope(lowpass(lowpass(noise(0.05, rng), 2600.0), 2600.0), attack=0.0015, decay=0.008)
    return mix((0.0, 1.0, thump), (0.0, 0.9, click))


def deal(rng: random.Random) -> Signal:
    """Quick flick of a card being dealt: a brief bright swish."""
    flick = highpass(lowpass(noise(0.09, rng), lambda t: 5000.0 - 30000.0 * t), 900.0)
    return envelope(flick, attack=0.008, decay=0.022, shape=1.5)


def flip(rng: random.Random) -> Signal:
    """Light tick of a card turning face up."""
    tick = envelope(tone(0.05, 1900.0, (1.0, 0.15)), attack=0.0015, decay=0.009)
    grain = envelope(highpass(noise(0.04, rng), 2500.0), attack=0.001, decay=0.005)
    return mix((0.0, 0.8, tick), (0.0, 0.35, grain))


def run(_rng: random.Random) -> Signal:
    """A completed run: a rising four-note chime."""
    notes = (C6, E6, G6, C7)
    return mix(
        *((0.1 * i, 1.0, bell(f, 0.85 - 0.1 * i, 0.12 + 0.04 * i)) for i, f in enumerate(notes))
    )


def win(_rng: random.Random) -> Signal:
    """A short happy fanfare: an arpeggio that lands on a ringing major chord."""
    arpeggio = [(0.12 * i, 0.9, bell(f, 0.35, 0.09)) for i, f in enumerate((C5, E5, G5, C6, E6))]
    chord_at = 0.66
    chord = [(chord_at, 0.55, bell(f, 1.25, 0.32)) for f in (C5, G5, C6, E6, G6)]
    # A gentle low root gives the ending some body.
    root = (chord_at, 0.5, envelope(tone(1.25, C5 / 2, (1.0, 0.3)), attack=0.01, decay=0.35))
    return mix(*arpeggio, *chord, root)


def refuse(_rng: random.Random) -> Signal:
    """A soft low "bonk" for an illegal move: a rounded pitch-dropping boop."""
    body = tone(0.22, lambda t: 210.0 - 90.0 * min(1.0, t / 0.12), (1.0, 0.35, 0.08))
    return envelope(lowpass(body, 1200.0), attack=0.006, decay=0.07, shape=1.3)


EFFECTS: dict[str, Callable[[random.Random], Signal]] = {
    "pickup": pickup,
    "place": place,
    "deal": deal,
    "flip": flip,
    "run": run,
    "win": win,
    "refuse": refuse,
}


def main() -> None:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for name, make in EFFECTS.items():
        rng = random.Random(f"{SEED}-{name}")
        signal = normalise(make(rng))
        path = OUT_DIR / f"{name}.wav"
        write_wav(path, signal)
        print(f"{path.name:12} {len(signal) / RATE:5.2f} s  {path.stat().st_size:7d} bytes")


if __name__ == "__main__":
    main()
