"""Fair dice: the engine's rolls are uniform and independent, and holds are respected.

The engine throws with ``random.SystemRandom()`` unless a game is seeded. In the browser,
SystemRandom reads ``os.urandom``; Pyodide builds CPython with Emscripten, whose
``getentropy`` (behind ``os.urandom``) fills its buffer with ``crypto.getRandomValues`` (see
``initRandomFill`` in ``node_modules/pyodide/pyodide.asm.mjs``: ``view =>
crypto.getRandomValues(view)``). ``e2e/test_hostile_input.py`` checks that a roll in the page
calls ``crypto.getRandomValues``.

The chi-square tests run the engine's own ``roll`` over a seeded Mersenne Twister, so that each
run sees the same numbers (a test that fails once in a thousand runs at random is worse than
none). What they check is the engine's side: that it asks for a six-sided die per free die,
uses every face, keeps held dice and rerolls the others. A last test runs the unseeded system
source with a one-in-a-million threshold. Run with ``-s`` to see the p-values.
"""

from __future__ import annotations

import math
import os
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import product

import pytest

from yacht import GameState, hold, new_game, roll, system_dice
from yacht.rules.dice import DICE_COUNT, FACES, all_throws

SEED = 20261130
"""Chosen once, before looking at any result (today's date), not searched for."""
FACES_PER_TEST = 600_000
ALPHA = 0.001
"""A fair source fails a test with this probability; the seeds make the outcome fixed."""


# -- the chi-square statistic and its p-value ----------------------------------------------


def chi_square(observed: Sequence[int], expected: Sequence[float]) -> float:
    """Pearson's statistic: sum of (observed - expected)^2 / expected."""
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))


def chi_square_p(statistic: float, df: int) -> float:
    """P(X >= statistic) for X chi-square with ``df`` degrees of freedom.

    The regularised upper incomplete gamma function Q(df/2, statistic/2): the power series
    below its mean, Lentz's continued fraction above (Numerical Recipes, 6.2).
    """
    a, x = df / 2, statistic / 2
    if x <= 0:
        return 1.0
    log_prefix = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-16:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1 - total * math.exp(log_prefix))
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-16:
            break
    return math.exp(log_prefix) * h


def uniform_faces_p(faces: Iterable[int]) -> tuple[float, int]:
    """p-value of "every face equally likely" for these faces, and how many there were."""
    counts = Counter(faces)
    total = sum(counts.values())
    observed = [counts[face] for face in FACES]
    return chi_square_p(chi_square(observed, [total / 6] * 6), 5), total


def report(name: str, p: float, n: int) -> None:
    print(f"\n  chi-square  {name:<52} n={n:>9,}  p={p:.4f}")


