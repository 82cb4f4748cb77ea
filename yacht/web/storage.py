"""The browser's localStorage, with every way it can fail turned into a plain answer."""

from __future__ import annotations

from pyscript import window

GAME_KEY = "yacht:game"
SETUP_KEY = "yacht:setup"


class StorageUnavailable(Exception):
    """Storage is missing, disabled, or full; the game plays on without saving."""


class LocalStore:
    """Reads and writes text under keys; raises :class:`StorageUnavailable` when it can't."""

    def __init__(self) -> None:
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
            raise StorageUnavailable(str(error)) from None
