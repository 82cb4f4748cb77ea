"""The exceptions the engine raises: every illegal input or action has its own class."""

from __future__ import annotations

import enum


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


class BlankNameError(InvalidSetupError):
    """A player name with nothing visible in it (spaces, joiners or blank-looking letters)."""


class DuplicateNameError(InvalidSetupError):
    """Two seats whose names look the same: neither the scorecard nor the statistics could tell
    the players apart."""

    def __init__(self, name: str) -> None:
        super().__init__(f"two players are named {name!r}; each seat needs its own name")
        self.name = name


class InvalidSeedError(InvalidSetupError):
    """A seed outside 0..2**53 - 1 (the whole numbers a save holds exactly), or not a number."""

    def __init__(self, text: str) -> None:
        super().__init__(f"a seed is a whole number from 0 to 9007199254740991, not {text[:40]!r}")
        self.text = text


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


class NamesFixedError(IllegalActionError):
    """Renaming the players of a game someone has already thrown in: the names are its record."""


class InvalidSaveError(YachtError, ValueError):
    """A saved game that is malformed or describes an impossible game."""


class UnsupportedSaveVersionError(InvalidSaveError):
    """A save written by a newer version of the game than this one."""


class InvalidDayError(YachtError, ValueError):
    """A day that is not a real calendar date written YYYY-MM-DD."""


class Damage(enum.Enum):
    """What is wrong with a stored record, in the categories a player is told about."""

    UNREADABLE = "unreadable"
    """Not JSON at all: truncated, binary junk, or a different kind of text."""
    TOO_BIG = "too-big"
    """Far longer than any real record (refused before parsing)."""
    DUPLICATED = "duplicated"
    """Some entry appears twice (e.g. one category scored twice): edited by hand."""
    WRONG_KIND = "wrong-kind"
    """Valid JSON, but not this kind of record (another format tag, or not an object)."""
    IMPOSSIBLE = "impossible"
    """Well-formed, but describes something that cannot be: wrong types, impossible scores."""
    NEWER = "newer"
    """Written by a newer version of the game than this one."""


class DamagedRecordError(InvalidSaveError):
    """A record refused for a reason the message alone doesn't classify."""

    def __init__(self, damage: Damage, message: str) -> None:
        super().__init__(message)
        self.damage = damage


class TooManyGamesError(DamagedRecordError):
    """A history (or an import file's) with more finished games than a history ever holds."""

    def __init__(self, games: int, limit: int) -> None:
        super().__init__(Damage.TOO_BIG, f"{games} games; a history keeps at most {limit}")
        self.games = games
        self.limit = limit


class StorageUnavailable(YachtError):
    """Storage is missing, disabled, or full; the game plays on without saving."""


class TableError(YachtError, RuntimeError):
    """A strategy value table that is missing, damaged or built for other rules."""


class TableDownloadError(YachtError, OSError):
    """A strategy table could not be downloaded (offline before the worker kept it, say)."""


class ReplayError(YachtError, ValueError):
    """Moves that legal play cannot make (a filled category scored again, a fourth roll...)."""


class ChallengeLinkError(YachtError, ValueError):
    """A challenge link that cannot be read: not a link, cut short, altered or junk."""


class ChallengeLinkTooLongError(ChallengeLinkError):
    """A challenge link far longer than any real one (refused unread)."""


class NewerChallengeLinkError(ChallengeLinkError):
    """A challenge link made by a newer version of the game than this one."""
