"""Page benchmark: what the game costs on top of Pyodide, and whether it meets its budgets.

Run from the repository root (about three minutes on two quiet cores; exit status 1 when a budget
is missed):

    .venv/bin/python bench/page_bench.py                    # 5 boots of each kind, 100 clicks each
    .venv/bin/python bench/page_bench.py --markdown FILE    # also write the table as Markdown
    .venv/bin/python bench/page_bench.py --profile          # plus cProfiles of the game's Python
    .venv/bin/python bench/page_bench.py --site DIR         # another tree, or the built _site
    .venv/bin/python bench/page_bench.py --parts cold --runs 9          # only some of it

It drives the real page (index.html) in headless Chromium, chosen and flagged as the e2e tests do,
and hermetic like them (e2e/harness): the site comes from a local static server (in a child
process, see ServerProcess), the pinned PyScript/Pyodide CDN URLs are answered from node_modules,
anything else is refused. For the boots, those URLs reach a CDN on this machine that serves them
as jsDelivr does, over HTTP/2 (bench/local_cdn.py; ``--cdn routed``: through Playwright's
routing, as in the e2e tests, which answers one response at a time). Next to the
game it loads bench/floor.html, a bare page that imports the same pinned pyodide.mjs and runs 1+1:
the floor that any Pyodide app pays. Times are read inside the page (navigation start to
``<html data-ready="true">``, set by both pages), so Playwright's polling does not count. Each
figure is a median of ``--runs``; the game's and the floor's runs alternate (and swap order every
other run) so that load on the machine hits both alike; ratios are of medians of one invocation.

What is measured, and how:

- Cold boot: a fresh browser context (empty caches) per load, game and floor through the mirror.
  A third page, bench/pyscript-floor.html, loads the game's PyScript (same core.js, interpreter
  and plugin settings) and runs 1+1 in a ``<script type="py">``: the floor of any PyScript app.
  Its ratios split the game's boot into what PyScript costs over bare Pyodide and what the game
  costs over PyScript.
  PyScript's progress events and hooks split the game's boot into phases (read by an init script
  that registers on the hooks object core.js shares on ``globalThis``: no change to the game).
  The renderer's CPU time (DevTools' ProcessTime and ThreadTime) is shown too: it depends little
  on what else runs on the machine, so it shows the game's extra work when wall times are noisy.
- Board painted: ``first-contentful-paint`` as a fraction of the same load's boot.
- Warm boot: a fresh on-disk profile, as a player's browser has, per run. The game: one online
  visit, wait until its service worker is ready offline (``data-offline-ready``) and has checked
  for updates, go offline, open the game again. The floor: its second visit in such a profile,
  from the HTTP cache, filled from the local CDN on its first visit (with ``--cdn routed``, the
  floor's second load in its routed cold context, re-downloaded as routing turns the HTTP cache
  off, is shown as well). The PyScript floor's second visit is measured like the floor's.
- Click -> rendered: from ``event.timeStamp`` of a real (CDP) mouse click to the end of style and
  layout after the game has drawn the click's move, for the first throw of a turn, a hold, the
  second throw and the score, in a seeded game (``?seed=``: the same dice every run). The button
  is held down for ``PRESS_MS``, as a player's finger or mouse does. A move is made while the tab
  holds the game's Web Lock: in the click's own task when the tab in use holds it already (a
  window listener, run after the page's own, then forces layout), else at the lock's grant (the
  first change to the page after the click, seen by a MutationObserver, then forces layout).
  "Handlers done" is the click's own listeners, the move made and written into the page.
  "Next frame" adds the wait for the frame, vsync included (up to 16.7 ms), so has no budget.
  The floor, timed the same way on the same page after the game's clicks: a button added next to
  Roll whose Python listener writes one text (FLOOR_BUTTON_JS): what any click handled in
  Python costs on this machine. Each move's note gives its median as a multiple of it.
  The reference: the game as it was when the clicks' budgets were set (``--against``, by default
  REFERENCE_REVISION, written out of git) plays a turn after each of the game's, in a page of
  its own, timed the same way; each move's median over its is a ratio measured in one run.
- Download size: every distinct URL the page and its service worker fetched on a first visit;
  the game's own files at their gzip size (level 6, as a static host sends them; the local
  server does not compress), the runtime at its raw size. A URL fetched again in the same visit
  (the worker's install and update crawls) counts as a revalidation: a 304 from a real server or
  a hit in a real HTTP cache, which routing turns off in the test browser. The second visit
  counts new downloads.
- Python start-up: PyScript's "Loaded interpreter" to interactive, split into [files], main.py's
  fetch, PyScript's own module and the game's main.py (a ``performance.mark`` added through
  PyScript's codeBeforeRun hook, between the two). The modules imported beyond a bare
  interpreter are read from both interpreters afterwards.

Budgets are ratios so that they hold on any machine. Other programs running at the same time
skew every wall-clock figure: each run's load average is printed as it goes, and the table ends
with the load before and after.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

# The e2e harness (server, CDN mirror, browser choice, problem watch) is imported, not copied.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))

from harness import (
    BOOT_TIMEOUT_MS,
    CdnMirror,
    Watch,
    chromium_launch_options,
    goto_booted,
    report,
)
from local_cdn import LocalCdn
from playwright.sync_api import (
    Browser,
    BrowserContext,
    CDPSession,
    ConsoleMessage,
    Page,
    Playwright,
    Response,
    WebError,
    sync_playwright,
)

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from yacht.tools.build_site import STDLIB  # noqa: E402

SEED = 20240601
"""Seed of the click benchmark's game (``?seed=``): the same dice in every run."""

REFERENCE_REVISION = "fb446a3"
"""The game as it was when the clicks' budgets were set (30 November 2026: the README then gave
4.5, 2.5 and 4.5 ms for a throw, a hold and a score). Its clicks, timed turn about with the game's
in the same run, tell whether a click got slower: a change of machine or of this harness moves
both alike."""

