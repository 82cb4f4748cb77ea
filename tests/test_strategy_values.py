"""Values of end positions, against closed forms and a brute force that shares nothing with
the solver: ordered dice, every hold by position, scores from ``tests/reference.py``."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from fractions import Fraction
from functools import cache

import pytest

from tests.reference import (
    BONUS_POINTS,
    BONUS_THRESHOLD,
    CATEGORY_ORDER,
    UPPER_FACE,
    reference_score,
)
from yacht.rules.categories import Category
from yacht.rules.dice import all_throws
from yacht.rules.rulesets import RULESETS, find_ruleset
from yacht.strategy import advise
from yacht.strategy.advice import expected_score
from yacht.strategy.states import StateSpace, state_space
from yacht.strategy.table_files import (
    DATA_DIR,
    FRESH_GAME_AVERAGES,
    fresh_game_average,
    table_name,
)
from yacht.strategy.tables import ROUNDING, load_values, values_for
from yacht.strategy.turn import turn_value

Throw = tuple[int, ...]


@cache
def rolls_of(count: int) -> tuple[tuple[Throw, int], ...]:
    """Each sorted outcome of rolling ``count`` dice, with how many of the 6**count ordered
    outcomes give it (counted by enumerating them all)."""
    tally: dict[Throw, int] = {}
    for roll in itertools.product(range(1, 7), repeat=count):
        key = tuple(sorted(roll))
        tally[key] = tally.get(key, 0) + 1
    return tuple(tally.items())


class BruteTurn:
    """One turn whose end is worth ``final(sorted dice)``, by enumeration of every hold."""

    def __init__(self, final: Callable[[Throw], float]) -> None:
        self.final = final
        self.best = cache(self._best)
        self.average = cache(self._average)

    def _best(self, dice: Throw, rolls_left: int) -> float:
        """The value of ``dice`` (sorted) with ``rolls_left``: scoring now or the best hold."""
        value = self.final(dice)
        if rolls_left:
            for bits in range(32):
                held = tuple(dice[i] for i in range(5) if bits >> i & 1)
                value = max(value, self.average(held, rolls_left - 1))
        return value

    def _average(self, held: Throw, rolls_left: int) -> float:
        """Holding ``held`` and rolling the rest, ``rolls_left`` afterwards."""
        outcomes = rolls_of(5 - len(held))
        total = sum(
            ways * self.best(tuple(sorted(held + roll)), rolls_left) for roll, ways in outcomes
        )
        return total / 6 ** (5 - len(held))


def brute_force_turn(final: Callable[[Throw], float]) -> float:
    """Expected value of a turn whose end is worth ``final(sorted dice)``, by enumeration."""
    return BruteTurn(final).average((), 2)


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


TOLERANCE = 1e-9
"""How close the tables must be to an independent exact computation: shipped values are within
ROUNDING (2.3e-10) of the exact solution, float noise aside."""
assert ROUNDING < TOLERANCE / 4

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
        70 / 3, abs=TOLERANCE
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
    assert value == pytest.approx(50 * float(chance), abs=TOLERANCE)


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
    assert table_value(ruleset, only_open(ruleset, category)) == pytest.approx(
        expected, abs=TOLERANCE
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
    assert table_value(ruleset, mask) == pytest.approx(expected, abs=TOLERANCE)


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
    assert table_value("extended", mask, subtotal, bonus=True) == pytest.approx(
        expected, abs=TOLERANCE
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
    # The optimum of a fresh game to 1e-6: 238.222456 with the bonus is also what a solver
    # written independently of this one finds; the shipped tables must not drift from it.
    assert table_value("traditional", 0) == pytest.approx(166.955068, abs=1e-6)
    assert table_value("sum-all", 0) == pytest.approx(169.773889, abs=1e-6)
    assert table_value("extended", 0) == pytest.approx(220.205908, abs=1e-6)
    assert table_value("extended", 0, bonus=True) == pytest.approx(238.222456, abs=1e-6)


def test_the_fresh_game_averages_are_the_tables_own() -> None:
    # The game-over dialog shows these without reading a table: one for every table shipped,
    # each exactly what its table gives the empty scorecard.
    rulesets = [find_ruleset(rid) for rid in RULESETS]
    rulesets += [rules.with_upper_bonus(True) for rules in rulesets if rules.offers_bonus]
    assert set(FRESH_GAME_AVERAGES) == {table_name(rules) for rules in rulesets}
    assert {path.stem for path in DATA_DIR.glob("*.ytb")} == set(FRESH_GAME_AVERAGES)
    for rules in rulesets:
        assert fresh_game_average(rules) == load_values(rules).value(0, 0)
        assert fresh_game_average(rules) == expected_score(rules)


# -- an independent solver for endgames ----------------------------------------------------


class Endgame:
    """Optimal play of the last few turns, by enumeration and from the rules text alone.

    ``value(open, subtotal)`` is the expected points still to come (bonus included) with the
    categories ``open`` left and this upper subtotal; ``turn(open, subtotal)`` gives the
    turn's own machinery for checking advice: ``best(dice, rolls_left)`` and ``keep(held,
    rolls_left)`` over ordered dice and every hold by position.
    """

    def __init__(self, ruleset: str, *, bonus: bool = False) -> None:
        self.ruleset = ruleset
        self.bonus = bonus
        self.turns: dict[tuple[frozenset[str], int], BruteTurn] = {}

    def gain(self, dice: Throw, category: str, subtotal: int) -> tuple[float, int]:
        """Points now (bonus included) and the new subtotal for scoring ``dice`` there."""
        points = reference_score(dice, category, self.ruleset)
        if not self.bonus or category not in UPPER_FACE:
            return points, subtotal
        crossed = subtotal < BONUS_THRESHOLD <= subtotal + points
        return points + (BONUS_POINTS if crossed else 0), subtotal + points

    def category_value(
        self, dice: Throw, category: str, left: frozenset[str], subtotal: int
    ) -> float:
        points, after = self.gain(dice, category, subtotal)
        return points + self.value(left - {category}, after)

    def final(self, left: frozenset[str], subtotal: int) -> Callable[[Throw], float]:
        return lambda dice: max(self.category_value(dice, c, left, subtotal) for c in left)

    def turn(self, left: frozenset[str], subtotal: int) -> BruteTurn:
        key = (left, min(subtotal, BONUS_THRESHOLD) if self.bonus else 0)
        if key not in self.turns:
            self.turns[key] = BruteTurn(self.final(left, subtotal))
        return self.turns[key]

    def value(self, left: frozenset[str], subtotal: int) -> float:
        return self.turn(left, subtotal).average((), 2) if left else 0.0


@cache
def endgame(ruleset: str, bonus: bool) -> Endgame:
    """One independent solver per rule set, shared by the tests (it remembers its turns)."""
    return Endgame(ruleset, bonus=bonus)


ENDGAMES = [
    ("traditional", False, ("choice",)),
    ("traditional", False, ("full_house", "yacht")),
    ("traditional", False, ("sixes", "four_of_a_kind", "choice")),
    ("sum-all", False, ("twos", "four_of_a_kind", "big_straight")),
    ("extended", False, ("three_of_a_kind", "small_straight", "yacht")),
    ("extended", True, ("fives", "sixes", "choice")),
]
ENDGAME_SUBTOTALS = {True: (30, 50), False: (0,)}


@pytest.mark.parametrize(
    ("ruleset", "bonus", "left"),
    # With the bonus the independent solver walks every upper subtotal: make test runs it.
    [pytest.param(*e, marks=pytest.mark.slow) if e[1] else e for e in ENDGAMES],
)
def test_endgames_match_an_independent_solver(
    ruleset: str, bonus: bool, left: tuple[str, ...]
) -> None:
    # One to three categories open: every value along the way agrees to 1e-9, whether the
    # table stores the state or recomputes it.
    reference = endgame(ruleset, bonus)
    values = values_for(ruleset, upper_bonus=bonus)
    space = values.space
    for subtotal in ENDGAME_SUBTOTALS[bonus]:
        for size in range(1, len(left) + 1):
            for chosen in itertools.combinations(left, size):
                mask = space.full_mask & ~space.mask_of(chosen)
                if space.cap(subtotal) not in space.reachable_subtotals(mask):
                    continue
                shipped = values.value(mask, space.cap(subtotal))
                expected = reference.value(frozenset(chosen), subtotal)
                assert shipped == pytest.approx(expected, abs=TOLERANCE), (chosen, subtotal)


@pytest.mark.parametrize(("ruleset", "bonus", "left"), [e for e in ENDGAMES if len(e[2]) > 1])
def test_every_option_of_an_endgame_is_valued_exactly(
    ruleset: str, bonus: bool, left: tuple[str, ...]
) -> None:
    # Each option of sampled throws agrees with the independent solver to 1e-9, and the
    # advice's choice is optimal unless it ties with the best to within 1e-9.
    reference = endgame(ruleset, bonus)
    everything = set(CATEGORY_ORDER[ruleset])
    filled = sorted(everything - set(left))
    open_set = frozenset(left)
    rng = random.Random(f"{ruleset}{left}")
    for subtotal in ENDGAME_SUBTOTALS[bonus]:
        turn = reference.turn(open_set, subtotal)
        for dice in rng.sample(all_throws(), 12):
            for rolls_left in range(3):
                advice = advise(
                    dice, rolls_left, filled, subtotal, ruleset=ruleset, upper_bonus=bonus
                )
                for option in advice.categories:
                    exact = reference.category_value(
                        dice, option.category.value, open_set, subtotal
                    )
                    assert option.value == pytest.approx(exact, abs=TOLERANCE)
                for keep in advice.keeps:
                    exact = (
                        turn.final(dice) if keep.stops else turn.average(keep.faces, rolls_left - 1)
                    )
                    assert keep.value == pytest.approx(exact, abs=TOLERANCE)
                chosen = advice.best_category.value
                if advice.best_keep is not None and not advice.best_keep.stops:
                    chosen = turn.average(advice.best_keep.faces, rolls_left - 1)
                assert chosen >= turn.best(dice, rolls_left) - TOLERANCE
