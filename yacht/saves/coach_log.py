"""The stored form of the coach's log (a ``yacht-coach-log`` record inside the saved game).

Version history:
  1 — ``{"format": "yacht-coach-log", "version": 1, "entries": [...]}``, each entry
      ``{"seat", "turn", "loss", "chosen", "best"}`` with a move ``{"hold": [faces]}`` or
      ``{"score": category, "points": n}``. (Game saves of version 3 and 4 held the bare list.)

A log read on its own is checked against the largest game; :func:`check_log_fits` then checks
it against the game it belongs to.
"""

from __future__ import annotations

from typing import Any

from yacht.errors import InvalidSaveError
from yacht.game.players import MAX_PLAYERS
from yacht.rules.categories import Category
from yacht.saves.records import Record, expect
from yacht.session.coach_log import MAX_ENTRIES, CoachEntry, Move

FORMAT = "yacht-coach-log"
VERSION = 1
MAX_TURNS = len(Category)
MAX_LOG_CHARS = 256 * 1024
"""The largest game's log (234 entries of about 100 characters) is under 32 KB."""

CoachLog = tuple[CoachEntry, ...]


def _body(entries: CoachLog) -> dict[str, Any]:
    return {
        "entries": [
            {
                "seat": e.seat,
                "turn": e.turn,
                "loss": e.loss,
                "chosen": _move_to_data(e.chosen),
                "best": _move_to_data(e.best),
            }
            for e in entries
        ]
    }


def _parse(record: dict[str, Any]) -> CoachLog:
    data = expect(record.get("entries"), list, "the coach's entries")
    if len(data) > MAX_ENTRIES:
        raise InvalidSaveError("the coach's log is longer than a game's decisions")
    entries = []
    for item in data:
        if not isinstance(item, dict):
            raise InvalidSaveError("a coach's entry is not an object")
        seat, turn, loss = item.get("seat"), item.get("turn"), item.get("loss")
        if not (
            isinstance(seat, int)
            and isinstance(turn, int)
            and _is_int(seat)
            and _is_int(turn)
            and 0 <= seat < MAX_PLAYERS
            and 1 <= turn <= MAX_TURNS
        ):
            raise InvalidSaveError("a coach's entry names no seat or turn of this game")
        if isinstance(loss, bool) or not isinstance(loss, int | float) or not 0 <= loss <= 1000:
            raise InvalidSaveError("a coach's entry has an impossible cost")
        entries.append(
            CoachEntry(
                seat,
                turn,
                float(loss),
                _move_from_data(item.get("chosen")),
                _move_from_data(item.get("best")),
            )
        )
    return tuple(entries)


COACH_LOG_RECORD: Record[CoachLog] = Record(
    FORMAT, VERSION, "coach's log", MAX_LOG_CHARS, _body, _parse
)


def check_log_fits(entries: CoachLog, players: int, turns: int) -> None:
    """:class:`InvalidSaveError` unless every entry names a seat and turn of the game."""
    if any(not (e.seat < players and e.turn <= turns) for e in entries):
        raise InvalidSaveError("a coach's entry names no seat or turn of this game")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _move_to_data(move: Move) -> dict[str, Any]:
    if move.kind == "hold":
        return {"hold": list(move.faces)}
    assert move.category is not None
    return {"score": move.category.value, "points": move.points}


def _move_from_data(data: object) -> Move:
    if isinstance(data, dict) and set(data) == {"hold"}:
        faces = data["hold"]
        if (
            isinstance(faces, list)
            and len(faces) <= 5
            and all(_is_int(f) and 1 <= f <= 6 for f in faces)
        ):
            return Move("hold", tuple(sorted(faces)))
    if isinstance(data, dict) and set(data) == {"score", "points"}:
        category, points = data["score"], data["points"]
        known = isinstance(category, str) and category in {c.value for c in Category}
        if known and _is_int(points) and 0 <= points <= 50:
            return Move("score", category=Category(category), points=points)
    raise InvalidSaveError("a coach's entry has a move that is neither a hold nor a score")
