"""Building the value tables: retrograde dynamic programming over the states between turns.

The last turn is solved first (every category but one filled), then each earlier layer from
the values of the layer after it, down to the empty scorecard, in full float64 precision: the
values are rounded for the file only once every state is solved, so no rounding reaches an
earlier state (see :mod:`yacht.strategy.tables` for what that guarantees). Each state costs one
turn solve (:func:`yacht.strategy.turn.turn_value`, about 0.2 ms on CPython), so the three plain
rule sets take seconds and the extended sheet with its bonus (231,552 live states) about a
minute, in pure Python: no numpy needed.

Run it as ``python -m yacht tables --out yacht/data``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from yacht.rules.rulesets import RuleSet
from yacht.strategy.states import state_space
from yacht.strategy.table_files import table_name
from yacht.strategy.tables import (
    StateValues,
    encode,
    is_stored,
    shipped_rulesets,
)
from yacht.strategy.turn import turn_value


@dataclass(frozen=True)
class BuiltTable:
    """One table as the builder made it."""

    ruleset: RuleSet
    values: StateValues
    """The exact (unrounded) values of every state."""
    steps: dict[int, int]
    """The stored integers by state key: exactly what the file holds."""
    states: int
    """States solved (stored or not)."""
    seconds: float

    @property
    def name(self) -> str:
        """The table's file stem."""
        return table_name(self.ruleset)

    def data(self) -> bytes:
        """The table file's bytes."""
        return encode(self.values.space, self.steps)


def build_values(ruleset: RuleSet, base: StateValues | None = None) -> BuiltTable:
    """Solve every state of ``ruleset``; with a bonus, ``base`` is its exact no-bonus solution."""
    started = time.perf_counter()
    space = state_space(ruleset)
    if space.has_bonus and base is None:
        base = build_values(ruleset.with_upper_bonus(False)).values
    values = StateValues(space, base)
    steps = values.steps
    solved = 0
    by_layer = sorted(range(space.full_mask), key=lambda mask: -mask.bit_count())
    for mask in by_layer:
        subtotals = space.live_subtotals(mask) if space.has_bonus else (0,)
        for subtotal in subtotals:
            exact = turn_value(space, values, mask, subtotal)
            key = values.key(mask, subtotal)
            if is_stored(mask):
                values.stored[key] = exact
                steps[key] = values.steps_of(mask, exact)
            else:
                values.computed[key] = exact
            solved += 1
    return BuiltTable(ruleset, values, steps, solved, time.perf_counter() - started)


def deviation(table: BuiltTable, shipped: StateValues) -> float:
    """The largest difference between ``shipped`` values and the exact ones, over every state.

    The stored states are compared directly; every other state is recomputed from the shipped
    values as advice would recompute it (one turn solve each, so this takes as long as the
    build).
    """
    exact = table.values
    largest = 0.0
    for key, value in exact.stored.items():
        largest = max(largest, abs(shipped.stored[key] - value))
    for key, value in exact.computed.items():
        mask, subtotal = divmod(key, exact.stride)
        largest = max(largest, abs(shipped.value(mask, subtotal) - value))
    return largest


def build_all(rulesets: Iterable[RuleSet] | None = None) -> Iterable[BuiltTable]:
    """Build the tables of these rule sets (default: every shipped one), reusing bases."""
    built: dict[str, StateValues] = {}
    for ruleset in shipped_rulesets() if rulesets is None else rulesets:
        base = None
        if ruleset.upper_bonus is not None:
            base = built.get(table_name(ruleset.with_upper_bonus(False)))
        table = build_values(ruleset, base)
        built[table.name] = table.values
        yield table


def write_tables(
    out: Path, rulesets: Iterable[RuleSet] | None = None, say: Callable[[str], object] = print
) -> list[Path]:
    """Build tables into directory ``out``, reporting each with ``say``; the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for table in build_all(rulesets):
        path = out / f"{table.name}.ytb"
        data = table.data()
        path.write_bytes(data)
        written.append(path)
        say(
            f"{table.name}: {table.states} states solved in {table.seconds:.1f} s, "
            f"{len(table.steps)} stored, {len(data)} bytes -> {path}"
        )
    return written
