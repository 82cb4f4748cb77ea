"""The player's preferences (``yacht:settings``): the language and the sound effects.

Version 1 held only ``{"version": 1, "language": "..."}``. The sound switch was added to the
same version as an optional field (missing means off), because a page that knows only the
language reads such a record unchanged and simply ignores the switch; nothing old breaks.

Settings are conveniences, not progress: an unreadable record falls back to the defaults
instead of being refused, and the next change writes a good one.

>>> loads_settings('{"version": 1, "language": "pl"}')
Settings(language='pl', sound=False)
>>> dumps_settings(Settings("lv", sound=True))
'{"version":1,"language":"lv","sound":true}'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from yacht.errors import InvalidSaveError
from yacht.i18n import LANGUAGES
from yacht.saves.records import decode_json

VERSION = 1
MAX_SETTINGS_CHARS = 1024


@dataclass(frozen=True)
class Settings:
    """What the player chose; None for the language means "follow the browser"."""

    language: str | None = None
    sound: bool = False


def loads_settings(text: str | None) -> Settings:
    """The settings stored as ``text``; the defaults for anything missing or unreadable."""
    if text is None:
        return Settings()
    try:
        data = decode_json(text, max_chars=MAX_SETTINGS_CHARS, what="the settings")
    except InvalidSaveError:
        return Settings()
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return Settings()
    language = data.get("language")
    return Settings(
        language if language in LANGUAGES else None,
        data.get("sound") is True,
    )


def dumps_settings(settings: Settings) -> str:
    """``settings`` as compact JSON text (the language field only when one was chosen)."""
    record: dict[str, object] = {"version": VERSION}
    if settings.language is not None:
        record["language"] = settings.language
    record["sound"] = settings.sound
    return json.dumps(record, separators=(",", ":"))


def updated_settings(
    text: str | None, *, language: str | None = None, sound: bool | None = None
) -> str:
    """The stored ``text`` with the given settings changed and the others kept (None: keep).

    >>> updated_settings('{"version":1,"language":"ru","sound":true}', language="uk")
    '{"version":1,"language":"uk","sound":true}'
    """
    settings = loads_settings(text)
    if language is not None:
        settings = replace(settings, language=language)
    if sound is not None:
        settings = replace(settings, sound=sound)
    return dumps_settings(settings)
