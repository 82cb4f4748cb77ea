"""Page benchmark: how much the game costs on top of Pyodide, and whether it meets its budgets.

Run from the repository root (about four minutes on two quiet cores):

    .venv/bin/python bench/page_bench.py                 # 5 runs of each boot, 100 clicks of each
    .venv/bin/python bench/page_bench.py --markdown bench-results.md   # also write the table
    .venv/bin/python bench/page_bench.py --profile       # plus a cProfile of the app's start-up
    .venv/bin/python bench/page_bench.py --site /tmp/x   # a scratch copy of the tree (a fix to try)

It drives the real page (index.html) in headless Chromium, chosen and flagged as the e2e tests do,
and hermetic like them: the site comes from a local static server, the pinned PyScript/Pyodide CDN
URLs are answered from node_modules (e2e/harness), and any other request is refused. Next to the
game it loads bench/floor.html, a bare page that imports the same pinned pyodide.mjs and runs 1+1:
the floor that any Pyodide app pays. Times are taken inside the page (navigation start to
``<html data-ready="true">``), so Playwright's polling does not count. Each figure is the median
of ``--runs`` runs, the game's and the floor's alternating so that load on the machine hits both
alike; ratios are of medians from the same invocation.

What is measured, and how:

- Cold boot: a fresh browser context (empty caches), game vs floor, both through the CDN mirror.
- Board painted: ``first-contentful-paint`` as a fraction of that page load's boot.
- Warm boot: a fresh on-disk profile (as a player's browser has) per run. The game: one online
  visit, wait until the service worker says it is ready offline (``data-offline-ready``) and has
  checked for updates, then go offline and open the game again. The floor: its second visit in the
  same profile, from the HTTP cache. Playwright's request routing turns the HTTP cache off, so this
  visit cannot go through the CDN mirror: the floor then loads the same files from a local
  "CDN" server that sends the CDN's caching headers, with routing off and every other host sent to
  a dead proxy (still hermetic). A routed second visit would download everything again and make
  the game's warm start look better than it is.
- Click -> rendered: ``event.timeStamp`` of a real (CDP) mouse click to the end of style and
  layout after the Python handler ran (a window listener runs after the page's own listeners and
  forces layout), for roll, hold and score. A seeded game (``?seed=``) makes every run play the
  same dice. "Next frame" adds the wait for the frame to be produced, which includes waiting for
  vsync (up to 16.7 ms at 60 Hz) and so is shown without a budget.
- Download size: every distinct URL the page and its service worker fetched on a first visit;
  the app's own files counted at their gzip size (level 6, as a static host compresses them; the
  local server does not), the runtime at its raw size. A URL fetched again (the worker's install
  and update crawls) is counted as a revalidation (a 304 from a real server, a hit in a real HTTP
  cache: routing turns the test browser's cache off). The second visit counts new downloads.
- Python start-up: from the runtime ready (PyScript's ``py:progress`` "Loaded interpreter") to the
  game interactive, with PyScript's phases, read from its events and hooks in the page (an init
  script; no change to the app). The modules imported are read from the interpreter afterwards.

Budgets are ratios so that they hold on any machine; the script exits 1 when one is missed.
Other browser test suites running at the same time skew every figure: the load average is printed
with the table.
"""

from __future__ import annotations

import argparse
import gzip
import os
import platform
import shutil
import statistics
import sys
import tempfile
import threading
import time
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlsplit

# The e2e harness (server, CDN mirror, browser choice, problem watch) is imported, not copied.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))

from harness import (
    BOOT_TIMEOUT_MS,
    CHROMIUM_FLAGS,
    CdnMirror,
    StaticServer,
    Watch,
    choose_chromium,
    goto_booted,
    report,
)
from harness.cdn import CDN_HOST
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Response,
    WebError,
    sync_playwright,
)

REPO_ROOT = Path(__file__).resolve().parent.parent

SEED = 20240601
"""Seed of the click benchmark's game (``?seed=``): the same dice in every run."""

