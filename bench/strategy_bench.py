"""Benchmark of the optimal strategy: build time, table sizes, advice latency, bot speed, and
20,000 simulated optimal games per rule set against the tables' expected score.

Run from the repository root: ``python bench/strategy_bench.py`` (about ten minutes on two
cores; ``--games 2000`` for a quick look). The numbers are CPython's; Pyodide in a browser is
about two to three times slower.
"""

from __future__ import annotations

import argparse
import gzip
import multiprocessing
import platform
import random
import statistics
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from yacht import apply, new_game
from yacht.rules.categories import UPPER_FACES
from yacht.rules.rulesets import RuleSet, find_ruleset
from yacht.strategy import advise, choose_action, expected_score
from yacht.strategy.table_files import DATA_DIR, table_name
from yacht.strategy.tables import load_values, shipped_rulesets, table_bytes
from yacht.tools.build_tables import build_all


def main() -> None:
    """Run every measurement and print a report."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20_000, help="games per rule set")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the simulation")
    parser.add_argument("--skip-build", action="store_true", help="do not time the build")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.jobs} processes")
    if not args.skip_build:
        build_times()
    table_sizes()
    advice_latency()
    bot_speed()
    simulate_all(args.games, args.jobs)


def build_times() -> None:
    """Seconds to solve every state of each rule set (in memory; the shipped files stay)."""
    print("\n== table build (python -m yacht tables), pure Python ==")
    shipped = {name: table_bytes(name) for name in map(table_name, shipped_rulesets())}
    total = 0.0
    for table in build_all():
        same = "identical to shipped" if table.data() == shipped[table.name] else "DIFFERS"
        print(f"{table.name:>15}: {table.states:>7} states in {table.seconds:6.1f} s  ({same})")
        total += table.seconds
    print(f"{'all':>15}: {total:6.1f} s")


def table_sizes() -> None:
    """Bytes of each shipped table: values, the varint stream, the file, and gzip of it."""
    print("\n== shipped tables (yacht/data) ==")
    print(f"{'table':>15} {'stored':>8} {'varints':>9} {'file':>8} {'gzip -9':>8}")
    files = sorted(DATA_DIR.glob("*.ytb"))
    for path in files:
        data = path.read_bytes()
        header = 7 + int.from_bytes(data[5:7], "little")
        stream = zlib.decompress(data[header:])
        stored = sum(1 for byte in stream if byte < 0x80)
        print(
            f"{path.stem:>15} {stored:>8} {len(stream):>9} {len(data):>8} "
            f"{len(gzip.compress(data, 9)):>8}"
        )
    everything = sum(len(p.read_bytes()) for p in files)
    print(f"{'total':>15} {'':>8} {'':>9} {everything:>8}")


def random_position(rules: RuleSet, rng: random.Random) -> tuple[list[int], int, list[str], int]:
    """Dice, rolls left, filled categories and a reachable upper subtotal."""
    filled = rng.sample(list(rules.categories), rng.randrange(len(rules.categories)))
    subtotal = sum(UPPER_FACES[c] * rng.randint(0, 5) for c in filled if c in UPPER_FACES)
    dice = [rng.randint(1, 6) for _ in range(5)]
    return dice, rng.randint(0, 2), [c.value for c in filled], subtotal


def advice_latency() -> None:
    """Median and 95th percentile of one advice call, over 200 random positions."""
    print("\n== advice latency, 200 random positions per rule set (tables already loaded) ==")
    for rules in shipped_rulesets():
        load_values.cache_clear()  # no values recomputed by earlier calls
        started = time.perf_counter()
        load_values(rules)
        loading = time.perf_counter() - started
        rng = random.Random(table_name(rules))
        times = []
        for _ in range(200):
            dice, rolls_left, filled, subtotal = random_position(rules, rng)
            started = time.perf_counter()
            advise(dice, rolls_left, filled, subtotal, ruleset=rules)
            times.append(time.perf_counter() - started)
        times.sort()
        print(
            f"{table_name(rules):>15}: median {1e3 * statistics.median(times):5.2f} ms, "
            f"p95 {1e3 * times[189]:5.2f} ms, max {1e3 * times[-1]:5.2f} ms "
            f"(loading the table took {1e3 * loading:.0f} ms)"
        )


def play_optimal(rules: RuleSet, seed: int) -> int:
    """One solitaire game by the optimal bot through the engine; its final score."""
    dice = random.Random(seed)
    state = new_game(["Bot"], rules)
    while not state.is_over:
        state = apply(state, choose_action(state, "optimal"), dice)
    return state.totals()[0].total


def bot_speed() -> None:
    """Optimal-bot games per second through the engine, from a cold start and warmed up."""
    print("\n== optimal bot through the engine (choose_action + apply) ==")
    for rules in shipped_rulesets():
        load_values.cache_clear()
        load_values(rules)
        for label, seeds in (("first 100 games", range(100)), ("next 200 games", range(100, 300))):
            started = time.perf_counter()
            for seed in seeds:
                play_optimal(rules, seed)
            rate = len(seeds) / (time.perf_counter() - started)
            print(f"{table_name(rules):>15}, {label}: {rate:6.1f} games/s")


def _simulate(task: tuple[str, bool, int, int]) -> list[int]:
    # Rule sets hold mapping proxies, which do not pickle: send the id and the bonus.
    ruleset, bonus, start, count = task
    rules = find_ruleset(ruleset, upper_bonus=bonus)
    return [play_optimal(rules, seed) for seed in range(start, start + count)]


def simulate_all(games: int, jobs: int) -> None:
    """Mean and standard error of many optimal games next to the tables' expected score."""
    print(f"\n== {games} optimal games per rule set (seeds 10^6 onwards) ==")
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with context.Pool(jobs) as pool:
        for rules in shipped_rulesets():
            started = time.perf_counter()
            chunk = 500
            tasks = [
                (rules.id, rules.upper_bonus is not None, 1_000_000 + at, min(chunk, games - at))
                for at in range(0, games, chunk)
            ]
            totals = [total for part in pool.map(_simulate, tasks) for total in part]
            mean = statistics.mean(totals)
            error = statistics.stdev(totals) / len(totals) ** 0.5
            expected = expected_score(rules)
            print(
                f"{table_name(rules):>15}: mean {mean:7.2f} ± {error:4.2f} (sd "
                f"{statistics.stdev(totals):5.2f})  expected {expected:7.3f}  "
                f"z = {(mean - expected) / error:+5.2f}  ({time.perf_counter() - started:.0f} s)"
            )


if __name__ == "__main__":
    main()
