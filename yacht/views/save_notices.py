"""What the page tells the player about saving, loading, importing and exporting.

Every sentence is a complete ``gettext`` message, so it can be translated as a whole: a
reason ("It is incomplete or damaged.") is its own sentence rather than a fragment spliced into
another one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from yacht.errors import Damage, InvalidSaveError, TooManyGamesError
from yacht.i18n import ENGLISH, Translator, format_count, format_decimal, join_sentences
from yacht.saves.keys import GAME_KEY, HISTORY_KEY, SETTINGS_KEY
from yacht.saves.records import damage_of
from yacht.saves.slots import Event, Notice

if TYPE_CHECKING:  # the history's code loads once the page is idle, not with these words
    from yacht.saves.history import Merge
    from yacht.saves.history_slot import NotStored


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
    match notice.event, notice.key:
        case Event.UNAVAILABLE, _:
            return not_saving(tr)
        case Event.MOVED_ON, _:
            return tr.gettext(
                "This game was continued in another tab, so this tab now shows the latest "
                "position; your last move here was not made."
            )
        case _, key if key == SETTINGS_KEY:
            return _describe_settings(notice, tr)
        case _, key if key == HISTORY_KEY:
            return describe_history_notice(notice, tr)
        case _, key if key == GAME_KEY:
            return _describe_game(notice, tr)
    return _describe_setup(notice, tr)


@dataclass(frozen=True)
class _RecordWords:
    """What the notices about one stored record say, each a whole sentence."""

    newer: str
    """Made by a newer version: kept unchanged, not written over."""
    unreadable: str
    """The record could not be read (a reason follows)."""
    backup_kept: str
    """What happens now that a copy of it is kept as a backup."""
    no_room: str
    """What happens when there was no room for that copy."""


def _describe_record(
    notice: Notice,
    words: _RecordWords,
    tr: Translator,
    explain: Callable[[Damage | None, Translator], str] = reason,
) -> str:
    """A newer or damaged record: the one shape every stored record's notices share."""
    match notice.event:
        case Event.NEWER:
            return words.newer
        case Event.DAMAGED:
            return join_sentences(words.unreadable, explain(notice.damage, tr), words.backup_kept)
        case Event.DAMAGED_KEPT:
            return join_sentences(words.unreadable, explain(notice.damage, tr), words.no_room)
    return ""


def _describe_game(notice: Notice, tr: Translator) -> str:
    """The game in progress (``yacht:game``)."""
    return _describe_record(
        notice,
        _RecordWords(
            newer=tr.gettext(
                "Your saved game was made by a newer version of Yacht, so this page cannot "
                "continue it. It is kept unchanged, and this game will not be saved: reload "
                "the page to get the newest version."
            ),
            unreadable=tr.gettext("Your saved game could not be opened."),
            backup_kept=tr.gettext(
                "A new game has started; the old save is kept in this browser as a backup."
            ),
            no_room=tr.gettext(
                "There is no room to keep a copy of it, so it is left untouched and "
                "progress will not be saved."
            ),
        ),
        tr,
    )


def _describe_setup(notice: Notice, tr: Translator) -> str:
    """The choices of new games (``yacht:setup``)."""
    return _describe_record(
        notice,
        _RecordWords(
            newer=tr.gettext(
                "Your game settings were saved by a newer version of Yacht. They are kept "
                "unchanged, so changes made here will not be remembered."
            ),
            unreadable=tr.gettext("Your game settings could not be read."),
            backup_kept=tr.gettext(
                "The usual settings are used; the old ones are kept in this browser as a backup."
            ),
            no_room=tr.gettext(
                "There is no room to keep a copy of them, so they are left untouched and "
                "the choices of new games will not be remembered."
            ),
        ),
        tr,
    )


