"""Offline play, app install and updates: the service worker (``sw.js``) in real Chromium.

Each test opens the game online once, waits for ``<html data-offline-ready="true">``, then takes
the network away completely — Playwright's offline mode *and* a route that refuses every
request, the local server included — and plays. Byte counts of first and second visits are
printed (``pytest -s``) for the README.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from harness import (
    CdnMirror,
    StaticServer,
    Watch,
    goto_booted,
    reload_booted,
    report,
    wait_booted,
)
from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Route,
    expect,
)

from yacht.tools.build_site import PUBLISHED

REPO_ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = REPO_ROOT / "node_modules"
OFFLINE_WAIT_MS = 60_000
# Said outright, in case the harness's default ever becomes service_workers="block".
WITH_WORKER: dict[str, Any] = {"service_workers": "allow"}

OFFLINE_READY_JS = "() => document.documentElement.dataset.offlineReady !== undefined"
UPDATE_CHECKED_JS = """() => document.documentElement.dataset.updateAvailable !== undefined
  || document.documentElement.dataset.updateCheck === 'failed'"""
CACHES_JS = """async () => {
  const found = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    found[name] = (await cache.keys()).map((request) => request.url);
  }
  return found;
}"""
LOADED_JS = "() => performance.getEntriesByType('resource').map((entry) => entry.name)"
PYSCRIPT_CDN = "https://cdn.jsdelivr.net/npm/@pyscript/core@"
PYODIDE_CDN = "https://cdn.jsdelivr.net/pyodide/v"


def copy_site(destination: Path) -> Path:
    """Copy the published files of the working tree to ``destination`` (a release)."""
    destination.mkdir(parents=True)
    for name in PUBLISHED:
        source = REPO_ROOT / name
        if source.is_dir():
            ignore = shutil.ignore_patterns("__pycache__")
            shutil.copytree(source, destination / name, ignore=ignore)
        else:
            shutil.copy2(source, destination / name)
    return destination


# -- the page --------------------------------------------------------------------------------


def wait_offline_ready(page: Page) -> None:
    """Wait for the worker's answer after boot, and require it to be "ready"."""
    page.wait_for_function(OFFLINE_READY_JS, timeout=OFFLINE_WAIT_MS)
    assert page.get_attribute("html", "data-offline-ready") == "true"


def wait_update_checked(page: Page) -> str:
    """Wait until the worker has checked for a new release; return "true" or "false"."""
    page.wait_for_function(UPDATE_CHECKED_JS, timeout=OFFLINE_WAIT_MS)
    assert page.get_attribute("html", "data-update-check") != "failed", "failed twice in a row"
    return str(page.get_attribute("html", "data-update-available"))


SNAPSHOT_DONE_JS = "() => document.documentElement.dataset.memorySnapshot !== 'pending'"
"""No memory snapshot being made on this visit (static/interpreter.mjs: pending, then stored or
failed; absent when none is made)."""
SNAPSHOT_WAIT_MS = 120_000


def wait_settled(page: Page, *, snapshot: bool = True) -> None:
    """Wait for everything the workers do after an online boot (caching, the update check, and
    unless ``snapshot`` is false the memory snapshot of this visit).

    Taking the network away earlier would fail the update check's requests: harmless for the
    player, but the test would count them as requests that needed the network. Publishing
    another release earlier could take the runtime from under the snapshot's worker, which on a
    first visit fetches it from the site (a 404 that failed a run under load).
    """
    wait_offline_ready(page)
    wait_update_checked(page)
    if snapshot:
        page.wait_for_function(SNAPSHOT_DONE_JS, timeout=SNAPSHOT_WAIT_MS)
        # And its worker gone: it fetches the runtime itself, so one still starting as the test
        # cuts the network would be refused (once in CI, 0.4 s after a cut).
        deadline = time.monotonic() + SNAPSHOT_WAIT_MS / 1000
        while snapshot_workers(page):
            assert time.monotonic() < deadline, f"still running: {snapshot_workers(page)}"
            page.wait_for_timeout(100)


def snapshot_workers(page: Page) -> list[str]:
    """The memory snapshot's workers running in ``page`` (static/snapshot-maker.mjs)."""
    return [worker.url for worker in page.workers if "snapshot-worker" in worker.url]


def play_to_game_over(page: Page) -> int:
    """Roll once and score the first open category each turn until the game ends."""
    roll = page.get_by_role("button", name="Roll", exact=True)
    options = page.locator("#scorecard button.option")
    game_over = page.locator("#game-over")
    turns = 0
    while not game_over.evaluate("dialog => dialog.open"):
        assert turns < 20, "the game should be over after 12 or 13 turns"
        roll.click()
        options.first.click()
        answer_scratch(page)
        turns += 1
    expect(game_over).to_have_attribute("open", "")
    return turns


