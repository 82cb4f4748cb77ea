"""Dice values: validation, the 252 distinct throws and the random source."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Protocol

from yacht.errors import InvalidDiceError, InvalidSeedError

DICE_COUNT = 5
FACES = (1, 2, 3, 4, 5, 6)
MAX_SEED = 2**53 - 1
"""The largest dice seed: saves hold it as a JSON number, which JavaScript reads exactly up to
2**53 - 1."""

Dice = tuple[int, int, int, int, int]
"""Five faces in the order they lie on the table."""


def validate_dice(dice: Iterable[int]) -> Dice:
    """Return ``dice`` as a tuple, or raise :class:`InvalidDiceError` explaining what is wrong."""
    values = tuple(dice)
    if len(values) != DICE_COUNT:
        raise InvalidDiceError(f"expected {DICE_COUNT} dice, got {len(values)}: {values!r}")
    for value in values:
        # bool is an int subclass; True is not a die face.
        if not isinstance(value, int) or isinstance(value, bool) or value not in FACES:
            raise InvalidDiceError(f"a die shows 1 to 6, not {value!r} (dice {values!r})")
    return values  # type: ignore[return-value]


def written(faces: Iterable[int]) -> str:
    """Dice as the game writes them in a sentence: ``1-1-4-5-1``.

    >>> written((6, 6, 2))
    '6-6-2'
    """
    return "-".join(str(face) for face in faces)


def face_counts(dice: Sequence[int]) -> Counter[int]:
    """How many dice show each face."""
    return Counter(dice)


@cache
def all_throws() -> tuple[Dice, ...]:
    """The 252 distinct throws of five dice, each as a sorted tuple."""
    return tuple(itertools.combinations_with_replacement(FACES, DICE_COUNT))  # type: ignore[arg-type]


class DiceSource(Protocol):
    """Anything that can throw dice: ``random.Random`` and ``random.SystemRandom`` qualify."""

    def randint(self, a: int, b: int) -> int: ...


def system_dice() -> DiceSource:
    """The default source: the operating system's entropy (the browser's crypto in Pyodide)."""
    return random.SystemRandom()


_MAX_SEED_DIGITS = len(str(MAX_SEED))


def check_seed(seed: object) -> int:
    """``seed`` when it is a whole number from 0 to :data:`MAX_SEED`, else
    :class:`InvalidSeedError`: a game with any other seed could not be saved and read back."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise InvalidSeedError(str(seed))
    return seed


def parse_seed(text: str) -> int:
    """The seed written as ``text`` (ASCII digits only, as in ``?seed=2024``).

    >>> parse_seed("0042")
    42
    >>> parse_seed("-1")
    Traceback (most recent call last):
    ...
    yacht.errors.InvalidSeedError: a seed is a whole number from 0 to 9007199254740991, not '-1'
    """
    # int() would also take "+5", " 5", "5_000" and other scripts' digits; a seed is plainer.
    # The length check comes first, so a million digits are never converted.
    digits = text.lstrip("0") or "0"
    if not text.isascii() or not text.isdigit() or len(digits) > _MAX_SEED_DIGITS:
        raise InvalidSeedError(text)
    return check_seed(int(digits))


def seeded_dice(seed: int | str) -> DiceSource:
    """A reproducible source for tests, replays and shared challenges."""
    return random.Random(seed)


def throw(source: DiceSource, count: int) -> tuple[int, ...]:
    """Throw ``count`` dice."""
    return tuple(source.randint(1, 6) for _ in range(count))
