"""The coach's log of a game: each graded decision, kept with the session (and its save).

Moves are kept as data, not sentences, so the summary speaks the player's current language.
Stored by :mod:`yacht.saves.coach_log`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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
