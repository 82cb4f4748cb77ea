"""The board's own controls wired to the App: Roll, Undo, Hint, the dice, the scorecard's
options, New game, the language menu and the keyboard.

The dialogs, the other tabs and the computer players' "Faster" wire their own controls (``bind``
in their modules).
"""

from __future__ import annotations

from typing import Any, Protocol

from pyscript import document, window

from yacht.game.actions import Undo
from yacht.rules.categories import Category
from yacht.web.keys import Keyboard, on_key, roll_unless_airborne
from yacht.web.page import Listen, by_id, closest


class Board(Keyboard, Protocol):
    """What the board's controls command."""

    def switch_language(self, language: str) -> None:
        """Redraw the page in ``language``."""


# A press on a score option leaves the focus where it was (a listener in JavaScript: nothing
# crosses into Python at the press). The option leaves its cell as the score is written, and a
# focused element leaving makes the browser bring style and layout up to date on the spot, in
# the click: about a millisecond of a score here. Tab and the keys still focus an option, and
# the click still scores.
_PRESS_KEEPS_FOCUS = """
if (event.target instanceof Element && event.target.closest("button.option")) {
  event.preventDefault();
}
"""


def bind_board(board: Board, on: Listen) -> None:
    """Listen to every control of the board."""
    # `new Function` needs 'unsafe-eval', which PyScript needs too (see batched_writes).
    by_id("scorecard").addEventListener(
        "mousedown", window.Function.new("event", _PRESS_KEEPS_FOCUS)
    )
    # A click that Enter or Space made on the focused button counts no presses (detail 0).
    on(
        by_id("roll"),
        "click",
        lambda event: roll_unless_airborne(board, by_keyboard=event.detail == 0),
    )
    on(by_id("undo"), "click", lambda _: board.moves.act(Undo()))
    on(by_id("hint"), "click", lambda _: board.hint())
    on(by_id("dice"), "click", lambda event: _on_die_click(board, event))
    on(by_id("scorecard"), "click", lambda event: _on_scorecard_click(board, event))
    on(by_id("new-game"), "click", lambda _: board.open_setup())
    on(by_id("language"), "change", lambda event: board.switch_language(event.target.value))
    on(document, "keydown", lambda event: on_key(board, event))


def _on_die_click(board: Board, event: Any) -> None:
    die = closest(event.target, ".die")
    if die is not None and not die.disabled:
        board.moves.toggle(int(die.dataset.index))


def _on_scorecard_click(board: Board, event: Any) -> None:
    button = closest(event.target, "button.option")
    if button is not None:
        # Asks first when the score would be a wasted 0; focus then moves to the next roll.
        board.extras.score(Category(button.dataset.category))
