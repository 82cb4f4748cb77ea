"""Boot time of the game in Chromium, Firefox and WebKit, cold and warm, under the same server.

    .venv/bin/python bench/engine_boot.py [--rounds 3] [--engines chromium,firefox,webkit]

Each round starts the browser with a fresh profile: "cold" is the first visit (nothing cached,
no service worker), "warm" the next visit once the worker has cached the game and its runtime.
Seconds from navigation to ``<html data-ready="true">`` (the game is interactive). The site
and the pinned runtime come from the engine suite's test server (``e2e/harness/engine_site.py``),
so the three engines load the same bytes the same way. Prints medians; asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "e2e")]

from harness import CdnMirror, chromium_launch_options  # noqa: E402
from harness.engine_page import READY_JS, Board  # noqa: E402
from harness.engine_site import EngineSite  # noqa: E402
from harness.engines import ENGINES, STARTERS, missing, xvfb  # noqa: E402


def chromium_round(site: EngineSite) -> tuple[float, float]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_options(playwright))
        try:
            page = browser.new_context().new_page()
            times = []
            for visit in range(2):
                start = time.perf_counter()
                page.goto(site.base_url)
                page.wait_for_function(f"() => {{ {READY_JS} }}", timeout=120_000)
                times.append(time.perf_counter() - start)
                if visit == 0:
                    page.wait_for_function(
                        "() => document.documentElement.dataset.offlineReady === 'true'"
                    )
            return times[0], times[1]
        finally:
            browser.close()


@contextlib.contextmanager
def started(engine: str) -> Iterator[Board]:
    site = EngineSite(ROOT, CdnMirror.from_node_modules(ROOT / "node_modules")).start()
    with contextlib.ExitStack() as stack:
        stack.callback(site.stop)
        args = [stack.enter_context(xvfb())] if engine == "webkit" else []
        driver = STARTERS[engine](*args)
        stack.callback(driver.quit)
        yield Board(driver, site)


def engine_round(engine: str) -> tuple[float, float]:
    with started(engine) as board:
        cold = board.open()
        board.wait_settled()
        return cold, board.open()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--engines", default=",".join(("chromium", *ENGINES)))
    options = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    for engine in options.engines.split(","):
        if engine != "chromium" and missing(engine):
            print(f"{engine}: SKIPPED, missing {', '.join(missing(engine))}")
            continue
        colds, warms = [], []
        for _ in range(options.rounds):
            if engine == "chromium":
                site = EngineSite(ROOT, CdnMirror.from_node_modules(ROOT / "node_modules"))
                with site:
                    cold, warm = chromium_round(site)
            else:
                cold, warm = engine_round(engine)
            colds.append(cold)
            warms.append(warm)
        each = "; ".join(f"{c:.1f}/{w:.1f}" for c, w in zip(colds, warms, strict=True))
        print(
            f"{engine:9s} cold {statistics.median(colds):5.1f} s   warm "
            f"{statistics.median(warms):5.1f} s   (median of {options.rounds}; cold/warm: {each})"
        )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
