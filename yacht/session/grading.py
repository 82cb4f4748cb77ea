"""The coach's grades: what a decision cost against the best play, in expected points.

A decision is judged in the position before it: a roll by the dice held when it was thrown,
a scoring by the category chosen. The solver (:mod:`yacht.strategy`) values every option as
an expected final score; the cost is the best option's value minus the chosen one's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from yacht.errors import AllDiceHeldError, CategoryFilledError, NoRollsLeftError
from yacht.game.actions import Action, Roll, Score
from yacht.game.state import GameState
from yacht.rules.categories import Category
from yacht.session.coach_log import CoachEntry, Move

TIE = 1e-9
"""Options this close are equally good: the solver's values are exact to well inside it, so
anything costing more is a real, if small, loss."""

if TYPE_CHECKING:
    from yacht.strategy.advice import Advice, CategoryOption, KeepOption


def grade(before: GameState, action: Action) -> CoachEntry | None:
    """The coach's entry for ``action`` taken in ``before`` (None: it is no decision).

    The solver is imported on first use, so a game without the coach never loads it. Raises
    :class:`~yacht.errors.TableError` when the rule set's value table is not available.
    """
    if before.dice is None or before.is_over or not isinstance(action, Roll | Score):
        return None  # the turn's first roll decides nothing
    from yacht.strategy.advice import advise_state

    advice = advise_state(before)
    if isinstance(action, Roll):
        return grade_keep(before, advice)
    return grade_score(before, action.category, advice)


def grade_keep(state: GameState, advice: Advice) -> CoachEntry:
    """The cost of rolling again with the dice ``state`` holds (graded before the roll).

    :class:`NoRollsLeftError` when no roll is left to make, :class:`AllDiceHeldError` when
    every die is held (that is no roll at all).
    """
    if not advice.keeps:
        raise NoRollsLeftError("no rolls are left: there is no keep to grade, only a scoring")
    held = tuple(sorted(face for face, on in zip(advice.dice, state.held, strict=True) if on))
    if len(held) == len(advice.dice):
        raise AllDiceHeldError("every die is held: rolling would change nothing")
    chosen = next(option for option in advice.keeps if option.faces == held)
    return CoachEntry(
        state.current, state.turn_number, _loss(advice, chosen), Move("hold", held), _best(advice)
    )


def grade_score(state: GameState, category: Category, advice: Advice) -> CoachEntry:
    """The cost of scoring the dice of ``state`` in ``category`` (graded before scoring).

    :class:`CategoryFilledError` when the player has already filled ``category``.
    """
    checked = state.ruleset.check(category)
    chosen = next((option for option in advice.categories if option.category == checked), None)
    if chosen is None:
        raise CategoryFilledError(f"{checked.value!r} is already filled: it cannot be graded")
    move = Move("score", category=checked, points=chosen.points)
    return CoachEntry(state.current, state.turn_number, _loss(advice, chosen), move, _best(advice))


def is_best(loss: float) -> bool:
    """Whether a decision with this loss was (one of) the best."""
    return loss <= TIE


def _loss(advice: Advice, option: KeepOption | CategoryOption) -> float:
    # Unrounded: a loss of 0.004 is a loss. Options within TIE are equally good: no loss.
    cost = advice.cost(option)
    return 0.0 if is_best(cost) else cost


def _best(advice: Advice) -> Move:
    best_keep = advice.best_keep
    if advice.should_score or best_keep is None:
        best = advice.best_category
        return Move("score", category=best.category, points=best.points)
    return Move("hold", best_keep.faces)
