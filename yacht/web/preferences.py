"""The player's language and sound choices, kept in their own backed-up slot.

One object for the page, read once at start-up: the App asks it for the language and the
extras for the sound, and each change writes through the
:class:`~yacht.saves.slots.SettingsSlot`, which never writes over a record it cannot read
(a damaged one is backed up first; a newer version's is left alone and the page says so).
"""

from __future__ import annotations

from dataclasses import replace

from yacht.saves.settings import Settings
from yacht.saves.slots import Notice, SettingsSlot, Store


class Preferences:
    """The settings as this page knows them, and where they are stored."""

    def __init__(self, store: Store) -> None:
        self.slot = SettingsSlot(store)
        stored, self.notices = self.slot.open()
        """What to tell the player about the stored record (shown once the page is up)."""
        self.settings = stored or Settings()

    def change(self, *, language: str | None = None, sound: bool | None = None) -> list[Notice]:
        """Change the given settings (None: keep), keeping another tab's newer choice of the
        others; what to tell the player. The change holds for this visit even unsaved."""
        newer = self.slot.refresh()
        if newer is not None:
            self.settings = newer
        if language is not None:
            self.settings = replace(self.settings, language=language)
        if sound is not None:
            self.settings = replace(self.settings, sound=sound)
        return self.slot.save(self.settings)

    def rewrite(self) -> list[Notice]:
        """Store the settings as they stand (after the player started the record afresh)."""
        return self.slot.save(self.settings)
