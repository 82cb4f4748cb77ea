"""Computer players: their turns play out one visible step at a time.

Each step is one small decision (a hold, a roll, a scoring) run from a timer, so the page
stays responsive and people can watch the held dice before the roll.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import window

from yacht.game.actions import Action
from yacht.game.state import GameState
from yacht.web.page import Listen, by_id

# Milliseconds before each kind of step at normal speed; "faster" divides them.
PACE = {"hold": 350, "roll": 750, "score": 1100}
FASTER = 6


class ComputerTurns:
    """Plays the seats of computer players whenever it is their turn."""

    def __init__(self, current: Callable[[], GameState], act: Callable[[Action], None]) -> None:
        self._current = current
        self._act = act
        self._timer: Any = None
        self._chance = random.Random()
        self.faster = False

    def bind(self, on: Listen) -> None:
        """Listen to the "Faster" button."""
        on(by_id("faster"), "click", lambda _: self.toggle_faster())

    def wake(self) -> None:
        """Schedule the next step if a computer player is to move and none is scheduled."""
        state = self._current()
        if self._timer is not None or state.is_over or state.current_player.computer is None:
            return
        delay = self._delay(state)
        self._timer = window.setTimeout(create_once_callable(self._step), delay)

    def toggle_faster(self) -> None:
        """Speed the steps up, or back to their normal pace (the "Faster" button, pressed)."""
        self.faster = not self.faster
        by_id("faster").setAttribute("aria-pressed", "true" if self.faster else "false")

    def stop(self) -> None:
        """Cancel a scheduled step (a new game was started, another tab moved on)."""
        if self._timer is not None:
            window.clearTimeout(self._timer)
            self._timer = None

    def _delay(self, state: GameState) -> int:
        kind = "roll" if state.dice is None else "hold" if state.rolls < 3 else "score"
        pace = PACE[kind]
        return pace // FASTER if self.faster else pace

    def _step(self, *_: object) -> None:
        from yacht.strategy import choose_action

        self._timer = None
        state = self._current()
        level = state.current_player.computer
        if state.is_over or level is None:
            return
        seeded = random.Random(state.seed) if state.seed is not None else self._chance
        # The controller applies it like any move, then wakes us for the next step.
        self._act(choose_action(state, level, seeded))
