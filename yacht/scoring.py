"""Scoring one throw in one category."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from yacht.categories import Category
from yacht.dice import Dice, all_throws, validate_dice
from yacht.rulesets import DEFAULT_RULESET, RuleSet, find_ruleset


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