PRESS_MS = 80  # a mouse click's or a tap's press, from down to up, as players make them
GZIP_LEVEL = 6  # what static hosts commonly use (nginx's default is 1, GitHub Pages' is 6)
COMPRESSED = frozenset({".gz", ".zst", ".zip", ".png", ".webp", ".woff2"})
SETTLE_TIMEOUT_MS = 300_000

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
    // Python run after PyScript's own start-up code and just before main.py's: splits the time
    // of the run between PyScript (its pyscript package) and the game.
    const mark = "import js as _bench_js\\n_bench_js.performance.mark('main.py')\\ndel _bench_js";
    core.hooks.main.codeBeforeRun.add(mark);
    core.hooks.main.codeBeforeRunAsync.add(mark);
  };
  addEventListener("py:progress", (event) => {
    hookPyScript();
    note("progress:" + event.detail);
  });
  addEventListener("py:ready", () => note("py:ready"), true);

  const drawn = (record) => {
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
  };
  // The move's first change to the page, when it is made after the click (at the lock's grant).
  const changes = new MutationObserver(() => {
    // Between the page's listeners (microtasks run after each): the click's own task moved.
    if (bench.pending) bench.pending.moved = true;
    const record = bench.awaited;
    bench.awaited = null;
    if (record) drawn(record);
  });
  const everything = { subtree: true, childList: true, attributes: true, characterData: true };
  changes.observe(document, everything);
  addEventListener("click", (event) => {
    if (bench.label === null) return;
    const hit = Boolean(event.target.closest && event.target.closest(bench.expect));
    const target = event.target.id ? "#" + event.target.id
      : `${event.target.tagName}.${event.target.className}`;
    bench.pending = { label: bench.label, start: event.timeStamp, hit, target };
    changes.takeRecords();
  }, true);
  // Window, bubbling: after every listener of the page (the game listens on the controls).
  addEventListener("click", () => {
    const record = bench.pending;
    if (!record) return;
    bench.pending = null;
    record.handled = performance.now();
    // Moved in the click's task, or missed its target (reported, not waited for).
    if (record.moved || !record.hit || changes.takeRecords().length) drawn(record);
    else bench.awaited = record;
  });
})();
"""

# The floor of a click on the game's own page, timed by the same probe after the game's clicks:
# a button added next to Roll, whose listener is Python added as the game's are (a create_proxy
# through PyScript's interpreter), writing one text. What any click handled in Python costs
# here: the browser's delivery, the crossing into Python and back, one style and layout.
FLOOR_BUTTON_JS = """() => {
  const button = document.createElement("button");
  button.id = "bench-floor";
  button.type = "button";
  button.textContent = "0";
  document.querySelector(".actions").append(button);
}"""
FLOOR_LISTENER_PY = """
from pyodide.ffi import create_proxy
from pyscript import document

def _bench_floor(event):
    event.target.textContent = str(int(event.target.textContent) + 1)

document.getElementById("bench-floor").addEventListener("click", create_proxy(_bench_floor))
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
# The reference game (REFERENCE_REVISION) settled: its worker has said whether the game plays
# offline and whether a new release is out, the two answers every release of the game gives.
REFERENCE_SETTLED_JS = """() => ["data-offline-ready", "data-update-available"]
  .every((name) => document.documentElement.hasAttribute(name))"""
# Settled: the worker has answered (offline ready, update checked) and the memory snapshot made
# after a normal start (static/interpreter.mjs) is stored, or has failed.
SETTLED_JS = """() => {
  const data = document.documentElement.dataset;
  return data.offlineReady !== undefined && data.updateAvailable !== undefined &&
    data.memorySnapshot !== "pending";
}"""
BEST_OPTION_JS = """() => {
  const options = [...document.querySelectorAll("#scorecard button.option")];
  const points = (button) => Number.parseInt(button.textContent, 10) || 0;
  options.sort((a, b) => points(b) - points(a));  // stable: ties keep the page's order
  return options[0].dataset.category;
}"""
LANDED_JS = """() => {
  const moving = (a) => a.playState === 'running' && a.effect && a.effect.target
    && a.effect.target.closest && a.effect.target.closest('.die');
  return getComputedStyle(document.getElementById('roll')).pointerEvents !== 'none'
    && !document.getAnimations().some(moving);
}"""
"""True once the dice of the last throw have landed: Roll takes the pointer again (it takes none
while they fly) and no die is still moving."""
OPEN_DIALOGS_JS = "() => [...document.querySelectorAll('dialog[open]')].map((d) => d.id)"
# The game-over dialog opens a frame after the last score: a turn starts once either is so.
TURN_OR_GAME_OVER_JS = """() => document.getElementById('game-over').open
  || !document.getElementById('roll').disabled"""
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
    cpu: dict[str, float] = field(default_factory=dict)
    """CPU seconds the page's renderer spent on the load, by DevTools metric (cold boots)."""

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
    runtime_from_site: int = 0
    """Of ``runtime_raw``: the deployed site's own standard library (STDLIB), Pyodide's
    rebuilt."""
    revalidated: int = 0
    other: list[str] = field(default_factory=list)
    own_by_folder: Counter[str] = field(default_factory=Counter)
    """gzip bytes of the game's own files by folder, to show where the bytes are."""
    after_interactive: Transfer | None = None
    """Of a first visit: what came once the game was interactive (the rest is before)."""

    def biggest_folders(self, count: int = 4) -> str:
        return ", ".join(f"{k} {v / 1000:.1f}" for k, v in self.own_by_folder.most_common(count))


# -- servers ---------------------------------------------------------------------------------


