"""Computer players at several strengths, each choosing the next engine action.

- ``"optimal"`` follows the advice exactly: the highest expected final score.
- ``"strong"`` weighs the advice's options by ``exp(-cost / 0.4)``: usually right, now and then
  a cheap slip, like a good human player.
- ``"casual"`` plays like a regular: scores greedily (the most points above what the category
  is usually worth), keeps the biggest group of equal dice or a straight draw, and stops as
  soon as it has a straight, a full house or a Yacht.
- ``"beginner"`` plays the casual way with mistakes: random keeps, early stops, careless
  choice of category.

Every level maximises its own solitaire score; it does not look at the other players.
Randomness comes from the ``random.Random`` passed in, without advancing it: each decision
draws from a generator seeded by the caller's generator state and the decision point, so
asking again before acting gives the same answer, and a game replays exactly.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import TypeVar

from yacht.errors import GameOverError
from yacht.game.actions import Action, Hold, Release, Roll, Score
from yacht.game.players import COMPUTER_LEVELS
from yacht.game.state import GameState
from yacht.rules.categories import Category
from yacht.rules.dice import DICE_COUNT, Dice
from yacht.rules.rulesets import RuleSet
from yacht.strategy.advice import Evaluation, evaluate_state
from yacht.strategy.keeps import positions_of
from yacht.strategy.tables import load_values

BOT_LEVELS = COMPUTER_LEVELS
"""Bot strengths, weakest first."""

STRONG_TEMPERATURE = 0.4
"""Expected cost (points) that makes a "strong" slip e (about 2.7) times less likely."""

_STOPPERS = frozenset(
    {
        Category.YACHT,
        Category.FULL_HOUSE,
        Category.LITTLE_STRAIGHT,
        Category.SMALL_STRAIGHT,
        Category.BIG_STRAIGHT,
    }
)
"""Categories a casual player scores as soon as the dice make them."""


def choose_action(
    state: GameState, level: str = "optimal", rng: random.Random | None = None
) -> Action:
    """The next action of a bot of strength ``level`` playing the current player.

    Holds and releases come one at a time until the dice held match the bot's keep, then a
    roll; after the last roll, or when the bot is content, a score.
    """
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(BOT_LEVELS)}")
    if state.is_over:
        raise GameOverError("the game is over: no action to choose")
    if state.dice is None:
        return Roll()
    decision: Category | tuple[int, ...]
    if level == "optimal":
        decision = _optimal(state, evaluate_state(state))
    elif level == "strong":
        decision = _strong(state, evaluate_state(state), _decision_rng(state, rng))
    else:
        decision = _human(state, _decision_rng(state, rng), careless=level == "beginner")
    if isinstance(decision, Category):
        return Score(decision)
    return _toward(state, decision)


def _decision_rng(state: GameState, rng: random.Random | None) -> random.Random:
    """A generator for this decision only: the same every time this decision is asked for."""
    seed = 0
    if rng is not None:
        peek = random.Random()
        peek.setstate(rng.getstate())
        seed = peek.getrandbits(64)
    card = state.current_player
    return random.Random(f"{seed}:{state.current}:{len(card.scores)}:{state.rolls}:{state.dice}")


def _toward(state: GameState, positions: tuple[int, ...]) -> Action:
    """The first hold or release that moves the held dice toward ``positions``, else a roll."""
    for index in range(DICE_COUNT):
        wanted = index in positions
        if state.held[index] != wanted:
            return Hold(index) if wanted else Release(index)
    return Roll()


# -- optimal and strong ----------------------------------------------------------------------


def _optimal(state: GameState, found: Evaluation) -> Category | tuple[int, ...]:
    if found.keeps and len(found.keeps[0][0]) < DICE_COUNT:
        return _hold(state, found.keeps[0][0])
    return state.ruleset.categories[found.categories[0][0]]


def _strong(
    state: GameState, found: Evaluation, chance: random.Random
) -> Category | tuple[int, ...]:
    if found.keeps:
        faces = _softmax_pick(found.value, found.keeps, chance)[0]
        if len(faces) < DICE_COUNT:
            return _hold(state, faces)
    return state.ruleset.categories[_softmax_pick(found.value, found.categories, chance)[0]]


_Option = TypeVar("_Option", tuple[tuple[int, ...], float], tuple[int, int, int, float])


def _softmax_pick(best: float, options: Sequence[_Option], chance: random.Random) -> _Option:
    # An option's value is its last element; the weights fall with its cost.
    weights = [math.exp((option[-1] - best) / STRONG_TEMPERATURE) for option in options]
    return chance.choices(options, weights)[0]


def _hold(state: GameState, faces: Sequence[int]) -> tuple[int, ...]:
    assert state.dice is not None
    return positions_of(state.dice, faces, state.held)


# -- casual and beginner ---------------------------------------------------------------------


@cache
def par(ruleset: RuleSet) -> dict[Category, float]:
    """What each category is worth to a player who spends a whole turn on it alone.

    It is the solver's value of the last turn with only that category open, so it needs no
    hand-tuned numbers and follows the rule set.
    """
    values = load_values(ruleset.with_upper_bonus(False))
    full = values.space.full_mask
    return {
        category: values.value(full & ~(1 << index), 0)
        for index, category in enumerate(values.space.categories)
    }


def _human(
    state: GameState, chance: random.Random, *, careless: bool
) -> Category | tuple[int, ...]:
    dice = state.dice
    assert dice is not None
    rules = state.ruleset
    open_categories = state.open_categories()
    gains = {c: rules.scorers[c](dice) - par(rules)[c] for c in open_categories}
    if careless:
        # Misjudges what a box is worth by a few points either way.
        gains = {c: gain + chance.gauss(0, 4) for c, gain in gains.items()}
    best = max(open_categories, key=lambda c: (gains[c], -open_categories.index(c)))
    content = any(rules.scorers[c](dice) > 0 for c in open_categories if c in _STOPPERS)
    if state.rolls_left == 0 or content:
        return best
    if careless and chance.random() < 0.15:
        return best  # stops early, happy enough
    if careless and chance.random() < 0.25:
        keep = tuple(i for i in range(DICE_COUNT) if chance.random() < 0.5)
    else:
        keep = _keep_heuristic(dice, open_categories, state.held)
    # Holding all five would be no roll at all: that is scoring now.
    return best if len(keep) == DICE_COUNT else keep


def _keep_heuristic(
    dice: Dice, open_categories: Sequence[Category], held: Sequence[bool]
) -> tuple[int, ...]:
    """Keep a straight draw if a straight is open and four of it are showing, else the
    biggest group of equal dice (the higher face on a tie), else a 5 or 6, else nothing."""
    straights: dict[Category, list[tuple[int, ...]]] = {
        Category.LITTLE_STRAIGHT: [(1, 2, 3, 4, 5)],
        Category.BIG_STRAIGHT: [(2, 3, 4, 5, 6)],
        Category.SMALL_STRAIGHT: [(1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6)],
    }
    if Category.SMALL_STRAIGHT in open_categories:
        # In the extended sheet the big straight is any five in a row.
        straights[Category.BIG_STRAIGHT] = [(1, 2, 3, 4, 5), (2, 3, 4, 5, 6)]
    present = set(dice)
    for category, runs in straights.items():
        if category not in open_categories:
            continue
        for run in runs:
            have = [face for face in run if face in present]
            if len(have) >= len(run) - 1:
                return positions_of(dice, have, held)
    counts = Counter(dice)
    face, seen = max(counts.items(), key=lambda item: (item[1], item[0]))
    if seen >= 2:
        return positions_of(dice, [face] * seen, held)
    high = max(dice)
    return positions_of(dice, [high], held) if high >= 5 else ()
