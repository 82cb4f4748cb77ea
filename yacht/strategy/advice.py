"""Advice for any position: the best keep, the best category, and what every option is worth.

Every option is valued as the expected final score of a solitaire game in which the player
takes that option now and plays optimally afterwards, so the cost of a choice is simply the
best option's value minus its own.

>>> advice = advise([6, 6, 6, 6, 6], 0, ruleset="traditional")
>>> advice.best_category.category, advice.best_category.points
(<Category.YACHT: 'yacht'>, 50)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from yacht.errors import (
    GameOverError,
    InvalidFilledError,
    InvalidHeldError,
    InvalidRollsLeftError,
    InvalidStateError,
    NotRolledYetError,
)
from yacht.game.state import ROLLS_PER_TURN, GameState
from yacht.rules.categories import Category
from yacht.rules.dice import DICE_COUNT, Dice, validate_dice
from yacht.rules.rulesets import DEFAULT_RULESET, RuleSet, find_ruleset
from yacht.strategy.keeps import keep_graph, keep_values, positions_of
from yacht.strategy.states import StateSpace
from yacht.strategy.tables import StateValues, load_values
from yacht.strategy.turn import category_value, final_values, throw_values

MAX_ROLLS_LEFT = ROLLS_PER_TURN - 1
"""Rolls left right after the turn's first roll."""


@dataclass(frozen=True, slots=True)
class KeepOption:
    """Holding ``faces`` (at die ``positions``) and rolling the rest, or stopping to score."""

    faces: tuple[int, ...]
    """The faces held, ascending; all five means "stop rolling and score now"."""
    positions: tuple[int, ...]
    """Die positions (0 to 4) to hold, ascending."""
    value: float
    """Expected final score after this keep with optimal play afterwards."""

    @property
    def stops(self) -> bool:
        """True for the option of keeping every die: stop rolling and score."""
        return len(self.faces) == DICE_COUNT

    @property
    def rerolled(self) -> int:
        """How many dice this keep rolls again."""
        return DICE_COUNT - len(self.faces)


@dataclass(frozen=True, slots=True)
class CategoryOption:
    """Scoring the dice in ``category`` now."""

    category: Category
    points: int
    """Points the dice score there."""
    bonus: int
    """Upper-section bonus this scoring earns (0 mostly)."""
    value: float
    """Expected final score after scoring here with optimal play afterwards."""


@dataclass(frozen=True, slots=True)
class Advice:
    """Every option in one position, best first, valued as expected final scores."""

    dice: Dice
    rolls_left: int
    value: float
    """Expected final score with optimal play from here: the best option's value."""
    keeps: tuple[KeepOption, ...]
    """Every distinct keep of these dice, best first; empty when no rolls are left."""
    categories: tuple[CategoryOption, ...]
    """Every open category, best first."""

    @property
    def best_keep(self) -> KeepOption | None:
        """The best keep, or None when no rolls are left."""
        return self.keeps[0] if self.keeps else None

    @property
    def best_category(self) -> CategoryOption:
        """The best category to score these dice in now."""
        return self.categories[0]

    @property
    def should_score(self) -> bool:
        """Whether the best play is to score now rather than roll again."""
        return not self.keeps or self.keeps[0].stops

    def cost(self, option: KeepOption | CategoryOption) -> float:
        """Expected points given away by taking ``option`` instead of the best one (>= 0)."""
        return max(0.0, self.value - option.value)


def expected_score(ruleset: str | RuleSet = DEFAULT_RULESET, *, upper_bonus: bool = False) -> float:
    """Optimal expected final score of a fresh solitaire game.

    >>> round(expected_score("traditional"), 1)
    167.0
    """
    return load_values(find_ruleset(ruleset, upper_bonus=upper_bonus)).value(0, 0)


