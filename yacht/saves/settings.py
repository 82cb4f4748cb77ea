"""The player's preferences (``yacht:settings``): the language and the sound effects.

Version history:
  1 — ``{"version": 1, "language": "..."}`` with no format tag; the sound switch was added to
      the same version as an optional field (missing means off).
  2 — tagged ``"format": "yacht-settings"`` like every other record; ``language`` is null when
      the page follows the browser, ``sound`` always present.

Settings are stored like every other record (``yacht.saves.slots.SettingsSlot``): the page
uses the defaults when the record is unreadable, but a damaged record is backed up before the
next change writes over it, and a newer version's is never written over.

>>> SETTINGS_RECORD.decode('{"version": 1, "language": "pl"}')
Settings(language='pl', sound=False)
>>> SETTINGS_RECORD.encode(Settings("lv", sound=True))
'{"format":"yacht-settings","version":2,"language":"lv","sound":true}'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from yacht.errors import InvalidSaveError
from yacht.i18n import LANGUAGES
from yacht.saves.records import Record, expect

FORMAT = "yacht-settings"
VERSION = 2
MAX_SETTINGS_CHARS = 1024


@dataclass(frozen=True)
class Settings:
    """What the player chose; None for the language means "follow the browser"."""

    language: str | None = None
    sound: bool = False


def _is_v1(record: dict[str, Any]) -> bool:
    return record.get("version") == 1


def migrate_v1_to_v2(record: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had no tag, and left out the language when none was chosen."""
    return {
        **record,
        "version": 2,
        "language": record.get("language"),
        "sound": record.get("sound", False),
    }


def _body(settings: Settings) -> dict[str, Any]:
    return {"language": settings.language, "sound": settings.sound}


def _parse(record: dict[str, Any]) -> Settings:
    language = record.get("language")
    if language is not None and language not in LANGUAGES:
        raise InvalidSaveError(f"unknown language {str(language)[:20]!r}")
    return Settings(language, expect(record.get("sound"), bool, "sound"))


SETTINGS_RECORD: Record[Settings] = Record(
    FORMAT,
    VERSION,
    "settings",
    MAX_SETTINGS_CHARS,
    _body,
    _parse,
    {1: migrate_v1_to_v2},
    legacy=_is_v1,
)


def settings_or_default(text: str | None) -> Settings:
    """The settings stored as ``text``; the defaults when there are none or they are unusable."""
    if text is None:
        return Settings()
    try:
        return SETTINGS_RECORD.decode(text)
    except InvalidSaveError:
        return Settings()
