"""Values of end positions, against closed forms and a brute force that shares nothing with
the solver: ordered dice, every hold by position, scores from ``tests/reference.py``."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction
from functools import cache

import pytest

from tests.reference import BONUS_POINTS, BONUS_THRESHOLD, UPPER_FACE, reference_score
from yacht.rules.categories import Category
from yacht.rules.rulesets import find_ruleset
from yacht.strategy.states import StateSpace, state_space
from yacht.strategy.tables import BASE_SCALE, BONUS_SCALE, values_for
from yacht.strategy.turn import turn_value

Throw = tuple[int, ...]


def brute_force_turn(final: Callable[[Throw], float]) -> float:
    """Expected value of a turn whose end is worth ``final(sorted dice)``, by enumeration."""

    @cache
    def best(dice: Throw, rolls_left: int) -> float:
        value = final(dice)
        if rolls_left:
            for bits in range(32):
                held = tuple(dice[i] for i in range(5) if bits >> i & 1)
                value = max(value, average(held, rolls_left - 1))
        return value

    @cache
    def average(held: Throw, rolls_left: int) -> float:
        rolls = list(itertools.product(range(1, 7), repeat=5 - len(held)))
        total = sum(best(tuple(sorted(held + roll)), rolls_left) for roll in rolls)
        return total / len(rolls)

    return average((), 2)


def only_open(ruleset: str, *open_categories: str) -> int:
    """The mask of a card with every category filled except these."""
    space = state_space(find_ruleset(ruleset))
    return space.full_mask & ~space.mask_of(open_categories)


def table_value(ruleset: str, mask: int, subtotal: int = 0, *, bonus: bool = False) -> float:
    return values_for(ruleset, upper_bonus=bonus).value(mask, subtotal)


class ExactValues:
    """The solver's turn machinery on unrounded values: no tables, end positions only."""

    def __init__(self, space: StateSpace) -> None:
        self.space = space
        self.memo: dict[tuple[int, int], float] = {}

    def value(self, mask: int, subtotal: int) -> float:
        if mask == self.space.full_mask:
            return 0.0
        key = (mask, subtotal)
        if key not in self.memo:
            self.memo[key] = turn_value(self.space, self, mask, subtotal)
        return self.memo[key]


BASE_TOLERANCE = 0.5 / BASE_SCALE + 1e-9
BONUS_TOLERANCE = 0.5 / BONUS_SCALE + 1e-9

# -- closed forms ----------------------------------------------------------------------------


def test_only_choice_left_is_worth_70_thirds() -> None:
    # One die: reroll below 4 with one roll left (3.5 to beat), below 5 with two (4.25).
    two_rolls = Fraction(4 + 5 + 6, 6) + Fraction(3, 6) * Fraction(7, 2)
    per_die = Fraction(5 + 6, 6) + Fraction(4, 6) * two_rolls
    assert per_die * 5 == Fraction(70, 3)
    assert table_value("traditional", only_open("traditional", "choice")) == pytest.approx(
        70 / 3, abs=1e-9
    )
    assert table_value("extended", only_open("extended", "choice")) == pytest.approx(
        70 / 3, abs=BASE_TOLERANCE
    )


@pytest.mark.parametrize(("category", "face"), [("ones", 1), ("fours", 4), ("sixes", 6)])
def test_only_one_upper_category_left(category: str, face: int) -> None:
    # Keep every die showing the face: each die has 1 - (5/6)^3 = 91/216 chances.
    expected = 5 * face * 91 / 216
    value = table_value("traditional", only_open("traditional", category))
    assert value == pytest.approx(expected, abs=1e-9)


def yacht_probability_closed_form() -> Fraction:
    """P(five of a kind in three rolls), keeping the largest group: a Markov chain on its size."""
    first = [Fraction(n, 7776) for n in (720, 5400, 1500, 150, 6)]
    step = [
        [Fraction(n, 1296) for n in (120, 900, 250, 25, 1)],
        [Fraction(n, 216) for n in (0, 120, 80, 15, 1)],
        [Fraction(n, 36) for n in (0, 0, 25, 10, 1)],
        [Fraction(n, 6) for n in (0, 0, 0, 5, 1)],
        [Fraction(n) for n in (0, 0, 0, 0, 1)],
    ]
    state = first
    for _ in range(2):
        state = [sum((state[i] * step[i][j] for i in range(5)), Fraction(0)) for j in range(5)]
    return state[4]


def test_probability_of_a_yacht_in_three_rolls() -> None:
    chance = yacht_probability_closed_form()
    assert chance == Fraction(2783176, 6**10)
    assert float(chance) == pytest.approx(0.04603, abs=5e-6)
    brute = brute_force_turn(lambda dice: 1.0 if len(set(dice)) == 1 else 0.0)
    assert brute == pytest.approx(float(chance), abs=1e-12)
    for ruleset in ("traditional", "sum-all"):
        value = table_value(ruleset, only_open(ruleset, "yacht"))
        assert value == pytest.approx(50 * float(chance), abs=1e-9)
    value = table_value("extended", only_open("extended", "yacht"))
    assert value == pytest.approx(50 * float(chance), abs=BASE_TOLERANCE)


