"""The e2e harness's own tests: static server, CDN mirror, problem watch, smoke page boot."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import harness.watch
import pytest
from harness import (
    CdnMirror,
    StaticServer,
    Watch,
    choose_chromium,
    goto_booted,
    is_local,
    report,
    unexpected,
)
from harness.browser import DEBIAN_CHROMIUM
from harness.watch import trim_stack
from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

PYSCRIPT = "https://cdn.jsdelivr.net/npm/@pyscript/core@{}/dist/"
PYODIDE = "https://cdn.jsdelivr.net/pyodide/v{}/full/"

FETCH_JS = "url => fetch(url).then(r => `status ${r.status}`, e => `failed: ${e}`)"


def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            status, headers, body = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, headers, body = error.code, error.headers, error.read()
    return status, {key.lower(): value for key, value in headers.items()}, body


# -- the CDN mirror ----------------------------------------------------------------------------


def test_mirror_versions_are_the_pins_in_package_json(cdn_mirror: CdnMirror) -> None:
    assert cdn_mirror.versions == {"@pyscript/core": "0.7.31", "pyodide": "314.0.2"}


def test_mirror_serves_pinned_files_with_cdn_content_types(cdn_mirror: CdnMirror) -> None:
    core = cdn_mirror.resolve(PYSCRIPT.format("0.7.31") + "core.js")
    wasm = cdn_mirror.resolve(PYODIDE.format("314.0.2") + "pyodide.asm.wasm?x=1")
    assert core.file is not None
    assert core.content_type.startswith("text/javascript")
    assert wasm.file is not None
    assert wasm.file.name == "pyodide.asm.wasm"
    assert wasm.content_type == "application/wasm"
    assert cdn_mirror.resolve(PYODIDE.format("314.0.2") + "pyodide-lock.json").content_type == (
        "application/json"
    )
    assert cdn_mirror.resolve(PYODIDE.format("314.0.2") + "python_stdlib.zip").content_type == (
        "application/zip"
    )


def test_mirror_reports_another_version(cdn_mirror: CdnMirror) -> None:
    answer = cdn_mirror.resolve(PYODIDE.format("0.27.7") + "pyodide.mjs")
    assert answer.file is None
    assert answer.error is not None
    assert "0.27.7" in answer.error
    assert "314.0.2 is pinned" in answer.error


@pytest.mark.parametrize("path", ["no-such-chunk.js", "../package.json", "../../pyodide/x"])
def test_mirror_reports_missing_files(cdn_mirror: CdnMirror, path: str) -> None:
    answer = cdn_mirror.resolve(PYSCRIPT.format("0.7.31") + path)
    assert answer.file is None
    assert answer.error is not None


def test_mirror_leaves_other_urls_alone(cdn_mirror: CdnMirror) -> None:
    assert cdn_mirror.resolve("https://cdn.jsdelivr.net/npm/other@1/x.js").error is None
    assert cdn_mirror.resolve("https://example.com/").file is None


# -- the static server -------------------------------------------------------------------------


def test_server_content_types_and_no_cache(tmp_path: Path) -> None:
    files = {
        "index.html": "text/html; charset=utf-8",
        "a.js": "text/javascript; charset=utf-8",
        "a.mjs": "text/javascript; charset=utf-8",
        "a.css": "text/css; charset=utf-8",
        "a.py": "text/plain; charset=utf-8",
        "a.json": "application/json",
        "a.webmanifest": "application/manifest+json",
        "a.svg": "image/svg+xml",
        "a.png": "image/png",
        "a.wasm": "application/wasm",
    }
    for name in files:
        (tmp_path / name).write_text("x")
    with StaticServer(tmp_path) as server:
        for name, content_type in files.items():
            status, headers, _ = fetch(server.url(name))
            assert (status, headers["content-type"]) == (200, content_type), name
            assert headers["cache-control"] == "no-cache"
        assert fetch(server.url("missing.txt"))[0] == 404


def test_server_under_a_prefix(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>home</p>")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "x.txt").write_text("x")
    with StaticServer(tmp_path, "yacht") as server:
        assert server.base_url.endswith("/yacht/")
        assert fetch(server.url())[2] == b"<p>home</p>"
        assert fetch(server.url("sub/x.txt"))[2] == b"x"
        assert fetch(server.origin + "/yacht")[2] == b"<p>home</p>"  # redirected to /yacht/
        assert fetch(server.origin + "/index.html")[0] == 404
        assert fetch(server.origin + "/yachtx/index.html")[0] == 404
        assert fetch(server.url("../../etc/passwd"))[0] == 404


# -- reporting helpers -------------------------------------------------------------------------


def test_unexpected_keeps_problems_no_pattern_allows() -> None:
    problems = ["console.error: boom", "console.error: Service Worker registration blocked"]
    allowed = [re.compile("Service Worker registration blocked")]
    assert unexpected(problems, allowed) == ["console.error: boom"]
    assert report(["a", "b"], "seen") == "seen (2):\n  1. a\n  2. b"


def test_trim_stack_keeps_the_first_frames() -> None:
    text = "Error: boom\n" + "\n".join(f"    at f{n} (x.js:{n})" for n in range(10))
    trimmed = trim_stack(text, frames=2).splitlines()
    assert trimmed == [
        "Error: boom",
        "    at f0 (x.js:0)",
        "    at f1 (x.js:1)",
        "    ... 8 more stack frames",
    ]
    assert trim_stack("plain message") == "plain message"


def test_is_local() -> None:
    assert is_local("http://127.0.0.1:4711/index.html")
    assert is_local("http://localhost/")
    assert not is_local("https://cdn.jsdelivr.net/npm/x")
    assert not is_local("http://127.0.0.1.example.com/")


def test_browser_choice(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake = tmp_path / "chrome"
    fake.write_text("")
    monkeypatch.setenv("YACHT_CHROMIUM", str(fake))
    assert choose_chromium(playwright_own=Path("/pw/chrome")) == fake
    monkeypatch.setenv("YACHT_CHROMIUM", str(tmp_path / "missing"))
    with pytest.raises(FileNotFoundError):
        choose_chromium(playwright_own=None)
    monkeypatch.delenv("YACHT_CHROMIUM")
    assert choose_chromium(playwright_own=Path("/pw/chrome")) is None  # Playwright's own
    if DEBIAN_CHROMIUM.exists():
        assert choose_chromium(playwright_own=None) == DEBIAN_CHROMIUM


# -- the watch, in a real browser (a page without Python: no boot needed) ------------------------


def test_blocked_request_is_reported(site_page: Page, watch: Watch) -> None:
    site_page.goto("e2e/smoke/blank.html")
    assert site_page.evaluate(FETCH_JS, "https://example.com/x").startswith("failed")
    assert watch.blocked == ["blocked non-local request: GET https://example.com/x (fetch)"]
    assert any("example.com/x" in line for line in watch.problems())
    watch.clear()  # handled here, so the teardown check passes


def test_other_runtime_version_is_reported(site_page: Page, watch: Watch) -> None:
    site_page.goto("e2e/smoke/blank.html")
    assert site_page.evaluate(FETCH_JS, PYODIDE.format("0.27.7") + "pyodide.mjs") == "status 404"
    assert len(watch.mirror_errors) == 1
    assert "314.0.2 is pinned" in watch.mirror_errors[0]
    watch.clear()


def test_console_error_is_caught_unless_allowed(
    site_page: Page, watch: Watch, allow_console: Callable[[str], None]
) -> None:
    site_page.goto("e2e/smoke/blank.html")
    site_page.evaluate("console.error('dice fell off the table')")
    site_page.evaluate("console.warn('only a warning')")
    assert [p for p in watch.problems() if "dice fell off the table" in p] == watch.problems()
    assert len(watch.problems()) == 1  # the warning is not a problem
    allow_console("dice fell off")
    assert watch.problems() == []


def test_page_error_is_caught(site_page: Page, watch: Watch) -> None:
    site_page.goto("e2e/smoke/blank.html")
    site_page.evaluate("setTimeout(() => { throw new Error('uncaught in a timer') })")
    site_page.wait_for_function("() => true")  # let the timer run
    site_page.wait_for_timeout(100)
    assert any("uncaught in a timer" in p for p in watch.page_errors)
    watch.clear()


def test_offline_context_gets_no_cdn_files(site_context: BrowserContext, watch: Watch) -> None:
    page = site_context.new_page()
    page.goto("e2e/smoke/blank.html")
    site_context.set_offline(True)
    assert page.evaluate(FETCH_JS, PYSCRIPT.format("0.7.31") + "core.css").startswith("failed")
    site_context.set_offline(False)
    assert page.evaluate(FETCH_JS, PYSCRIPT.format("0.7.31") + "core.css") == "status 200"
    watch.clear()  # the offline fetch logs a console error


# -- the smoke page: PyScript + Pyodide boot with no network -----------------------------------


def test_smoke_page_boots_hermetically(
    site_page: Page, watch: Watch, cdn_mirror: CdnMirror, save_screenshot: Callable[..., Path]
) -> None:
    seconds = goto_booted(site_page, "e2e/smoke/")
    print(f"smoke page booted in {seconds:.1f} s")
    pyodide = cdn_mirror.versions["pyodide"]
    assert site_page.text_content("#result") == f"Python 3.14.2, Pyodide {pyodide}"
    served = {url.rsplit("/", 1)[1] for url in watch.mirrored}
    assert {"core.js", "core.css", "pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip"} <= served
    assert any(re.fullmatch(r"core-[\w-]+\.js", name) for name in served)  # a hashed chunk
    assert watch.problems() == []
    save_screenshot(site_page, "booted")


def test_python_error_is_reported(
    site_page: Page, watch: Watch, allow_console: Callable[[str], None]
) -> None:
    with pytest.raises(AssertionError, match="smoke page asked to fail"):
        goto_booted(site_page, "e2e/smoke/?fail=1")
    assert any("smoke page asked to fail" in text for text in watch.py_errors())
    allow_console("smoke page asked to fail")
    assert watch.problems() == [], "only the expected Python error was reported"


def test_python_error_without_the_error_plugin_stops_the_wait(
    tmp_path: Path,
    repo_root: Path,
    serve_directory: Callable[..., StaticServer],
    new_site_context: Callable[..., BrowserContext],
    watch: Watch,
    allow_console: Callable[[str], None],
) -> None:
    # The game turns PyScript's error plugin off: no .py-error banner, only a console error.
    shutil.copytree(repo_root / "e2e" / "smoke", tmp_path / "smoke")
    config = tmp_path / "smoke" / "pyscript.toml"
    config.write_text(config.read_text() + 'plugins = ["!error"]\n')
    page = new_site_context(server=serve_directory(tmp_path)).new_page()
    with pytest.raises(AssertionError, match="failed to boot: PythonError"):
        goto_booted(page, "smoke/?fail=1")
    assert watch.py_errors() == []
    assert any("smoke page asked to fail" in line for line in watch.console_errors)
    allow_console("smoke page asked to fail")


def test_site_served_under_a_prefix_from_a_copy(
    tmp_path: Path,
    repo_root: Path,
    serve_directory: Callable[..., StaticServer],
    new_site_context: Callable[..., BrowserContext],
) -> None:
    release = tmp_path / "release"
    shutil.copytree(repo_root / "e2e" / "smoke", release / "e2e" / "smoke")
    server = serve_directory(release, "/yacht/")
    page = new_site_context(server=server).new_page()
    goto_booted(page, "e2e/smoke/")
    assert page.url == server.url("e2e/smoke/")


# -- one booted page shared by a module's tests ------------------------------------------------


@pytest.fixture(scope="module")
def booted_path() -> str:
    return "e2e/smoke/"


_time_origins: list[float] = []


@pytest.mark.parametrize("visit", [1, 2])
def test_booted_page_is_shared_by_the_module(booted_page: Page, visit: int) -> None:
    assert booted_page.get_attribute("html", "data-ready") == "true"
    _time_origins.append(booted_page.evaluate("performance.timeOrigin"))
    assert len(set(_time_origins)) == 1, "the same document, not booted again"


# -- browser crashes ---------------------------------------------------------------------------


def test_a_crashed_tab_is_reported(
    site_page: Page, watch: Watch, monkeypatch: pytest.MonkeyPatch
) -> None:
    recorded: list[str] = []  # kept out of the session's own list of crashes
    monkeypatch.setattr(harness.watch, "record_crash", recorded.append)
    site_page.goto("e2e/smoke/blank.html")
    with site_page.expect_event("crash"), contextlib.suppress(PlaywrightError):
        site_page.goto("chrome://crash")  # Chromium's own way to kill a tab's renderer
    assert recorded == [site_page.url]
    assert watch.page_errors == [f"page crashed: {site_page.url}"]
    site_page.close()
    watch.clear()


CRASH_RERUN_CONFTEST = """
import itertools
import pytest
from harness import CrashRerun

