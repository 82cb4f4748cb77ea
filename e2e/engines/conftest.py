"""Fixtures of the engine suite: the game in Firefox and in WebKit, one booted window each.

The site they play is the deployed build (``built_site``: the package as one archive of
bytecode, the standard library compiled, the memory snapshot), which is what players of every
engine get; the Chromium suite plays the source tree as well.

``board`` is module-scoped and parametrized by engine, so pytest runs every test of a module in
Firefox, then every test in WebKit, each engine booting once. An engine whose browser is not
installed here is skipped, loudly (a summary at the end of the run names it and what it lacks);
with ``YACHT_REQUIRE_ENGINES=1`` (CI) it fails instead. Each test fails at teardown on any
console error, uncaught exception or failed load the engine reported, and on any runtime file
the test server could not answer from the pins.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from harness import CdnMirror, report
from harness.engine_page import Board
from harness.engine_site import EngineSite
from harness.engines import ENGINES, STARTERS, missing, xvfb

REPO_ROOT = Path(__file__).resolve().parents[2]

# Filled as the suite runs; printed by pytest_terminal_summary.
SKIPPED: dict[str, str] = {}
BOOT_SECONDS: dict[str, dict[str, float]] = {}


@pytest.fixture(scope="session")
def record_boot() -> Callable[[str, str, float], None]:
    """``record_boot(engine, kind, seconds)``: a figure for the summary, never asserted."""

    def record(engine: str, kind: str, seconds: float) -> None:
        BOOT_SECONDS.setdefault(engine, {})[kind] = seconds

    return record


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if BOOT_SECONDS:
        terminalreporter.section("boot times by engine (seconds to an interactive game)")
        for engine, times in BOOT_SECONDS.items():
            figures = ", ".join(f"{kind} {seconds:.1f}" for kind, seconds in times.items())
            terminalreporter.write_line(f"{engine}: {figures}")
    if SKIPPED:
        terminalreporter.section("ENGINES NOT TESTED", sep="!", red=True, bold=True)
        for engine, why in SKIPPED.items():
            terminalreporter.write_line(f"{engine} was SKIPPED: {why}", red=True, bold=True)


@pytest.fixture(scope="session")
def engine_mirror() -> CdnMirror:
    return CdnMirror.from_node_modules(REPO_ROOT / "node_modules")


@pytest.fixture(scope="module", params=ENGINES)
def board(
    request: pytest.FixtureRequest, engine_mirror: CdnMirror, built_site: Path
) -> Iterator[Board]:
    """A fresh browser of one engine (new profile), at the game's address, not yet booted."""
    name: str = request.param
    lacking = missing(name)
    if lacking:
        why = f"not installed here: {', '.join(lacking)} (`make install` installs them on Debian)"
        if os.environ.get("YACHT_REQUIRE_ENGINES") == "1":
            pytest.fail(f"{name} is required (YACHT_REQUIRE_ENGINES=1) but {why}", pytrace=False)
        SKIPPED[name] = why
        pytest.skip(f"{name} {why}")
    site = EngineSite(built_site, engine_mirror, hook=name == "webkit").start()
    with contextlib.ExitStack() as stack:
        stack.callback(site.stop)
        args = [stack.enter_context(xvfb())] if name == "webkit" else []
        engine = STARTERS[name](*args)
        stack.callback(engine.quit)
        board = Board(engine, site)
        yield board
        problems = board.problems() + site.errors
        if problems:
            pytest.fail(report(problems, f"{name}: problems after the last test"), pytrace=False)


@pytest.fixture(autouse=True)
def _no_problems(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail the test at teardown on what its engine reported (checked and forgotten)."""
    yield
    if "board" not in request.fixturenames:
        return
    board: Board = request.getfixturevalue("board")
    problems = board.problems() + board.site.errors
    board.site.errors.clear()
    if problems:
        pytest.fail(report(problems, f"{board.engine.name} reported problems"), pytrace=False)
