"""The shipped value tables: rebuilt and compared, checked against their own successors,
and read back safely."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from yacht.errors import TableError
from yacht.rules.rulesets import find_ruleset
from yacht.strategy import tables
from yacht.strategy.states import state_space
from yacht.strategy.table_files import (
    download_missing_with,
    table_name,
    table_path,
    tables_read_for,
)
from yacht.strategy.tables import (
    ROUNDING,
    STEP,
    decode,
    encode,
    install_table,
    is_stored,
    load_values,
    shipped_rulesets,
    storage_order,
    table_bytes,
    values_from_steps,
)
from yacht.strategy.turn import turn_value
from yacht.tools.build_tables import build_values

DATA = Path(__file__).resolve().parent.parent / "yacht" / "data"


def test_every_rule_set_has_a_table() -> None:
    names = sorted(path.stem for path in DATA.glob("*.ytb"))
    assert names == sorted(table_name(r) for r in shipped_rulesets())
    assert names == ["extended", "extended-bonus", "sum-all", "traditional"]


def test_the_tables_fit_their_download_budget() -> None:
    # Already zlib-compressed: this is what the page downloads after start-up. Full precision
    # costs about 27 bits a stored bonus state; a format that stops predicting well shows here.
    sizes = {path.stem: path.stat().st_size for path in DATA.glob("*.ytb")}
    assert sizes["traditional"] < 12_000
    assert sizes["extended"] < 24_000
    assert sizes["extended-bonus"] < 420_000


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ["traditional", "sum-all", "extended"])
def test_the_shipped_table_is_what_the_builder_makes(ruleset: str) -> None:
    built = build_values(find_ruleset(ruleset))
    assert built.data() == (DATA / f"{ruleset}.ytb").read_bytes(), (
        f"yacht/data/{ruleset}.ytb is stale: run `python -m yacht tables --out yacht/data`"
    )


def check_against_successors(ruleset: str, bonus: bool, sample: int | None) -> None:
    """Recompute stored states from the shipped values of the states after them.

    A stored value is the exact solution rounded to the nearest step, and so within half a
    step of it; the recomputed one is within half a step too (a turn cannot magnify an error
    of the values after it), so the two differ by at most one step.
    """
    rules = find_ruleset(ruleset, upper_bonus=bonus)
    space = state_space(rules)
    values = load_values(rules)
    stride = space.threshold + 1
    keys = sorted(values.stored)
    if sample is not None:
        keys = random.Random(2024).sample(keys, sample)
    worst = 0.0
    for key in keys:
        mask, subtotal = divmod(key, stride)
        recomputed = turn_value(space, values, mask, subtotal)
        worst = max(worst, abs(recomputed - values.stored[key]))
    assert worst <= 2 * ROUNDING + 1e-12, f"{worst} apart: rebuild the tables"


@pytest.mark.slow
def test_every_stored_state_is_what_its_successors_make() -> None:
    # The other plain tables are rebuilt byte for byte above, which says more.
    check_against_successors("traditional", False, None)


@pytest.mark.slow
def test_sampled_bonus_states_are_what_their_successors_make() -> None:
    # All 115,775 take a minute (bench/strategy_bench.py --verify compares every state of
    # every table with a fresh exact solve): a seeded sample here.
    check_against_successors("extended", True, 200)


def test_stored_values_are_whole_steps() -> None:
    for rules in shipped_rulesets():
        values = load_values(rules)
        for value in list(values.stored.values())[::97]:
            assert (value / STEP).is_integer()


def test_stored_states_are_the_even_layers() -> None:
    for rules in shipped_rulesets():
        space = state_space(rules)
        keys = [step[0] for step in storage_order(space)]
        assert len(keys) == len(set(keys))
        stride = space.threshold + 1
        assert all(is_stored(key // stride) for key in keys)
    plain = state_space(find_ruleset("traditional"))
    assert len(storage_order(plain)) == sum(is_stored(m) for m in range(plain.full_mask))


def test_encode_and_decode_round_trip() -> None:
    space = state_space(find_ruleset("sum-all"))
    steps = decode(space, table_bytes("sum-all"))
    assert decode(space, encode(space, steps)) == steps


def test_a_table_for_other_rules_is_refused() -> None:
    with pytest.raises(TableError, match="other rules"):
        decode(state_space(find_ruleset("sum-all")), table_bytes("traditional"))


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: b"NOPE" + data[4:],
        lambda data: data[:4] + b"\x63" + data[5:],
        lambda data: data[:-40],
        lambda data: data[:60] + bytes(40) + data[100:],
        lambda data: data[:-1],
        lambda data: data.replace(b'"width": ', b'"width": 9'),
        lambda data: data.replace(b'"step_bits": 31', b'"step_bits": 10'),
    ],
)
def test_a_damaged_table_is_refused(damage: Callable[[bytes], bytes]) -> None:
    broken = damage(table_bytes("traditional"))
    with pytest.raises(TableError):
        decode(state_space(find_ruleset("traditional")), broken)


def test_a_missing_table_says_how_to_build_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(tables, "DATA_DIR", tmp_path)
    with pytest.raises(TableError, match="python -m yacht tables"):
        table_bytes("traditional")


def test_installed_bytes_take_precedence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    data = table_bytes("traditional")
    monkeypatch.setattr(tables, "DATA_DIR", tmp_path)
    monkeypatch.setattr(tables, "_installed", {})
    try:
        install_table("traditional", data)
        assert load_values(find_ruleset("traditional")).value(0, 0) > 160
    finally:
        load_values.cache_clear()


def test_values_from_steps_rebuilds_the_same_floats() -> None:
    rules = find_ruleset("traditional")
    space = state_space(rules)
    steps = decode(space, table_bytes("traditional"))
    fresh = values_from_steps(space, steps, None)
    loaded = load_values(rules)
    for mask in (0, 1, 3, 0x0F0, space.full_mask ^ 1):
        assert fresh.value(mask, 0) == loaded.value(mask, 0)


def test_a_table_missing_on_disk_is_downloaded_when_a_download_is_set(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    shipped = table_bytes("traditional")
    asked: list[str] = []

    def download(name: str) -> bytes:
        asked.append(name)
        return shipped

    monkeypatch.setattr(tables, "DATA_DIR", tmp_path)
    download_missing_with(download)
    try:
        assert table_bytes("traditional") == shipped
        assert asked == ["traditional"]
    finally:
        download_missing_with(None)
    with pytest.raises(TableError, match="python -m yacht tables"):
        table_bytes("traditional")


def test_a_bonus_table_is_read_with_its_base_table() -> None:
    extended = find_ruleset("extended")
    assert tables_read_for(extended) == ("extended",)
    assert tables_read_for(extended.with_upper_bonus(True)) == ("extended", "extended-bonus")
    for ruleset in shipped_rulesets():
        for name in tables_read_for(ruleset):
            assert table_path(name).is_file(), name
