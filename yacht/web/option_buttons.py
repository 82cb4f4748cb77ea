"""The scorecard's option buttons, kept across renders, and the keyboard's focus on them."""

from __future__ import annotations

from dataclasses import dataclass

from pyscript import document

from yacht.views.board import BoardView
from yacht.web.page import Element, create

CellKey = tuple[str, int]
"""A scorecard cell: its row's key and the seat of its column."""


@dataclass
class OptionButton:
    """A cell's option button (its texts are the render's writer's to track).

    The button is in its cell while the cell is an option, out of the page otherwise, and put
    back when the cell is an option again (the next turn, or after an undo). Updating one
    button in place, rather than building a new one whenever the points change, saves DOM
    work on every roll and keeps the keyboard focus on it while it stays an option.
    """

    button: Element
    shown: bool = False


class OptionButtons:
    """The option buttons of one scorecard, made at each cell's first option."""

    def __init__(self) -> None:
        self._buttons: dict[CellKey, OptionButton] = {}

    def get(self, key: CellKey) -> OptionButton | None:
        """The cell's button, if it was ever an option."""
        return self._buttons.get(key)

    def make(self, key: CellKey) -> OptionButton:
        """A new button for the cell (out of the page until shown)."""
        button = create("button", cls="option")
        button.type = "button"
        button.dataset.category = key[0]
        option = self._buttons[key] = OptionButton(button)
        return option

    def release_focus(self, view: BoardView) -> None:
        """Blur the button about to leave its cell, if it has the focus.

        The button just clicked has the focus, and when a focused element loses it (removed or
        blurred) the browser brings style and layout up to date on the spot. Blurred before
        the render writes anything, that update has nothing to do; removed amid the writes, it
        lays the page out once more (about a millisecond) on top of the layout after the click.
        """
        rows = {row.key: row for row in view.rows}
        leaving = [
            option.button
            for (row, seat), option in self._buttons.items()
            if option.shown and rows[row].cells[seat].kind != "option"
        ]
        if leaving:
            active = document.activeElement
            for button in leaving:
                if button == active:
                    button.blur()

    def focus_first(self, view: BoardView) -> None:
        """Focus the current player's first open category on the page (``view`` drawn)."""
        if view.current is None:
            return
        for row in view.rows:
            option = self._buttons.get((row.key, view.current))
            if option is not None and option.shown:
                option.button.focus()
                return