GZIP_LEVEL = 6  # what static hosts commonly use (nginx's default is 1, GitHub Pages' is 6)
SETTLE_TIMEOUT_MS = 120_000

# Injected into every document before its own scripts (Playwright init script). It records, in
# page time (ms since navigation start): when <html data-ready> is set, PyScript's progress
# events and hooks (by registering on its hooks object, which core.js shares on globalThis), and
# for each benchmarked click its event timestamp, the end of the page's handlers, the end of
# style and layout, and the next frame.
PAGE_PROBE_JS = """
(() => {
  const bench = (window.__bench = {
    events: [], clicks: [], label: null, expect: null, pending: null,
    ready: null, state: null, hooked: false, interpreter: null,
  });
  const note = (name) => bench.events.push([name, performance.now()]);
  new MutationObserver(() => {
    const state = document.documentElement.dataset.ready;
    if (bench.ready === null && (state === "true" || state === "failed")) {
      bench.ready = performance.now();
      bench.state = state;
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });

  const hookPyScript = () => {
    const core = globalThis[Symbol.for("@pyscript/core")];
    if (bench.hooked || !core) return;
    bench.hooked = true;
    core.hooks.main.onReady.add((wrap) => {
      bench.interpreter = wrap.interpreter;
      note("onReady");
      if (window.__benchProfile) {
        wrap.interpreter.runPython(
          "import cProfile\\n__bench_profile = cProfile.Profile()\\n__bench_profile.enable()"
        );
      }
    });
    // Called once the main script's source has been fetched, just before it runs.
    const beforeRun = () => {
      if (!bench.events.some(([name]) => name === "run")) note("run");
    };
    core.hooks.main.onBeforeRun.add(beforeRun);
    core.hooks.main.onBeforeRunAsync.add(beforeRun);
  };
  addEventListener("py:progress", (event) => {
    hookPyScript();
    note("progress:" + event.detail);
  });
  addEventListener("py:ready", () => note("py:ready"), true);

  addEventListener("click", (event) => {
    if (bench.label === null) return;
    const hit = Boolean(event.target.closest && event.target.closest(bench.expect));
    bench.pending = { label: bench.label, start: event.timeStamp, hit };
  }, true);
  // Window, bubbling: after every listener of the page (the game listens on the controls).
  addEventListener("click", () => {
    const record = bench.pending;
    if (!record) return;
    bench.pending = null;
    record.handled = performance.now();
    // Style and layout now, so that they count for this click (the frame would do them anyway).
    void document.body.offsetHeight;
    record.rendered = performance.now();
    requestAnimationFrame(() => {
      // A task queued from the frame's callbacks runs after that frame's rendering.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        record.frame = performance.now();
        bench.clicks.push(record);
      };
      channel.port2.postMessage(null);
    });
  });
})();
"""

READ_BOOT_JS = """() => ({
  ready: window.__bench.ready,
  state: window.__bench.state,
  events: window.__bench.events,
  marks: performance.getEntriesByType("mark").map((m) => [m.name, m.startTime]),
  fcp: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime ?? null,
})"""
PY_MODULES_JS = """(interpreter) =>
  interpreter ? interpreter.runPython("import sys; ','.join(sorted(sys.modules))") : ""
"""
SETTLED_JS = """() => {
  const data = document.documentElement.dataset;
  return data.offlineReady !== undefined && data.updateAvailable !== undefined;
}"""
PROFILE_REPORT_JS = """(top) => window.__bench.interpreter.runPython(`
__bench_profile.disable()
import io, pstats
_out = io.StringIO()
pstats.Stats(__bench_profile, stream=_out).sort_stats("cumulative").print_stats(${top})
_out.getvalue()
`)"""


# -- statistics ------------------------------------------------------------------------------


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile: a value that was measured, whatever the sample size."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))  # ceil(n * q / 100)
    return ordered[int(rank) - 1]


# -- results ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Budget:
    """An upper limit, shown as ``≤ limit`` in the figure's unit."""

    limit: float

    def met(self, value: float) -> bool:
        return value <= self.limit


