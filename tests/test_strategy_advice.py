"""Advice: the best option has the highest value, costs are consistent, positions are right,
and the numbers agree with the value tables."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import yacht
from tests.reference import CATEGORY_ORDER, UPPER_FACE, reference_score
from yacht import Category, new_game, roll
from yacht.errors import (
    GameOverError,
    InvalidDiceError,
    InvalidFilledError,
    InvalidHeldError,
    InvalidRollsLeftError,
    InvalidStateError,
    InvalidSubtotalError,
    NotRolledYetError,
    UnknownCategoryError,
)
from yacht.game.state import hold, score_category
from yacht.rules.dice import all_throws
from yacht.strategy import (
    Advice,
    CategoryOption,
    KeepOption,
    advise,
    advise_state,
    expected_final_score,
    expected_score,
    preload,
)
from yacht.strategy.keeps import keep_graph
from yacht.strategy.tables import values_for

RULESETS = [("traditional", False), ("sum-all", False), ("extended", False), ("extended", True)]


@st.composite
def positions(draw: st.DrawFn) -> tuple[str, bool, list[int], int, list[str], int]:
    """A reachable position: rule set, bonus, dice, rolls left, filled categories, subtotal."""
    ruleset, bonus = draw(st.sampled_from(RULESETS))
    order = list(CATEGORY_ORDER[ruleset])
    filled = draw(st.lists(st.sampled_from(order), unique=True, max_size=len(order) - 1))
    subtotal = sum(UPPER_FACE[c] * draw(st.integers(0, 5)) for c in filled if c in UPPER_FACE)
    dice = draw(st.lists(st.integers(1, 6), min_size=5, max_size=5))
    rolls_left = draw(st.integers(0, 2))
    return ruleset, bonus, dice, rolls_left, filled, subtotal


def check_consistent(advice: Advice) -> None:
    options: list[KeepOption | CategoryOption] = [*advice.keeps, *advice.categories]
    assert advice.value == max(option.value for option in options)
    assert advice.categories == tuple(sorted(advice.categories, key=lambda o: -o.value))
    assert advice.keeps == tuple(sorted(advice.keeps, key=lambda o: -o.value))
    assert all(advice.cost(option) >= 0 for option in options)
    assert advice.cost(advice.best_category) == advice.value - advice.best_category.value
    if advice.keeps:
        best_keep = advice.best_keep
        assert best_keep is not None
        assert advice.cost(best_keep) == 0
        stop = next(keep for keep in advice.keeps if keep.stops)
        assert stop.value == advice.best_category.value
        assert advice.should_score == best_keep.stops
    else:
        assert advice.best_keep is None
        assert advice.should_score
        assert advice.cost(advice.best_category) == 0
    for keep in advice.keeps:
        assert tuple(sorted(advice.dice[i] for i in keep.positions)) == keep.faces
        assert keep.rerolled == 5 - len(keep.faces)


@given(positions())
def test_options_are_consistent(position: tuple[str, bool, list[int], int, list[str], int]) -> None:
    ruleset, bonus, dice, rolls_left, filled, subtotal = position
    advice = advise(dice, rolls_left, filled, subtotal, ruleset=ruleset, upper_bonus=bonus)
    check_consistent(advice)
    open_categories = [c for c in CATEGORY_ORDER[ruleset] if c not in filled]
    assert sorted(o.category.value for o in advice.categories) == sorted(open_categories)
    for option in advice.categories:
        assert option.points == reference_score(dice, option.category.value, ruleset)
    if rolls_left:
        holds = {tuple(sorted(h)) for n in range(6) for h in itertools.combinations(dice, n)}
        assert {keep.faces for keep in advice.keeps} == holds


@given(positions(), st.integers(0, 300))
def test_banked_points_shift_every_value(
    position: tuple[str, bool, list[int], int, list[str], int], banked: int
) -> None:
    ruleset, bonus, dice, rolls_left, filled, subtotal = position
    plain = advise(dice, rolls_left, filled, subtotal, ruleset=ruleset, upper_bonus=bonus)
    shifted = advise(
        dice, rolls_left, filled, subtotal, ruleset=ruleset, upper_bonus=bonus, banked=banked
    )
    assert shifted.value == pytest.approx(plain.value + banked)
    assert [o.category for o in shifted.categories] == [o.category for o in plain.categories]


@pytest.mark.parametrize(("ruleset", "bonus"), RULESETS)
def test_advice_averages_to_the_table_value_of_the_turn(ruleset: str, bonus: bool) -> None:
    # Over the 252 first throws, the best option's value averages to the state's value. With
    # three categories filled the state is not stored but recomputed, so the match is exact.
    filled = ["twos", "yacht", "choice"]
    subtotal = 6
    values = values_for(ruleset, upper_bonus=bonus)
    mask = values.space.mask_of(filled)
    chances = keep_graph().throw_probability
    average = sum(
        chance * advise(throw, 2, filled, subtotal, ruleset=ruleset, upper_bonus=bonus).value
        for chance, throw in zip(chances, all_throws(), strict=True)
    )
    assert average == pytest.approx(values.value(mask, values.space.cap(subtotal)), abs=1e-9)


def test_a_fresh_game_is_worth_the_expected_score() -> None:
    assert expected_score() == expected_score("traditional")
    assert expected_score("sum-all") > expected_score("traditional")
    assert expected_score("extended", upper_bonus=True) > expected_score("extended") + 10
    game = new_game(["Ann"])
    assert expected_final_score(game) == expected_score()


def test_the_last_turn_with_a_yacht() -> None:
    filled = [c for c in CATEGORY_ORDER["traditional"] if c != "yacht"]
    advice = advise([3, 3, 3, 3, 3], 2, filled, banked=120)
    assert advice.should_score
    assert advice.best_category.category is Category.YACHT
    assert advice.value == 170
    best_keep = advice.best_keep
    assert best_keep is not None
    assert best_keep.stops
    # Rerolling one three with two rolls left misses the Yacht 25 times in 36.
    one_less = next(k for k in advice.keeps if k.faces == (3, 3, 3, 3))
    assert advice.cost(one_less) == pytest.approx(50 * 25 / 36)


def test_straight_draw_in_a_fresh_game() -> None:
    advice = advise([1, 2, 3, 4, 6], 2)
    best = advice.best_keep
    assert best is not None
    assert best.faces == (1, 2, 3, 4)
    assert best.positions == (0, 1, 2, 3)
    assert not advice.should_score


def test_held_dice_are_preferred_for_equal_faces() -> None:
    advice = advise([6, 6, 2, 6, 1], 1, held=[False, True, False, True, False])
    best = advice.best_keep
    assert best is not None
    assert best.faces == (6, 6, 6)
    assert best.positions == (0, 1, 3)
    two = next(k for k in advice.keeps if k.faces == (6, 6))
    assert two.positions == (1, 3)


def test_the_bonus_counts_in_the_options() -> None:
    filled = ["ones", "twos", "threes", "fours", "fives"]
    advice = advise([6, 6, 6, 2, 1], 0, filled, 45, ruleset="extended", upper_bonus=True)
    sixes = next(o for o in advice.categories if o.category is Category.SIXES)
    assert (sixes.points, sixes.bonus) == (18, 35)
    assert advice.best_category.category is Category.SIXES


def test_advise_state_reads_the_current_card() -> None:
    game = new_game(["Ann", "Ben"], "extended", upper_bonus=True, seed=3)
    game = roll(game)
    game = score_category(game, "choice")
    game = roll(game)
    game = hold(game, 0)
    advice = advise_state(game)
    card = game.current_player
    assert card.name == "Ben"
    assert advice == advise(
        game.dice or (), 2, card.scores, 0, ruleset="extended", upper_bonus=True, held=game.held
    )
    assert expected_final_score(game) == advice.value


def test_expected_final_score_counts_banked_points() -> None:
    game = new_game(["Ann"], seed=1)
    game = roll(game)
    points = game.ruleset.scorers[Category.CHOICE](game.dice or (1, 1, 1, 1, 1))
    game = score_category(game, "choice")
    values = values_for("traditional")
    mask = values.space.mask_of(["choice"])
    assert expected_final_score(game) == points + values.value(mask, 0)


def test_no_advice_before_a_roll_or_after_the_game() -> None:
    game = new_game(["Ann"])
    with pytest.raises(NotRolledYetError):
        advise_state(game)
    done = game
    for category in done.ruleset.categories:
        done = score_category(roll(done), category)
    with pytest.raises(GameOverError):
        advise_state(done)
    assert expected_final_score(done) == done.totals()[0].total


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: advise([1, 2, 3, 4, 5], 3), InvalidStateError),
        (lambda: advise([1, 2, 3, 4, 5], -1), InvalidStateError),
        (lambda: advise([1, 2, 3, 4, 7], 0), InvalidDiceError),
        (lambda: advise([1, 2, 3, 4, 5], 0, ["three_of_a_kind"]), UnknownCategoryError),
        (lambda: advise([1, 2, 3, 4, 5], 0, CATEGORY_ORDER["traditional"]), GameOverError),
        (
            lambda: advise([1, 2, 3, 4, 5], 0, ["twos"], 3, ruleset="extended", upper_bonus=True),
            InvalidStateError,
        ),
    ],
)
def test_impossible_positions_are_refused(call: object, error: type[Exception]) -> None:
    assert callable(call)
    with pytest.raises(error):
        call()


def test_advice_is_plain_frozen_data() -> None:
    advice = advise([5, 5, 5, 2, 2], 1)
    with pytest.raises(AttributeError):
        advice.value = 0  # type: ignore[misc]
    assert isinstance(advice.dice, tuple)
    assert hash(advice) == hash(advise([5, 5, 5, 2, 2], 1))


def test_preload_reads_the_table_ahead() -> None:
    preload("extended", upper_bonus=True)
    assert values_for("extended", upper_bonus=True).stored


# -- input checks ----------------------------------------------------------------------------


@pytest.mark.parametrize("rolls_left", [True, False, 1.0, 1.5, "1", None, 3, -1])
def test_rolls_left_must_be_a_whole_number_from_0_to_2(rolls_left: object) -> None:
    with pytest.raises(InvalidRollsLeftError, match=r"rolls left|rolls are left"):
        advise([1, 2, 3, 4, 5], rolls_left)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "held", [[True] * 4, [False] * 6, [1, 0, 0, 0, 0], "TFFFF", [None] * 5, []]
)
def test_held_must_be_five_flags(held: object) -> None:
    with pytest.raises(InvalidHeldError, match=r"5 true/false"):
        advise([1, 2, 3, 4, 5], 1, held=held)  # type: ignore[arg-type]


def test_filled_must_be_a_collection_without_repeats() -> None:
    with pytest.raises(InvalidFilledError, match="single value 'choice'"):
        advise([1, 2, 3, 4, 5], 1, "choice")
    with pytest.raises(InvalidFilledError, match="single value"):
        advise([1, 2, 3, 4, 5], 1, Category.YACHT)
    with pytest.raises(InvalidFilledError, match="'yacht' is listed twice"):
        advise([1, 2, 3, 4, 5], 1, ["yacht", "ones", Category.YACHT])


@pytest.mark.parametrize(
    ("filled", "subtotal", "bonus"),
    [
        ([], 1, False),
        (["twos"], 3, False),
        (["twos"], 3, True),
        (["twos"], 12, True),
        (["sixes", "yacht"], -6, False),
        (["ones"], True, False),
        (["ones"], 2.0, False),
    ],
)
def test_an_impossible_upper_subtotal_is_refused(
    filled: list[str], subtotal: object, bonus: bool
) -> None:
    with pytest.raises(InvalidSubtotalError, match="upper subtotal"):
        advise(
            [1, 2, 3, 4, 5],
            0,
            filled,
            subtotal,  # type: ignore[arg-type]
            ruleset="extended",
            upper_bonus=bonus,
        )


def test_possible_subtotals_pass_with_or_without_the_bonus() -> None:
    for bonus in (False, True):
        advise([1, 2, 3, 4, 5], 0, ["twos", "sixes"], 38, ruleset="extended", upper_bonus=bonus)
        advise([1, 2, 3, 4, 5], 0, ["ones"], 0, ruleset="extended", upper_bonus=bonus)


def test_input_errors_are_position_errors_of_the_engine() -> None:
    for error in (
        InvalidRollsLeftError,
        InvalidHeldError,
        InvalidFilledError,
        InvalidSubtotalError,
    ):
        assert issubclass(error, InvalidStateError)
        assert issubclass(error, yacht.YachtError)


def test_expected_score_is_at_the_top_level() -> None:
    assert yacht.expected_score() == expected_score("traditional")
    assert yacht.expected_score("extended", upper_bonus=True) == expected_score(
        "extended", upper_bonus=True
    )


# -- the best option ---------------------------------------------------------------------------


@given(positions())
def test_the_best_option_is_never_worse_than_a_listed_one(
    position: tuple[str, bool, list[int], int, list[str], int],
) -> None:
    ruleset, bonus, dice, rolls_left, filled, subtotal = position
    advice = advise(dice, rolls_left, filled, subtotal, ruleset=ruleset, upper_bonus=bonus)
    best = advice.best_keep if advice.best_keep is not None else advice.best_category
    for option in (*advice.keeps, *advice.categories):
        assert best.value >= option.value
        assert advice.value >= option.value
    # A category's value is its points, any bonus, and the value of the state it leads to.
    values = values_for(ruleset, upper_bonus=bonus)
    space = values.space
    mask = space.mask_of(filled)
    for option in advice.categories:
        index = space.categories.index(option.category)
        after, earned = space.after_scoring(space.cap(subtotal), index, option.points)
        assert earned == option.bonus
        assert option.value == option.points + earned + values.value(mask | 1 << index, after)
