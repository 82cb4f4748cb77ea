"""A game a challenge replaced is kept in a backup slot of the game record and can be taken back."""

from __future__ import annotations

import json

import pytest

from tests.test_challenge_compare import DictStore
from tests.test_challenge_link import a_bot_game
from yacht import apply, new_game
from yacht.errors import InvalidSaveError, StorageUnavailable
from yacht.game.actions import Roll
from yacht.game.replay import PlayedGame
from yacht.saves.challenge_book import CHALLENGE_BOOK_RECORD, ChallengeBook, ChallengeSlot
from yacht.saves.game_record import GAME_RECORD, SavedGame
from yacht.saves.keys import CHALLENGES_KEY, GAME_KEY
from yacht.saves.set_aside import SetAside, put_aside, taken_back
from yacht.saves.slots import GameSlot, backup_keys


def _store_with_a_game() -> tuple[DictStore, SavedGame]:
    store = DictStore()
    state = apply(new_game(["Ann", "Ben"], seed=5), Roll())
    assert GameSlot(store).save(state).saved
    return store, GAME_RECORD.decode(store.items[GAME_KEY])


def test_the_game_put_aside_is_copied_to_a_backup_and_taken_back_whole() -> None:
    store, saved = _store_with_a_game()
    log = PlayedGame(a_bot_game(3).ruleset, 3, "Ann")
    aside = put_aside(store, log)
    assert aside == SetAside(f"{GAME_KEY}:backup", log)
    assert store.items[aside.key] == store.items[GAME_KEY]
    # The game in progress is then replaced: the copy is untouched and reads back whole.
    assert GameSlot(store).replace(new_game(["Cy"])).saved
    assert taken_back(store, aside) == saved


def test_a_second_game_put_aside_takes_the_next_slot_and_keeps_the_first() -> None:
    store, _ = _store_with_a_game()
    first = put_aside(store, None)
    slot = GameSlot(store)
    slot.open()
    slot.save(apply(new_game(["Dan"], seed=9), Roll()))
    second = put_aside(store, None)
    assert first is not None
    assert second is not None
    assert (first.key, second.key) == tuple(backup_keys(GAME_KEY)[:2])
    assert taken_back(store, first) != taken_back(store, second)


def test_nothing_is_put_aside_without_a_stored_game_or_a_free_slot() -> None:
    store = DictStore()
    assert put_aside(store, None) is None
    store, _ = _store_with_a_game()
    for key in backup_keys(GAME_KEY):
        store.items[key] = "taken"
    assert put_aside(store, None) is None


def test_a_backup_gone_or_damaged_is_nothing_to_take_back() -> None:
    store, _ = _store_with_a_game()
    aside = put_aside(store, None)
    assert aside is not None
    store.items[aside.key] = "{damaged"
    assert taken_back(store, aside) is None
    del store.items[aside.key]
    assert taken_back(store, aside) is None

    class Failing(DictStore):
        def read(self, key: str) -> str | None:
            raise StorageUnavailable("off")

    assert taken_back(Failing(), aside) is None


def test_the_book_remembers_where_the_game_went_and_refuses_any_other_key() -> None:
    log = PlayedGame(a_bot_game(3).ruleset, 3, "Ann", a_bot_game(3).turns[:2])
    book = ChallengeBook(aside=SetAside(f"{GAME_KEY}:backup:2", log))
    text = CHALLENGE_BOOK_RECORD.encode(book)
    assert CHALLENGE_BOOK_RECORD.decode(text) == book
    data = json.loads(text)
    data["aside"]["key"] = "yacht:history"  # an edited book cannot point at another record
    with pytest.raises(InvalidSaveError, match="not a backup"):
        CHALLENGE_BOOK_RECORD.decode(json.dumps(data))


def test_a_version_1_book_has_nothing_aside() -> None:
    store = DictStore()
    store.items[CHALLENGES_KEY] = json.dumps(
        {"format": "yacht-challenges", "version": 1, "playing": None, "entries": []}
    )
    slot = ChallengeSlot(store)
    assert slot.open() == []
    assert slot.book == ChallengeBook()
