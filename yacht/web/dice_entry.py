"""Real dice: the panel where the player enters the five faces they threw.

Faces can be tapped (buttons 1 to 6), typed into the field ("44451", spaces allowed), or, away
from any field, pressed as keys 1 to 6 (Backspace takes one back, Enter, R or Space enters the
throw). Entering counts as a roll; the scorecard then previews and scores exactly as with the
page's own dice.
"""

from __future__ import annotations

from typing import Any

from yacht.errors import InvalidDiceError
from yacht.game.actions import EnterDice
from yacht.game.faces import add_face, parse_faces
from yacht.game.state import GameState
from yacht.web.hooks import Hooks
from yacht.web.page import Writer, by_id, closest

ENTER_KEYS = ("Enter", "r", "R", " ")


class DiceEntry:
    """Shows the entry panel in a real-dice game (and hides the Roll button there)."""

    def __init__(self, hooks: Hooks) -> None:
        self._hooks = hooks
        self._write = Writer()
        self._form = by_id("dice-entry")
        self._input = by_id("faces-input")
        self._roll = by_id("roll")
        controls = self._form.querySelectorAll("button, input")
        self._controls = [controls.item(i) for i in range(controls.length)]

    def bind(self) -> None:
        """Listen to the panel's controls."""
        on = self._hooks.on
        on(self._form, "submit", self._on_submit)
        on(by_id("face-picks"), "click", self._on_pick)
        on(by_id("faces-clear"), "click", lambda _: self._set(""))

    def render(self, state: GameState) -> None:
        """Show the panel for a real-dice game, usable while the turn has throws left."""
        real = state.real_dice
        self._write.flag(self._form, "hidden", not real)
        self._write.flag(self._roll, "hidden", real)
        usable = real and not state.is_over and state.rolls_left > 0
        for control in self._controls:
            self._write.flag(control, "disabled", not usable)
        if not usable and self._input.value:  # most renders: nothing to clear, nothing to write
            self._set("")

    def focus(self) -> bool:
        """Put the focus in the faces field (in a real-dice game); whether it did."""
        if not self._hooks.state().real_dice:
            return False
        self._input.focus()
        return True

    def on_key(self, key: str, tag: str) -> bool:
        """Handle a key pressed away from any field in a real-dice game; whether it was used."""
        if not self._hooks.state().real_dice:
            return False
        if key in ("1", "2", "3", "4", "5", "6"):
            self._set(add_face(str(self._input.value), int(key)))
        elif key == "Backspace":
            self._set(str(self._input.value)[:-1])
        elif key in ENTER_KEYS and tag not in ("BUTTON", "SUMMARY", "A"):
            self._enter()
        else:
            return False
        return True

    def _on_submit(self, event: Any) -> None:
        event.preventDefault()
        self._enter()

    def _on_pick(self, event: Any) -> None:
        button = closest(event.target, "button[data-face]")
        if button is not None and not button.disabled:
            self._set(add_face(str(self._input.value), int(button.dataset.face)))

    def _set(self, text: str) -> None:
        self._input.value = text

    def _enter(self) -> None:
        tr = self._hooks.tr()
        try:
            faces = parse_faces(str(self._input.value))
        except InvalidDiceError:
            self._hooks.tell(
                tr.gettext("Enter the five faces you threw, each from 1 to 6 (for example 44451).")
            )
            return
        before = self._hooks.state()
        self._hooks.act(EnterDice(faces))

        def clear_if_entered() -> None:
            if self._hooks.state() is not before:
                self._set("")

        self._hooks.after_moves(clear_if_entered)
