"""A test that hangs: which one, and where its own code waits.

pytest-timeout (``timeout`` in pyproject.toml) stops a run whose test hangs and prints every
thread's stack. Under Playwright's synchronous API that stack is the dispatcher's event loop: the
test's own code waits in a greenlet of the main thread, which no thread dump shows. Shortly
before pytest-timeout stops the run, this plugin prints the test's name and the stack of every
greenlet that waits, the test's among them.
"""

from __future__ import annotations

import gc
import sys
import threading
import traceback
from collections.abc import Generator

import greenlet
import pytest

WARN_BEFORE_S = 10.0
"""How long before pytest-timeout's own limit the greenlets are shown."""


def _timeout_s(item: pytest.Item) -> float:
    marker = item.get_closest_marker("timeout")
    if marker is not None and marker.args:
        return float(marker.args[0])
    return float(item.config.getini("timeout") or 0)


def _show_greenlets(nodeid: str, after_s: float) -> None:
    out = [f"\n+++ {nodeid} has not finished after {after_s:.0f} s; where its greenlets wait:\n"]
    for found in gc.get_objects():
        if isinstance(found, greenlet.greenlet) and found.gr_frame is not None:
            out.append(f"--- greenlet {found!r}\n")
            out.extend(traceback.format_stack(found.gr_frame))
    sys.stderr.write("".join(out))
    sys.stderr.flush()


class HangReport:
    """The pytest plugin; ``e2e/conftest.py`` registers one."""

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Generator[None, object, object]:
        limit = _timeout_s(item)
        if limit <= WARN_BEFORE_S:
            return (yield)
        after = limit - WARN_BEFORE_S
        timer = threading.Timer(after, _show_greenlets, args=(item.nodeid, after))
        timer.daemon = True
        timer.start()
        try:
            return (yield)
        finally:
            timer.cancel()
