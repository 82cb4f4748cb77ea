"""Where saves live: one stored record, guarded against loss, damage and other tabs.

The browser's storage is a shared, fallible key-value store: it can refuse to work at all
(disabled, private mode), fill up, hold a record damaged or edited by hand, hold a record of a
newer version of the game, or be written by another tab of the same game at any moment. A
:class:`GameSlot` (the game in progress), a :class:`SetupSlot` (the remembered setup) and a
:class:`SettingsSlot` (language and sound) wrap one key each and keep these promises:

- **Nothing is destroyed.** A record that cannot be read is copied, byte for byte, to a backup
  key (``<key>:backup``, then ``<key>:backup:2`` ...) before anything is written over it. When
  no backup can be made (storage full), the record is left alone and the slot stops writing.
- **A way out.** A record that can be neither read nor backed up (a 5 MB value in a full
  storage) blocks its key; the page offers its text as a download, and once the player has kept
  it, :meth:`_Slot.start_afresh` lets the next write replace it.
- **Newer versions are left alone.** A record written by a newer version of the game is backed
  up and never overwritten: the page plays on without saving until it is updated.
- **No lost update between tabs.** A slot remembers the exact text it last read or wrote; if
  the stored text has changed since, another tab has moved on, and the slot hands back that
  newer game instead of writing over it. Each write also counts up the record's ``revision``,
  so the texts of two writes always differ.
- **Storage trouble never stops play.** Every failure comes back as a :class:`Notice` to show
  the player, never as an exception.

It is pure Python over a :class:`Store` protocol; ``yacht.web.storage.LocalStore`` is the
browser's ``localStorage`` behind that protocol, and tests use a dict.
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Generic, Protocol, TypeVar

from yacht.errors import Damage, InvalidSaveError, StorageUnavailable
from yacht.game.setup import GameSetup
from yacht.game.state import GameState
from yacht.saves.game_record import GAME_RECORD, SavedGame
from yacht.saves.keys import GAME_KEY, SETTINGS_KEY, SETUP_KEY
from yacht.saves.records import Record, damage_of
from yacht.saves.settings import SETTINGS_RECORD, Settings
from yacht.saves.setup_record import SETUP_RECORD
from yacht.session.coach_log import CoachEntry

_V = TypeVar("_V")

MAX_BACKUPS = 10
"""Backup slots per key; distinct damaged records beyond that are left in place instead."""


class Store(Protocol):
    """Text under string keys. Both methods raise :class:`StorageUnavailable` when they can't."""

    def read(self, key: str) -> str | None:
        """The text stored under ``key``, or None when there is none."""

    def write(self, key: str, text: str) -> None:
        """Store ``text`` under ``key``."""


class Event(enum.Enum):
    """What happened to a stored record that the player should hear about."""

    UNAVAILABLE = "unavailable"
    """Storage refused to read or write: progress is not being kept."""
    DAMAGED = "damaged"
    """The record could not be read; it was backed up, and play starts afresh."""
    DAMAGED_KEPT = "damaged-kept"
    """The record could not be read nor backed up, so it is left in place and nothing saves."""
    NEWER = "newer"
    """A newer version of the game wrote the record; it is kept and nothing saves over it."""
    MOVED_ON = "moved-on"
    """Another tab saved a newer game; this tab now shows it (its own last move is dropped)."""


@dataclass(frozen=True)
class Notice:
    """One thing to tell the player about a record (see :mod:`yacht.views.save_notices`)."""

    event: Event
    key: str
    damage: Damage | None = None
    backup_key: str | None = None
    detail: str = ""
    """Technical detail, for the console rather than the player."""


def utc_now() -> str:
    """The current time as ISO 8601 UTC to the second, e.g. ``2026-11-30T12:00:00Z``."""
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def backup_keys(key: str) -> list[str]:
    """The backup keys of ``key``, first choice first.

    >>> backup_keys("yacht:game")[:2]
    ['yacht:game:backup', 'yacht:game:backup:2']
    """
    return [f"{key}:backup"] + [f"{key}:backup:{n}" for n in range(2, MAX_BACKUPS + 1)]


def keep_backup(store: Store, key: str, text: str) -> str | None:
    """Copy ``text`` to the first free backup slot of ``key``; that slot's key, or None.

    A slot already holding the same text counts as done (reloading a damaged save twice does
    not fill a second slot). None means no copy exists: storage failed or every slot is taken.
    """
    try:
        for slot in backup_keys(key):
            held = store.read(slot)
            if held == text:
                return slot
            if held is None:
                store.write(slot, text)
                return slot
    except StorageUnavailable:
        return None
    return None


