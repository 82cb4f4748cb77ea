"""One change to the stored game at a time, across every tab of the site (the Web Locks API).

localStorage is shared by the tabs but not transactional: each tab sees the others' writes a
few milliseconds late, so two tabs moving at once could both read revision 4, both write
revision 5, and the last write would silently win. Every move and every new game therefore
runs inside ``navigator.locks.request("yacht:game", …)``: the stored game is read, checked
(:func:`yacht.saves.tab_turns.on_move`) and written, and only then drawn, while no other tab
can write. Requests are granted in the order they were made, so the moves of one tab keep
their order too.

The lock is granted asynchronously: about a millisecond after it is asked for when no other tab
holds it, but on a busy page only after the browser has drawn the click's frame, so a move asked
at its click would be drawn a frame late. A press on the board (``pointerdown``) therefore asks
for the lock at once (:meth:`GameLock.ready`) and holds it until the press ends: the click that
ends the press finds it held and makes its move in its own task. Either way a move is made and
drawn while this tab holds the lock, so it is never shown before it is known to be stored (or
refused, with a notice saying why).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
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

PRESS_HELD_MS = 3000
"""The longest a press holds the lock for the click it may end in (a press left resting)."""
CLICK_AFTER_PRESS_MS = 250
"""How long after a press ends its click may still come (a tap's click follows its touchend)."""


@dataclass
class _Press:
    """A press on the board, holding the game's lock ready for its click."""

    ended: bool = False
    """The press ended (or timed out): the lock goes as soon as it is granted."""
    release: Any = None
    """While the lock is held: the function that lets it go (the grant's promise resolving)."""


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
        self._press: _Press | None = None

    @property
    def locking(self) -> bool:
        """Whether changes are serialised across tabs (False: this browser has no Web Locks)."""
        return self._locks is not None

    def run(self, change: Callable[[], None]) -> None:
        """Run ``change`` while this tab alone holds the game's lock (at once without locks)."""
        guarded = self._notices.guarded(lambda _lock: change())
        press = self._press
        if self._locks is None:
            guarded(None)
        elif press is not None and press.release is not None:
            # The press's lock is held: the move is made now, in the click's own task.
            try:
                guarded(None)
            finally:
                self._let_go(press)
        else:
            # A press not granted yet lets the lock go as soon as it is; the change asks for
            # its own, granted next, so it never depends on the press's request.
            if press is not None:
                self._end(press)
            # ``change`` is synchronous (localStorage is), so the lock is released as it returns.
            self._request(guarded)

    def ready(self) -> None:
        """A press on the board began: ask for the lock now, for the move its click may make.

        Held until that move is made, or the press ends without one (:meth:`press_ended`), or
        after :data:`PRESS_HELD_MS` at most; other tabs wait for it no longer than that."""
        if self._locks is None or self._press is not None:
            return
        press = self._press = _Press()
        self._request(lambda _lock: self._granted(press))
        self._after(PRESS_HELD_MS, lambda: self._end(press))

    def press_ended(self) -> None:
        """The press is over (``pointerup``, ``pointercancel``): its click, if any, is near."""
        press = self._press
        if press is not None:
            self._after(CLICK_AFTER_PRESS_MS, lambda: self._end(press))

    def _granted(self, press: _Press) -> Any:
        if press.ended:
            return None  # the lock goes at once
        try:
            # Held until the grant's promise resolves: the click's move, or the end of the press.
            return window.Promise.new(
                create_once_callable(lambda resolve, _reject: setattr(press, "release", resolve))
            )
        except Exception:
            self._end(press)
            raise

    def _end(self, press: _Press) -> None:
        press.ended = True
        self._let_go(press)  # or, not granted yet, the grant lets the lock go at once

    def _let_go(self, press: _Press) -> None:
        if self._press is press:
            self._press = None
        release, press.release = press.release, None
        if release is not None:
            release()

    def _request(self, granted: Callable[[Any], Any]) -> None:
        request = self._locks.request(GAME_LOCK, create_once_callable(granted))
        request.catch(create_once_callable(_lock_failed))

    def _after(self, delay_ms: int, then: Callable[[], None]) -> None:
        window.setTimeout(
            create_once_callable(self._notices.guarded(lambda _event: then())), delay_ms
        )

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