@pytest.mark.parametrize(
    ("statistic", "df", "expected"),
    [
        (3.841458820694124, 1, 0.05),
        (11.070497693516351, 5, 0.05),
        (20.515005652432873, 5, 0.001),
        (5.0, 2, math.exp(-2.5)),
        (0.5, 1, math.erfc(math.sqrt(0.25))),
        (290.0, 251, None),
        (251.0, 251, None),
        (0.0, 5, 1.0),
    ],
)
def test_the_p_value_function_is_right(statistic: float, df: int, expected: float | None) -> None:
    if expected is None:
        # Wilson-Hilferty: a good normal approximation for large df, to three decimals.
        z = ((statistic / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
        expected = 0.5 * math.erfc(z / math.sqrt(2))
        assert chi_square_p(statistic, df) == pytest.approx(expected, abs=2e-3)
    else:
        assert chi_square_p(statistic, df) == pytest.approx(expected, rel=1e-9, abs=1e-12)
    # df = 5 has a closed form: erfc(sqrt(x/2)) + sqrt(2x/pi) e^(-x/2) (1 + x/3).
    x = statistic
    closed = math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (
        1 + x / 3
    )
    assert chi_square_p(x, 5) == pytest.approx(closed, rel=1e-9, abs=1e-12)


# -- first rolls -------------------------------------------------------------------------------


def first_rolls(source: random.Random, count: int) -> list[tuple[int, ...]]:
    """``count`` first rolls of a turn, made by the engine."""
    fresh = new_game(["Tester"])
    throws: list[tuple[int, ...]] = []
    for _ in range(count):
        dice = roll(fresh, source).dice
        assert dice is not None
        throws.append(dice)
    return throws


@pytest.fixture(scope="module")
def throws() -> list[tuple[int, ...]]:
    """600,000 faces: 120,000 first rolls from a seeded source."""
    return first_rolls(random.Random(SEED), FACES_PER_TEST // DICE_COUNT)


@pytest.mark.slow
def test_every_face_is_equally_likely(throws: list[tuple[int, ...]]) -> None:
    p, n = uniform_faces_p(face for dice in throws for face in dice)
    report("faces of first rolls", p, n)
    assert n >= FACES_PER_TEST
    assert p > ALPHA


@pytest.mark.slow
@pytest.mark.parametrize("position", range(DICE_COUNT))
def test_every_die_is_fair_on_its_own(throws: list[tuple[int, ...]], position: int) -> None:
    p, n = uniform_faces_p(dice[position] for dice in throws)
    report(f"die {position + 1} of first rolls", p, n)
    assert p > ALPHA


@pytest.mark.slow
def test_neighbouring_dice_are_independent(throws: list[tuple[int, ...]]) -> None:
    # 36 cells of (die i, die i+1): a source that repeats or avoids the last face shows here.
    pairs = Counter((dice[i], dice[i + 1]) for dice in throws for i in range(DICE_COUNT - 1))
    total = sum(pairs.values())
    observed = [pairs[cell] for cell in product(FACES, FACES)]
    p = chi_square_p(chi_square(observed, [total / 36] * 36), 35)
    report("pairs of neighbouring dice (36 cells)", p, total)
    assert p > ALPHA


@pytest.mark.slow
def test_whole_throws_follow_the_multinomial_law(throws: list[tuple[int, ...]]) -> None:
    # The 252 distinct throws (sorted), each with its exact probability: e.g. a Yacht of sixes
    # is 1/7776, and 1-2-3-4-5 in any order is 120/7776.
    counts = Counter(tuple(sorted(dice)) for dice in throws)
    expected = []
    for kind in all_throws():
        ways = math.factorial(DICE_COUNT)
        for multiplicity in Counter(kind).values():
            ways //= math.factorial(multiplicity)
        expected.append(len(throws) * ways / 6**DICE_COUNT)
    assert sum(expected) == pytest.approx(len(throws))
    observed = [counts[kind] for kind in all_throws()]
    p = chi_square_p(chi_square(observed, expected), len(expected) - 1)
    report("whole throws, 252 kinds", p, len(throws))
    assert p > ALPHA


# -- rerolls with dice held ----------------------------------------------------------------------


def rerolls(source: random.Random, count: int) -> tuple[list[int], Counter[int]]:
    """Roll, hold a random pattern, roll again ``count`` times: the rerolled faces.

    Also returns how often each number of dice was held. Fails if a held die changed.
    """
    patterns = random.Random(SEED + 1)
    fresh = new_game(["Tester"])
    rerolled: list[int] = []
    held_counts: Counter[int] = Counter()
    while len(rerolled) < count:
        state: GameState = roll(fresh, source)
        keep = [i for i in range(DICE_COUNT) if patterns.random() < 0.5]
        if len(keep) == DICE_COUNT:
            continue  # the engine refuses to roll with every die held
        for index in keep:
            state = hold(state, index)
        before = state.dice
        after = roll(state, source).dice
        assert before is not None
        assert after is not None
        for index in range(DICE_COUNT):
            if index in keep:
                assert after[index] == before[index], "a held die changed"
            else:
                rerolled.append(after[index])
        held_counts[len(keep)] += 1
    return rerolled, held_counts


@pytest.mark.slow
def test_rerolled_dice_are_fair_and_held_dice_never_change() -> None:
    faces, patterns = rerolls(random.Random(SEED + 2), FACES_PER_TEST)
    assert set(patterns) == {0, 1, 2, 3, 4}
    p, n = uniform_faces_p(faces)
    report("rerolled dice, random holds", p, n)
    assert n >= FACES_PER_TEST
    assert p > ALPHA


@pytest.mark.slow
def test_a_freed_die_is_thrown_again() -> None:
    # If the engine kept a freed die instead of throwing it, a reroll would equal the first
    # roll at that position far more often than 1 in 6.
    source = random.Random(SEED + 3)
    same = 0
    trials = 60_000
    fresh = new_game(["Tester"])
    for _ in range(trials):
        state = hold(roll(fresh, source), 0)
        before, after = state.dice, roll(state, source).dice
        assert before is not None
        assert after is not None
        same += after[4] == before[4]
    p = chi_square_p(chi_square([same, trials - same], [trials / 6, trials * 5 / 6]), 1)
    report("a freed die repeats its face (1 in 6 expected)", p, trials)
    assert p > ALPHA


# -- the tests catch unfair dice -----------------------------------------------------------------


class Loaded(random.Random):
    """A die that shows six a little more often than it should (by ``extra``)."""

    def __init__(self, seed: int, extra: float) -> None:
        super().__init__(seed)
        self.extra = extra

    def randint(self, a: int, b: int) -> int:
        if self.random() < self.extra:
            return b
        return super().randint(a, b)


class Sticky(random.Random):
    """A die that now and then shows the face it showed last: fair faces, dependent throws."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.last = 1

    def randint(self, a: int, b: int) -> int:
        if self.random() >= 0.03:
            self.last = super().randint(a, b)
        return self.last


@pytest.mark.slow
def test_a_slightly_loaded_die_is_caught() -> None:
    throws = first_rolls(Loaded(SEED, 0.01), 24_000)
    p, _ = uniform_faces_p(face for dice in throws for face in dice)
    assert p < 1e-6


@pytest.mark.slow
def test_a_sticky_die_is_caught() -> None:
    throws = first_rolls(Sticky(SEED), 24_000)
    pairs = Counter((dice[i], dice[i + 1]) for dice in throws for i in range(DICE_COUNT - 1))
    total = sum(pairs.values())
    observed = [pairs[cell] for cell in product(FACES, FACES)]
    assert chi_square_p(chi_square(observed, [total / 36] * 36), 35) < 1e-6


def test_an_engine_that_keeps_a_held_die_wrong_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Sanity check of the reroll test's own assertion: make every roll ignore holds.
    import yacht.game.state

    real_roll = yacht.game.state.roll

    def forgetful(state: GameState, source: random.Random | None = None) -> GameState:
        from dataclasses import replace

        return real_roll(replace(state, held=(False,) * DICE_COUNT), source)

    monkeypatch.setattr(f"{__name__}.roll", forgetful)
    with pytest.raises(AssertionError, match="a held die changed"):
        rerolls(random.Random(1), 100)


# -- the default source --------------------------------------------------------------------------


def test_the_default_source_is_the_operating_systems(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(system_dice(), random.SystemRandom)
    calls: list[int] = []
    real_urandom = os.urandom

    def counting_urandom(size: int) -> bytes:
        calls.append(size)
        return real_urandom(size)

    # SystemRandom reads os.urandom through the name `random` imported it under.
    assert random._urandom is os.urandom  # type: ignore[attr-defined]
    monkeypatch.setattr(random, "_urandom", counting_urandom)
    unseeded = roll(new_game(["A"]))
    assert calls, "an unseeded roll must read os.urandom"
    calls.clear()
    roll(new_game(["A"], seed=5))
    assert calls == [], "a seeded game must not use the system source"
    assert unseeded.dice is not None


def faces_from(make: Callable[[], random.Random], count: int) -> list[int]:
    return [face for dice in first_rolls(make(), count // DICE_COUNT) for face in dice]


@pytest.mark.slow
def test_the_system_source_itself_looks_fair() -> None:
    # Not reproducible by nature, so the bar is one in a million: a real bias of a percent
    # still fails it (see the loaded die above), a fair source practically never does.
    p, n = uniform_faces_p(faces_from(random.SystemRandom, 120_000))
    report("faces from SystemRandom (unseeded, this run)", p, n)
    assert p > 1e-6