class ServerProcess:
    """A :class:`StaticServer` of ``root`` in a child process.

    In this process Playwright's routing answers the CDN mirror's requests (megabytes through
    the DevTools protocol) under the same interpreter lock as a server thread would hold: the
    site's own files would queue behind Pyodide's, which no real host and CDN do. The floor pays
    nothing of the kind (its only own file is floor.html), so the rig would bill the game for
    itself. Serving from another process keeps the two apart, as on the web.
    """

    def __init__(self, root: Path) -> None:
        script = (
            "import sys, time; sys.path.insert(0, sys.argv[1]); "
            "from harness import StaticServer; "
            "server = StaticServer(sys.argv[2]).start(); print(server.base_url, flush=True); "
            "time.sleep(10**9)"
        )
        self._process = subprocess.Popen(
            [sys.executable, "-c", script, str(REPO_ROOT / "e2e"), str(root)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self._process.stdout is not None
        self.base_url = self._process.stdout.readline().strip()
        if not self.base_url:
            raise SystemExit(f"the static server for {root} did not start")

    def url(self, path: str = "") -> str:
        return self.base_url + path.lstrip("/")

    def stop(self) -> None:
        self._process.terminate()
        self._process.wait(timeout=10)


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


def page_config(site: Path, index: str) -> dict[str, Any]:
    """The PyScript config the page names (``config="pyscript.json"``, or a TOML one)."""
    found = re.search(r'<script type="py"[^>]*\sconfig="([^"]+)"', index)
    if found is None:
        raise SystemExit("index.html names no PyScript config")
    text = (site / found.group(1)).read_text("utf-8")
    config: dict[str, Any] = (
        json.loads(text) if found.group(1).endswith(".json") else tomllib.loads(text)
    )
    return config


def pinned_pyodide(site: Path, interpreter: str) -> str:
    """The pyodide.mjs URL the game runs: the config's ``interpreter``, or, when that is the
    game's own module (static/interpreter.mjs), the Pyodide that module imports."""
    if interpreter.startswith(("http://", "https://")):
        return interpreter
    module = (site / interpreter).read_text("utf-8")
    found = re.search(r'^import \* as \w+ from "(https://[^"]+/pyodide\.mjs)";$', module, re.M)
    if found is None:
        raise SystemExit(f"{interpreter} imports no pyodide.mjs")
    return found.group(1)


class PageBench:
    """Boots, clicks and downloads of the game and the floor in one Chromium."""

    def __init__(self, playwright: Playwright, args: argparse.Namespace) -> None:
        self.args = args
        self.playwright = playwright
        self.site = Path(args.site).resolve()
        index = (self.site / "index.html").read_text("utf-8")
        config = page_config(self.site, index)
        self.pyodide_url = pinned_pyodide(self.site, str(config["interpreter"]))
        self.plugins = [str(plugin) for plugin in config.get("plugins", [])]
        core = re.search(r'<script type="module" src="([^"]+/core\.js)"', index)
        if core is None:
            raise SystemExit("index.html loads no PyScript core.js")
        self.core_url = core.group(1)
        self.mirror = CdnMirror.from_node_modules(REPO_ROOT / "node_modules")
        self.site_server = ServerProcess(self.site)
        self.floor_server = ServerProcess(REPO_ROOT / "bench")
        self.cdn = LocalCdn(self.mirror)
        self.launch_args = chromium_launch_options(playwright)
        self.launch_args["args"] += self.cdn.chromium_args()
        self.browser: Browser = playwright.chromium.launch(**self.launch_args)
        self._gzip_sizes: dict[Path, int] = {}

    def close(self) -> None:
        self.browser.close()
        self.site_server.stop()
        self.floor_server.stop()
        self.cdn.stop()

    def floor_url(self, pyodide_url: str) -> str:
        return self.floor_server.url("floor.html") + "?pyodide=" + quote(pyodide_url, safe="")

    def pyscript_floor_url(self) -> str:
        """bench/pyscript-floor.html with the game's core.js, interpreter and plugin settings."""
        config = json.dumps({"interpreter": self.pyodide_url, "plugins": self.plugins})
        return (
            self.floor_server.url("pyscript-floor.html")
            + f"?core={quote(self.core_url, safe='')}&config={quote(config, safe='')}"
        )

    # -- contexts ----------------------------------------------------------------------------

    @contextmanager
    def _observed(
        self, context: BrowserContext, *, routed: bool, where: str
    ) -> Iterator[tuple[BrowserContext, Watch | None]]:
        """``context`` with the page probe, its problems reported when it is done, then closed.

        Routed, through the harness's Watch (mirror, blocking, problem log); else the runtime
        comes from the local CDN, and what that had no file for counts as a problem too.
        """
        watch = Watch(self.mirror) if routed else None
        problems = Problems(context) if watch is None else None
        if watch is not None:
            watch.attach(context)
        context.add_init_script(PAGE_PROBE_JS)
        try:
            yield context, watch
            if watch is not None:
                self._check(watch.problems(), where)
            elif problems is not None:
                self._check(problems.seen + self.cdn.missing, where)
        finally:
            context.close()
            self._pause()

    @contextmanager
    def watched(self, **kwargs: Any) -> Iterator[tuple[BrowserContext, Watch | None]]:
        """A fresh, hermetic context, routed through the harness's Watch."""
        context = self.browser.new_context(**kwargs)
        with self._observed(context, routed=True, where="a watched context") as observed:
            yield observed

    @contextmanager
    def cold(self, **kwargs: Any) -> Iterator[BrowserContext]:
        """A fresh context with empty caches for one cold boot, its runtime from the CDN that
        ``--cdn`` names: the local HTTPS one (hermetic by a dead proxy), or Playwright's routing."""
        routed = self.args.cdn == "routed"
        if not routed:
            kwargs["proxy"] = self.cdn.proxy
        context = self.browser.new_context(**kwargs)
        with self._observed(context, routed=routed, where="a cold boot") as (observed, _):
            yield observed

    @contextmanager
    def profile(self, *, routed: bool) -> Iterator[tuple[BrowserContext, Watch | None]]:
        """A fresh on-disk profile in its own browser, routed through the Watch or not.

        Without routing the HTTP cache works; a dead proxy then refuses anything not on this
        machine, so the run stays hermetic.
        """
        folder = Path(tempfile.mkdtemp(prefix="yacht-bench-profile-"))
        kwargs = dict(self.launch_args)
        if not routed:
            kwargs["proxy"] = self.cdn.proxy
        try:
            context = self.playwright.chromium.launch_persistent_context(folder, **kwargs)
            with self._observed(context, routed=routed, where="an on-disk profile") as observed:
                yield observed
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def _pause(self) -> None:
        # Renderer processes of a closed context linger for a moment; on two cores they would
        # slow down the next boot.
        time.sleep(self.args.pause)

    @staticmethod
    def _check(problems: list[str], where: str) -> None:
        if problems:
            raise SystemExit(report(problems, f"the browser reported problems in {where}"))

    # -- one page load -----------------------------------------------------------------------

    def boot(self, page: Page, url: str, *, cpu: bool = False) -> Boot:
        """Open ``url`` (a navigation, as a visit is) and read the probe once it is interactive.

        With ``cpu``, also the renderer's CPU time over the load (DevTools' ProcessTime: all its
        threads, wasm compilers included; ThreadTime: the main thread). Unlike wall time, CPU time
        hardly depends on what else the machine is running, so it tells the game's extra work
        apart from noise. Only meaningful for a page's first load, in a renderer of its own.
        """
        session = page.context.new_cdp_session(page) if cpu else None
        if session is not None:
            session.send("Performance.enable")
        before = self._cpu_metrics(session)
        goto_booted(page, url, timeout_ms=BOOT_TIMEOUT_MS)
        boot = self.read_boot(page)
        if session is not None:
            after = self._cpu_metrics(session)
            boot.cpu = {name: after[name] - before.get(name, 0.0) for name in after}
            session.detach()
        return boot

    @staticmethod
    def _cpu_metrics(session: CDPSession | None) -> dict[str, float]:
        if session is None:
            return {}
        metrics = session.send("Performance.getMetrics")["metrics"]
        wanted = ("ProcessTime", "ThreadTime")
        return {m["name"]: float(m["value"]) for m in metrics if m["name"] in wanted}

    @staticmethod
    def read_boot(page: Page) -> Boot:
        data = page.evaluate(READ_BOOT_JS)
        if data["state"] != "true":
            raise SystemExit(f"{page.url} did not become interactive: {data['state']}")
        events = {str(name): float(t) for name, t in [*data["events"], *data["marks"]]}
        return Boot(ready=float(data["ready"]), fcp=data["fcp"], events=events)

    # -- cold boots --------------------------------------------------------------------------

    def cold_game(self) -> tuple[Boot, list[str]]:
        with self.cold(base_url=self.site_server.base_url) as context:
            page = context.new_page()
            boot = self.boot(page, "", cpu=True)
            modules = self.modules(page, "window.__bench.interpreter")
        return boot, modules

    def cold_pyscript_floor(self) -> Boot:
        with self.cold() as context:
            return self.boot(context.new_page(), self.pyscript_floor_url(), cpu=True)

    def cold_floor(self) -> tuple[Boot, Boot | None, list[str]]:
        """The floor's first load and, when routed (so cache-less), its second in that context."""
        with self.cold() as context:
            page = context.new_page()
            url = self.floor_url(self.pyodide_url)
            boot = self.boot(page, url, cpu=True)
            modules = self.modules(page, "window.floorPyodide")
            again = self.boot(page, url) if self.args.cdn == "routed" else None
        return boot, again, modules

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
            boot = self.boot(page, self.site_server.base_url)
            start = page.get_attribute("html", "data-python-start")
            if start != "snapshot":
                note = f"  note: the warm game started {start}, not from its snapshot"
                print(note, file=sys.stderr)
            return boot

    def warm_floor(self, pyscript: bool = False) -> Boot:
        """Second visit of the floor (or the PyScript floor) in an on-disk profile: runtime
        from the HTTP cache."""
        with self.profile(routed=False) as (context, _):
            page = context.pages[0] if context.pages else context.new_page()
            url = self.pyscript_floor_url() if pyscript else self.floor_url(self.pyodide_url)
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

    def interaction(
        self, clicks: int, reference: Path | None = None
    ) -> tuple[list[Click], Transfer, Transfer]:
        """First visit (downloads), ``clicks`` rolls, holds and scores, then a second visit.

        With a ``reference`` tree (an older game), its page plays a turn after each of the
        game's (the two in turn, which goes first swapped each turn), its clicks labelled
        ``reference <move>``; the floor's clicks are the game page's.
        """
        visits: list[list[Response]] = [[]]
        viewport = {"width": 1280, "height": 1600}
        with ExitStack() as stack:
            context, _ = stack.enter_context(
                self.watched(base_url=self.site_server.base_url, viewport=viewport)
            )
            context.on("response", lambda response: visits[-1].append(response))
            page = context.new_page()
            goto_booted(page, f"?seed={SEED}")
            # Epoch ms at which the page became interactive, to split the first visit's bytes.
            interactive = page.evaluate("performance.timeOrigin + window.__bench.ready")
            self.wait_settled(page)
            visits.append([])  # clicks: not counted
            players = [(page, "")]
            if reference is not None:
                server = ServerProcess(reference)
                stack.callback(server.stop)
                other, _ = stack.enter_context(
                    self.watched(base_url=server.base_url, viewport=viewport)
                )
                players.append((self.reference_page(other), "reference "))
            measured: list[Click] = []
            for turn in range(clicks):
                for player, prefix in players if turn % 2 == 0 else players[::-1]:
                    measured += self.play_turn(player, turn, prefix)
            measured += self.click_floor(page, clicks)
            visits.append([])
            goto_booted(page, f"?seed={SEED}")
            self.wait_settled(page)
        before = [r for r in visits[0] if r.request.timing["startTime"] <= interactive]
        after = [r for r in visits[0] if r.request.timing["startTime"] > interactive]
        first = self.transfer(before, seen=set())
        first.after_interactive = self.transfer(after, seen={r.url for r in before})
        second = self.transfer(visits[2], seen={r.url for r in visits[0]})
        return measured, first, second

    @staticmethod
    def reference_page(context: BrowserContext) -> Page:
        """The reference game booted, and its service worker done with its offline copy and
        its update check (so that no download of its own runs beside a click)."""
        page = context.new_page()
        goto_booted(page, f"?seed={SEED}")
        page.wait_for_function(REFERENCE_SETTLED_JS, timeout=SETTLE_TIMEOUT_MS)
        return page

    def play(self, page: Page, count: int) -> list[Click]:
        """Roll, hold one die, roll the others again and score, turn after turn, until
        ``count`` of each are timed."""
        done: list[Click] = []
        for turn in range(count):
            done += self.play_turn(page, turn)
        return done

    def play_turn(self, page: Page, turn: int, prefix: str = "") -> list[Click]:
        """One turn's four timed clicks (labelled ``prefix`` + the move)."""
        self.rematch_if_over(page)
        done = [self.click(page, "#roll", prefix + "roll")]
        # A player holds a die once it has landed and shows its face (a press on a die still
        # tumbling can end off it, and then is no click on it).
        page.wait_for_function(LANDED_JS)
        done.append(self.click(page, f".die[data-index='{turn % 5}']", prefix + "hold"))
        done.append(self.click(page, "#roll", prefix + "reroll"))
        page.wait_for_function(LANDED_JS)
        # The best-scoring option: a zero where points were possible asks for confirmation.
        category = page.evaluate(BEST_OPTION_JS)
        selector = f"#scorecard button.option[data-category='{category}']"
        done.append(self.click(page, selector, prefix + "score"))
        dialogs = page.evaluate(OPEN_DIALOGS_JS)
        if set(dialogs) - {"game-over"}:
            raise SystemExit(f"a dialog opened after scoring {category}: {dialogs}")
        return done

    def rematch_if_over(self, page: Page) -> None:
        """Once the last move's frame is out, start a rematch if that move ended the game (the
        modal game-over dialog leaves the board inert)."""
        page.wait_for_function(TURN_OR_GAME_OVER_JS)
        if page.evaluate("() => document.getElementById('game-over').open"):
            self.click(page, "#rematch", None)

    def click_floor(self, page: Page, count: int) -> list[Click]:
        """``count`` clicks of the floor's button (FLOOR_BUTTON_JS), once the game's are done."""
        self.rematch_if_over(page)
        page.evaluate(FLOOR_BUTTON_JS)
        page.evaluate("(code) => window.__bench.interpreter.runPython(code)", FLOOR_LISTENER_PY)
        return [self.click(page, "#bench-floor", "floor") for _ in range(count)]

    @staticmethod
    def click(page: Page, selector: str, label: str | None) -> Click:
        """A real mouse click on the centre of ``selector``, timed by the probe (unless no label).

        Returns once the frame after the click has been produced, so clicks never overlap.
        """
        page.evaluate(
            "([label, expect]) => { Object.assign(window.__bench, { label, expect }); }",
            [label, selector],
        )
        box = page.locator(selector).first.bounding_box()
        if box is None:
            raise SystemExit(f"{selector} is not visible")
        # No actionability waits (a die is still tumbling when a player holds it): just click.
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, delay=PRESS_MS)
        if label is None:  # an untimed click (rematch): wait until a roll is possible again
            page.wait_for_function("() => !document.getElementById('roll').disabled")
            return Click("", 0, 0, 0)
        page.wait_for_function("() => window.__bench.clicks.length > 0")
        record = page.evaluate(
            "() => { window.__bench.label = null; return window.__bench.clicks.shift(); }"
        )
        if not record["hit"]:
            raise SystemExit(f"the {label} click on {selector} landed on {record['target']}")
        return Click(
            label=label,
            to_rendered=record["rendered"] - record["start"],
            to_handled=record["handled"] - record["start"],
            to_frame=record["frame"] - record["start"],
        )

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
                if file == self.site / STDLIB:  # the runtime's, with its start compiled
                    size = file.stat().st_size
                    result.runtime_files += 1
                    result.runtime_raw += size
                    result.runtime_gzip += self.gzip_size(file)
                    result.runtime_from_site += size
                    continue
                result.own_files += 1
                result.own_raw += file.stat().st_size
                result.own_gzip += self.gzip_size(file)
                folder = file.parent.relative_to(self.site).as_posix()
                result.own_by_folder[folder if folder != "." else "(root)"] += self.gzip_size(file)
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
            data = file.read_bytes()
            # A host sends a compressed file (the package's archive, the icons) as it is.
            packed = data if file.suffix in COMPRESSED else gzip.compress(data, GZIP_LEVEL, mtime=0)
            self._gzip_sizes[file] = len(packed)
        return self._gzip_sizes[file]

    # -- the app's Python, profiled ----------------------------------------------------------

    def profile_startup(self, top: int) -> str:
        """cProfile of the Python that runs from PyScript's onReady to the game interactive."""
        with self.watched(base_url=self.site_server.base_url) as (context, _):
            context.add_init_script("window.__benchProfile = true;")
            page = context.new_page()
            self.boot(page, "")
            return str(page.evaluate(PROFILE_REPORT_JS, top))

    def profile_clicks(self, turns: int, top: int) -> str:
        """cProfile of the Python handlers of ``turns`` turns of roll, hold, roll and score."""
        with self.watched(
            base_url=self.site_server.base_url, viewport={"width": 1280, "height": 1600}
        ) as (context, _):
            page = context.new_page()
            goto_booted(page, f"?seed={SEED}")
            self.wait_settled(page)
            page.evaluate(
                "() => window.__bench.interpreter.runPython("
                "'import cProfile\\n__bench_profile = cProfile.Profile()\\n"
                "__bench_profile.enable()')"
            )
            self.play(page, turns)
            return str(page.evaluate(PROFILE_REPORT_JS, top))


# -- running ---------------------------------------------------------------------------------


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f}, {five:.2f}, {fifteen:.2f}"


def progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def seconds(boot: Boot) -> str:
    return f"{boot.ready / 1000:.2f} s"


@dataclass
class Results:
    """Everything measured in one invocation."""

    cold_game: list[Boot] = field(default_factory=list)
    cold_floor: list[Boot] = field(default_factory=list)
    cold_pyscript: list[Boot] = field(default_factory=list)
    floor_reloaded: list[Boot] = field(default_factory=list)
    game_modules: list[str] = field(default_factory=list)
    floor_modules: list[str] = field(default_factory=list)
    warm_game: list[Boot] = field(default_factory=list)
    warm_floor: list[Boot] = field(default_factory=list)
    warm_pyscript: list[Boot] = field(default_factory=list)
    clicks: list[Click] = field(default_factory=list)
    first_visit: Transfer | None = None
    second_visit: Transfer | None = None
    profiles: list[tuple[str, str]] = field(default_factory=list)
    cdn: str = "https"  # --cdn: where the cold boots got the runtime (a key of CDN_CHOICES)
    reference: str = ""  # --against: the older game whose clicks were timed turn about, if any


def in_turn(run: int, boots: list[Callable[[], Any]]) -> list[Any]:
    """Call each of ``boots`` once, starting with a different one each run (load on the machine
    drifts, so no kind of boot always goes first); the results in the order given."""
    first = run % len(boots)
    order = list(range(first, len(boots))) + list(range(first))
    results: dict[int, Any] = {index: boots[index]() for index in order}
    return [results[index] for index in range(len(boots))]


