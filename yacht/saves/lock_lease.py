"""When this tab holds the game's lock: for each change, and between changes while in use.

Every change to the stored game is made while the tab holds the game's Web Lock
(:mod:`yacht.saves.tab_turns`). Asking for it takes a round trip to the browser, and on a busy
page the grant comes only after the frame of the click that asked: a move made at its grant is
drawn a frame late. So the tab the player is using keeps the lock between changes — a lease —
and makes each change at once, in the task that asked for it.

The lease is handed over as soon as another tab wants the lock: every tab announces its request
on a channel the others listen to (and again while it waits, in case the holder missed it), and
the holder lets go after the change it is making. A tab out of sight lets go at once and asks
again when it is seen, so it never keeps a tab in use waiting.

:class:`LockLease` is the policy alone, over a :class:`LockPort` that does the asking,
announcing and letting go (the Web Locks API and a BroadcastChannel in the page; fakes in the
tests). Changes run in the order they were asked, each exactly once, and only while the lock
is held — or, where a browser has no Web Locks or refuses the request, at once (the revision
check of the save slot is then the only guard).
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Callable
from typing import Protocol

Change = Callable[[], None]
"""A change to the stored game: read, check and write it, then draw (synchronous)."""

WANTED = "wanted"
"""What a tab posts on the lock's channel (a BroadcastChannel named after the lock) before it
asks for the lock: whoever holds it lets go."""

REMIND_MS = 250
"""How often a waiting tab announces its request again (a holder may have missed the first)."""


class Phase(enum.Enum):
    """Where this tab stands with the game's lock."""

    FREE = "free"
    """Not held, not asked for."""
    ASKING = "asking"
    """Asked for; the changes asked meanwhile wait for the grant."""
    HELD = "held"
    """Held: a change asked now is made at once."""


class LockPort(Protocol):
    """What the lease does to the lock and the other tabs (the page: Web Locks and a channel)."""

    def request(self) -> None:
        """Ask for the lock; :meth:`LockLease.granted` or :meth:`LockLease.refused` follows."""

    def release(self) -> None:
        """Let the held lock go."""

    def announce(self) -> None:
        """Tell the other tabs this tab is waiting for the lock."""

    def after(self, delay_ms: int, then: Callable[[], None]) -> None:
        """Call ``then`` once, ``delay_ms`` from now."""


class LockLease:
    """Makes changes while this tab holds the game's lock, and keeps it while the tab is in use.

    ``port`` is None where the browser has no Web Locks: every change is then made at once.
    ``keeps`` says whether the lock may be kept between changes at all (it may not without a
    channel to hear other tabs ask on).
    """

    def __init__(self, port: LockPort | None, *, keeps: bool, in_use: bool) -> None:
        self._port = port
        self._keeps = keeps
        self._in_use = in_use
        self.phase = Phase.FREE
        self._waiting: deque[Change] = deque()
        self._draining = False
        self._handing_over = False
        """Another tab asked (or this one went out of sight) since this tab asked or got the
        lock: let it go once the changes in hand are made."""

    @property
    def locking(self) -> bool:
        """Whether changes are serialised across tabs (False: no Web Locks in this browser)."""
        return self._port is not None

    @property
    def waiting(self) -> int:
        """How many changes wait for the lock."""
        return len(self._waiting)

    # -- asked by the page ---------------------------------------------------------------------

    def run(self, change: Change) -> None:
        """Make ``change`` while this tab holds the lock: now if it is held, else at its grant."""
        if self._port is None:
            change()
            return
        self._waiting.append(change)
        if self.phase is Phase.HELD and not self._draining:
            self._drain()
        elif self.phase is Phase.FREE:
            self._ask()

    def in_use(self, used: bool) -> None:
        """The page was seen (``used``: shown, focused) or went out of sight (hidden, left).

        Seen, the tab asks for the lock ahead of its next change; out of sight, it lets go."""
        self._in_use = used
        if not used:
            self.wanted()
        elif self.phase is Phase.FREE and self._port is not None and self._keeps:
            self._ask()

    def wanted(self) -> None:
        """Another tab is waiting for the lock: hand it over after the change in hand."""
        if self.phase is Phase.FREE:
            return
        self._handing_over = True
        if self.phase is Phase.HELD and not self._draining:
            self._let_go()

    # -- told by the port ----------------------------------------------------------------------

    def granted(self) -> None:
        """The lock is this tab's: make the changes asked, then keep it or let it go."""
        self.phase = Phase.HELD
        self._drain()

    def refused(self) -> None:
        """The request failed (the page is closing, or the browser would not grant it): the
        changes asked are made without the lock rather than lost."""
        self.phase = Phase.FREE
        self._handing_over = False
        self._make_waiting()

    # -- inside --------------------------------------------------------------------------------

    def _ask(self) -> None:
        assert self._port is not None
        self.phase = Phase.ASKING
        self._handing_over = False
        self._port.announce()
        self._port.request()
        self._port.after(REMIND_MS, self._remind)

    def _remind(self) -> None:
        if self.phase is Phase.ASKING and self._port is not None:
            self._port.announce()
            self._port.after(REMIND_MS, self._remind)

    def _drain(self) -> None:
        self._draining = True
        try:
            self._make_waiting()
        finally:
            self._draining = False
            if self._handing_over or not (self._keeps and self._in_use):
                self._let_go()

    def _make_waiting(self) -> None:
        """Make every waiting change in order, those asked meanwhile too; a change that fails
        does not keep the others from being made (the first failure is raised after them)."""
        failure: Exception | None = None
        while self._waiting:
            try:
                self._waiting.popleft()()
            except Exception as error:
                failure = failure or error
        if failure is not None:
            raise failure

    def _let_go(self) -> None:
        assert self._port is not None
        self.phase = Phase.FREE
        self._handing_over = False
        self._port.release()