def preload(ruleset: str | RuleSet = DEFAULT_RULESET, *, upper_bonus: bool = False) -> None:
    """Read the rule set's table now (a page calls this once it is interactive).

    The first advice would do it anyway; the bonus table takes a few hundred milliseconds.
    """
    load_values(find_ruleset(ruleset, upper_bonus=upper_bonus))
    keep_graph()


def advise(
    dice: Iterable[int],
    rolls_left: int,
    filled: Iterable[Category | str] = (),
    upper_subtotal: int = 0,
    *,
    ruleset: str | RuleSet = DEFAULT_RULESET,
    upper_bonus: bool = False,
    banked: int = 0,
    held: Sequence[bool] | None = None,
) -> Advice:
    """Advice for ``dice`` with ``rolls_left`` (0 to 2) and these categories already filled.

    ``upper_subtotal`` is the sum of the filled upper categories (it matters with the bonus).
    Values are expected *final* scores when ``banked`` is the points already on the card
    (bonus included); with the default 0 they are the points still to come. ``held`` only
    picks which of equal dice a keep names, preferring dice already held.

    Input no game could have raises a subclass of :class:`yacht.errors.InvalidStateError`
    naming what is wrong (:class:`yacht.errors.InvalidDiceError` for the dice,
    :class:`yacht.errors.UnknownCategoryError` for a category the rule set lacks).
    """
    rules = find_ruleset(ruleset, upper_bonus=upper_bonus)
    throw = validate_dice(dice)
    check_rolls_left(rolls_left)
    hint = _held_flags(held)
    if isinstance(banked, bool) or not isinstance(banked, int) or banked < 0:
        raise InvalidStateError(f"banked points are a whole number from 0, not {banked!r}")
    values = load_values(rules)
    space = values.space
    mask = _filled_mask(space, filled)
    found = evaluate(values, mask, upper_subtotal, tuple(sorted(throw)), rolls_left)
    return Advice(
        dice=throw,
        rolls_left=rolls_left,
        value=banked + found.value,
        keeps=tuple(
            KeepOption(faces, positions_of(throw, faces, hint), banked + worth)
            for faces, worth in found.keeps
        ),
        categories=tuple(
            CategoryOption(space.categories[index], points, earned, banked + worth)
            for index, points, earned, worth in found.categories
        ),
    )


def check_rolls_left(rolls_left: object) -> None:
    """Raise :class:`InvalidRollsLeftError` unless ``rolls_left`` is an int from 0 to 2."""
    if isinstance(rolls_left, bool) or not isinstance(rolls_left, int):
        raise InvalidRollsLeftError(
            f"rolls left are a whole number from 0 to {MAX_ROLLS_LEFT}, not {rolls_left!r}"
        )
    if not 0 <= rolls_left <= MAX_ROLLS_LEFT:
        raise InvalidRollsLeftError(
            f"after a roll 0 to {MAX_ROLLS_LEFT} rolls are left, not {rolls_left!r}"
        )


def _held_flags(held: Sequence[bool] | None) -> tuple[bool, ...]:
    if held is None:
        return (False,) * DICE_COUNT
    if isinstance(held, str | bytes):
        raise InvalidHeldError(f"held is {DICE_COUNT} true/false flags, not the text {held!r}")
    flags = tuple(held)
    if len(flags) != DICE_COUNT or not all(isinstance(flag, bool) for flag in flags):
        raise InvalidHeldError(f"held is {DICE_COUNT} true/false flags, one a die, not {flags!r}")
    return flags


def _filled_mask(space: StateSpace, filled: Iterable[Category | str]) -> int:
    if isinstance(filled, str):
        raise InvalidFilledError(
            f"filled is a collection of categories, not the single value {filled!r}"
        )
    categories = [space.ruleset.check(category) for category in filled]
    seen: set[Category] = set()
    for category in categories:
        if category in seen:
            raise InvalidFilledError(f"the category {category.value!r} is listed twice as filled")
        seen.add(category)
    return space.mask_of(categories)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A position's options as the solver sees them: points still to come, best first."""

    value: float
    keeps: tuple[tuple[tuple[int, ...], float], ...]
    """(faces kept, value) for every distinct keep; empty with no rolls left."""
    categories: tuple[tuple[int, int, int, float], ...]
    """(category index, points, bonus earned, value) for every open category."""