def play_one_turn(page: Page) -> None:
    page.get_by_role("button", name="Roll", exact=True).click()
    page.locator("#scorecard button.option").first.click()
    answer_scratch(page)
    expect(page.get_by_role("button", name="Roll", exact=True)).to_be_enabled()


def answer_scratch(page: Page) -> None:
    """Say "Score 0" when the page asks before a wasted 0 (it asks within the click)."""
    if page.locator("#scratch-confirm").evaluate("d => d.open"):
        page.locator("#scratch-yes").click()


def saved_game(page: Page) -> str | None:
    value: str | None = page.evaluate("() => localStorage.getItem('yacht:game')")
    return value


def caches_of(page: Page) -> dict[str, list[str]]:
    found: dict[str, list[str]] = page.evaluate(CACHES_JS)
    return found


def app_snapshots(caches: dict[str, list[str]]) -> dict[str, list[str]]:
    return {name: urls for name, urls in caches.items() if ":app:" in name}


class NetworkCut:
    """Offline, and every request refused (the local servers too).

    ``refused`` lists the refused requests the game could have needed; ``update_checks`` the
    update checks the worker began (each its own request for the release's entry page).
    """

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.refused: list[str] = []
        self.update_checks: list[str] = []
        self._cut_at = time.monotonic()
        self._workers_at_cut = self._workers()
        context.set_offline(True)
        # Routes run newest first, so this one answers before the harness's CDN mirror.
        context.route("**/*", self._refuse)

    def _refuse(self, route: Route) -> None:
        # Each refusal says what asked, and when: enough to find which part wanted the network.
        request = route.request
        worker = request.service_worker
        asker = "the service worker" if worker else request.resource_type
        after = time.monotonic() - self._cut_at
        refusal = f"{request.url} (by {asker}, {after:.1f} s after the cut)"
        if worker is None and request.resource_type == "fetch":
            # A page's worker fetching: which ones ran at the cut, and which run now.
            refusal += f" [workers at the cut: {self._workers_at_cut}; now: {self._workers()}]"
        # The worker asks the network for its own index.html for one reason only: an update
        # check begins with it (a page's request for the entry is answered from the release's
        # snapshot, which always holds it). A check that fails offline is harmless, and the cut
        # cannot always come between checks: once in CI, one began as the network went away.
        if worker is not None and request.url == urljoin(worker.url, "index.html"):
            self.update_checks.append(refusal)
        else:
            self.refused.append(refusal)
        route.abort("internetdisconnected")

    def _workers(self) -> list[str]:
        return [worker.url for page in self.context.pages for worker in page.workers]

    def restore(self) -> None:
        self.context.unroute("**/*", self._refuse)
        self.context.set_offline(False)


def block_network(context: BrowserContext) -> list[str]:
    """Cut the network for good; returns the list of refused requests (to be kept empty)."""
    return NetworkCut(context).refused


def booted_offline(page: Page, refused: list[str], path: str | None = None) -> None:
    """Reload ``page`` (or open ``path`` in it) with the network cut, and wait until it plays.

    A start that fails says which file failed and every request the cut refused: a game
    started from the service worker's caches should have made none.
    """
    try:
        if path is None:
            reload_booted(page)
        else:
            goto_booted(page, path)
    except AssertionError as error:
        raise AssertionError(f"{error}\n{report(refused, 'refused while offline')}") from None


def self_hosted_copy(
    destination: Path, versions: dict[str, str], pyodide_folder: str | None = None
) -> Path:
    """A release with the runtime served by the site itself, as the README describes.

    The runtime folders are links to ``node_modules``; ``pyodide_folder`` names Pyodide's
    folder differently, to pose as a release with another Pyodide version.
    """
    site = copy_site(destination)
    pyscript, pyodide = versions["@pyscript/core"], versions["pyodide"]
    pyodide_folder = pyodide_folder or f"pyodide-{pyodide}"
    runtime = site / "runtime"
    runtime.mkdir()
    (runtime / f"pyscript-core-{pyscript}").symlink_to(NODE_MODULES / "@pyscript/core/dist")
    (runtime / pyodide_folder).symlink_to(NODE_MODULES / "pyodide")
    for name, cdn, local in [
        ("index.html", f"{PYSCRIPT_CDN}{pyscript}/dist/", f"runtime/pyscript-core-{pyscript}/"),
        ("index.html", f"{PYODIDE_CDN}{pyodide}/full/", f"runtime/{pyodide_folder}/"),
        (
            "static/interpreter.mjs",
            f"{PYODIDE_CDN}{pyodide}/full/",
            f"../runtime/{pyodide_folder}/",
        ),
    ]:
        path = site / name
        text = path.read_text("utf-8")
        assert cdn in text, f"{name} no longer refers to {cdn}"
        path.write_text(text.replace(cdn, local))
    return site