def run_cold(bench: PageBench, runs: int, results: Results) -> None:
    """Game, floor and PyScript floor in turn, in a rotated order each run (load drifts)."""
    progress("cold boots (a fresh context each):")
    for run in range(runs):
        boots = in_turn(run, [bench.cold_game, bench.cold_floor, bench.cold_pyscript_floor])
        (game, results.game_modules), (floor, reloaded, results.floor_modules), pyscript = boots
        results.cold_game.append(game)
        results.cold_floor.append(floor)
        if reloaded is not None:
            results.floor_reloaded.append(reloaded)
        results.cold_pyscript.append(pyscript)
        progress(
            f"  {run + 1}/{runs}: game {seconds(game)}, floor {seconds(floor)}"
            + (f" (reloaded {seconds(reloaded)})" if reloaded else "")
            + f", PyScript floor {seconds(pyscript)}; "
            f"load {load_average()}"
        )


def run_warm(bench: PageBench, runs: int, results: Results) -> None:
    progress("warm boots (an on-disk profile each):")
    for run in range(runs):
        warm_pyscript = functools.partial(bench.warm_floor, pyscript=True)
        game, floor, pyscript = in_turn(run, [bench.warm_game, bench.warm_floor, warm_pyscript])
        results.warm_game.append(game)
        results.warm_floor.append(floor)
        results.warm_pyscript.append(pyscript)
        progress(
            f"  {run + 1}/{runs}: game offline {seconds(game)}, floor from the HTTP cache "
            f"{seconds(floor)}, PyScript floor from the HTTP cache {seconds(pyscript)}; "
            f"load {load_average()}"
        )


