"""The site as deployed (``python -m yacht build-site``): boot, a turn, a reload, offline play.

The rest of the suite serves the source tree, as ``make play`` does (or the built site, with
``YACHT_E2E_SITE=built``); this module always serves a build, made once per session, so that
what GitHub Pages publishes — the package as one archive of bytecode — is played on every run.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import test_offline as offline
import test_start_from_snapshot as snapshots
from harness import StaticServer, goto_booted, reload_booted
from playwright.sync_api import BrowserContext, Page, expect
from yacht_page import YachtPage, set_language

from tests.in_pyodide import STDLIB_FROM_SOURCE_PY, run_in_pyodide
from yacht.i18n import LANGUAGES, translator
from yacht.tools.build_site import ARCHIVE, PYSCRIPT_AT_START, STDLIB, STDLIB_AT_START
from yacht.tools.site_files import ENTRY_SCRIPT

LOADED_JS = "() => performance.getEntriesByType('resource').map((entry) => entry.name)"

# Keeps the page's interpreter, from PyScript's hooks (core.js shares them on globalThis once it
# runs, before its first progress event), for the test to ask Python what it imported.
KEEP_INTERPRETER_JS = """
addEventListener("py:progress", () => {
  const core = globalThis[Symbol.for("@pyscript/core")];
  if (window.keptInterpreter !== undefined || !core) return;
  window.keptInterpreter = null;
  core.hooks.main.onReady.add((wrap) => { window.keptInterpreter = wrap.interpreter; });
});
"""
# For each module of PyScript's package the page imported: whether the build's bytecode beside
# its source is current for it (a checked-hash .pyc whose hash is the source's), so that Python
# loaded it instead of compiling.
PYSCRIPT_BYTECODE_PY = """
import importlib.util, json, os, sys
current = {}
for name, module in sys.modules.items():
    path = getattr(module, "__file__", None) or ""
    if not name.startswith("pyscript") or not path.startswith("/home/pyodide/pyscript/"):
        continue
    with open(path, "rb") as file:
        source = file.read()
    cached = importlib.util.cache_from_source(path)
    data = open(cached, "rb").read() if os.path.exists(cached) else b""
    current[os.path.basename(path).removesuffix(".py")] = (
        data[4:8] == (3).to_bytes(4, "little") and data[8:16] == importlib.util.source_hash(source)
    )
json.dumps(current)
"""
# How the page's dataclasses were made: from the build's compiled code, or compiled in the page.
DATACLASSES_MADE_PY = """
import json
from yacht.dataclass_code import installed
hook = installed()
json.dumps(None if hook is None else {"hits": hook.hits, "misses": hook.misses})
"""


@pytest.fixture(scope="module")
def site_server(built_site: Path, serve_directory: Callable[..., StaticServer]) -> StaticServer:
    """The built site, not the source tree."""
    return serve_directory(built_site)


def own_files_loaded(page: Page) -> set[str]:
    """The paths of the site's own files the page loaded."""
    origin = page.url.split("?")[0].rstrip("/")
    loaded: list[str] = page.evaluate(LOADED_JS)
    own = (url.split("?")[0] for url in loaded if url.startswith(origin))
    return {url.removeprefix(origin + "/") for url in own}


def test_the_build_ships_the_archive_and_no_sources(built_site: Path) -> None:
    config: dict[str, Any] = json.loads((built_site / "pyscript.json").read_text("utf-8"))
    # The page's interpreter module unpacks the archive (PyScript reads no Zstandard); the
    # service worker finds it there.
    assert config["files"] == {}
    interpreter = (built_site / "static" / "interpreter.mjs").read_text("utf-8")
    assert f'const ARCHIVE_URL = new URL("../{ARCHIVE}", import.meta.url).href;' in interpreter
    python = sorted(p.relative_to(built_site).as_posix() for p in built_site.rglob("*.py"))
    assert python == [ENTRY_SCRIPT]


def test_the_built_site_boots_plays_and_restores_the_game(site_page: Page) -> None:
    goto_booted(site_page, "")
    loaded = own_files_loaded(site_page)
    assert ARCHIVE in loaded
    # The standard library is the site's own (compiled), not the runtime's from the CDN.
    assert STDLIB in loaded
    assert not [url for url in site_page.evaluate(LOADED_JS) if "python_stdlib" in url]
    # Python came from the archive: the only Python file fetched is the entry script.
    assert {path for path in loaded if path.endswith((".py", ".pyc"))} == {ENTRY_SCRIPT}

    game = YachtPage(site_page)
    game.roll()
    game.wait_for_landing()
    game.toggle(0)
    expect(game.dice_buttons.nth(0)).to_have_attribute("aria-pressed", "true")
    game.roll()
    game.wait_for_landing()
    category = game.score_first_option()
    scored = game.saved()
    cells = game.snapshot()["cells"]

    reload_booted(site_page)
    assert game.saved() == scored
    assert game.snapshot()["cells"] == cells
    expect(site_page.locator(f"#scorecard [data-row='{category}'] td").first).not_to_be_empty()


FAILED_JS = "() => document.documentElement.dataset.ready === 'failed'"


