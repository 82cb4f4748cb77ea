"""The page's configuration agrees with itself: pinned runtime versions and shipped files."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE_URL = re.compile(r"https://cdn\.jsdelivr\.net/npm/@pyscript/core@([^/]+)/dist/")
PYODIDE_URL = re.compile(r"https://cdn\.jsdelivr\.net/pyodide/v([^/]+)/full/")

# Run only on CPython, never in the page: the command line and the developer tools.
NOT_SHIPPED = {
    "yacht/__main__.py",
    *(f"yacht/tools/{p.name}" for p in ROOT.glob("yacht/tools/*.py")),
}
# The page's entry script: index.html loads it as the <script type="py"> source.
NOT_SHIPPED.add("yacht/web/main.py")


def _pins() -> dict[str, str]:
    pinned: dict[str, str] = json.loads((ROOT / "package.json").read_text())["devDependencies"]
    return pinned


def _config() -> dict[str, object]:
    # The config the page reads (written from pyscript.toml by python -m yacht site-files).
    config: dict[str, object] = json.loads((ROOT / "pyscript.json").read_text())
    return config


def test_npm_pins_are_exact_versions() -> None:
    for name, version in _pins().items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), f"{name} must be pinned exactly"
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    for name in ("@pyscript/core", "pyodide"):
        assert lock[f"node_modules/{name}"]["version"] == _pins()[name]


@pytest.mark.parametrize("path", ["index.html", "static/interpreter.mjs"])
def test_cdn_urls_use_the_pinned_versions(path: str) -> None:
    text = (ROOT / path).read_text()
    pins = _pins()
    core = set(CORE_URL.findall(text))
    pyodide = set(PYODIDE_URL.findall(text))
    assert core or pyodide, f"{path} names no runtime URL"
    assert core <= {pins["@pyscript/core"]}, f"{path} loads @pyscript/core {core}"
    assert pyodide <= {pins["pyodide"]}, f"{path} loads Pyodide {pyodide}"


def test_interpreter_is_the_pinned_pyodide_through_the_game_module() -> None:
    # PyScript imports the game's own module, which imports the pinned pyodide.mjs and gives
    # Pyodide the directory of that same file.
    assert _config()["interpreter"] == "./static/interpreter.mjs"
    module = (ROOT / "static" / "interpreter.mjs").read_text()
    imported = re.findall(r'^import \* as pyodide from "([^"]+)";$', module, re.MULTILINE)
    assert len(imported) == 1, imported
    assert PYODIDE_URL.match(imported[0]), imported
    assert imported[0].endswith("/pyodide.mjs")
    index_url = re.search(r'const INDEX_URL = new URL\("([^"]+)"', module)
    assert index_url
    assert index_url.group(1) == imported[0].removesuffix("pyodide.mjs")
    # index.html preloads that same file (with its integrity hash).
    assert f'<link rel="modulepreload" href="{imported[0]}"' in (ROOT / "index.html").read_text()


def test_the_interpreter_starts_ahead_of_pyscript() -> None:
    # index.html runs the interpreter module before core.js (module scripts run in document
    # order), so Pyodide starts while PyScript loads; PyScript then imports the same module.
    html = (ROOT / "index.html").read_text()
    scripts = re.findall(r'<script type="module" src="([^"]+)"', html)
    interpreter = str(_config()["interpreter"]).removeprefix("./")
    assert scripts.index(interpreter) < next(n for n, s in enumerate(scripts) if "core.js" in s)


def test_index_loads_core_script_but_not_its_stylesheet() -> None:
    html = (ROOT / "index.html").read_text()
    version = _pins()["@pyscript/core"]
    base = f"https://cdn.jsdelivr.net/npm/@pyscript/core@{version}/dist/"
    assert f'<script type="module" src="{base}core.js"' in html
    # core.css would block the first paint on the CDN; yacht.css carries the rule it needs.
    assert not re.search(r'href="[^"]*core\.css"', html)
    assert "py-config" in (ROOT / "static/yacht.css").read_text()
    assert '<script type="py" src="yacht/web/main.py" config="pyscript.json">' in html


def _table(name: str) -> dict[str, str]:
    table: object = _config()
    for key in name.split("."):
        assert isinstance(table, dict), name
        table = table[key]
    assert isinstance(table, dict), name
    return table


def test_every_runtime_module_is_shipped_to_the_browser() -> None:
    files = _config()["files"]
    assert isinstance(files, dict)
    later = _table("yacht.fetched-later")
    shipped = {source.removeprefix("./") for source in [*files, *later]}
    assert all({**files, **later}[f"./{path}"] == f"./{path}" for path in shipped), (
        "files keep their paths"
    )
    modules = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "yacht").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    data = {
        p.relative_to(ROOT).as_posix()
        for folder in ("data", "locale")
        for p in (ROOT / "yacht" / folder).glob("*")
        if p.suffix != ".pot"
    }
    assert shipped - modules <= data, "pyscript.toml lists files that do not exist"
    assert data <= shipped, "data files missing from pyscript.toml"
    assert modules - NOT_SHIPPED <= shipped, "modules missing from pyscript.toml [files]"


def test_only_the_web_package_touches_the_browser() -> None:
    browser_import = re.compile(r"^\s*(from|import)\s+(js|pyscript|pyodide)\b", re.MULTILINE)
    offenders = [
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "yacht").rglob("*.py")
        if "web" not in p.relative_to(ROOT / "yacht").parts and browser_import.search(p.read_text())
    ]
    assert offenders == []


def test_strategy_tables_are_fetched_after_start_up_not_before() -> None:
    # PyScript fetches all of [files] before Python starts: the tables (70 KB that do not
    # compress) would delay every game's first roll. The game downloads them itself.
    files = _config()["files"]
    assert isinstance(files, dict)
    tables = {f"./{p.relative_to(ROOT).as_posix()}" for p in (ROOT / "yacht/data").glob("*.ytb")}
    assert tables, "no strategy tables found"
    assert not tables & set(files), "strategy tables belong in [yacht.fetched-later]"
    assert set(_table("yacht.fetched-later")) == tables


def _preloads() -> list[str]:
    html = (ROOT / "index.html").read_text()
    tags = re.findall(r"<link\b[^>]*\brel=\"(?:modulepreload|preload)\"[^>]*>", html)
    hrefs = [re.search(r'\bhref="([^"]+)"', tag) for tag in tags]
    assert all(hrefs), "a preload without href"
    return [href.group(1) for href in hrefs if href]


def test_preloaded_runtime_files_exist_in_the_pinned_packages() -> None:
    # Chunk names change with every PyScript release: a stale hint downloads a file for nothing
    # (and leaves the real one to the slow chain the hints are there to avoid).
    pins = _pins()
    core_dist = ROOT / "node_modules/@pyscript/core/dist"
    if not core_dist.is_dir():
        pytest.skip("node_modules is not installed (make install, or npm ci)")
    core_text = "".join(p.read_text() for p in core_dist.glob("core*.js"))
    runtime = [url for url in _preloads() if url.startswith("https://")]
    assert runtime, "index.html preloads nothing of the runtime"
    for url in runtime:
        core = re.match(rf"{CORE_URL.pattern}(.+)$", url)
        pyodide = re.match(rf"{PYODIDE_URL.pattern}(.+)$", url)
        if core:
            assert core.group(1) == pins["@pyscript/core"]
            assert (core_dist / core.group(2)).is_file(), url
            assert core.group(2) in core_text, f"{url}: core.js never loads it"
        else:
            assert pyodide, url
            assert pyodide.group(1) == pins["pyodide"]
            assert (ROOT / "node_modules/pyodide" / pyodide.group(2)).is_file(), url


PYODIDE_IN_ORDER = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""Pyodide's start-up files in the order it uses them: its modules, whose code asks for the
WebAssembly (compiled as it arrives), then the standard library and the package lock."""


