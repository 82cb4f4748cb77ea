"""The dice that make a score, shown while its option is pointed at or focused.

A player wondering what an option counts sees it on the dice: those that make its score stay
bright, the others fade (all of them for a 0). The style sheet does the fading from one
attribute of the dice's group, ``data-counted``: the indices of the bright dice.
"""

from __future__ import annotations

from typing import Any

from yacht.game.state import GameState
from yacht.rules.categories import Category
from yacht.views.board import dice_counted
from yacht.web.batched_writes import BatchedWriter
from yacht.web.hooks import Hooks
from yacht.web.page import by_id, closest


class ScorePreview:
    """The option under the pointer or the keyboard's focus, and its dice on the page."""

    def __init__(self, hooks: Hooks) -> None:
        self._hooks = hooks
        self._category: Category | None = None
        self._dice = by_id("dice")
        self._write = BatchedWriter()

    def bind(self) -> None:
        """Follow the pointer and the focus over the scorecard's options."""
        on, scorecard = self._hooks.on, by_id("scorecard")
        # A finger does not hover: over an option it is about to score it, or scrolling past,
        # and the dice would flicker. Touch shows no preview.
        on(scorecard, "pointerover", lambda event: self._point(event, event.target))
        on(scorecard, "pointerout", lambda event: self._point(event, event.relatedTarget))
        on(scorecard, "focusin", lambda event: self._reach(event.target))
        on(scorecard, "focusout", lambda event: self._reach(event.relatedTarget))

    def render(self, state: GameState) -> None:
        """Show the preview for ``state``, the game on the board now (a throw with the focus
        left on an option changes the dice; a score fills the category, which ends it)."""
        category = self._category
        counted = None if category is None else dice_counted(state, category)
        indices = None if counted is None else "".join(str(i) for i, c in enumerate(counted) if c)
        self._write.attr(self._dice, "data-counted", indices)  # written only when it changes
        self._write.flush()

    def _point(self, event: Any, element: Any) -> None:
        """A mouse or a pen is now on ``element`` (None: off the page); a finger is ignored."""
        if event.pointerType != "touch":
            self._reach(element)

    def _reach(self, element: Any) -> None:
        """The pointer or the focus is now on ``element`` (None: off the page)."""
        button = closest(element, "button.option")
        self._category = None if button is None else Category(button.dataset.category)
        self.render(self._hooks.state())
