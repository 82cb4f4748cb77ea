"""Keeps and their probabilities, checked against plain enumeration of ordered dice."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from yacht.rules.dice import all_throws
from yacht.strategy.keeps import (
    best_keep_values,
    keep_graph,
    keep_values,
    outcome_probabilities,
    positions_of,
    throw_chance,
)


def ordered_outcomes(keep: tuple[int, ...]) -> Counter[tuple[int, ...]]:
    """How many of the 6^n ordered rolls of the free dice give each sorted throw."""
    free = 5 - len(keep)
    return Counter(
        tuple(sorted(keep + roll)) for roll in itertools.product(range(1, 7), repeat=free)
    )


def test_there_are_462_keeps_and_the_throws_come_last_in_engine_order() -> None:
    graph = keep_graph()
    assert len(graph.keeps) == 462
    assert graph.first_throw == 462 - 252
    assert graph.keeps[graph.first_throw :] == all_throws()
    assert len(set(graph.keeps)) == 462


def test_throw_probabilities_are_the_multinomial_counts() -> None:
    counts = ordered_outcomes(())
    graph = keep_graph()
    for throw, chance in zip(all_throws(), graph.throw_probability, strict=True):
        assert chance == counts[throw] / 7776
    assert sum(graph.throw_probability) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("keep", [(), (6,), (2, 2), (1, 3, 5), (4, 4, 4, 1), (1, 2, 3, 4, 5)])
def test_outcome_probabilities_match_enumeration(keep: tuple[int, ...]) -> None:
    counts = ordered_outcomes(keep)
    total = sum(counts.values())
    exact = outcome_probabilities(keep)
    assert exact == {throw: Fraction(seen, total) for throw, seen in counts.items()}
    assert sum(exact.values()) == 1


def test_throw_chance_of_a_full_house_shape() -> None:
    assert throw_chance((3, 3, 3, 6, 6)) == Fraction(10, 7776)


def test_outcome_probabilities_reject_a_bad_keep() -> None:
    with pytest.raises(ValueError, match="keep"):
        outcome_probabilities((1, 2, 3, 4, 5, 6))
    with pytest.raises(ValueError, match="keep"):
        outcome_probabilities((7,))


def test_keep_values_are_the_multinomial_expectation_for_every_keep() -> None:
    # The one-die-at-a-time recursion must equal the exact multinomial average.
    rng = random.Random(5)
    after = [rng.uniform(0, 100) for _ in range(252)]
    index = {throw: n for n, throw in enumerate(all_throws())}
    values = keep_values(after)
    for number, keep in enumerate(keep_graph().keeps):
        expected = sum(
            float(chance) * after[index[throw]]
            for throw, chance in outcome_probabilities(keep).items()
        )
        assert values[number] == pytest.approx(expected, rel=1e-12)


def test_best_keep_values_are_the_best_of_every_hold() -> None:
    rng = random.Random(11)
    keep_value = [rng.uniform(0, 10) for _ in range(462)]
    graph = keep_graph()
    best = best_keep_values(keep_value)
    for number, throw in enumerate(all_throws()):
        holds = {
            tuple(throw[i] for i in range(5) if bits >> i & 1)  # throw is sorted
            for bits in range(32)
        }
        assert best[number] == max(keep_value[graph.index[hold]] for hold in holds)


def test_sub_keeps_are_the_distinct_holds() -> None:
    graph = keep_graph()
    assert len(graph.sub_keeps((1, 2, 3, 4, 5))) == 32
    assert len(graph.sub_keeps((6, 6, 6, 6, 6))) == 6
    assert len(graph.sub_keeps((2, 2, 5, 5, 5))) == 12
    assert {graph.keeps[k] for k in graph.sub_keeps((1, 1, 2, 2, 2))} >= {(), (1, 1, 2, 2, 2)}


def test_positions_prefer_held_dice_then_the_leftmost() -> None:
    dice = (6, 2, 6, 3, 6)
    assert positions_of(dice, (6, 6), (False,) * 5) == (0, 2)
    assert positions_of(dice, (6, 6), (False, False, False, False, True)) == (0, 4)
    assert positions_of(dice, (), (True,) * 5) == ()
    with pytest.raises(ValueError, match="do not show"):
        positions_of(dice, (5,), (False,) * 5)
