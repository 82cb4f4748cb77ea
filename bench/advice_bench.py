"""Advice latency of the strategy in the browser (Pyodide) next to CPython, same positions.

    .venv/bin/python bench/advice_bench.py

Loads bench/advice.html in headless Chromium through the e2e harness (hermetic: the pinned
runtime from node_modules, nothing else reachable), which times 200 random positions per rule
set inside Pyodide; then times the same positions here on CPython. Prints median and p95 per
rule set, the ratio, and each table's first-load time.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "e2e"), str(ROOT / "bench")]

from advice_positions import time_advice  # noqa: E402
from harness import CdnMirror, StaticServer, Watch, chromium_launch_options  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402


def browser_figures() -> dict[str, Any]:
    """Run bench/advice.html and return what it measured."""
    server = StaticServer(ROOT, "/").start()
    mirror = CdnMirror.from_node_modules(ROOT / "node_modules")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options(playwright))
            watch = Watch(mirror)
            context = watch.attach(browser.new_context(base_url=server.base_url))
            page = context.new_page()
            page.goto("bench/advice.html")
            page.wait_for_function(
                "document.documentElement.dataset.ready === 'true'", timeout=300_000
            )
            data: dict[str, Any] = json.loads(str(page.get_attribute("html", "data-bench")))
            problems = watch.problems()
            if problems:
                raise SystemExit(f"the page had problems: {problems}")
            browser.close()
            return data
    finally:
        server.stop()


def _p95(times: list[float]) -> float:
    return sorted(times)[int(0.95 * (len(times) - 1))]


def main() -> None:
    page = browser_figures()
    here = time_advice()
    print("advice latency, 200 random positions per rule set (milliseconds)")
    print(
        f"{'rule set':<22}{'Pyodide median':>15}{'p95':>8}{'CPython median':>16}{'p95':>8}"
        f"{'ratio':>7}{'table load P/C':>17}"
    )
    for case, figures in page.items():
        ours = here[case]
        browser_median = statistics.median(figures["times"])
        native_median = statistics.median(ours["times"])
        print(
            f"{case:<22}{browser_median:>15.2f}{_p95(figures['times']):>8.2f}"
            f"{native_median:>16.2f}{_p95(ours['times']):>8.2f}"
            f"{browser_median / native_median:>7.1f}"
            f"{figures['load']:>9.0f} /{ours['load']:>5.0f}"
        )


if __name__ == "__main__":
    main()
