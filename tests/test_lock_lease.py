"""The lease on the game's lock: changes made at once while the tab holds it, in order, exactly
once, never while another tab holds it; the lock handed over when another tab asks, let go when
the tab is out of sight, and every change made in the end however the browser orders things.

``Browser`` stands in for the Web Locks API (one lock, granted first come first served, each
request reaching it and each grant reaching its tab as a task of its own), the channel between
the tabs (each announcement a task of its own in every other tab) and the clock.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from yacht.saves.lock_lease import REMIND_MS, LockLease, Phase


class Browser:
    """One lock, the tabs of one site, and the tasks waiting to run in them."""

    def __init__(self) -> None:
        self.holder: Tab | None = None
        self.requests: deque[Tab] = deque()
        self.tasks: list[Callable[[], None]] = []
        self.timers: list[tuple[int, Callable[[], None]]] = []
        self.now = 0
        self.tabs: list[Tab] = []

    def tab(self, *, in_use: bool = True, keeps: bool = True) -> Tab:
        tab = Tab(self, in_use=in_use, keeps=keeps)
        self.tabs.append(tab)
        return tab

    def grant(self) -> None:
        if self.holder is None and self.requests:
            tab = self.holder = self.requests.popleft()
            self.tasks.append(tab.lease.granted)

    def run_tasks(self) -> None:
        while self.tasks:
            self.tasks.pop(0)()

    def tick(self, ms: int = REMIND_MS) -> None:
        self.now += ms
        due = [then for at, then in self.timers if at <= self.now]
        self.timers = [(at, then) for at, then in self.timers if at > self.now]
        for then in due:
            then()


class Tab:
    """One tab: its lease, over the browser's lock and channel."""

    def __init__(self, browser: Browser, *, in_use: bool, keeps: bool) -> None:
        self.browser = browser
        self.lease = LockLease(self, keeps=keeps, in_use=in_use)
        self.made: list[int] = []
        self.announced = 0
        self.requested = 0

    def change(self, number: int) -> Callable[[], None]:
        def make() -> None:
            assert self.browser.holder is self, f"change {number} made without the lock"
            self.made.append(number)

        return make

    # LockPort
    def request(self) -> None:
        # The request reaches the browser in a task of its own: an announcement sent just
        # before it can be heard before the request is queued (and another tab served first).
        self.requested += 1

        def reach() -> None:
            self.browser.requests.append(self)
            self.browser.grant()

        self.browser.tasks.append(reach)

    def release(self) -> None:
        assert self.browser.holder is self
        self.browser.holder = None
        self.browser.grant()

    def announce(self) -> None:
        self.announced += 1
        for other in self.browser.tabs:
            if other is not self:
                self.browser.tasks.append(other.lease.wanted)

    def after(self, delay_ms: int, then: Callable[[], None]) -> None:
        self.browser.timers.append((self.browser.now + delay_ms, then))


# -- one tab -----------------------------------------------------------------------------------


def test_without_web_locks_a_change_is_made_at_once() -> None:
    made: list[int] = []
    lease = LockLease(None, keeps=True, in_use=True)
    lease.run(lambda: made.append(1))
    assert made == [1]
    assert lease.phase is Phase.FREE
    assert not lease.locking


def test_the_first_change_waits_for_the_grant_and_the_next_is_made_at_once() -> None:
    browser = Browser()
    tab = browser.tab()
    tab.lease.run(tab.change(1))
    assert tab.made == []
    assert tab.lease.phase is Phase.ASKING
    assert tab.lease.waiting == 1
    browser.run_tasks()
    assert tab.made == [1]
    assert tab.lease.phase is Phase.HELD  # kept: the tab is in use
    tab.lease.run(tab.change(2))
    assert tab.made == [1, 2]  # in the task that asked, no new request
    assert tab.requested == 1


def test_a_tab_not_in_use_lets_the_lock_go_after_each_change() -> None:
    browser = Browser()
    tab = browser.tab(in_use=False)
    tab.lease.run(tab.change(1))
    browser.run_tasks()
    assert tab.made == [1]
    assert tab.lease.phase is Phase.FREE
    assert browser.holder is None


def test_without_a_channel_the_lock_is_never_kept() -> None:
    browser = Browser()
    tab = browser.tab(keeps=False)
    tab.lease.in_use(True)
    assert tab.requested == 0  # no asking ahead either
    tab.lease.run(tab.change(1))
    browser.run_tasks()
    assert tab.made == [1]
    assert browser.holder is None


def test_changes_asked_while_waiting_are_made_in_order_at_the_grant() -> None:
    browser = Browser()
    tab = browser.tab()
    for number in (1, 2, 3):
        tab.lease.run(tab.change(number))
    assert tab.requested == 1
    browser.run_tasks()
    assert tab.made == [1, 2, 3]


def test_a_change_asked_by_a_change_is_made_after_those_asked_before_it() -> None:
    browser = Browser()
    tab = browser.tab()

    def first() -> None:
        tab.change(1)()
        tab.lease.run(tab.change(3))

    tab.lease.run(first)
    tab.lease.run(tab.change(2))
    browser.run_tasks()
    assert tab.made == [1, 2, 3]


def test_a_failing_change_does_not_stop_the_others_and_the_lock_is_still_kept() -> None:
    browser = Browser()
    tab = browser.tab()

    def fails() -> None:
        raise RuntimeError("boom")

    tab.lease.run(tab.change(1))
    tab.lease.run(fails)
    tab.lease.run(tab.change(2))
    with pytest.raises(RuntimeError, match="boom"):
        browser.run_tasks()
    assert tab.made == [1, 2]
    assert tab.lease.phase is Phase.HELD
    tab.lease.run(tab.change(3))
    assert tab.made == [1, 2, 3]


