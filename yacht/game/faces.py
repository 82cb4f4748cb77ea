"""Reading the faces a player typed for real dice: "44451", "4 4 4 5 1" or "4,4,4,5,1".

>>> parse_faces("4 4 4 5 1")
(4, 4, 4, 5, 1)
>>> parse_faces("4445")
Traceback (most recent call last):
...
yacht.errors.InvalidDiceError: five faces are needed, not 4 ('4445')
"""

from __future__ import annotations

from yacht.errors import InvalidDiceError
from yacht.rules.dice import DICE_COUNT, FACES, Dice, validate_dice

SEPARATORS = " ,;.-/"
"""Characters a player may put between faces; they are ignored."""


def parse_faces(text: str) -> Dice:
    """The five faces in ``text``; :class:`InvalidDiceError` unless it holds exactly five 1-6."""
    kept = [char for char in text.strip() if char not in SEPARATORS]
    for char in kept:
        if char not in "123456":
            raise InvalidDiceError(f"a die shows 1 to 6, not {char!r} ({text[:20]!r})")
    if len(kept) != DICE_COUNT:
        raise InvalidDiceError(f"five faces are needed, not {len(kept)} ({text[:20]!r})")
    return validate_dice(int(char) for char in kept)


def add_face(text: str, face: int) -> str:
    """``text`` with one more face typed (ignored once five faces are there).

    >>> add_face("444", 5)
    '4445'
    """
    if face not in FACES:
        raise InvalidDiceError(f"a die shows 1 to 6, not {face!r}")
    digits = "".join(char for char in text if char in "123456")
    return digits if len(digits) >= DICE_COUNT else digits + str(face)
