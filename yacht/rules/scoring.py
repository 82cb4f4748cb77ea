"""How a category turns five dice into points, as small declarative rules.

Each scorer is a frozen dataclass, so a rule set is plain data that prints as it is built.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from yacht.rules.dice import Dice, face_counts


class Scorer(Protocol):
    """A category's rule: the points the dice score there (0 when they don't qualify)."""

    def __call__(self, dice: Dice) -> int: ...


@dataclass(frozen=True)
class FaceCount:
    """Ones to Sixes: the sum of the dice showing ``face``."""

    face: int

    def __call__(self, dice: Dice) -> int:
        return self.face * dice.count(self.face)


@dataclass(frozen=True)
class OfAKind:
    """At least ``count`` dice of one face.

    ``counts`` says what scores: ``"matching"`` the ``count`` matching dice only (the fifth die
    never counts), ``"all"`` the sum of all five dice.
    """

    count: int
    counts: Literal["matching", "all"]

    def __call__(self, dice: Dice) -> int:
        face, seen = face_counts(dice).most_common(1)[0]
        if seen < self.count:
            return 0
        return sum(dice) if self.counts == "all" else face * self.count


@dataclass(frozen=True)
class FullHouse:
    """Three of one face and two of a different face; ``points`` fixed, or None for the sum."""

    points: int | None = None

    def __call__(self, dice: Dice) -> int:
        if sorted(face_counts(dice).values()) != [2, 3]:
            return 0
        return sum(dice) if self.points is None else self.points


@dataclass(frozen=True)
class ExactFaces:
    """Exactly these five faces in any order (the Little and Big Straight of Yacht)."""

    faces: tuple[int, ...]
    points: int

    def __call__(self, dice: Dice) -> int:
        return self.points if sorted(dice) == list(self.faces) else 0


@dataclass(frozen=True)
class Run:
    """Any ``length`` consecutive faces among the dice."""

    length: int
    points: int

    def __call__(self, dice: Dice) -> int:
        present = set(dice)
        for start in range(1, 8 - self.length):
            if present.issuperset(range(start, start + self.length)):
                return self.points
        return 0


@dataclass(frozen=True)
class Total:
    """The sum of all five dice, whatever they show (Choice, Chance)."""

    def __call__(self, dice: Dice) -> int:
        return sum(dice)


@dataclass(frozen=True)
class AllSame:
    """Five dice of one face."""

    points: int

    def __call__(self, dice: Dice) -> int:
        return self.points if len(set(dice)) == 1 else 0
