"""Browser crashes: a test whose tab crashed while it failed gets one more run, and every
crash is listed at the end of the session.

Chromium's renderer now and then dies of a fault of its own: a segmentation fault in one test
of a 1,600-test run, in a test that passes every time it is run alone. Such a crash says nothing
about the game, so the failing test is run once more, in fresh contexts. A second crash, or any
failure of the second run, fails the test as usual, and the session's summary names each crash
and each test run twice, so that none of them passes unseen.

``record_crash`` is called by ``Watch`` for every ``crash`` event of a page it watches.
"""

from __future__ import annotations

import pytest
from _pytest.runner import runtestprotocol

_crashed_urls: list[str] = []


def record_crash(url: str) -> None:
    """Note that the tab showing ``url`` crashed."""
    _crashed_urls.append(url)


def _forget_fixtures(item: pytest.Item, shared: tuple[str, ...]) -> None:
    """Let the second run build the test's fixtures anew: a fixture that failed is cached with
    its error, a fixture named in ``shared`` (a page shared by several tests) may hold the tab
    that crashed, and a ``Function`` keeps the values of the first run's fixtures."""
    if not isinstance(item, pytest.Function):
        return
    item._initrequest()  # pytest has no public way to give a Function a fresh request
    for name, definitions in item._fixtureinfo.name2fixturedefs.items():
        for definition in definitions:
            cached = definition.cached_result
            if cached is None:
                continue
            if name in shared:
                definition.finish(item._request)  # its teardown closes the tab
            elif cached[2] is not None:
                definition.cached_result = None


class CrashRerun:
    """The pytest plugin; ``e2e/conftest.py`` registers one.

    ``shared`` names the fixtures of a wider scope that hold a tab: after a crash they are
    torn down and made again for the second run.
    """

    def __init__(self, shared: tuple[str, ...] = ()) -> None:
        self.rerun: list[str] = []
        self.shared = shared

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None) -> bool:
        item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
        crashes_before = len(_crashed_urls)
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
        crashed = _crashed_urls[crashes_before:]
        if crashed and any(report.failed for report in reports):
            self.rerun.append(f"{item.nodeid} (crashed: {', '.join(crashed)})")
            _forget_fixtures(item, self.shared)
            reports = runtestprotocol(item, nextitem=nextitem, log=False)
        for report in reports:
            item.ihook.pytest_runtest_logreport(report=report)
        item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
        return True

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if not _crashed_urls:
            return
        terminalreporter.section("browser crashes", sep="=", yellow=True)
        terminalreporter.line(f"{len(_crashed_urls)} tab(s) crashed: {', '.join(_crashed_urls)}")
        for test in self.rerun:
            terminalreporter.line(f"run twice: {test}")
