"""Real dice: entering the faces thrown counts as a roll, and the game never rolls by itself."""

from __future__ import annotations

from dataclasses import replace

import pytest

from yacht.actions import EnterDice, Hold, Roll, Score, Undo, apply, legal_actions
from yacht.categories import Category
from yacht.errors import (
    DiceModeError,
    GameOverError,
    InvalidDiceError,
    InvalidStateError,
    NoRollsLeftError,
)
from yacht.game import Challenge, GameState, enter_dice, new_game, roll, score_category, toggle_hold


def real_game(*names: str) -> GameState:
    return replace(new_game(list(names) or ["Ann"]), real_dice=True)


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
