"""Scoring one throw: RULES.md's worked examples, every throw against an independent oracle,
input validation and the rule sets as data."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import pytest
from reference import (
    ALL_CATEGORY_IDS,
    CATEGORY_ORDER,
    RULESET_IDS,
    reference_score,
)

from yacht import (
    RULESETS,
    Category,
    InvalidDiceError,
    RuleSet,
    UnknownCategoryError,
    UnknownRulesetError,
    UpperBonus,
    YachtError,
    all_throws,
    find_ruleset,
    possible_scores,
    score,
    scores_for,
)

# -- RULES.md, "Worked examples" -----------------------------------------------------------

# (dice, category or (its id in sets 1-2, in set 3), (points in set 1, set 2, set 3)); None is
# the table's "—": the rule set has no such category.
STRAIGHT = ("little_straight", "small_straight")
Example = tuple[tuple[int, ...], str | tuple[str, str], tuple[int | None, int | None, int | None]]
WORKED_EXAMPLES: list[Example] = [
    ((5, 5, 5, 2, 1), "fives", (15, 15, 15)),
    ((4, 4, 4, 4, 1), "four_of_a_kind", (16, 17, 16)),
    ((6, 6, 6, 6, 6), "four_of_a_kind", (24, 30, 24)),
    ((6, 6, 6, 6, 6), "full_house", (0, 0, 0)),
    ((6, 6, 6, 6, 6), "yacht", (50, 50, 50)),
    ((3, 3, 3, 6, 6), "full_house", (21, 21, 40)),
    ((1, 2, 3, 4, 5), STRAIGHT, (30, 30, 25)),
    ((1, 2, 3, 4, 5), "big_straight", (0, 0, 30)),
    ((2, 3, 4, 5, 6), "big_straight", (30, 30, 30)),
    ((1, 2, 3, 4, 6), "small_straight", (None, None, 25)),
    ((1, 2, 2, 4, 6), "choice", (15, 15, 15)),
]

# The examples written inside the rule tables of RULES.md.
TABLE_EXAMPLES = [
    ((5, 5, 5, 2, 1), "fives", "traditional", 15),
    ((3, 3, 3, 6, 6), "full_house", "traditional", 21),
    ((4, 4, 4, 4, 1), "four_of_a_kind", "traditional", 16),
    ((6, 6, 6, 6, 6), "four_of_a_kind", "traditional", 24),
    ((6, 6, 6, 6, 6), "full_house", "traditional", 0),
    ((4, 4, 4, 4, 1), "four_of_a_kind", "sum-all", 17),
    ((6, 6, 6, 6, 6), "four_of_a_kind", "sum-all", 30),
    ((6, 6, 6, 6, 6), "full_house", "sum-all", 0),
    ((3, 3, 3, 6, 6), "full_house", "sum-all", 21),
    ((4, 4, 4, 4, 2), "three_of_a_kind", "extended", 12),
    ((4, 4, 4, 4, 2), "four_of_a_kind", "extended", 16),
    ((1, 2, 3, 4, 6), "small_straight", "extended", 25),
    ((2, 3, 4, 5, 6), "small_straight", "extended", 25),
    ((3, 4, 5, 6, 6), "small_straight", "extended", 25),
    ((1, 2, 3, 4, 5), "big_straight", "extended", 30),
    ((3, 3, 3, 6, 6), "full_house", "extended", 40),
    ((6, 6, 6, 6, 6), "full_house", "extended", 0),
]


def _worked_rows() -> list[tuple[tuple[int, ...], str, str, int]]:
    rows = []
    for dice, category, expected in WORKED_EXAMPLES:
        for ruleset, points in zip(RULESET_IDS, expected, strict=True):
            if isinstance(category, tuple):
                name = category[1] if ruleset == "extended" else category[0]
            else:
                name = category
            if points is not None:
                rows.append((dice, name, ruleset, points))
    return rows


WORKED_ROWS = _worked_rows()
MISSING_ROWS = [
    (dice, category, ruleset)
    for dice, category, expected in WORKED_EXAMPLES
    for ruleset, points in zip(RULESET_IDS, expected, strict=True)
    if points is None and isinstance(category, str)
]


def _row_ids(rows: Sequence[Sequence[Any]]) -> list[str]:
    return [
        f"{''.join(map(str, dice))}-{category}-{ruleset}" for dice, category, ruleset, *_ in rows
    ]


def test_the_worked_example_table_is_complete() -> None:
    # 11 lines; 10 score in all three sets, Small Straight 1-2-3-4-6 only in the third.
    assert len(WORKED_ROWS) == 10 * 3 + 1
    assert len(MISSING_ROWS) == 2


@pytest.mark.parametrize(
    ("dice", "category", "ruleset", "expected"), WORKED_ROWS, ids=_row_ids(WORKED_ROWS)
)
def test_worked_examples(dice: tuple[int, ...], category: str, ruleset: str, expected: int) -> None:
    assert score(dice, category, ruleset) == expected
    assert score(dice, Category(category), find_ruleset(ruleset)) == expected
    # Also the oracle used below, so that it is checked against the rules text too.
    assert reference_score(dice, category, ruleset) == expected


@pytest.mark.parametrize(("dice", "category", "ruleset"), MISSING_ROWS, ids=_row_ids(MISSING_ROWS))
def test_worked_examples_without_the_category(
    dice: tuple[int, ...], category: str, ruleset: str
) -> None:
    with pytest.raises(UnknownCategoryError, match=category):
        score(dice, category, ruleset)


@pytest.mark.parametrize(
    ("dice", "category", "ruleset", "expected"), TABLE_EXAMPLES, ids=_row_ids(TABLE_EXAMPLES)
)
def test_examples_from_the_rule_tables(
    dice: tuple[int, ...], category: str, ruleset: str, expected: int
) -> None:
    assert score(dice, category, ruleset) == expected
    assert reference_score(dice, category, ruleset) == expected


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_worked_examples_reversed_order(ruleset: str) -> None:
    for dice, category, row_ruleset, expected in WORKED_ROWS:
        if row_ruleset == ruleset:
            assert score(dice[::-1], category, ruleset) == expected


# -- every throw against the oracle --------------------------------------------------------

THROWS = list(itertools.combinations_with_replacement(range(1, 7), 5))

RULESET_VARIANTS = [
    pytest.param("traditional", False, id="traditional"),
    pytest.param("sum-all", False, id="sum-all"),
    pytest.param("extended", False, id="extended"),
    pytest.param("extended", True, id="extended+bonus"),
]


def test_there_are_252_throws() -> None:
    assert len(THROWS) == 252
    assert list(all_throws()) == THROWS


@pytest.mark.parametrize(("ruleset_id", "bonus"), RULESET_VARIANTS)
def test_every_throw_in_every_category(ruleset_id: str, bonus: bool) -> None:
    rules = find_ruleset(ruleset_id, upper_bonus=bonus)
    mismatches = []
    for dice in THROWS:
        for category in CATEGORY_ORDER[ruleset_id]:
            expected = reference_score(dice, category, ruleset_id)
            got = score(dice, category, rules)
            if got != expected:
                mismatches.append((dice, category, got, expected))
    assert mismatches == []


@pytest.mark.parametrize(("ruleset_id", "bonus"), RULESET_VARIANTS)
def test_scores_for_lists_every_category_in_order(ruleset_id: str, bonus: bool) -> None:
    rules = find_ruleset(ruleset_id, upper_bonus=bonus)
    for dice in THROWS:
        expected = {c: reference_score(dice, c, ruleset_id) for c in CATEGORY_ORDER[ruleset_id]}
        got = scores_for(dice, rules)
        assert list(got) == list(CATEGORY_ORDER[ruleset_id])
        assert {c.value: p for c, p in got.items()} == expected


@pytest.mark.parametrize(("ruleset_id", "bonus"), RULESET_VARIANTS)
def test_possible_scores_are_exactly_the_reachable_ones(ruleset_id: str, bonus: bool) -> None:
    rules = find_ruleset(ruleset_id, upper_bonus=bonus)
    for category in CATEGORY_ORDER[ruleset_id]:
        reachable = {reference_score(dice, category, ruleset_id) for dice in THROWS}
        assert possible_scores(rules, Category(category)) == reachable, category


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_categories_outside_the_rule_set_are_refused_for_every_throw(ruleset_id: str) -> None:
    foreign = [c for c in ALL_CATEGORY_IDS if c not in CATEGORY_ORDER[ruleset_id]]
    assert foreign  # each rule set lacks some category of another
    for dice in THROWS[::17]:
        for category in foreign:
            with pytest.raises(UnknownCategoryError):
                score(dice, category, ruleset_id)


PERMUTED_THROWS = [
    (1, 2, 3, 4, 6),
    (3, 3, 3, 6, 6),
    (4, 4, 4, 4, 1),
    (1, 2, 2, 4, 6),
    (2, 3, 4, 5, 6),
    (1, 2, 3, 4, 5),
    (5, 5, 5, 2, 1),
    (1, 3, 4, 5, 6),
]


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@pytest.mark.parametrize("dice", PERMUTED_THROWS, ids=lambda d: "".join(map(str, d)))
def test_dice_order_never_matters(dice: tuple[int, ...], ruleset_id: str) -> None:
    for category in CATEGORY_ORDER[ruleset_id]:
        expected = reference_score(sorted(dice), category, ruleset_id)
        got = {score(order, category, ruleset_id) for order in itertools.permutations(dice)}
        assert got == {expected}, category


def test_score_accepts_any_iterable_of_five_faces() -> None:
    assert score(iter([3, 3, 3, 6, 6]), "full_house") == 21
    assert score((face for face in (1, 2, 3, 4, 5)), "little_straight") == 30


def test_default_rule_set_is_traditional() -> None:
    assert score([4, 4, 4, 4, 1], "four_of_a_kind") == 16
    assert find_ruleset() == RULESETS["traditional"]


# -- invalid input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "fragment"),
    [
        pytest.param([1, 2, 3, 4], "got 4", id="four dice"),
        pytest.param([1, 2, 3, 4, 5, 6], "got 6", id="six dice"),
        pytest.param([], "got 0", id="no dice"),
        pytest.param([0, 1, 2, 3, 4], "not 0", id="face 0"),
        pytest.param([1, 2, 3, 4, 7], "not 7", id="face 7"),
        pytest.param([-1, 1, 2, 3, 4], "not -1", id="negative face"),
        pytest.param([True, 2, 3, 4, 5], "not True", id="bool"),
        pytest.param([1.0, 2, 3, 4, 5], "not 1.0", id="float"),
        pytest.param(["1", 2, 3, 4, 5], "not '1'", id="string"),
        pytest.param([None, 2, 3, 4, 5], "not None", id="None"),
        pytest.param("12345", "not '1'", id="a string of digits"),
    ],
)
def test_invalid_dice(dice: list[object], fragment: str) -> None:
    with pytest.raises(InvalidDiceError) as raised:
        score(dice, "choice")  # type: ignore[arg-type]
    message = str(raised.value)
    assert fragment in message
    assert "5 dice" in message or "1 to 6" in message


@pytest.mark.parametrize("category", ["sevens", "", "Full House", "FULL_HOUSE", None, 7])
def test_unknown_category(category: object) -> None:
    with pytest.raises(UnknownCategoryError) as raised:
        score([1, 2, 3, 4, 5], category)  # type: ignore[arg-type]
    message = str(raised.value)
    assert "unknown category" in message
    assert repr(category) in message


@pytest.mark.parametrize(
    ("category", "ruleset"),
    [
        ("small_straight", "traditional"),
        ("three_of_a_kind", "traditional"),
        ("small_straight", "sum-all"),
        ("three_of_a_kind", "sum-all"),
        ("little_straight", "extended"),
    ],
)
def test_category_the_rule_set_lacks(category: str, ruleset: str) -> None:
    with pytest.raises(UnknownCategoryError) as raised:
        score([1, 2, 3, 4, 5], category, ruleset)
    assert category in str(raised.value)
    assert ruleset in str(raised.value)


@pytest.mark.parametrize("ruleset", ["poker", "", "Traditional", "extended+bonus", None, 3])
def test_unknown_rule_set(ruleset: object) -> None:
    with pytest.raises(UnknownRulesetError) as raised:
        score([1, 2, 3, 4, 5], "choice", ruleset)  # type: ignore[arg-type]
    message = str(raised.value)
    assert f"unknown rule set {ruleset!r}" in message
    assert "traditional" in message  # it lists the known ones


@pytest.mark.parametrize("ruleset", ["traditional", "sum-all"])
def test_bonus_on_a_rule_set_without_one(ruleset: str) -> None:
    with pytest.raises(UnknownRulesetError, match="no upper-section bonus"):
        find_ruleset(ruleset, upper_bonus=True)


@pytest.mark.parametrize("error", [InvalidDiceError, UnknownCategoryError, UnknownRulesetError])
def test_input_errors_are_value_errors(error: type[Exception]) -> None:
    assert issubclass(error, ValueError)
    assert issubclass(error, YachtError)


def test_input_errors_are_distinct() -> None:
    # One bad input raises exactly its own class, not a sibling.
    with pytest.raises(InvalidDiceError) as dice_error:
        score([9, 9, 9, 9, 9], "choice")
    assert not isinstance(dice_error.value, (UnknownCategoryError, UnknownRulesetError))
    with pytest.raises(UnknownCategoryError) as category_error:
        score([1, 1, 1, 1, 1], "nope")
    assert not isinstance(category_error.value, (InvalidDiceError, UnknownRulesetError))


# -- the rule sets as data -----------------------------------------------------------------

ENGLISH_NAMES = {
    "ones": "Ones",
    "twos": "Twos",
    "threes": "Threes",
    "fours": "Fours",
    "fives": "Fives",
    "sixes": "Sixes",
    "three_of_a_kind": "Three of a Kind",
    "four_of_a_kind": "Four of a Kind",
    "full_house": "Full House",
    "little_straight": "Little Straight",
    "small_straight": "Small Straight",
    "big_straight": "Big Straight",
    "choice": "Choice",
    "yacht": "Yacht",
}


def test_rule_set_ids_default_first() -> None:
    assert list(RULESETS) == ["traditional", "sum-all", "extended"]
    for ruleset_id, rules in RULESETS.items():
        assert isinstance(rules, RuleSet)
        assert rules.id == ruleset_id
        assert find_ruleset(ruleset_id) == rules


def test_category_order() -> None:
    yacht_order = [
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "full_house",
        "four_of_a_kind",
        "little_straight",
        "big_straight",
        "choice",
        "yacht",
    ]
    extended_order = [
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "three_of_a_kind",
        "four_of_a_kind",
        "small_straight",
        "big_straight",
        "full_house",
        "yacht",
        "choice",
    ]
    assert [c.value for c in RULESETS["traditional"].categories] == yacht_order
    assert [c.value for c in RULESETS["sum-all"].categories] == yacht_order
    assert [c.value for c in RULESETS["extended"].categories] == extended_order
    assert [c.value for c in find_ruleset("extended", upper_bonus=True).categories] == (
        extended_order
    )


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_printed_names(ruleset_id: str) -> None:
    rules = RULESETS[ruleset_id]
    for category in rules.categories:
        expected = ENGLISH_NAMES[category.value]
        if ruleset_id == "extended" and category is Category.CHOICE:
            expected = "Chance"
        assert rules.name_of(category) == expected


def test_choice_is_chance_only_in_extended() -> None:
    assert RULESETS["extended"].name_of(Category.CHOICE) == "Chance"
    assert RULESETS["traditional"].name_of(Category.CHOICE) == "Choice"
    assert RULESETS["sum-all"].name_of(Category.CHOICE) == "Choice"
    assert Category.CHOICE.english_name == "Choice"


def test_upper_bonus_only_in_extended_and_off_by_default() -> None:
    assert not RULESETS["traditional"].offers_bonus
    assert not RULESETS["sum-all"].offers_bonus
    assert RULESETS["extended"].offers_bonus
    for rules in RULESETS.values():
        assert rules.upper_bonus is None
        assert rules.bonus_for(105) == 0


def test_extended_bonus_is_35_at_63() -> None:
    rules = find_ruleset("extended", upper_bonus=True)
    assert rules.upper_bonus == UpperBonus(threshold=63, points=35)
    assert rules.bonus_for(62) == 0
    assert rules.bonus_for(63) == 35
    assert rules.bonus_for(105) == 35
    assert rules.bonus_for(0) == 0


def test_rule_sets_with_and_without_bonus_differ() -> None:
    plain = find_ruleset("extended")
    with_bonus = find_ruleset("extended", upper_bonus=True)
    assert plain != with_bonus
    assert with_bonus == find_ruleset("extended", upper_bonus=True)
    assert with_bonus.with_upper_bonus(False) == plain
    assert len({plain, with_bonus, find_ruleset("extended")}) == 2


def test_upper_categories() -> None:
    upper = [c for c in Category if c.is_upper]
    assert [c.value for c in upper] == ["ones", "twos", "threes", "fours", "fives", "sixes"]


# -- which dice make a score (the rules page draws them bright) ----------------------------

COUNTED = [
    # (dice, category, ruleset, the dice that make the score: 1 counts, . does not)
    ((1, 1, 4, 5, 1), "ones", "traditional", "11..1"),
    ((4, 4, 4, 4, 2), "three_of_a_kind", "extended", "111.."),
    ((4, 2, 4, 4, 4), "four_of_a_kind", "traditional", "1.111"),
    ((4, 4, 4, 4, 1), "four_of_a_kind", "sum-all", "11111"),
    ((1, 1, 2, 2, 3), "three_of_a_kind", "extended", "....."),
    ((3, 3, 3, 6, 6), "full_house", "traditional", "11111"),
    ((6, 6, 6, 6, 6), "full_house", "traditional", "....."),
    ((1, 2, 3, 4, 6), "small_straight", "extended", "1111."),
    ((6, 3, 4, 5, 6), "small_straight", "extended", "1111."),
    ((1, 2, 3, 4, 5), "small_straight", "extended", "11111"),
    ((1, 2, 3, 5, 6), "small_straight", "extended", "....."),
    ((2, 3, 4, 5, 6), "big_straight", "traditional", "11111"),
    ((1, 2, 3, 4, 6), "big_straight", "traditional", "....."),
    ((1, 2, 2, 4, 6), "choice", "traditional", "11111"),
    ((6, 6, 6, 6, 5), "yacht", "traditional", "....."),
]


@pytest.mark.parametrize(("dice", "category", "ruleset_id", "marks"), COUNTED)
def test_the_dice_that_make_a_score(
    dice: tuple[int, int, int, int, int], category: str, ruleset_id: str, marks: str
) -> None:
    scorer = find_ruleset(ruleset_id).scorers[Category(category)]
    assert "".join("1" if counts else "." for counts in scorer.counted(dice)) == marks


@pytest.mark.parametrize(("ruleset_id", "bonus"), RULESET_VARIANTS)
def test_some_dice_count_exactly_when_a_throw_scores(ruleset_id: str, bonus: bool) -> None:
    """In every category and every order of every throw: no die counts for a 0, some do for
    points, and where the points are the dice's sum it is the sum of the dice that count."""
    rules = find_ruleset(ruleset_id, upper_bonus=bonus)
    summed = {"ones", "twos", "threes", "fours", "fives", "sixes", "choice", "chance"}
    wrong = []
    for throw in THROWS:
        for dice in set(itertools.permutations(throw)):
            for category, scorer in rules.scorers.items():
                points, counted = scorer(dice), scorer.counted(dice)
                faces = [face for face, counts in zip(dice, counted, strict=True) if counts]
                summed_wrong = category.value in summed and sum(faces) != points
                if len(counted) != 5 or any(counted) != (points > 0) or summed_wrong:
                    wrong.append((dice, category.value, points, counted))
    assert wrong == []
