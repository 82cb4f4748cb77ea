"""The player's preferences (``yacht:settings``): the language and the sound effects.

Version history:
  1 — ``{"version": 1, "language": "..."}`` with no format tag; the sound switch was added to
      the same version as an optional field (missing means off).
  2 — tagged ``"format": "yacht-settings"`` like every other record; ``language`` is null when
      the page follows the browser, ``sound`` always present.

Settings are conveniences, not progress: the page falls back to the defaults when the record
is unreadable (:func:`settings_or_default`), and a change starts from what could be read.

>>> SETTINGS_RECORD.decode('{"version": 1, "language": "pl"}')
Settings(language='pl', sound=False)
>>> SETTINGS_RECORD.encode(Settings("lv", sound=True))
'{"format":"yacht-settings","version":2,"language":"lv","sound":true}'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
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


def updated_settings(
    text: str | None, *, language: str | None = None, sound: bool | None = None
) -> str:
    """The stored ``text`` with the given settings changed and the others kept (None: keep).

    >>> updated_settings('{"version":1,"language":"ru","sound":true}', language="uk")
    '{"format":"yacht-settings","version":2,"language":"uk","sound":true}'
    """
    settings = settings_or_default(text)
    if language is not None:
        settings = replace(settings, language=language)
    if sound is not None:
        settings = replace(settings, sound=sound)
    return SETTINGS_RECORD.encode(settings)