def mark_release(site: Path, name: str) -> None:
    """Mark a release in index.html (``<html data-release>``, there as soon as the page is) and
    in its Python (``<html data-python>``, set once Python has run ``yacht/web/main.py``)."""
    index = site / "index.html"
    html = re.sub(r' data-release="[^"]*"', "", index.read_text("utf-8"))
    index.write_text(html.replace("<html ", f'<html data-release="{name}" ', 1))
    main = site / "yacht" / "web" / "main.py"
    python = re.sub(r"\ndocument\.documentElement\.dataset\.python = .*\n", "", main.read_text())
    main.write_text(python + f"\ndocument.documentElement.dataset.python = {name!r}\n")


def marked_release(root: Path, number: int, name: str) -> Path:
    """Release ``number`` of the working tree, copied into ``root`` and marked ``name``."""
    site = copy_site(root / f"release-{number}")
    mark_release(site, name)
    return site


def expect_release(page: Page, name: str) -> None:
    html = page.locator("html")
    expect(html).to_have_attribute("data-release", name)
    expect(html).to_have_attribute("data-python", name)  # the new Python files ran, too


# -- measuring downloads ---------------------------------------------------------------------


class ByteCountingRelay:
    """A TCP relay in front of a local server that counts the bytes it carries back.

    That is what a player's connection carries: responses the browser takes from its HTTP cache
    or from the service worker never reach it. (Playwright's ``request.sizes()`` cannot tell:
    it reports a body size for HTTP-cache hits of the worker's own requests too.)
    """

    def __init__(self, upstream: StaticServer) -> None:
        self._upstream = ("127.0.0.1", upstream.port)
        self._prefix = upstream.prefix
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._lock = threading.Lock()
        self._down = 0
        self._requests = 0
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._listener.getsockname()[1]}{self._prefix}"

    def take(self) -> tuple[int, int]:
        """(bytes, connections) since the last call."""
        with self._lock:
            taken = self._down, self._requests
            self._down = self._requests = 0
        return taken

    def close(self) -> None:
        self._listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return  # closed
            server = socket.create_connection(self._upstream)
            with self._lock:
                self._requests += 1
            threading.Thread(target=self._pump, args=(client, server, False), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, True), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, count: bool) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
                if count:
                    with self._lock:
                        self._down += len(data)
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_WR)


def report_downloads(label: str, relay: ByteCountingRelay) -> int:
    downloaded, connections = relay.take()
    print(f"\n{label}: {downloaded:,} bytes in {connections} HTTP connections")
    return downloaded


# -- tests -------------------------------------------------------------------------------------


def test_first_visit_caches_everything_then_plays_offline(
    new_site_context: Callable[..., BrowserContext], watch: Watch, site_root: Path
) -> None:
    page = new_site_context(**WITH_WORKER).new_page()
    goto_booted(page, "")
    wait_settled(page)
    expect(page.get_by_text("Ready to play offline")).to_be_visible()
    expect(page.get_by_role("button", name="Reload")).to_be_hidden()

    # Every file the page loaded is cached: its own files in the release snapshot, the
    # runtime in the runtime cache; and the snapshot holds every file of the config's [files].
    caches = caches_of(page)
    (snapshot,) = app_snapshots(caches).values()
    runtime = next(urls for name, urls in caches.items() if name.endswith(":runtime"))
    origin = page.url.rstrip("/")
    loaded = {url.split("?")[0] for url in page.evaluate(LOADED_JS)}
    assert {url for url in loaded if url.startswith(origin)} <= set(snapshot)
    assert {url for url in loaded if not url.startswith(origin)} <= set(runtime)
    config = json.loads((site_root / "pyscript.json").read_text("utf-8"))
    assert {f"{origin}/{key.removeprefix('./')}" for key in config["files"]} <= set(snapshot)
    assert {"pyodide.asm.wasm", "python_stdlib.zip"} <= {u.rsplit("/", 1)[1] for u in runtime}

    # Second visit, online: the runtime comes from the worker's cache; nothing is mirrored.
    mirrored = len(watch.mirrored)
    reload_booted(page)
    wait_settled(page)
    assert wait_update_checked(page) == "false"
    assert len(watch.mirrored) == mirrored

    refused = block_network(page.context)
    booted_offline(page, refused)
    wait_offline_ready(page)
    expect(page.get_by_text("Playing offline")).to_be_visible()
    play_to_game_over(page)
    assert refused == []


