"""What storing a move inside the game's Web Lock costs (yacht/web/game_lock.py): for the tab in
use, which keeps the lock between moves, next to nothing.

    .venv/bin/python bench/locked_save.py [--clicks 60]

Prints, in headless Chromium and hermetic like the e2e tests (the pinned CDN answered from
node_modules): the time from a click on a die to the move being in localStorage, in a booted
game, with the lock and without it (``navigator.locks`` removed by an init script, so the page
takes its fallback and stores the move inside the click), medians and the difference; and the
bare ``navigator.locks.request`` round trip on a blank page. Times are read inside the page; the
page is polled through a MessageChannel (no timer clamping).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from harness import CdnMirror, StaticServer, Watch, chromium_launch_options  # noqa: E402
from playwright.sync_api import Browser, sync_playwright  # noqa: E402

NO_LOCKS = "delete Navigator.prototype.locks;"
CLICKS_JS = """async (clicks) => {
  const channel = new MessageChannel();
  const tick = () => new Promise(resolve => {
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
  const die = document.querySelector('#dice .die[data-index="0"]');
  const times = [];
  for (let i = 0; i < clicks; i++) {
    const before = localStorage.getItem('yacht:game');
    const start = performance.now();
    die.click();
    while (localStorage.getItem('yacht:game') === before) await tick();
    times.push(performance.now() - start);
    await new Promise(resolve => setTimeout(resolve, 20));
  }
  return times;
}"""
REQUEST_JS = """async (runs) => {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await navigator.locks.request('bench', () => {});
    times.push(performance.now() - start);
  }
  return times;
}"""


def clicks_to_stored(
    browser: Browser, mirror: CdnMirror, url: str, locks: bool, n: int
) -> list[float]:
    context = Watch(mirror).attach(browser.new_context(service_workers="block"))
    if not locks:
        context.add_init_script(NO_LOCKS)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.ready === 'true'", timeout=120_000)
    page.locator("#roll").click()
    page.wait_for_function("document.querySelector('#dice .die').dataset.face !== undefined")
    times: list[float] = page.evaluate(CLICKS_JS, n)
    context.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=60)
    clicks = parser.parse_args().clicks
    mirror = CdnMirror.from_node_modules(ROOT / "node_modules")
    server = StaticServer(ROOT).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options(playwright))
            page = browser.new_page()
            page.goto(server.base_url + "e2e/smoke/blank.html")
            bare = statistics.median(page.evaluate(REQUEST_JS, clicks))
            page.close()
            medians = {}
            for locks in (True, False):
                times = clicks_to_stored(browser, mirror, server.base_url, locks, clicks)
                medians[locks] = statistics.median(times)
                label = "with the lock" if locks else "without it"
                spread = f"{min(times):.1f} to {max(times):.1f}"
                print(f"click -> stored, {label:14} {medians[locks]:6.2f} ms (range {spread})")
            print(f"extra for the lock           {medians[True] - medians[False]:+6.2f} ms")
            print(f"navigator.locks.request alone {bare:6.2f} ms (blank page)")
            print(f"median of {clicks} clicks each, load average {os.getloadavg()[0]:.1f}")
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
