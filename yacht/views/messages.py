"""Player-facing explanations of engine errors, in the player's language.

The engine's own messages are for developers (and the command line); the page shows these.
"""

from __future__ import annotations

from yacht.errors import (
    AllDiceHeldError,
    CategoryFilledError,
    DiceModeError,
    DuplicateNameError,
    GameOverError,
    InvalidDieIndexError,
    InvalidSeedError,
    NoRollsLeftError,
    NothingToUndoError,
    NotRolledYetError,
    YachtError,
)
from yacht.i18n import ENGLISH, Translator


def explain(error: YachtError, tr: Translator = ENGLISH) -> str:
    """A short sentence telling the player why the action did not happen."""
    match error:
        case DuplicateNameError(name=name):
            return tr.gettext(
                "Two players are called {name}: give each seat its own name, so the scores "
                "and statistics can tell them apart."
            ).format(name=name)
        case InvalidSeedError(text=text):
            return tr.gettext(
                "The seed in the address, {seed}, was not used: a seed must be a whole number "
                "from 0 to 9007199254740991, as a saved game cannot keep a larger one exactly. "
                "This game draws a seed of its own."
            ).format(seed=_shortened(text))
    return _illegal_move(error, tr)


def _illegal_move(error: YachtError, tr: Translator) -> str:
    match error:
        case NotRolledYetError():
            return tr.gettext("Roll the dice first.")
        case NoRollsLeftError():
            return tr.gettext("No rolls left this turn: choose a category to score.")
        case AllDiceHeldError():
            return tr.gettext("All five dice are held: release at least one to roll.")
        case CategoryFilledError():
            return tr.gettext("That category is already filled.")
        case GameOverError():
            return tr.gettext("The game is over: start a rematch or a new game.")
        case NothingToUndoError():
            return tr.gettext("There is no score to undo (undo works until the next roll).")
        case InvalidDieIndexError():
            return tr.gettext("There are only five dice.")
        case DiceModeError():
            return tr.gettext("This game is played with real dice: throw them and enter the faces.")
    return tr.gettext("That move is not allowed right now.")


def _shortened(text: str, limit: int = 24) -> str:
    # A seed of a thousand digits would fill the notice.
    return text if len(text) <= limit else text[: limit - 1] + "…"
