"""The keyboard: every move and command of the board has a key (listed on the page).

R or Space rolls, 1 to 5 hold or release a die, U undoes, H asks for a hint, N starts a new
game; real dice take their faces from the digits (see :mod:`yacht.web.dice_entry`). Keys do
nothing while a dialog is open (Tab then keeps the focus inside it) or while typing in a field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from yacht.game.actions import Roll, Undo
from yacht.web.extras import Extras
from yacht.web.moves import Moves
from yacht.web.page import keep_focus_inside, key_is_tab, query

FIELDS = ("INPUT", "SELECT", "TEXTAREA")
"""Where keys are typing, not commands."""
PRESSABLE = ("BUTTON", "SUMMARY", "A")
"""Where Space presses the focused control instead of rolling."""


class Throws(Protocol):
    """The dice in flight, as Roll and the keys see them."""

    def dice_in_air(self) -> bool:
        """Whether the last throw's dice are still in the air."""

    def focus_on_landing(self) -> None:
        """After a roll by keyboard: once the dice land with no roll left, focus the scorecard."""


class Keyboard(Protocol):
    """What the keys command."""

    extras: Extras

    moves: Moves

    throws: Throws

    def hint(self) -> None:
        """Show the hint."""

    def open_setup(self) -> None:
        """Open the new-game dialog."""


def on_key(board: Keyboard, event: Any) -> None:
    """Handle a key press anywhere on the page."""
    if event.ctrlKey or event.metaKey or event.altKey or event.repeat:
        return
    dialog = query("dialog[open]")
    if dialog is not None:
        if key_is_tab(event):
            keep_focus_inside(dialog, event)
        return
    tag = str(event.target.tagName)
    if tag in FIELDS:
        return
    if board.extras.on_key(event):
        event.preventDefault()
        return
    command = _command(board, str(event.key), tag)
    if command is not None:
        command()
        event.preventDefault()


def _command(board: Keyboard, key: str, tag: str) -> Callable[[], None] | None:
    if key in ("1", "2", "3", "4", "5"):
        return lambda: board.moves.toggle(int(key) - 1)
    if key == " " and tag in PRESSABLE:
        return None
    commands: dict[str, Callable[[], None]] = {
        "r": lambda: roll_unless_airborne(board, by_keyboard=True),
        " ": lambda: roll_unless_airborne(board, by_keyboard=True),
        "u": lambda: board.moves.act(Undo()),
        "h": board.hint,
        "n": board.open_setup,
    }
    return commands.get(key.lower())


def roll_unless_airborne(board: Keyboard, *, by_keyboard: bool) -> None:
    """Roll, unless the last throw's dice are still in the air (then the key or click is
    ignored).

    While they fly Roll's airborne animation (static/yacht.css) makes it take no pointer, so a
    double click throws once; R pressed twice quickly throws once too, and with reduced motion
    the pause is the style sheet's shorter one (the renderer hears the animation end).
    """
    if by_keyboard:  # first: the roll may disable Roll, and the browser then blurs it
        board.throws.focus_on_landing()
    # Asked when the move is made, not at the key press: a second press can come before the
    # first roll is made (while another tab hands over the game's lock), and only then are the
    # dice in the air.
    board.moves.act_chosen(lambda: None if board.throws.dice_in_air() else Roll())