def test_plays_offline_after_the_browser_restarts(
    playwright: Playwright,
    browser_type_launch_args: dict[str, Any],
    site_server: StaticServer,
    watch: Watch,
    tmp_path: Path,
) -> None:
    profile = tmp_path / "profile"

    def launch(offline: bool) -> BrowserContext:
        context = playwright.chromium.launch_persistent_context(
            profile,
            base_url=site_server.base_url,
            offline=offline,
            **WITH_WORKER,
            **browser_type_launch_args,
        )
        return watch.attach(context, offline=offline)

    context = launch(offline=False)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        goto_booted(page, "")
        wait_settled(page)
    finally:
        context.close()

    context = launch(offline=True)
    try:
        refused = block_network(context)
        page = context.pages[0] if context.pages else context.new_page()
        booted_offline(page, refused, "")
        play_to_game_over(page)
        assert refused == []
    finally:
        context.close()


# -- an installed game whose start fails ---------------------------------------------------------

DROP_FROM_RUNTIME_CACHE_JS = """async (url) => {
  const name = (await caches.keys()).find((key) => key.endsWith(':runtime'));
  return (await caches.open(name)).delete(url);
}"""
RESTARTED_FOR_JS = "() => sessionStorage.getItem('yacht:restarted-for')"
FAILED_JS = "() => document.documentElement.dataset.ready === 'failed'"


def core_js(page: Page) -> str:
    """PyScript's core.js as the page loaded it: the runtime's first module."""
    loaded: list[str] = page.evaluate(LOADED_JS)
    return next(url for url in loaded if url.endswith("/dist/core.js"))


def count_starts(page: Page) -> list[str]:
    """The documents ``page`` loads from now on (a reload is one), as a growing list."""
    starts: list[str] = []
    page.on("framenavigated", lambda frame: frame == page.main_frame and starts.append(frame.url))
    return starts


def installed_game_without_core_js(
    new_site_context: Callable[..., BrowserContext],
    allow_console: Callable[[str], None],
    path: str = "",
) -> tuple[Page, str]:
    """An installed game (booted online, cached for offline play) whose worker has since lost
    PyScript's core.js; returns its page and core.js's address."""
    allow_console("core.js")
    allow_console("Failed to fetch")
    page = new_site_context(**WITH_WORKER).new_page()
    goto_booted(page, path)
    wait_settled(page)
    core = core_js(page)
    assert page.evaluate(DROP_FROM_RUNTIME_CACHE_JS, core)
    return page, core


def test_an_installed_game_whose_start_fails_starts_again_by_itself(
    new_site_context: Callable[..., BrowserContext], allow_console: Callable[[str], None]
) -> None:
    page, core = installed_game_without_core_js(new_site_context, allow_console)
    play_one_turn(page)
    saved = saved_game(page)

    # Fetching core.js fails during the next start only: the page's first start fails on it,
    # and its own second start gets it.
    starts = count_starts(page)
    failed_for: list[str] = []

    def fail_the_first_start(route: Route) -> None:
        if len(starts) < 2:
            failed_for.append(starts[-1] if starts else "before the reload")
            route.abort("failed")
        else:
            route.fallback()

    page.context.route(core, fail_the_first_start)
    reload_booted(page)
    assert failed_for, "the first start asked the network for core.js"
    assert len(starts) == 2, starts  # the test's reload, then the page's own
    assert page.evaluate(RESTARTED_FOR_JS) == core
    assert page.get_attribute("html", "data-failure") is None
    expect(page.get_by_role("alert")).to_be_hidden()
    assert saved_game(page) == saved
    play_one_turn(page)


