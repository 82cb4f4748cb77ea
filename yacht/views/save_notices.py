"""What the page tells the player about saving, loading, importing and exporting.

Every sentence is a complete ``gettext`` message, so it can be translated as a whole: a
reason ("It is incomplete or damaged.") is its own sentence rather than a fragment spliced into
another one.
"""

from __future__ import annotations

from yacht.errors import Damage
from yacht.i18n import ENGLISH, Translator, join_sentences
from yacht.saves.keys import GAME_KEY
from yacht.saves.slots import Event, Notice


def reason(damage: Damage | None, tr: Translator = ENGLISH) -> str:
    """One sentence saying what is wrong with a record or file."""
    match damage:
        case Damage.UNREADABLE:
            return tr.gettext("It is incomplete or damaged.")
        case Damage.TOO_BIG:
            return tr.gettext("It is far too big to come from Yacht.")
        case Damage.DUPLICATED:
            return tr.gettext("Something in it appears twice, so it was changed outside the game.")
        case Damage.WRONG_KIND:
            return tr.gettext("It is not something Yacht saved.")
        case Damage.IMPOSSIBLE:
            return tr.gettext(
                "It describes a game that cannot happen, so it was probably changed outside "
                "the game."
            )
        case Damage.NEWER:
            return tr.gettext("It was made by a newer version of Yacht.")
    return ""


def not_saving(tr: Translator = ENGLISH) -> str:
    """Storage refuses to work: play goes on, unsaved."""
    return tr.gettext(
        "This browser is not letting the page save, so progress will not be kept after you leave."
    )


def describe(notice: Notice, tr: Translator = ENGLISH) -> str:
    """The player's explanation of ``notice``."""
    game = notice.key == GAME_KEY
    match notice.event:
        case Event.UNAVAILABLE:
            return not_saving(tr)
        case Event.MOVED_ON:
            return tr.gettext(
                "This game was continued in another tab, so this tab now shows the latest "
                "position; your last move here was not made."
            )
        case Event.NEWER if game:
            return tr.gettext(
                "Your saved game was made by a newer version of Yacht, so this page cannot "
                "continue it. It is kept unchanged, and this game will not be saved: reload "
                "the page to get the newest version."
            )
        case Event.NEWER:
            return tr.gettext(
                "Your game settings were saved by a newer version of Yacht. They are kept "
                "unchanged, so changes made here will not be remembered."
            )
        case Event.DAMAGED if game:
            return join_sentences(
                tr.gettext("Your saved game could not be opened."),
                reason(notice.damage, tr),
                tr.gettext(
                    "A new game has started; the old save is kept in this browser as a backup."
                ),
            )
        case Event.DAMAGED:
            return join_sentences(
                tr.gettext("Your game settings could not be read."),
                reason(notice.damage, tr),
                tr.gettext(
                    "The usual settings are used; the old ones are kept in this browser as a "
                    "backup."
                ),
            )
        case Event.DAMAGED_KEPT:
            return join_sentences(
                tr.gettext("Your saved game could not be opened.")
                if game
                else tr.gettext("Your game settings could not be read."),
                reason(notice.damage, tr),
                tr.gettext(
                    "There is no room to keep a copy of it, so it is left untouched and "
                    "progress will not be saved."
                ),
            )
    return ""


def import_failed(damage: Damage, tr: Translator = ENGLISH) -> str:
    """An import file was refused."""
    return join_sentences(
        tr.gettext("That file could not be imported."),
        reason(damage, tr),
        tr.gettext("Your game is unchanged."),
    )


def imported(with_game: bool, tr: Translator = ENGLISH) -> str:
    """An import succeeded."""
    if with_game:
        return tr.gettext(
            "Game imported. The game you had before is kept in this browser as a backup."
        )
    return tr.gettext("Game settings imported.")


def imported_unsaved(tr: Translator = ENGLISH) -> str:
    """An import could be shown but not stored."""
    return tr.gettext("Game imported, but this browser is not letting the page save it.")


def exported(file_name: str, tr: Translator = ENGLISH) -> str:
    """An export file was handed to the browser's downloads."""
    return tr.gettext("Game exported to {file}.").format(file=file_name)


def updated_from_another_tab(tr: Translator = ENGLISH) -> str:
    """Another tab moved the game on, and this tab followed."""
    return tr.gettext("The game was updated from another tab.")


def overwritten_by_another_tab(tr: Translator = ENGLISH) -> str:
    """Another tab stored a move at the same moment as this tab's and kept it over this one."""
    return tr.gettext(
        "Another tab saved a move at the same moment as this one, so this tab now shows that "
        "game; your last move here was not kept."
    )


def describe_history_notice(notice: Notice, tr: Translator = ENGLISH) -> str:
    """What to tell the player about trouble with the stored history."""
    match notice.event:
        case Event.UNAVAILABLE:
            return tr.gettext(
                "The game history could not be saved: this browser's storage for the game is "
                "full or switched off. Finished games are kept only until you leave. Exporting "
                "your saves and clearing the history makes room."
            )
        case Event.NEWER:
            return tr.gettext(
                "Your game history was saved by a newer version of Yacht. It is kept "
                "unchanged, and games finished here are not added to it: reload the page to "
                "get the newest version."
            )
        case Event.DAMAGED:
            return join_sentences(
                tr.gettext("Your game history could not be read."),
                reason(notice.damage, tr),
                tr.gettext(
                    "A new history has started; the old one is kept in this browser as a backup."
                ),
            )
        case Event.DAMAGED_KEPT:
            return join_sentences(
                tr.gettext("Your game history could not be read."),
                reason(notice.damage, tr),
                tr.gettext(
                    "There is no room to keep a copy of it, so it is left untouched and "
                    "finished games are not added to it."
                ),
            )
    return ""