def reference_tree(revision: str) -> Path | None:
    """``revision`` of this repository written out to a temporary folder (None, said, when
    git cannot: no git, or a shallow clone without it)."""
    folder = Path(tempfile.mkdtemp(prefix="yacht-bench-reference-"))
    archive = subprocess.run(
        ["git", "-C", str(REPO_ROOT), "archive", "--format=tar", revision],
        capture_output=True,
        check=False,
    )
    if archive.returncode != 0:
        progress(f"  note: no reference game ({revision}): {archive.stderr.decode().strip()}")
        shutil.rmtree(folder)
        return None
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def run_clicks(bench: PageBench, clicks: int, results: Results, against: str) -> None:
    reference = reference_tree(against) if against else None
    turn_about = f", turn about with the game of {against}" if reference else ""
    progress(f"clicks ({clicks} of each{turn_about}) and downloads:")
    try:
        results.clicks, results.first_visit, results.second_visit = bench.interaction(
            clicks, reference
        )
    finally:
        if reference is not None:
            shutil.rmtree(reference)
    if reference is not None:
        results.reference = against
    for url in results.first_visit.other + results.second_visit.other:
        progress(f"  note: not classified: {url}")


def run_profiles(bench: PageBench, top: int, results: Results) -> None:
    progress("profiles (cProfile):")
    results.profiles.append(("start-up", bench.profile_startup(top)))
    results.profiles.append(
        ("30 turns of roll, hold, roll and score", bench.profile_clicks(30, top))
    )


# -- reporting -------------------------------------------------------------------------------

# PyScript's progress events and hooks, in the order they happen (see PAGE_PROBE_JS).
PHASES = [
    ("PyScript before the runtime (core.js, config, plugins)", "nav", "progress:Loading Pyodide"),
    ("loadPyodide()", "progress:Loading interpreter", "progress:Loaded interpreter"),
    (
        "the package's archive inflated (static/interpreter.mjs)",
        "yacht:unpacking",
        "yacht:inflated",
    ),
    ("… and its files written", "yacht:inflated", "yacht:unpacked"),
    ("[files] fetched into the file system", "progress:Loading files", "progress:Loaded files"),
    ("PyScript set-up", "progress:Loaded files", "py:ready"),
    ("main.py fetched", "py:ready", "run"),
    ("Python: PyScript's own module (pyscript)", "run", "main.py"),
    ("Python: main.py (the game's imports, App().start())", "main.py", "ready"),
]
FLOOR_PHASES = [
    ("before the import (page, module script)", "nav", "floor:import"),
    ("pyodide.mjs imported", "floor:import", "floor:load"),
    ("loadPyodide()", "floor:load", "floor:loaded"),
]


def phase_rows(section: str, boots: list[Boot], phases: list[tuple[str, str, str]]) -> list[Row]:
    return [
        Row(section, f"  {name}", median([b.span(start, end) for b in boots]), "ms")
        for name, start, end in phases
    ]


CDN_CHOICES = {
    "https": "the local HTTP/2 CDN (bench/local_cdn.py)",
    "routed": "Playwright's routing, as in the e2e tests: one response at a time, no HTTP cache",
}


def ready_ms(boots: list[Boot]) -> float:
    return median([b.ready for b in boots])


def spread(game: list[Boot], floor: list[Boot]) -> str:
    """The ratio of each run's game to the same run's floor, lowest to highest: how far one run's
    load on the machine moves the figure (the budget is judged on the ratio of the medians)."""
    ratios = sorted(g.ready / f.ready for g, f in zip(game, floor, strict=True))
    if len(ratios) < 2:
        return ""
    return f"run by run {ratios[0]:.2f} to {ratios[-1]:.2f} x (middle {median(ratios):.2f} x)"


def fcp_row(section: str, boots: list[Boot]) -> Row:
    fcp = median([b.fcp if b.fcp is not None else float("nan") for b in boots])
    share = median([b.fcp_share for b in boots])
    return Row(
        section, "board painted (FCP) / game boot", share, "%", Budget(0.10), f"FCP {fcp:.0f} ms"
    )


