"""The coach's record of a game: each graded decision, kept with the saved game.

Moves are stored as data, not sentences, so the summary speaks the player's current language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from yacht.errors import InvalidSaveError
from yacht.rules.categories import Category

MoveKind = Literal["hold", "score"]
MAX_ENTRIES = 6 * 13 * 3
"""Every decision of the largest game: 6 players, 13 turns, 3 decisions a turn."""


@dataclass(frozen=True)
class Move:
    """A decision: hold ``faces`` and roll the rest, or score ``points`` in ``category``."""

    kind: MoveKind
    faces: tuple[int, ...] = ()
    category: Category | None = None
    points: int = 0


@dataclass(frozen=True)
class CoachEntry:
    """One graded decision: who, in which turn, what it cost, what was chosen and best."""

    seat: int
    turn: int
    loss: float
    chosen: Move
    best: Move


def entries_to_data(entries: tuple[CoachEntry, ...]) -> list[dict[str, Any]]:
    """JSON-safe form of the log."""
    return [
        {
            "seat": e.seat,
            "turn": e.turn,
            "loss": e.loss,
            "chosen": _move_to_data(e.chosen),
            "best": _move_to_data(e.best),
        }
        for e in entries
    ]


def entries_from_data(data: object, players: int, turns: int) -> tuple[CoachEntry, ...]:
    """The log stored as ``data``; :class:`InvalidSaveError` when it cannot be one."""
    if not isinstance(data, list) or len(data) > MAX_ENTRIES:
        raise InvalidSaveError("the coach's log is not a list of at most a game's decisions")
    entries = []
    for item in data:
        if not isinstance(item, dict):
            raise InvalidSaveError("a coach's entry is not an object")
        seat, turn, loss = item.get("seat"), item.get("turn"), item.get("loss")
        if not (isinstance(seat, int) and isinstance(turn, int)) or isinstance(seat, bool):
            raise InvalidSaveError("a coach's entry names no seat or turn of this game")
        if isinstance(turn, bool) or not (0 <= seat < players and 1 <= turn <= turns):
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
