"""What checking the runtime against its SHA-256 pins costs (static/runtime-pins.js).

    .venv/bin/python bench/integrity_bench.py [--runs 5]

Prints, in headless Chromium and hermetic like the e2e tests (the pinned CDN answered from
node_modules):

- the time Web Crypto takes to hash each pinned file in the page (median of --runs);
- cold boots (fresh context, navigation start to ``<html data-ready="true">``) with the check and
  without it (static/runtime-pins.js answered with no pins, so boot.js passes every file on),
  alternating runs, medians and the difference.
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
from playwright.sync_api import sync_playwright  # noqa: E402

PYODIDE = "https://cdn.jsdelivr.net/pyodide/v314.0.2/full/"
PINNED = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
READY_AT_JS = """
  new MutationObserver(() => {
    if (document.documentElement.dataset.ready === 'true' && !window.readyAt) {
      window.readyAt = performance.now();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
"""
HASH_JS = """async (url) => {
  const bytes = await (await fetch(url)).arrayBuffer();
  const start = performance.now();
  await crypto.subtle.digest('SHA-256', bytes);
  return [performance.now() - start, bytes.byteLength];
}"""
NO_PINS = "self.YACHT_RUNTIME_PINS = { files: {} }; self.yachtRuntimePin = () => null;"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    mirror = CdnMirror.from_node_modules(ROOT / "node_modules")
    server = StaticServer(ROOT).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options(playwright))
            context = Watch(mirror).attach(browser.new_context(service_workers="block"))
            page = context.new_page()
            page.goto(server.base_url + "e2e/smoke/blank.html")
            print("SHA-256 in the page (Web Crypto), median of", runs)
            total = 0.0
            for name in PINNED:
                times = [page.evaluate(HASH_JS, PYODIDE + name) for _ in range(runs)]
                median = statistics.median(t for t, _ in times)
                total += median
                print(f"  {name:20} {times[0][1] / 1e6:6.2f} MB  {median:6.1f} ms")
            print(f"  {'all three':20} {'':9}  {total:6.1f} ms")
            context.close()

            boots: dict[str, list[float]] = {"checked": [], "unchecked": []}
            for run in range(runs):
                order = ["checked", "unchecked"] if run % 2 == 0 else ["unchecked", "checked"]
                for kind in order:
                    context = Watch(mirror).attach(browser.new_context(service_workers="block"))
                    if kind == "unchecked":
                        context.route(
                            "**/static/runtime-pins.js",
                            lambda route: route.fulfill(
                                body=NO_PINS, content_type="text/javascript"
                            ),
                        )
                    page = context.new_page()
                    page.add_init_script(READY_AT_JS)
                    page.goto(server.base_url)
                    page.wait_for_function("() => window.readyAt", timeout=120_000)
                    boots[kind].append(page.evaluate("window.readyAt"))
                    context.close()
            load = os.getloadavg()[0]
            print(f"cold boot, navigation to interactive, median of {runs} (load {load:.2f})")
            medians = {kind: statistics.median(times) for kind, times in boots.items()}
            for kind, label in (("checked", "with the check"), ("unchecked", "without it")):
                each = sorted(round(b) for b in boots[kind])
                print(f"  {label:17} {medians[kind]:7.0f} ms  {each}")
            difference = medians["checked"] - medians["unchecked"]
            share = medians["checked"] / medians["unchecked"] - 1
            print(f"  {'difference':17} {difference:+7.0f} ms ({share:+.1%})")
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
