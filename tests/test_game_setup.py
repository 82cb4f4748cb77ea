"""The new-game form's choices, and remembering them."""

from __future__ import annotations

import pytest

import yacht
from yacht.errors import InvalidSaveError
from yacht.game.setup import GameSetup
from yacht.saves.setup_record import SETUP_RECORD


def test_blank_names_become_numbered_players_and_extra_fields_are_ignored() -> None:
    setup = GameSetup.from_form(["  ", "Ben", "Cy"], "traditional", False, 2)
    assert setup.names == ("Player 1", "Ben")


def test_bonus_only_where_the_rule_set_offers_it() -> None:
    assert not GameSetup.from_form(["A"], "traditional", True, 1).upper_bonus
    assert GameSetup.from_form(["A"], "extended", True, 1).upper_bonus


@pytest.mark.parametrize(
    ("ruleset", "count"), [("poker", 1), ("traditional", 0), ("traditional", 7)]
)
def test_bad_choices_are_refused(ruleset: str, count: int) -> None:
    with pytest.raises(yacht.InvalidSetupError):
        GameSetup.from_form(["A"] * 7, ruleset, False, count)


def test_hostile_names_are_cleaned_not_rejected() -> None:
    setup = GameSetup.from_form(["<b>x</b>\u202e", "a" * 100], "sum-all", False, 2)
    assert setup.names[0] == "<b>x</b>"
    assert len(setup.names[1]) == yacht.MAX_NAME_LENGTH


def test_round_trip_and_rematch() -> None:
    setup = GameSetup(("Ann", "Ben"), "extended", True)
    assert SETUP_RECORD.from_data(SETUP_RECORD.to_data(setup)) == setup
    assert GameSetup.of_game(setup.start(seed=3)) == setup


@pytest.mark.parametrize(
    "data",
    [None, [], {"names": "Ann"}, {"names": [1]}, {"names": ["A"], "ruleset": 5}, {"names": []}],
)
def test_an_unusable_remembered_setup_is_refused(data: object) -> None:
    # The page then starts from the default setup, and says so (see SetupSlot).
    record = {"format": "yacht-setup", "version": 4, **data} if isinstance(data, dict) else data
    with pytest.raises(InvalidSaveError):
        SETUP_RECORD.from_data(record)


def test_seeded_start_is_reproducible() -> None:
    setup = GameSetup()
    first = yacht.roll(setup.start(seed=9)).dice
    assert first == yacht.roll(setup.start(seed=9)).dice
