"""Starting from a memory snapshot (``static/interpreter.mjs``, ``sw.js``) in real Chromium.

A first visit starts Python the normal way, then, in idle time, makes a snapshot of an
interpreter with the game's modules imported and hands it to the service worker. The next visit
starts from it. Every doubt about a snapshot means a normal start instead: one made from other
files (another release), for another Pyodide build, or truncated never starts a game.
"""

from __future__ import annotations

import base64
import gzip
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from harness import CdnMirror, StaticServer, goto_booted, reload_booted, wait_booted
from playwright.sync_api import BrowserContext, Page, expect
from test_offline import (
    SNAPSHOT_WAIT_MS,
    app_snapshots,
    block_network,
    booted_offline,
    caches_of,
    expect_release,
    marked_release,
    play_one_turn,
    saved_game,
    switchable_site,
    wait_settled,
    wait_update_checked,
)

__all__ = ["switchable_site"]  # a fixture, used below

WITH_WORKER: dict[str, Any] = {"service_workers": "allow"}
PYODIDE_FILES = "https://cdn.jsdelivr.net/pyodide/v314.0.2/full/"
STORED_JS = "() => document.documentElement.dataset.memorySnapshot === 'stored'"
START_JS = "() => document.documentElement.dataset.pythonStart"

# The stored snapshot as the page's worker keeps it: [url, headers, bytes as a list of numbers]
# is too slow for 8 MB, so the bytes travel as base64.
READ_ENTRY_JS = """async () => {
  for (const name of await caches.keys()) {
    if (!name.includes(':app:')) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!request.url.includes('__yacht-memory__')) continue;
      const response = await cache.match(request);
      const bytes = new Uint8Array(await response.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
      }
      return {
        cache: name,
        url: request.url,
        headers: Object.fromEntries(response.headers.entries()),
        body: btoa(binary),
      };
    }
  }
  return null;
}"""
WRITE_ENTRY_JS = """async ({cache, url, headers, body}) => {
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  await (await caches.open(cache)).put(url, new Response(bytes, {headers}));
}"""


def first_visit_with_snapshot(page: Page) -> None:
    """Visit once online, wait for the worker to settle and the snapshot to be stored."""
    goto_booted(page, "")
    assert page.evaluate(START_JS) == "fresh"
    wait_settled(page)
    page.wait_for_function(STORED_JS, timeout=SNAPSHOT_WAIT_MS)


def stored_entry(page: Page) -> dict[str, Any]:
    entry: dict[str, Any] | None = page.evaluate(READ_ENTRY_JS)
    assert entry is not None, "no memory snapshot in the release's cache"
    return entry


def snapshot_bytes(entry: dict[str, Any]) -> bytes:
    """The snapshot as Pyodide gets it (the stored entry is gzip-compressed)."""
    return gzip.decompress(base64.b64decode(entry["body"]))


def store_entry(page: Page, entry: dict[str, Any], body: bytes, **changes: Any) -> None:
    replaced = {**entry, "body": base64.b64encode(body).decode(), **changes}
    page.evaluate(WRITE_ENTRY_JS, replaced)


def expect_normal_start_after_refusal(page: Page) -> None:
    """The snapshot was refused: a normal start, the game plays, and the snapshot is gone."""
    expect(page.locator("html")).to_have_attribute("data-python-start", "fallback")
    assert page.evaluate(READ_ENTRY_JS) is None
    play_one_turn(page)


def test_next_visit_starts_from_the_snapshot_and_plays_offline(
    new_site_context: Callable[..., BrowserContext],
) -> None:
    page = new_site_context(**WITH_WORKER).new_page()
    first_visit_with_snapshot(page)
    play_one_turn(page)
    saved = saved_game(page)
    entry = stored_entry(page)
    assert entry["headers"]["x-yacht-runtime"] == "314.0.2"
    raw = snapshot_bytes(entry)
    assert len(raw) == int(entry["headers"]["x-yacht-raw-bytes"])
    assert entry["headers"]["x-yacht-release"] in entry["cache"]

    refused = block_network(page.context)
    booted_offline(page, refused)
    assert page.evaluate(START_JS) == "snapshot"
    # The saved game is back, and it plays on.
    assert saved_game(page) == saved
    play_one_turn(page)
    assert refused == []


# Pyodide's snapshot header: magic, offset, JSON length, padding, then the 32-byte build id.
BUILD_ID_AT = 16