def test_pyodide_is_asked_for_before_pyscript_in_the_order_it_starts() -> None:
    # Chromium receives responses of one priority in the order it asked for them, and the
    # interpreter is the start's critical path: PyScript's core waits for Pyodide anyway.
    html = (ROOT / "index.html").read_text()
    runtime = re.findall(r'\b(?:href|src)="(https://cdn\.jsdelivr\.net/[^"]+)"', html)
    pyodide = [PYODIDE_URL.sub("", url) for url in runtime if PYODIDE_URL.match(url)]
    assert pyodide == list(PYODIDE_IN_ORDER)
    assert runtime[: len(pyodide)] == [url for url in runtime if PYODIDE_URL.match(url)]


def test_the_config_is_preloaded() -> None:
    assert "pyscript.json" in _preloads()


def test_the_toml_parser_is_not_preloaded() -> None:
    # With a JSON config PyScript never imports its TOML parser (config.js parses JSON with
    # JSON.parse); a hint for it would download a chunk for nothing.
    assert not [url for url in _preloads() if re.search(r"/toml-[^/]*\.js$", url)]


def test_no_plugin_the_config_turns_off_is_preloaded() -> None:
    # PyScript imports a plugin turned off ("!name") only for the error plugin (to keep it off
    # the page); a hint for any other downloads a module for nothing.
    plugins = _config()["plugins"]
    assert isinstance(plugins, list)
    off = {str(name).removeprefix("!") for name in plugins if str(name).startswith("!")}
    preloaded = {
        match.group(1)
        for url in _preloads()
        if (match := re.search(r"/dist/([a-z-]+)-[A-Za-z0-9_]+\.js$", url))
    }
    assert preloaded & off <= {"error"}


def test_micropython_gets_the_plugins_of_the_config_inline() -> None:
    # PyScript reads a config for each interpreter it knows, MicroPython's too; with none, it
    # imports every plugin for it. The page's <mpy-config> turns off the same plugins, inline
    # (JSON, so neither a fetch nor the TOML parser).
    found = re.findall(r"<mpy-config hidden>(.*?)</mpy-config>", (ROOT / "index.html").read_text())
    assert len(found) == 1, "index.html needs exactly one inline <mpy-config hidden>"
    assert json.loads(found[0]) == {"plugins": _config()["plugins"]}


def test_every_file_pyscript_fetches_at_start_up_is_preloaded() -> None:
    # Without the hint PyScript asks for them one wave after the interpreter has loaded, on the
    # critical path; a file preloaded but not listed would be downloaded for nothing.
    files = _config()["files"]
    assert isinstance(files, dict)
    local = [
        url for url in _preloads() if not url.startswith("https://") and url != "pyscript.json"
    ]
    expected = ["yacht/web/main.py", *(source.removeprefix("./") for source in files)]
    assert local == expected, (
        "index.html must preload the entry script and the config's [files], in the same order"
    )


def test_generated_file_lists_are_current() -> None:
    # [files], [yacht.fetched-later] and the preload hints are written by
    # `python -m yacht site-files` from the tree: a new or moved module fails here until rerun.
    from yacht.tools.site_files import stale_files

    assert stale_files(ROOT) == [], "run: python -m yacht site-files"