def test_an_installed_game_that_cannot_start_says_so_after_one_restart(
    new_site_context: Callable[..., BrowserContext], allow_console: Callable[[str], None]
) -> None:
    allow_console("ERR_INTERNET_DISCONNECTED")
    page, core = installed_game_without_core_js(new_site_context, allow_console, "?lang=pl")

    # Offline, with core.js gone from the worker's cache: no start can succeed.
    starts = count_starts(page)
    cut = NetworkCut(page.context)
    page.reload()
    page.wait_for_function(FAILED_JS, timeout=OFFLINE_WAIT_MS)
    # A page that restarts marks itself "restarting", never "failed": this one told the player.
    assert len(starts) == 2, starts
    assert page.get_attribute("html", "data-failure") == "failed"
    assert page.get_attribute("html", "data-failure-file") == core
    notice = page.get_by_role("alert")
    expect(notice).to_contain_text("z plików zapisanych na tym urządzeniu")
    expect(notice).not_to_contain_text("cdn.jsdelivr.net")
    assert any(request.startswith(core) for request in cut.refused), cut.refused

    # What the notice advises works: online again, a reload starts the game.
    cut.restore()
    reload_booted(page)
    assert len(starts) == 3, starts


@pytest.fixture
def switchable_site(
    tmp_path: Path, serve_directory: Callable[..., StaticServer]
) -> tuple[StaticServer, Callable[[Path], None]]:
    """A server whose ``/yacht/`` is a symlink that ``publish(release_dir)`` swaps atomically."""
    served = tmp_path / "served"
    served.mkdir()
    link = served / "yacht"

    def publish(release: Path) -> None:
        staging = served / "yacht.next"
        staging.symlink_to(release, target_is_directory=True)
        os.replace(staging, link)  # atomic, like a Pages deployment

    return serve_directory(served), publish


def test_a_new_release_is_offered_and_keeps_the_saved_game(
    tmp_path: Path,
    switchable_site: tuple[StaticServer, Callable[[Path], None]],
    new_site_context: Callable[..., BrowserContext],
    watch: Watch,
) -> None:
    server, publish = switchable_site
    first = copy_site(tmp_path / "release-1")
    second = copy_site(tmp_path / "release-2")
    index = second / "index.html"
    note = '<p id="release-note">What is new in the second release</p>'
    index.write_text(re.sub(r"<body[^>]*>", lambda m: m[0] + note, index.read_text("utf-8")))
    mark_release(second, "second")
    main = second / "yacht" / "web" / "main.py"
    publish(first)

    page = new_site_context(server=server, **WITH_WORKER).new_page()
    goto_booted(page, server.url("yacht/"))
    wait_settled(page)
    play_one_turn(page)
    runtime_downloads = len(watch.mirrored)

    publish(second)
    # The player comes back to the open tab and reloads: still the first release (no switch
    # mid-game), and the new one is downloaded in the background and offered.
    reload_booted(page)
    assert wait_update_checked(page) == "true"
    expect(page.locator("#release-note")).to_have_count(0)
    expect(page.get_by_text("New version available")).to_be_visible()
    reload_button = page.get_by_role("button", name="Reload")
    expect(reload_button).to_be_visible()
    assert page.get_attribute("html", "data-release") is None
    # The offer is a bar over the bottom edge that hides nothing: the tray stops above it, on a
    # phone whose screen holds the whole page and on one where the page scrolls (the tray, kept
    # at the bottom of the screen, moves up).
    size = page.viewport_size
    for height in (844, 560):
        page.set_viewport_size({"width": 390, "height": height})
        tray = page.locator(".table").bounding_box()
        bar = page.locator("#app-update").bounding_box()
        assert tray is not None
        assert bar is not None
        assert tray["y"] + tray["height"] <= bar["y"] + 0.5, (height, tray, bar)
    if size is not None:
        page.set_viewport_size(size)

    # The old game keeps working while the offer stands.
    play_one_turn(page)
    before = saved_game(page)
    assert before is not None

    scorecard = page.locator("#scorecard tbody").inner_text()
    with page.expect_navigation():
        reload_button.click()
    wait_booted(page)
    expect_release(page, "second")
    expect(page.get_by_text("What is new in the second release")).to_be_visible()
    expect(page.get_by_role("button", name="Reload")).to_be_hidden()
    assert saved_game(page) == before
    assert page.locator("#scorecard tbody").inner_text() == scorecard
    wait_settled(page)

    # One release in the caches, all of it the new one; the runtime was not downloaded again.
    snapshots = app_snapshots(caches_of(page))
    assert len(snapshots) == 1
    served = page.evaluate(
        "urls => Promise.all(urls.map((url) => fetch(url).then((r) => r.text())))",
        [server.url("yacht/index.html"), server.url("yacht/yacht/web/main.py")],
    )
    assert served == [index.read_text("utf-8"), main.read_text("utf-8")]
    assert len(watch.mirrored) == runtime_downloads

    # A pending release also becomes current when the game is opened afresh, with no other
    # window of it open: a player who never presses Reload still gets the deploy next visit.
    third = shutil.copytree(second, tmp_path / "release-3")
    mark_release(third, "third")
    publish(third)
    reload_booted(page)
    assert wait_update_checked(page) == "true"
    context = page.context
    page.close()
    page = context.new_page()
    goto_booted(page, server.url("yacht/"))
    expect_release(page, "third")
    wait_settled(page)

    # And the new release plays offline.
    refused = block_network(context)
    booted_offline(page, refused)
    expect_release(page, "third")
    play_one_turn(page)
    assert saved_game(page) != before  # the same game, one turn further
    assert refused == []


