"""The status row's room kept for the next start: written once a change, never a failure."""

from __future__ import annotations

import json

from tests.test_records import FakeStore
from yacht.game.state import new_game
from yacht.i18n import translator
from yacht.saves.keys import STATUS_ROOM_KEY
from yacht.saves.status_room import StatusRoomCache
from yacht.views.board import board_view


def test_the_room_is_kept_with_its_language_as_static_boot_js_reads_it() -> None:
    store = FakeStore()
    view = board_view(new_game(["Alexandria-Konstantinova", "Ben"]), translator("lv"))
    StatusRoomCache(store).remember("lv", view.status_room)
    assert json.loads(store.items[STATUS_ROOM_KEY]) == ["lv", view.status_room]
    assert "Alexandria-Konstantinova" in store.items[STATUS_ROOM_KEY]  # not escaped


def test_a_render_that_changes_nothing_writes_nothing() -> None:
    store = FakeStore()
    cache = StatusRoomCache(store)
    for _ in range(3):
        cache.remember("en", "Ann's turn (12 of 12): hold dice and roll again")
    assert store.writes == 1
    cache.remember("pl", "Kolej: Ann (12 z 12)")
    cache.remember("en", "Ann's turn (12 of 12): hold dice and roll again")
    assert store.writes == 3
    assert json.loads(store.items[STATUS_ROOM_KEY])[0] == "en"


def test_storage_that_refuses_loses_nothing_and_is_tried_again() -> None:
    store = FakeStore(quota=10)
    cache = StatusRoomCache(store)
    cache.remember("en", "Ann's turn (1 of 12): roll the dice")  # over the quota: no error
    assert STATUS_ROOM_KEY not in store.items
    store.quota = None
    cache.remember("en", "Ann's turn (1 of 12): roll the dice")
    assert json.loads(store.items[STATUS_ROOM_KEY]) == ["en", "Ann's turn (1 of 12): roll the dice"]
    store.disabled = True
    cache.remember("uk", "Ходить Ann")
    assert json.loads(store.items[STATUS_ROOM_KEY])[0] == "en"
