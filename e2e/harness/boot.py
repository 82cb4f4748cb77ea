"""Open a page of the site and wait until its Python says it is interactive."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import ConsoleMessage, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .watch import trim_stack

BOOT_TIMEOUT_MS = 60_000

# The contract with the game (and the smoke page): Python sets <html data-ready="true"> once
# the page is interactive. A PyScript error banner ends the wait early, and so does the page's
# own "failed" (static/boot.js: the runtime could not be had, a file of the site is missing).
READY_OR_BROKEN_JS = """() =>
    ['true', 'failed'].includes(document.documentElement.dataset.ready)
    || !!document.querySelector('.py-error')
"""
# What the page says of its start, for a failure's message: the root's data attributes (ready,
# failure, python-start, memory-snapshot, release...) and the notice shown to the player.
START_STATE_JS = """() => ({
    ...document.documentElement.dataset,
    notice: document.getElementById('notice')?.textContent?.trim() || null,
})"""
PY_ERRORS_JS = "() => Array.from(document.querySelectorAll('.py-error'), e => e.textContent)"

# PyScript logs a failed script as a console error; with its `error` plugin off (as in the game's
# pyscript.toml) there is no `.py-error` banner, so that log is the only sign to stop waiting.
PYTHON_FAILURE_MARKERS = ("PythonError", "Traceback (most recent call last)")
POLL_MS = 250


@contextmanager
def python_failures(page: Page) -> Iterator[list[str]]:
    """Collect, while inside, the console errors of ``page`` that report a Python exception."""
    failures: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error" and any(m in message.text for m in PYTHON_FAILURE_MARKERS):
            failures.append(message.text)

    page.on("console", on_console)
    try:
        yield failures
    finally:
        page.remove_listener("console", on_console)


def goto_booted(page: Page, path: str = "", *, timeout_ms: float = BOOT_TIMEOUT_MS) -> float:
    """Go to ``path`` and wait for ``<html data-ready="true">``; return the seconds it took.

    ``path`` is a full URL or relative to the context's ``base_url`` (the site root, e.g.
    ``""`` for the game or ``"e2e/smoke/"``). Raises ``AssertionError`` as soon as Python fails
    (a ``.py-error`` banner or a logged Python traceback), or when the page is not ready in time.
    """
    start = time.perf_counter()
    with python_failures(page) as failures:
        page.goto(path, timeout=timeout_ms)
        _wait(page, failures, start + timeout_ms / 1000)
    return time.perf_counter() - start


def reload_booted(page: Page, *, timeout_ms: float = BOOT_TIMEOUT_MS) -> float:
    """Reload the page and wait for ``data-ready="true"`` again; return the seconds it took."""
    start = time.perf_counter()
    with python_failures(page) as failures:
        page.reload(timeout=timeout_ms)
        _wait(page, failures, start + timeout_ms / 1000)
    return time.perf_counter() - start


def wait_booted(page: Page, *, timeout_ms: float = BOOT_TIMEOUT_MS) -> None:
    """Wait on the current document for ``data-ready="true"`` (after a navigation of your own).

    Python errors logged before this call are not seen (the wait then runs to its timeout);
    ``goto_booted`` and ``reload_booted`` watch from the start.
    """
    with python_failures(page) as failures:
        _wait(page, failures, time.perf_counter() + timeout_ms / 1000)


def _wait(page: Page, failures: list[str], deadline: float) -> None:
    while True:
        if failures:
            raise AssertionError(f"{page.url} failed to boot: {trim_stack(failures[0])}")
        remaining_ms = (deadline - time.perf_counter()) * 1000
        if remaining_ms <= 0:
            raise AssertionError(
                f"{page.url} did not set <html data-ready='true'> in time: {_start_state(page)}"
            )
        try:
            page.wait_for_function(READY_OR_BROKEN_JS, timeout=min(POLL_MS, remaining_ms))
            break
        except PlaywrightTimeoutError:
            continue
    errors = page.evaluate(PY_ERRORS_JS)
    if errors:
        raise AssertionError(f"{page.url} failed to boot: " + "\n".join(errors))
    if page.get_attribute("html", "data-ready") == "failed":
        raise AssertionError(f"{page.url} failed to start: {_start_state(page)}")


def _start_state(page: Page) -> str:
    try:
        return str(page.evaluate(START_STATE_JS))
    except Exception as error:  # a page navigating away, or closed
        return f"(unreadable: {error})"