@dataclass(frozen=True)
class Row:
    """One line of the results table."""

    section: str
    name: str
    value: float
    unit: str
    budget: Budget | None = None
    note: str = ""

    def formatted(self, value: float) -> str:
        if value != value:  # NaN: not measured
            return "n/a"
        if self.unit == "s":
            return f"{value / 1000:.2f} s"
        if self.unit == "ms":
            return f"{value:.1f} ms"
        if self.unit == "x":
            return f"{value:.2f} x"
        if self.unit == "%":
            return f"{value * 100:.1f} %"
        if self.unit == "KB":
            return f"{value / 1000:,.1f} KB"
        if self.unit == "MB":
            return f"{value / 1e6:.2f} MB"
        return f"{value:g} {self.unit}".strip()

    @property
    def value_text(self) -> str:
        return self.formatted(self.value)

    @property
    def budget_text(self) -> str:
        return f"≤ {self.formatted(self.budget.limit)}" if self.budget else ""

    @property
    def verdict(self) -> str:
        if self.budget is None:
            return ""
        return "PASS" if self.budget.met(self.value) else "MISS"


@dataclass
class Boot:
    """One page load: times in ms since navigation start."""

    ready: float
    fcp: float | None
    events: dict[str, float] = field(default_factory=dict)

    @property
    def fcp_share(self) -> float:
        return (self.fcp / self.ready) if self.fcp is not None else float("nan")

    def span(self, start: str, end: str) -> float:
        """ms from event ``start`` to event ``end`` ("nav" is 0, "ready" is interactive)."""
        times = {"nav": 0.0, "ready": self.ready, **self.events}
        if start not in times or end not in times:
            return float("nan")
        return times[end] - times[start]


@dataclass
class Click:
    label: str
    to_rendered: float
    to_handled: float
    to_frame: float


@dataclass
class Transfer:
    """What crossed the network in one visit, by the benchmark's model (see the docstring)."""

    own_gzip: int = 0
    own_raw: int = 0
    own_files: int = 0
    runtime_raw: int = 0
    runtime_gzip: int = 0
    runtime_files: int = 0
    revalidated: int = 0
    other: list[str] = field(default_factory=list)


# -- servers ---------------------------------------------------------------------------------


class LocalCdn:
    """Serves the CDN mirror's files over plain HTTP on 127.0.0.1, with the CDN's headers.

    ``http://127.0.0.1:<port>/pyodide/v314.0.2/full/pyodide.mjs`` is what the mirror answers for
    ``https://cdn.jsdelivr.net/pyodide/v314.0.2/full/pyodide.mjs``. Used where Playwright routing
    must stay off so that the browser's HTTP cache works (the floor's warm visit).
    """

    def __init__(self, mirror: CdnMirror) -> None:
        self.mirror = mirror
        self.requests = 0
        lock = threading.Lock()
        cdn = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                with lock:
                    cdn.requests += 1
                answer = mirror.resolve(f"https://{CDN_HOST}{urlsplit(self.path).path}")
                if answer.file is None:
                    self.send_error(404, answer.error or "not a mirrored URL")
                    return
                body = mirror.read(answer.file)
                self.send_response(200)
                self.send_header("Content-Type", answer.content_type)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Access-Control-Allow-Origin", "*")
                self.send_header("Timing-Allow-Origin", "*")
                self.send_header("Cache-Control", "public, max-age=31536000, immutable")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()

    def url(self, cdn_url: str) -> str:
        """The local address of a CDN URL."""
        return f"http://127.0.0.1:{self._httpd.server_address[1]}{urlsplit(cdn_url).path}"

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


# -- the benchmark ---------------------------------------------------------------------------


class Problems:
    """Console errors and page errors of a context that runs without the harness's Watch."""

    def __init__(self, context: BrowserContext) -> None:
        self.seen: list[str] = []
        context.on("console", self._on_console)
        context.on("weberror", self._on_web_error)

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.seen.append(f"console.error: {message.text}")

    def _on_web_error(self, error: WebError) -> None:
        self.seen.append(f"pageerror: {error.error}")


