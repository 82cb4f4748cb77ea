"""Bots take only legal actions, finish games, replay exactly, and the optimal one scores
what the tables promise."""

from __future__ import annotations

import random
import statistics

import pytest

from yacht import GameState, Hold, Release, Roll, Score, apply, legal_actions, new_game
from yacht.errors import GameOverError
from yacht.strategy import BOT_LEVELS, choose_action, expected_score
from yacht.strategy.bots import par

RULESETS = [("traditional", False), ("sum-all", False), ("extended", False), ("extended", True)]


def play(
    level: str, ruleset: str = "traditional", *, bonus: bool = False, seed: int = 0
) -> tuple[GameState, list[object]]:
    """A solitaire game by one bot; every action is checked against the legal ones."""
    rng = random.Random(seed)
    dice = random.Random(f"dice:{seed}")
    state = new_game(["Bot"], ruleset, upper_bonus=bonus)
    actions: list[object] = []
    while not state.is_over:
        action = choose_action(state, level, rng)
        assert action in legal_actions(state), (action, state)
        state = apply(state, action, dice)
        actions.append(action)
        assert len(actions) < 500, "the bot is going round in circles"
    return state, actions


@pytest.mark.parametrize("level", BOT_LEVELS)
@pytest.mark.parametrize(("ruleset", "bonus"), RULESETS)
def test_every_bot_finishes_a_game_legally(level: str, ruleset: str, bonus: bool) -> None:
    for seed in range(2):
        state, actions = play(level, ruleset, bonus=bonus, seed=seed)
        assert state.is_over
        assert sum(isinstance(a, Score) for a in actions) == len(state.ruleset.categories)
        rolls = sum(isinstance(a, Roll) for a in actions)
        assert len(state.ruleset.categories) <= rolls <= 3 * len(state.ruleset.categories)


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_a_bot_replays_exactly_and_asking_twice_changes_nothing(level: str) -> None:
    first, actions = play(level, seed=7)
    again, replayed = play(level, seed=7)
    assert actions == replayed
    assert first.players == again.players
    rng = random.Random(3)
    state = apply(new_game(["Bot"]), Roll(), random.Random(1))
    before = rng.getstate()
    answers = {choose_action(state, level, rng) for _ in range(5)}
    assert len(answers) == 1
    assert rng.getstate() == before


def test_holds_converge_on_the_keep() -> None:
    # Start from a messy hold pattern: the bot releases and holds until its keep, then rolls.
    state = apply(new_game(["Bot"]), Roll(), random.Random(4))
    for index in (0, 2, 4):
        state = apply(state, Hold(index))
    steps = 0
    while True:
        action = choose_action(state, "optimal")
        if isinstance(action, Roll | Score):
            break
        assert isinstance(action, Hold | Release)
        state = apply(state, action)
        steps += 1
        assert steps <= 5


def test_levels_and_game_over_are_checked() -> None:
    state = new_game(["Bot"])
    with pytest.raises(ValueError, match="unknown bot level"):
        choose_action(state, "grandmaster")
    assert choose_action(state) == Roll()
    done, _ = play("casual", seed=1)
    with pytest.raises(GameOverError):
        choose_action(done)


def test_par_is_the_value_of_a_lone_category() -> None:
    worth = par(new_game(["Bot"]).ruleset)
    assert min(worth, key=worth.__getitem__).value == "ones"
    assert max(worth, key=worth.__getitem__).value == "choice"


@pytest.mark.slow
def test_stronger_levels_score_more() -> None:
    # The same dice for every level (common random numbers), so 40 games tell them apart.
    means = {
        level: statistics.mean(play(level, seed=seed)[0].totals()[0].total for seed in range(40))
        for level in ("beginner", "casual", "optimal")
    }
    assert means["beginner"] < means["casual"] < means["optimal"]


@pytest.mark.slow
def test_optimal_play_averages_the_expected_score() -> None:
    games = 200
    totals = [play("optimal", seed=1000 + seed)[0].totals()[0].total for seed in range(games)]
    mean = statistics.mean(totals)
    error = statistics.stdev(totals) / games**0.5
    assert abs(mean - expected_score()) < 4 * error, (mean, error)
