"""Duplicate dice: each throw comes from (seed, turn, roll, position), so decisions, not luck,
tell two players of one seed apart; older games and the daily game roll exactly as before."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from yacht.errors import InvalidSaveError, InvalidSetupError, InvalidStateError
from yacht.game.daily import daily_game
from yacht.game.dice_schemes import DiceScheme, duplicate_face, duplicate_faces
from yacht.game.setup import GameSetup
from yacht.game.state import GameState, hold, new_game, roll, score_category
from yacht.rules.dice import FACES, MAX_SEED
from yacht.saves.game_record import GAME_RECORD, SavedGame

# What one player saw: (turn, roll, position) -> face, for every die thrown.
Seen = dict[tuple[int, int, int], int]


def play(seed: int, choices: random.Random, ruleset: str = "traditional") -> tuple[Seen, int]:
    """A whole solo duplicate game with decisions drawn from ``choices``: the dice seen."""
    state = new_game(["Ann"], ruleset, seed=seed, dice_scheme=DiceScheme.DUPLICATE)
    seen: Seen = {}
    while not state.is_over:
        turn = len(state.current_player.scores) + 1
        for attempt in range(1, 4):
            free = [i for i in range(5) if not state.held[i]]
            state = roll(state)
            assert state.dice is not None
            seen.update({(turn, attempt, i): state.dice[i] for i in free})
            if attempt == 3 or choices.random() < 0.3:
                break
            for index in range(5):
                if choices.random() < 0.5:
                    state = hold(state, index)
            if all(state.held):
                break
        state = score_category(state, choices.choice(state.open_categories()))
    return seen, state.totals()[0].total


@given(
    seed=st.integers(0, MAX_SEED),
    first=st.integers(0, 2**32),
    second=st.integers(0, 2**32),
    ruleset=st.sampled_from(["traditional", "extended"]),
)
def test_different_decisions_see_the_same_throws(
    seed: int, first: int, second: int, ruleset: str
) -> None:
    one, _ = play(seed, random.Random(first), ruleset)
    other, _ = play(seed, random.Random(second), ruleset)
    turns = 12 if ruleset == "traditional" else 13
    for turn in range(1, turns + 1):
        # Every turn's first throw is all five dice, the same for both players.
        assert [one[turn, 1, i] for i in range(5)] == [other[turn, 1, i] for i in range(5)]
    # A die rerolled at the same roll of the same turn shows the same face for both.
    shared = one.keys() & other.keys()
    assert all(one[key] == other[key] for key in shared)
    assert all(one[key] == duplicate_face(seed, *key) for key in one)


def test_rerolls_depend_on_the_turn_not_on_the_rolls_before() -> None:
    # Ann takes three rolls in turn 1, Ben one: their second turns still start alike, where
    # the running count of the older scheme would have given them different dice.
    def second_turn(rolls: int, scheme: DiceScheme) -> tuple[int, ...] | None:
        state = new_game(["Ann"], seed=11, dice_scheme=scheme)
        for _ in range(rolls):
            state = roll(state)
        state = roll(score_category(state, "choice"))
        return state.dice

    assert second_turn(3, DiceScheme.DUPLICATE) == second_turn(1, DiceScheme.DUPLICATE)
    assert second_turn(3, DiceScheme.RUNNING) != second_turn(1, DiceScheme.RUNNING)


def test_multiplayer_seats_use_their_own_turn_number() -> None:
    state = new_game(["Ann", "Ben"], seed=5, dice_scheme=DiceScheme.DUPLICATE)
    ann = roll(state)
    ben = roll(score_category(ann, "choice"))
    assert ann.dice == ben.dice == duplicate_faces(5, 1, 1, range(5))


def test_duplicate_faces_are_fair() -> None:
    counts = Counter(duplicate_face(2026, turn, 1, 0) for turn in range(60_000))
    assert set(counts) == set(FACES)
    # 10,000 expected each; 5 standard deviations is about 456.
    assert all(abs(count - 10_000) < 460 for count in counts.values())


def test_the_running_scheme_still_rolls_from_seed_and_roll_count() -> None:
    state = new_game(["Ann"], seed=3)
    assert state.dice_scheme is DiceScheme.RUNNING
    for made in range(3):
        expected = random.Random(f"3:{made}")
        free = 5 - sum(state.held)
        faces = [expected.randint(1, 6) for _ in range(free)]
        state = roll(state)
        assert state.dice is not None
        assert [d for d, h in zip(state.dice, state.held, strict=True) if not h] == faces
        state = hold(state, 0) if made == 0 else state


def test_the_daily_game_keeps_the_running_scheme() -> None:
    assert daily_game("2026-12-01", "Ann").dice_scheme is DiceScheme.RUNNING


def test_a_solo_setup_starts_a_seeded_duplicate_game() -> None:
    game = GameSetup(("Ann",)).start(new_seed=lambda: 1234)
    assert (game.seed, game.dice_scheme) == (1234, DiceScheme.DUPLICATE)
    # A seed asked for (the address's ?seed=) rolls as it always did.
    assert GameSetup(("Ann",)).start(99).dice_scheme is DiceScheme.RUNNING
    # Pass-and-play, real dice and computer opponents stay as they were.
    assert GameSetup(("Ann", "Ben")).start().seed is None
    assert GameSetup(("Ann",), real_dice=True).start().seed is None
    assert GameSetup(("Ann", "Bot"), computers=(None, "strong")).start().seed is None


def test_duplicate_dice_need_a_seed_and_virtual_dice() -> None:
    with pytest.raises(InvalidSetupError):
        new_game(["Ann"], dice_scheme=DiceScheme.DUPLICATE)
    with pytest.raises(InvalidSetupError):
        new_game(["Ann"], seed=1, real_dice=True, dice_scheme=DiceScheme.DUPLICATE)
    with pytest.raises(InvalidStateError):
        GameState(new_game(["Ann"]).ruleset, new_game(["Ann"]).players, dice_scheme="x")  # type: ignore[arg-type]


def test_the_save_keeps_the_scheme_and_upgrades_version_5_to_running() -> None:
    game = roll(new_game(["Ann"], seed=8, dice_scheme=DiceScheme.DUPLICATE))
    data = GAME_RECORD.to_data(SavedGame(game))
    assert (data["version"], data["dice_scheme"]) == (6, "duplicate")
    assert GAME_RECORD.from_data(data).state == game
    old = {**data, "version": 5}
    del old["dice_scheme"]
    upgraded = GAME_RECORD.from_data(old).state
    assert upgraded.dice_scheme is DiceScheme.RUNNING
    # ... and it goes on rolling from (seed, rolls_made) as the version-5 game did.
    running = random.Random(f"8:{upgraded.rolls_made}")
    assert roll(upgraded).dice == tuple(running.randint(1, 6) for _ in range(5))
    with pytest.raises(InvalidSaveError, match="unknown dice scheme"):
        GAME_RECORD.decode(json.dumps({**data, "dice_scheme": "loaded"}))
    with pytest.raises(InvalidSaveError):
        GAME_RECORD.decode(json.dumps({**data, "seed": None}))