class PageBench:
    """Boots, clicks and downloads of the game and the floor in one Chromium."""

    def __init__(self, playwright: Playwright, args: argparse.Namespace) -> None:
        self.args = args
        self.playwright = playwright
        self.site = Path(args.site).resolve()
        config = tomllib.loads((self.site / "pyscript.toml").read_text("utf-8"))
        self.pyodide_url = str(config["interpreter"])
        self.mirror = CdnMirror.from_node_modules(REPO_ROOT / "node_modules")
        self.site_server = StaticServer(self.site).start()
        self.floor_server = StaticServer(REPO_ROOT / "bench").start()
        self.cdn = LocalCdn(self.mirror)
        own = Path(playwright.chromium.executable_path)
        executable = choose_chromium(own if own.exists() else None)
        self.launch_args: dict[str, Any] = {"headless": True, "args": CHROMIUM_FLAGS}
        if executable is not None:
            self.launch_args["executable_path"] = str(executable)
        self.browser: Browser = playwright.chromium.launch(**self.launch_args)
        self._gzip_sizes: dict[Path, int] = {}

    def close(self) -> None:
        self.browser.close()
        self.site_server.stop()
        self.floor_server.stop()
        self.cdn.stop()

    def floor_url(self, pyodide_url: str) -> str:
        return self.floor_server.url("floor.html") + "?pyodide=" + quote(pyodide_url, safe="")

    # -- contexts ----------------------------------------------------------------------------

    @contextmanager
    def watched(self, **kwargs: Any) -> Iterator[tuple[BrowserContext, Watch]]:
        """A fresh, hermetic context (the harness's Watch: mirror, blocking, problem log)."""
        watch = Watch(self.mirror)
        context = watch.attach(self.browser.new_context(**kwargs))
        context.add_init_script(PAGE_PROBE_JS)
        try:
            yield context, watch
            self._check(watch.problems(), "a watched context")
        finally:
            context.close()
            self._pause()

    @contextmanager
    def profile(self, *, routed: bool) -> Iterator[tuple[BrowserContext, Watch | None]]:
        """A fresh on-disk profile in its own browser, routed through the Watch or not.

        Without routing the HTTP cache works; a dead proxy then refuses anything not on this
        machine, so the run stays hermetic.
        """
        folder = Path(tempfile.mkdtemp(prefix="yacht-bench-profile-"))
        kwargs = dict(self.launch_args)
        if not routed:
            kwargs["proxy"] = {"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"}
        context = self.playwright.chromium.launch_persistent_context(folder, **kwargs)
        watch = Watch(self.mirror) if routed else None
        problems = None if watch else Problems(context)
        if watch:
            watch.attach(context)
        context.add_init_script(PAGE_PROBE_JS)
        try:
            yield context, watch
            self._check(watch.problems() if watch else (problems.seen if problems else []), "")
        finally:
            context.close()
            shutil.rmtree(folder, ignore_errors=True)
            self._pause()

    def _pause(self) -> None:
        # Renderer processes of a closed context linger for a moment; on two cores they would
        # slow down the next boot.
        time.sleep(self.args.pause)

    @staticmethod
    def _check(problems: list[str], where: str) -> None:
        if problems:
            raise SystemExit(report(problems, f"the browser reported problems in {where}"))

    # -- one page load -----------------------------------------------------------------------

    def boot(self, page: Page, url: str) -> Boot:
        """Open ``url`` (a navigation, as a visit is) and read the probe once it is interactive."""
        goto_booted(page, url, timeout_ms=BOOT_TIMEOUT_MS)
        return self.read_boot(page)

    @staticmethod
    def read_boot(page: Page) -> Boot:
        data = page.evaluate(READ_BOOT_JS)
        if data["state"] != "true":
            raise SystemExit(f"{page.url} did not become interactive: {data['state']}")
        events = {str(name): float(t) for name, t in [*data["events"], *data["marks"]]}
        return Boot(ready=float(data["ready"]), fcp=data["fcp"], events=events)

    # -- cold boots --------------------------------------------------------------------------

    def cold_game(self) -> tuple[Boot, list[str]]:
        with self.watched(base_url=self.site_server.base_url) as (context, _):
            page = context.new_page()
            boot = self.boot(page, "")
            modules = self.modules(page, "window.__bench.interpreter")
        return boot, modules

    def cold_floor(self) -> tuple[Boot, list[str]]:
        with self.watched() as (context, _):
            page = context.new_page()
            boot = self.boot(page, self.floor_url(self.pyodide_url))
            modules = self.modules(page, "window.floorPyodide")
        return boot, modules

    @staticmethod
    def modules(page: Page, interpreter: str) -> list[str]:
        text = page.evaluate(f"() => ({PY_MODULES_JS})({interpreter})")
        return [name for name in str(text).split(",") if name]

    # -- warm boots --------------------------------------------------------------------------

    def warm_game(self) -> Boot:
        """Second start, offline, served by the service worker, in an on-disk profile."""
        with self.profile(routed=True) as (context, _):
            page = context.pages[0] if context.pages else context.new_page()
            self.boot(page, self.site_server.base_url)
            self.wait_settled(page)
            context.set_offline(True)  # the Watch's wrapper: its mirror refuses from now on
            return self.boot(page, self.site_server.base_url)

    def warm_floor(self) -> Boot:
        """Second visit of the floor in an on-disk profile: runtime from the HTTP cache."""
        with self.profile(routed=False) as (context, _):
            page = context.pages[0] if context.pages else context.new_page()
            url = self.floor_url(self.cdn.url(self.pyodide_url))
            self.boot(page, url)
            before = self.cdn.requests
            boot = self.boot(page, url)
            if self.cdn.requests != before:
                print(
                    f"  note: the floor's second visit fetched {self.cdn.requests - before} "
                    "runtime files again (not from the HTTP cache)",
                    file=sys.stderr,
                )
            return boot

    @staticmethod
    def wait_settled(page: Page) -> None:
        """Wait for the worker's answers after boot: offline ready, update checked."""
        page.wait_for_function(SETTLED_JS, timeout=SETTLE_TIMEOUT_MS)
        if page.get_attribute("html", "data-offline-ready") != "true":
            raise SystemExit("the service worker did not make the game ready offline")

    # -- clicks and downloads ----------------------------------------------------------------

    def interaction(self, clicks: int) -> tuple[list[Click], Transfer, Transfer]:
        """First visit (downloads), ``clicks`` rolls, holds and scores, then a second visit."""
        visits: list[list[Response]] = [[]]
        with self.watched(
            base_url=self.site_server.base_url, viewport={"width": 1280, "height": 1600}
        ) as (context, _):
            context.on("response", lambda response: visits[-1].append(response))
            page = context.new_page()
            goto_booted(page, f"?seed={SEED}")
            self.wait_settled(page)
            visits.append([])  # clicks: not counted
            measured = self.play(page, clicks)
            visits.append([])
            goto_booted(page, f"?seed={SEED}")
            self.wait_settled(page)
        first = self.transfer(visits[0], seen=set())
        second = self.transfer(visits[2], seen={r.url for r in visits[0]})
        return measured, first, second

    def play(self, page: Page, count: int) -> list[Click]:
        """Roll, hold one die and score, turn after turn, until ``count`` of each are timed."""
        done: list[Click] = []
        turn = 0
        while len(done) < 3 * count:
            if page.evaluate("() => document.getElementById('game-over').open"):
                self.click(page, "#rematch", None)
            self.click(page, "#roll", "roll")
            self.click(page, f".die[data-index='{turn % 5}']", "hold")
            self.click(page, "#scorecard button.option", "score")
            turn += 1
            records = page.evaluate("() => window.__bench.clicks.splice(0)")
            for record in records:
                if not record["hit"]:
                    raise SystemExit(f"a {record['label']} click missed its target")
                done.append(
                    Click(
                        label=record["label"],
                        to_rendered=record["rendered"] - record["start"],
                        to_handled=record["handled"] - record["start"],
                        to_frame=record["frame"] - record["start"],
                    )
                )
        return done

    @staticmethod
    def click(page: Page, selector: str, label: str | None) -> None:
        """A real mouse click on the centre of ``selector``; wait until its frame is done."""
        page.evaluate(
            "([label, selector]) => { window.__bench.label = label; "
            "window.__bench.expect = selector; }",
            [label, selector],
        )
        box = page.locator(selector).first.bounding_box()
        if box is None:
            raise SystemExit(f"{selector} is not visible")
        # No actionability waits (a die is still tumbling when a player holds it): just click.
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        if label is None:
            page.wait_for_function("() => !document.getElementById('roll').disabled")
        else:
            page.wait_for_function(
                "() => window.__bench.clicks.length > 0 && !window.__bench.pending"
            )
            page.evaluate("() => { window.__bench.label = null; }")

    def transfer(self, responses: list[Response], seen: set[str]) -> Transfer:
        """Apply the download model (see the docstring) to one visit's responses."""
        result = Transfer()
        site = self.site_server.base_url
        for response in responses:
            url = response.url.split("#", 1)[0].split("?", 1)[0]
            if response.from_service_worker or not url.startswith(("http:", "https:")):
                continue  # answered by the worker (its own fetch, if any, is listed apart)
            if url in seen:
                result.revalidated += 1
                continue
            seen.add(url)
            if url.startswith(site):
                file = self.site / unquote(url[len(site) :] or "index.html")
                if file.is_dir():
                    file = file / "index.html"
                if not file.is_file():
                    result.other.append(f"{url} (HTTP {response.status})")
                    continue
                result.own_files += 1
                result.own_raw += file.stat().st_size
                result.own_gzip += self.gzip_size(file)
                continue
            answer = self.mirror.resolve(url)
            if answer.file is not None:
                result.runtime_files += 1
                result.runtime_raw += answer.file.stat().st_size
                result.runtime_gzip += self.gzip_size(answer.file)
            else:
                result.other.append(url)
        return result

    def gzip_size(self, file: Path) -> int:
        if file not in self._gzip_sizes:
            self._gzip_sizes[file] = len(gzip.compress(file.read_bytes(), GZIP_LEVEL, mtime=0))
        return self._gzip_sizes[file]

    # -- the app's Python, profiled ----------------------------------------------------------

    def profile_startup(self, top: int) -> str:
        """cProfile of the Python that runs from PyScript's onReady to the game interactive."""
        with self.watched(base_url=self.site_server.base_url) as (context, _):
            context.add_init_script("window.__benchProfile = true;")
            page = context.new_page()
            self.boot(page, "")
            return str(page.evaluate(PROFILE_REPORT_JS, top))


