"""Yacht, the traditional five-dice game: rules, game state and save format in pure Python.

>>> import yacht
>>> yacht.score([4, 4, 4, 4, 1], "four_of_a_kind", ruleset="sum-all")
17
>>> game = yacht.new_game(["Ann", "Ben"], seed=7)
>>> game = yacht.roll(game)
>>> game.rolls_left
2
>>> round(yacht.expected_score("traditional"), 3)
166.955
"""

# First of all: on the deployed site, the dataclasses below are made with methods compiled at
# build time (yacht/dataclass_code.py); elsewhere this does nothing.
from yacht.dataclass_code import install_shipped

install_shipped()

from yacht.errors import (
    AllDiceHeldError,
    BlankNameError,
    CategoryFilledError,
    DiceModeError,
    DuplicateNameError,
    GameOverError,
    IllegalActionError,
    InvalidDiceError,
    InvalidDieIndexError,
    InvalidFilledError,
    InvalidHeldError,
    InvalidPositionError,
    InvalidRollsLeftError,
    InvalidSaveError,
    InvalidSeedError,
    InvalidSetupError,
    InvalidStateError,
    InvalidSubtotalError,
    NamesFixedError,
    NoRollsLeftError,
    NothingToUndoError,
    NotRolledYetError,
    UnknownCategoryError,
    UnknownRulesetError,
    UnsupportedSaveVersionError,
    YachtError,
)
from yacht.game.actions import (
    Action,
    EnterDice,
    Hold,
    Release,
    Roll,
    Score,
    Undo,
    apply,
    legal_actions,
)
from yacht.game.players import MAX_NAME_LENGTH, MAX_PLAYERS, Scorecard, Totals, clean_name
from yacht.game.state import (
    Challenge,
    GameState,
    LastScore,
    enter_dice,
    hold,
    new_game,
    release,
    rename_players,
    roll,
    score_category,
    toggle_hold,
    undo_score,
)
from yacht.rules.categories import Category
from yacht.rules.dice import Dice, DiceSource, all_throws, seeded_dice, system_dice
from yacht.rules.rulesets import (
    RULESETS,
    RuleSet,
    UpperBonus,
    find_ruleset,
    possible_scores,
    score,
    scores_for,
)


def expected_score(ruleset: str | RuleSet = "traditional", *, upper_bonus: bool = False) -> float:
    """The optimal expected final score of a fresh solitaire game of ``ruleset``.

    The solver is imported on the first call, so ``import yacht`` stays cheap.
    """
    from yacht.strategy.advice import expected_score as solved

    return solved(ruleset, upper_bonus=upper_bonus)


__all__ = [
    "MAX_NAME_LENGTH",
    "MAX_PLAYERS",
    "RULESETS",
    "Action",
    "AllDiceHeldError",
    "BlankNameError",
    "Category",
    "CategoryFilledError",
    "Challenge",
    "Dice",
    "DiceModeError",
    "DiceSource",
    "DuplicateNameError",
    "EnterDice",
    "GameOverError",
    "GameState",
    "Hold",
    "IllegalActionError",
    "InvalidDiceError",
    "InvalidDieIndexError",
    "InvalidFilledError",
    "InvalidHeldError",
    "InvalidPositionError",
    "InvalidRollsLeftError",
    "InvalidSaveError",
    "InvalidSeedError",
    "InvalidSetupError",
    "InvalidStateError",
    "InvalidSubtotalError",
    "LastScore",
    "NamesFixedError",
    "NoRollsLeftError",
    "NotRolledYetError",
    "NothingToUndoError",
    "Release",
    "Roll",
    "RuleSet",
    "Score",
    "Scorecard",
    "Totals",
    "Undo",
    "UnknownCategoryError",
    "UnknownRulesetError",
    "UnsupportedSaveVersionError",
    "UpperBonus",
    "YachtError",
    "all_throws",
    "apply",
    "clean_name",
    "enter_dice",
    "expected_score",
    "find_ruleset",
    "hold",
    "legal_actions",
    "new_game",
    "possible_scores",
    "release",
    "rename_players",
    "roll",
    "score",
    "score_category",
    "scores_for",
    "seeded_dice",
    "system_dice",
    "toggle_hold",
    "undo_score",
]
