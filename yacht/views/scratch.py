"""Scratching: writing a 0 into a category. Worth a second look when the dice score elsewhere.

A 0 is often the right move (late in a game, a Yacht box nobody will fill), so it is never
refused; the page only asks once, naming the best open category the dice would score in.

>>> from yacht.game.state import enter_dice, new_game
>>> game = enter_dice(new_game(["Ann"], real_dice=True), [3, 3, 3, 5, 5])
>>> warning = scratch_warning(game, Category.YACHT)
>>> warning.alternative, warning.points
(<Category.FULL_HOUSE: 'full_house'>, 19)
>>> scratch_text(game, warning)
'Score 0 in Yacht? Full House would score 19.'
"""

from __future__ import annotations

from dataclasses import dataclass

from yacht.game.state import GameState
from yacht.i18n import ENGLISH, Translator
from yacht.rules.categories import Category
from yacht.views.board import category_name


@dataclass(frozen=True)
class ScratchWarning:
    """Scoring ``category`` gives 0, while ``alternative`` would give ``points``."""

    category: Category
    alternative: Category
    points: int


def scratch_warning(state: GameState, category: Category) -> ScratchWarning | None:
    """A warning when ``category`` scores 0 now but another open category scores points.

    The alternative named is the open category scoring most (the first in scorecard order on
    a tie). None when the score is not 0, when nothing else scores, or when ``category`` is
    not open.
    """
    options = state.potential_scores()
    if options.get(category, None) != 0:
        return None
    best = max(options, key=lambda c: options[c])
    if options[best] == 0:
        return None
    return ScratchWarning(category, best, options[best])


def scratch_text(state: GameState, warning: ScratchWarning, tr: Translator = ENGLISH) -> str:
    """The question asked before scratching: "Score 0 in Yacht? Full House would score 21."."""
    rules = state.ruleset
    return tr.gettext("Score 0 in {category}? {other} would score {points}.").format(
        category=category_name(rules, warning.category, tr),
        other=category_name(rules, warning.alternative, tr),
        points=warning.points,
    )