# -- running and reporting -------------------------------------------------------------------


def alternate(runs: int, first: Callable[[], None], second: Callable[[], None]) -> None:
    """Run both ``runs`` times, swapping which goes first, so drifting load hits both alike."""
    for run in range(runs):
        order = (first, second) if run % 2 == 0 else (second, first)
        for step in order:
            step()
        print(f"  run {run + 1}/{runs} done", file=sys.stderr, flush=True)


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f}, {five:.2f}, {fifteen:.2f}"


PHASES = [
    ("PyScript before the runtime (core.js, config)", "nav", "progress:Loading Pyodide"),
    ("loadPyodide()", "progress:Loading interpreter", "progress:Loaded interpreter"),
    ("[files] fetched into the file system", "progress:Loading files", "progress:Loaded files"),
    ("PyScript set-up", "progress:Loaded files", "py:ready"),
    ("main.py fetched", "py:ready", "run"),
    ("Python: PyScript's module, app imports, App().start()", "run", "ready"),
]
FLOOR_PHASES = [
    ("before the import (page, module script)", "nav", "floor:import"),
    ("pyodide.mjs imported", "floor:import", "floor:load"),
    ("loadPyodide()", "floor:load", "floor:loaded"),
    ("1+1 and the ready flag", "floor:loaded", "ready"),
]


