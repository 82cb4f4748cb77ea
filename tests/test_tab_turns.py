"""Tabs taking turns at the stored game: the decisions, and two tabs over one shared storage.

The model below is the browser's storage as the tabs see it: one true value, and in each tab a
copy that another tab's write reaches only when it is delivered (a few milliseconds later in a
real browser). Changes run one at a time, as inside the game's lock.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yacht
from yacht.game.state import GameState
from yacht.saves.game_record import GAME_RECORD, SavedGame
from yacht.saves.keys import GAME_KEY
from yacht.saves.slots import GameSlot, Sighting
from yacht.saves.tab_turns import TabTurns, Verdict, on_move, on_news

# -- the decisions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stored", "asked", "followed", "verdict"),
    [
        (Sighting(4, ours=True), 0, 0, Verdict.APPLY),
        (Sighting(None, ours=True), 0, 0, Verdict.APPLY),  # nothing stored yet
        (Sighting(None, ours=False), 2, 2, Verdict.APPLY),  # damaged: the slot backs it up
        (Sighting(5, ours=False), 0, 0, Verdict.REFUSE),  # another tab wrote first
        (Sighting(3, ours=False), 0, 0, Verdict.REFUSE),  # even an older revision
        (Sighting(5, ours=True), 0, 1, Verdict.REFUSE),  # the board changed after the click
        (Sighting(None, ours=True), 1, 2, Verdict.REFUSE),
    ],
)
def test_a_move_is_stored_only_on_the_game_it_was_asked_on(
    stored: Sighting, asked: int, followed: int, verdict: Verdict
) -> None:
    assert on_move(stored, asked, followed) is verdict


@pytest.mark.parametrize(
    ("stored", "written", "verdict"),
    [
        (Sighting(6, ours=True), 6, Verdict.KEEP),
        (Sighting(None, ours=False), 6, Verdict.KEEP),  # unreadable: left for the next save
        (Sighting(7, ours=False), 6, Verdict.ADOPT),
        (Sighting(7, ours=False), None, Verdict.ADOPT),
        (Sighting(2, ours=False), None, Verdict.ADOPT),  # nothing of ours to lose
        (Sighting(6, ours=False), 6, Verdict.OVERWRITTEN),  # the same revision: a race
        (Sighting(5, ours=False), 6, Verdict.OVERWRITTEN),
    ],
)
def test_news_from_another_tab_is_followed_and_a_lost_move_recognised(
    stored: Sighting, written: int | None, verdict: Verdict
) -> None:
    assert on_news(stored, written) is verdict


# -- two tabs over one storage ---------------------------------------------------------------


class Storage:
    """The browser's storage: the value every write goes to."""

    def __init__(self, text: str) -> None:
        self.text = text


class TabStore:
    """One tab's copy of the storage: its own writes at once, the others' when delivered."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.copy: str | None = storage.text

    def read(self, key: str) -> str | None:
        assert key == GAME_KEY
        return self.copy

    def write(self, key: str, text: str) -> None:
        assert key == GAME_KEY
        self.copy = self.storage.text = text

    def deliver(self) -> bool:
        """Catch up with the storage; whether that changed this tab's copy (a storage event)."""
        changed = self.copy != self.storage.text
        self.copy = self.storage.text
        return changed


def next_move(state: GameState) -> GameState:
    if state.rolls_left > 0:
        return yacht.roll(state)
    return yacht.score_category(state, state.open_categories()[0])


@dataclass
class Tab:
    store: TabStore
    slot: GameSlot
    turns: TabTurns
    shown: GameState
    moves: dict[str, frozenset[int]]
    """Which moves each stored text holds (shared by the tabs)."""
    waiting: list[tuple[int, int]] = field(default_factory=list)
    applied: list[int] = field(default_factory=list)
    told: set[int] = field(default_factory=set)
    """Moves this tab's player was told were not made or not kept."""

    @classmethod
    def open(cls, storage: Storage, moves: dict[str, frozenset[int]], second: int) -> Tab:
        store = TabStore(storage)
        # Each tab's own save time, so that two tabs making the same move store different texts.
        slot = GameSlot(store, clock=lambda: f"2026-12-01T12:00:{second:02}Z")
        saved, _ = slot.open()
        assert saved is not None
        return cls(store, slot, TabTurns(slot), saved.state, moves)

    def ask(self, move: int) -> None:
        self.waiting.append((move, self.turns.followed))

    def grant(self) -> Verdict:
        """The lock's grant for this tab's oldest waiting move."""
        move, asked = self.waiting.pop(0)
        outcome = self.turns.admit(asked)
        if outcome.verdict is Verdict.REFUSE:
            self.told.add(move)
            self._adopt(outcome.newer)
            return outcome.verdict
        base = self.moves[str(self.store.copy)]
        state = next_move(self.shown)
        saved = self.slot.save(state)
        assert saved.saved
        assert saved.newer is None
        self.moves[str(self.store.copy)] = base | {move}
        self.turns.stored(self.slot.revision)
        self.shown = state
        self.applied.append(move)
        return outcome.verdict

    def hear(self) -> Verdict | None:
        """A storage event, if another tab's write has reached this one."""
        if not self.store.deliver():
            return None
        outcome = self.turns.news(self.shown)
        if outcome.verdict is Verdict.OVERWRITTEN:
            self.told.update(self.applied)
        self._adopt(outcome.newer)
        return outcome.verdict

    def _adopt(self, newer: SavedGame | None) -> None:
        if newer is not None:
            self.shown = newer.state
            self.turns.follow()


