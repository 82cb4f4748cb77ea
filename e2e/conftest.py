"""Fixtures for the end-to-end tests: the real page in Chromium, with no network but our own.

Every browser context made here (``page``, ``site_page``, ``new_site_context(...)``,
``booted_page``) serves the site from a local static server, answers the pinned PyScript/Pyodide
CDN URLs from ``node_modules``, aborts any other outside request, and fails the test at teardown
on a blocked request, a console error, an uncaught page error or a PyScript ``.py-error`` banner.
``allow_console(pattern)`` accepts an expected one. See ``e2e/harness/``.

The site is the source tree, as ``make play`` serves it, unless ``YACHT_E2E_SITE`` says
otherwise: ``built`` serves the site as deployed (``python -m yacht build-site``, built once per
session into a temporary folder), any other value is the folder of a site built before.
``e2e/test_deployed.py`` always plays the built site.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import (
    CHROMIUM_FLAGS,
    CdnMirror,
    CrashRerun,
    HangReport,
    StaticServer,
    Watch,
    choose_chromium,
    goto_booted,
    report,
)
from playwright.sync_api import Browser, BrowserContext, Page, Playwright

REPO_ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS_DIR = REPO_ROOT / "e2e" / "artifacts"

_REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


def pytest_configure(config: pytest.Config) -> None:
    # A test that failed as its tab crashed is run once more; see harness/crashes.py.
    config.pluginmanager.register(CrashRerun(shared=("_shared_booted",)), "yacht-crash-rerun")
    # A test that hangs is named, with where it waits, before pytest-timeout stops the run.
    config.pluginmanager.register(HangReport(), "yacht-hang-report")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    # Keep each phase's report so that fixtures can tell at teardown whether the test failed.
    rep = yield
    item.stash.setdefault(_REPORTS, {})[rep.when] = rep
    return rep


def _test_failed(request: pytest.FixtureRequest) -> bool:
    reports = request.node.stash.get(_REPORTS, {})
    return any(rep.failed for rep in reports.values())


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-")[:120]


# -- servers and the CDN mirror --------------------------------------------------------------


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository root (the site's root folder)."""
    return REPO_ROOT


@pytest.fixture(scope="session")
def cdn_mirror() -> CdnMirror:
    """The pinned runtime (``@pyscript/core``, ``pyodide``) from ``node_modules``."""
    return CdnMirror.from_node_modules(REPO_ROOT / "node_modules")


@pytest.fixture(scope="session")
def serve_directory() -> Iterator[Callable[..., StaticServer]]:
    """Factory ``serve_directory(root, prefix="/") -> StaticServer``; stopped at session end.

    E.g. ``serve_directory(tmp_copy, "/yacht/")`` serves a copy of the tree at ``/yacht/``.
    """
    servers: list[StaticServer] = []

    def serve(root: Path | str, prefix: str = "/") -> StaticServer:
        server = StaticServer(root, prefix).start()
        servers.append(server)
        return server

    yield serve
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as deployed (one archive of bytecode), built once per session."""
    from yacht.tools.build_site import build_site

    return build_site(tmp_path_factory.mktemp("built") / "site").root


@pytest.fixture(scope="session")
def site_root(request: pytest.FixtureRequest) -> Path:
    """The folder the tests serve: the source tree, or a built site (``YACHT_E2E_SITE``)."""
    chosen = os.environ.get("YACHT_E2E_SITE", "")
    if chosen == "built":
        built: Path = request.getfixturevalue("built_site")
        return built
    return Path(chosen).resolve() if chosen else REPO_ROOT


@pytest.fixture(scope="session")
def site_server(serve_directory: Callable[..., StaticServer], site_root: Path) -> StaticServer:
    """The site (``site_root``) served at ``http://127.0.0.1:<port>/``."""
    return serve_directory(site_root)


# -- the browser -------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], playwright: Playwright, browser_name: str | None
) -> dict[str, Any]:
    """pytest-playwright's launch options plus our Chromium choice and flags."""
    args = {"headless": True, **browser_type_launch_args}
    if browser_name in (None, "chromium"):
        own = playwright.chromium.executable_path
        executable = choose_chromium(Path(own) if Path(own).exists() else None)
        if executable is not None:
            args["executable_path"] = str(executable)
        args["args"] = [*args.get("args", []), *CHROMIUM_FLAGS]
    return args


# -- problem watching ------------------------------------------------------------------------


@pytest.fixture
def console_allow_list() -> list[re.Pattern[str]]:
    """The current test's accepted problem patterns (filled by ``allow_console``)."""
    return []


@pytest.fixture
def allow_console(console_allow_list: list[re.Pattern[str]]) -> Callable[[str], None]:
    """``allow_console(regex)``: accept console errors/page errors/... matching ``regex``."""

    def allow(pattern: str | re.Pattern[str]) -> None:
        console_allow_list.append(re.compile(pattern) if isinstance(pattern, str) else pattern)

    return allow


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """``e2e/artifacts/`` (git-ignored): where tests save screenshots."""
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS_DIR


