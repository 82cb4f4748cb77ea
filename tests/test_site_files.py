"""The published site is complete and installable: pure file checks, no browser.

The service worker (``sw.js``) finds a release's files itself, by following index.html, the
web app manifest and the PyScript config's ``files``; these tests keep those files in the shape
it reads, and make sure everything they name exists and is published (``yacht.tools.build_site``
builds the published site from them; the Pages workflow runs it).
"""

from __future__ import annotations

import ast
import json
import re
import struct
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from yacht.tools.build_site import PUBLISHED

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
ENTRY_MODULE = ROOT / "yacht" / "web" / "main.py"

CONFIG = "pyscript.json"


def read(name: str) -> str:
    return (ROOT / name).read_text("utf-8")


def published() -> list[str]:
    """What the site build copies from the tree (and GitHub Pages then serves)."""
    return list(PUBLISHED)


def is_published(path: str) -> bool:
    return any(path == name or path.startswith(name + "/") for name in published())


def local_path(reference: str, base: str = "") -> str | None:
    """The repository path a same-site reference points to, or None for other sites."""
    parts = urlsplit(reference)
    if parts.scheme or parts.netloc or reference.startswith(("#", "data:")):
        return None
    joined = Path(base).parent / parts.path if base else Path(parts.path)
    path = joined.as_posix().removeprefix("./")
    return "index.html" if path in ("", ".") else path


class _References(HTMLParser):
    """The src/href/config attributes of the tags that load something (what sw.js follows)."""

    LOADING_TAGS = frozenset({"link", "script", "img", "source", "video", "audio"})

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str]]] = []
        self.inline_scripts = 0
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag in self.LOADING_TAGS:
            self.found.append((tag, values))
        self._in_script = tag == "script" and "src" not in values

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline_scripts += 1

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False


def page_tags() -> list[tuple[str, dict[str, str]]]:
    parser = _References()
    parser.feed(read("index.html"))
    return parser.found


def page_references() -> list[str]:
    refs = []
    for _, attrs in page_tags():
        refs += [attrs[key] for key in ("src", "href", "config") if attrs.get(key)]
    return refs


def manifest() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(read("manifest.webmanifest"))
    return data


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def felt_colour() -> str:
    match = re.search(r"--felt:\s*(#[0-9a-fA-F]{6})", read("static/yacht.css"))
    assert match, "static/yacht.css defines --felt"
    return match.group(1).lower()


# -- the PyScript config's files: what the worker caches of yacht/ ----------------------------


def config() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(read(CONFIG))
    return data


def test_the_page_reads_the_json_config() -> None:
    # sw.js reads the config as JSON (jsonConfigFiles); PyScript parses JSON without its TOML
    # parser.
    configs = {attrs["config"] for _, attrs in page_tags() if attrs.get("config")}
    assert configs == {CONFIG}


def release_table_entries(config: dict[str, Any]) -> list[str]:
    """The sources of the config's tables the worker reads, in file order."""
    return [*config["files"], *config["yacht"]["fetched-later"]]


def test_files_table_names_existing_published_files() -> None:
    for source in release_table_entries(config()):
        assert "{" not in source, f"{source}: sw.js cannot expand templates"
        assert not source.endswith("*"), f"{source}: sw.js cannot expand folders"
        path = local_path(source, CONFIG)
        assert path is not None, f"{source}: [files] should name files of the site"
        assert (ROOT / path).is_file(), f"{source} is listed in {CONFIG} but missing"
        assert is_published(path), f"{source} is not published (build_site.PUBLISHED)"


def _imported_yacht_modules(path: Path) -> set[Path]:
    """The files of the ``yacht`` modules that ``path`` imports, anywhere in it."""
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    found: set[Path] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            names = [module] + [f"{module}.{alias.name}" for alias in node.names]
        for name in names:
            if name.split(".")[0] != "yacht":
                continue
            parts = name.split(".")
            for end in range(1, len(parts) + 1):  # a package's __init__ runs too
                for candidate in (
                    ROOT.joinpath(*parts[:end]).with_suffix(".py"),
                    ROOT.joinpath(*parts[:end], "__init__.py"),
                ):
                    if candidate.is_file():
                        found.add(candidate)
    return found