def cold_rows(results: Results) -> list[Row]:
    section = f"cold boot (fresh context, runtime from {CDN_CHOICES[results.cdn]})"
    game, floor = ready_ms(results.cold_game), ready_ms(results.cold_floor)
    rows = [
        Row(section, "game: navigation → interactive", game, "s"),
        *phase_rows(section, results.cold_game, PHASES),
        Row(section, "floor: bare Pyodide, 1+1", floor, "s"),
        *phase_rows(section, results.cold_floor, FLOOR_PHASES),
        Row(
            section,
            "game / floor",
            game / floor,
            "x",
            Budget(1.05),
            note=spread(results.cold_game, results.cold_floor),
        ),
        fcp_row(section, results.cold_game),
    ]
    if results.cold_pyscript:
        pyscript = ready_ms(results.cold_pyscript)
        rows += [
            Row(
                section,
                "PyScript floor: bare PyScript page, 1+1",
                pyscript,
                "s",
                note="the game's PyScript, Pyodide and plugin settings; no file of the game",
            ),
            Row(section, "  PyScript floor / floor: what PyScript costs", pyscript / floor, "x"),
            Row(section, "  game / PyScript floor: what the game costs", game / pyscript, "x"),
        ]
    section = "renderer CPU time of the cold boot (robust to other load on the machine)"
    for metric, name in (("ProcessTime", "all threads"), ("ThreadTime", "main thread")):
        game_cpu = median([b.cpu.get(metric, float("nan")) for b in results.cold_game])
        floor_cpu = median([b.cpu.get(metric, float("nan")) for b in results.cold_floor])
        rows.append(
            Row(
                section,
                f"{name}: game / floor",
                game_cpu / floor_cpu,
                "x",
                note=f"game {game_cpu:.2f} s, floor {floor_cpu:.2f} s",
            )
        )
    extra = sorted(set(results.game_modules) - set(results.floor_modules))
    own = [m for m in extra if m == "yacht" or m.startswith("yacht.")]
    # Grouped by top-level package: a stdlib package pulled in whole (email, xml) stands out.
    packages = Counter(m.split(".")[0] for m in extra if m not in own)
    others = ", ".join(f"{name} {n}" if n > 1 else name for name, n in packages.most_common())
    section = "Python start-up of the game (cold)"
    rows += [
        Row(
            section,
            "runtime ready → interactive",
            median([b.span("progress:Loaded interpreter", "ready") for b in results.cold_game]),
            "ms",
            note="from PyScript's 'Loaded interpreter': [files], set-up, main.py, Python",
        ),
        Row(
            section,
            "modules imported beyond a bare interpreter",
            len(extra),
            "",
            note=f"{len(own)} yacht.*; the others by package: {others or 'none'}",
        ),
    ]
    return rows


def warm_rows(results: Results) -> list[Row]:
    section = "warm boot (on-disk profile, second visit)"
    game, floor = ready_ms(results.warm_game), ready_ms(results.warm_floor)
    pyscript = ready_ms(results.warm_pyscript)
    rows = [
        Row(section, "game, offline, from its service worker", game, "s"),
        *phase_rows(section, results.warm_game, PHASES),
        Row(section, "floor, from the HTTP cache", floor, "s"),
        *phase_rows(section, results.warm_floor, FLOOR_PHASES),
        Row(
            section,
            "game / floor",
            game / floor,
            "x",
            Budget(0.80),
            note=spread(results.warm_game, results.warm_floor),
        ),
    ]
    if results.floor_reloaded:  # measured with --cdn routed only
        reloaded = ready_ms(results.floor_reloaded)
        rows.append(
            Row(
                section,
                "game / floor reloaded without HTTP cache",
                game / reloaded,
                "x",
                note=f"floor's second load in its routed cold context: {reloaded / 1000:.2f} s "
                "(Playwright routing turns the HTTP cache off)",
            )
        )
    rows += [
        fcp_row(section, results.warm_game),
        Row(section, "PyScript floor, from the HTTP cache", pyscript, "s"),
        Row(section, "  PyScript floor / floor: what PyScript costs", pyscript / floor, "x"),
        Row(section, "  game / PyScript floor: what the game costs", game / pyscript, "x"),
    ]
    return rows


def click_rows(clicks: list[Click], reference: str = "") -> list[Row]:
    section = "click → its move drawn (event.timeStamp → the move rendered, style and layout done)"
    rows: list[Row] = []
    floor_clicks = [c.to_rendered for c in clicks if c.label == "floor"]
    floor = median(floor_clicks)
    for label in ("roll", "hold", "reroll", "score"):
        mine = [c for c in clicks if c.label == label]
        rendered = [c.to_rendered for c in mine]
        frame = [c.to_frame for c in mine]
        note = (
            f"n={len(mine)}; handlers done {median([c.to_handled for c in mine]):.1f} ms; "
            f"next frame {median(frame):.1f} ms, p95 {percentile(frame, 95):.1f} ms (incl. vsync); "
            f"{median(rendered) / floor:.1f} x the floor"
        )
        rows.append(Row(section, f"{label}, median", median(rendered), "ms", Budget(5), note))
        rows.append(Row(section, f"{label}, p95", percentile(rendered, 95), "ms", Budget(16)))
    note = (
        f"n={len(floor_clicks)}; p95 {percentile(floor_clicks, 95):.1f} ms; a button next to "
        "Roll whose Python listener writes one text: what any click handled in Python costs here"
    )
    rows.append(Row(section, "floor: a Python listener, median", floor, "ms", note=note))
    if reference:
        rows += reference_rows(clicks, reference)
    return rows


def reference_rows(clicks: list[Click], reference: str) -> list[Row]:
    """Each move's median over the older game's, the two timed turn about in this run."""
    section = f"click → its move drawn, against the game of {reference} (turn about, same run)"
    rows: list[Row] = []
    for label in ("roll", "hold", "reroll", "score"):
        mine = median([c.to_rendered for c in clicks if c.label == label])
        theirs = [c.to_rendered for c in clicks if c.label == "reference " + label]
        note = f"n={len(theirs)}; {median(theirs):.1f} ms there, {mine:.1f} ms here"
        rows.append(
            Row(section, f"{label}, median / {reference}'s", mine / median(theirs), "x", note=note)
        )
    return rows


