"""The published site is complete and installable: pure file checks, no browser.

The service worker (``sw.js``) finds a release's files itself, by following index.html, the
web app manifest and pyscript.toml's ``[files]``; these tests keep those files in the shape it
reads, and make sure everything they name exists and is published by the Pages workflow.
"""

from __future__ import annotations

import ast
import json
import re
import struct
import tomllib
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
ENTRY_MODULE = ROOT / "yacht" / "web" / "main.py"

# How sw.js reads a [files] entry: a quoted (or bare) key at the start of a line, then "=".
SW_FILES_ENTRY = re.compile(r"""^\s*(?:"([^"]+)"|'([^']+)'|([\w./-]+))\s*=""")
SW_TABLE_HEADER = re.compile(r"^\s*\[\s*([^\]]+?)\s*\]\s*(?:#.*)?$")
# The pyscript.toml tables sw.js reads (its RELEASE_TABLES).
RELEASE_TABLES = ("files", "yacht.fetched-later")


def read(name: str) -> str:
    return (ROOT / name).read_text("utf-8")


def published() -> list[str]:
    """The workflow's ``SITE_FILES``: what GitHub Pages serves."""
    match = re.search(r"^\s*SITE_FILES:\s*(.+)$", WORKFLOW.read_text("utf-8"), re.MULTILINE)
    assert match, "pages.yml must keep SITE_FILES on one line"
    return match.group(1).split()


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


# -- pyscript.toml [files]: what the worker caches of yacht/ -----------------------------------


def test_files_table_is_in_the_form_the_worker_reads() -> None:
    config = tomllib.loads(read("pyscript.toml"))
    table, seen = "", []
    for line in read("pyscript.toml").splitlines():
        header = SW_TABLE_HEADER.match(line)
        if header:
            table = header.group(1).replace('"', "").replace("'", "")
            continue
        entry = SW_FILES_ENTRY.match(line)
        if table in RELEASE_TABLES and entry:
            seen.append(next(group for group in entry.groups() if group))
    assert seen == release_table_entries(config), 'one `"source" = "destination"` entry per line'


def release_table_entries(config: dict[str, Any]) -> list[str]:
    """The sources of pyscript.toml's tables the worker reads, in file order."""
    return [*config["files"], *config["yacht"]["fetched-later"]]


def test_files_table_names_existing_published_files() -> None:
    for source in release_table_entries(tomllib.loads(read("pyscript.toml"))):
        assert "{" not in source, f"{source}: sw.js cannot expand templates"
        assert not source.endswith("*"), f"{source}: sw.js cannot expand folders"
        path = local_path(source, "pyscript.toml")
        assert path is not None, f"{source}: [files] should name files of the site"
        assert (ROOT / path).is_file(), f"{source} is listed in pyscript.toml but missing"
        assert is_published(path), f"{source} is not under the workflow's SITE_FILES"


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
    listed = {
        local_path(source, "pyscript.toml")
        for source in tomllib.loads(read("pyscript.toml"))["files"]
    }
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
    assert sorted(paths - listed) == [], "add these to pyscript.toml [files]"


# -- index.html ----------------------------------------------------------------------------------


def test_every_file_the_page_names_exists_and_is_published() -> None:
    # sw.js downloads each of them when it installs; one missing file fails the install.
    for reference in page_references():
        path = local_path(reference)
        if path is None:
            continue
        assert (ROOT / path).is_file(), f"index.html refers to {reference}, which is missing"
        assert is_published(path), f"{reference} is not under the workflow's SITE_FILES"


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


def test_workflow_publishes_the_site_and_nothing_else() -> None:
    names = published()
    assert {"index.html", "sw.js", "manifest.webmanifest", "pyscript.toml"} <= set(names)
    for name in names:
        assert (ROOT / name).exists(), f"SITE_FILES names {name}, which does not exist"
    assert not {"node_modules", ".venv", "tests", "e2e", "."} & set(names)
