"""Python run in the pinned Pyodide under Node: for what only the page's runtime can tell (its
bytecode, its standard library), shared by the unit tests and the e2e suite."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
STARTER = ROOT / "yacht" / "tools" / "node_pyodide.mjs"
"""How the build's tools start the pinned Pyodide under Node; the tests start it the same way."""

# The runtime's standard-library modules imported from their source (compiled on import).
STDLIB_FROM_SOURCE_PY = """
import json, sys
json.dumps(sorted(
    name for name, module in sys.modules.items()
    if (origin := getattr(getattr(module, "__spec__", None), "origin", None))
    and origin.startswith("/lib/python") and origin.endswith(".py")
))
"""

# Starts the pinned Pyodide (with another standard library's archive when one is given), mounts a
# folder at /site when one is given, runs the code and prints the value of its last expression.
_SCRIPT = """
import { startPyodide } from %(starter)s;
const stdLibURL = %(stdlib)s;
const pyodide = await startPyodide(%(pyodide)s, stdLibURL === null ? {} : { stdLibURL });
const site = %(site)s;
if (site !== null) {
  pyodide.FS.mkdirTree("/site");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: site }, "/site");
}
console.log(pyodide.runPython(%(code)s));
"""


def starter_arguments() -> dict[str, str]:
    """What a script's ``%(starter)s`` and ``%(pyodide)s`` stand for (JSON texts): the module
    that starts the pinned Pyodide (``startPyodide``) and the runtime's folder."""
    return {"starter": json.dumps(STARTER.as_uri()), "pyodide": json.dumps(str(PYODIDE))}


def pyodide_available() -> bool:
    """Whether Node and the pinned Pyodide (make install) are here."""
    return shutil.which("node") is not None and (PYODIDE / "pyodide.mjs").is_file()


def run_in_pyodide(
    code: str, scratch: Path, site: Path | None = None, stdlib: Path | None = None
) -> Any:
    """Run ``code`` in a freshly started pinned Pyodide (``site`` mounted at /site; ``stdlib``
    its standard library's archive instead of its own); the value of its last expression, a
    JSON text, decoded. ``scratch``: a folder for the script."""
    script = scratch / "in_pyodide.mjs"
    script.write_text(
        _SCRIPT
        % {
            **starter_arguments(),
            "site": json.dumps(None if site is None else str(site)),
            "stdlib": json.dumps(None if stdlib is None else str(stdlib)),
            "code": json.dumps(code),
        },
        "utf-8",
    )
    node = shutil.which("node")
    assert node is not None, "node runs the pinned Pyodide (make install)"
    done = subprocess.run([node, str(script)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])
