"""Starting from a memory snapshot (``static/interpreter.mjs``, ``sw.js``) in real Chromium.

A first visit starts Python the normal way, then, in idle time, makes a snapshot of an
interpreter with the game's modules imported and hands it to the service worker. The next visit
starts from it. Every doubt about a snapshot means a normal start instead: one made from other
files (another release), for another Pyodide build, or truncated never starts a game.
"""

from __future__ import annotations

import gzip
from collections.abc import Callable
from typing import Any

from harness import goto_booted, reload_booted
from playwright.sync_api import BrowserContext, Page, expect
from test_offline import block_network, play_one_turn, saved_game, wait_settled

WITH_WORKER: dict[str, Any] = {"service_workers": "allow"}
SNAPSHOT_WAIT_MS = 120_000
STORED_JS = "() => document.documentElement.dataset.memorySnapshot === 'stored'"
START_JS = "() => document.documentElement.dataset.pythonStart"
# Pyodide's snapshot header: magic, offset, JSON length, padding, then the 32-byte build id.
BUILD_ID_OFFSET = 16

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


def test_next_visit_starts_from_the_snapshot_and_plays_offline(
    new_site_context: Callable[..., BrowserContext],
) -> None:
    page = new_site_context(**WITH_WORKER).new_page()
    first_visit_with_snapshot(page)
    play_one_turn(page)
    saved = saved_game(page)
    entry = stored_entry(page)
    assert entry["headers"]["x-yacht-runtime"] == "314.0.2"
    raw = gzip.decompress(__import__("base64").b64decode(entry["body"]))
    assert len(raw) == int(entry["headers"]["x-yacht-raw-bytes"])

    refused = block_network(page.context)
    reload_booted(page)
    assert page.evaluate(START_JS) == "snapshot"
    # The saved game is back, and it plays on.
    assert saved_game(page) == saved
    play_one_turn(page)
    assert refused == []