class FailingUpdateChecks:
    """Fails the service worker's requests for the release's entry page, where each of its update
    checks begins, as ``plan`` says: each entry fails one request, "reset" (the connection
    dropped) or "hang" (never answered); then they go through. Counts every request."""

    def __init__(self, context: BrowserContext, entry: str) -> None:
        self.entry = entry
        self.plan: list[str] = []
        self.asked: list[float] = []
        context.route("**/*", self._answer)

    def _answer(self, route: Route) -> None:
        request = route.request
        if request.service_worker is None or request.url != self.entry:
            route.fallback()
            return
        self.asked.append(time.monotonic())
        failure = self.plan.pop(0) if self.plan else None
        if failure is None:
            route.fallback()
        elif failure == "reset":
            route.abort("connectionreset")
        # "hang": the route is left unanswered, so the request neither answers nor fails.


def test_a_failed_update_check_is_tried_again_then_said(
    tmp_path: Path,
    switchable_site: tuple[StaticServer, Callable[[Path], None]],
    new_site_context: Callable[..., BrowserContext],
) -> None:
    """A dropped connection in an update check hid a new release until the page was shown again
    after half an hour or came back online, and the page was never told: the worker now tries
    once more a little later, and after a second failure says so (the page plays on). A request
    that hangs is a failure too, once nothing has come for 20 s (before, it held every check of
    that worker)."""
    server, publish = switchable_site
    publish(copy_site(tmp_path / "release-1"))
    page = new_site_context(server=server, **WITH_WORKER).new_page()
    goto_booted(page, server.url("yacht/"))
    wait_settled(page, snapshot=False)

    second = marked_release(tmp_path, 2, "second")
    publish(second)
    checks = FailingUpdateChecks(page.context, server.url("yacht/index.html"))
    checks.plan = ["hang"]
    reload_booted(page)
    assert wait_update_checked(page) == "true"
    expect(page.get_by_text("New version available")).to_be_visible()
    # Given up on, tried again a little later, and crawled once more to confirm the release.
    assert len(checks.asked) == 3, checks.asked
    assert checks.asked[1] - checks.asked[0] >= 20 + 2.5

    # Failed twice: the page hears why, offers nothing, and plays on.
    with page.expect_navigation():
        page.get_by_role("button", name="Reload").click()
    wait_booted(page)
    expect_release(page, "second")
    # That boot's own update check must be over before the next release is published, or it
    # finds it and offers it (it failed a CI run).
    assert wait_update_checked(page) == "false"
    third = marked_release(tmp_path, 3, "third")
    publish(third)
    checks.asked.clear()
    checks.plan = ["reset", "reset"]
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    reload_booted(page)
    expect(page.locator("html")).to_have_attribute("data-update-check", "failed", timeout=30_000)
    assert len(checks.asked) == 2, checks.asked
    assert page.get_attribute("html", "data-update-available") is None
    expect(page.get_by_text("New version available")).to_be_hidden()
    assert any("could not check for a new version" in text for text in warnings), warnings
    play_one_turn(page)


class DeployMidDownload:
    """Publishes ``release`` in the middle of the service worker's first download of the site:
    after that download's entry page, as it asks for the game's Python. Counts the worker's
    requests for the entry page, where each of its downloads begins."""

    def __init__(
        self,
        context: BrowserContext,
        server: StaticServer,
        publish: Callable[[Path], None],
        release: Path,
    ) -> None:
        self.entry = server.url("yacht/index.html")
        self.python = server.url("yacht/yacht/web/main.py")
        self.publish = publish
        self.release = release
        self.downloads = 0
        self.deployed = False
        context.route("**/*", self._answer)

    def _answer(self, route: Route) -> None:
        request = route.request
        if request.service_worker is not None:
            if request.url == self.entry:
                self.downloads += 1
            elif request.url == self.python and self.downloads == 1 and not self.deployed:
                self.deployed = True
                self.publish(self.release)
        route.fallback()


