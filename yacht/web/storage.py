"""The browser's localStorage as a :class:`~yacht.saves.slots.Store`: every failure a plain answer.

localStorage can be missing or throw on mere access (disabled cookies, some private modes,
sandboxed frames), throw on every call, or refuse a write when full (``QuotaExceededError``).
All of these become :class:`StorageUnavailable`, which the save slots turn into a notice.
"""

from __future__ import annotations

from typing import Any

from pyscript import window

from yacht.errors import StorageUnavailable


class LocalStore:
    """Reads and writes text under keys; raises :class:`StorageUnavailable` when it can't."""

    def __init__(self) -> None:
        self._storage: Any = None
        try:
            # Merely touching localStorage throws in some privacy modes.
            self._storage = window.localStorage
        except Exception:
            self._storage = None

    def read(self, key: str) -> str | None:
        """The text stored under ``key``, or None when there is none."""
        if self._storage is None:
            raise StorageUnavailable("this browser does not allow saving")
        try:
            value = self._storage.getItem(key)
        except Exception as error:
            raise StorageUnavailable(str(error)) from None
        # A missing key is JavaScript null, which Pyodide does not turn into None.
        return value if isinstance(value, str) else None

    def write(self, key: str, text: str) -> None:
        """Store ``text`` under ``key``."""
        if self._storage is None:
            raise StorageUnavailable("this browser does not allow saving")
        try:
            self._storage.setItem(key, text)
        except Exception as error:
            # QuotaExceededError lands here too: the old value is still in place.
            raise StorageUnavailable(str(error)) from None
