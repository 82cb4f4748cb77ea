"""Sound effects made in the page with Web Audio: short blips for a roll, a hold and a score.

Off by default and remembered in ``yacht:settings``. Nothing is downloaded: each blip is an
oscillator with a quick fade in and out, so the sounds cost no files and work offline. The
audio context is created on the first blip, which always follows a click or key press (browsers
only let a page make sound after the player did something).
"""

from __future__ import annotations

from typing import Any, Literal

from pyscript import window

Blip = Literal["roll", "hold", "release", "score", "zero"]

TONES: dict[Blip, tuple[tuple[float, float, float], ...]] = {
    # (frequency in Hz, start in s, length in s) for each note of a blip.
    "roll": ((392.0, 0.0, 0.045), (494.0, 0.05, 0.045), (440.0, 0.1, 0.045), (523.3, 0.15, 0.06)),
    "hold": ((659.3, 0.0, 0.06),),
    "release": ((493.9, 0.0, 0.06),),
    "score": ((523.3, 0.0, 0.08), (784.0, 0.08, 0.16)),  # a rising fifth
    "zero": ((392.0, 0.0, 0.1), (293.7, 0.1, 0.18)),  # a falling fourth
}
VOLUME = 0.18
QUIET = 0.0001
"""Exponential ramps cannot start or end at 0; this is silence for the ear."""


class Sound:
    """Plays blips when switched on; never raises (a page without audio just stays silent)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._context: Any = None
        self._broken = False

    def play(self, blip: Blip) -> None:
        """Play ``blip`` now, if sound is on."""
        if not self.enabled or self._broken:
            return
        try:
            context = self._audio()
            now = float(context.currentTime)
            for frequency, start, length in TONES[blip]:
                self._note(context, frequency, now + start, length)
        except Exception as error:  # no Web Audio, or the browser refused: stay silent
            self._broken = True
            window.console.warn(f"Yacht: sound effects are unavailable ({error})")

    def _audio(self) -> Any:
        if self._context is None:
            self._context = window.AudioContext.new()
        if str(self._context.state) == "suspended":
            self._context.resume()
        return self._context

    @staticmethod
    def _note(context: Any, frequency: float, start: float, length: float) -> None:
        oscillator = context.createOscillator()
        gain = context.createGain()
        oscillator.type = "triangle"
        oscillator.frequency.value = frequency
        # A 10 ms attack and an exponential fade: no click at either end.
        gain.gain.setValueAtTime(QUIET, start)
        gain.gain.exponentialRampToValueAtTime(VOLUME, start + 0.01)
        gain.gain.exponentialRampToValueAtTime(QUIET, start + length)
        oscillator.connect(gain)
        gain.connect(context.destination)
        oscillator.start(start)
        oscillator.stop(start + length + 0.02)
