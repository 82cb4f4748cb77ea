"""Seeds: every seed a game accepts survives a save; any other is refused before the game."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from yacht import new_game, roll
from yacht.errors import InvalidSeedError
from yacht.rules.dice import MAX_SEED, parse_seed
from yacht.saves.game_record import GAME_RECORD, SavedGame
from yacht.views.messages import explain


@given(st.integers(0, MAX_SEED))
@example(0)
@example(MAX_SEED)
@example(10**15)
def test_every_accepted_seed_round_trips_through_a_save(seed: int) -> None:
    assert parse_seed(str(seed)) == seed
    state = roll(new_game(["Ann"], seed=seed))
    saved = SavedGame(state, 1, None)
    assert GAME_RECORD.decode(GAME_RECORD.encode(saved)) == saved


@pytest.mark.parametrize(
    "text",
    [
        "",
        "-1",
        "+5",
        " 5",
        "5 ",
        "5_000",
        "1e5",
        "0x10",
        "abc",
        "\u0663",  # an Arabic-Indic three: a digit, but not one a seed is written with
        str(MAX_SEED + 1),
        "9" * 17,
        "1" * 5000,
    ],
)
def test_an_unusable_seed_is_refused(text: str) -> None:
    with pytest.raises(InvalidSeedError) as refusal:
        parse_seed(text)
    assert refusal.value.text == text


def test_leading_zeros_are_the_same_seed() -> None:
    assert parse_seed("0042") == 42
    assert parse_seed("0" * 40 + "7") == 7


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 10**17, True])
def test_a_game_refuses_a_seed_no_save_could_hold(seed: int) -> None:
    with pytest.raises(InvalidSeedError):
        new_game(["Ann"], seed=seed)


def test_the_refusal_tells_the_player_the_rule() -> None:
    text = explain(InvalidSeedError("99999999999999999"))
    assert "99999999999999999" in text
    assert "9007199254740991" in text
    # Solo games draw a seed of their own: the message says the address's seed was left out,
    # not that the game is unseeded.
    assert "was not used" in text
    assert "a seed of its own" in text
    assert "not seeded" not in text
    assert "1" * 24 not in explain(InvalidSeedError("1" * 5000)), "a huge seed is shortened"
