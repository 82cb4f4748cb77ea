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

import enum
from collections.abc import Callable
from dataclasses import dataclass

from yacht.errors import InvalidSaveError
from yacht.saves.history import HISTORY_RECORD, History
from yacht.saves.keys import HISTORY_KEY
from yacht.saves.slots import Notice, Store, _Slot


class NotStored(enum.Enum):
    """Why a changed history did not reach storage (it then lives in this tab only)."""

    NEWER = "newer"
    """The stored history is a newer version's, left alone."""
    BLOCKED = "blocked"
    """The stored history can be neither read nor backed up (see ``_Slot.blocked``)."""
    STORAGE = "storage"
    """Storage is switched off, or full."""
    TOO_MANY = "too-many"
    """The history would go past its limit and every spare game: it is not changed at all."""


@dataclass(frozen=True)
class HistoryChange:
    """The outcome of :meth:`HistorySlot.change`."""

    stored: bool
    """Whether the changed history reached storage (else it lives in this tab only)."""
    notices: list[Notice]
    full: bool = False
    """Storage could be read but refused the write: it is full (the player should hear so;
    when storage cannot even be read, the page already says that nothing is being saved)."""
    why_not: NotStored | None = None
    """Why it was not stored (None when it was)."""


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
            self.history = HISTORY_RECORD.decode(reading.text)
        except InvalidSaveError as error:
            return self._refuse(reading.text, error)
        self._seen = reading.text
        return []

    def change(self, edit: Callable[[History], History]) -> HistoryChange:
        """Apply ``edit`` to the history as stored now, and store the result.

        An edit that would take the history past its limit and every spare game changes
        nothing (the caller tells the player); any other lives on in this tab when storage
        refuses it.
        """
        if not self.writable:
            return self._in_memory(edit, [], self._why_not_writable())
        reading = self._read()
        if reading.notices:
            return self._in_memory(edit, reading.notices, NotStored.STORAGE)
        notices: list[Notice] = []
        base = self.history
        if reading.text is None and self._seen is not None:
            base = History()  # removed since this tab last looked (site data cleared)
        elif reading.text is not None and reading.text != self._seen:
            try:
                base = HISTORY_RECORD.decode(reading.text)
            except InvalidSaveError as error:
                notices = self._refuse(reading.text, error)
                if not self.writable:
                    return self._in_memory(edit, notices, self._why_not_writable())
        changed = edit(base)
        if not changed.fits_storage():
            return HistoryChange(False, notices, why_not=NotStored.TOO_MANY)
        self.history = changed
        failed = self._write(HISTORY_RECORD.encode(self.history))
        return HistoryChange(
            not failed,
            notices + failed,
            full=bool(failed),
            why_not=NotStored.STORAGE if failed else None,
        )

    def _in_memory(
        self, edit: Callable[[History], History], notices: list[Notice], why_not: NotStored
    ) -> HistoryChange:
        changed = edit(self.history)
        if not changed.fits_storage():
            return HistoryChange(False, notices, why_not=NotStored.TOO_MANY)
        self.history = changed
        return HistoryChange(False, notices, why_not=why_not)

    def _why_not_writable(self) -> NotStored:
        return NotStored.BLOCKED if self.blocked is not None else NotStored.NEWER

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
            history = HISTORY_RECORD.decode(reading.text)
        except InvalidSaveError:
            return False  # left for the next change, which backs it up
        self._seen = reading.text
        changed = history != self.history
        self.history = history
        return changed