def test_every_module_the_page_imports_is_listed() -> None:
    # A module missing from [files] breaks the page online and offline alike; listed, the
    # worker finds it without any list of its own.
    listed = {local_path(source, CONFIG) for source in config()["files"]}
    needed: set[Path] = set()
    todo = [ENTRY_MODULE]
    while todo:
        module = todo.pop()
        if module in needed:
            continue
        needed.add(module)
        todo += _imported_yacht_modules(module)
    # The entry script itself comes from index.html's <script type="py" src>, not from [files].
    paths = {module.relative_to(ROOT).as_posix() for module in needed - {ENTRY_MODULE}}
    assert sorted(paths - listed) == [], "run python -m yacht site-files"


# -- index.html ----------------------------------------------------------------------------------


def test_every_file_the_page_names_exists_and_is_published() -> None:
    # sw.js downloads each of them when it installs; one missing file fails the install.
    for reference in page_references():
        path = local_path(reference)
        if path is None:
            continue
        assert (ROOT / path).is_file(), f"index.html refers to {reference}, which is missing"
        assert is_published(path), f"{reference} is not published (build_site.PUBLISHED)"


def test_page_declares_manifest_icons_and_theme() -> None:
    tags = page_tags()
    links = {attrs.get("rel", ""): attrs.get("href", "") for tag, attrs in tags if tag == "link"}
    assert links["manifest"] == "manifest.webmanifest"
    assert links["icon"].startswith("static/icons/")
    assert png_size(ROOT / links["apple-touch-icon"]) == (180, 180)
    theme = re.search(r'<meta name="theme-color" content="([^"]+)"', read("index.html"))
    assert theme
    assert theme.group(1).lower() == felt_colour()


def test_offline_script_is_external_and_deferred() -> None:
    scripts = [attrs for tag, attrs in page_tags() if tag == "script"]
    offline = [attrs for attrs in scripts if attrs.get("src") == "static/offline.js"]
    assert len(offline) == 1
    assert "defer" in offline[0]
    assert 'register("sw.js"' in read("static/offline.js"), "relative: works from a sub-path"


# -- the web app manifest ----------------------------------------------------------------------


def test_manifest_makes_an_installable_app_from_any_sub_path() -> None:
    data = manifest()
    for key in ("name", "short_name", "description"):
        assert data[key], key
    assert len(data["short_name"]) <= 12, "short names are cut on home screens"
    assert data["display"] == "standalone"
    for key in ("start_url", "scope", "id"):
        assert data[key] == "./", f"{key} must be relative, so the site works under /yacht/"
    assert data["theme_color"].lower() == data["background_color"].lower() == felt_colour()


@pytest.mark.parametrize("purpose", ["any", "maskable"])
def test_manifest_icons_exist_in_their_declared_sizes(purpose: str) -> None:
    icons = [icon for icon in manifest()["icons"] if purpose in icon.get("purpose", "any")]
    sizes = set()
    for icon in icons:
        path = ROOT / icon["src"]
        assert path.is_file(), icon["src"]
        assert is_published(icon["src"]), icon["src"]
        if icon["type"] == "image/png":
            width, height = png_size(path)
            assert icon["sizes"] == f"{width}x{height}", icon["src"]
            sizes.add(width)
    if purpose == "any":
        assert {192, 512} <= sizes
    else:
        assert sizes, "a maskable icon lets Android fill its own icon shape"


# -- the workflow ------------------------------------------------------------------------------


def test_the_build_publishes_the_site_and_nothing_else() -> None:
    names = published()
    assert {"index.html", "sw.js", "manifest.webmanifest", CONFIG} <= set(names)
    for name in names:
        assert (ROOT / name).exists(), f"the build copies {name}, which does not exist"
    assert not {"node_modules", ".venv", "tests", "e2e", ".", "pyscript.toml"} & set(names)


def test_the_workflow_publishes_what_the_build_writes() -> None:
    workflow = WORKFLOW.read_text("utf-8")
    build = re.search(r"python -m yacht build-site (\S+)", workflow)
    assert build, "the Pages workflow builds the site with python -m yacht build-site"
    assert re.search(rf"path:\s*{re.escape(build.group(1))}\s*$", workflow, re.MULTILINE)