def test_a_deploy_during_an_update_check_is_never_offered_as_a_mix(
    tmp_path: Path,
    switchable_site: tuple[StaticServer, Callable[[Path], None]],
    new_site_context: Callable[..., BrowserContext],
) -> None:
    """The worker downloads a release file by file; a deploy that lands meanwhile gave it the old
    index.html with the new Python, a mix that was never published, and it offered that. A new
    release is now taken only when two downloads in a row agree."""
    server, publish = switchable_site
    publish(copy_site(tmp_path / "release-1"))
    page = new_site_context(server=server, **WITH_WORKER).new_page()
    goto_booted(page, server.url("yacht/"))
    wait_settled(page, snapshot=False)

    second, third = marked_release(tmp_path, 2, "second"), marked_release(tmp_path, 3, "third")
    publish(second)
    deploy = DeployMidDownload(page.context, server, publish, third)
    reload_booted(page)
    assert wait_update_checked(page) == "true"
    assert deploy.deployed, "the update check never asked for the Python"
    downloads = deploy.downloads
    with page.expect_navigation():
        page.get_by_role("button", name="Reload").click()
    wait_booted(page)
    expect_release(page, "third")
    # The mixed download, one of the third release, and one that agrees with it.
    assert downloads == 3


def test_a_deploy_during_the_first_download_is_never_taken_as_a_mix(
    tmp_path: Path,
    switchable_site: tuple[StaticServer, Callable[[Path], None]],
    new_site_context: Callable[..., BrowserContext],
) -> None:
    """The same at a first visit: the worker's install downloads the release it then serves
    offline, and a deploy that lands meanwhile made that a mix."""
    server, publish = switchable_site
    first, second = marked_release(tmp_path, 1, "first"), marked_release(tmp_path, 2, "second")
    publish(first)
    page = new_site_context(server=server, **WITH_WORKER).new_page()
    deploy = DeployMidDownload(page.context, server, publish, second)
    goto_booted(page, server.url("yacht/"))
    expect_release(page, "first")  # the page itself came whole from the network
    wait_settled(page, snapshot=False)
    assert deploy.deployed, "the worker's download never asked for the Python"
    reload_booted(page)  # now from the worker: one release whole, whichever it took
    html = page.locator("html")
    expect(html).to_have_attribute("data-python", page.get_attribute("html", "data-release") or "")


def test_a_page_still_opening_keeps_its_release_through_a_clean_up(
    tmp_path: Path,
    switchable_site: tuple[StaticServer, Callable[[Path], None]],
    new_site_context: Callable[..., BrowserContext],
) -> None:
    """A page is among the worker's window clients only once its document exists, after the
    worker answered its navigation. A clean-up before that (another tab's update check, a
    switch) forgot which release served the page: once another tab had switched releases, the
    page's later files came from the new one, and its boot did not let go of an old runtime
    (most likely what failed a CI run). Here the page's navigation is held open while another
    tab switches releases: a page of the site that is not part of a release, whose answer comes
    from the network (a game page's comes at once from the cache)."""
    server, publish = switchable_site
    publish(copy_site(tmp_path / "release-1"))
    context = new_site_context(server=server, **WITH_WORKER)
    page = context.new_page()
    goto_booted(page, server.url("yacht/"))
    wait_settled(page, snapshot=False)
    second = marked_release(tmp_path, 2, "second")
    publish(second)
    reload_booted(page)
    assert wait_update_checked(page) == "true"

    held: list[Route] = []
    opening_url = server.url("yacht/opening.html")
    context.route(opening_url, lambda route: held.append(route))
    opening = context.new_page()
    opening.evaluate("(url) => { location.href = url; }", opening_url)
    deadline = time.monotonic() + 10
    while not held:
        assert time.monotonic() < deadline, "the page's navigation never reached the network"
        opening.wait_for_timeout(50)

    # Meanwhile the first tab takes the new release: a switch, and clean-ups.
    with page.expect_navigation():
        page.get_by_role("button", name="Reload").click()
    wait_booted(page)
    expect_release(page, "second")
    wait_settled(page, snapshot=False)

    held[0].fulfill(content_type="text/html", body="<!doctype html><title>Opening</title>")
    opening.wait_for_url(opening_url)
    opening.wait_for_load_state()
    entry = opening.evaluate("() => fetch('index.html').then((response) => response.text())")
    assert "<html " in entry
    assert 'data-release="second"' not in entry, "the page's files come from its own release"


