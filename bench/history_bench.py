"""What a long history costs: bytes in storage and the statistics page's time.

    .venv/bin/python bench/history_bench.py [--games 5000] [--page]

Builds histories of ``--games`` finished games (random but possible scorecards, with coach
figures, as the page records them) of one, two and six players, and prints:

- the stored record's size (compact JSON, as ``yacht:history`` holds it: characters, and bytes
  as localStorage counts them, two per UTF-16 code unit) and the export file's (indented);
- CPython processor time, median of --runs: reading the record back (every check), and the
  statistics page's computation (every player's and rule set's key, the chosen player's
  figures, histogram and recent games), and an import's merge of two such histories.

With ``--page`` the same solo history is planted in ``localStorage`` of the real page
(headless Chromium, hermetic like the e2e tests) and the page's times are measured: the boot
that reads it, and a click on History until the statistics are drawn.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from yacht.rules.rulesets import find_ruleset, possible_scores  # noqa: E402
from yacht.saves.export import EXPORT_RECORD, Export  # noqa: E402
from yacht.saves.history import (  # noqa: E402
    HISTORY_RECORD,
    History,
    HistoryEntry,
    PlayerResult,
    _fitting,
    _identity,
)
from yacht.views.stats import histogram, player_stats, stats_keys  # noqa: E402

NAMES = ("Ann", "Ben", "Cleo", "Dmitro", "Ewa", "Līga")


def random_history(games: int, players: int, seed: int = 1) -> History:
    """``games`` possible finished games of ``players`` seats, one a day from 2020 on."""
    rng = random.Random(seed)
    rules = find_ruleset("traditional")
    options = {c: sorted(possible_scores(rules, c)) for c in rules.categories}
    entries = []
    for n in range(games):
        day = f"{2020 + n // 336:04d}-{1 + n // 28 % 12:02d}-{1 + n % 28:02d}"
        seats = tuple(
            PlayerResult(NAMES[seat], tuple((c, rng.choice(options[c])) for c in rules.categories))
            for seat in range(players)
        )
        coach = tuple(round(rng.uniform(0, 40), 2) for _ in range(players))
        entries.append(HistoryEntry(f"{day}T12:{n % 60:02d}:00Z", day, rules, seats, coach=coach))
    return History(tuple(entries))


def cpu_ms(work: Callable[[], object], runs: int) -> float:
    """Median processor time of ``work``, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        work()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def statistics_page(history: History) -> None:
    """What the statistics page computes when it opens (yacht/web/stats_page.py)."""
    keys = stats_keys(history)
    stats = player_stats(history, keys[0].name, keys[0].ruleset)
    assert stats is not None
    histogram(stats.totals)
    for entry in history.games[-20:]:
        entry.totals()
        entry.winners()


def cpython(games: int, runs: int) -> None:
    print(f"{games:,} finished games (traditional, coach on), CPython {sys.version.split()[0]}")
    print(
        f"{'players':>7} {'chars':>10} {'localStorage':>12} {'export':>8} | {'kept':>5} "
        f"{'read ms':>8} {'stats ms':>9} {'merge ms':>9}"
    )
    for players in (1, 2, 6):
        history = random_history(games, players)
        text = HISTORY_RECORD.encode(history)
        export = EXPORT_RECORD.encode(Export(None, None, "2026-12-01T12:00:00Z", history))
        # What the limit keeps of them (in games and characters), and what that costs.
        kept = History(history.games[len(history.games) - _fitting(history.games) :])
        kept_text = HISTORY_RECORD.encode(kept)
        read = cpu_ms(lambda text=kept_text: HISTORY_RECORD.decode(text), runs)
        stats = cpu_ms(lambda history=kept: statistics_page(history), runs)
        other = History(random_history(len(kept.games), players, seed=2).games)
        merge = cpu_ms(lambda h=kept, o=other: (_identity.cache_clear(), h.merged(o)), runs)
        print(
            f"{players:>7} {len(text):>10,} {2 * len(text.encode('utf-16-le')) / 2e6:>9.2f} MB "
            f"{len(export.encode()) / 1e6:>5.2f} MB | {len(kept.games):>5} "
            f"{read:>8.0f} {stats:>9.0f} {merge:>9.0f}"
        )
    print("(localStorage counts two bytes a character; kept: the newest games within the limit)")


QUOTA_JS = """() => {
  // The longest value localStorage takes under one key, found by halving (characters).
  let low = 0, high = 64 * 1024 * 1024;
  while (high - low > 1024) {
    const mid = Math.floor((low + high) / 2);
    try { localStorage.setItem('quota-probe', 'x'.repeat(mid)); low = mid; }
    catch (e) { high = mid; }
  }
  localStorage.removeItem('quota-probe');
  return low;
}"""
PLANT_JS = "t => { localStorage.clear(); if (t) localStorage.setItem('yacht:history', t); }"
OPEN_HISTORY_JS = """() => {
  const start = performance.now();
  document.getElementById('show-history').click();  // the handler runs before click() returns
  return performance.now() - start;
}"""


def in_the_page(games: int, runs: int) -> None:
    sys.path.insert(0, str(ROOT / "e2e"))
    from harness import CdnMirror, StaticServer, Watch, chromium_launch_options
    from playwright.sync_api import sync_playwright

    text = HISTORY_RECORD.encode(random_history(games, 1))
    mirror = CdnMirror.from_node_modules(ROOT / "node_modules")

    server = StaticServer(ROOT).start()
    boots: dict[bool, list[float]] = {True: [], False: []}
    opens: list[float] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options(playwright))
            context = Watch(mirror).attach(browser.new_context(service_workers="block"))
            page = context.new_page()
            page.goto(server.base_url)
            page.wait_for_selector("html[data-ready=true]", timeout=120_000)
            quota = int(page.evaluate(QUOTA_JS))
            for run in range(runs):
                for with_history in (True, False) if run % 2 == 0 else (False, True):
                    page.evaluate(PLANT_JS, text if with_history else None)
                    start = time.perf_counter()
                    page.reload()
                    page.wait_for_selector("html[data-ready=true]", timeout=120_000)
                    boots[with_history].append(time.perf_counter() - start)
                    if with_history:
                        page.locator("#more > summary").click()
                        opens.append(float(page.evaluate(OPEN_HISTORY_JS)))
                        assert page.locator("#stats-summary dd").count() > 0
                        page.keyboard.press("Escape")
            browser.close()
    finally:
        server.stop()
    print(f"in the page (headless Chromium, Pyodide), {games:,} solo games, median of {runs}:")
    print(f"  localStorage takes up to {quota:,} characters under one key")
    with_it, without = statistics.median(boots[True]), statistics.median(boots[False])
    print(f"  reload → interactive: {with_it:.2f} s with the history, {without:.2f} s without")
    print(f"  History clicked → statistics drawn: {statistics.median(opens):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--page", action="store_true", help="also measure in headless Chromium")
    args = parser.parse_args()
    cpython(args.games, args.runs)
    if args.page:
        in_the_page(args.games, max(1, args.runs // 2))


if __name__ == "__main__":
    main()