@pytest.mark.parametrize(
    "damage",
    ["truncated", "another Pyodide build", "another Pyodide version"],
)
def test_a_damaged_or_foreign_snapshot_means_a_normal_start(
    new_site_context: Callable[..., BrowserContext], damage: str
) -> None:
    page = new_site_context(**WITH_WORKER).new_page()
    first_visit_with_snapshot(page)
    entry = stored_entry(page)
    compressed = base64.b64decode(entry["body"])
    if damage == "truncated":
        store_entry(page, entry, compressed[: len(compressed) // 2])
    elif damage == "another Pyodide build":
        raw = bytearray(snapshot_bytes(entry))
        raw[BUILD_ID_AT] ^= 0xFF
        store_entry(page, entry, gzip.compress(bytes(raw), compresslevel=1))
    else:
        headers = {**entry["headers"], "x-yacht-runtime": "313.0.0"}
        store_entry(page, entry, compressed, headers=headers)

    reload_booted(page)
    expect_normal_start_after_refusal(page)


def test_a_snapshot_of_another_release_never_starts_its_game(
    tmp_path: Path,
    switchable_site: tuple[StaticServer, Callable[[Path], None]],
    new_site_context: Callable[..., BrowserContext],
) -> None:
    server, publish = switchable_site
    first, second = marked_release(tmp_path, 1, "first"), marked_release(tmp_path, 2, "second")
    # The second release changes a module the snapshot holds; its main.py (run from its file on
    # every start, never part of a snapshot) says which release's module the game imported.
    (second / "yacht" / "errors.py").write_text(
        (second / "yacht" / "errors.py").read_text("utf-8") + '\nRELEASE = "second"\n', "utf-8"
    )
    main = second / "yacht" / "web" / "main.py"
    main.write_text(
        main.read_text("utf-8")
        + "\nimport yacht.errors\n"
        + "document.documentElement.dataset.module = getattr(yacht.errors, 'RELEASE', 'first')\n"
    )
    publish(first)
    page = new_site_context(server=server, **WITH_WORKER).new_page()
    goto_booted(page, server.url("yacht/"))
    wait_settled(page)
    page.wait_for_function(STORED_JS, timeout=SNAPSHOT_WAIT_MS)
    entry = stored_entry(page)

    # The second release is downloaded and offered; its cache gets the first one's snapshot,
    # as a worker that mixed them up would hand it over.
    publish(second)
    reload_booted(page)
    expect_release(page, "first")
    assert page.evaluate(START_JS) == "snapshot"
    assert wait_update_checked(page) == "true"
    (other,) = [name for name in app_snapshots(caches_of(page)) if name != entry["cache"]]
    store_entry(page, entry, base64.b64decode(entry["body"]), cache=other)

    with page.expect_navigation():
        page.get_by_role("button", name="Reload").click()
    # The second release's page starts from the snapshot, its Python finds it made from other
    # files and the page starts again without it: the second release's game, never the first's.
    wait_booted(page)
    expect_release(page, "second")
    expect(page.locator("html")).to_have_attribute("data-module", "second")
    expect_normal_start_after_refusal(page)


FORGET_JS = """async (name) => {
  let forgotten = 0;
  for (const cacheName of await caches.keys()) {
    const cache = await caches.open(cacheName);
    for (const request of await cache.keys()) {
      if (request.url.endsWith('/' + name)) forgotten += Number(await cache.delete(request));
    }
  }
  return forgotten;
}"""


@pytest.mark.parametrize("module", ["pyodide.mjs", "pyodide.asm.mjs"])
def test_a_tampered_runtime_module_never_makes_a_snapshot(
    new_site_context: Callable[..., BrowserContext], cdn_mirror: CdnMirror, module: str
) -> None:
    # The snapshot worker imports Pyodide's modules itself, where no integrity attribute
    # reaches: a copy that does not match its pin is never run there, so no snapshot of it.
    context = new_site_context(**WITH_WORKER)
    page = context.new_page()
    goto_booted(page, "")
    wait_settled(page, snapshot=False)  # this visit's snapshot is the one the copy must spoil
    original = cdn_mirror.resolve(PYODIDE_FILES + module)
    assert original.file is not None
    tampered = cdn_mirror.read(original.file) + b"\n// changed on the way\n"
    context.route(
        f"**/{module}",
        lambda route: route.fulfill(
            body=tampered,
            headers={"content-type": "text/javascript", "access-control-allow-origin": "*"},
        ),
    )
    # Out of the worker's caches, so the copy on the way is the one the snapshot worker gets.
    assert page.evaluate(FORGET_JS, module) >= 1
    expect(page.locator("html")).to_have_attribute(
        "data-memory-snapshot", "failed", timeout=SNAPSHOT_WAIT_MS
    )
    assert page.evaluate(READ_ENTRY_JS) is None
    play_one_turn(page)
