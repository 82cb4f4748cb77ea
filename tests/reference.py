"""An independent statement of /work/shared/RULES.md, used by the tests as their oracle.

Written from the rules text with a ``Counter``, deliberately not from ``yacht/rules/scoring.py``: a
test that compares the engine with itself could never fail.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Mapping, Sequence

UPPER_FACE = {"ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6}

YACHT_ORDER = (
    *UPPER_FACE,
    "full_house",
    "four_of_a_kind",
    "little_straight",
    "big_straight",
    "choice",
    "yacht",
)
EXTENDED_ORDER = (
    *UPPER_FACE,
    "three_of_a_kind",
    "four_of_a_kind",
    "small_straight",
    "big_straight",
    "full_house",
    "yacht",
    "choice",
)
CATEGORY_ORDER: Mapping[str, tuple[str, ...]] = {
    "traditional": YACHT_ORDER,
    "sum-all": YACHT_ORDER,
    "extended": EXTENDED_ORDER,
}
RULESET_IDS = ("traditional", "sum-all", "extended")
ALL_CATEGORY_IDS = tuple(dict.fromkeys(YACHT_ORDER + EXTENDED_ORDER))

BONUS_THRESHOLD = 63
BONUS_POINTS = 35


def reference_score(dice: Sequence[int], category: str, ruleset: str) -> int:
    """The points RULES.md gives ``dice`` in ``category`` under rule set ``ruleset``."""
    if category not in CATEGORY_ORDER[ruleset]:
        raise KeyError(f"{ruleset} has no {category}")
    counts = Counter(dice)
    shape = sorted(counts.values(), reverse=True)
    faces = set(dice)
    total = sum(dice)

    def face_with_at_least(n: int) -> int | None:
        return next((face for face, seen in counts.items() if seen >= n), None)

    if category in UPPER_FACE:
        face = UPPER_FACE[category]
        return face * counts[face]
    if category == "choice":
        return total
    if category == "yacht":
        return 50 if shape == [5] else 0
    if category == "full_house":
        if shape != [3, 2]:
            return 0
        return 40 if ruleset == "extended" else total
    if category == "four_of_a_kind":
        face = face_with_at_least(4)
        if face is None:
            return 0
        return total if ruleset == "sum-all" else 4 * face
    if category == "three_of_a_kind":
        face = face_with_at_least(3)
        return 0 if face is None else 3 * face
    if category == "little_straight":
        return 30 if sorted(dice) == [1, 2, 3, 4, 5] else 0
    if category == "big_straight":
        if ruleset == "extended":
            runs = ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})
            return 30 if len(dice) == 5 and faces in runs else 0
        return 30 if sorted(dice) == [2, 3, 4, 5, 6] else 0
    if category == "small_straight":
        runs = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
        return 25 if any(run <= faces for run in runs) else 0
    raise AssertionError(f"no rule written for {category}")


def reference_totals(scores: Mapping[str, int], upper_bonus: bool) -> tuple[int, int, int]:
    """(upper subtotal, bonus, grand total) of a scorecard given as ``{category id: points}``."""
    upper = sum(points for category, points in scores.items() if category in UPPER_FACE)
    lower = sum(points for category, points in scores.items() if category not in UPPER_FACE)
    bonus = BONUS_POINTS if upper_bonus and upper >= BONUS_THRESHOLD else 0
    return upper, bonus, upper + bonus + lower


class ScriptedDice:
    """A dice source that throws exactly the faces it was given, in order."""

    def __init__(self, faces: Iterable[int] = ()) -> None:
        self.queue: deque[int] = deque(faces)
        self.thrown = 0

    def add(self, faces: Iterable[int]) -> None:
        """Queue more faces."""
        self.queue.extend(faces)

    def randint(self, a: int, b: int) -> int:
        """The next queued face; the engine must ask for a six-sided die."""
        assert (a, b) == (1, 6), f"asked for randint({a}, {b}), not a six-sided die"
        if not self.queue:
            raise AssertionError("the engine threw more dice than the test scripted")
        self.thrown += 1
        return self.queue.popleft()