@pytest.fixture
def save_screenshot(request: pytest.FixtureRequest, artifacts_dir: Path) -> Callable[..., Path]:
    """``save_screenshot(page, name, **screenshot_kwargs) -> Path`` under ``e2e/artifacts/``."""

    def save(page: Page, name: str, **kwargs: Any) -> Path:
        path = artifacts_dir / f"{_slug(request.node.name)}--{_slug(name)}.png"
        page.screenshot(path=path, **kwargs)
        return path

    return save


def _screenshot_all(contexts: list[BrowserContext], stem: str) -> None:
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    for c, context in enumerate(contexts):
        for p, page in enumerate(context.pages):
            with contextlib.suppress(Exception):  # best effort: the page may be gone
                page.screenshot(path=ARTIFACTS_DIR / f"FAILED-{stem}-{c}-{p}.png")


@pytest.fixture
def watch(
    new_context: Callable[..., BrowserContext],
    cdn_mirror: CdnMirror,
    console_allow_list: list[re.Pattern[str]],
    request: pytest.FixtureRequest,
) -> Iterator[Watch]:
    """The ``Watch`` of this test's contexts; at teardown the test fails on any problem.

    (It depends on ``new_context`` only so that its check runs before the contexts close.)
    """
    watch = Watch(cdn_mirror, allowed=console_allow_list)
    yield watch
    if _test_failed(request):
        _screenshot_all(watch.contexts, _slug(request.node.name))
    problems = watch.problems()
    if problems:
        pytest.fail(report(problems), pytrace=False)


# -- contexts and pages ----------------------------------------------------------------------


@pytest.fixture
def new_site_context(
    new_context: Callable[..., BrowserContext], watch: Watch, site_server: StaticServer
) -> Callable[..., BrowserContext]:
    """Factory ``new_site_context(server=None, **context_kwargs) -> BrowserContext``.

    A fresh context, watched and mirrored, whose ``base_url`` is ``server`` (default: the
    repository root server). Keyword arguments go to ``browser.new_context`` (e.g.
    ``service_workers="block"``). Closed at teardown.
    """

    def make(server: StaticServer | None = None, **kwargs: Any) -> BrowserContext:
        kwargs.setdefault("base_url", (server or site_server).base_url)
        return watch.attach(new_context(**kwargs), offline=bool(kwargs.get("offline")))

    return make


@pytest.fixture
def site_context(new_site_context: Callable[..., BrowserContext]) -> BrowserContext:
    """A fresh watched context with ``base_url`` = the repository root server."""
    return new_site_context()


@pytest.fixture
def context(site_context: BrowserContext) -> BrowserContext:
    """pytest-playwright's ``context`` (and so its ``page``) is the watched site context."""
    return site_context


@pytest.fixture
def site_page(site_context: BrowserContext) -> Page:
    """A new page in a fresh watched context; ``page.goto("e2e/smoke/")`` is relative to root."""
    return site_context.new_page()


# -- a booted page shared by the tests of a module -------------------------------------------


@pytest.fixture(scope="module")
def booted_path() -> str:
    """Path that ``booted_page`` opens; override in a test module (default: the game)."""
    return ""


@pytest.fixture(scope="module")
def booted_context_args() -> dict[str, Any]:
    """Extra ``browser.new_context`` arguments for ``booted_page``; override in a module."""
    return {}


@pytest.fixture(scope="module")
def _shared_booted(
    browser: Browser,
    browser_context_args: dict[str, Any],
    booted_context_args: dict[str, Any],
    booted_path: str,
    site_server: StaticServer,
    cdn_mirror: CdnMirror,
) -> Iterator[tuple[Page, Watch]]:
    watch = Watch(cdn_mirror)
    args = {**browser_context_args, "base_url": site_server.base_url, **booted_context_args}
    context = watch.attach(browser.new_context(**args), offline=bool(args.get("offline")))
    try:
        page = context.new_page()
        goto_booted(page, booted_path)
        yield page, watch
        problems = watch.problems()
        if problems:
            pytest.fail(report(problems, "problems after the module's last test"), pytrace=False)
    finally:
        context.close()


@pytest.fixture
def booted_page(
    _shared_booted: tuple[Page, Watch],
    console_allow_list: list[re.Pattern[str]],
    request: pytest.FixtureRequest,
) -> Iterator[Page]:
    """A page already booted at ``booted_path``, shared by the tests of one module.

    Saves the ~4 s Pyodide boot per test; tests must cope with the state earlier tests left
    (or reload). Problems are checked, and forgotten, at each test's teardown.
    """
    page, watch = _shared_booted
    yield page
    if _test_failed(request):
        _screenshot_all(watch.contexts, _slug(request.node.name))
    problems = watch.problems(extra_allowed=console_allow_list)
    watch.clear()
    if problems:
        pytest.fail(report(problems), pytrace=False)