def boot_rows(
    section: str,
    game: list[Boot],
    floor: list[Boot],
    ratio_budget: float,
    floor_name: str,
) -> list[Row]:
    game_ms = median([b.ready for b in game])
    floor_ms = median([b.ready for b in floor])
    return [
        Row(section, "game: navigation → interactive", game_ms, "s"),
        Row(section, f"floor: {floor_name}", floor_ms, "s"),
        Row(section, "game / floor", game_ms / floor_ms, "x", Budget(ratio_budget)),
        Row(
            section,
            "board painted (FCP) / game boot",
            median([b.fcp_share for b in game]),
            "%",
            Budget(0.10),
            note=f"FCP {median([b.fcp or float('nan') for b in game]):.0f} ms",
        ),
    ]


def click_rows(clicks: list[Click]) -> list[Row]:
    rows: list[Row] = []
    for label in ("roll", "hold", "score"):
        rendered = [c.to_rendered for c in clicks if c.label == label]
        frame = [c.to_frame for c in clicks if c.label == label]
        handled = [c.to_handled for c in clicks if c.label == label]
        note = (
            f"n={len(rendered)}; handler done {median(handled):.1f} ms; next frame "
            f"{median(frame):.1f} / {percentile(frame, 95):.1f} ms (median / p95, incl. vsync)"
        )
        section = "click → rendered"
        rows.append(Row(section, f"{label}, median", median(rendered), "ms", Budget(5), note))
        rows.append(Row(section, f"{label}, p95", percentile(rendered, 95), "ms", Budget(16)))
    return rows


