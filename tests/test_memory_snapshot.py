"""The memory snapshot's Python side (yacht/web/memory_snapshot.py), and Pyodide's snapshot hooks.

On CPython: which files and modules a snapshot depends on, and that ``resume`` refuses one made
from other files. Under Node, with the pinned Pyodide from node_modules: a real snapshot of the
game's modules, restored, and refused when made by another build. (A truncated one is refused
before Pyodide sees it: static/interpreter.mjs checks its length; e2e/test_start_from_snapshot.py.)
"""

from __future__ import annotations

import json
import py_compile
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.in_pyodide import pyodide_available, starter_arguments
from yacht.web import memory_snapshot

ROOT = Path(__file__).resolve().parent.parent


def shipped_copy(destination: Path) -> Path:
    """The package as the page has it: sources and translations, no tools, no tables."""
    shutil.copytree(
        ROOT / "yacht",
        destination / "yacht",
        ignore=shutil.ignore_patterns("__pycache__", "tools", "__main__.py", "data"),
    )
    return destination


def test_digest_covers_sources_and_translations_only(tmp_path: Path) -> None:
    site = shipped_copy(tmp_path)
    root = site / "yacht"
    digest = memory_snapshot.source_digest(root)
    assert digest == memory_snapshot.source_digest(root)

    # Tables the game downloads later and bytecode caches are not what a snapshot holds.
    (root / "data").mkdir()
    (root / "data" / "traditional.ytb").write_bytes(b"table")
    (root / "rules" / "__pycache__").mkdir(exist_ok=True)
    (root / "rules" / "__pycache__" / "dice.cpython-314.pyc").write_bytes(b"code")
    assert memory_snapshot.source_digest(root) == digest

    scoring = root / "rules" / "scoring.py"
    scoring.write_text(scoring.read_text("utf-8").replace("def ", "def  ", 1), "utf-8")
    assert memory_snapshot.source_digest(root) != digest


@pytest.mark.parametrize(
    "change",
    [
        lambda root: (root / "locale" / "pl.po").write_text("", "utf-8"),
        lambda root: (root / "views" / "extra.py").write_text("X = 1\n", "utf-8"),
        lambda root: (root / "game" / "faces.py").unlink(),
        lambda root: (root / "game" / "faces.py").rename(root / "game" / "fakes.py"),
    ],
    ids=["translation emptied", "module added", "module removed", "module renamed"],
)
def test_digest_sees_every_kind_of_change(tmp_path: Path, change: object) -> None:
    root = shipped_copy(tmp_path) / "yacht"
    before = memory_snapshot.source_digest(root)
    change(root)  # type: ignore[operator]
    assert memory_snapshot.source_digest(root) != before


def test_the_snapshot_holds_all_but_the_page_layer() -> None:
    modules = memory_snapshot.snapshot_modules(ROOT / "yacht")
    assert {"yacht", "yacht.rules.scoring", "yacht.strategy.tables", "yacht.views.board"} <= set(
        modules
    )
    assert not [m for m in modules if m.startswith(("yacht.web", "yacht.tools", "yacht.__main"))]
    # The standard library the page layer imports comes along; the page's own modules do not.
    assert "traceback" in modules  # yacht/web/main.py
    assert not {"js", "pyscript", "pyodide"} & {m.partition(".")[0] for m in modules}
    # The package's own modules first, so that each is imported as the game imports it.
    own = [m for m in modules if m.startswith("yacht")]
    assert modules[: len(own)] == own


def bytecode_copy(destination: Path) -> Path:
    """The package as the built site ships it: a sourceless ``.pyc`` in each module's place."""
    site = shipped_copy(destination)
    for source in sorted((site / "yacht").rglob("*.py")):
        py_compile.compile(str(source), cfile=str(source.with_suffix(".pyc")), doraise=True)
        source.unlink()
    return site


def test_a_bytecode_build_snapshots_the_same_modules(tmp_path: Path) -> None:
    from_sources = memory_snapshot.snapshot_modules(shipped_copy(tmp_path / "source") / "yacht")
    root = bytecode_copy(tmp_path / "built") / "yacht"
    assert memory_snapshot.snapshot_modules(root) == from_sources

    # The bytecode is what the snapshot was made from: a changed module changes the digest.
    digest = memory_snapshot.source_digest(root)
    scoring = root / "rules" / "scoring.pyc"
    scoring.write_bytes(scoring.read_bytes() + b"\0")
    assert memory_snapshot.source_digest(root) != digest


def test_bytecode_of_another_python_is_read_as_importing_nothing(tmp_path: Path) -> None:
    root = bytecode_copy(tmp_path) / "yacht"
    # Another CPython's magic number, and code this one cannot unmarshal.
    (root / "web" / "main.pyc").write_bytes(b"\0\0\r\n" + bytes(12) + b"another format")
    modules = memory_snapshot.snapshot_modules(root)
    assert "yacht.rules.scoring" in modules


def run_python(site: Path, code: str) -> str:
    """Run ``code`` with ``site`` as the working directory (as the page's interpreter has it)."""
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=site,
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(site), "PYTHONDONTWRITEBYTECODE": "1"},
    )
    return result.stdout.strip()


