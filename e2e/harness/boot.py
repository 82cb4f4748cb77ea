"""Open a page of the site and wait until its Python says it is interactive."""

from __future__ import annotations

import time

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

BOOT_TIMEOUT_MS = 60_000

# The contract with the game (and the smoke page): Python sets <html data-ready="true"> once
# the page is interactive. A PyScript error banner ends the wait early.
READY_OR_BROKEN_JS = """() =>
    document.documentElement.dataset.ready === 'true' || !!document.querySelector('.py-error')
"""
PY_ERRORS_JS = "() => Array.from(document.querySelectorAll('.py-error'), e => e.textContent)"


def goto_booted(page: Page, path: str = "", *, timeout_ms: float = BOOT_TIMEOUT_MS) -> float:
    """Go to ``path`` and wait for ``<html data-ready="true">``; return the seconds it took.

    ``path`` is a full URL or relative to the context's ``base_url`` (the site root, e.g.
    ``""`` for the game or ``"e2e/smoke/"``). Raises ``AssertionError`` when Python failed
    (a ``.py-error`` banner) or the page did not get ready in time.
    """
    start = time.perf_counter()
    page.goto(path, timeout=timeout_ms)
    wait_booted(page, timeout_ms=timeout_ms - (time.perf_counter() - start) * 1000)
    return time.perf_counter() - start


def wait_booted(page: Page, *, timeout_ms: float = BOOT_TIMEOUT_MS) -> None:
    """Wait on the current document for ``data-ready="true"`` (e.g. after ``page.reload()``)."""
    try:
        page.wait_for_function(READY_OR_BROKEN_JS, timeout=max(timeout_ms, 1))
    except PlaywrightTimeoutError:
        raise AssertionError(
            f"{page.url} did not set <html data-ready='true'> within {timeout_ms / 1000:.0f} s"
        ) from None
    errors = page.evaluate(PY_ERRORS_JS)
    if errors:
        raise AssertionError(f"{page.url} failed to boot: " + "\n".join(errors))