def _describe_settings(notice: Notice, tr: Translator) -> str:
    """The language and sound record (``yacht:settings``)."""
    return _describe_record(
        notice,
        _RecordWords(
            newer=tr.gettext(
                "Your language and sound choices were saved by a newer version of Yacht. They "
                "are kept unchanged, so changes made here will not be remembered."
            ),
            unreadable=tr.gettext("Your language and sound choices could not be read."),
            backup_kept=tr.gettext(
                "The usual ones are used; the old record is kept in this browser as a backup."
            ),
            no_room=tr.gettext(
                "There is no room to keep a copy of them, so they are left untouched and "
                "changes made here will not be remembered."
            ),
        ),
        tr,
        _settings_reason,
    )


def _settings_reason(damage: Damage | None, tr: Translator) -> str:
    """What is wrong with a settings record: no game in it can be impossible."""
    if damage is Damage.IMPOSSIBLE:
        return tr.gettext(
            "It holds a choice this game does not offer, so it was probably changed outside "
            "the game."
        )
    return reason(damage, tr)


def way_out(notice: Notice, size: int, tr: Translator = ENGLISH) -> str:
    """The offer for a record that blocks its key: download it, then start it afresh."""
    return join_sentences(
        describe(notice, tr),
        tr.gettext(
            "To save again, download what is stored ({size}) to keep it, then start afresh: "
            "the page will then write over it."
        ).format(size=_size(size, tr)),
    )


