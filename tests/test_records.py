"""Versioned records: strict decoding, migrations, the storage slots, and the export file.

The slots are tested over a dict-backed store that can be told to fail like a browser's
localStorage does (disabled, full), and shared by two slots to play two tabs.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from tests.reference import ScriptedDice
from yacht import (
    GameState,
    InvalidSaveError,
    UnsupportedSaveVersionError,
    hold,
    new_game,
    roll,
    score_category,
)
from yacht.errors import Damage, DamagedRecordError, StorageUnavailable
from yacht.game.setup import GameSetup
from yacht.saves.export import (
    EXPORT_RECORD,
    Export,
    export_file_name,
)
from yacht.saves.game_record import (
    GAME_RECORD,
    MAX_SAVE_BYTES,
    VERSION,
    SavedGame,
    migrate_v1_to_v2,
)
from yacht.saves.keys import GAME_KEY, SETUP_KEY
from yacht.saves.records import MAX_DEPTH, Record, damage_of, decode_json
from yacht.saves.setup_record import SETUP_RECORD
from yacht.saves.slots import (
    MAX_BACKUPS,
    Event,
    GameSlot,
    Notice,
    SetupSlot,
    backup_keys,
    keep_backup,
)
from yacht.views.save_notices import describe, import_failed, reason

# -- a store that fails like localStorage ----------------------------------------------------


class FakeStore:
    """localStorage in a dict: ``disabled`` refuses everything, ``quota`` caps the total size."""

    def __init__(self, quota: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.disabled = False
        self.quota = quota
        self.writes = 0

    def read(self, key: str) -> str | None:
        if self.disabled:
            raise StorageUnavailable("SecurityError: access denied")
        return self.items.get(key)

    def write(self, key: str, text: str) -> None:
        if self.disabled:
            raise StorageUnavailable("SecurityError: access denied")
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if self.quota is not None and used + len(key) + len(text) > self.quota:
            raise StorageUnavailable("QuotaExceededError: the quota has been exceeded")
        self.items[key] = text
        self.writes += 1


def clock() -> str:
    return "2026-11-30T12:00:00Z"


def midturn() -> GameState:
    """Ann has scored Ones (3); Ben has rolled twice and holds die 1."""
    state = new_game(["Ann", "Ben"], seed=3)
    state = score_category(roll(state, ScriptedDice([1, 1, 1, 2, 3])), "ones")
    state = roll(state, ScriptedDice([4, 4, 2, 3, 5]))
    return roll(hold(state, 1), ScriptedDice([4, 4, 4, 6]))


def midturn_text() -> str:
    return GAME_RECORD.encode(SavedGame(midturn(), revision=4, saved_at=clock()))


def edited(change: Callable[[dict[str, Any]], object]) -> str:
    data = json.loads(midturn_text())
    change(data)
    return json.dumps(data)


# -- strict JSON -----------------------------------------------------------------------------


def test_decode_json_accepts_plain_records() -> None:
    assert decode_json('{"a": [1, 2, {"b": null}], "c": "x"}', max_chars=100) == {
        "a": [1, 2, {"b": None}],
        "c": "x",
    }


@pytest.mark.parametrize(
    ("text", "damage", "fragment"),
    [
        ('{"a": 1, "a": 2}', Damage.DUPLICATED, "'a' twice"),
        ('{"x": {"a": 1, "b": 2, "a": 1}}', Damage.DUPLICATED, "'a' twice"),
        ('{"a": NaN}', Damage.UNREADABLE, "NaN"),
        ('{"a": -Infinity}', Damage.UNREADABLE, "Infinity"),
        ('{"a": ' + "9" * 17 + "}", Damage.IMPOSSIBLE, "huge number"),
        ('{"a": -' + "9" * 5000 + "}", Damage.IMPOSSIBLE, "huge number"),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), Damage.UNREADABLE, "nested"),
        ("[" * 50_000, Damage.TOO_BIG, "far too big"),
        ('{"a": 1', Damage.UNREADABLE, "not valid JSON"),
        ("", Damage.UNREADABLE, "not valid JSON"),
        ("\ufeff{}", Damage.UNREADABLE, "not valid JSON"),
        ("\x00\x01\x02", Damage.UNREADABLE, "not valid JSON"),
    ],
)
def test_decode_json_refuses_what_json_loads_would_let_through(
    text: str, damage: Damage, fragment: str
) -> None:
    with pytest.raises(DamagedRecordError) as raised:
        decode_json(text, max_chars=40_000)
    assert raised.value.damage is damage
    assert fragment in str(raised.value)


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    text = json.dumps({"name": "[" * 100 + "{" * 100, "escaped": '\\"[[[['})
    assert decode_json(text, max_chars=10_000) == json.loads(text)


def test_16_digit_numbers_are_still_numbers() -> None:
    assert decode_json("[9007199254740991, -1234567890123456]", max_chars=100) == [
        9007199254740991,
        -1234567890123456,
    ]


def test_decode_json_refuses_non_text() -> None:
    with pytest.raises(DamagedRecordError, match="not text"):
        decode_json(b"{}", max_chars=10)


# -- the migration mechanism, on a synthetic record kind ------------------------------------


def _v1_to_v2(record: dict[str, Any]) -> dict[str, Any]:
    # Renames a field in place, as a careless migration might: upgrade() must pass a copy.
    record["colour"] = record.pop("color", "red")
    record["version"] = 2
    return record


def _v2_to_v3(record: dict[str, Any]) -> dict[str, Any]:
    return {**record, "version": 3, "tags": [record["colour"]]}


def _widget(version: int, migrations: dict[int, Any]) -> Record[dict[str, Any]]:
    return Record("widget", version, "widget", 1000, dict, dict, migrations)


WIDGET = _widget(3, {1: _v1_to_v2, 2: _v2_to_v3})


def test_a_chain_of_migrations_runs_in_order() -> None:
    original = {"format": "widget", "version": 1, "color": "blue"}
    upgraded = WIDGET.upgrade(original)
    assert upgraded == {"format": "widget", "version": 3, "colour": "blue", "tags": ["blue"]}
    assert WIDGET.upgrade({"format": "widget", "version": 2, "colour": "green"})["tags"] == [
        "green"
    ]
    current = {"format": "widget", "version": 3, "colour": "x", "tags": []}
    assert WIDGET.upgrade(current) == current


def test_migrating_leaves_the_input_alone() -> None:
    original = {"format": "widget", "version": 1, "color": "blue"}
    WIDGET.upgrade(dict(original))
    data = dict(original)
    WIDGET.upgrade(data)
    # _v1_to_v2 pops from the dict it is given: upgrade must hand it a copy.
    assert data == original


def test_versions_outside_the_chain_are_refused() -> None:
    with pytest.raises(UnsupportedSaveVersionError, match=r"newer version \(format 4"):
        WIDGET.upgrade({"format": "widget", "version": 4})
    with pytest.raises(InvalidSaveError, match="unknown save format version 0") as raised:
        WIDGET.upgrade({"format": "widget", "version": 0})
    assert not isinstance(raised.value, UnsupportedSaveVersionError)
    with pytest.raises(InvalidSaveError, match="version should be int"):
        WIDGET.upgrade({"format": "widget", "version": "3"})
    with pytest.raises(InvalidSaveError, match="version should be int"):
        WIDGET.upgrade({"format": "widget", "version": True})
    with pytest.raises(DamagedRecordError, match="not a widget"):
        WIDGET.upgrade({"format": "gadget", "version": 3})


def test_a_broken_chain_is_caught_when_the_format_is_declared() -> None:
    with pytest.raises(ValueError, match="migrations must run"):
        _widget(3, {1: _v1_to_v2})
    with pytest.raises(ValueError, match="migrations must run"):
        _widget(2, {1: _v1_to_v2, 2: _v2_to_v3})


def test_a_migration_that_forgets_the_version_is_caught() -> None:
    lazy = _widget(2, {1: lambda record: dict(record)})
    with pytest.raises(AssertionError, match="1 -> 2"):
        lazy.upgrade({"format": "widget", "version": 1})


# -- the game record: version 2, and version 1 upgraded --------------------------------------


def as_version_1(text: str) -> str:
    """A save as the first release wrote it: version 1, no revision nor time stamp."""
    data = json.loads(text)
    del data["revision"], data["saved_at"]
    data["version"] = 1
    return json.dumps(data)


def test_todays_game_format_is_version_6() -> None:
    data = json.loads(midturn_text())
    assert (data["format"], data["version"]) == ("yacht-game", 6) == (GAME_RECORD.tag, VERSION)
    assert data["dice_scheme"] == "running"
    assert (data["revision"], data["saved_at"]) == (4, clock())
    assert list(data)[:2] == ["format", "version"]


def test_a_version_1_save_is_upgraded() -> None:
    old = as_version_1(midturn_text())
    assert '"revision"' not in old
    saved = GAME_RECORD.decode(old)
    assert saved == SavedGame(midturn(), revision=0, saved_at=None)
    assert migrate_v1_to_v2(json.loads(old))["version"] == 2
    # Written back, it is a record of today's version.
    assert json.loads(GAME_RECORD.encode(saved))["version"] == VERSION


def test_a_version_2_save_is_upgraded_to_people_only_and_no_coach() -> None:
    record = json.loads(midturn_text())
    for player in record["players"]:
        del player["computer"]
    del record["coach"]
    record["version"] = 2
    saved = GAME_RECORD.decode(json.dumps(record))
    assert saved.coach is None
    assert all(card.computer is None for card in saved.state.players)
    assert saved.state == midturn()


def test_a_version_1_save_from_the_first_release_loads() -> None:
    # Written by the first release's save.dumps (commit 08cb86e), byte for byte.
    text = (
        '{"format":"yacht-game","version":1,"ruleset":"traditional","upper_bonus":false,'
        '"players":[{"name":"Ann","scores":{"ones":3}},{"name":"Ben","scores":{}}],'
        '"current":1,"rolls":2,"dice":[4,4,4,4,6],"held":[false,true,false,false,false],'
        '"last_score":null,"seed":3,"rolls_made":3}'
    )
    assert GAME_RECORD.decode(text).state == midturn()


def test_revision_and_saved_at_are_checked() -> None:
    for change, fragment in [
        (lambda d: d.update(revision=-1), "revision -1"),
        (lambda d: d.update(revision=2**53), "out of range"),
        (lambda d: d.update(revision="4"), "revision should be int"),
        (lambda d: d.update(saved_at=7), "saved_at should be str"),
        (lambda d: d.update(saved_at="x" * 41), "time stamp is short"),
    ]:
        with pytest.raises(InvalidSaveError, match=fragment):
            GAME_RECORD.decode(edited(change))


def test_a_seed_the_game_could_not_start_with_is_refused() -> None:
    # Past 2**53 - 1 JavaScript rounds the number, and longer literals are refused when read:
    # such a seed would load once, then be written into a save that never reads back.
    for seed in (2**53, -1, 10**16):
        with pytest.raises(InvalidSaveError, match="a seed is a whole number from 0 to"):
            GAME_RECORD.from_data(json.loads(edited(lambda d, seed=seed: d.update(seed=seed))))
    with pytest.raises(InvalidSaveError, match="a seed is a whole number from 0 to"):
        GAME_RECORD.decode(edited(lambda d: d.update(seed=2**53)))
    assert GAME_RECORD.decode(edited(lambda d: d.update(seed=2**53 - 1))).state.seed == 2**53 - 1


def test_a_game_round_trips_through_data_and_text() -> None:
    state = midturn()
    assert GAME_RECORD.from_data(GAME_RECORD.to_data(SavedGame(state))).state == state
    assert GAME_RECORD.to_data(SavedGame(state))["revision"] == 0
    assert GAME_RECORD.decode(GAME_RECORD.encode(SavedGame(state))).state == state


# -- at least a dozen kinds of damaged or forged saves ---------------------------------------


def _duplicate_category(text: str) -> str:
    # Ann's Ones appear twice: json.loads would keep the last one and load the game.
    assert '"ones":3' in text
    return text.replace('"ones":3', '"ones":3,"ones":3')


def _junk_bytes() -> str:
    return random.Random(1).randbytes(300).decode("latin-1")


def _name(name: str) -> Callable[[dict[str, Any]], object]:
    return lambda data: data["players"][0].update(name=name)


# (id, text, damage): each a different way a stored save goes wrong.
# fmt: off
DAMAGED_SAVES: list[tuple[str, Callable[[], str], Damage]] = [
    ("not JSON", lambda: "this is not a saved game", Damage.UNREADABLE),
    ("truncated", lambda: midturn_text()[:100], Damage.UNREADABLE),
    ("empty", lambda: "", Damage.UNREADABLE),
    ("binary junk", _junk_bytes, Damage.UNREADABLE),
    ("NaN score", lambda: midturn_text().replace('"ones":3', '"ones":NaN'), Damage.UNREADABLE),
    ("deep nesting", lambda: "[" * 5000 + "]" * 5000, Damage.UNREADABLE),
    ("a megabyte of junk", lambda: "x" * 1_000_000, Damage.TOO_BIG),
    ("category filled twice", lambda: _duplicate_category(midturn_text()), Damage.DUPLICATED),
    ("a JSON list", lambda: "[1, 2, 3]", Damage.WRONG_KIND),
    ("JSON null", lambda: "null", Damage.WRONG_KIND),
    ("another format", lambda: edited(lambda d: d.update(format="chess-game")), Damage.WRONG_KIND),
    ("rolls as text", lambda: edited(lambda d: d.update(rolls="2")), Damage.IMPOSSIBLE),
    ("score as float", lambda: midturn_text().replace('"ones":3', '"ones":3.0'), Damage.IMPOSSIBLE),
    ("impossible score", lambda: midturn_text().replace('"ones":3', '"ones":7'), Damage.IMPOSSIBLE),
    ("impossible roll count", lambda: edited(lambda d: d.update(rolls=4)), Damage.IMPOSSIBLE),
    ("too few rolls made", lambda: edited(lambda d: d.update(rolls_made=2)), Damage.IMPOSSIBLE),
    ("huge integer", lambda: edited(lambda d: d.update(rolls_made=10**30)), Damage.IMPOSSIBLE),
    ("huge float", lambda: midturn_text().replace('"seed":3', '"seed":1e400'), Damage.IMPOSSIBLE),
    ("a die shows 7", lambda: edited(lambda d: d.update(dice=[4, 4, 4, 4, 7])), Damage.IMPOSSIBLE),
    ("disguised name", lambda: edited(_name("\u202eAnn")), Damage.IMPOSSIBLE),
    ("future version", lambda: edited(lambda d: d.update(version=VERSION + 1)), Damage.NEWER),
    ("far future version", lambda: edited(lambda d: d.update(version=10**6)), Damage.NEWER),
]
# fmt: on


def test_the_damaged_saves_are_many_and_distinct() -> None:
    texts = [make() for _, make, _ in DAMAGED_SAVES]
    assert len(set(texts)) == len(texts) >= 12
    assert {damage for *_, damage in DAMAGED_SAVES} == set(Damage)


@pytest.mark.parametrize(
    ("make", "damage"),
    [pytest.param(make, damage, id=name) for name, make, damage in DAMAGED_SAVES],
)
def test_each_damaged_save_is_refused_and_sorted(make: Callable[[], str], damage: Damage) -> None:
    with pytest.raises(InvalidSaveError) as raised:
        GAME_RECORD.decode(make())
    assert damage_of(raised.value) is damage
    assert reason(damage)  # there are plain words for it


@pytest.mark.parametrize(
    ("make", "damage"),
    [pytest.param(make, damage, id=name) for name, make, damage in DAMAGED_SAVES],
)
def test_a_damaged_save_is_backed_up_byte_for_byte_and_play_starts_afresh(
    make: Callable[[], str], damage: Damage
) -> None:
    store = FakeStore()
    text = make()
    store.items[GAME_KEY] = text
    slot = GameSlot(store, clock=clock)
    saved, notices = slot.open()
    assert saved is None
    [notice] = notices
    assert notice.damage is damage
    assert notice.backup_key == "yacht:game:backup"
    assert store.items["yacht:game:backup"] == text
    message = describe(notice)
    assert "backup" in message or "kept unchanged" in message
    fresh = new_game(["Zed"])
    result = slot.save(fresh)
    if damage is Damage.NEWER:
        # Left for the newer version of the game: not written over.
        assert notice.event is Event.NEWER
        assert not result.saved
        assert store.items[GAME_KEY] == text
        assert "newer version" in message
    else:
        assert notice.event is Event.DAMAGED
        assert "could not be opened" in message
        assert result.saved
        assert GAME_RECORD.decode(store.items[GAME_KEY]).state == fresh
    assert store.items["yacht:game:backup"] == text


def test_opening_the_same_damaged_save_twice_uses_one_backup() -> None:
    store = FakeStore()
    store.items[GAME_KEY] = "junk"
    GameSlot(store).open()
    GameSlot(store).open()
    assert [k for k in store.items if "backup" in k] == ["yacht:game:backup"]


def test_a_second_damaged_save_gets_a_second_backup() -> None:
    store = FakeStore()
    store.items[GAME_KEY] = "junk 1"
    GameSlot(store).open()
    store.items[GAME_KEY] = "junk 2"
    _, [notice] = GameSlot(store).open()
    assert notice.backup_key == "yacht:game:backup:2"
    assert store.items["yacht:game:backup"] == "junk 1"
    assert store.items["yacht:game:backup:2"] == "junk 2"


def test_when_no_backup_can_be_made_the_damaged_save_is_left_alone() -> None:
    store = FakeStore()
    for n, key in enumerate(backup_keys(GAME_KEY)):
        store.items[key] = f"older junk {n}"
    assert len(backup_keys(GAME_KEY)) == MAX_BACKUPS
    store.items[GAME_KEY] = "newest junk"
    slot = GameSlot(store)
    _, [notice] = slot.open()
    assert notice.event is Event.DAMAGED_KEPT
    assert "no room" in describe(notice)
    assert not slot.save(new_game(["A"])).saved
    assert store.items[GAME_KEY] == "newest junk"


def test_a_megabyte_that_does_not_fit_twice_is_left_alone() -> None:
    store = FakeStore(quota=1_500_000)
    store.items[GAME_KEY] = "x" * 1_000_000
    slot = GameSlot(store)
    _, [notice] = slot.open()
    assert notice.event is Event.DAMAGED_KEPT
    assert notice.damage is Damage.TOO_BIG
    assert not slot.save(new_game(["A"])).saved
    assert len(store.items[GAME_KEY]) == 1_000_000


# -- storage that does not work ----------------------------------------------------------------


def test_disabled_storage_is_a_notice_not_an_exception() -> None:
    store = FakeStore()
    store.disabled = True
    slot = GameSlot(store)
    saved, [notice] = slot.open()
    assert saved is None
    assert notice.event is Event.UNAVAILABLE
    assert "progress will not be kept" in describe(notice)
    result = slot.save(new_game(["A"]))
    assert not result.saved
    assert [n.event for n in result.notices] == [Event.UNAVAILABLE]
    setups = SetupSlot(store)
    assert setups.open()[1][0].event is Event.UNAVAILABLE
    assert setups.save(GameSetup())[0].event is Event.UNAVAILABLE
    assert keep_backup(store, GAME_KEY, "x") is None


def test_a_full_storage_keeps_the_last_save_that_fitted() -> None:
    store = FakeStore(quota=2_000)
    slot = GameSlot(store, clock=clock)
    first = new_game(["Ann"])
    assert slot.save(first).saved
    store.quota = 10  # something else filled the storage
    result = slot.save(roll(first))
    assert not result.saved
    assert result.notices[0].event is Event.UNAVAILABLE
    assert "Quota" in result.notices[0].detail
    assert GAME_RECORD.decode(store.items[GAME_KEY]).state == first
    store.quota = None  # space freed: saving resumes
    assert slot.save(roll(first, ScriptedDice([1, 2, 3, 4, 5]))).saved


# -- two tabs ------------------------------------------------------------------------------------


def two_tabs(store: FakeStore) -> tuple[GameSlot, GameSlot]:
    a, b = GameSlot(store, clock=clock), GameSlot(store, clock=clock)
    a.open()
    b.open()
    return a, b


def test_revisions_count_up_with_every_write() -> None:
    store = FakeStore()
    slot = GameSlot(store, clock=clock)
    state = new_game(["Ann"], seed=1)
    for expected in (1, 2, 3):
        state = roll(state) if state.rolls < 3 else state
        assert slot.save(state).saved
        assert GAME_RECORD.decode(store.items[GAME_KEY]).revision == expected == slot.revision


def test_a_tab_never_writes_over_a_newer_game_from_another_tab() -> None:
    store = FakeStore()
    a, b = two_tabs(store)
    start = new_game(["Ann"], seed=5)
    assert a.save(start).saved
    # Tab b has not heard of it yet, and makes its own move from an older position.
    result = b.save(new_game(["Bob"]))
    assert not result.saved
    assert result.newer is not None
    assert result.newer.state == start
    assert [n.event for n in result.notices] == [Event.MOVED_ON]
    assert "another tab" in describe(result.notices[0])
    assert GAME_RECORD.decode(store.items[GAME_KEY]).state == start
    # Having caught up, tab b saves normally.
    rolled = roll(start)
    assert b.save(rolled).saved
    assert GAME_RECORD.decode(store.items[GAME_KEY]).revision == 2
    # And now tab a is the one behind.
    assert a.save(hold(rolled, 0)).newer == SavedGame(rolled, 2, clock())


def test_refresh_follows_another_tab() -> None:
    store = FakeStore()
    a, b = two_tabs(store)
    assert b.refresh() == (None, [])
    state = roll(new_game(["Ann"], seed=2))
    a.save(state)
    newer, notices = b.refresh()
    assert newer is not None
    assert newer.state == state
    assert notices == []
    assert b.refresh() == (None, [])  # nothing new since
    assert b.save(hold(state, 2)).saved


def test_refresh_ignores_damage_until_the_next_save_backs_it_up() -> None:
    store = FakeStore()
    a, _ = two_tabs(store)
    a.save(new_game(["Ann"]))
    store.items[GAME_KEY] = "{broken"
    assert a.refresh() == (None, [])
    result = a.save(new_game(["Ann", "Ben"]))
    assert result.saved
    assert [n.event for n in result.notices] == [Event.DAMAGED]
    assert store.items["yacht:game:backup"] == "{broken"


def test_a_newer_version_written_by_another_tab_stops_this_one_writing() -> None:
    store = FakeStore()
    a, _ = two_tabs(store)
    a.save(new_game(["Ann"]))
    future = edited(lambda d: d.update(version=VERSION + 1))
    store.items[GAME_KEY] = future
    _, [notice] = a.refresh()
    assert notice.event is Event.NEWER
    assert not a.save(new_game(["Ann"])).saved
    assert store.items[GAME_KEY] == future


def test_replace_backs_up_the_game_it_replaces_and_counts_on() -> None:
    store = FakeStore()
    a, b = two_tabs(store)
    a.save(new_game(["Ann"]))
    a.save(roll(new_game(["Ann"], seed=1)))
    before = store.items[GAME_KEY]
    imported = midturn()
    assert b.replace(imported).saved
    assert store.items["yacht:game:backup"] == before
    assert GAME_RECORD.decode(store.items[GAME_KEY]).revision == 3
    newer, _ = a.refresh()
    assert newer is not None
    assert newer.state == imported


def test_replace_leaves_a_newer_version_alone() -> None:
    store = FakeStore()
    store.items[GAME_KEY] = edited(lambda d: d.update(version=VERSION + 1))
    slot = GameSlot(store)
    slot.open()
    assert not slot.replace(midturn()).saved


def test_keep_backup_before_starting_another_game() -> None:
    store = FakeStore()
    slot = GameSlot(store)
    assert slot.keep_backup() is None
    slot.save(midturn())
    assert slot.keep_backup() == "yacht:game:backup"
    assert GAME_RECORD.decode(store.items["yacht:game:backup"]).state == midturn()


# -- the setup record ----------------------------------------------------------------------------


def test_setup_round_trip_and_version() -> None:
    setup = GameSetup(("Ann", "<b>Ben</b>"), "extended", True)
    text = SETUP_RECORD.encode(setup)
    assert json.loads(text)["format"] == "yacht-setup"
    assert json.loads(text)["version"] == 4
    assert SETUP_RECORD.decode(text) == setup


def test_the_unversioned_setup_of_the_first_release_is_version_1() -> None:
    # What the first release's page stored: json.dumps(GAME_RECORD.to_data(SavedGame(GameSetup))).
    legacy = json.dumps({"names": ["Kim", "Lee"], "ruleset": "sum-all", "upper_bonus": False})
    assert SETUP_RECORD.decode(legacy) == GameSetup(("Kim", "Lee"), "sum-all", False)


@pytest.mark.parametrize(
    ("record", "fragment"),
    [
        ({"names": [], "ruleset": "traditional", "upper_bonus": False}, "0 players"),
        ({"names": ["A"] * 7, "ruleset": "traditional", "upper_bonus": False}, "7 players"),
        ({"names": [" A"], "ruleset": "traditional", "upper_bonus": False}, "cleaned form"),
        ({"names": [""], "ruleset": "traditional", "upper_bonus": False}, "visible character"),
        ({"names": [1], "ruleset": "traditional", "upper_bonus": False}, "should be str"),
        ({"names": ["A"], "ruleset": "yahtzee", "upper_bonus": False}, "unknown rule set"),
        ({"names": ["A"], "ruleset": "traditional", "upper_bonus": True}, "no upper-section"),
        ({"names": ["A"], "ruleset": "extended", "upper_bonus": 1}, "should be bool"),
        ({"names": "A", "ruleset": "extended", "upper_bonus": False}, "should be list"),
        ({"format": "yacht-setup", "version": 5}, "newer version"),
        ({"ruleset": "extended"}, "not a saved game setup"),
    ],
)
def test_damaged_setups_are_refused(record: dict[str, Any], fragment: str) -> None:
    with pytest.raises(InvalidSaveError, match=fragment):
        SETUP_RECORD.decode(json.dumps(record))


def test_a_damaged_setup_is_backed_up_and_the_default_used() -> None:
    store = FakeStore()
    store.items[SETUP_KEY] = '{"names": ["A"], "names": ["B"]}'
    slot = SetupSlot(store)
    setup, [notice] = slot.open()
    assert setup is None
    assert notice.event is Event.DAMAGED
    assert notice.damage is Damage.DUPLICATED
    assert "settings could not be read" in describe(notice)
    assert store.items["yacht:setup:backup"] == '{"names": ["A"], "names": ["B"]}'
    assert slot.save(GameSetup(("C",))) == []
    assert SETUP_RECORD.decode(store.items[SETUP_KEY]) == GameSetup(("C",))


def test_a_newer_setup_is_not_written_over() -> None:
    store = FakeStore()
    future = '{"format": "yacht-setup", "version": 99, "colours": "dark"}'
    store.items[SETUP_KEY] = future
    slot = SetupSlot(store)
    _, [notice] = slot.open()
    assert notice.event is Event.NEWER
    assert "settings" in describe(notice)
    assert slot.save(GameSetup()) == []
    assert store.items[SETUP_KEY] == future


def test_setup_from_another_tab() -> None:
    store = FakeStore()
    a, b = SetupSlot(store), SetupSlot(store)
    a.open()
    b.open()
    assert b.refresh() is None
    a.save(GameSetup(("Kim",), "extended", True))
    assert b.refresh() == GameSetup(("Kim",), "extended", True)
    assert b.refresh() is None
    store.items[SETUP_KEY] = "junk"
    assert b.refresh() is None
    assert b.save(GameSetup()) != []  # the junk is backed up, and the player told
    assert store.items["yacht:setup:backup"] == "junk"


# -- the export file -----------------------------------------------------------------------------


def test_export_round_trip() -> None:
    contents = Export(
        game=SavedGame(midturn(), 7, clock()),
        setup=GameSetup(("Ann", "Ben")),
        exported_at=clock(),
    )
    text = EXPORT_RECORD.encode(contents)
    data = json.loads(text)
    assert (data["format"], data["version"], data["history"]) == ("yacht-export", 2, None)
    assert data["game"]["format"] == "yacht-game"
    assert data["setup"]["format"] == "yacht-setup"
    assert EXPORT_RECORD.decode(text) == contents
    assert EXPORT_RECORD.to_data(contents) == data


def test_an_export_holding_a_version_1_game_imports() -> None:
    data = EXPORT_RECORD.to_data(Export(SavedGame(midturn()), None, clock()))
    data["game"] = json.loads(as_version_1(midturn_text()))
    contents = EXPORT_RECORD.decode(json.dumps(data))
    assert contents.game == SavedGame(midturn(), 0, None)


@pytest.mark.parametrize(
    ("change", "damage"),
    [
        (lambda d: d.update(format="yacht-game"), Damage.WRONG_KIND),
        (lambda d: d.update(version=3), Damage.NEWER),
        (lambda d: d["game"].update(version=VERSION + 1), Damage.NEWER),
        (lambda d: d["game"].update(rolls=9), Damage.IMPOSSIBLE),
        (lambda d: d["setup"].update(ruleset="x"), Damage.IMPOSSIBLE),
        (lambda d: d.update(history="none"), Damage.IMPOSSIBLE),
        (lambda d: d.update(history=[{"winner": "Ann"}]), Damage.IMPOSSIBLE),
        (lambda d: d.update(game=None, setup=None), Damage.IMPOSSIBLE),
        (lambda d: d.update(exported_at=5), Damage.IMPOSSIBLE),
    ],
)
def test_a_bad_export_is_refused_like_a_bad_save(
    change: Callable[[dict[str, Any]], object], damage: Damage
) -> None:
    data = EXPORT_RECORD.to_data(Export(SavedGame(midturn()), GameSetup(), clock()))
    change(data)
    with pytest.raises(InvalidSaveError) as raised:
        EXPORT_RECORD.decode(json.dumps(data))
    assert damage_of(raised.value) is damage
    assert import_failed(damage).startswith("That file could not be imported.")


def test_a_duplicated_key_in_an_export_is_refused() -> None:
    text = EXPORT_RECORD.encode(Export(SavedGame(midturn()), None, clock()))
    text = text.replace('"ones": 3', '"ones": 3, "ones": 3')
    with pytest.raises(DamagedRecordError) as raised:
        EXPORT_RECORD.decode(text)
    assert raised.value.damage is Damage.DUPLICATED


def test_export_file_names() -> None:
    assert export_file_name("2026-11-30T09:05:00Z") == "yacht-2026-11-30-0905.json"
    assert export_file_name("garbage") == "yacht.json"


# -- messages ------------------------------------------------------------------------------------


def test_every_notice_has_plain_words() -> None:
    for event in Event:
        for key in (GAME_KEY, SETUP_KEY):
            for damage in (None, *Damage):
                text = describe(Notice(event, key, damage))
                assert text, (event, key, damage)
                assert "Error" not in text
                assert "{" not in text


def test_messages_go_through_the_translator() -> None:
    class Shouting:
        def gettext(self, message: str) -> str:
            return message.upper()

    text = describe(Notice(Event.DAMAGED, GAME_KEY, Damage.UNREADABLE), Shouting())
    assert text == text.upper()
    assert "SAVED GAME COULD NOT BE OPENED" in text
    assert 10 * len(midturn_text()) <= MAX_SAVE_BYTES