def test_sub_path_and_self_hosted_runtime_download_once(
    tmp_path: Path,
    serve_directory: Callable[..., StaticServer],
    cdn_mirror: CdnMirror,
    playwright: Playwright,
    browser_type_launch_args: dict[str, Any],
) -> None:
    """From a sub-path, with the README's self-hosted runtime; downloads as players see them.

    Playwright routing turns the HTTP cache off, so this test has no routes; and it uses a
    persistent profile, as players do: an incognito context's memory cache keeps no file over a
    few megabytes, so the 9.6 MB pyodide.asm.wasm would be fetched twice.
    """
    site = self_hosted_copy(tmp_path / "site", cdn_mirror.versions)
    relay = ByteCountingRelay(serve_directory(site, "/yacht/"))

    # No routes; a proxy that does not exist makes any request off this machine fail instead.
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile",
        base_url=relay.base_url,
        proxy={"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"},
        **WITH_WORKER,
        **browser_type_launch_args,
    )
    problems: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(message.text)

    context.on("console", on_console)
    context.on("weberror", lambda error: problems.append(str(error.error)))
    try:
        page = context.pages[0] if context.pages else context.new_page()
        goto_booted(page, relay.base_url)
        wait_settled(page)
        first = report_downloads("first visit (self-hosted runtime)", relay)
        scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
        assert scope == relay.base_url
        assert all(name.startswith("yacht:/yacht/:") for name in caches_of(page))
        loaded = sum(
            (site / unquote(urlsplit(url).path).removeprefix("/yacht/")).stat().st_size
            for url in {url.split("?")[0] for url in page.evaluate(LOADED_JS)}
        )
        print(f"(the files the page loaded add up to {loaded:,} bytes)")
        # Each file crossed the network once: the worker's caching came from the HTTP cache.
        assert first < loaded * 1.05 + 50_000

        reload_booted(page)
        wait_settled(page)
        second = report_downloads("second visit (self-hosted runtime)", relay)
        assert second < 50_000  # the update check's 304 Not Modified answers

        refused = block_network(context)
        booted_offline(page, refused)
        # The strategy tables are downloaded after start-up, not by PyScript: kept all the same.
        page.get_by_role("button", name="Roll", exact=True).click()
        page.get_by_role("button", name="Hint").click()
        # Advice came from the table: its next-best moves are listed (behind "Why?").
        expect(page.locator("#advice-options li").first).to_be_attached()
        expect(page.locator("#advice-title")).not_to_be_empty()
        play_to_game_over(page)
        assert refused == []
        assert problems == []
    finally:
        context.close()
        relay.close()


def test_a_release_with_a_new_runtime_waits_for_the_network(
    tmp_path: Path,
    switchable_site: tuple[StaticServer, Callable[[Path], None]],
    new_site_context: Callable[..., BrowserContext],
    cdn_mirror: CdnMirror,
) -> None:
    """Switching offline to a release whose Pyodide is not cached would leave a game that
    cannot start; the worker keeps the release that plays until the network is back."""
    server, publish = switchable_site
    versions = cdn_mirror.versions
    first = self_hosted_copy(tmp_path / "release-1", versions)
    second = self_hosted_copy(tmp_path / "release-2", versions, "pyodide-999.0.0")
    mark_release(second, "second")
    publish(first)
    page = new_site_context(server=server, **WITH_WORKER).new_page()
    goto_booted(page, server.url("yacht/"))
    wait_settled(page)
    play_one_turn(page)

    publish(second)
    reload_booted(page)
    assert wait_update_checked(page) == "true"

    # Offline: the Reload button cannot switch, and neither can a fresh visit.
    cut = NetworkCut(page.context)
    reload_button = page.get_by_role("button", name="Reload")
    reload_button.click()
    expect(reload_button).to_be_enabled()
    assert page.get_attribute("html", "data-release") is None
    context = page.context
    page.close()
    page = context.new_page()
    goto_booted(page, server.url("yacht/"))
    assert page.get_attribute("html", "data-release") is None
    play_one_turn(page)
    assert [url for url in cut.refused if "pyodide-999" not in url] == []

    # Online again: the update goes through, and the old runtime's files are let go.
    cut.restore()
    reload_booted(page)
    assert wait_update_checked(page) == "true"
    with page.expect_navigation():
        page.get_by_role("button", name="Reload").click()
    wait_booted(page)
    expect_release(page, "second")
    wait_settled(page)
    runtime = next(urls for name, urls in caches_of(page).items() if name.endswith(":runtime"))
    pyodide_urls = [url for url in runtime if "/runtime/pyodide-" in url]
    assert pyodide_urls
    assert [url for url in pyodide_urls if "/runtime/pyodide-999.0.0/" not in url] == []
