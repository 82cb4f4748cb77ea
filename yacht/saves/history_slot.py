"""Where the history lives (``yacht:history``), with the promises of the save slots.

Like :class:`~yacht.saves.slots.GameSlot`, a :class:`HistorySlot` never destroys a record it
cannot read (it is backed up first), leaves a newer version's record alone, and turns every
storage failure into a :class:`~yacht.saves.slots.Notice` instead of an exception.

Several tabs may finish games at once, so every change is made to the history as stored right
now (re-read just before writing), never to a copy this tab read earlier: a game finished in
another tab is kept, and a history cleared in another tab stays cleared.

When storage refuses to work, the history lives on in this tab's memory for the session, so the
statistics still include the games just played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from yacht.errors import InvalidSaveError
from yacht.i18n import ENGLISH, Translator
from yacht.saves.history import History, dumps_history, loads_history
from yacht.saves.slots import Event, Notice, Store, _Slot
from yacht.views.save_notices import reason

HISTORY_KEY = "yacht:history"


@dataclass(frozen=True)
class HistoryChange:
    """The outcome of :meth:`HistorySlot.change`."""

    stored: bool
    """Whether the changed history reached storage (else it lives in this tab only)."""
    notices: list[Notice]
    full: bool = False
    """Storage could be read but refused the write: it is full (the player should hear so;
    when storage cannot even be read, the page already says that nothing is being saved)."""


class HistorySlot(_Slot):
    """The history of finished games under ``yacht:history``."""

    def __init__(self, store: Store, key: str = HISTORY_KEY) -> None:
        super().__init__(store, key)
        self.history = History()
        """The history as this tab knows it (the stored one whenever it could be read)."""

    def open(self) -> list[Notice]:
        """Read the stored history into :attr:`history`; what to tell the player."""
        reading = self._read()
        if reading.text is None:
            return reading.notices
        try:
            self.history = loads_history(reading.text)
        except InvalidSaveError as error:
            return self._refuse(reading.text, error)
        self._seen = reading.text
        return []

    def change(self, edit: Callable[[History], History]) -> HistoryChange:
        """Apply ``edit`` to the history as stored now, and store the result."""
        if not self.writable:
            self.history = edit(self.history)
            return HistoryChange(False, [])
        reading = self._read()
        if reading.notices:
            self.history = edit(self.history)
            return HistoryChange(False, reading.notices)
        notices: list[Notice] = []
        base = self.history
        if reading.text is None and self._seen is not None:
            base = History()  # removed since this tab last looked (site data cleared)
        elif reading.text is not None and reading.text != self._seen:
            try:
                base = loads_history(reading.text)
            except InvalidSaveError as error:
                notices = self._refuse(reading.text, error)
                if not self.writable:
                    self.history = edit(self.history)
                    return HistoryChange(False, notices)
        self.history = edit(base)
        failed = self._write(dumps_history(self.history))
        return HistoryChange(not failed, notices + failed, full=bool(failed))

    def refresh(self) -> bool:
        """After another tab wrote storage: adopt its history; whether anything changed."""
        reading = self._read()
        if reading.notices or reading.text == self._seen:
            return False
        if reading.text is None:
            self._seen = None
            changed = self.history != History()
            self.history = History()
            return changed
        try:
            history = loads_history(reading.text)
        except InvalidSaveError:
            return False  # left for the next change, which backs it up
        self._seen = reading.text
        changed = history != self.history
        self.history = history
        return changed


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
            return _join(
                tr.gettext("Your game history could not be read."),
                reason(notice.damage, tr),
                tr.gettext(
                    "A new history has started; the old one is kept in this browser as a backup."
                ),
            )
        case Event.DAMAGED_KEPT:
            return _join(
                tr.gettext("Your game history could not be read."),
                reason(notice.damage, tr),
                tr.gettext(
                    "There is no room to keep a copy of it, so it is left untouched and "
                    "finished games are not added to it."
                ),
            )
    return ""


def _join(*sentences: str) -> str:
    return " ".join(s for s in sentences if s)
