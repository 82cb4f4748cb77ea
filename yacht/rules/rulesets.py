"""The three rule sets as data, found by id, and scoring a throw under one of them.

A rule set is the ordered list of its categories with a scorer each, plus its optional
upper-section bonus. Nothing else in the engine asks which rule set it is playing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType

from yacht.errors import UnknownCategoryError, UnknownRulesetError
from yacht.rules.categories import UPPER_FACES, Category
from yacht.rules.dice import Dice, all_throws, validate_dice
from yacht.rules.scoring import (
    AllSame,
    ExactFaces,
    FaceCount,
    FullHouse,
    OfAKind,
    Run,
    Scorer,
    Total,
)


@dataclass(frozen=True)
class UpperBonus:
    """Extra points when Ones to Sixes together reach ``threshold``."""

    threshold: int
    points: int


@dataclass(frozen=True, eq=False)
class RuleSet:
    """One way of playing: which categories, how each scores, and any bonus.

    Two rule sets are equal when they have the same id and the same bonus in force: the id
    fixes everything else.
    """

    id: str
    title: str
    scorers: Mapping[Category, Scorer] = field(repr=False)
    names: Mapping[Category, str] = field(default_factory=dict, repr=False)
    """English names that differ from ``Category.english_name``."""
    upper_bonus: UpperBonus | None = None
    """The bonus in force for this game (None: no bonus)."""
    bonus_option: UpperBonus | None = field(default=None, repr=False)
    """The bonus a player may switch on at setup, if the rule set offers one."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RuleSet):
            return NotImplemented
        return (self.id, self.upper_bonus) == (other.id, other.upper_bonus)

    def __hash__(self) -> int:
        return hash((self.id, self.upper_bonus))

    @property
    def categories(self) -> tuple[Category, ...]:
        """The categories in scorecard order."""
        return tuple(self.scorers)

    @property
    def offers_bonus(self) -> bool:
        """Whether the upper-section bonus can be chosen at setup."""
        return self.bonus_option is not None

    def with_upper_bonus(self, enabled: bool) -> RuleSet:
        """This rule set with its optional upper-section bonus switched on or off."""
        if enabled and self.bonus_option is None:
            raise UnknownRulesetError(f"rule set {self.id!r} has no upper-section bonus option")
        return dataclasses.replace(self, upper_bonus=self.bonus_option if enabled else None)

    def check(self, category: str | Category) -> Category:
        """The category, if this rule set uses it; else :class:`UnknownCategoryError`."""
        parsed = Category.parse(category)
        if parsed not in self.scorers:
            used = ", ".join(self.categories)
            raise UnknownCategoryError(
                f"rule set {self.id!r} has no category {parsed.value!r}; it uses: {used}"
            )
        return parsed

    def name_of(self, category: Category) -> str:
        """The category's English name as this rule set prints it."""
        return self.names.get(category, category.english_name)

    def bonus_for(self, upper_subtotal: int) -> int:
        """The upper-section bonus earned by this subtotal (0 without a bonus)."""
        bonus = self.upper_bonus
        return bonus.points if bonus is not None and upper_subtotal >= bonus.threshold else 0


def _upper() -> dict[Category, Scorer]:
    return {category: FaceCount(face) for category, face in UPPER_FACES.items()}


def _yacht_sheet(four_of_a_kind: OfAKind) -> dict[Category, Scorer]:
    return _upper() | {
        Category.FULL_HOUSE: FullHouse(points=None),
        Category.FOUR_OF_A_KIND: four_of_a_kind,
        Category.LITTLE_STRAIGHT: ExactFaces((1, 2, 3, 4, 5), 30),
        Category.BIG_STRAIGHT: ExactFaces((2, 3, 4, 5, 6), 30),
        Category.CHOICE: Total(),
        Category.YACHT: AllSame(50),
    }


TRADITIONAL = RuleSet(
    id="traditional",
    title="Traditional Yacht",
    scorers=MappingProxyType(_yacht_sheet(OfAKind(4, counts="matching"))),
)

SUM_ALL = RuleSet(
    id="sum-all",
    title="Yacht, Four of a Kind counts all dice",
    scorers=MappingProxyType(_yacht_sheet(OfAKind(4, counts="all"))),
)

EXTENDED = RuleSet(
    id="extended",
    title="Extended scoresheet",
    scorers=MappingProxyType(
        _upper()
        | {
            Category.THREE_OF_A_KIND: OfAKind(3, counts="matching"),
            Category.FOUR_OF_A_KIND: OfAKind(4, counts="matching"),
            Category.SMALL_STRAIGHT: Run(4, 25),
            Category.BIG_STRAIGHT: Run(5, 30),
            Category.FULL_HOUSE: FullHouse(points=40),
            Category.YACHT: AllSame(50),
            Category.CHOICE: Total(),
        }
    ),
    names=MappingProxyType({Category.CHOICE: "Chance"}),
    bonus_option=UpperBonus(threshold=63, points=35),
)

RULESETS: Mapping[str, RuleSet] = MappingProxyType(
    {ruleset.id: ruleset for ruleset in (TRADITIONAL, SUM_ALL, EXTENDED)}
)
"""Every shipped rule set by id, the default first."""

DEFAULT_RULESET = TRADITIONAL.id


def find_ruleset(ruleset: str | RuleSet = DEFAULT_RULESET, *, upper_bonus: bool = False) -> RuleSet:
    """The rule set with this id (a :class:`RuleSet` passes through unchanged)."""
    if isinstance(ruleset, RuleSet):
        return ruleset.with_upper_bonus(True) if upper_bonus else ruleset
    try:
        found = RULESETS[ruleset]
    except (KeyError, TypeError):
        known = ", ".join(RULESETS)
        raise UnknownRulesetError(f"unknown rule set {ruleset!r}; known: {known}") from None
    return found.with_upper_bonus(upper_bonus)


def score(
    dice: Iterable[int], category: str | Category, ruleset: str | RuleSet = DEFAULT_RULESET
) -> int:
    """The points ``dice`` score in ``category`` under ``ruleset``.

    >>> score([4, 4, 4, 4, 1], "four_of_a_kind")
    16
    >>> score([4, 4, 4, 4, 1], "four_of_a_kind", "sum-all")
    17
    >>> score([3, 3, 3, 6, 6], "full_house", "extended")
    40
    """
    rules = find_ruleset(ruleset)
    checked = rules.check(category)
    return rules.scorers[checked](validate_dice(dice))


def scores_for(dice: Dice, ruleset: RuleSet) -> dict[Category, int]:
    """What ``dice`` would score in every category of ``ruleset``, in scorecard order."""
    return {category: scorer(dice) for category, scorer in ruleset.scorers.items()}


@cache
def possible_scores(ruleset: RuleSet, category: Category) -> frozenset[int]:
    """Every score some throw can make in ``category`` (used to reject impossible saves)."""
    scorer = ruleset.scorers[category]
    return frozenset(scorer(throw) for throw in all_throws())
