"""The session reducer: one pure step for every move, with the same effects whoever moves."""

from __future__ import annotations

import pytest

import yacht
from tests.reference import ScriptedDice
from yacht.errors import NotRolledYetError, TableError
from yacht.game.actions import Hold, Release, Roll, Score, Undo
from yacht.game.state import new_game
from yacht.rules.categories import Category
from yacht.session import session as session_module
from yacht.session.session import (
    Graded,
    Held,
    Rolled,
    Scored,
    Session,
    Undone,
    Ungraded,
    step,
)


def rolled(faces: tuple[int, ...], *, coach: bool, computer: str | None = None) -> Session:
    game = new_game(["Ann"], computers=[computer])
    return step(Session.start(game, coach=coach), Roll(), ScriptedDice(faces)).session


def test_holds_and_releases_are_moves_with_effects() -> None:
    session = rolled((6, 6, 2, 6, 6), coach=False)
    held = step(session, Hold(0))
    assert held.effects == (Held(0, True),)
    assert held.session.game.held == (True, False, False, False, False)
    released = step(held.session, Release(0))
    assert released.effects == (Held(0, False),)
    # Holding a held die changes nothing, and says nothing.
    assert step(held.session, Hold(0)).effects == ()


def test_a_roll_says_which_dice_moved() -> None:
    session = step(rolled((6, 6, 2, 6, 6), coach=False), Hold(1)).session
    moved = step(session, Roll(), ScriptedDice((3, 3, 3, 3)))
    assert moved.effects == (Rolled((0, 2, 3, 4)),)


def test_a_person_is_graded_and_an_undo_takes_the_grade_back() -> None:
    session = rolled((6, 6, 6, 6, 6), coach=True)
    scored = step(session, Score(Category.YACHT))
    grades = [e for e in scored.effects if isinstance(e, Graded)]
    assert len(grades) == 1
    assert grades[0].entry.chosen.category is Category.YACHT
    assert grades[0].entry.loss == 0
    assert scored.session.coach == (grades[0].entry,)
    assert Scored(0, Category.YACHT, 50, False) in scored.effects
    undone = step(scored.session, Undo())
    assert Undone() in undone.effects
    assert undone.session.coach == ()


def test_a_computer_is_not_graded_and_its_moves_have_the_same_effects() -> None:
    person = rolled((6, 6, 2, 6, 6), coach=True)
    computer = rolled((6, 6, 2, 6, 6), coach=True, computer="optimal")
    by_person = step(person, Hold(0))
    by_computer = step(computer, Hold(0))
    assert by_computer.effects == by_person.effects == (Held(0, True),)
    scored = step(computer, Score(Category.SIXES))
    assert not any(isinstance(e, Graded) for e in scored.effects)
    assert scored.session.coach == ()


def test_an_illegal_move_raises_and_changes_nothing() -> None:
    session = Session.start(new_game(["Ann"]), coach=True)
    with pytest.raises(NotRolledYetError):
        step(session, Hold(0))
    assert session == Session.start(new_game(["Ann"]), coach=True)


def test_a_missing_table_costs_the_grade_not_the_move(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_table(*_: object) -> None:
        raise TableError("no value table traditional")

    monkeypatch.setattr(session_module, "grade", no_table)
    moved = step(rolled((1, 2, 3, 4, 6), coach=True), Score(Category.CHOICE))
    assert moved.effects[0] == Ungraded("no value table traditional")
    assert moved.session.game.players[0].scores == {Category.CHOICE: 16}
    assert moved.session.coach == ()


def test_the_session_keeps_the_game_a_plain_game() -> None:
    game = yacht.new_game(["Ann", "Ben"], seed=5)
    assert Session.start(game, coach=False) == Session(game, None)
