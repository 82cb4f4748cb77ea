"""The page's defences, checked in the source: no HTML built from strings, a tight
Content-Security-Policy, Subresource Integrity on the CDN files, and capped names.

The policy's behaviour in a real browser (the game boots and plays with no violation) is
checked in ``e2e/test_hostile_input.py``; this file checks what the policy says.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from yacht import MAX_NAME_LENGTH, clean_name, new_game
from yacht.game.players import name_length

ROOT = Path(__file__).resolve().parent.parent
CORE_DIST = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
CDN = "https://cdn.jsdelivr.net"
PYODIDE = ROOT / "node_modules" / "pyodide"
RUNTIME_PINS = ROOT / "static" / "runtime-pins.js"

# Ways to turn a string into markup (or script) in a page. textContent, createElement and
# setAttribute are the safe alternatives used throughout.
HTML_SINKS = re.compile(
    r"\b(innerHTML|outerHTML|insertAdjacentHTML|document\s*\.\s*write(ln)?|srcdoc"
    r"|createContextualFragment|DOMParser)\b"
)
OWN_SOURCES = ("yacht", "static", "index.html", "sw.js")
SOURCE_SUFFIXES = {".py", ".js", ".mjs", ".html", ".css", ".toml", ".json", ".webmanifest"}


def own_source_files() -> list[Path]:
    """Every text file the site ships from this repository."""
    files: list[Path] = []
    for name in OWN_SOURCES:
        path = ROOT / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files += [
                p
                for p in sorted(path.rglob("*"))
                if p.is_file() and p.suffix in SOURCE_SUFFIXES and "__pycache__" not in p.parts
            ]
    return files


def html_sinks(text: str) -> list[str]:
    """The lines of ``text`` that use an HTML sink."""
    return [line.strip() for line in text.splitlines() if HTML_SINKS.search(line)]


# -- no HTML from strings ----------------------------------------------------------------------


def test_the_scan_covers_the_site() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in own_source_files()}
    for expected in ("index.html", "yacht/web/render.py", "yacht/web/app.py", "static/boot.js"):
        assert expected in names
    assert len(names) > 20


@pytest.mark.parametrize(
    "line",
    [
        "el.innerHTML = name",
        "element.outerHTML=x",
        "td.insertAdjacentHTML('beforeend', cell)",
        "document.write(x)",
        "document . writeln(x)",
        "frame.srcdoc = page",
        "range.createContextualFragment(html)",
        "new DOMParser().parseFromString(t, 'text/html')",
    ],
)
def test_the_scan_finds_every_kind_of_sink(line: str) -> None:
    assert html_sinks(f"ok()\n{line}\nok()") == [line]


def test_no_source_builds_html_from_strings() -> None:
    found = {
        path.relative_to(ROOT).as_posix(): hits
        for path in own_source_files()
        if (hits := html_sinks(path.read_text(encoding="utf-8")))
    }
    assert found == {}


# -- the Content-Security-Policy -------------------------------------------------------------


class _HeadReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def index_tags() -> list[tuple[str, dict[str, str | None]]]:
    reader = _HeadReader()
    reader.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return reader.tags


def policy() -> dict[str, list[str]]:
    metas = [
        attrs
        for tag, attrs in index_tags()
        if tag == "meta" and (attrs.get("http-equiv") or "").lower() == "content-security-policy"
    ]
    assert len(metas) == 1, "index.html needs exactly one CSP <meta>"
    directives: dict[str, list[str]] = {}
    for part in str(metas[0]["content"]).split(";"):
        name, *sources = part.split()
        assert name not in directives, f"{name} given twice"
        directives[name] = sources
    return directives


def test_the_policy_comes_before_anything_it_governs() -> None:
    # A <meta> policy applies only to what follows it.
    tags = [tag for tag, attrs in index_tags()]
    first_meta_csp = next(
        i
        for i, (tag, attrs) in enumerate(index_tags())
        if tag == "meta" and attrs.get("http-equiv") == "Content-Security-Policy"
    )
    governed = [i for i, tag in enumerate(tags) if tag in ("script", "link", "style", "img")]
    assert first_meta_csp < min(governed)


def runtime_paths() -> list[str]:
    """The two versioned CDN folders of the pinned runtime: PyScript's and Pyodide's."""
    pins = json.loads((ROOT / "package.json").read_text())["devDependencies"]
    return [
        f"{CDN}/npm/@pyscript/core@{pins['@pyscript/core']}/",
        f"{CDN}/pyodide/v{pins['pyodide']}/",
    ]


def test_the_policy_denies_by_default_and_allows_only_this_origin_and_the_runtime() -> None:
    rules = policy()
    runtime = runtime_paths()
    assert rules["default-src"] == ["'none'"]
    assert rules["script-src"] == ["'self'", *runtime, "'wasm-unsafe-eval'", "'unsafe-eval'"]
    assert rules["style-src"] == ["'self'"], "no stylesheet from outside: it would block paint"
    assert rules["connect-src"] == ["'self'", *runtime]
    assert rules["img-src"] == ["'self'"]
    assert rules["worker-src"] == ["'self'"]
    assert rules["manifest-src"] == ["'self'"]
    assert rules["base-uri"] == ["'none'"]
    assert rules["form-action"] == ["'none'"]
    assert rules["object-src"] == ["'none'"]
    every_source = {source for sources in rules.values() for source in sources}
    assert "'unsafe-inline'" not in every_source
    hosts = {s for s in every_source if not s.startswith("'")}
    assert hosts == set(runtime), "the versioned folders only: no host, wildcard, data: or blob:"


def test_the_policy_has_no_directive_a_meta_tag_ignores() -> None:
    # Browsers ignore these in <meta> and log an error saying so.
    assert not {"frame-ancestors", "report-uri", "report-to", "sandbox"} & set(policy())


def test_the_page_has_nothing_inline_for_the_policy_to_block() -> None:
    for tag, attrs in index_tags():
        assert "style" not in attrs, f"inline style on <{tag}>"
        handlers = [name for name in attrs if name.startswith("on")]
        assert handlers == [], f"inline handler {handlers} on <{tag}>"
        if tag == "script":
            assert attrs.get("src"), "every script is a file (no inline code)"
    assert "<style" not in (ROOT / "index.html").read_text(encoding="utf-8")


def test_the_runtime_urls_are_the_ones_the_policy_allows() -> None:
    # Everything the page loads from outside this origin must come from a pinned runtime folder.
    config = (ROOT / "pyscript.json").read_text(encoding="utf-8")
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    page = page.replace(
        next(a["content"] for t, a in index_tags() if t == "meta" and a.get("http-equiv")) or "", ""
    )
    outside = re.findall(r"https?://[^\s\"';]+", config + page)
    assert outside, "the page names its runtime"
    for url in outside:
        assert url.startswith(tuple(runtime_paths())), url


def test_no_stylesheet_from_outside_holds_back_the_first_paint() -> None:
    # A render-blocking stylesheet from a CDN that hangs leaves the page blank for a minute.
    sheets = [
        attrs for tag, attrs in index_tags() if tag == "link" and attrs.get("rel") == "stylesheet"
    ]
    assert sheets, "the page has its own stylesheet"
    for attrs in sheets:
        assert not re.match(r"^[a-z]+:|^//", str(attrs.get("href"))), attrs.get("href")


# -- Subresource Integrity ---------------------------------------------------------------------


def sri(path: Path) -> str:
    return "sha384-" + base64.b64encode(hashlib.sha384(path.read_bytes()).digest()).decode()


def cdn_tags() -> list[tuple[str, dict[str, str | None]]]:
    """The CDN scripts, stylesheets and module preloads: the tags that can carry integrity.

    A ``<link rel=preload as=fetch>`` cannot: Chromium ignores its integrity attribute (and
    says so in the console), so Pyodide's own files are fetched unchecked, as Pyodide does.
    """
    return [
        (tag, attrs)
        for tag, attrs in index_tags()
        if str(attrs.get("src") or attrs.get("href") or "").startswith(CDN)
        and attrs.get("rel") != "preload"
    ]


def test_every_cdn_file_has_integrity_and_cors() -> None:
    tags = cdn_tags()
    assert {tag for tag, _ in tags} == {"script", "link"}
    assert {attrs.get("rel") for _, attrs in tags} >= {"modulepreload"}
    for _, attrs in tags:
        assert str(attrs.get("integrity")).startswith("sha384-")
        assert attrs.get("crossorigin") == "anonymous"


@pytest.mark.skipif(not CORE_DIST.is_dir(), reason="needs `npm ci` (node_modules)")
def test_integrity_matches_the_pinned_npm_files() -> None:
    for _, attrs in cdn_tags():
        url = str(attrs.get("src") or attrs.get("href"))
        if "/dist/" in url:
            file = CORE_DIST / url.rsplit("/dist/", 1)[1]
        else:
            file = ROOT / "node_modules" / "pyodide" / url.rsplit("/full/", 1)[1]
        assert attrs["integrity"] == sri(file), f"{file.name} changed: update index.html"


def test_the_integrity_check_would_notice_a_change(tmp_path: Path) -> None:
    original = tmp_path / "core.js"
    original.write_bytes(b"export const a = 1;\n")
    changed = tmp_path / "changed.js"
    changed.write_bytes(b"export const a = 2;\n")
    assert sri(original) != sri(changed)


# -- the runtime files Pyodide fetches itself: pinned by SHA-256 ------------------------------

PINNED_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


def sha256(path: Path) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def runtime_pins() -> tuple[str, dict[str, str]]:
    """The Pyodide version and the file hashes that static/runtime-pins.js pins."""
    text = RUNTIME_PINS.read_text(encoding="utf-8")
    version = re.search(r'pyodide:\s*"([^"]+)"', text)
    assert version, "runtime-pins.js names the Pyodide version it pins"
    files = dict(re.findall(r'"([\w.-]+)":\s*"(sha256-[A-Za-z0-9+/=]+)"', text))
    return version.group(1), files


def test_the_pins_cover_the_files_pyodide_fetches_itself() -> None:
    version, files = runtime_pins()
    assert set(files) == set(PINNED_FILES)
    assert version == json.loads((ROOT / "package.json").read_text())["devDependencies"]["pyodide"]


@pytest.mark.skipif(not PYODIDE.is_dir(), reason="needs `npm ci` (node_modules)")
def test_the_pinned_hashes_are_those_of_the_npm_package() -> None:
    # The same computation is how the pins are made: when Pyodide is upgraded, this prints them.
    expected = {name: sha256(PYODIDE / name) for name in PINNED_FILES}
    assert runtime_pins()[1] == expected, f"update static/runtime-pins.js: {expected}"


def test_the_pins_are_loaded_before_anything_fetches_the_runtime() -> None:
    scripts = [str(attrs.get("src")) for tag, attrs in index_tags() if tag == "script"]
    first_cdn_script = next(i for i, src in enumerate(scripts) if src.startswith(CDN))
    # boot.js checks what PyScript and Pyodide fetch, with the pins: both run before them. It
    # comes first of all, so that it sees a failure to load any of the others.
    assert scripts[0] == "static/boot.js"
    assert scripts.index("static/runtime-pins.js") < first_cdn_script
    worker = (ROOT / "sw.js").read_text(encoding="utf-8")
    assert 'importScripts("static/runtime-pins.js")' in worker


# -- names -------------------------------------------------------------------------------------


def test_name_inputs_are_capped_like_the_engine() -> None:
    inputs = [
        attrs for tag, attrs in index_tags() if tag == "input" and attrs.get("name") == "player"
    ]
    assert len(inputs) == 6
    assert {attrs.get("maxlength") for attrs in inputs} == {str(MAX_NAME_LENGTH)}
    assert MAX_NAME_LENGTH == 24


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("<img src=x onerror=alert(1)>", "<img src=x onerror=alert"),
        ('"><script>alert(1)</script>', '"><script>alert(1)</scri'),
        ("\u202eevil\u202c name", "evil name"),
        ("\U0001f469\u200d\U0001f4bb" * 30, "\U0001f469\u200d\U0001f4bb" * 24),
        ("שלום עולם", "שלום עולם"),
        ("A" * 1000, "A" * 24),
    ],
)
def test_hostile_names_are_kept_as_capped_text(raw: str, shown: str) -> None:
    assert clean_name(raw) == shown
    assert name_length(clean_name(raw)) <= MAX_NAME_LENGTH
    assert new_game([raw]).players[0].name == shown
