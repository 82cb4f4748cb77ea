"""The export file: the game in progress, the setup and the history, in one JSON file.

A player moves to another browser by exporting here and importing there. The file is an
envelope around the same records the page stores, so importing runs exactly the checks (and
the migrations) of loading a stored save::

    {"format": "yacht-export", "version": 2, "exported_at": "2026-11-30T12:00:00Z",
     "game": {<a saved game record> or null},
     "setup": {<a saved setup record> or null},
     "history": {<a game history record> or null}}

Version history:
  1 — ``history`` was a placeholder: always an empty list (a file with entries was refused).
  2 — ``history`` holds the history record of finished games (``yacht.saves.history``), or null.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from yacht.errors import InvalidSaveError
from yacht.game.setup import GameSetup
from yacht.saves.game_record import GAME_RECORD, SavedGame
from yacht.saves.history import HISTORY_RECORD, History
from yacht.saves.records import Record, expect
from yacht.saves.setup_record import SETUP_RECORD

FORMAT = "yacht-export"
VERSION = 2
MAX_EXPORT_CHARS = 16 * 1024 * 1024
"""A full history is up to about 6 million characters indented (six-player games); far larger
is refused unread. Room to spare, so a file of too many games is told as that, not as too big."""
MEDIA_TYPE = "application/json"


def migrate_v1_to_v2(record: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had no history: its placeholder list becomes "no history"."""
    history = record.get("history")
    if history == []:
        history = None
    elif isinstance(history, list):
        # Version 1 refused entries here; keep refusing them, as the damage they are.
        raise InvalidSaveError("a version 1 file cannot hold finished games")
    return {**record, "version": 2, "history": history}


@dataclass(frozen=True)
class Export:
    """What an export file holds."""

    game: SavedGame | None
    setup: GameSetup | None
    exported_at: str | None = None
    history: History | None = None


def _body(contents: Export) -> dict[str, Any]:
    return {
        "exported_at": contents.exported_at,
        "game": None if contents.game is None else GAME_RECORD.to_data(contents.game),
        "setup": None if contents.setup is None else SETUP_RECORD.to_data(contents.setup),
        "history": None if contents.history is None else HISTORY_RECORD.to_data(contents.history),
    }


def _parse(record: dict[str, Any]) -> Export:
    game_data = record.get("game")
    setup_data = record.get("setup")
    history_data = record.get("history")
    exported_at = record.get("exported_at")
    if exported_at is not None:
        exported_at = expect(exported_at, str, "exported_at")[:40]
    contents = Export(
        game=None if game_data is None else GAME_RECORD.from_data(game_data),
        setup=None if setup_data is None else SETUP_RECORD.from_data(setup_data),
        exported_at=exported_at,
        history=None
        if history_data is None
        else HISTORY_RECORD.from_data(expect(history_data, dict, "history")),
    )
    if contents.game is None and contents.setup is None and contents.history is None:
        raise InvalidSaveError("the file holds neither a game, nor a setup, nor a history")
    return contents


EXPORT_RECORD: Record[Export] = Record(
    FORMAT,
    VERSION,
    "Yacht export file",
    MAX_EXPORT_CHARS,
    _body,
    _parse,
    {1: migrate_v1_to_v2},
    indent=2,  # players may look inside
)


def export_file_name(exported_at: str) -> str:
    """A file name that sorts by date, e.g. ``yacht-2026-11-30-1200.json``."""
    stamp = "".join(c for c in exported_at[:16] if c.isdigit())
    if len(stamp) != 12:
        return "yacht.json"
    return f"yacht-{stamp[:4]}-{stamp[4:6]}-{stamp[6:8]}-{stamp[8:]}.json"
