"""The site as deployed: fewer, smaller files than the source tree that ``make play`` serves.

``python -m yacht build-site DIR`` writes the published site into ``DIR``. What differs from the
source tree:

- **Bytecode, not source.** Every module PyScript copies into the file system before start-up
  is compiled to a sourceless ``.pyc`` by the pinned Pyodide itself, under Node
  (``pyodide_compile.mjs``): a ``.pyc`` loads only in the CPython that wrote it, and the page runs
  Pyodide's CPython 3.14, not the build machine's. The page then imports without compiling.
- **The standard library with the start's modules compiled** (``STDLIB``): Pyodide ships its
  standard library as source, so every module of it a start imports is compiled in the page at
  every first visit: 125 for a bare interpreter (``asyncio``, ``ast``, ``inspect`` and the like,
  for Pyodide's own modules), most of a bare Pyodide's start. The build writes the pinned
  Pyodide's own archive with those modules, and the four the game's start adds
  (``STDLIB_AT_START``), compiled in place of their source, and points the page's interpreter
  (``static/interpreter.mjs``) and its preload hint at it: Pyodide loads it as its standard
  library, and the start compiles none of it.
- **PyScript's own modules compiled too** (``PYSCRIPT_AT_START``): PyScript writes its Python
  package as source at every start; its bytecode, checked by hash against that source, goes
  into ``pyscript/__pycache__`` in the archive, where the import system finds it.
- **The dataclasses' methods compiled too.** The ``dataclass`` decorator writes each class's
  methods as source and compiles them as the class is made; the build records that code while
  the pinned Pyodide imports every module of the package from the bytecode, and ships it as
  ``yacht/dataclass-code.bin`` (read by ``yacht/dataclass_code.py``).
- **One archive, not one file per module.** The package's start-up files (the ``.pyc`` and the
  translations) go into ``yacht.tar.zst``: one request instead of eighty, and one stream
  compressed with Zstandard by the pinned Pyodide under Node (``pyodide_zstd.mjs``), a quarter
  smaller than the same tar gzipped. PyScript unpacks no such archive, so the config's
  ``files`` are empty, and the page's interpreter module (``static/interpreter.mjs``, whose
  ``ARCHIVE_URL`` the build sets; the service worker finds the archive there) fetches it as the
  page starts and unpacks it (``static/archive.mjs``, with the interpreter's own ``_zstd``)
  before PyScript runs any Python.
- **The translations as the game reads them** (:mod:`yacht.tools.shipped_catalogs`): no
  translators' comments, and none of the messages only ``static/boot.js`` shows.
- The config's ``files`` and the page's preload hints name what was built. The entry script
  (``yacht/web/main.py``, which PyScript reads as text) and the strategy tables (downloaded by the
  game after start-up) stay files of their own.

Everything else is copied as it is. ``archive=False`` and ``bytecode=False`` build the steps in
between, so that the page benchmark can measure each one.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from yacht.dataclass_code import SHIPPED_NAME
from yacht.i18n import Key
from yacht.tools.shipped_catalogs import shipped_catalog, unused_in_the_browser
from yacht.tools.site_files import (
    ENTRY_SCRIPT,
    JSON_CONFIG,
    PAGE,
    ROOT,
    SiteFiles,
    site_files,
    updated_page,
)
from yacht.web.memory_snapshot import module_name

PUBLISHED = ("index.html", "sw.js", "manifest.webmanifest", JSON_CONFIG.name, "static", "yacht")
"""What the site is made of in the source tree (what ``make play`` serves of it)."""
SELF_HOSTED_RUNTIME = "runtime"
"""Copied when present: PyScript and Pyodide served by the site itself (see the README)."""
ARCHIVE = "yacht.tar.zst"
STDLIB = "stdlib.zip"
"""The standard library the deployed page's Pyodide loads (see the module's docstring)."""
STDLIB_AT_START = ("datetime", "hashlib", "html", "html.entities")
"""The standard-library modules a first visit imports before the game is interactive beyond a
bare Pyodide's: ``html`` and ``html.entities`` for PyScript's ``display`` (``html.entities``, a
table of 2,231 names, is about 27 ms of compiling), ``hashlib`` and ``datetime`` for the game.
``STDLIB`` has them compiled, with the modules a bare interpreter imports; e2e/test_deployed.py
checks that the start compiles nothing of the standard library."""
INTERPRETER = Path("static") / "interpreter.mjs"
STDLIB_IN_INTERPRETER = re.compile(r'(const STDLIB_URL = new URL\()"[^"]*"(, import\.meta\.url\))')
"""Where ``static/interpreter.mjs`` names the standard library for Pyodide: the CDN's, in
the source tree."""
STDLIB_PRELOAD = re.compile(r'(<link rel="preload" href=)"[^"]*/python_stdlib\.zip"')
"""The page's hint for the same file."""
ARCHIVE_IN_INTERPRETER = re.compile(r"(const ARCHIVE_URL = )null;")
"""Where ``static/interpreter.mjs`` names the package's archive: none in the source tree."""
COMPILER = Path(__file__).with_name("pyodide_compile.mjs")
COMPRESSOR = Path(__file__).with_name("pyodide_zstd.mjs")
DATACLASS_CODE = f"yacht/{SHIPPED_NAME}"
"""The methods of the package's dataclasses, compiled (see yacht/dataclass_code.py)."""
PYSCRIPT_AT_START = (
    "__init__",
    "context",
    "display",
    "events",
    "fetch",
    "ffi",
    "flatted",
    "storage",
    "util",
    "websocket",
    "workers",
)
"""The modules of PyScript's own Python package a start imports. PyScript writes their sources
into the file system at every start, and Python would compile them each time (about 9 ms under
Node); the build ships them compiled, checked against those sources by hash (PEP 552), in
``pyscript/__pycache__``. e2e/test_deployed.py checks that the start imports these and that
Python finds their bytecode current."""
PYSCRIPT_CORE = Path("node_modules") / "@pyscript" / "core"
ARCHIVE_TIME = 315532800
"""Every archive member's date (1980-01-01): the same sources make the same archive, so the
service worker (which names a release after a hash of its files) sees no new release in a
rebuild."""


