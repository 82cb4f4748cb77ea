"""The save format: exact round trips, and rejection of every kind of broken or forged data."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference import ScriptedDice

from yacht import (
    GameState,
    InvalidSaveError,
    InvalidSetupError,
    UnsupportedSaveVersionError,
    apply,
    hold,
    legal_actions,
    new_game,
    roll,
    score_category,
    undo_score,
)
from yacht.saves.game_record import GAME_RECORD, VERSION, SavedGame


def json_round_trip(state: GameState) -> GameState:
    return GAME_RECORD.from_data(
        json.loads(json.dumps(GAME_RECORD.to_data(SavedGame(state))))
    ).state


def assert_round_trips(state: GameState) -> None:
    data = GAME_RECORD.to_data(SavedGame(state))
    assert GAME_RECORD.from_data(data).state == state
    again = json_round_trip(state)
    assert again == state
    assert GAME_RECORD.to_data(SavedGame(again)) == data
    # The order of the filled categories survives too (it decides what undo takes back).
    for card, loaded in zip(state.players, again.players, strict=True):
        assert list(card.scores) == list(loaded.scores)


# -- round trips ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "ruleset", "bonus", "seed"),
    [
        (1, "traditional", False, 1),
        (2, "sum-all", False, 2),
        (3, "extended", True, 3),
        (6, "extended", False, None),
    ],
)
def test_round_trip_at_every_step(
    players: int, ruleset: str, bonus: bool, seed: int | None
) -> None:
    rng = random.Random(players)
    state = new_game([f"P{i}" for i in range(players)], ruleset, upper_bonus=bonus, seed=seed)
    steps = 0
    while True:
        assert_round_trips(state)
        steps += 1
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_actions(state)), rng)
    assert steps > players * len(state.ruleset.categories)
    assert_round_trips(undo_score(state))


def test_saved_data_is_plain_json() -> None:
    state = roll(new_game(["Ann", "Ben"], "extended", upper_bonus=True, seed=4))
    state = score_category(hold(roll(state), 1), "choice")
    data = GAME_RECORD.to_data(SavedGame(state))
    assert json.loads(json.dumps(data)) == data
    assert data["format"] == "yacht-game"
    assert data["version"] == VERSION
    assert VERSION >= 1
    assert data["ruleset"] == "extended"
    assert data["upper_bonus"] is True
    assert data["players"][0]["name"] == "Ann"
    assert list(data["players"][0]["scores"]) == ["choice"]
    assert data["last_score"]["category"] == "choice"
    assert data["seed"] == 4


def test_a_restored_game_plays_on() -> None:
    state = roll(new_game(["Ann"], seed=8))
    restored = json_round_trip(state)
    assert restored.rolls_left == 2
    assert roll(restored).dice == roll(state).dice


@pytest.mark.parametrize(
    "name",
    [
        "<img src=x onerror=f()>",
        "\U0001f469\u200d\U0001f4bb dev",
        "Zoë",
        "Олександр",
        "x" * 24,
    ],
)
def test_names_round_trip(name: str) -> None:
    assert_round_trips(new_game([name, "B"]))


@pytest.mark.parametrize(
    "raw",
    [
        "e\u200b\u0301",  # a zero-width space between a letter and its accent
        "e\x07\u0301",  # a control character there
        "A\u202e\u030a",
    ],
)
def test_games_with_any_accepted_name_can_be_reloaded(raw: str) -> None:
    # ENGINE BUG: new_game accepts the name and saves its cleaned form, which the loader
    # refuses as "not in its cleaned form": clean_name normalises before dropping characters,
    # so it is not idempotent, and the saved game can never be loaded again.
    assert_round_trips(new_game([raw]))


@given(st.text(max_size=40))
def test_any_accepted_name_round_trips(raw: str) -> None:
    try:
        state = new_game([raw])
    except InvalidSetupError:
        return
    assert_round_trips(state)


# -- broken data ---------------------------------------------------------------------------


def _midturn() -> dict[str, Any]:
    """Ann has scored once; Ben has rolled twice and holds die 1 (traditional)."""
    state = new_game(["Ann", "Ben"], seed=3)
    state = score_category(roll(state, ScriptedDice([1, 1, 1, 2, 3])), "ones")
    state = roll(state, ScriptedDice([4, 4, 2, 3, 5]))
    state = roll(hold(state, 1), ScriptedDice([4, 4, 4, 6]))
    return GAME_RECORD.to_data(SavedGame(state))


def _after_score() -> dict[str, Any]:
    """Ann has scored 3-3-3-6-6 as a Full House (21); the scoring can be undone."""
    state = new_game(["Ann", "Ben"])
    state = score_category(roll(state, ScriptedDice([3, 3, 3, 6, 6])), "full_house")
    return GAME_RECORD.to_data(SavedGame(state))


def _extended() -> dict[str, Any]:
    state = new_game(["Ann"], "extended", upper_bonus=True, seed=1)
    return GAME_RECORD.to_data(SavedGame(roll(state)))


def test_base_saves_are_valid() -> None:
    for build in (_midturn, _after_score, _extended):
        data = build()
        assert GAME_RECORD.to_data(GAME_RECORD.from_data(data)) == data
    assert _midturn()["dice"] == [4, 4, 4, 4, 6]
    assert _midturn()["held"] == [False, True, False, False, False]
    assert _after_score()["last_score"]["dice"] == [3, 3, 3, 6, 6]


Mutation = Callable[[dict[str, Any]], object]


def _set(key: str, value: object) -> Mutation:
    return lambda data: data.__setitem__(key, value)


def _delete(key: str) -> Mutation:
    return lambda data: data.__delitem__(key)


def _set_score(seat: int, category: str, points: object) -> Mutation:
    return lambda data: data["players"][seat]["scores"].__setitem__(category, points)


def _set_last(key: str, value: object) -> Mutation:
    return lambda data: data["last_score"].__setitem__(key, value)


def _set_player(seat: int, key: str, value: object) -> Mutation:
    return lambda data: data["players"][seat].__setitem__(key, value)


def _players(count: int) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data["players"] = [{"name": f"P{i}", "scores": {}} for i in range(count)]
        data["current"] = 0

    return mutate


def _fresh_turn(data: dict[str, Any]) -> None:
    data.update(rolls=0, dice=None, held=[False] * 5)


def _chain(*mutations: Mutation) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        for mutation in mutations:
            mutation(data)

    return mutate


# (id, base, mutation, fragment of the message)
BROKEN: list[tuple[str, Callable[[], dict[str, Any]], Mutation, str]] = [
    ("wrong format tag", _midturn, _set("format", "chess-game"), "not a saved Yacht game"),
    ("no format tag", _midturn, _delete("format"), "not a saved Yacht game"),
    ("version 0", _midturn, _set("version", 0), "version 0"),
    ("version -1", _midturn, _set("version", -1), "version -1"),
    ("version as text", _midturn, _set("version", "1"), "version should be int"),
    ("missing players", _midturn, _delete("players"), "players should be list"),
    ("missing rolls", _midturn, _delete("rolls"), "rolls should be int"),
    ("missing held", _midturn, _delete("held"), "held should be list"),
    ("missing rolls_made", _midturn, _delete("rolls_made"), "rolls_made should be int"),
    ("missing ruleset", _midturn, _delete("ruleset"), "ruleset should be str"),
    ("unknown rule set", _midturn, _set("ruleset", "yahtzee"), "unknown rule set 'yahtzee'"),
    ("bonus on traditional", _midturn, _set("upper_bonus", True), "no upper-section bonus"),
    ("bonus as 1", _extended, _set("upper_bonus", 1), "upper_bonus should be bool"),
    ("rolls as text", _midturn, _set("rolls", "2"), "rolls should be int, not str"),
    ("rolls as bool", _midturn, _set("rolls", True), "rolls should be int, not bool"),
    ("rolls as float", _midturn, _set("rolls", 2.0), "rolls should be int, not float"),
    ("current as bool", _midturn, _set("current", True), "current should be int, not bool"),
    ("rolls 4", _midturn, _set("rolls", 4), "4 rolls made"),
    ("rolls -1", _midturn, _set("rolls", -1), "-1 rolls made"),
    ("negative rolls_made", _midturn, _set("rolls_made", -1), "rolls_made cannot be negative"),
    ("a die shows 7", _midturn, _set("dice", [4, 4, 4, 4, 7]), "not 7"),
    ("a die shows 0", _midturn, _set("dice", [0, 4, 4, 4, 6]), "not 0"),
    ("four dice", _midturn, _set("dice", [4, 4, 4, 4]), "expected 5 dice"),
    ("dice as text", _midturn, _set("dice", "44446"), "dice should be list"),
    ("a die as float", _midturn, _set("dice", [4.0, 4, 4, 4, 6]), "not 4.0"),
    (
        "dice with rolls 0",
        _midturn,
        lambda data: data.update(rolls=0, held=[False] * 5),
        "dice lie on the table exactly when",
    ),
    ("rolls without dice", _midturn, _set("dice", None), "dice lie on the table exactly when"),
    (
        "held before the roll",
        _midturn,
        _chain(_fresh_turn, _set("held", [True] + [False] * 4)),
        "no die can be held before",
    ),
    ("held as 0/1", _midturn, _set("held", [0, 1, 0, 0, 0]), "held flag should be bool"),
    ("four held flags", _midturn, _set("held", [False] * 4), "held needs 5 flags"),
    ("7 in Ones", _midturn, _set_score(0, "ones", 7), "7 in ones, which no throw can score"),
    ("31 in Choice", _midturn, _set_player(0, "scores", {"choice": 31}), "31 in choice"),
    ("13 in Fours", _midturn, _set_player(0, "scores", {"fours": 13}), "13 in fours"),
    ("40 in Full House", _midturn, _set_player(0, "scores", {"full_house": 40}), "40 in full"),
    (
        "31 in Choice, seat 1",
        _midturn,
        lambda data: (
            _fresh_turn(data),
            _set_score(1, "choice", 31)(data),
            _set("current", 0)(data),
        ),
        "31 in choice",
    ),
    ("negative score", _midturn, _set_score(0, "ones", -3), "-3 in ones"),
    ("score as text", _midturn, _set_score(0, "ones", "3"), "score of ones should be int"),
    ("score as bool", _midturn, _set_score(0, "ones", True), "score of ones should be int"),
    ("score as float", _midturn, _set_score(0, "ones", 3.0), "score of ones should be int"),
    ("unknown category", _midturn, _set_player(0, "scores", {"sevens": 0}), "sevens"),
    (
        "category of another rule set",
        _midturn,
        _set_player(0, "scores", {"small_straight": 25}),
        "no category",
    ),
    (
        "player 2 ahead of player 1",
        _midturn,
        lambda data: (
            _fresh_turn(data),
            _set_score(1, "twos", 4)(data),
            _set_score(1, "sixes", 6)(data),
        ),
        "turn order",
    ),
    (
        "current player one turn ahead",
        _midturn,
        _set_score(1, "twos", 4),
        "turn order",
    ),
    ("current out of range", _midturn, _set("current", 2), "player 2 does not exist"),
    ("current negative", _midturn, _set("current", -1), "player -1 does not exist"),
    ("0 players", _midturn, _players(0), "0 players"),
    ("7 players", _midturn, _players(7), "7 players"),
    ("players not a list", _midturn, _set("players", {"name": "Ann"}), "players should be list"),
    ("a player not a dict", _midturn, _set("players", ["Ann", "Ben"]), "a player should be dict"),
    ("name missing", _midturn, _set_player(0, "name", None), "a player name should be str"),
    ("empty name", _midturn, _set_player(0, "name", ""), "visible character"),
    ("name with a control", _midturn, _set_player(0, "name", "Ann\x00"), "cleaned form"),
    ("name with an override", _midturn, _set_player(0, "name", "\u202eAnn"), "cleaned form"),
    ("name with spaces around", _midturn, _set_player(0, "name", " Ann "), "cleaned form"),
    ("name too long", _midturn, _set_player(0, "name", "A" * 25), "cleaned form"),
    (
        "last_score with other dice",
        _after_score,
        _set_last("dice", [3, 3, 3, 6, 5]),
        "does not match its dice",
    ),
    ("last_score of another player", _after_score, _set_last("player", 1), "previous player"),
    ("last_score of a category", _after_score, _set_last("category", "ones"), "match its dice"),
    ("last_score with 0 rolls", _after_score, _set_last("rolls", 0), "impossible rolls"),
    ("last_score with 4 rolls", _after_score, _set_last("rolls", 4), "impossible rolls"),
    ("last_score mid-turn", _midturn, _set("last_score", _after_score()["last_score"]), "undone"),
    ("last_score not a dict", _after_score, _set("last_score", [1]), "last_score should be dict"),
    ("seed as text", _midturn, _set("seed", "3"), "seed should be int"),
    (
        "undo kept after a roll",
        _after_score,
        lambda data: data.update(rolls=1, dice=[1, 1, 1, 1, 1]),
        "undone only before the next roll",
    ),
]


@pytest.mark.parametrize(
    ("build", "mutate", "fragment"), [pytest.param(*row[1:], id=row[0]) for row in BROKEN]
)
def test_broken_saves_are_rejected(
    build: Callable[[], dict[str, Any]], mutate: Mutation, fragment: str
) -> None:
    data = build()
    mutate(data)
    snapshot = copy.deepcopy(data)
    with pytest.raises(InvalidSaveError) as raised:
        GAME_RECORD.from_data(data)
    assert not isinstance(raised.value, UnsupportedSaveVersionError)
    assert fragment in str(raised.value)
    assert data == snapshot  # the loader does not alter what it was given


@pytest.mark.parametrize(
    "scores", [{"full_house": 21}, {"choice": 30}, {"fours": 20}, {"ones": 5}, {"yacht": 0}]
)
def test_possible_scores_in_the_same_place_load(scores: dict[str, int]) -> None:
    # The counterpart of the impossible scores above: only the value made those fail.
    data = _midturn()
    data["players"][0]["scores"] = scores
    assert GAME_RECORD.from_data(data).state.players[0].scores == scores


def test_there_are_many_kinds_of_broken_saves() -> None:
    assert len(BROKEN) >= 15


@pytest.mark.parametrize(
    "data",
    [None, [], "yacht-game", 1, b"{}", json.dumps({"format": "yacht-game"})],
    ids=["None", "list", "str", "int", "bytes", "JSON text"],
)
def test_not_a_dict(data: object) -> None:
    with pytest.raises(InvalidSaveError, match="should be an object"):
        GAME_RECORD.from_data(data)


def test_empty_dict() -> None:
    with pytest.raises(InvalidSaveError, match="not a saved Yacht game"):
        GAME_RECORD.from_data({})


@pytest.mark.parametrize("ahead", [1, 98])
def test_future_version(ahead: int) -> None:
    data = _midturn()
    version = VERSION + ahead
    data["version"] = version
    with pytest.raises(UnsupportedSaveVersionError) as raised:
        GAME_RECORD.from_data(data)
    assert isinstance(raised.value, InvalidSaveError)
    message = str(raised.value)
    assert "newer version" in message
    assert str(version) in message


def test_a_category_filled_twice_is_refused_in_the_stored_text() -> None:
    # A dict cannot hold a category twice, but stored JSON text can; json.loads would quietly
    # keep the last one, the game's own reader must refuse it.
    text = GAME_RECORD.encode(SavedGame(GAME_RECORD.from_data(_midturn()).state))
    assert text.count('"ones":3') == 1
    forged = text.replace('"ones":3', '"ones":3,"ones":3')
    with pytest.raises(InvalidSaveError, match="'ones' twice"):
        GAME_RECORD.decode(forged)


def test_stored_text_round_trips() -> None:
    state = GAME_RECORD.from_data(_after_score()).state
    assert GAME_RECORD.decode(GAME_RECORD.encode(SavedGame(state))).state == state


def test_version_1_saves_still_load() -> None:
    data = _after_score()
    version_1 = {key: value for key, value in data.items() if key not in ("revision", "saved_at")}
    version_1["version"] = 1
    assert GAME_RECORD.from_data(version_1).state == GAME_RECORD.from_data(data).state


def test_rolls_made_below_the_rolls_on_the_table_is_impossible() -> None:
    # rolls_made counts every roll of the game; with 1 category filled and 2 rolls in this
    # turn at least 3 rolls were made. A forged lower count would let a seeded game throw its
    # dice again.
    data = _midturn()
    assert data["rolls_made"] == 3
    data["rolls_made"] = 0
    with pytest.raises(InvalidSaveError, match="rolls_made"):
        GAME_RECORD.from_data(data)


def test_error_messages_are_readable() -> None:
    data = _midturn()
    data["dice"] = [4, 4, 4, 4, 9]
    with pytest.raises(InvalidSaveError) as raised:
        GAME_RECORD.from_data(data)
    message = str(raised.value)
    assert message.startswith("the saved Yacht game is not valid")
    assert "Traceback" not in message
    assert "\n" not in message