made = itertools.count(1)

def pytest_configure(config):
    config.pluginmanager.register(CrashRerun(shared=("shared_tab",)), "yacht-crash-rerun")

@pytest.fixture(scope="module")
def shared_tab():
    return next(made)
"""

CRASHING_TESTS = """
import pathlib
from harness.crashes import record_crash

RUNS = pathlib.Path(__file__).with_name("runs")

def attempt(name):
    RUNS.mkdir(exist_ok=True)
    with (RUNS / name).open("a") as runs:
        runs.write("x")
    return len((RUNS / name).read_text())

def test_crashes_once():
    if attempt("once") == 1:
        record_crash("http://127.0.0.1/once")
        assert False, "the page went away"

def test_crashes_every_time():
    attempt("always")
    record_crash("http://127.0.0.1/always")
    assert False, "the page went away"

def test_fails_without_a_crash():
    attempt("plain")
    assert False, "a real failure"

def test_crashes_but_passes():
    attempt("harmless")
    record_crash("http://127.0.0.1/harmless")

def test_a_shared_tab_crashes_once(shared_tab):
    if attempt("shared") == 1:
        record_crash("http://127.0.0.1/shared")
        assert False, "the shared page went away"
    assert shared_tab == 2, "the second run was given the tab that crashed"

def test_the_next_test_shares_the_new_tab(shared_tab):
    assert shared_tab == 2
"""


def test_a_test_that_failed_as_its_tab_crashed_runs_once_more(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(CRASH_RERUN_CONFTEST)
    (tmp_path / "test_crashing.py").write_text(CRASHING_TESTS)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parent)},
        check=False,
    )
    out = result.stdout + result.stderr
    runs = {path.name: len(path.read_text()) for path in (tmp_path / "runs").iterdir()}
    assert runs == {"once": 2, "always": 2, "plain": 1, "harmless": 1, "shared": 2}, out
    assert "2 failed, 4 passed" in out, out
    assert "FAILED test_crashing.py::test_crashes_every_time" in out
    assert "FAILED test_crashing.py::test_fails_without_a_crash" in out
    assert "5 tab(s) crashed" in out, out
    assert "run twice: test_crashing.py::test_crashes_once" in out
    assert "run twice: test_crashing.py::test_crashes_every_time" in out
    assert "test_crashes_but_passes (crashed" not in out