def _size(chars: int, tr: Translator) -> str:
    megabytes = chars / 1_000_000
    if megabytes >= 0.1:
        return tr.gettext("{count} MB").format(count=format_decimal(megabytes, tr.language))
    return tr.gettext("{count} KB").format(count=format_count(max(1, chars // 1000), tr.language))


def refusal_reason(error: InvalidSaveError, tr: Translator = ENGLISH) -> str:
    """One sentence naming the real fault of a refused record or file."""
    if isinstance(error, TooManyGamesError):
        return tr.ngettext(
            "It holds {count} finished game, and a history keeps at most {limit}.",
            "It holds {count} finished games, and a history keeps at most {limit}.",
            error.games,
        ).format(
            count=format_count(error.games, tr.language),
            limit=format_count(error.limit, tr.language),
        )
    return reason(damage_of(error), tr)


def import_failed(damage: Damage, tr: Translator = ENGLISH) -> str:
    """An import file was refused (for a reason known only by its kind)."""
    return join_sentences(
        tr.gettext("That file could not be imported."),
        reason(damage, tr),
        tr.gettext("Your game is unchanged."),
    )


def import_refused(error: InvalidSaveError, tr: Translator = ENGLISH) -> str:
    """An import file was refused, saying its real fault."""
    return join_sentences(
        tr.gettext("That file could not be imported."),
        refusal_reason(error, tr),
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
    if notice.event is Event.UNAVAILABLE:
        return tr.gettext(
            "The game history could not be saved: this browser's storage for the game is "
            "full or switched off. Finished games are kept only until you leave. Exporting "
            "your saves and clearing the history makes room."
        )
    return _describe_record(
        notice,
        _RecordWords(
            newer=tr.gettext(
                "Your game history was saved by a newer version of Yacht. It is kept "
                "unchanged, and games finished here are not added to it: reload the page to "
                "get the newest version."
            ),
            unreadable=tr.gettext("Your game history could not be read."),
            backup_kept=tr.gettext(
                "A new history has started; the old one is kept in this browser as a backup."
            ),
            no_room=tr.gettext(
                "There is no room to keep a copy of it, so it is left untouched and "
                "finished games are not added to it."
            ),
        ),
        tr,
    )


def not_recorded(why: NotStored, tr: Translator = ENGLISH) -> str:
    """A game just finished, and the history kept in this browser did not take it."""
    from yacht.saves.history_slot import NotStored

    match why:
        case NotStored.NEWER:
            return tr.gettext(
                "This game was not added to the history kept in this browser: that history was "
                "saved by a newer version of Yacht. Reload the page to get the newest version."
            )
        case NotStored.BLOCKED:
            return tr.gettext(
                "This game was not added to the history kept in this browser: the stored "
                "history cannot be read, and there is no room for a copy of it. Use the button "
                "below to download it and start the history afresh."
            )
        case NotStored.STORAGE:
            return tr.gettext(
                "This game was not added to the history kept in this browser: storage is full "
                "or switched off. It counts in the statistics only until you leave the page."
            )
        case NotStored.TOO_MANY:
            return tr.gettext(
                "This game was not added to the history: the history is full. Open History to "
                "download its oldest games and make room."
            )
    return ""


def over_limit(games: int, over: int, tr: Translator = ENGLISH) -> str:
    """The history holds more games than its limit; nothing was deleted."""
    return tr.ngettext(
        "The history now holds {count} games, {over} more than its limit. Nothing was deleted: "
        "open History to download the oldest game and make room.",
        "The history now holds {count} games, {over} more than its limit. Nothing was deleted: "
        "open History to download the oldest {over} and make room.",
        over,
    ).format(count=format_count(games, tr.language), over=format_count(over, tr.language))


def import_past_limit(merge: Merge, tr: Translator = ENGLISH) -> str:
    """Before an import: the oldest games would not fit the history's limit."""
    total = len(merge.history.games) + len(merge.dropped)
    first = tr.ngettext(
        "With this file the history would hold {total} games, {over} more than its limit.",
        "With this file the history would hold {total} games, {over} more than its limit.",
        len(merge.dropped),
    ).format(
        total=format_count(total, tr.language),
        over=format_count(len(merge.dropped), tr.language),
    )
    second = tr.ngettext(
        "The oldest game will be downloaded as a file you can import again, and then left "
        "out of the history.",
        "The oldest {over} games will be downloaded as a file you can import again, and then "
        "left out of the history.",
        len(merge.dropped),
    ).format(over=format_count(len(merge.dropped), tr.language))
    local = ""
    if merge.dropped_local:
        local = tr.ngettext(
            "{count} of them is from this browser's history.",
            "{count} of them are from this browser's history.",
            merge.dropped_local,
        ).format(count=format_count(merge.dropped_local, tr.language))
    return join_sentences(first, second, local)


def history_merged(merge: Merge, file_name: str | None, tr: Translator = ENGLISH) -> str:
    """After an import: the games added, and those downloaded for lack of room."""
    added = ""
    if merge.added:
        added = tr.ngettext(
            "{count} finished game added to the history.",
            "{count} finished games added to the history.",
            merge.added,
        ).format(count=format_count(merge.added, tr.language))
    dropped = ""
    if merge.dropped and file_name is not None:
        dropped = tr.ngettext(
            "The oldest game, past the history's limit, was downloaded as {file}.",
            "The oldest {count} games, past the history's limit, were downloaded as {file}.",
            len(merge.dropped),
        ).format(count=format_count(len(merge.dropped), tr.language), file=file_name)
    return join_sentences(added, dropped)


def over_limit_page(games: int, over: int, tr: Translator = ENGLISH) -> str:
    """On the History page, while the history is past its limit."""
    return tr.ngettext(
        "The history holds {count} games, {over} more than its limit. New games are still "
        "added for a while; download the oldest to make room.",
        "The history holds {count} games, {over} more than its limit. New games are still "
        "added for a while; download the oldest to make room.",
        over,
    ).format(count=format_count(games, tr.language), over=format_count(over, tr.language))


def make_room_button(over: int, tr: Translator = ENGLISH) -> str:
    """The button that downloads the games past the limit and takes them out."""
    return tr.ngettext(
        "Download the oldest game and remove it",
        "Download the oldest {count} games and remove them",
        over,
    ).format(count=format_count(over, tr.language))


def made_room(count: int, file_name: str, tr: Translator = ENGLISH) -> str:
    """The oldest games were downloaded and taken out of the history."""
    return tr.ngettext(
        "The oldest game was downloaded as {file} and removed from the history.",
        "The oldest {count} games were downloaded as {file} and removed from the history.",
        count,
    ).format(count=format_count(count, tr.language), file=file_name)
