"""Moves on the page: every player's and computer's move, made once this tab holds the game's
lock (:mod:`yacht.web.game_lock`), through the one reducer, then saved, drawn and shown.

A move is asked at the click and made at the lock's grant, a moment later; what it acts on
(which die a click holds or releases) is chosen at the grant, on the board as it then stands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from yacht.errors import IllegalActionError
from yacht.game.actions import Action, Hold, Release
from yacht.i18n import Translator
from yacht.session.session import Session, Step, step
from yacht.views.messages import explain
from yacht.web.game_lock import GameLock
from yacht.web.notices import Notices


class Table(Protocol):
    """The page's game, as the moves see it."""

    @property
    def session(self) -> Session:
        """The session on the page."""

    @property
    def tr(self) -> Translator:
        """The translator of the page's language."""

    def commit(self, session: Session) -> bool:
        """Show and save ``session``; False when another tab's newer game is shown instead."""

    def shown(self, moved: Step) -> None:
        """Show what ``moved`` did (sounds, announcements, the game recorded at its end)."""

    def wake_computer(self) -> None:
        """Let a computer player move if it has the dice."""


class Moves:
    """Asks for the game's lock for each move, and makes it when the lock is granted."""

    def __init__(self, table: Table, lock: GameLock, notices: Notices) -> None:
        self._table = table
        self._lock = lock
        self._notices = notices

    def act(self, action: Action, *, by_computer: bool = False) -> None:
        """Make ``action`` once this tab holds the game's lock; an illegal one is explained and
        changes nothing, one asked on a board another tab moved on is refused."""
        self.act_chosen(lambda: action, by_computer=by_computer)

    def toggle(self, index: int) -> None:
        """Hold the die at ``index``, or take it back into the roll."""

        def choose() -> Action | None:
            # Chosen in the lock's grant: a second quick click then releases what the first held.
            held = self._table.session.game.held
            if not 0 <= index < len(held):
                return None
            return Release(index) if held[index] else Hold(index)

        self.act_chosen(choose, by_computer=False)

    def computers_turn(self) -> bool:
        """True (and the player told so) while a computer player has the dice."""
        game = self._table.session.game
        if game.is_over or game.current_player.computer is None:
            return False
        self._notices.tell(
            self._table.tr.gettext("Please wait: the computer is playing this turn.")
        )
        return True

    def act_chosen(self, choose: Callable[[], Action | None], *, by_computer: bool = False) -> None:
        """Make the move ``choose`` picks when the lock is granted (None: no move after all)."""
        asked = self._lock.turns.followed
        self._lock.run(lambda: self._make(choose, asked, by_computer))

    def _make(self, choose: Callable[[], Action | None], asked: int, by_computer: bool) -> None:
        if not by_computer and self.computers_turn():
            return
        if not self._lock.admits(asked, tell=not by_computer):
            self._table.wake_computer()
            return
        action = choose()
        if action is None:
            return
        try:
            moved = step(self._table.session, action)
        except IllegalActionError as error:
            self._notices.tell(explain(error, self._table.tr))
            return
        if not self._table.commit(moved.session):
            return  # the move was dropped for another tab's newer game: nothing to show
        self._table.shown(moved)
        self._table.wake_computer()
