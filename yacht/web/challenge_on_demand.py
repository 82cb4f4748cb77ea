"""Challenging a friend, loaded when first needed.

Drawing the board needs none of the challenge's modules (links, the book of challenges,
replays, comparisons, their words), so they load once the page is idle after start-up, or at
once when the address holds a challenge link or the player asks for a challenge first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pyscript import window

from yacht.game.state import GameState
from yacht.session.session import Step
from yacht.web.challenge_address import link_in_address
from yacht.web.hooks import Hooks
from yacht.web.page import by_id

if TYPE_CHECKING:
    from yacht.web.challenge_view import ChallengeView


class ChallengeOnDemand:
    """Stands in for :class:`~yacht.web.challenge_view.ChallengeView` until it is loaded."""

    def __init__(self, hooks: Hooks) -> None:
        self._hooks = hooks
        self._view: ChallengeView | None = None

    def bind(self) -> None:
        """Load at once for a link in the address; else listen for what needs it first."""
        if link_in_address() is not None:
            self.view()
            return
        # Once loaded, the view listens to these itself (a listener added while an event is
        # dispatched is not called for that event, so the first one is handled once).
        self._hooks.on(by_id("challenge"), "click", lambda _: self._first(lambda v: v.open()))
        self._hooks.on(window, "hashchange", lambda _: self._on_hash_change())
        self._hooks.later(self.view)

    def view(self) -> ChallengeView:
        """The challenge view, loaded and listening."""
        if self._view is None:
            from yacht.web.challenge_view import ChallengeView

            self._view = ChallengeView(self._hooks)
            self._view.bind()  # opens a link the address holds
        return self._view

    def _first(self, command: Callable[[ChallengeView], None]) -> None:
        if self._view is None:
            command(self.view())

    def _on_hash_change(self) -> None:
        if self._view is None and link_in_address() is not None:
            self.view()

    # -- what Extras forwards --------------------------------------------------------------

    def after_step(self, moved: Step) -> None:
        """Keep the moves of a solo game (see ChallengeView.after_step)."""
        self.view().after_step(moved)

    def game_over(self, state: GameState) -> None:
        """Offer the challenge in the game-over dialog."""
        self.view().game_over(state)

    def retranslate(self) -> None:
        """After the language changed (nothing to redo before the view is loaded)."""
        if self._view is not None:
            self._view.retranslate()
