"""Games built in Python to be planted in a page's storage: an ending is then one roll and one
tap away, in any engine."""

from __future__ import annotations

import random
from typing import Any

from yacht.game.actions import apply
from yacht.game.state import GameState, new_game, roll, score_category
from yacht.rules.categories import Category
from yacht.strategy import choose_action

LAST = Category.CHOICE
"""The category left open in a planted game: it always scores, so no question is asked."""


def finished_but(
    names: tuple[str, ...], seed: int, *, left: Category | None = LAST, computers: Any = None
) -> GameState:
    """A traditional game played at random to the end — or to ``left``, the last open one."""
    rng = random.Random(seed)
    state = new_game(list(names), seed=seed, computers=computers)
    categories = [c for c in state.ruleset.categories if c is not left]
    for category in categories:
        for _ in names:
            state = score_category(roll(state, rng), category)
    return state


def finished(names: tuple[str, ...], seed: int) -> GameState:
    """A traditional game played at random to the end."""
    return finished_but(names, seed, left=None)


def well_played(
    names: tuple[str, ...], seed: int, *, computers: Any = None, turns: int = 12
) -> GameState:
    """A traditional game played by the strong computer for every seat, ``turns`` turns long;
    the seats stay people unless ``computers`` says otherwise (scores like a real table's)."""
    rng = random.Random(seed)
    state = new_game(list(names), seed=seed, computers=computers)
    while not state.is_over and state.turn_number <= turns:
        state = apply(state, choose_action(state, "strong", rng), rng)
    return state
