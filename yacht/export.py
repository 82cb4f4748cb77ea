"""The export file: the game in progress, the setup and (later) the history, in one JSON file.

A player moves to another browser by exporting here and importing there. The file is an
envelope around the same records the page stores, so importing runs exactly the checks (and
the migrations) of loading a stored save::

    {"format": "yacht-export", "version": 1, "exported_at": "2026-11-30T12:00:00Z",
     "game": {<a saved game record> or null},
     "setup": {<a saved setup record> or null},
     "history": []}

``history`` is the slot for finished games once the game keeps them; version 1 always writes
an empty list and refuses a file that has entries, which only a newer version can write.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from yacht.errors import InvalidSaveError
from yacht.game_setup import GameSetup
from yacht.records import RecordFormat, decode_json, expect
from yacht.save import SavedGame, saved_game_from_dict, saved_game_to_dict
from yacht.setup_record import setup_from_dict, setup_to_dict

FORMAT = "yacht-export"
VERSION = 1
MAX_EXPORT_CHARS = 512 * 1024
"""Today's files are a few KB; the margin is for history, refused beyond it unread."""
MEDIA_TYPE = "application/json"

EXPORT_RECORD = RecordFormat(FORMAT, VERSION, "Yacht export file")


@dataclass(frozen=True)
class Export:
    """What an export file holds."""

    game: SavedGame | None
    setup: GameSetup | None
    exported_at: str | None = None
    history: tuple[Any, ...] = ()


def export_to_dict(contents: Export) -> dict[str, Any]:
    """``contents`` as an export record."""
    return EXPORT_RECORD.stamp(
        {
            "exported_at": contents.exported_at,
            "game": None if contents.game is None else saved_game_to_dict(contents.game),
            "setup": None if contents.setup is None else setup_to_dict(contents.setup),
            "history": list(contents.history),
        }
    )


def dumps_export(contents: Export) -> str:
    """The text of an export file (indented: players may look inside)."""
    return json.dumps(export_to_dict(contents), ensure_ascii=False, indent=2) + "\n"


def export_from_dict(data: object) -> Export:
    """The contents of an export record; :class:`InvalidSaveError` saying what is wrong."""
    record = EXPORT_RECORD.upgrade(data)
    game_data = record.get("game")
    setup_data = record.get("setup")
    history = expect(record.get("history"), list, "history")
    if history:
        raise InvalidSaveError("the file holds finished games, which need a newer version")
    exported_at = record.get("exported_at")
    if exported_at is not None:
        exported_at = expect(exported_at, str, "exported_at")[:40]
    contents = Export(
        game=None if game_data is None else saved_game_from_dict(game_data),
        setup=None if setup_data is None else setup_from_dict(setup_data),
        exported_at=exported_at,
    )
    if contents.game is None and contents.setup is None:
        raise InvalidSaveError("the file holds neither a game nor a setup")
    return contents


def loads_export(text: str) -> Export:
    """The contents of an export file's text, checked like a stored save."""
    return export_from_dict(decode_json(text, max_chars=MAX_EXPORT_CHARS, what="the file"))


def export_file_name(exported_at: str) -> str:
    """A file name that sorts by date, e.g. ``yacht-2026-11-30-1200.json``."""
    stamp = "".join(c for c in exported_at[:16] if c.isdigit())
    if len(stamp) != 12:
        return "yacht.json"
    return f"yacht-{stamp[:4]}-{stamp[4:6]}-{stamp[6:8]}-{stamp[8:]}.json"