@lru_cache(maxsize=1024)
def evaluate(
    values: StateValues, mask: int, upper_subtotal: int, throw: Dice, rolls_left: int
) -> Evaluation:
    """Every option of a position (``throw`` sorted), valued without the points banked.

    Cached, because a bot asks again after every hold and a player's screen after every click.
    """
    space = values.space
    check_rolls_left(rolls_left)
    if mask == space.full_mask:
        raise GameOverError("every category is filled: nothing to advise")
    space.check_position(mask, upper_subtotal)
    subtotal = space.cap(upper_subtotal)

    graph = keep_graph()
    throw_number = graph.throw_keep(throw) - graph.first_throw
    categories = []
    for index in space.open_indices(mask):
        points = space.points[index][throw_number]
        earned = space.after_scoring(subtotal, index, points)[1]
        worth = category_value(space, values, mask, subtotal, index, points)
        categories.append((index, points, earned, worth))
    categories.sort(key=lambda option: (-option[3], option[0]))
    score_now = categories[0][3]

    keeps: list[tuple[tuple[int, ...], float]] = []
    if rolls_left:
        keep_value = _keep_values(values, mask, subtotal, rolls_left)
        for keep in graph.sub_keeps(throw):
            faces = graph.keeps[keep]
            # Keeping all five is stopping: its worth is scoring the best category now.
            keeps.append((faces, score_now if len(faces) == DICE_COUNT else keep_value[keep]))
        keeps.sort(key=lambda option: (-option[1], -len(option[0]), option[0]))
    best = max(score_now, keeps[0][1]) if keeps else score_now
    return Evaluation(best, tuple(keeps), tuple(categories))


def advise_state(state: GameState) -> Advice:
    """Advice for the player whose turn it is, after at least one roll."""
    dice = _require_dice(state)
    card = state.current_player
    totals = card.totals(state.ruleset)
    return advise(
        dice,
        state.rolls_left,
        card.scores,
        totals.upper,
        ruleset=state.ruleset,
        banked=totals.total,
        held=state.held,
    )


def evaluate_state(state: GameState) -> Evaluation:
    """The current player's options, valued as points still to come (what bots need)."""
    dice = _require_dice(state)
    values = load_values(state.ruleset)
    card = state.current_player
    upper = card.totals(state.ruleset).upper
    mask = values.space.mask_of(card.scores)
    return evaluate(values, mask, upper, tuple(sorted(dice)), state.rolls_left)


def expected_final_score(state: GameState) -> float:
    """The current player's expected final score with optimal play from now on."""
    card = state.current_player
    totals = card.totals(state.ruleset)
    if state.dice is not None and not state.is_over:
        return totals.total + evaluate_state(state).value
    values = load_values(state.ruleset)
    mask = values.space.mask_of(card.scores)
    return totals.total + values.value(mask, values.space.cap(totals.upper))


def _require_dice(state: GameState) -> Dice:
    if state.is_over:
        raise GameOverError("the game is over: nothing to advise")
    if state.dice is None:
        raise NotRolledYetError("roll first: advice needs dice on the table")
    return state.dice


@lru_cache(maxsize=64)
def _turn(values: StateValues, mask: int, subtotal: int) -> list[list[float]]:
    # A turn's advice asks for the same state up to three times; bots ask far more often.
    return throw_values(final_values(values.space, values, mask, subtotal))


@lru_cache(maxsize=64)
def _keep_values(values: StateValues, mask: int, subtotal: int, rolls_left: int) -> list[float]:
    return keep_values(_turn(values, mask, subtotal)[rolls_left - 1])
