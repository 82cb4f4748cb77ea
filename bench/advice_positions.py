"""The positions both sides of bench/advice_bench.py time advice on: the same, from one seed."""

from __future__ import annotations

import random
import time
from typing import Any

from yacht.rules.categories import UPPER_FACES
from yacht.rules.rulesets import find_ruleset
from yacht.strategy import advise, preload

CASES = (("traditional", False), ("sum-all", False), ("extended", False), ("extended", True))
POSITIONS = 200


def positions(ruleset: str, bonus: bool, seed: int = 2026) -> list[dict[str, Any]]:
    """Random mid-game positions: some categories filled, a throw, 0 to 2 rolls left."""
    rules = find_ruleset(ruleset, upper_bonus=bonus)
    chance = random.Random(f"{seed}:{ruleset}:{bonus}")
    found = []
    for _ in range(POSITIONS):
        filled = [c for c in rules.categories if chance.random() < chance.random()]
        if len(filled) == len(rules.categories):
            filled.pop()
        upper = sum(chance.randint(0, 5) * UPPER_FACES[c] for c in filled if c.is_upper)
        found.append(
            {
                "dice": [chance.randint(1, 6) for _ in range(5)],
                "rolls_left": chance.randint(0, 2),
                "filled": [c.value for c in filled],
                "upper_subtotal": upper,
            }
        )
    return found


def time_advice() -> dict[str, Any]:
    """Per case: the table's load time and the time of each advice, in milliseconds."""
    results: dict[str, Any] = {}
    for ruleset, bonus in CASES:
        start = time.perf_counter()
        preload(ruleset, upper_bonus=bonus)
        load = (time.perf_counter() - start) * 1000
        times = []
        for position in positions(ruleset, bonus):
            start = time.perf_counter()
            advise(
                position["dice"],
                position["rolls_left"],
                position["filled"],
                position["upper_subtotal"],
                ruleset=ruleset,
                upper_bonus=bonus,
            )
            times.append((time.perf_counter() - start) * 1000)
        results[f"{ruleset}{' + bonus' if bonus else ''}"] = {"load": load, "times": times}
    return results
