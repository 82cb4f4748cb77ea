"""Actions as values: what a player may do next, and applying one.

Front ends and bots ask :func:`legal_actions` instead of re-deriving the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from yacht.game.state import (
    ROLLS_PER_TURN,
    GameState,
    enter_dice,
    hold,
    release,
    roll,
    score_category,
    undo_score,
)
from yacht.rules.categories import Category
from yacht.rules.dice import DICE_COUNT, DiceSource


@dataclass(frozen=True)
class Roll:
    """Throw the dice that are not held."""


@dataclass(frozen=True)
class EnterDice:
    """Put the five faces thrown with real dice on the table (a game with ``real_dice``)."""

    faces: tuple[int, ...]


@dataclass(frozen=True)
class Hold:
    """Keep die ``index`` for the next roll."""

    index: int


@dataclass(frozen=True)
class Release:
    """Put die ``index`` back among the dice to throw."""

    index: int


@dataclass(frozen=True)
class Score:
    """Fill ``category`` with the current dice."""

    category: Category


@dataclass(frozen=True)
class Undo:
    """Take back the last scoring."""


Action = Roll | EnterDice | Hold | Release | Score | Undo


def legal_actions(state: GameState) -> list[Action]:
    """Every action that changes something now.

    Any unlisted action raises when applied, except holding a held die or releasing a free
    one: those are accepted and change nothing, so a front end may "hold" without checking.
    In a game with real dice, :class:`EnterDice` is never listed (the faces are the player's
    to say): it is legal, with any five faces, exactly while the turn has throws left.
    """
    actions: list[Action] = []
    if state.is_over:
        return [Undo()] if state.can_undo() else []
    if not state.real_dice and state.rolls < ROLLS_PER_TURN and not all(state.held):
        actions.append(Roll())
    if not state.real_dice and 0 < state.rolls < ROLLS_PER_TURN:
        actions += [Release(i) if state.held[i] else Hold(i) for i in range(DICE_COUNT)]
    if state.rolls > 0:
        actions += [Score(category) for category in state.open_categories()]
    if state.can_undo():
        actions.append(Undo())
    return actions


def apply(state: GameState, action: Action, source: DiceSource | None = None) -> GameState:
    """The state after ``action``; ``source`` throws the dice when the action is a roll."""
    match action:
        case Roll():
            return roll(state, source)
        case EnterDice(faces):
            return enter_dice(state, faces)
        case Hold(index):
            return hold(state, index)
        case Release(index):
            return release(state, index)
        case Score(category):
            return score_category(state, category)
        case Undo():
            return undo_score(state)
    raise TypeError(f"not an action: {action!r}")
