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

    def counted(self, dice: Dice) -> tuple[bool, ...]:
        """Which of ``dice`` make their score here, die by die (none when they score 0)."""
        ...


def _all_or_none(points: int, dice: Dice) -> tuple[bool, ...]:
    """A rule that takes the throw as a whole: every die counts, or none does."""
    return (points > 0,) * len(dice)


def _first(dice: Dice, faces: list[int]) -> tuple[bool, ...]:
    """The first die showing each of ``faces`` (a face listed twice takes two dice)."""
    wanted = list(faces)
    marks = []
    for face in dice:
        counts = face in wanted
        if counts:
            wanted.remove(face)
        marks.append(counts)
    return tuple(marks)


@dataclass(frozen=True)
class FaceCount:
    """Ones to Sixes: the sum of the dice showing ``face``."""

    face: int

    def __call__(self, dice: Dice) -> int:
        return self.face * dice.count(self.face)

    def counted(self, dice: Dice) -> tuple[bool, ...]:
        return tuple(face == self.face for face in dice)


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

    def counted(self, dice: Dice) -> tuple[bool, ...]:
        points = self(dice)
        if points == 0 or self.counts == "all":
            return _all_or_none(points, dice)
        face, _ = face_counts(dice).most_common(1)[0]
        return _first(dice, [face] * self.count)


@dataclass(frozen=True)
class FullHouse:
    """Three of one face and two of a different face; ``points`` fixed, or None for the sum."""

    points: int | None = None

    def __call__(self, dice: Dice) -> int:
        if sorted(face_counts(dice).values()) != [2, 3]:
            return 0
        return sum(dice) if self.points is None else self.points

    def counted(self, dice: Dice) -> tuple[bool, ...]:
        return _all_or_none(self(dice), dice)


@dataclass(frozen=True)
class ExactFaces:
    """Exactly these five faces in any order (the Little and Big Straight of Yacht)."""

    faces: tuple[int, ...]
    points: int

    def __call__(self, dice: Dice) -> int:
        return self.points if sorted(dice) == list(self.faces) else 0

    def counted(self, dice: Dice) -> tuple[bool, ...]:
        return _all_or_none(self(dice), dice)


@dataclass(frozen=True)
class Run:
    """Any ``length`` consecutive faces among the dice."""

    length: int
    points: int

    def __call__(self, dice: Dice) -> int:
        return self.points if self._run(dice) else 0

    def counted(self, dice: Dice) -> tuple[bool, ...]:
        return _first(dice, self._run(dice))

    def _run(self, dice: Dice) -> list[int]:
        """The faces of the longest row of consecutive faces among the dice, if it is at least
        ``length`` long (1-2-3-4-5 is one row, all five dice in it); none otherwise."""
        present = set(dice)
        longest: list[int] = []
        row: list[int] = []
        for face in range(1, 7):
            row = [*row, face] if face in present else []
            if len(row) > len(longest):
                longest = row
        return longest if len(longest) >= self.length else []


@dataclass(frozen=True)
class Total:
    """The sum of all five dice, whatever they show (Choice, Chance)."""

    def __call__(self, dice: Dice) -> int:
        return sum(dice)

    def counted(self, dice: Dice) -> tuple[bool, ...]:
        return (True,) * len(dice)


@dataclass(frozen=True)
class AllSame:
    """Five dice of one face."""

    points: int

    def __call__(self, dice: Dice) -> int:
        return self.points if len(set(dice)) == 1 else 0

    def counted(self, dice: Dice) -> tuple[bool, ...]:
        return _all_or_none(self(dice), dice)
