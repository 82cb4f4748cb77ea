"""One change to the stored game at a time, across every tab of the site (the Web Locks API).

localStorage is shared by the tabs but not transactional: each tab sees the others' writes a
few milliseconds late, so two tabs moving at once could both read revision 4, both write
revision 5, and the last write would silently win. Every move and every new game therefore
runs inside ``navigator.locks.request("yacht:game", …)``: the stored game is read, checked
(:func:`yacht.saves.tab_turns.on_move`) and written, and only then drawn, while no other tab
can write. Requests are granted in the order they were made, so the moves of one tab keep
their order too.

The tab in use keeps the lock between moves and hands it over when another tab asks
(:mod:`yacht.saves.lock_lease`: the policy; this module: the Web Locks API, the channel the
tabs ask on, and the page being seen or hidden). So a click's move is made and drawn in the
click's own task, never a frame later at a grant; and it is still never shown before it is
known to be stored (or refused, with a notice saying why).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import document, window

from yacht.game.state import GameState
from yacht.i18n import Translator
from yacht.saves.game_record import SavedGame
from yacht.saves.keys import GAME_KEY
from yacht.saves.lock_lease import WANTED, LockLease
from yacht.saves.slots import Event, GameSlot, Notice
from yacht.saves.tab_turns import GAME_LOCK, Outcome, TabTurns, Verdict
from yacht.views.save_notices import overwritten_by_another_tab, updated_from_another_tab
from yacht.web.notices import Notices
from yacht.web.page import Listen, or_none

Guard = Callable[[Callable[[], None]], Callable[[], None]]
"""Wraps a callable in the page's error boundary."""


class _PageLock:
    """The lease's port in the page: the game's Web Lock and the channel the tabs ask on."""

    def __init__(self, locks: Any, channel: Any, guarded: Guard) -> None:
        self._locks = locks
        self._channel = channel
        self._guarded = guarded
        self._release: Any = None
        self.lease: LockLease | None = None

    def request(self) -> None:
        granted = False

        def hold(_lock: Any) -> Any:
            nonlocal granted
            granted = True
            # Held until this promise resolves (release()); its executor runs at once, so a
            # lease that lets go straight after its changes finds the resolver already set.
            held = window.Promise.new(
                create_once_callable(lambda resolve, _reject: setattr(self, "_release", resolve))
            )
            self._guarded(self._lease().granted)()
            return held

        def failed(reason: Any) -> None:
            window.console.warn(f"Yacht: the game's lock was not granted: {reason}")
            if not granted:  # a request the browser refused: the changes asked are made anyway
                self._guarded(self._lease().refused)()

        request = self._locks.request(GAME_LOCK, create_once_callable(hold))
        request.catch(create_once_callable(failed))

    def release(self) -> None:
        release, self._release = self._release, None
        if release is not None:
            release()

    def announce(self) -> None:
        if self._channel is not None:
            self._channel.postMessage(WANTED)

    def after(self, delay_ms: int, then: Callable[[], None]) -> None:
        window.setTimeout(create_once_callable(self._guarded(then)), delay_ms)

    def _lease(self) -> LockLease:
        assert self.lease is not None
        return self.lease


def _seen() -> bool:
    return str(document.visibilityState) == "visible"


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
        locks: Any = or_none(getattr(window.navigator, "locks", None))
        # Without a channel this tab would never hear another ask: it then keeps no lease.
        channel: Any = None
        if locks is not None and or_none(getattr(window, "BroadcastChannel", None)) is not None:
            channel = window.BroadcastChannel.new(GAME_LOCK)
        self._page_lock = None if locks is None else _PageLock(locks, channel, self._guarded)
        self._channel = channel
        self._lease = LockLease(self._page_lock, keeps=channel is not None, in_use=_seen())
        if self._page_lock is not None:
            self._page_lock.lease = self._lease

    @property
    def locking(self) -> bool:
        """Whether changes are serialised across tabs (False: this browser has no Web Locks)."""
        return self._lease.locking

    def start(self, on: Listen) -> None:
        """Hear other tabs ask for the lock, follow the page being seen or hidden, and ask for
        the lock ahead of the first move when the page is seen."""
        if self._channel is not None:
            on(self._channel, "message", self._heard_asking)
        on(document, "visibilitychange", lambda _: self._lease.in_use(_seen()))
        on(window, "pagehide", lambda _: self._lease.in_use(False))
        for seen in ("pageshow", "focus"):
            on(window, seen, lambda _: self._lease.in_use(_seen()))
        self._lease.in_use(_seen())

    def run(self, change: Callable[[], None]) -> None:
        """Run ``change`` while this tab alone holds the game's lock: at once when it does (or
        the browser has no Web Locks), else when it is granted."""
        self._lease.run(self._guarded(change))

    def _heard_asking(self, event: Any) -> None:
        if str(event.data) == WANTED:
            self._lease.wanted()

    def _guarded(self, action: Callable[[], None]) -> Callable[[], None]:
        guarded = self._notices.guarded(lambda _event: action())
        return lambda: guarded(None)

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
