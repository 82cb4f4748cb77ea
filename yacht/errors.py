"""The exceptions the engine raises: every illegal input or action has its own class."""

from __future__ import annotations


class YachtError(Exception):
    """Base class of every error the engine raises on purpose."""


class InvalidDiceError(YachtError, ValueError):
    """Dice that are not five faces from 1 to 6."""


class UnknownCategoryError(YachtError, ValueError):
    """A category id that does not exist, or that the rule set does not use."""


class UnknownRulesetError(YachtError, ValueError):
    """A rule set id that is not one of the shipped rule sets."""


class InvalidSetupError(YachtError, ValueError):
    """A new game asked for with a wrong number of players or an unusable name."""


class InvalidStateError(YachtError, ValueError):
    """A game state that no sequence of legal actions could reach."""


class InvalidPositionError(InvalidStateError):
    """A position given to the advice that no game could be in: its message says which part."""


class InvalidRollsLeftError(InvalidPositionError):
    """Rolls left that are not a whole number from 0 to 2."""


class InvalidHeldError(InvalidPositionError):
    """Held-dice flags that are not five true/false values."""


class InvalidFilledError(InvalidPositionError):
    """Filled categories given as a bare string, or with a category listed twice."""


class InvalidSubtotalError(InvalidPositionError):
    """An upper subtotal that the filled upper categories cannot add up to."""


class IllegalActionError(YachtError, ValueError):
    """An action the rules do not allow in the current state; the state is unchanged."""


class GameOverError(IllegalActionError):
    """Any action after every category of every player is filled."""


class NoRollsLeftError(IllegalActionError):
    """A fourth roll in one turn."""


class NotRolledYetError(IllegalActionError):
    """Holding or scoring before the first roll of the turn."""


class AllDiceHeldError(IllegalActionError):
    """A roll with all five dice held would change nothing."""


class InvalidDieIndexError(IllegalActionError):
    """A die position outside 0..4."""


class CategoryFilledError(IllegalActionError):
    """Scoring a category the player has already filled."""


class NothingToUndoError(IllegalActionError):
    """Undo with no scoring to take back, or after the next roll."""


class DiceModeError(IllegalActionError):
    """Rolling or holding in a game played with real dice, or entering faces in one that rolls."""


class InvalidSaveError(YachtError, ValueError):
    """A saved game that is malformed or describes an impossible game."""


class UnsupportedSaveVersionError(InvalidSaveError):
    """A save written by a newer version of the game than this one."""
