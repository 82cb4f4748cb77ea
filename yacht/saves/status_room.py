"""The status row's room for the next start (``yacht:status-room``), kept by the running game.

The status row is as tall as the longest status its game can show (``#status-room``), so that
no turn moves the board. Before Python starts, ``index.html`` can only hold the room of a new
game; a returning player's game with long names needs a line more, and the board moved down
by it when the game was drawn. So the game keeps its room here, with its language, as the
player leaves the page, and ``static/boot.js`` puts it in place at the next start when the
saved game is back in the same language.

It is a cache, not a record: no version, no backup, and a failed write is no loss (the board
moves by a line at the next start at worst).
"""

from __future__ import annotations

import json

from yacht.errors import StorageUnavailable
from yacht.saves.keys import STATUS_ROOM_KEY
from yacht.saves.slots import Store


class StatusRoomCache:
    """Writes the status room under its key when it has changed since the last write."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._kept: tuple[str, str] | None = None

    def remember(self, language: str, room: str) -> None:
        """Keep ``room``, the longest status of the game shown, in ``language``."""
        if self._kept == (language, room):
            return  # leaving asks twice (visibilitychange, pagehide): one write
        try:
            kept = json.dumps([language, room], ensure_ascii=False, separators=(",", ":"))
            self._store.write(STATUS_ROOM_KEY, kept)
        except StorageUnavailable:
            return  # the saves tell the player about storage; leaving again tries again
        self._kept = (language, room)