TABLES_FOLDER = "yacht/data"
"""Where the strategy tables are: the budget leaves them out when they come after start-up."""


def transfer_rows(first: Transfer, second: Transfer) -> list[Row]:
    section = "bytes over the network"
    later = first.after_interactive or Transfer()
    later_tables = later.own_by_folder[TABLES_FOLDER]
    return [
        Row(
            section,
            "first visit: the app's own files, gzip (tables after start-up left out)",
            first.own_gzip + later.own_gzip - later_tables,
            "KB",
            Budget(250_000),
            f"{first.own_files + later.own_files} files in all: the budget counts strategy "
            "tables only when loaded before the game is interactive",
        ),
        Row(
            section,
            "  of which until interactive",
            first.own_gzip,
            "KB",
            note=f"{first.own_files} files, {first.own_raw / 1000:,.1f} KB uncompressed; most in "
            f"{first.biggest_folders()} (KB)",
        ),
        Row(
            section,
            "  after interactive (worker's offline copy, strategy tables)",
            later.own_gzip,
            "KB",
            note=f"{later.own_files} files, strategy tables {later_tables / 1000:.1f} KB; most "
            f"in {later.biggest_folders()} (KB); {later.revalidated} repeated requests (the "
            "worker's crawls) count as revalidations",
        ),
        Row(
            section,
            "first visit: runtime (PyScript + Pyodide)",
            first.runtime_raw,
            "MB",
            note=f"{first.runtime_files} files; {first.runtime_gzip / 1e6:.2f} MB gzipped"
            + (
                f"; the standard library from the site ({STDLIB}, "
                f"{first.runtime_from_site / 1e6:.2f} MB), its start compiled"
                if first.runtime_from_site
                else ""
            ),
        ),
        Row(
            section,
            "second visit: new downloads",
            second.own_gzip + second.runtime_raw,
            "KB",
            note=f"{second.own_files + second.runtime_files} files; {second.revalidated} "
            "revalidations (the update check: 304s from a real server)",
        ),
    ]


def all_rows(results: Results) -> list[Row]:
    rows: list[Row] = []
    if results.cold_game:
        rows += cold_rows(results)
    if results.warm_game:
        rows += warm_rows(results)
    if results.clicks:
        rows += click_rows(results.clicks, results.reference)
    if results.first_visit and results.second_visit:
        rows += transfer_rows(results.first_visit, results.second_visit)
    return rows


def table(rows: list[Row], markdown: bool) -> str:
    body = [[r.name, r.value_text, r.budget_text, r.verdict, r.note] for r in rows]
    lines: list[str] = []
    section = None
    if markdown:
        lines += ["| figure | value | budget | result | notes |", "|---|---:|---:|---|---|"]
        for row, cells in zip(rows, body, strict=True):
            if row.section != section:
                section = row.section
                lines.append(f"| **{section}** | | | | |")
            cells[0] = (
                cells[0].replace("  ", "&nbsp;&nbsp;", 1) if cells[0][:2] == "  " else cells[0]
            )
            lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
        return "\n".join(lines)
    widths = [max((len(cells[i]) for cells in body), default=0) for i in range(4)]
    for row, cells in zip(rows, body, strict=True):
        if row.section != section:
            section = row.section
            lines.append(f"\n{section}")
        text = "  ".join(cells[i].ljust(widths[i]) for i in range(4))
        lines.append(f"  {text}  {cells[4]}".rstrip())
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
        "--parts", default="cold,warm,clicks", help="a subset of cold,warm,clicks (default: all)"
    )
    parser.add_argument(
        "--against",
        default=REFERENCE_REVISION,
        help="a revision whose game plays turn about with this one in the clicks part, each "
        f"move's median given as a ratio to it (default {REFERENCE_REVISION}; '' for none)",
    )
    parser.add_argument("--profile", action="store_true", help="also profile the app's Python")
    parser.add_argument("--profile-top", type=int, default=40, help="lines of each profile")
    parser.add_argument(
        "--cdn",
        choices=tuple(CDN_CHOICES),
        default="https",
        help="where cold boots get the runtime: "
        + "; ".join(f"{name}: {text}" for name, text in CDN_CHOICES.items()),
    )
    parser.add_argument(
        "--pause", type=float, default=1.0, help="seconds to wait after closing a browser context"
    )
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    if parts - {"cold", "warm", "clicks", ""}:
        parser.error(f"--parts: unknown {', '.join(sorted(parts - {'cold', 'warm', 'clicks'}))}")
    started = time.perf_counter()
    load_before = load_average()
    results = Results(cdn=args.cdn)
    with sync_playwright() as playwright:
        bench = PageBench(playwright, args)
        try:
            versions = ", ".join(f"{k} {v}" for k, v in bench.mirror.versions.items())
            env = (
                f"Chromium {bench.browser.version}, {versions}; {os.cpu_count()} CPUs "
                f"({platform.machine()}); {args.runs} runs, {args.clicks} clicks of each"
            )
            progress(env)
            if "cold" in parts:
                run_cold(bench, args.runs, results)
            if "warm" in parts:
                run_warm(bench, args.runs, results)
            if "clicks" in parts:
                run_clicks(bench, args.clicks, results, args.against)
            if args.profile:
                run_profiles(bench, args.profile_top, results)
        finally:
            bench.close()

    rows = all_rows(results)
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    footer = (
        f"{stamp}; {env}; load average {load_before} before, {load_average()} after; "
        f"{time.perf_counter() - started:.0f} s"
    )
    print(table(rows, markdown=False))
    print(f"\n{footer}")
    for what, text in results.profiles:
        print(f"\nProfile of the game's Python, {what} (cProfile, cumulative):\n{text}")
    if args.markdown:
        args.markdown.write_text(table(rows, markdown=True) + f"\n\n{footer}\n", "utf-8")
    return 1 if any(row.verdict == "MISS" for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
