"""The lists of shipped files, generated from the source tree: never kept by hand.

Two places name the package's files for the browser: the PyScript config's ``[files]`` (what
PyScript copies into Pyodide's file system before Python starts) with ``[yacht.fetched-later]``
(the strategy tables, downloaded once the game is interactive), and the block of
``<link rel=preload>`` hints in ``index.html`` (the same files, asked for while Pyodide starts).
``python -m yacht site-files`` rewrites both from the tree; ``--check`` only reports whether they
are stale (a unit test runs it).

The page reads its config as JSON (``pyscript.json``): PyScript parses JSON with ``JSON.parse``,
where a TOML config costs it the download and start of its TOML parser on the way to Pyodide.
``pyscript.toml`` stays the file people edit (JSON has no comments); ``pyscript.json`` is written
from it by the same command, and is as stale as the lists when it differs.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "yacht"
CONFIG = ROOT / "pyscript.toml"
JSON_CONFIG = ROOT / "pyscript.json"
PAGE = ROOT / "index.html"

NOT_SHIPPED_FOLDERS = frozenset({"tools", "__pycache__"})
"""Sub-packages that never run in the browser."""
ENTRY_SCRIPT = "yacht/web/main.py"
"""The page's entry script: ``<script type="py" src>`` in index.html, fetched by PyScript as text
once the interpreter is ready (so preloaded too), not through ``[files]``."""
NOT_SHIPPED_FILES = frozenset({"yacht/__main__.py", ENTRY_SCRIPT})
"""The command line's entry point, and the page's own entry script (index.html loads it as the
``<script type="py">`` source, not through ``[files]``)."""
SHIPPED_DATA = ("locale/*.po",)
FETCHED_LATER = ("data/*.ytb",)

PRELOADS_BEGIN = "<!-- site-files: begin -->"
PRELOADS_END = "<!-- site-files: end -->"
FILES_BEGIN = "# site-files: begin"
FILES_END = "# site-files: end"


@dataclass(frozen=True)
class SiteFiles:
    """What ships: files PyScript fetches before start-up, and files the game fetches later."""

    at_start: tuple[str, ...]
    later: tuple[str, ...]


def site_files(package: Path = PACKAGE) -> SiteFiles:
    """The shipped files of ``package``, as site-relative POSIX paths in a stable order."""
    base = package.parent
    modules = [
        path
        for path in package.rglob("*.py")
        if not NOT_SHIPPED_FOLDERS & set(path.relative_to(package).parts[:-1])
        and path.relative_to(base).as_posix() not in NOT_SHIPPED_FILES
    ]
    data = [path for pattern in SHIPPED_DATA for path in package.glob(pattern)]
    later = [path for pattern in FETCHED_LATER for path in package.glob(pattern)]

    def names(paths: list[Path]) -> tuple[str, ...]:
        return tuple(sorted(path.relative_to(base).as_posix() for path in paths))

    return SiteFiles(names(modules + data), names(later))


def config_block(files: SiteFiles) -> str:
    """The ``[files]`` and ``[yacht.fetched-later]`` tables of the PyScript config."""
    lines = [FILES_BEGIN + " (python -m yacht site-files writes what lies between)", "[files]"]
    lines += [f'"./{name}" = "./{name}"' for name in files.at_start]
    lines += [
        "",
        "# Not fetched by PyScript before start-up: the game downloads the tables of the rule",
        "# set in play once it is interactive (yacht/web/table_downloads.py). Listed here so that",
        "# the service worker, which reads this table as it reads [files], keeps them offline.",
        "[yacht.fetched-later]",
    ]
    lines += [f'"./{name}" = "./{name}"' for name in files.later]
    lines.append(FILES_END)
    return "\n".join(lines)


def preload_block(files: SiteFiles, indent: str = "    ") -> str:
    """The ``<link rel=preload>`` hints for the entry script and every file of ``[files]``, in
    the same order."""
    lines = [PRELOADS_BEGIN]
    lines += [
        f'{indent}<link rel="preload" href="{name}" as="fetch" crossorigin="anonymous"'
        ' fetchpriority="low">'
        for name in (ENTRY_SCRIPT, *files.at_start)
    ]
    lines.append(f"{indent}{PRELOADS_END}")
    return "\n".join(lines)


def _replace_between(text: str, begin: str, end: str, block: str, where: str) -> str:
    pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end), re.DOTALL)
    if len(pattern.findall(text)) != 1:
        raise ValueError(f"{where}: expected one block from {begin!r} to {end!r}")
    return pattern.sub(lambda _: block, text)


def updated_config(text: str, files: SiteFiles) -> str:
    """``text`` (the PyScript config) with its generated tables rewritten."""
    return _replace_between(text, FILES_BEGIN, FILES_END, config_block(files), CONFIG.name)


def updated_page(text: str, files: SiteFiles) -> str:
    """``text`` (index.html) with its generated preload hints rewritten."""
    return _replace_between(text, PRELOADS_BEGIN, PRELOADS_END, preload_block(files), PAGE.name)


def json_config(toml_text: str) -> str:
    """The JSON config the page reads: ``toml_text`` (the PyScript config) as JSON."""
    return json.dumps(tomllib.loads(toml_text), indent=2, ensure_ascii=False) + "\n"


def _regenerated(root: Path) -> list[tuple[Path, str, str]]:
    """Each generated file: its path, its text now, and its text as the tree wants it."""
    files = site_files(root / "yacht")
    result = []
    for path, update in ((root / CONFIG.name, updated_config), (root / PAGE.name, updated_page)):
        text = path.read_text(encoding="utf-8")
        result.append((path, text, update(text, files)))
    config_text = result[0][2]
    json_path = root / JSON_CONFIG.name
    current = json_path.read_text(encoding="utf-8") if json_path.exists() else ""
    result.append((json_path, current, json_config(config_text)))
    return result


def stale_files(root: Path = ROOT) -> list[str]:
    """The generated files whose lists differ from the tree (empty when all are current)."""
    return [path.name for path, text, wanted in _regenerated(root) if text != wanted]


def write_site_files(root: Path = ROOT) -> list[str]:
    """Rewrite the generated lists; the names of the files that changed."""
    changed = []
    for path, text, wanted in _regenerated(root):
        if text != wanted:
            path.write_text(wanted, encoding="utf-8")
            changed.append(path.name)
    return changed
