"""Every storage key the game uses: one place, so no two records can ever share a slot.

Backups of a record live beside it as ``<key>:backup``, ``<key>:backup:2``, … (see
:func:`yacht.saves.slots.backup_keys`).
"""

from __future__ import annotations

GAME_KEY = "yacht:game"
"""The game in progress (:data:`yacht.saves.game_record.GAME_RECORD`)."""
SETUP_KEY = "yacht:setup"
"""The new-game choices, for the next game (:data:`yacht.saves.setup_record.SETUP_RECORD`)."""
HISTORY_KEY = "yacht:history"
"""Finished games (:data:`yacht.saves.history.HISTORY_RECORD`)."""
SETTINGS_KEY = "yacht:settings"
"""Language and sound (:data:`yacht.saves.settings.SETTINGS_RECORD`)."""

CHALLENGES_KEY = "yacht:challenges"
"""Challenges sent and received, their results, and the moves of the solo game in progress
(:data:`yacht.saves.challenge_book.CHALLENGE_BOOK_RECORD`)."""

ALL_KEYS = (GAME_KEY, SETUP_KEY, HISTORY_KEY, SETTINGS_KEY, CHALLENGES_KEY)

STATUS_ROOM_KEY = "yacht:status-room"
"""Not a record but a cache (:class:`yacht.saves.status_room.StatusRoomCache`): the longest status
of the game in progress, in its language, which ``static/boot.js`` reads before Python starts."""