def test_resume_accepts_its_own_files_and_refuses_others(tmp_path: Path) -> None:
    site = shipped_copy(tmp_path)
    out = run_python(
        site,
        """
        import random, sys
        from pathlib import Path
        from yacht.web import memory_snapshot as m

        assert m.resume() and m.made_from() is None  # a normal start: nothing to check
        digest = m.prepare()
        assert m.made_from() == digest == m.source_digest()
        assert "yacht.strategy.tables" in sys.modules and "yacht.web.app" not in sys.modules
        state = random.getstate()
        assert m.resume()
        assert random.getstate() != state  # drawn afresh, not the snapshot's

        # The page layer's modules compile from the snapshot's code, when byte-identical.
        from importlib.machinery import SourceFileLoader
        app = str(Path("yacht/web/app.py").resolve())
        source = Path(app).read_bytes()
        loader = SourceFileLoader("yacht.web.app", app)
        compiled = m._compiled[app][1]
        assert loader.source_to_code(source, app) is compiled
        assert loader.source_to_code(source + b"\\n", app) is not compiled
        scoring = Path("yacht/rules/scoring.py")
        scoring.write_text(scoring.read_text() + "\\n# another release\\n")
        print(m.resume())
        """,
    )
    assert out == "False"


def test_resume_refuses_a_snapshot_made_with_another_standard_library(tmp_path: Path) -> None:
    site = shipped_copy(tmp_path)
    out = run_python(
        site,
        """
        import sys, zipfile
        from yacht.web import memory_snapshot as m

        def write(path, text):
            with zipfile.ZipFile(path, "w") as archive:
                archive.writestr("stdlib_marker.py", text)

        write("stdlib.zip", "A = 1\\n")
        sys.path[:] = [path for path in sys.path if not path.endswith(".zip")] + ["stdlib.zip"]
        m.prepare()
        same = m.resume()
        write("stdlib.zip", "A = 2\\n")  # the same name and size, another CRC-32
        print(same, m.resume())
        """,
    )
    assert out == "True False"


NODE_CHECK = """
import { startPyodide } from %(starter)s;
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const site = %(site)s;
function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [relative(site, path)];
  });
}
function writeAll(py) {
  for (const path of files(join(site, "yacht"))) {
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, readFileSync(join(site, path)));
  }
}
const quiet = () => {};
const maker = await startPyodide(%(pyodide)s, { _makeSnapshot: true });
writeAll(maker);
const digest = maker.runPython(
  "__import__('importlib').import_module('yacht.web.memory_snapshot').prepare()"
);
const snapshot = maker.makeMemorySnapshot();
const result = { digest, bytes: snapshot.byteLength };

const restored = await startPyodide(%(pyodide)s, { _loadSnapshot: snapshot });
writeAll(restored);
result.resumed = restored.runPython(
  "from yacht.web import memory_snapshot as m; m.resume() and m.made_from()"
);
result.imported = restored.runPython(
  "import sys; sorted(m for m in sys.modules if m.startswith('yacht.web'))"
).toJs();
result.scored = restored.runPython(
  "import yacht; yacht.score([4, 4, 4, 4, 1], 'four_of_a_kind', ruleset='sum-all')"
);
restored.FS.writeFile("yacht/rules/scoring.py", "# another release\\n");
result.otherFiles = restored.runPython("m.resume()");

// The same snapshot, the same files, another standard library: one entry's CRC-32 changed in
// the archive's central directory.
const otherStdlib = await startPyodide(%(pyodide)s, { _loadSnapshot: snapshot });
writeAll(otherStdlib);
const archive = otherStdlib.runPython(
  "import sys; next(p for p in sys.path if p.endswith('.zip'))"
);
const zip = otherStdlib.FS.readFile(archive);
const directory = new DataView(zip.buffer, zip.byteOffset).getUint32(zip.length - 6, true);
zip[directory + 16] ^= 0xff;
otherStdlib.FS.writeFile(archive, zip);
result.otherStdlib = otherStdlib.runPython(
  "from yacht.web import memory_snapshot as m; m.resume()"
);

async function refused(bytes) {
  try {
    await startPyodide(%(pyodide)s, { _loadSnapshot: bytes, stderr: quiet });
    return "started";
  } catch (error) {
    return String(error.message).split("\\n")[0];
  }
}
const otherBuild = snapshot.slice();
otherBuild[16] ^= 0xff; // the first byte of the build id
result.otherBuild = await refused(otherBuild);
console.log(JSON.stringify(result));
"""


@pytest.mark.slow
@pytest.mark.skipif(not pyodide_available(), reason="needs `npm ci` (node_modules/pyodide)")
def test_pinned_pyodide_restores_the_game_from_a_snapshot(tmp_path: Path) -> None:
    site = shipped_copy(tmp_path / "site")
    script = tmp_path / "check.mjs"
    script.write_text(NODE_CHECK % {**starter_arguments(), "site": json.dumps(str(site))})
    node = shutil.which("node")
    assert node, "node is needed (it comes with npm)"
    run = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["resumed"] == result["digest"] == memory_snapshot.source_digest(site / "yacht")
    # Only the snapshot's own module of the page layer: the rest needs the page.
    assert result["imported"] == ["yacht.web", "yacht.web.memory_snapshot"]
    assert result["scored"] == 17
    assert result["otherFiles"] is False
    assert result["otherStdlib"] is False
    assert result["otherBuild"].startswith("Snapshot build id mismatch")
