"""Benchmark of the optimal strategy: build time, table sizes and load times, how far the
shipped values are from a fresh exact solve, advice latency, bot speed, and simulated games
of every bot level (mean ± standard error) against the tables' expected score.

Run from the repository root: ``python bench/strategy_bench.py`` (about half an hour on two
cores; ``--games 2000 --skip-build`` for a quick look, ``--verify`` to compare every state of
every table with an exact solve). The numbers are CPython's; Pyodide in a browser is about two
to three times slower (``bench/advice_bench.py`` measures it).
"""

from __future__ import annotations

import argparse
import gzip
import json
import multiprocessing
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from yacht import apply, new_game
from yacht.rules.categories import UPPER_FACES
from yacht.rules.rulesets import RuleSet, find_ruleset
from yacht.strategy import BOT_LEVELS, advise, choose_action, expected_score
from yacht.strategy.table_files import DATA_DIR, table_name
from yacht.strategy.tables import load_values, shipped_rulesets, table_bytes
from yacht.tools.build_tables import build_all, deviation


def main() -> None:
    """Run every measurement and print a report."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20_000, help="games per rule set")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the simulation")
    parser.add_argument("--skip-build", action="store_true", help="do not time the build")
    parser.add_argument(
        "--verify", action="store_true", help="compare every state with an exact solve"
    )
    parser.add_argument("--level-games", type=int, default=4_000, help="games per weaker bot level")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.jobs} processes")
    if not args.skip_build or args.verify:
        build_times(verify=args.verify)
    table_sizes()
    load_times()
    advice_latency()
    bot_speed()
    simulate_all(args.games, args.jobs)
    simulate_levels(args.level_games, args.jobs)


def build_times(*, verify: bool) -> None:
    """Seconds to solve every state of each rule set (in memory; the shipped files stay), and
    with ``verify`` the largest difference of any state's shipped value from the exact one."""
    print("\n== table build (python -m yacht tables), pure Python ==")
    shipped = {name: table_bytes(name) for name in map(table_name, shipped_rulesets())}
    total = 0.0
    for table in build_all():
        same = "identical to shipped" if table.data() == shipped[table.name] else "DIFFERS"
        line = f"{table.name:>15}: {table.states:>7} states in {table.seconds:6.1f} s  ({same})"
        if verify:
            started = time.perf_counter()
            worst = deviation(table, load_values(table.ruleset))
            line += f", largest deviation {worst:.2e} ({time.perf_counter() - started:.0f} s)"
        print(line, flush=True)
        total += table.seconds
    print(f"{'all':>15}: {total:6.1f} s")


def table_sizes() -> None:
    """Bytes of each shipped table: states, residual width, the file, and gzip -9 of it."""
    print("\n== shipped tables (yacht/data) ==")
    print(f"{'table':>15} {'stored':>8} {'bits/state':>10} {'file':>8} {'gzip -9':>8}")
    files = sorted(DATA_DIR.glob("*.ytb"))
    raw = packed = 0
    for path in files:
        data = path.read_bytes()
        header = json.loads(data[7 : 7 + int.from_bytes(data[5:7], "little")])
        squeezed = len(gzip.compress(data, 9))
        raw, packed = raw + len(data), packed + squeezed
        print(
            f"{path.stem:>15} {header['states']:>8} {8 * len(data) / header['states']:>10.1f} "
            f"{len(data):>8} {squeezed:>8}"
        )
    print(f"{'total':>15} {'':>8} {'':>10} {raw:>8} {packed:>8}")


def load_times() -> None:
    """Milliseconds to read each table into values (decode + floats), best and median of 5.

    Processor time, not wall-clock time: on a shared machine the latter mostly measures the
    neighbours."""
    print("\n== loading a table (file -> values), CPython, processor time ==")
    for rules in shipped_rulesets():
        times = []
        for _ in range(5):
            load_values.cache_clear()
            if rules.upper_bonus is not None:
                load_values(rules.with_upper_bonus(False))  # its base, timed on its own line
            started = time.process_time()
            load_values(rules)
            times.append(time.process_time() - started)
        print(
            f"{table_name(rules):>15}: best {1e3 * min(times):6.1f} ms, "
            f"median {1e3 * statistics.median(times):6.1f} ms"
        )


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


def play(rules: RuleSet, seed: int, level: str = "optimal") -> int:
    """One solitaire game by a bot of ``level`` through the engine; its final score."""
    dice = random.Random(seed)
    # As the page does: one generator for the game, never advanced. A bot's randomness comes
    # from it and the decision point, so asking again between holds gives the same decision.
    chance = random.Random(-seed - 1)
    state = new_game(["Bot"], rules)
    while not state.is_over:
        state = apply(state, choose_action(state, level, chance), dice)
    return state.totals()[0].total


def bot_speed() -> None:
    """Optimal-bot games per second through the engine, from a cold start and warmed up."""
    print("\n== optimal bot through the engine (choose_action + apply), per processor second ==")
    for rules in shipped_rulesets():
        load_values.cache_clear()
        load_values(rules)
        for label, seeds in (("first 100 games", range(100)), ("next 200 games", range(100, 300))):
            started = time.process_time()
            for seed in seeds:
                play(rules, seed)
            rate = len(seeds) / (time.process_time() - started)
            print(f"{table_name(rules):>15}, {label}: {rate:6.1f} games/s")


def _simulate(task: tuple[str, bool, int, int, str]) -> list[int]:
    # Rule sets hold mapping proxies, which do not pickle: send the id and the bonus.
    ruleset, bonus, start, count, level = task
    rules = find_ruleset(ruleset, upper_bonus=bonus)
    return [play(rules, seed, level) for seed in range(start, start + count)]


def _games(pool: Any, rules: RuleSet, games: int, level: str) -> list[int]:
    chunk = 250
    tasks = [
        (rules.id, rules.upper_bonus is not None, 1_000_000 + at, min(chunk, games - at), level)
        for at in range(0, games, chunk)
    ]
    return [total for part in pool.map(_simulate, tasks) for total in part]


def simulate_all(games: int, jobs: int) -> None:
    """Mean and standard error of many optimal games next to the tables' expected score."""
    if not games:
        return
    print(f"\n== {games} optimal games per rule set (seeds 10^6 onwards) ==")
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with context.Pool(jobs) as pool:
        for rules in shipped_rulesets():
            started = time.perf_counter()
            totals = _games(pool, rules, games, "optimal")
            mean = statistics.mean(totals)
            error = statistics.stdev(totals) / len(totals) ** 0.5
            expected = expected_score(rules)
            print(
                f"{table_name(rules):>15}: mean {mean:7.2f} ± {error:4.2f} (sd "
                f"{statistics.stdev(totals):5.2f})  expected {expected:7.3f}  "
                f"z = {(mean - expected) / error:+5.2f}  ({time.perf_counter() - started:.0f} s)"
            )


def simulate_levels(games: int, jobs: int) -> None:
    """Mean ± standard error of the weaker bot levels in Traditional, same seeds as above."""
    if not games:
        return
    print(f"\n== {games} games per bot level, Traditional (seeds 10^6 onwards) ==")
    rules = find_ruleset("traditional")
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with context.Pool(jobs) as pool:
        for level in reversed(BOT_LEVELS):
            if level == "optimal":
                continue
            started = time.perf_counter()
            totals = _games(pool, rules, games, level)
            error = statistics.stdev(totals) / len(totals) ** 0.5
            print(
                f"{level:>15}: mean {statistics.mean(totals):7.2f} ± {error:4.2f} "
                f"(sd {statistics.stdev(totals):5.2f})  ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