def transfer_rows(first: Transfer, second: Transfer) -> list[Row]:
    section = "bytes"
    return [
        Row(
            section,
            "first visit: the app's own files (gzip)",
            first.own_gzip,
            "KB",
            Budget(250_000),
            note=f"{first.own_files} files, {first.own_raw / 1000:,.1f} KB uncompressed; "
            f"{first.revalidated} repeat requests (worker crawl) count as revalidations",
        ),
        Row(
            section,
            "first visit: runtime (PyScript + Pyodide)",
            first.runtime_raw,
            "MB",
            note=f"{first.runtime_files} files; {first.runtime_gzip / 1e6:.2f} MB if gzipped",
        ),
        Row(
            section,
            "second visit: new downloads",
            second.own_gzip + second.runtime_raw,
            "KB",
            note=f"{second.own_files + second.runtime_files} files; "
            f"{second.revalidated} revalidations (update check, 304 from a real server)",
        ),
    ]


def python_rows(cold: list[Boot], game_modules: list[str], floor_modules: list[str]) -> list[Row]:
    section = "Python start-up"
    rows = [
        Row(
            section,
            "runtime ready → interactive",
            median([b.span("progress:Loaded interpreter", "ready") for b in cold]),
            "ms",
            note="PyScript's 'Loaded interpreter' event to <html data-ready>",
        )
    ]
    for name, start, end in PHASES:
        rows.append(Row(section, f"  {name}", median([b.span(start, end) for b in cold]), "ms"))
    extra = sorted(set(game_modules) - set(floor_modules))
    own = [m for m in extra if m == "yacht" or m.startswith("yacht.")]
    rest = [m for m in extra if m not in own]
    rows.append(
        Row(
            section,
            "modules imported beyond a bare interpreter",
            len(extra),
            "",
            note=f"{len(own)} yacht.*; others: {', '.join(rest) or 'none'}",
        )
    )
    return rows


def floor_phase_rows(floor: list[Boot]) -> list[Row]:
    return [
        Row("floor, cold", f"  {name}", median([b.span(start, end) for b in floor]), "ms")
        for name, start, end in FLOOR_PHASES
    ]