def two_tabs() -> tuple[Storage, Tab, Tab]:
    start = yacht.roll(yacht.new_game(["Ann"], seed=5))
    text = GAME_RECORD.encode(SavedGame(start, 1, "2026-12-01T12:00:00Z"))
    storage = Storage(text)
    moves = {text: frozenset[int]()}
    return storage, Tab.open(storage, moves, 1), Tab.open(storage, moves, 2)


def test_two_moves_at_once_under_the_lock_store_the_first_and_refuse_the_second() -> None:
    storage, first, second = two_tabs()
    first.ask(1)
    second.ask(2)  # both on revision 1
    assert first.grant() is Verdict.APPLY
    second.store.deliver()  # the write has reached the second tab by its grant
    assert second.grant() is Verdict.REFUSE
    assert second.shown == first.shown
    assert GAME_RECORD.decode(storage.text).revision == 2
    assert second.told == {2}


def test_a_move_asked_before_the_board_followed_another_tab_is_refused() -> None:
    _, first, second = two_tabs()
    second.ask(2)
    first.ask(1)
    assert first.grant() is Verdict.APPLY
    assert second.hear() is Verdict.ADOPT  # the second tab shows the first tab's move...
    assert second.grant() is Verdict.REFUSE  # ...so the click meant for the old board is not made
    assert second.shown == first.shown


def test_moves_of_one_tab_queued_together_all_apply_in_order() -> None:
    storage, first, _ = two_tabs()
    for move in (1, 2, 3):
        first.ask(move)
    assert [first.grant() for _ in range(3)] == [Verdict.APPLY] * 3
    assert GAME_RECORD.decode(storage.text).revision == 4
    assert first.moves[storage.text] == {1, 2, 3}


def test_a_write_over_a_move_this_tab_stored_is_recognised() -> None:
    # The lock serialises the writes, but a tab whose copy still lags behind (or a browser
    # without the lock) writes over: the tab whose move was lost hears of it and says so.
    _, first, second = two_tabs()
    first.ask(1)
    second.ask(2)
    assert first.grant() is Verdict.APPLY
    assert second.grant() is Verdict.APPLY  # its copy has not caught up: the same revision
    assert second.hear() is None  # its own write is the stored one
    assert first.hear() is Verdict.OVERWRITTEN
    assert first.told == {1}
    assert first.shown == second.shown


Step = tuple[str, int]
steps = st.lists(st.tuples(st.sampled_from(["ask", "grant"]), st.integers(0, 1)), max_size=60)


def play(schedule: list[Step]) -> tuple[Storage, tuple[Tab, Tab], int]:
    """Run ``schedule`` on two tabs, each write reaching the other tab before the next grant;
    every waiting move is granted at the end."""
    storage, *pair = two_tabs()
    tabs = (pair[0], pair[1])
    asked = 0
    for action, index in schedule + [("grant", 0), ("grant", 1)] * 40:
        tab = tabs[index]
        if action == "ask" and asked < 30:
            asked += 1
            tab.ask(asked)
        elif action == "grant" and tab.waiting:
            tab.grant()
            tabs[1 - index].hear()
    for tab in tabs + tabs:
        tab.hear()
    return storage, tabs, asked


@settings(max_examples=150, deadline=None)
@given(steps)
def test_with_writes_seen_by_the_next_grant_no_move_is_ever_lost(schedule: list[Step]) -> None:
    storage, tabs, asked = play(schedule)
    applied = {move for tab in tabs for move in tab.applied}
    refused = {move for tab in tabs for move in tab.told}
    assert tabs[0].moves[storage.text] == applied  # every move stored is still there
    assert applied | refused == set(range(1, asked + 1))  # and every other one was refused
    assert not applied & refused
    assert all(tab.shown == tabs[0].shown for tab in tabs)
    assert GAME_RECORD.decode(storage.text).state == tabs[0].shown
