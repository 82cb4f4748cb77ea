"""The stored history: backups of damage, newer versions left alone, tabs, full storage, export."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tests.test_history import fixed_history, good, played, stamp
from tests.test_records import FakeStore
from yacht.errors import Damage, InvalidSaveError
from yacht.saves.export import EXPORT_RECORD, Export
from yacht.saves.history import HISTORY_RECORD, History, entry_from_game
from yacht.saves.history_slot import HistorySlot
from yacht.saves.keys import HISTORY_KEY
from yacht.saves.records import damage_of
from yacht.saves.slots import Event
from yacht.views.save_notices import describe_history_notice


def one_game(n: int = 1) -> History:
    return History().with_game(entry_from_game(played(["Ann"], good), stamp(n), "2026-11-01"))


def test_a_fresh_browser_has_an_empty_history() -> None:
    slot = HistorySlot(FakeStore())
    assert slot.open() == []
    assert slot.history == History()


def test_a_game_is_added_and_read_back() -> None:
    store = FakeStore()
    slot = HistorySlot(store)
    slot.open()
    entry = one_game().games[0]
    result = slot.change(lambda h: h.with_game(entry))
    assert result.stored
    assert result.notices == []
    again = HistorySlot(store)
    again.open()
    assert again.history.games == (entry,)


def test_games_finished_in_two_tabs_are_both_kept() -> None:
    store = FakeStore()
    first, second = HistorySlot(store), HistorySlot(store)
    first.open()
    second.open()
    a = one_game(1).games[0]
    b = entry_from_game(played(["Ben"], good), stamp(2), "2026-11-02")
    first.change(lambda h: h.with_game(a))
    second.change(lambda h: h.with_game(b))
    assert [e.players[0].name for e in second.history.games] == ["Ann", "Ben"]
    assert first.refresh()
    assert first.history == second.history
    assert not first.refresh()


def test_a_history_cleared_in_another_tab_stays_cleared() -> None:
    store = FakeStore()
    store.items[HISTORY_KEY] = HISTORY_RECORD.encode(fixed_history())
    first, second = HistorySlot(store), HistorySlot(store)
    first.open()
    second.open()
    first.change(History.cleared)
    extra = entry_from_game(played(["Ben"], good), stamp(9), "2026-11-09")
    second.change(lambda h: h.with_game(extra))
    assert second.history.games == (extra,)


def test_a_damaged_history_is_backed_up_and_a_new_one_started() -> None:
    store = FakeStore()
    store.items[HISTORY_KEY] = '{"format": "yacht-history", "version": 1, "games": [7]'
    slot = HistorySlot(store)
    (notice,) = slot.open()
    assert notice.event is Event.DAMAGED
    assert store.items[f"{HISTORY_KEY}:backup"].endswith("[7]")
    assert describe_history_notice(notice).startswith("Your game history could not be read.")
    slot.change(lambda h: h.with_game(one_game().games[0]))
    assert len(HistorySlot(store).history.games) == 0  # not opened yet
    reread = HistorySlot(store)
    reread.open()
    assert len(reread.history.games) == 1


def test_a_newer_history_is_left_alone() -> None:
    store = FakeStore()
    newer = json.dumps({"format": "yacht-history", "version": 2, "games": "?"})
    store.items[HISTORY_KEY] = newer
    slot = HistorySlot(store)
    (notice,) = slot.open()
    assert notice.event is Event.NEWER
    result = slot.change(lambda h: h.with_game(one_game().games[0]))
    assert not result.stored
    assert store.items[HISTORY_KEY] == newer
    # Still counted in this tab for the session.
    assert len(slot.history.games) == 1
    assert "newer version" in describe_history_notice(notice)


def test_full_storage_is_told_plainly_and_the_game_kept_for_the_session() -> None:
    store = FakeStore(quota=300)
    slot = HistorySlot(store)
    slot.open()
    result = slot.change(lambda h: h.with_game(one_game().games[0]))
    assert not result.stored
    assert result.full
    (notice,) = result.notices
    assert notice.event is Event.UNAVAILABLE
    assert "full" in describe_history_notice(notice)
    assert len(slot.history.games) == 1
    assert HISTORY_KEY not in store.items


def test_no_storage_at_all_still_keeps_the_session_history() -> None:
    store = FakeStore()
    store.disabled = True
    slot = HistorySlot(store)
    assert [n.event for n in slot.open()] == [Event.UNAVAILABLE]
    slot.change(lambda h: h.with_game(one_game().games[0]))
    result = slot.change(lambda h: h.with_game(one_game(2).games[0]))
    assert len(slot.history.games) == 2
    # Not "full": the page already says this browser saves nothing at all.
    assert not result.stored
    assert not result.full


# -- the export file -----------------------------------------------------------------------------


def test_the_history_travels_in_the_export_file() -> None:
    history, _ = fixed_history().start_daily("2026-11-30")
    contents = Export(None, None, "2026-11-30T12:00:00Z", history)
    text = EXPORT_RECORD.encode(contents)
    data = json.loads(text)
    assert data["version"] == 2
    assert data["history"]["format"] == "yacht-history"
    assert EXPORT_RECORD.decode(text) == contents


def test_a_version_1_file_imports_without_history() -> None:
    data = EXPORT_RECORD.to_data(Export(None, None, "x", one_game()))
    data.update(version=1, history=[])
    data["setup"] = {
        "format": "yacht-setup",
        "version": 2,
        "names": ["A"],
        "ruleset": "traditional",
        "upper_bonus": False,
    }
    contents = EXPORT_RECORD.decode(json.dumps(data))
    assert contents.history is None
    data["history"] = [{"a": 1}]
    with pytest.raises(InvalidSaveError):
        EXPORT_RECORD.decode(json.dumps(data))


def test_a_tampered_history_in_a_file_refuses_the_whole_file() -> None:
    data = EXPORT_RECORD.to_data(Export(None, None, "x", fixed_history()))
    data["history"]["games"][0]["players"][0]["scores"]["yacht"] = 49
    with pytest.raises(InvalidSaveError) as raised:
        EXPORT_RECORD.decode(json.dumps(data))
    assert damage_of(raised.value) is Damage.IMPOSSIBLE


def test_a_full_history_fits_in_an_export_file() -> None:
    entry = entry_from_game(
        played(["Ann", "Ben", "Cy", "Di", "Ed", "Flo"], good), stamp(1), "2026-11-01"
    )
    history = History(tuple(replace(entry, finished_at=f"t{n:04d}") for n in range(500)))
    text = EXPORT_RECORD.encode(Export(None, None, "x", history))
    loaded = EXPORT_RECORD.decode(text).history
    assert loaded is not None
    assert len(loaded.games) == 500
    assert len(HISTORY_RECORD.encode(history)) < 2 * 1024 * 1024
