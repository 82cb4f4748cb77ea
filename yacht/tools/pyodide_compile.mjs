// Compile Python sources to bytecode with the pinned Pyodide itself, under Node, for the site
// build (yacht/tools/build_site.py runs it). A .pyc only loads in the CPython that wrote it
// (its magic number names the bytecode version), and the page runs Pyodide's CPython, not the
// one on the build machine: so Pyodide compiles.
//
//   node pyodide_compile.mjs PYODIDE_DIR SOURCE_ROOT OUT_ROOT < files.json
//
// files.json: a JSON list of paths below SOURCE_ROOT ("yacht/rules/dice.py"). Each is written
// to OUT_ROOT under the same path with the suffix .pyc, as a sourceless module (the page ships
// no .py beside it), with its path as the file name its tracebacks show. Prints one JSON line:
// the Python version, the magic number (hex) and the cache tag of the compiling interpreter.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, sourceRoot, outRoot] = process.argv.slice(2).map((arg) => resolve(arg));
const files = JSON.parse(readFileSync(0, "utf-8"));

const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: () => {}, stderr: console.error });
const { FS } = pyodide;
FS.mkdirTree("/src");
FS.mkdirTree("/out");
FS.mount(FS.filesystems.NODEFS, { root: sourceRoot }, "/src");
FS.mount(FS.filesystems.NODEFS, { root: outRoot }, "/out");
pyodide.globals.set("files", pyodide.toPy(files));
const report = pyodide.runPython(`
import importlib.util, json, os, py_compile, sys

for name in files:
    target = "/out/" + name[: -len(".py")] + ".pyc"
    os.makedirs(os.path.dirname(target), exist_ok=True)
    # UNCHECKED_HASH: the header carries no source timestamp to compare (there is no source).
    py_compile.compile(
        "/src/" + name, cfile=target, dfile=name, doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
json.dumps({
    "python": sys.version.split()[0],
    "magic": importlib.util.MAGIC_NUMBER.hex(),
    "cache_tag": sys.implementation.cache_tag,
})
`);
console.log(report);
