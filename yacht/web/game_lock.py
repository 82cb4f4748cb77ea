"""One change to the stored game at a time, across every tab of the site (the Web Locks API).

localStorage is shared by the tabs but not transactional: each tab sees the others' writes a
few milliseconds late, so two tabs moving at once could both read revision 4, both write
revision 5, and the last write would silently win. Every move and every new game therefore
runs inside ``navigator.locks.request("yacht:game", …)``: the stored game is read, checked
(:func:`yacht.saves.tab_turns.on_move`) and written, and only then drawn, while no other tab
can write. Requests are granted in the order they were made, so the moves of one tab keep
their order too.

The lock is granted asynchronously, a fraction of a millisecond after the click when no other
tab holds it; the move is made and drawn in the grant, so a move is never shown before it is
known to be stored (or refused, with a notice saying why).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import window

from yacht.game.state import GameState
from yacht.i18n import Translator
from yacht.saves.game_record import SavedGame
from yacht.saves.keys import GAME_KEY
from yacht.saves.slots import Event, GameSlot, Notice
from yacht.saves.tab_turns import GAME_LOCK, Outcome, TabTurns, Verdict
from yacht.views.save_notices import overwritten_by_another_tab, updated_from_another_tab
from yacht.web.notices import Notices
from yacht.web.page import or_none


class GameLock:
    """Runs changes to the stored game one at a time, and shows what other tabs did."""

    def __init__(
        self,
        games: GameSlot,
        notices: Notices,
        adopt: Callable[[SavedGame], None],
        tr: Callable[[], Translator],
    ) -> None:
        self.turns = TabTurns(games)
        self._notices = notices
        self._adopt = adopt
        self._tr = tr
        # Web Locks exist only in secure contexts (https, localhost) of browsers since 2022.
        # Without them, a change runs at once, as the game did before it had the lock: the
        # revision check of the save slot and tab_turns.on_news are then the only guard, and a
        # move lost to a tab acting in the same few milliseconds is told rather than prevented.
        self._locks: Any = or_none(getattr(window.navigator, "locks", None))

    @property
    def locking(self) -> bool:
        """Whether changes are serialised across tabs (False: this browser has no Web Locks)."""
        return self._locks is not None

    def run(self, change: Callable[[], None]) -> None:
        """Run ``change`` while this tab alone holds the game's lock (at once without locks)."""
        guarded = self._notices.guarded(lambda _lock: change())
        if self._locks is None:
            guarded(None)
            return
        # ``change`` is synchronous (localStorage is), so the lock is released as it returns.
        request = self._locks.request(GAME_LOCK, create_once_callable(guarded))
        request.catch(create_once_callable(_lock_failed))

    def admits(self, asked: int, *, tell: bool) -> bool:
        """Inside the lock: whether a move asked when ``turns.followed`` was ``asked`` may be
        stored. If not, the stored game is shown instead and, when ``tell``, the player is told
        on screen that the move was not made (a computer's move is dropped without a word)."""
        outcome = self.turns.admit(asked)
        if outcome.verdict is Verdict.APPLY:
            return True
        self._show(outcome)
        if tell:
            self._notices.note([Notice(Event.MOVED_ON, GAME_KEY)])
        return False

    def heard(self, shown: GameState) -> None:
        """Another tab wrote the stored game: follow it, on screen if it cost this tab a move."""
        outcome = self.turns.news(shown)
        self._show(outcome)
        tr = self._tr()
        if outcome.verdict is Verdict.OVERWRITTEN:
            self._notices.tell(overwritten_by_another_tab(tr))
        elif outcome.verdict is Verdict.ADOPT:
            self._notices.announce(updated_from_another_tab(tr))

    def _show(self, outcome: Outcome) -> None:
        self._notices.note(outcome.notices)
        if outcome.newer is not None:
            self._adopt(outcome.newer)  # which calls turns.follow()


def _lock_failed(reason: Any) -> None:
    # The grant's own errors are caught inside it; this is the lock request itself failing
    # (the page being closed while it waits, for one).
    window.console.warn(f"Yacht: the game's lock was not granted: {reason}")
