"""Keeps and the chances of what a roll turns them into.

A *keep* is the multiset of faces a player sets aside before rolling the rest; order never
matters, so there are 462 keeps of 0 to 5 dice, the 252 five-dice keeps being the throws
themselves. The solver never stores a keep-to-throw probability matrix: rolling ``m`` dice is
rolling one die ``m`` times, so the expected value of a keep is the average, over the six faces,
of the keep with that face added (:func:`keep_values`). That recursion is exactly the
multinomial expectation (a test checks it against :func:`outcome_probabilities`) and costs
1,260 additions a pass instead of the 4,368 products of the matrix.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import factorial

from yacht.rules.dice import DICE_COUNT, FACES, Dice, all_throws

Keep = tuple[int, ...]
"""Faces set aside, sorted ascending (the empty tuple rerolls everything)."""


@dataclass(frozen=True)
class KeepGraph:
    """Every keep, numbered, with the links the within-turn recursion walks.

    Keeps are numbered by size, then in the order of ``itertools.combinations_with_replacement``
    so the throws are the last 252 numbers, in the order of :func:`yacht.rules.dice.all_throws`.
    """

    keeps: tuple[Keep, ...]
    index: dict[Keep, int]
    first_throw: int
    """The number of the first five-dice keep; throw ``t`` of ``all_throws()`` is keep
    ``first_throw + t``."""
    add_die: tuple[tuple[int, ...], ...]
    """For a keep of fewer than five dice, the six keeps with one more die showing 1 to 6."""
    drop_die: tuple[tuple[int, ...], ...]
    """For every keep, the distinct keeps with one die fewer."""
    throw_probability: tuple[float, ...]
    """The chance of each of the 252 throws when all five dice are rolled."""
    face_count: tuple[tuple[int, ...], ...]
    """``face_count[f][t]``: how many dice of throw ``t`` show face ``f`` (index 0 unused)."""

    def throw_keep(self, throw: Sequence[int]) -> int:
        """The keep number of five dice in any order."""
        return self.index[tuple(sorted(throw))]

    def sub_keeps(self, throw: Sequence[int]) -> tuple[int, ...]:
        """The distinct keeps a player holding ``throw`` can choose, every size 0 to 5."""
        chosen = {
            tuple(sorted(kept))
            for size in range(DICE_COUNT + 1)
            for kept in itertools.combinations(throw, size)
        }
        return tuple(sorted(self.index[keep] for keep in chosen))


@cache
def keep_graph() -> KeepGraph:
    """The keep graph, built on first use (a few milliseconds) and shared afterwards."""
    keeps: list[Keep] = [
        keep
        for size in range(DICE_COUNT + 1)
        for keep in itertools.combinations_with_replacement(FACES, size)
    ]
    index = {keep: number for number, keep in enumerate(keeps)}
    throws = all_throws()
    first_throw = len(keeps) - len(throws)
    assert tuple(keeps[first_throw:]) == throws, "throws must be numbered as all_throws()"
    add_die = tuple(
        tuple(index[tuple(sorted((*keep, face)))] for face in FACES)
        if len(keep) < DICE_COUNT
        else ()
        for keep in keeps
    )
    drop_die = tuple(
        tuple(
            index[keep[:at] + keep[at + 1 :]]
            for at in range(len(keep))
            if at == 0 or keep[at] != keep[at - 1]
        )
        for keep in keeps
    )
    probability = tuple(float(throw_chance(throw)) for throw in throws)
    face_count = tuple(
        tuple(throw.count(face) for throw in throws) for face in range(max(FACES) + 1)
    )
    return KeepGraph(
        keeps=tuple(keeps),
        index=index,
        first_throw=first_throw,
        add_die=add_die,
        drop_die=drop_die,
        throw_probability=probability,
        face_count=face_count,
    )


def throw_chance(faces: Sequence[int]) -> Fraction:
    """The exact multinomial chance that ``len(faces)`` fresh dice show these faces."""
    ways = factorial(len(faces))
    for seen in Counter(faces).values():
        ways //= factorial(seen)
    return Fraction(ways, len(FACES) ** len(faces))


def outcome_probabilities(keep: Sequence[int]) -> dict[Dice, Fraction]:
    """Each throw that rolling the other dice can give after setting ``keep`` aside, exactly."""
    kept = tuple(sorted(keep))
    if len(kept) > DICE_COUNT or any(face not in FACES for face in kept):
        raise ValueError(f"a keep is 0 to {DICE_COUNT} faces from 1 to 6, not {keep!r}")
    free = DICE_COUNT - len(kept)
    return {
        tuple(sorted(kept + rolled)): throw_chance(rolled)  # type: ignore[misc]
        for rolled in itertools.combinations_with_replacement(FACES, free)
    }


def keep_values(after_roll: Sequence[float]) -> list[float]:
    """The expected value of every keep, given the value of each of the 252 throws.

    ``after_roll[t]`` is what throw ``t`` is worth once rolled; the result is indexed by keep
    number (the throws keep their own values).
    """
    graph = keep_graph()
    values = [0.0] * graph.first_throw + list(after_roll)
    add_die = graph.add_die
    # Larger keeps first: each keep averages the six keeps with one more die.
    for keep in range(graph.first_throw - 1, -1, -1):
        a, b, c, d, e, f = add_die[keep]
        values[keep] = (values[a] + values[b] + values[c] + values[d] + values[e] + values[f]) / 6
    return values


def best_keep_values(keep_value: Sequence[float]) -> list[float]:
    """For each of the 252 throws, the value of its best keep (keeping all five included)."""
    graph = keep_graph()
    best = list(keep_value)
    drop_die = graph.drop_die
    # Smaller keeps first: the best sub-keep of a keep is itself or the best sub-keep of one
    # of the keeps with a die fewer, which covers every sub-multiset.
    for keep in range(1, len(best)):
        top = best[keep]
        for smaller in drop_die[keep]:
            if best[smaller] > top:
                top = best[smaller]
        best[keep] = top
    return best[graph.first_throw :]


def positions_of(
    dice: Sequence[int], faces: Sequence[int], held: Sequence[bool]
) -> tuple[int, ...]:
    """Die positions showing ``faces``, preferring dice already held, then the leftmost.

    Preferring held dice makes a bot's holds converge: holding one die of a keep never makes
    another die the chosen one.
    """
    preference = sorted(range(len(dice)), key=lambda i: (not held[i], i))
    chosen: list[int] = []
    for face in faces:
        found = next((i for i in preference if dice[i] == face and i not in chosen), None)
        if found is None:
            raise ValueError(f"the dice {tuple(dice)} do not show {tuple(faces)}")
        chosen.append(found)
    return tuple(sorted(chosen))
