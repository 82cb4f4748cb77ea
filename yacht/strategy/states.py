"""The solver's view of a rule set: states between turns and what scoring a category does.

A state between two turns is the set of filled categories, as a bit mask over the rule set's
categories in scorecard order, and, when an upper-section bonus is in force, the upper subtotal
capped at the bonus threshold (nothing above the threshold changes anything).

The subtotal only matters while the bonus is *live*: not yet earned, and still reachable with
five of a kind in every open upper category. In every other state the rest of the game is the
same as without the bonus, so the solver keeps one value per mask for those (the rule set's
no-bonus values) and values by subtotal only for live states. Live states whose subtotal no
legal play gives (3 with only Twos filled) are left out too: 231,552 states remain of the
2^13 x 64.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from yacht.errors import InvalidStateError, InvalidSubtotalError
from yacht.rules.categories import UPPER_FACES, Category
from yacht.rules.dice import DICE_COUNT, all_throws
from yacht.rules.rulesets import RuleSet


@dataclass(frozen=True, eq=False)
class StateSpace:
    """Everything the solver needs to know about a rule set, precomputed once."""

    ruleset: RuleSet
    categories: tuple[Category, ...]
    points: tuple[tuple[int, ...], ...]
    """``points[i][t]``: what throw ``t`` of ``all_throws()`` scores in category ``i``."""
    upper_face: tuple[int, ...]
    """The face category ``i`` counts, or 0 for a lower-section category."""
    threshold: int
    """The upper subtotal that earns the bonus (0 when no bonus is in force)."""
    bonus: int
    """The bonus points (0 when no bonus is in force)."""
    upper_mask: int
    """The bits of the upper-section categories."""
    live: Mapping[int, frozenset[int]]
    """Live subtotals by the upper part of a mask (``mask & upper_mask``); empty sets without
    a bonus."""

    @property
    def full_mask(self) -> int:
        """The mask with every category filled: the end of the game."""
        return (1 << len(self.categories)) - 1

    @property
    def has_bonus(self) -> bool:
        """Whether the upper subtotal is part of the state."""
        return self.bonus > 0

    def mask_of(self, filled: Iterable[Category | str]) -> int:
        """The bit mask of these filled categories."""
        mask = 0
        for category in filled:
            mask |= 1 << self.categories.index(self.ruleset.check(category))
        return mask

    def open_indices(self, mask: int) -> tuple[int, ...]:
        """The positions of the categories still open in ``mask``, in scorecard order."""
        return tuple(i for i in range(len(self.categories)) if not mask >> i & 1)

    def cap(self, subtotal: int) -> int:
        """The subtotal as the state records it: capped at the threshold, 0 without a bonus."""
        return min(subtotal, self.threshold) if self.has_bonus else 0

    def after_scoring(self, subtotal: int, index: int, points: int) -> tuple[int, int]:
        """(the new capped subtotal, bonus points earned now) after ``points`` in ``index``."""
        if not self.has_bonus or not self.upper_face[index]:
            return subtotal, 0
        new = min(subtotal + points, self.threshold)
        earned = self.bonus if subtotal < self.threshold <= new else 0
        return new, earned

    def reachable_subtotals(self, mask: int) -> frozenset[int]:
        """Every capped subtotal the filled upper categories of ``mask`` can add up to."""
        return _reachable_subtotals(self.upper_face, self.threshold, mask & self.upper_mask)

    def live_subtotals(self, mask: int) -> tuple[int, ...]:
        """The reachable subtotals of ``mask`` for which the bonus is still live, ascending."""
        return tuple(sorted(self.live[mask & self.upper_mask]))

    def check_position(self, mask: int, subtotal: int) -> None:
        """Raise :class:`InvalidStateError` unless play can reach (mask, upper subtotal).

        The subtotal is checked uncapped and with or without a bonus: 7 with only Twos
        filled is wrong even where the solver would not look at it.
        """
        if not 0 <= mask <= self.full_mask:
            raise InvalidStateError(f"no such set of filled categories: {mask:#x}")
        if isinstance(subtotal, bool) or not isinstance(subtotal, int):
            raise InvalidSubtotalError(f"the upper subtotal is a whole number, not {subtotal!r}")
        faces = tuple(face for i, face in enumerate(self.upper_face) if face and mask >> i & 1)
        if subtotal not in _possible_sums(faces):
            counted = ", ".join(map(str, faces)) or "no upper category"
            raise InvalidSubtotalError(
                f"an upper subtotal of {subtotal} cannot come from the filled upper categories "
                f"(filled faces: {counted})"
            )


@cache
def state_space(ruleset: RuleSet) -> StateSpace:
    """The solver's precomputed view of ``ruleset`` (cached per rule set and bonus)."""
    categories = ruleset.categories
    bonus = ruleset.upper_bonus
    upper_face = tuple(UPPER_FACES.get(category, 0) for category in categories)
    upper_mask = sum(1 << i for i, face in enumerate(upper_face) if face)
    threshold = bonus.threshold if bonus is not None else 0
    live: dict[int, frozenset[int]] = {}
    for upper in range(upper_mask + 1):
        if upper & ~upper_mask:
            continue
        still_possible = DICE_COUNT * sum(
            face for i, face in enumerate(upper_face) if face and not upper >> i & 1
        )
        live[upper] = frozenset(
            s
            for s in _reachable_subtotals(upper_face, threshold, upper)
            if bonus is not None and s < threshold <= s + still_possible
        )
    return StateSpace(
        ruleset=ruleset,
        categories=categories,
        points=tuple(
            tuple(ruleset.scorers[category](throw) for throw in all_throws())
            for category in categories
        ),
        upper_face=upper_face,
        threshold=threshold,
        bonus=bonus.points if bonus is not None else 0,
        upper_mask=upper_mask,
        live=MappingProxyType(live),
    )


@cache
def _reachable_subtotals(upper_face: tuple[int, ...], threshold: int, mask: int) -> frozenset[int]:
    if not threshold:
        return frozenset({0})
    sums = {0}
    for i, face in enumerate(upper_face):
        if face and mask >> i & 1:
            sums = {min(s + k * face, threshold) for s in sums for k in range(DICE_COUNT + 1)}
    return frozenset(sums)


@cache
def _possible_sums(faces: tuple[int, ...]) -> frozenset[int]:
    """Every total that upper categories counting these faces can add up to, uncapped."""
    sums = {0}
    for face in faces:
        sums = {s + k * face for s in sums for k in range(DICE_COUNT + 1)}
    return frozenset(sums)