# -- brute force -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "category"),
    [
        ("traditional", "four_of_a_kind"),
        ("sum-all", "four_of_a_kind"),
        ("traditional", "full_house"),
        ("traditional", "little_straight"),
        ("extended", "small_straight"),
        ("extended", "big_straight"),
        ("extended", "full_house"),
        ("extended", "three_of_a_kind"),
    ],
)
def test_one_category_left_matches_brute_force(ruleset: str, category: str) -> None:
    expected = brute_force_turn(lambda dice: reference_score(dice, category, ruleset))
    tolerance = 1e-9 if ruleset != "extended" else BASE_TOLERANCE
    assert table_value(ruleset, only_open(ruleset, category)) == pytest.approx(
        expected, abs=tolerance
    )


@pytest.mark.parametrize(
    ("ruleset", "pair"),
    [
        ("traditional", ("choice", "yacht")),
        ("traditional", ("four_of_a_kind", "full_house")),
        ("sum-all", ("sixes", "four_of_a_kind")),
        ("extended", ("small_straight", "big_straight")),
    ],
)
def test_two_categories_left_match_brute_force(ruleset: str, pair: tuple[str, str]) -> None:
    first, second = pair

    def lone(category: str) -> float:
        return brute_force_turn(lambda dice: reference_score(dice, category, ruleset))

    last = {category: lone(category) for category in pair}

    def final(dice: Throw) -> float:
        return max(
            reference_score(dice, first, ruleset) + last[second],
            reference_score(dice, second, ruleset) + last[first],
        )

    expected = brute_force_turn(final)
    mask = only_open(ruleset, *pair)
    exact = ExactValues(state_space(find_ruleset(ruleset))).value(mask, 0)
    assert exact == pytest.approx(expected, abs=1e-9)
    assert table_value(ruleset, mask) == pytest.approx(expected, abs=2 * BASE_TOLERANCE)


@pytest.mark.parametrize("subtotal", [13, 23, 33, 45, 50])
def test_the_bonus_race_in_the_last_two_upper_categories(subtotal: int) -> None:
    # Fives and Sixes open, Ones to Fours filled (50 at most): the bonus decides the play.
    def points(dice: Throw, category: str) -> int:
        return reference_score(dice, category, "extended")

    def gain(before: int, scored: int, category: str) -> int:
        crossed = before < BONUS_THRESHOLD <= before + scored
        return scored + (BONUS_POINTS if crossed and category in UPPER_FACE else 0)

    @cache
    def last(category: str, before: int) -> float:
        return brute_force_turn(lambda d: gain(before, points(d, category), category))

    def final(dice: Throw) -> float:
        fives, sixes = points(dice, "fives"), points(dice, "sixes")
        return max(
            gain(subtotal, fives, "fives") + last("sixes", subtotal + fives),
            gain(subtotal, sixes, "sixes") + last("fives", subtotal + sixes),
        )

    expected = brute_force_turn(final)
    rules = find_ruleset("extended", upper_bonus=True)
    space = state_space(rules)
    mask = space.full_mask & ~space.mask_of(["fives", "sixes"])
    exact = ExactValues(space).value(mask, subtotal)
    assert exact == pytest.approx(expected, abs=1e-9)
    # The table's last-turn states hold the bonus's worth to 1/16 of a point.
    assert table_value("extended", mask, subtotal, bonus=True) == pytest.approx(
        expected, abs=2 * BONUS_TOLERANCE
    )


def test_a_decided_bonus_leaves_the_no_bonus_values() -> None:
    bonus = values_for("extended", upper_bonus=True)
    plain = values_for("extended")
    space = bonus.space
    upper_done = space.mask_of(list(UPPER_FACE))
    assert bonus.value(upper_done, 63) == plain.value(upper_done, 0)
    assert bonus.value(upper_done, 40) == plain.value(upper_done, 0)
    some = space.mask_of(["ones", "twos", "yacht"])
    assert bonus.value(some, 63) == plain.value(some, 0)
    # Still live: the bonus is worth something on top.
    assert bonus.value(some, 10) > plain.value(some, 0) + 5


def test_the_bonus_is_worth_more_the_closer_the_subtotal() -> None:
    bonus = values_for("extended", upper_bonus=True)
    mask = bonus.space.mask_of([Category.ONES, Category.TWOS, Category.THREES])
    live = bonus.space.live_subtotals(mask)
    worth = [bonus.value(mask, s) for s in live]
    assert worth == sorted(worth)


def test_fresh_game_values() -> None:
    # Derived by this solver; the unrounded dynamic programme gives 166.9551, 169.7739,
    # 220.2059 and 238.2225: the shipped tables round each stored state, not these sums.
    assert table_value("traditional", 0) == pytest.approx(166.9551, abs=0.001)
    assert table_value("sum-all", 0) == pytest.approx(169.7739, abs=0.001)
    assert table_value("extended", 0) == pytest.approx(220.2059, abs=0.001)
    assert table_value("extended", 0, bonus=True) == pytest.approx(238.2225, abs=0.01)