@dataclass
class _Reading:
    """What a slot found under its key."""

    text: str | None
    notices: list[Notice] = field(default_factory=list)


class _Slot:
    """The part common to every slot: reading with backups, and the write lock-out."""

    def __init__(self, store: Store, key: str) -> None:
        self._store = store
        self.key = key
        self.writable = True
        """False once the stored record must be left alone (newer version, no backup)."""
        self._seen: str | None = None
        """The stored text as this slot last read or wrote it."""
        self.blocked: str | None = None
        """The stored text that could be neither read nor backed up, so nothing saves over it
        until the player has kept a copy (:meth:`start_afresh`)."""
        self.blocked_notice: Notice | None = None
        """What was said when :attr:`blocked` was found."""

    def _read(self) -> _Reading:
        try:
            return _Reading(self._store.read(self.key))
        except StorageUnavailable as error:
            return _Reading(None, [Notice(Event.UNAVAILABLE, self.key, detail=str(error))])

    def _refuse(self, text: str, error: InvalidSaveError) -> list[Notice]:
        """Deal with a stored ``text`` that could not be read, as the slot's promises say."""
        damage = damage_of(error)
        backup = keep_backup(self._store, self.key, text)
        if damage is Damage.NEWER:
            self.writable = False
            return [Notice(Event.NEWER, self.key, damage, backup, str(error))]
        if backup is None:
            self.writable = False
            self.blocked = text
            self.blocked_notice = Notice(Event.DAMAGED_KEPT, self.key, damage, None, str(error))
            return [self.blocked_notice]
        # Safe to write over now that a copy exists.
        self._seen = text
        return [Notice(Event.DAMAGED, self.key, damage, backup, str(error))]

    def start_afresh(self) -> bool:
        """The player has kept a copy of the blocked record: let the next write replace it.

        False (and still blocked) when the stored text changed since it was offered: that copy
        is not of what would be written over.
        """
        if self.blocked is None:
            return False
        reading = self._read()
        if reading.notices or reading.text not in (self.blocked, None):
            return False
        self._seen = reading.text
        self.blocked = self.blocked_notice = None
        self.writable = True
        return True

    def _write(self, text: str) -> list[Notice]:
        try:
            self._store.write(self.key, text)
        except StorageUnavailable as error:
            return [Notice(Event.UNAVAILABLE, self.key, detail=str(error))]
        self._seen = text
        return []


@dataclass(frozen=True)
class GameSaved:
    """The result of :meth:`GameSlot.save`."""

    saved: bool
    newer: SavedGame | None = None
    """Set when another tab had moved on: show this game instead."""
    notices: list[Notice] = field(default_factory=list)


@dataclass(frozen=True)
class Sighting:
    """The stored game as a slot finds it (see :mod:`yacht.saves.tab_turns`)."""

    revision: int | None
    """The stored record's revision; None when nothing readable is stored."""
    ours: bool
    """Whether it is exactly the text this slot last read or wrote."""


