"""The deployed site's build (``python -m yacht build-site``): what it writes, file by file.

The build in the browser (boot, play, offline) is e2e/test_deployed.py; here the folder itself.
"""

from __future__ import annotations

import dataclasses
import io
import json
import re
import struct
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest
import zstandard

from tests.in_pyodide import PYODIDE, STDLIB_FROM_SOURCE_PY, pyodide_available, run_in_pyodide
from yacht.i18n import LANGUAGES, read_po
from yacht.rules.rulesets import UpperBonus
from yacht.tools.build_site import (
    ARCHIVE,
    ARCHIVE_TIME,
    DATACLASS_CODE,
    INTERPRETER,
    PUBLISHED,
    PYSCRIPT_AT_START,
    STDLIB,
    STDLIB_AT_START,
    BuildError,
    BuiltSite,
    build_site,
)
from yacht.tools.messages_catalog import collect
from yacht.tools.shipped_catalogs import TOOLS, shipped_catalog, unused_in_the_browser
from yacht.tools.site_files import ENTRY_SCRIPT, site_files
from yacht.web.memory_snapshot import module_name

ROOT = Path(__file__).resolve().parent.parent


def config_of(site: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((site / "pyscript.json").read_text("utf-8"))
    return data


def local_preloads(site: Path) -> list[str]:
    html = (site / "index.html").read_text("utf-8")
    hrefs = re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"', html)
    return [href for href in hrefs if not href.startswith("https://")]


def open_archive(site: Path) -> tarfile.TarFile:
    """The site's archive: a tar compressed with Zstandard."""
    tar = zstandard.ZstdDecompressor().decompress((site / ARCHIVE).read_bytes())
    return tarfile.open(fileobj=io.BytesIO(tar))


def archive_names(site: Path) -> list[str]:
    with open_archive(site) as archive:
        return sorted(archive.getnames())


def extract_archive(site: Path, folder: Path) -> None:
    with open_archive(site) as archive:
        archive.extractall(folder, filter="data")


@pytest.fixture(scope="module")
def source_archive(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """A build with the archive but not the bytecode."""
    if not pyodide_available():
        pytest.skip("the archive is compressed by node_modules/pyodide under Node (make install)")
    return build_site(tmp_path_factory.mktemp("source-archive") / "site", bytecode=False)


def test_the_archive_holds_every_start_up_file_and_the_interpreter_names_it(
    source_archive: BuiltSite,
) -> None:
    site = source_archive.root
    assert archive_names(site) == sorted(site_files().at_start)
    # PyScript unpacks no Zstandard: the page's interpreter module does, so the config lists no
    # files for PyScript to fetch.
    config = config_of(site)
    assert config["files"] == {}
    assert source_archive.at_start == (f"./{ARCHIVE}",)
    source = config_of(ROOT)
    assert {key: config[key] for key in config if key != "files"} == {
        key: source[key] for key in source if key != "files"
    }, "the rest of the config (interpreter, plugins, the tables) is the source tree's"
    built = (site / INTERPRETER).read_text("utf-8")
    tree = (ROOT / INTERPRETER).read_text("utf-8")
    assert "const ARCHIVE_URL = null;" in tree
    assert built == tree.replace(
        "const ARCHIVE_URL = null;",
        f'const ARCHIVE_URL = new URL("../{ARCHIVE}", import.meta.url).href;',
    )
    with open_archive(site) as archive:
        member = archive.extractfile("yacht/rules/dice.py")
        assert member is not None
        assert member.read() == (ROOT / "yacht/rules/dice.py").read_bytes()


def test_the_archive_holds_plain_files_the_page_reads_itself(source_archive: BuiltSite) -> None:
    # static/archive.mjs reads a POSIX tar of regular files with ASCII names, in one Zstandard
    # frame that carries its content's checksum (a damaged copy must fail to inflate).
    data = (source_archive.root / ARCHIVE).read_bytes()
    frame = zstandard.get_frame_parameters(data)
    assert frame.has_checksum
    assert frame.content_size == len(zstandard.ZstdDecompressor().decompress(data))
    with open_archive(source_archive.root) as archive:
        members = archive.getmembers()
    assert all(member.isreg() for member in members)
    assert all(member.name.isascii() and not member.pax_headers for member in members)
    assert {(member.mode, member.uid, member.gid, member.mtime) for member in members} == {
        (0o644, 0, 0, ARCHIVE_TIME)
    }


def test_the_page_preloads_what_the_built_config_names(source_archive: BuiltSite) -> None:
    assert local_preloads(source_archive.root) == ["pyscript.json", ENTRY_SCRIPT, ARCHIVE]


def test_the_rest_of_the_site_is_copied_unchanged(source_archive: BuiltSite) -> None:
    site = source_archive.root
    for name in PUBLISHED:
        if name in ("index.html", "pyscript.json", "yacht"):
            continue
        source = ROOT / name
        paths = [p for p in source.rglob("*") if p.is_file()] if source.is_dir() else [source]
        for path in paths:
            relative = path.relative_to(ROOT)
            if "__pycache__" in path.parts or relative == INTERPRETER:
                continue  # the interpreter module names the archive (checked above)
            assert (site / relative).read_bytes() == path.read_bytes(), relative
    # Outside the archive: the entry script PyScript reads as text, and the tables.
    python = [p.relative_to(site).as_posix() for p in site.rglob("*.py")]
    assert python == [ENTRY_SCRIPT]
    for table in site_files().later:
        assert (site / table).read_bytes() == (ROOT / table).read_bytes()


def test_the_translations_ship_as_the_game_reads_them(source_archive: BuiltSite) -> None:
    """No comments, no message only the tools use; every other translation as in the source."""
    leave_out = unused_in_the_browser()
    assert (None, "The game could not start.") in leave_out
    with open_archive(source_archive.root) as archive:
        for language in sorted(LANGUAGES.keys() - {"en"}):
            name = f"yacht/locale/{language}.po"
            member = archive.extractfile(name)
            assert member is not None, name
            shipped_text = member.read().decode("utf-8")
            source_text = (ROOT / name).read_text(encoding="utf-8")
            assert len(shipped_text) < 0.9 * len(source_text), name
            assert not [line for line in shipped_text.splitlines() if line.startswith("#")]
            shipped, source = read_po(shipped_text), read_po(source_text)
            assert shipped.messages == {
                key: forms for key, forms in source.messages.items() if key not in leave_out
            }
            assert (shipped.headers, shipped.plurals) == (source.headers, source.plurals)
            assert [shipped.plural_index(n) for n in range(201)] == [
                source.plural_index(n) for n in range(201)
            ]


def test_a_message_the_page_or_the_game_uses_is_never_left_out() -> None:
    leave_out = unused_in_the_browser()
    assert leave_out, "the texts of a failed start are the tools' alone"
    in_use = {
        key
        for key, message in collect().items()
        if any(not place.startswith(TOOLS) for place in message.places)
    }
    assert not leave_out & in_use
    assert (None, "Roll") in in_use


def test_a_catalog_with_every_kind_of_entry_ships_whole() -> None:
    text = """# A translator's comment
msgid ""
msgstr ""
"Language: xx\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#: yacht/views/board.py
#, python-brace-format
msgctxt "category"
msgid "Ones \\"quoted\\""
msgstr "Eins \\"zitiert\\"\\n{x}"

msgid "{n} roll left"
msgid_plural "{n} rolls left"
msgstr[0] "one {n}"
msgstr[1] "many {n}"

#, fuzzy
msgid "Fuzzy"
msgstr "Not used"

#~ msgid "Old"
#~ msgstr "Gone"

msgid "Only the tools"
msgstr "Left out"
"""
    shipped = read_po(shipped_catalog(text, {(None, "Only the tools")}))
    source = read_po(text)
    assert shipped.messages == {
        ("category", 'Ones "quoted"'): ('Eins "zitiert"\n{x}',),
        (None, "{n} roll left"): ("one {n}", "many {n}"),
    }
    assert source.messages.keys() - shipped.messages.keys() == {(None, "Only the tools")}
    assert shipped.plurals == source.plurals == {(None, "{n} roll left"): "{n} rolls left"}
    assert shipped.headers == source.headers
    assert [shipped.plural_index(n) for n in (0, 1, 2)] == [1, 0, 1]


def test_a_rebuild_makes_the_same_archive(source_archive: BuiltSite, tmp_path: Path) -> None:
    # The service worker names a release after a hash of its files: an unchanged tree must not
    # look like a new release.
    again = build_site(tmp_path / "again", bytecode=False)
    assert (again.root / ARCHIVE).read_bytes() == (source_archive.root / ARCHIVE).read_bytes()


def test_one_file_per_module_without_the_archive(tmp_path: Path) -> None:
    site = build_site(tmp_path / "loose", archive=False, bytecode=False).root
    assert config_of(site)["files"] == config_of(ROOT)["files"]
    assert not (site / ARCHIVE).exists()
    assert local_preloads(site) == local_preloads(ROOT)
    assert (site / INTERPRETER).read_bytes() == (ROOT / INTERPRETER).read_bytes()  # no archive


def test_the_build_refuses_a_folder_that_is_not_empty(tmp_path: Path) -> None:
    (tmp_path / "old.txt").write_text("a previous build")
    with pytest.raises(BuildError, match="not empty"):
        build_site(tmp_path, bytecode=False)


# -- bytecode, compiled by the pinned Pyodide under Node ----------------------------------------


@pytest.fixture(scope="module")
def bytecode_archive(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    if not pyodide_available():
        pytest.skip("bytecode is compiled by node_modules/pyodide under Node (make install)")
    return build_site(tmp_path_factory.mktemp("bytecode") / "site")


@pytest.mark.slow
def test_bytecode_is_of_the_pinned_pyodides_python(bytecode_archive: BuiltSite) -> None:
    code = bytecode_archive.bytecode
    assert code is not None
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text("utf-8"))
    major_minor = ".".join(lock["info"]["python"].split(".")[:2])
    assert code.python.startswith(major_minor + ".")
    assert code.cache_tag == "cpython-" + major_minor.replace(".", "")
    with open_archive(bytecode_archive.root) as archive:
        for member in archive.getmembers():
            name = member.name
            if not name.endswith(".pyc"):
                continue
            file = archive.extractfile(member)
            assert file is not None
            magic, flags = struct.unpack("<4sI", file.read()[:8])
            assert magic.hex() == code.magic, name
            if name.startswith("pyscript/"):
                assert flags == 0b11, f"{name}: checked against the source PyScript writes"
            else:
                assert flags == 0b01, f"{name}: an unchecked hash-based .pyc (there is no source)"


@pytest.mark.slow
def test_every_module_ships_as_bytecode_and_nothing_else_changes(
    bytecode_archive: BuiltSite,
) -> None:
    code = bytecode_archive.bytecode
    assert code is not None
    expected = sorted(
        [
            *(
                name.removesuffix(".py") + ".pyc" if name.endswith(".py") else name
                for name in site_files().at_start
            ),
            *(f"pyscript/__pycache__/{name}.{code.cache_tag}.pyc" for name in PYSCRIPT_AT_START),
            DATACLASS_CODE,
        ]
    )
    assert archive_names(bytecode_archive.root) == expected
    assert any(name.endswith(".po") for name in expected)


# Imports the built archive in the pinned Pyodide under Node and reports what the code kept.
IMPORT_BUILT_PY = """
import dataclasses, json, sys
sys.path.insert(0, "/site")
import yacht.i18n as i18n
import yacht.rules.dice as dice
from yacht.rules.rulesets import UpperBonus
from yacht.saves.slots import Store
function = dice.face_counts
positions = list(function.__code__.co_positions())
json.dumps({
    "module_doc": dice.__doc__,
    "function_doc": function.__doc__,
    "protocol_method": Store.read.__doc__,
    "class_doc": Store.__doc__,
    "dataclass_doc": UpperBonus.__doc__,
    "lines": all(line is not None for line, _, _, _ in positions[1:]),
    "columns": any(column is not None for _, _, column, _ in positions),
    "function_annotations": function.__annotations__,
    "module_annotations": i18n.__annotations__,
    "module_names": sorted(set(i18n.LANGUAGES) & {"en", "ru"}),
    "dataclass_fields": [field.name for field in dataclasses.fields(UpperBonus)],
})
"""


@pytest.mark.slow
def test_bytecode_leaves_out_docstrings_column_ranges_and_annotations(
    bytecode_archive: BuiltSite, tmp_path: Path
) -> None:
    # Only readers of the source use them; line numbers stay for tracebacks, and a dataclass
    # keeps the annotations that are its fields, and its docstring (without one, the dataclass
    # decorator would work one out from the class's signature at every start).
    extract_archive(bytecode_archive.root, tmp_path / "site")
    kept = run_in_pyodide(IMPORT_BUILT_PY, tmp_path, site=tmp_path / "site")
    assert kept == {
        "module_doc": None,
        "function_doc": None,
        "protocol_method": None,
        "class_doc": None,
        "dataclass_doc": UpperBonus.__doc__,
        "lines": True,
        "columns": False,
        "function_annotations": {},
        "module_annotations": {},
        "module_names": ["en", "ru"],
        "dataclass_fields": [field.name for field in dataclasses.fields(UpperBonus)],
    }


def zip_entries(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@pytest.mark.slow
def test_the_standard_library_is_the_runtimes_with_the_starts_modules_compiled(
    bytecode_archive: BuiltSite,
) -> None:
    code = bytecode_archive.bytecode
    assert code is not None
    runtime = zip_entries(PYODIDE / "python_stdlib.zip")
    shipped = zip_entries(bytecode_archive.root / STDLIB)
    compiled = {name.removesuffix("c") for name in shipped if name.endswith(".pyc")}
    # Every entry is the runtime's own, but for the modules compiled in place of their source.
    assert set(shipped) == (set(runtime) - compiled) | {name + "c" for name in compiled}
    assert all(shipped[name] == runtime[name] for name in set(runtime) - compiled)
    modules = {
        name.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for name in compiled
    }
    assert modules == set(code.stdlib)
    # What a bare interpreter imports (Pyodide's own modules, asyncio for them), and the four
    # the game's start adds.
    assert {"encodings.utf_8", "asyncio.base_events", "_pyodide._base", "ast"} <= modules
    assert set(STDLIB_AT_START) <= modules
    for name in compiled:
        magic, flags = struct.unpack("<4sI", shipped[name + "c"][:8])
        assert magic.hex() == code.magic, name
        assert flags == 0b01, f"{name}: an unchecked hash-based .pyc (there is no source)"


@pytest.mark.slow
def test_the_page_and_its_interpreter_load_the_sites_standard_library(
    bytecode_archive: BuiltSite, source_archive: BuiltSite
) -> None:
    def stdlib_urls(site: Path) -> list[str]:
        page = (site / "index.html").read_text("utf-8")
        interpreter = (site / "static/interpreter.mjs").read_text("utf-8")
        return [
            *re.findall(r'<link rel="preload" href="([^"]*stdlib[^"]*)"', page),
            *re.findall(r'const STDLIB_URL = new URL\("([^"]*)", import\.meta\.url\)', interpreter),
        ]

    assert stdlib_urls(bytecode_archive.root) == [STDLIB, f"../{STDLIB}"]
    # Without the bytecode, the runtime's own, as in the source tree.
    cdn = "https://cdn.jsdelivr.net/pyodide/v314.0.2/full/python_stdlib.zip"
    assert stdlib_urls(source_archive.root) == stdlib_urls(ROOT) == [cdn, cdn]
    assert not (source_archive.root / STDLIB).exists()


# Imports the standard library's bytecode from the site's archive, then the runtime's own
# modules, and compares.
IMPORT_STDLIB_PY = """
import importlib, json, sys
NAMES = ["datetime", "hashlib", "html", "html.entities", "json", "asyncio"]
def behaviour(modules):
    return {
        "names": {name: sorted(vars(modules[name])) for name in NAMES},
        "entities": modules["html.entities"].html5,
        "escape": modules["html"].escape("<a title='x'>&amp;"),
        "unescape": modules["html"].unescape("&Aacute;&#x263A;&amp"),
        "sha256": modules["hashlib"].sha256(b"yacht").hexdigest(),
        "date": modules["datetime"].date(2026, 12, 2).isoformat(),
        "json": modules["json"].dumps({"a": [1, 2.5, None]}),
    }
PACKAGES = {name.split(".")[0] for name in NAMES}
def fresh():
    for name in [name for name in sys.modules if name.split(".")[0] in PACKAGES]:
        del sys.modules[name]
    importlib.invalidate_caches()
    return {name: importlib.import_module(name) for name in NAMES}
sys.path.insert(0, "/site/stdlib.zip")
shipped = fresh()
origins = {name: module.__spec__.origin for name, module in shipped.items()}
seen = behaviour(shipped)
sys.path.remove("/site/stdlib.zip")
runtime = fresh()
json.dumps({
    "origins": origins,
    "runtime_origins": {name: module.__spec__.origin for name, module in runtime.items()},
    "same": seen == behaviour(runtime),
})
"""


@pytest.mark.slow
def test_the_standard_library_bytecode_is_the_runtimes_own_modules(
    bytecode_archive: BuiltSite, tmp_path: Path
) -> None:
    # They must be the very modules the runtime would have compiled: the same names, tables and
    # results.
    found = run_in_pyodide(IMPORT_STDLIB_PY, tmp_path, site=bytecode_archive.root)
    assert found["origins"] == {
        "datetime": "/site/stdlib.zip/datetime.pyc",
        "hashlib": "/site/stdlib.zip/hashlib.pyc",
        "html": "/site/stdlib.zip/html/__init__.pyc",
        "html.entities": "/site/stdlib.zip/html/entities.pyc",
        "json": "/site/stdlib.zip/json/__init__.pyc",
        "asyncio": "/site/stdlib.zip/asyncio/__init__.pyc",
    }
    assert all(
        origin.startswith("/lib/python") and origin.endswith(".py")
        for origin in found["runtime_origins"].values()
    ), found["runtime_origins"]
    assert found["same"] is True


@pytest.mark.slow
def test_a_pyodide_started_with_the_sites_standard_library_compiles_none_of_it(
    bytecode_archive: BuiltSite, tmp_path: Path
) -> None:
    bare = run_in_pyodide(STDLIB_FROM_SOURCE_PY, tmp_path)
    assert len(bare) > 100  # Pyodide's own archive: every module the start imports is compiled
    site = run_in_pyodide(STDLIB_FROM_SOURCE_PY, tmp_path, stdlib=bytecode_archive.root / STDLIB)
    assert site == []


@pytest.mark.slow
def test_a_rebuild_makes_the_same_standard_library(
    bytecode_archive: BuiltSite, tmp_path: Path
) -> None:
    # Part of the release the service worker names after a hash of its files.
    again = build_site(tmp_path / "again")
    assert (again.root / STDLIB).read_bytes() == (bytecode_archive.root / STDLIB).read_bytes()


# Imports every module of the built archive in the pinned Pyodide under Node, as the page would
# (its own module stood in for), and reports how the dataclasses were made.
IMPORT_ALL_BUILT_PY = """
import dataclasses, importlib, json, sys, types
sys.path.insert(0, "/site")
page = types.ModuleType("pyscript")
page.document = page.window = None
sys.modules["pyscript"] = page
for name in json.loads(MODULES):
    importlib.import_module(name)
from yacht.dataclass_code import installed
from yacht.rules.rulesets import UpperBonus
hook = installed()
bonus = UpperBonus(threshold=63, points=35)
try:
    bonus.points = 0
except dataclasses.FrozenInstanceError:
    frozen = True
else:
    frozen = False
json.dumps({
    "hook": None if hook is None else [hook.hits, hook.misses],
    "repr": repr(bonus),
    "equal": bonus == UpperBonus(threshold=63, points=35),
    "frozen": frozen,
})
"""


@pytest.mark.slow
def test_every_dataclass_of_the_package_is_made_from_the_shipped_code(
    bytecode_archive: BuiltSite, tmp_path: Path
) -> None:
    # The build records the methods the dataclass decorator compiles (yacht/dataclass_code.py)
    # while importing every module; the page then compiles none of them.
    code = bytecode_archive.bytecode
    assert code is not None
    assert code.dataclasses >= 80  # one source a class in Pyodide's Python
    extract_archive(bytecode_archive.root, tmp_path / "site")
    modules = [module_name(name) for name in site_files().at_start if name.endswith(".py")]
    script = f"MODULES = {json.dumps(json.dumps(modules))}\n" + IMPORT_ALL_BUILT_PY
    made = run_in_pyodide(script, tmp_path, site=tmp_path / "site")
    hits, misses = made["hook"]
    assert misses == 0
    assert hits >= code.dataclasses  # a few classes write the same source
    assert made["repr"] == repr(UpperBonus(threshold=63, points=35))
    assert made["equal"] is True
    assert made["frozen"] is True
