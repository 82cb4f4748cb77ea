"""How a seeded game derives its dice from its seed: the two schemes a game may use.

- :attr:`DiceScheme.RUNNING` (every seeded game before challenges, and the daily game): each
  roll comes from ``(seed, rolls_made)``, a running count of the game's rolls. A game whose
  first turn took three rolls sees other dice in its second turn than one whose first took
  one.
- :attr:`DiceScheme.DUPLICATE` (challenge games): each die's face comes from ``(seed, turn,
  roll, position)`` alone, where *turn* is the seat's own turn number (1, 2, ...) and *roll*
  the roll within the turn (1 to 3). Every turn's first throw is the same for everyone who
  plays the seed, whatever they did before, and rerolling a die at the same point of a turn
  gives it the same face: two players' scores differ by their decisions, not their luck.

>>> duplicate_faces(7, turn=1, roll=1, positions=range(5))
(3, 5, 3, 3, 3)
>>> duplicate_faces(7, turn=1, roll=2, positions=[1, 4])
(2, 3)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable

from yacht.rules.dice import FACES, MAX_SEED


class DiceScheme(enum.Enum):
    """Which derivation a seeded game's dice follow (its value is what a save stores)."""

    RUNNING = "running"
    DUPLICATE = "duplicate"


def duplicate_face(seed: int, turn: int, roll: int, position: int) -> int:
    """The face die ``position`` shows when thrown at ``roll`` of the seat's ``turn``."""
    # Imported on the first throw, not at start-up (hashlib pulls in several modules).
    import hashlib

    digest = hashlib.sha256(f"yacht-duplicate:{seed}:{turn}:{roll}:{position}".encode()).digest()
    # 64 bits modulo 6: the bias (below 1 in 10**18) is far beneath anything a game could show.
    return FACES[int.from_bytes(digest[:8], "big") % len(FACES)]


def duplicate_faces(seed: int, turn: int, roll: int, positions: Iterable[int]) -> tuple[int, ...]:
    """The faces of the dice at ``positions`` thrown at ``roll`` of ``turn``, in that order."""
    return tuple(duplicate_face(seed, turn, roll, position) for position in positions)


def fresh_seed() -> int:
    """An unpredictable seed for a new game (any a save can hold)."""
    # The operating system's randomness (crypto.getRandomValues in the page), like secrets,
    # without importing secrets and hmac at start-up.
    return random.SystemRandom().randrange(MAX_SEED + 1)