def table(rows: list[Row], markdown: bool) -> str:
    head = ["", "figure", "value", "budget", "result", "notes"]
    body = [[r.section, r.name, r.value_text, r.budget_text, r.verdict, r.note] for r in rows]
    if markdown:
        lines = ["| " + " | ".join(head[1:]) + " |", "|" + "---|" * (len(head) - 1)]
        section = None
        for row, cells in zip(rows, body, strict=True):
            if row.section != section:
                section = row.section
                lines.append(f"| **{section}** | | | | |")
            lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells[1:]) + " |")
        return "\n".join(lines)
    widths = [max(len(cells[i]) for cells in [head, *body]) for i in range(5)]
    lines = []
    section = None
    for row, cells in zip(rows, body, strict=True):
        if row.section != section:
            section = row.section
            lines.append(f"\n{section}")
        text = "  ".join(cells[i].ljust(widths[i]) for i in range(1, 5))
        lines.append(f"  {text}  {cells[5]}".rstrip())
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=5, help="boots of each kind (default 5)")
    parser.add_argument("--clicks", type=int, default=100, help="timed clicks of each kind")
    parser.add_argument("--markdown", type=Path, help="also write the table to this file")
    parser.add_argument("--site", default=str(REPO_ROOT), help="the tree to serve (default: .)")
    parser.add_argument(
        "--parts",
        default="cold,warm,clicks",
        help="comma-separated subset of cold,warm,clicks (default: all)",
    )
    parser.add_argument("--profile", action="store_true", help="also profile the app's start-up")
    parser.add_argument("--profile-top", type=int, default=40, help="lines of that profile")
    parser.add_argument(
        "--pause", type=float, default=1.0, help="seconds to wait after closing a browser context"
    )
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    started = time.perf_counter()
    load_before = load_average()

    rows: list[Row] = []
    with sync_playwright() as playwright:
        bench = PageBench(playwright, args)
        try:
            versions = ", ".join(f"{k} {v}" for k, v in bench.mirror.versions.items())
            env = (
                f"Chromium {bench.browser.version}, {versions}; {os.cpu_count()} CPUs "
                f"({platform.machine()}); {args.runs} runs"
            )
            print(env, file=sys.stderr)
            game_modules: list[str] = []
            floor_modules: list[str] = []
            if "cold" in parts:
                print("cold boots (fresh context each):", file=sys.stderr)
                cold_game: list[Boot] = []
                cold_floor: list[Boot] = []

                def game() -> None:
                    boot, modules = bench.cold_game()
                    cold_game.append(boot)
                    game_modules[:] = modules

                def floor() -> None:
                    boot, modules = bench.cold_floor()
                    cold_floor.append(boot)
                    floor_modules[:] = modules

                alternate(args.runs, game, floor)
                rows += boot_rows("cold boot", cold_game, cold_floor, 1.10, "bare Pyodide, 1+1")
                rows += python_rows(cold_game, game_modules, floor_modules)
                rows += floor_phase_rows(cold_floor)
            if "warm" in parts:
                print("warm boots (on-disk profile each):", file=sys.stderr)
                warm_game: list[Boot] = []
                warm_floor: list[Boot] = []
                alternate(
                    args.runs,
                    lambda: warm_game.append(bench.warm_game()),
                    lambda: warm_floor.append(bench.warm_floor()),
                )
                rows += boot_rows(
                    "warm boot (game offline via its service worker)",
                    warm_game,
                    warm_floor,
                    0.90,
                    "second visit, HTTP cache",
                )
            if "clicks" in parts:
                print(f"clicks ({args.clicks} of each) and downloads:", file=sys.stderr)
                clicks, first, second = bench.interaction(args.clicks)
                rows += click_rows(clicks)
                rows += transfer_rows(first, second)
                for url in first.other + second.other:
                    print(f"  note: not classified: {url}", file=sys.stderr)
            profile = bench.profile_startup(args.profile_top) if args.profile else ""
        finally:
            bench.close()

    load_after = load_average()
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    footer = (
        f"{stamp}; {env}; load average {load_before} before, {load_after} after; "
        f"{time.perf_counter() - started:.0f} s"
    )
    print(table(rows, markdown=False))
    print(f"\n{footer}")
    if profile:
        print("\nProfile of the app's Python start-up (cProfile, cumulative):\n" + profile)
    if args.markdown:
        args.markdown.write_text(table(rows, markdown=True) + f"\n\n{footer}\n", "utf-8")
    missed = [row for row in rows if row.verdict == "MISS"]
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