def test_a_refused_request_makes_the_waiting_changes_without_the_lock() -> None:
    made: list[int] = []

    class Refusing:
        def request(self) -> None:
            pass

        def release(self) -> None:
            raise AssertionError("nothing to let go")

        def announce(self) -> None:
            pass

        def after(self, delay_ms: int, then: Callable[[], None]) -> None:
            pass

    lease = LockLease(Refusing(), keeps=True, in_use=True)
    lease.run(lambda: made.append(1))
    lease.run(lambda: made.append(2))
    lease.refused()
    assert made == [1, 2]
    assert lease.phase is Phase.FREE
    lease.run(lambda: made.append(3))
    assert lease.phase is Phase.ASKING  # asks again for the next one


# -- out of sight and back ------------------------------------------------------------------------


def test_a_hidden_tab_lets_go_and_asks_again_when_seen() -> None:
    browser = Browser()
    tab = browser.tab()
    tab.lease.run(tab.change(1))
    browser.run_tasks()
    tab.lease.in_use(False)
    assert browser.holder is None
    assert tab.lease.phase is Phase.FREE
    tab.lease.in_use(True)  # asks ahead of the next change
    assert tab.lease.phase is Phase.ASKING
    browser.run_tasks()
    assert tab.lease.phase is Phase.HELD
    tab.lease.run(tab.change(2))
    assert tab.made == [1, 2]


def test_a_tab_hidden_while_asking_lets_go_after_its_changes() -> None:
    browser = Browser()
    tab = browser.tab()
    tab.lease.run(tab.change(1))
    tab.lease.in_use(False)
    browser.run_tasks()
    assert tab.made == [1]
    assert browser.holder is None


# -- two tabs ------------------------------------------------------------------------------------


def test_the_holder_hands_the_lock_over_when_another_tab_asks() -> None:
    browser = Browser()
    first, second = browser.tab(), browser.tab()
    first.lease.run(first.change(1))
    browser.run_tasks()
    assert browser.holder is first
    second.lease.run(second.change(2))
    assert second.made == []  # waits: the first tab holds the lock
    browser.run_tasks()  # the announcement reaches the first tab, which lets go
    assert second.made == [2]
    assert browser.holder is second
    assert first.lease.phase is Phase.FREE
    first.lease.run(first.change(3))
    browser.run_tasks()
    assert first.made == [1, 3]
    assert browser.holder is first


def test_a_tab_asking_while_another_waits_for_its_grant_hands_over_after_its_changes() -> None:
    browser = Browser()
    first, second = browser.tab(), browser.tab()
    first.lease.run(first.change(1))  # asking, the grant not yet delivered
    second.lease.run(second.change(2))
    browser.run_tasks()
    assert first.made == [1]
    assert second.made == [2]
    assert first.lease.phase is Phase.FREE


def test_a_missed_announcement_is_repeated_until_the_holder_hands_over() -> None:
    browser = Browser()
    first, second = browser.tab(), browser.tab()
    first.lease.run(first.change(1))
    browser.run_tasks()
    second.lease.run(second.change(2))
    browser.tasks.remove(first.lease.wanted)  # the first announcement is lost
    assert second.made == []
    browser.tick()
    browser.run_tasks()
    assert second.made == [2]
    reminders = second.announced
    browser.tick()
    browser.tick()
    assert second.announced == reminders  # no more once granted


# -- any order of events ------------------------------------------------------------------------


class TabsAtTheLock(RuleBasedStateMachine):
    """Two tabs asking for changes, shown and hidden, while the browser delivers grants and
    announcements in any order and time passes: the invariants hold throughout, and once
    everything in flight is delivered every change asked has been made, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.browser = Browser()
        self.tabs = [self.browser.tab() for _ in range(2)]
        self.asked: list[list[int]] = [[] for _ in self.tabs]
        self.count = 0

    @rule(which=st.integers(0, 1))
    def ask(self, which: int) -> None:
        self.count += 1
        tab = self.tabs[which]
        self.asked[which].append(self.count)
        tab.lease.run(tab.change(self.count))

    @rule(which=st.integers(0, 1), seen=st.booleans())
    def see(self, which: int, seen: bool) -> None:
        self.tabs[which].lease.in_use(seen)

    @precondition(lambda self: self.browser.tasks)
    @rule(data=st.data())
    def deliver(self, data: st.DataObject) -> None:
        index = data.draw(st.integers(0, len(self.browser.tasks) - 1))
        self.browser.tasks.pop(index)()

    @rule()
    def time_passes(self) -> None:
        self.browser.tick()

    @invariant()
    def a_tab_that_thinks_it_holds_the_lock_does(self) -> None:
        for tab in self.tabs:
            if tab.lease.phase is Phase.HELD:
                assert self.browser.holder is tab

    @invariant()
    def changes_are_made_in_the_order_asked(self) -> None:
        for tab, asked in zip(self.tabs, self.asked, strict=True):
            assert tab.made == asked[: len(tab.made)]

    def teardown(self) -> None:
        for _ in range(10):
            self.browser.run_tasks()
            self.browser.tick()
        for tab, asked in zip(self.tabs, self.asked, strict=True):
            assert tab.made == asked, "a change was never made"
            assert tab.lease.waiting == 0


TestTabsAtTheLock = TabsAtTheLock.TestCase
