"""Real dice: entering the faces thrown counts as a roll, and the game never rolls by itself."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from yacht.errors import (
    DiceModeError,
    GameOverError,
    InvalidDiceError,
    InvalidSaveError,
    InvalidStateError,
    NoRollsLeftError,
)
from yacht.game.actions import EnterDice, Hold, Roll, Score, Undo, apply, legal_actions
from yacht.game.faces import add_face, parse_faces
from yacht.game.setup import GameSetup
from yacht.game.state import (
    Challenge,
    GameState,
    enter_dice,
    new_game,
    roll,
    score_category,
    toggle_hold,
)
from yacht.rules.categories import Category
from yacht.saves.game_record import GAME_RECORD, SavedGame, migrate_v3_to_v4
from yacht.saves.setup_record import SETUP_RECORD
from yacht.views.board import board_view


def real_game(*names: str) -> GameState:
    return new_game(list(names) or ["Ann"], real_dice=True)


def test_entering_faces_is_a_roll() -> None:
    game = enter_dice(real_game(), [4, 4, 4, 5, 1])
    assert game.dice == (4, 4, 4, 5, 1)
    assert (game.rolls, game.rolls_left, game.rolls_made) == (1, 2, 1)
    assert game.potential_scores()[Category.FOURS] == 12


def test_three_throws_a_turn_then_a_category() -> None:
    game = real_game()
    for faces in ([1, 2, 3, 4, 6], [6, 6, 2, 3, 6], [6, 6, 6, 6, 6]):
        game = enter_dice(game, faces)
    assert game.rolls_left == 0
    with pytest.raises(NoRollsLeftError):
        enter_dice(game, [1, 1, 1, 1, 1])
    scored = score_category(game, Category.YACHT)
    assert scored.players[0].scores[Category.YACHT] == 50
    assert (scored.rolls, scored.dice) == (0, None)


def test_scores_and_totals_are_those_of_the_virtual_game() -> None:
    # The same faces score the same in both modes: only where the dice come from differs.
    virtual = new_game(["Ann"], seed=3)
    real = real_game()
    for _ in range(12):
        virtual = roll(virtual)
        assert virtual.dice is not None
        real = enter_dice(real, virtual.dice)
        assert real.potential_scores() == virtual.potential_scores()
        choice = virtual.open_categories()[0]
        virtual = score_category(virtual, choice)
        real = score_category(real, choice)
    assert real.is_over
    assert real.totals() == virtual.totals()


@pytest.mark.parametrize(
    "faces",
    [
        [4, 4, 4, 5],
        [4, 4, 4, 5, 1, 1],
        [0, 1, 2, 3, 4],
        [7, 1, 2, 3, 4],
        [True, 1, 2, 3, 4],
        [1.0, 1, 2, 3, 4],
        "44451",
        [],
    ],
)
def test_wrong_faces_are_refused_and_change_nothing(faces: object) -> None:
    game = enter_dice(real_game(), [2, 2, 3, 3, 3])
    before = game
    with pytest.raises(InvalidDiceError):
        enter_dice(game, faces)  # type: ignore[arg-type]
    assert game == before
    assert game.rolls == 1


def test_a_real_dice_game_never_rolls_nor_holds_by_itself() -> None:
    game = real_game()
    with pytest.raises(DiceModeError):
        roll(game)
    game = enter_dice(game, [1, 2, 3, 4, 5])
    with pytest.raises(DiceModeError):
        toggle_hold(game, 0)
    listed = legal_actions(game)
    assert Roll() not in listed
    assert not any(isinstance(action, Hold) for action in listed)
    assert Score(Category.LITTLE_STRAIGHT) in listed


def test_a_virtual_game_refuses_entered_faces() -> None:
    with pytest.raises(DiceModeError):
        enter_dice(new_game(["Ann"]), [6, 6, 6, 6, 6])


def test_enter_dice_through_apply() -> None:
    game = apply(real_game("Ann", "Ben"), EnterDice((3, 3, 3, 2, 2)))
    assert game.dice == (3, 3, 3, 2, 2)
    game = apply(game, Score(Category.FULL_HOUSE))
    assert game.players[0].scores[Category.FULL_HOUSE] == 13
    assert game.current == 1


def test_undo_works_as_in_the_virtual_game() -> None:
    game = enter_dice(real_game(), [5, 5, 5, 5, 2])
    scored = score_category(game, Category.FIVES)
    undone = apply(scored, Undo())
    assert undone.dice == (5, 5, 5, 5, 2)
    assert undone.rolls == 1


def test_no_entry_after_the_game_is_over() -> None:
    game = real_game()
    for category in game.ruleset.categories:
        game = score_category(enter_dice(game, [1, 1, 1, 1, 1]), category)
    assert game.is_over
    with pytest.raises(GameOverError):
        enter_dice(game, [1, 2, 3, 4, 5])


def test_real_dice_state_holds_nothing() -> None:
    game = enter_dice(real_game(), [1, 2, 3, 4, 5])
    with pytest.raises(InvalidStateError):
        replace(game, held=(True, False, False, False, False))


def test_a_challenge_needs_seeded_virtual_dice_and_a_date() -> None:
    seeded = new_game(["Ann"], seed=12)
    assert replace(seeded, challenge=Challenge("2026-12-01")).challenge == Challenge("2026-12-01")
    with pytest.raises(InvalidStateError):
        replace(new_game(["Ann"]), challenge=Challenge("2026-12-01"))
    with pytest.raises(InvalidStateError):
        replace(seeded, challenge=Challenge("1 December"))
    with pytest.raises(InvalidStateError):
        replace(seeded, real_dice=True, challenge=Challenge("2026-12-01"))


# -- remembered across a reload ------------------------------------------------------------------


def test_a_real_dice_game_is_saved_as_one() -> None:
    game = enter_dice(new_game(["Ann", "Ben"], real_dice=True), [6, 6, 6, 1, 2])
    data = GAME_RECORD.to_data(SavedGame(game))
    assert (data["version"], data["real_dice"], data["challenge"]) == (
        GAME_RECORD.version,
        True,
        None,
    )
    loaded = GAME_RECORD.from_data(data).state
    assert loaded == game
    assert loaded.real_dice


def test_a_version_3_save_is_a_virtual_game_and_no_challenge() -> None:
    game = roll(new_game(["Ann"], seed=4))
    data = GAME_RECORD.to_data(SavedGame(game))
    del data["real_dice"], data["challenge"]
    data["version"] = 3
    assert migrate_v3_to_v4(data)["version"] == 4
    assert GAME_RECORD.from_data(data).state == game


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("real_dice", "yes", "real_dice should be bool"),
        ("real_dice", None, "real_dice should be bool"),
        ("challenge", {"date": "2026-12-01"}, "official should be bool"),
        ("challenge", {"date": "today", "official": True}, "YYYY-MM-DD"),
        ("challenge", "2026-12-01", "challenge should be dict"),
    ],
)
def test_a_forged_mode_is_refused(field: str, value: object, message: str) -> None:
    data = GAME_RECORD.to_data(SavedGame(roll(new_game(["Ann"], seed=4))))
    data[field] = value
    with pytest.raises(InvalidSaveError, match=message):
        GAME_RECORD.from_data(data)


def test_a_virtual_save_cannot_turn_into_a_real_dice_one_with_holds() -> None:
    game = toggle_hold(roll(new_game(["Ann"], seed=4)), 2)
    data = GAME_RECORD.to_data(SavedGame(game))
    data["real_dice"] = True
    with pytest.raises(InvalidSaveError, match="holds its dice on the table"):
        GAME_RECORD.from_data(data)


def test_the_setup_remembers_real_dice_and_seats_only_people() -> None:
    setup = GameSetup.from_form(
        ["Ann", "Bot"], "traditional", False, 2, kinds=["human", "optimal"], real_dice=True
    )
    assert setup.real_dice
    assert setup.seats == (None, None)
    assert SETUP_RECORD.decode(SETUP_RECORD.encode(setup)) == setup
    game = setup.start(seed=99)
    assert game.real_dice
    assert game.seed is None
    assert GameSetup.of_game(game).real_dice
    with pytest.raises(InvalidStateError):
        new_game(["Ann", "Bot"], computers=[None, "optimal"], real_dice=True)


def test_a_version_3_setup_rolls_virtual_dice() -> None:
    data = json.loads(SETUP_RECORD.encode(GameSetup(("Ann",))))
    del data["real_dice"]
    data["version"] = 3
    assert SETUP_RECORD.decode(json.dumps(data)) == GameSetup(("Ann",))
    data["real_dice"] = True
    data["computers"] = ["optimal"]
    data["version"] = 4
    with pytest.raises(InvalidSaveError, match="computer"):
        SETUP_RECORD.decode(json.dumps(data))


# -- typing the faces, and the board ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "faces"),
    [("44451", (4, 4, 4, 5, 1)), (" 4 4 4 5 1 ", (4, 4, 4, 5, 1)), ("6,6,6,1,2", (6, 6, 6, 1, 2))],
)
def test_typed_faces_are_read(text: str, faces: tuple[int, ...]) -> None:
    assert parse_faces(text) == faces


@pytest.mark.parametrize(
    "text", ["4445", "444511", "44457", "4445a", "", "\uff14\uff14\uff14\uff15\uff11", "0 1 2 3 4"]
)
def test_other_typing_is_refused(text: str) -> None:
    with pytest.raises(InvalidDiceError):
        parse_faces(text)


def test_tapped_faces_stop_at_five() -> None:
    text = ""
    for face in (6, 6, 6, 1, 2, 3):
        text = add_face(text, face)
    assert text == "66612"
    with pytest.raises(InvalidDiceError):
        add_face("", 7)


def test_the_board_offers_no_roll_nor_holds_with_real_dice() -> None:
    fresh = board_view(new_game(["Ann"], real_dice=True))
    assert not fresh.roll_enabled
    thrown = board_view(enter_dice(new_game(["Ann"], real_dice=True), [1, 1, 2, 3, 6]))
    assert not any(die.enabled for die in thrown.dice)
    assert [die.face for die in thrown.dice] == [1, 1, 2, 3, 6]
    assert any(row.cells[0].kind == "option" for row in thrown.rows)
    virtual = board_view(roll(new_game(["Ann"], seed=1)))
    assert virtual.roll_enabled
    assert all(die.enabled for die in virtual.dice)