class BuildError(Exception):
    """The site cannot be built (no Node, no pinned Pyodide, a file that does not compile)."""


@dataclass(frozen=True)
class Bytecode:
    """The interpreter that compiled the bytecode: it must be the page's."""

    python: str
    magic: str
    cache_tag: str
    stdlib: tuple[str, ...]
    """The standard-library modules compiled in ``STDLIB``."""
    dataclasses: int
    """How many dataclass sources the package's modules compiled, shipped in
    ``DATACLASS_CODE``."""
    pyscript: tuple[str, ...]
    """Where ``PYSCRIPT_AT_START``'s bytecode was written, below the output folder."""


@dataclass(frozen=True)
class BuiltSite:
    """What ``build_site`` wrote."""

    root: Path
    at_start: tuple[str, ...]
    """What the page fetches before the game's Python starts: the archive, or without one the
    config's ``files``."""
    bytecode: Bytecode | None


def build_site(
    dest: Path,
    *,
    archive: bool = True,
    bytecode: bool = True,
    root: Path = ROOT,
    pyodide: Path | None = None,
) -> BuiltSite:
    """Write the site into ``dest`` (a new or empty folder) from the tree at ``root``."""
    if dest.exists() and any(dest.iterdir()):
        raise BuildError(f"{dest} is not empty")
    dest.mkdir(parents=True, exist_ok=True)
    files = site_files(root / "yacht")
    for name in (*PUBLISHED, SELF_HOSTED_RUNTIME):
        if name != "yacht" and (name in PUBLISHED or (root / name).exists()):
            _copy(root / name, dest / name)
    for name in (ENTRY_SCRIPT, *files.later):
        _copy(root / name, dest / name)

    pyodide = pyodide or root / "node_modules" / "pyodide"
    with tempfile.TemporaryDirectory() as staging_name:
        staging = Path(staging_name)
        compiled = None
        modules = [name for name in files.at_start if name.endswith(".py")]
        staged: list[str] = []
        if bytecode:
            compiled = compile_to_bytecode(root, modules, staging, pyodide)
            staged += [*compiled.pyscript, DATACLASS_CODE]
            use_own_stdlib(staging / STDLIB, dest)
        leave_out = unused_in_the_browser()
        for name in files.at_start:
            if bytecode and name in modules:
                staged.append(name.removesuffix(".py") + ".pyc")
            else:
                _stage(root / name, staging / name, leave_out)
                staged.append(name)
        config = json.loads((root / JSON_CONFIG.name).read_text(encoding="utf-8"))
        if archive:
            write_archive(staging, staged, dest / ARCHIVE, pyodide)
            at_start: tuple[str, ...] = (f"./{ARCHIVE}",)
            # Nothing for PyScript to fetch; the empty table stays, as a service worker reads
            # the config for the tables' addresses only when it has one (sw.js, referencesIn).
            config["files"] = {}
            _rewrite(
                dest / INTERPRETER,
                ARCHIVE_IN_INTERPRETER,
                rf'\1new URL("../{ARCHIVE}", import.meta.url).href;',
            )
        else:
            for name in staged:
                _copy(staging / name, dest / name)
            config["files"] = {f"./{name}": f"./{name}" for name in staged}
            at_start = tuple(config["files"])
    (dest / JSON_CONFIG.name).write_text(
        json.dumps(config, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    preloads = SiteFiles(tuple(source.removeprefix("./") for source in at_start), files.later)
    page = updated_page((dest / PAGE.name).read_text(encoding="utf-8"), preloads)
    (dest / PAGE.name).write_text(page, encoding="utf-8")
    return BuiltSite(dest, tuple(at_start), compiled)


def use_own_stdlib(stdlib: Path, site: Path) -> None:
    """Put ``stdlib`` into ``site`` as ``STDLIB``, and point the page's interpreter and its
    preload hint at it."""
    (site / STDLIB).write_bytes(stdlib.read_bytes())
    _rewrite(site / PAGE.name, STDLIB_PRELOAD, rf'\1"{STDLIB}"')
    _rewrite(site / INTERPRETER, STDLIB_IN_INTERPRETER, rf'\1"../{STDLIB}"\2')


def _rewrite(path: Path, pattern: re.Pattern[str], replacement: str) -> None:
    """Replace the one match of ``pattern`` in the file at ``path``."""
    text, count = pattern.subn(replacement, path.read_text(encoding="utf-8"))
    if count != 1:
        raise BuildError(f"{path.name}: {count} matches of {pattern.pattern}, not one")
    path.write_text(text, encoding="utf-8")


def compile_to_bytecode(root: Path, modules: list[str], out: Path, pyodide: Path) -> Bytecode:
    """Compile ``modules`` (paths below ``root``) to ``.pyc`` below ``out``, and write ``STDLIB``
    there, in Pyodide."""
    command = [_node(pyodide, "bytecode"), str(COMPILER), str(pyodide), str(root), str(out)]
    job = {
        "package": modules,
        "stdlib": {"modules": list(STDLIB_AT_START), "out": STDLIB},
        "dataclasses": {"modules": [module_name(name) for name in modules], "out": DATACLASS_CODE},
        "pyscript": {"core": str(root / PYSCRIPT_CORE), "modules": list(PYSCRIPT_AT_START)},
    }
    done = subprocess.run(
        command, input=json.dumps(job), capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise BuildError(f"compiling in Pyodide failed:\n{done.stderr.strip()}")
    report = json.loads(done.stdout.strip().splitlines()[-1])
    return Bytecode(
        report["python"],
        report["magic"],
        report["cache_tag"],
        tuple(report["stdlib"]),
        report["dataclasses"],
        tuple(report["pyscript"]),
    )


def _node(pyodide: Path, what: str) -> str:
    """Node, to run the pinned Pyodide in ``pyodide`` for ``what``."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(f"{what} needs Node.js (node) to run the pinned Pyodide")
    if not (pyodide / "pyodide.mjs").is_file():
        raise BuildError(f"no Pyodide in {pyodide}: run npm ci (make install)")
    return node


def write_archive(staging: Path, names: list[str], path: Path, pyodide: Path) -> None:
    """``names`` (paths below ``staging``) as the site's archive at ``path``: their tar,
    compressed with Zstandard by the Pyodide in ``pyodide``."""
    with tempfile.TemporaryDirectory() as scratch:
        plain = Path(scratch) / "archive.tar"
        plain.write_bytes(tar_of_files(staging, names))
        command = [
            _node(pyodide, "the archive"),
            str(COMPRESSOR),
            str(pyodide),
            str(plain),
            str(path),
        ]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BuildError(f"compressing the archive in Pyodide failed:\n{done.stderr.strip()}")


def tar_of_files(staging: Path, names: list[str]) -> bytes:
    """The tar inside the site's archive: ``names`` (paths below ``staging``), in name order."""
    # A POSIX ustar archive of regular files only (static/archive.mjs reads no other kind), its
    # folders made by the reader; owners and modes fixed, so that the bytes depend on the files.
    tar = io.BytesIO()
    with tarfile.open(fileobj=tar, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for name in sorted(names):
            data = (staging / name).read_bytes()
            member = tarfile.TarInfo(name)
            member.size = len(data)
            member.mtime = ARCHIVE_TIME
            member.mode = 0o644
            archive.addfile(member, io.BytesIO(data))
    return tar.getvalue()


def _stage(source: Path, target: Path, leave_out: set[Key]) -> None:
    """Copy a start-up file as it ships: a translation catalog as the game reads it."""
    if source.suffix != ".po":
        _copy(source, target)
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(
        shipped_catalog(source.read_text(encoding="utf-8"), leave_out), encoding="utf-8"
    )


def _copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if source.is_dir():
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
    else:
        shutil.copy2(source, target)
