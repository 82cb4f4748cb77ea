"""Records that are not kept: the player told at that moment, and a way out of a blocking one.

Issues: a history that could not be written (a newer version's record, a 5 MB value, a full
storage) kept finished games in memory and said nothing; a 5 MB value in a key stopped that
record being saved for good; the notice for a 5 MB setup said progress would not be saved; the
settings had no backup, so a damaged or newer settings record was overwritten at the next change.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tests.test_history import good, played, stamp
from tests.test_records import FakeStore, midturn
from yacht.errors import Damage
from yacht.game.setup import GameSetup
from yacht.i18n import LANGUAGES, translator
from yacht.saves.history import HISTORY_RECORD, MAX_STORED_GAMES, History, entry_from_game
from yacht.saves.history_slot import HistorySlot, NotStored
from yacht.saves.keys import GAME_KEY, HISTORY_KEY, SETTINGS_KEY, SETUP_KEY
from yacht.saves.settings import SETTINGS_RECORD, Settings
from yacht.saves.slots import Event, GameSlot, Notice, SettingsSlot, SetupSlot
from yacht.views.save_notices import describe, not_recorded, way_out

FIVE_MB = "{" + "x" * 5_000_000
QUOTA = 5_300_000  # about what a browser gives a site: no room for a second 5 MB copy


def finished(n: int = 1) -> History:
    return History().with_game(entry_from_game(played(["Ann"], good), stamp(n), "2026-11-01"))


# -- a finished game that is not recorded is told ----------------------------------------------


@pytest.mark.parametrize(
    ("planted", "quota", "why"),
    [
        ('{"format":"yacht-history","version":99,"games":[]}', None, NotStored.NEWER),
        (FIVE_MB, QUOTA, NotStored.BLOCKED),
        (None, "full", NotStored.STORAGE),
    ],
    ids=["newer", "5 MB", "full"],
)
def test_a_history_that_cannot_be_written_says_why(
    planted: str | None, quota: int | str | None, why: NotStored
) -> None:
    store = FakeStore(quota=QUOTA if quota == QUOTA else None)
    if planted is not None:
        store.items[HISTORY_KEY] = planted
    slot = HistorySlot(store)
    slot.open()
    if quota == "full":
        store.quota = 10
    result = slot.change(lambda h: h.with_game(finished().games[0]))
    assert not result.stored
    assert result.why_not is why
    assert len(slot.history.games) == 1  # it still counts in this tab
    assert store.items.get(HISTORY_KEY) == planted
    for language in LANGUAGES:
        assert not_recorded(why, translator(language))


def test_a_history_with_no_spare_game_left_is_not_changed_and_says_so() -> None:
    store = FakeStore()
    entry = finished().games[0]
    games = tuple(replace(entry, finished_at=f"2026-{n:06d}") for n in range(MAX_STORED_GAMES))
    store.items[HISTORY_KEY] = HISTORY_RECORD.encode(History(games))
    slot = HistorySlot(store)
    assert slot.open() == []
    before = store.items[HISTORY_KEY]
    result = slot.change(lambda h: h.with_game(finished(2).games[0]))
    assert result.why_not is NotStored.TOO_MANY
    assert store.items[HISTORY_KEY] == before
    assert len(slot.history.games) == MAX_STORED_GAMES


# -- the way out of a blocking record ----------------------------------------------------------


@pytest.mark.parametrize("key", [GAME_KEY, SETUP_KEY, HISTORY_KEY, SETTINGS_KEY])
def test_a_5_mb_record_blocks_its_key_until_started_afresh(key: str) -> None:
    store = FakeStore(quota=QUOTA)
    store.items[key] = FIVE_MB
    slot: GameSlot | SetupSlot | HistorySlot | SettingsSlot
    if key == GAME_KEY:
        slot = GameSlot(store)
        _, notices = slot.open()
        write = lambda: slot.save(midturn()).notices  # noqa: E731
    elif key == SETUP_KEY:
        slot = SetupSlot(store)
        _, notices = slot.open()
        write = lambda: slot.save(GameSetup(("Ann",)))  # noqa: E731
    elif key == HISTORY_KEY:
        slot = HistorySlot(store)
        notices = slot.open()
        write = lambda: slot.change(lambda h: finished()).notices  # noqa: E731
    else:
        slot = SettingsSlot(store)
        _, notices = slot.open()
        write = lambda: slot.save(Settings("pl"))  # noqa: E731
    (notice,) = notices
    assert (notice.event, notice.damage) == (Event.DAMAGED_KEPT, Damage.TOO_BIG)
    assert slot.blocked == FIVE_MB
    assert slot.blocked_notice == notice
    write()
    assert store.items[key] == FIVE_MB  # blocked: left alone, so far for good
    assert "5.0 MB" in way_out(notice, len(FIVE_MB))
    assert slot.start_afresh()
    assert write() == []
    assert store.items[key] != FIVE_MB
    assert slot.blocked is None


def test_a_record_changed_since_it_was_offered_is_not_written_over() -> None:
    store = FakeStore(quota=QUOTA)
    store.items[SETUP_KEY] = FIVE_MB
    slot = SetupSlot(store)
    slot.open()
    store.items[SETUP_KEY] = FIVE_MB + "y"  # another tab, meanwhile
    assert not slot.start_afresh()
    assert slot.save(GameSetup(("Ann",))) == []
    assert store.items[SETUP_KEY] == FIVE_MB + "y"


def test_the_notice_of_a_blocked_setup_names_the_setup_not_the_progress() -> None:
    notice = Notice(Event.DAMAGED_KEPT, SETUP_KEY, Damage.TOO_BIG)
    text = describe(notice)
    assert "progress" not in text
    assert "new games will not be remembered" in text
    game = describe(Notice(Event.DAMAGED_KEPT, GAME_KEY, Damage.TOO_BIG))
    assert "progress will not be saved" in game
    for language in LANGUAGES:
        assert describe(notice, translator(language)) != describe(
            Notice(Event.DAMAGED_KEPT, GAME_KEY, Damage.TOO_BIG), translator(language)
        )


# -- settings are backed up and versioned ----------------------------------------------------


def test_damaged_settings_are_backed_up_before_the_next_change() -> None:
    store = FakeStore()
    store.items[SETTINGS_KEY] = '{"format":"yacht-settings","version":2,"language":"xx"}'
    slot = SettingsSlot(store)
    settings, (notice,) = slot.open()
    assert settings is None
    assert (notice.event, notice.backup_key) == (Event.DAMAGED, f"{SETTINGS_KEY}:backup")
    assert store.items[f"{SETTINGS_KEY}:backup"].endswith('"xx"}')
    assert "language and sound" in describe(notice)
    assert "a game that cannot happen" not in describe(notice)  # its real reason instead
    assert "a choice this game does not offer" in describe(notice)
    assert slot.save(Settings("uk")) == []
    assert SETTINGS_RECORD.decode(store.items[SETTINGS_KEY]) == Settings("uk")


def test_newer_settings_are_never_written_over() -> None:
    store = FakeStore()
    newer = json.dumps({"format": "yacht-settings", "version": 3, "language": "lv", "theme": 1})
    store.items[SETTINGS_KEY] = newer
    slot = SettingsSlot(store)
    _, (notice,) = slot.open()
    assert notice.event is Event.NEWER
    assert slot.save(Settings("ru", sound=True)) == []
    assert store.items[SETTINGS_KEY] == newer
    assert store.items[f"{SETTINGS_KEY}:backup"] == newer


def test_settings_damaged_by_another_tab_are_kept_too() -> None:
    store = FakeStore()
    slot = SettingsSlot(store)
    slot.open()
    slot.save(Settings("pl"))
    store.items[SETTINGS_KEY] = "not json"
    (notice,) = slot.save(Settings("ru"))
    assert notice.event is Event.DAMAGED
    assert store.items[f"{SETTINGS_KEY}:backup"] == "not json"
    assert SETTINGS_RECORD.decode(store.items[SETTINGS_KEY]) == Settings("ru")