class GameSlot(_Slot):
    """The game in progress, under ``yacht:game``."""

    def __init__(
        self, store: Store, key: str = GAME_KEY, clock: Callable[[], str] = utc_now
    ) -> None:
        super().__init__(store, key)
        self._clock = clock
        self.revision = 0
        """The revision of the record this slot last read or wrote."""

    def open(self) -> tuple[SavedGame | None, list[Notice]]:
        """The stored game (None when there is none or it can't be used) and what to tell."""
        reading = self._read()
        if reading.text is None:
            return None, reading.notices
        try:
            saved = GAME_RECORD.decode(reading.text)
        except InvalidSaveError as error:
            return None, self._refuse(reading.text, error)
        self._adopt(reading.text, saved)
        return saved, []

    def save(self, state: GameState, coach: tuple[CoachEntry, ...] | None = None) -> GameSaved:
        """Store ``state`` (and the coach's log), unless another tab has stored a newer game
        since (then return that)."""
        if not self.writable:
            return GameSaved(False)
        reading = self._read()
        if reading.notices:
            return GameSaved(False, notices=reading.notices)
        notices: list[Notice] = []
        if reading.text is not None and reading.text != self._seen:
            try:
                newer = GAME_RECORD.decode(reading.text)
            except InvalidSaveError as error:
                notices = self._refuse(reading.text, error)
                if not self.writable:
                    return GameSaved(False, notices=notices)
            else:
                self._adopt(reading.text, newer)
                return GameSaved(False, newer, [Notice(Event.MOVED_ON, self.key)])
        return self._store_state(state, notices, coach)

    def refresh(self) -> tuple[SavedGame | None, list[Notice]]:
        """After another tab wrote storage: its newer game, if it saved a readable one.

        A damaged record is left for the next :meth:`save`, which backs it up.
        """
        reading = self._read()
        if reading.notices or reading.text is None or reading.text == self._seen:
            return None, reading.notices
        try:
            newer = GAME_RECORD.decode(reading.text)
        except InvalidSaveError as error:
            if damage_of(error) is Damage.NEWER:
                return None, self._refuse(reading.text, error)
            return None, []
        self._adopt(reading.text, newer)
        return newer, []

    def replace(self, state: GameState, coach: tuple[CoachEntry, ...] | None = None) -> GameSaved:
        """Store ``state`` over whatever is stored (an import), backing that up first."""
        if not self.writable:
            return GameSaved(False)
        reading = self._read()
        if reading.notices:
            return GameSaved(False, notices=reading.notices)
        if reading.text is not None:
            if keep_backup(self._store, self.key, reading.text) is None:
                detail = "no room to back up the stored game, so it is not replaced"
                return GameSaved(
                    False, notices=[Notice(Event.UNAVAILABLE, self.key, detail=detail)]
                )
            self._seen = reading.text
            # Count on from the stored revision, so other tabs see the import as newer.
            with contextlib.suppress(InvalidSaveError):
                self.revision = max(self.revision, GAME_RECORD.decode(reading.text).revision)
        return self._store_state(state, [], coach)

    def sighting(self) -> Sighting:
        """The stored game's revision, and whether it is the text this slot last read or wrote."""
        reading = self._read()
        if reading.text is None or reading.text == self._seen:
            return Sighting(self.revision if reading.text is not None else None, ours=True)
        try:
            return Sighting(GAME_RECORD.decode(reading.text).revision, ours=False)
        except InvalidSaveError:
            return Sighting(None, ours=False)

    def keep_backup(self) -> str | None:
        """Back up the stored game (before starting another); the backup's key, or None."""
        reading = self._read()
        if reading.text is None:
            return None
        return keep_backup(self._store, self.key, reading.text)

    def _adopt(self, text: str, saved: SavedGame) -> None:
        self._seen = text
        self.revision = saved.revision

    def _store_state(
        self, state: GameState, notices: list[Notice], coach: tuple[CoachEntry, ...] | None
    ) -> GameSaved:
        revision = self.revision + 1
        failed = self._write(GAME_RECORD.encode(SavedGame(state, revision, self._clock(), coach)))
        if failed:
            return GameSaved(False, notices=notices + failed)
        self.revision = revision
        return GameSaved(True, notices=notices)


class ChoiceSlot(_Slot, Generic[_V]):
    """A record of the player's choices (the setup, the settings): the last writer wins, but a
    record this code cannot read is backed up first, and a newer version's is left alone."""

    def __init__(self, store: Store, key: str, record: Record[_V]) -> None:
        super().__init__(store, key)
        self._record = record

    def open(self) -> tuple[_V | None, list[Notice]]:
        """The stored value (None when there is none or it can't be used) and what to tell."""
        reading = self._read()
        if reading.text is None:
            return None, reading.notices
        try:
            value = self._record.decode(reading.text)
        except InvalidSaveError as error:
            return None, self._refuse(reading.text, error)
        self._seen = reading.text
        return value, []

    def save(self, value: _V) -> list[Notice]:
        """Remember ``value`` (unless the stored record must be left alone)."""
        if not self.writable:
            return []
        reading = self._read()
        if reading.notices:
            return reading.notices
        notices: list[Notice] = []
        if reading.text is not None and reading.text != self._seen:
            # Another tab's choice may be overwritten (the last choice wins), but a record
            # this code cannot read is kept first.
            try:
                self._record.decode(reading.text)
            except InvalidSaveError as error:
                notices = self._refuse(reading.text, error)
                if not self.writable:
                    return notices
        return notices + self._write(self._record.encode(value))

    def refresh(self) -> _V | None:
        """After another tab wrote storage: the value it stored, if readable and new."""
        reading = self._read()
        if reading.text is None or reading.text == self._seen:
            return None
        try:
            value = self._record.decode(reading.text)
        except InvalidSaveError:
            return None
        self._seen = reading.text
        return value


class SetupSlot(ChoiceSlot[GameSetup]):
    """The setup of the last game started, under ``yacht:setup``."""

    def __init__(self, store: Store, key: str = SETUP_KEY) -> None:
        super().__init__(store, key, SETUP_RECORD)


class SettingsSlot(ChoiceSlot[Settings]):
    """The language and sound, under ``yacht:settings``: backed up and versioned like the
    other records, so a damaged or newer settings record is never written over unseen."""

    def __init__(self, store: Store, key: str = SETTINGS_KEY) -> None:
        super().__init__(store, key, SETTINGS_RECORD)