@pytest.mark.parametrize("answer", ["missing", "cut short", "a byte changed"])
def test_an_archive_that_is_not_the_sites_is_told_as_a_broken_copy(
    site_page: Page, built_site: Path, allow_console: Callable[[str], None], answer: str
) -> None:
    # The page unpacks the archive itself (PyScript reads no Zstandard): whatever is wrong with
    # it, the start fails in words that name the file, never in a traceback.
    allow_console(ARCHIVE)
    allow_console("status of 404")
    allow_console("DamagedArchive|zstd")
    data = (built_site / ARCHIVE).read_bytes()
    changed = bytearray(data)
    changed[len(data) // 2] ^= 0x01
    bodies = {"cut short": data[: len(data) // 2], "a byte changed": bytes(changed)}
    site_page.route(
        f"**/{ARCHIVE}",
        lambda route: (
            route.fulfill(status=404, body="Not Found")
            if answer == "missing"
            else route.fulfill(status=200, body=bodies[answer], content_type="application/zstd")
        ),
    )
    site_page.goto("")
    site_page.wait_for_function(FAILED_JS)
    assert site_page.evaluate("document.documentElement.dataset.failure") == "broken"
    notice = site_page.get_by_role("alert")
    expect(notice).to_contain_text("This copy of the game is incomplete")
    expect(notice).to_contain_text(ARCHIVE)
    expect(notice).not_to_contain_text("internet")
    expect(site_page.locator("#status")).to_have_text("The game could not start.")
    expect(site_page.locator("body")).not_to_contain_text("Traceback")


def test_the_built_site_speaks_every_language(site_page: Page) -> None:
    """The build ships the catalogs as the game reads them (no comments, no message only
    boot.js shows): every language still draws the board, plurals included."""
    goto_booted(site_page, "")
    for language in sorted(LANGUAGES.keys() - {"en"}):
        set_language(site_page, language)
        tr = translator(language)
        expect(site_page.locator("#scorecard tbody th").first).to_have_text(
            tr.pgettext("category", "Ones")
        )
        expect(site_page.locator("#roll")).to_have_text(tr.gettext("Roll"))
        left = tr.ngettext("{count} roll left", "{count} rolls left", 3).format(count=3)
        expect(site_page.locator("#rolls-left")).to_have_text(left)
    set_language(site_page, "en")


def test_the_built_site_plays_offline(new_site_context: Callable[..., BrowserContext]) -> None:
    page = new_site_context(**offline.WITH_WORKER).new_page()
    goto_booted(page, "")
    offline.wait_settled(page)
    (snapshot,) = offline.app_snapshots(offline.caches_of(page)).values()
    origin = page.url.rstrip("/")
    assert f"{origin}/{ARCHIVE}" in snapshot
    assert f"{origin}/yacht/data/traditional.ytb" in snapshot  # the tables, for offline hints

    refused = offline.block_network(page.context)
    offline.booted_offline(page, refused)
    offline.wait_offline_ready(page)
    expect(page.get_by_text("Playing offline")).to_be_visible()
    offline.play_one_turn(page)
    assert refused == []


def test_the_built_site_starts_from_a_snapshot_of_its_bytecode(
    new_site_context: Callable[..., BrowserContext],
) -> None:
    page = new_site_context(**offline.WITH_WORKER).new_page()
    snapshots.first_visit_with_snapshot(page)
    offline.play_one_turn(page)
    saved = offline.saved_game(page)
    # The game's modules, imported from the archive's bytecode, are in the snapshot's memory.
    raw = snapshots.snapshot_bytes(snapshots.stored_entry(page))
    assert b"yacht.rules.scoring" in raw
    assert b"yacht.strategy.tables" in raw

    reload_booted(page)
    assert page.evaluate(snapshots.START_JS) == "snapshot"
    assert offline.saved_game(page) == saved
    offline.play_one_turn(page)


def test_a_first_visit_compiles_nothing_of_the_standard_library(
    new_site_context: Callable[..., BrowserContext], tmp_path: Path
) -> None:
    # Pyodide ships its standard library as source: each module a start imports would be
    # compiled in the page, a bare interpreter's included. The build ships the archive with
    # those compiled (STDLIB), and the archive of the game is unpacked by the page (its tar
    # read in JavaScript: else Python imports tarfile). PyScript's own modules and the methods
    # the dataclass decorator writes come compiled too (PYSCRIPT_AT_START,
    # yacht/dataclass_code.py).
    context = new_site_context()
    context.add_init_script(KEEP_INTERPRETER_JS)
    page = context.new_page()
    goto_booted(page, "")
    run = "(code) => String(window.keptInterpreter.runPython(code))"
    bare = run_in_pyodide(STDLIB_FROM_SOURCE_PY, tmp_path)  # the pinned Pyodide, just started
    assert "encodings.utf_8" in bare  # the check sees what a bare interpreter compiled
    assert json.loads(page.evaluate(run, STDLIB_FROM_SOURCE_PY)) == []
    origins = json.loads(
        page.evaluate(
            run,
            "import json, sys\njson.dumps([sys.modules[name].__spec__.origin for name in "
            f"{['encodings.utf_8', *STDLIB_AT_START]!r}])",
        )
    )
    assert origins == [
        "/lib/python314.zip/encodings/utf_8.pyc",
        "/lib/python314.zip/datetime.pyc",
        "/lib/python314.zip/hashlib.pyc",
        "/lib/python314.zip/html/__init__.pyc",
        "/lib/python314.zip/html/entities.pyc",
    ]
    current = json.loads(page.evaluate(run, PYSCRIPT_BYTECODE_PY))
    assert current == dict.fromkeys(PYSCRIPT_AT_START, True)
    made = json.loads(page.evaluate(run, DATACLASSES_MADE_PY))
    assert made["misses"] == 0
    assert made["hits"] >= 50  # the start path's classes (more once the idle imports ran)
