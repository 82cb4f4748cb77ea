// Compile Python sources to bytecode with the pinned Pyodide itself, under Node, for the site
// build (yacht/tools/build_site.py runs it). A .pyc only loads in the CPython that wrote it
// (its magic number names the bytecode version), and the page runs Pyodide's CPython, not the
// one on the build machine: so Pyodide compiles.
//
//   node pyodide_compile.mjs PYODIDE_DIR SOURCE_ROOT OUT_ROOT < job.json
//
// job.json: {"package": [paths below SOURCE_ROOT, "yacht/rules/dice.py"], "stdlib": {"modules":
// [module names, "html.entities"], "out": a path below OUT_ROOT}, "dataclasses": {"modules":
// [module names], "out": a path below OUT_ROOT}, "pyscript": {...}}. Each file of the package is
// written to OUT_ROOT under the same path with the suffix .pyc, as a sourceless module (the page
// ships no .py beside it), with its path as the file name its tracebacks show. Prints one JSON
// line: the Python version, the magic number (hex) and the cache tag of the compiling
// interpreter, the standard-library modules compiled, how many dataclass sources were recorded,
// and the paths of PyScript's bytecode.
//
// "stdlib": the pinned Pyodide's standard library (python_stdlib.zip), written to "out" with the
// modules a start imports compiled: every module the interpreter imported from it while starting
// (seen here, before anything else runs), and "modules", those the game's start adds. Each of
// them is an unchecked hash-based .pyc in place of its .py, compiled as the runtime would compile
// it at import, under its own file name, docstrings and all (but for the column ranges, left out
// of everything compiled here: see below); every other entry is copied as it is. Pyodide loads the whole archive as its standard library (loadPyodide's stdLibURL), so
// nothing of it is compiled in the page at a start: a bare Pyodide compiles 125 modules at every
// start, about 1.7 of its 2.5 s under Node.
//
// "pyscript": {"core": the @pyscript/core package, "modules": names}: those modules of PyScript's
// own Python package, from the sources its core writes at every start (src/stdlib/pyscript.js),
// compiled to checked-hash bytecode in OUT_ROOT/pyscript/__pycache__, where the import system
// finds it beside the source.
//
// "dataclasses": once the package is compiled, its bytecode imports those modules (all of the
// package's), while yacht/dataclass_code.py records the methods the dataclass decorator
// compiles, and writes them to "out" (yacht/dataclass-code.bin): the page then makes those
// classes without compiling.
//
// Left out of the bytecode, as only readers of the source use them (two fifths of its size):
// docstrings (nothing in the game reads __doc__; a dataclass keeps its own, as the dataclass
// decorator makes one from the class's signature when there is none, which costs an
// inspect.signature() a class at import: 11 ms of the start-up's 76 under Node), the column
// ranges of each instruction
// (PYTHONNODEBUGRANGES: tracebacks keep their file and line, without the ^^^ markers), and the
// annotations of functions and module-level names (for mypy; nothing reads them at run time,
// and since Python 3.14 each annotated function carries an __annotate__ function of its own).
// A class body keeps its annotations: they are a dataclass's fields.
//
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { startPyodide } from "./node_pyodide.mjs";

const [pyodideDir, sourceRoot, outRoot] = process.argv.slice(2).map((arg) => resolve(arg));
const job = JSON.parse(readFileSync(0, "utf-8"));

const pyodide = await startPyodide(pyodideDir, { env: { PYTHONNODEBUGRANGES: "1" } });
const { FS } = pyodide;
FS.mkdirTree("/src");
FS.mkdirTree("/out");
FS.mount(FS.filesystems.NODEFS, { root: sourceRoot }, "/src");
FS.mount(FS.filesystems.NODEFS, { root: outRoot }, "/out");
// PyScript's own Python package, as its core writes it into the file system at every start.
if (job.pyscript) {
  const stdlib = `${resolve(job.pyscript.core)}/src/stdlib/pyscript.js`;
  const { default: sources } = await import(pathToFileURL(stdlib).href);
  job.pyscript.sources = sources.pyscript;
}
// The standard library's archive, and what the start imported from it: taken before anything
// else runs (the report below runs in the same globals).
pyodide.runPython(`
import sys
stdlib_archive = next(path for path in sys.path if path.endswith(".zip"))
imported_at_start = [
    (name, module.__spec__.origin) for name, module in sys.modules.items()
    if (getattr(getattr(module, "__spec__", None), "origin", None) or "").startswith(stdlib_archive + "/")
]
`);
pyodide.globals.set("job", pyodide.toPy(job));
const report = pyodide.runPython(`
import ast, importlib._bootstrap_external as external, importlib.util, json, os, sys

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)

def is_dataclass(node):
    return any(
        (decorator.func if isinstance(decorator, ast.Call) else decorator).id == "dataclass"
        for decorator in node.decorator_list
        if isinstance(decorator.func if isinstance(decorator, ast.Call) else decorator, ast.Name)
    )

def without_docstrings(tree):
    for node in ast.walk(tree):
        if not isinstance(node, DOCUMENTED) or not node.body:
            continue
        if isinstance(node, ast.ClassDef) and is_dataclass(node):
            continue  # kept: a dataclass without one computes its signature at import instead
        first = node.body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            # A body of a docstring alone (a protocol's method) keeps a statement.
            node.body[0:1] = [] if len(node.body) > 1 else [ast.copy_location(ast.Pass(), first)]
    return tree

SIGNED = (ast.FunctionDef, ast.AsyncFunctionDef)

def without_annotations(tree):
    for node in ast.walk(tree):
        if isinstance(node, SIGNED):
            arguments = node.args
            for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                             arguments.vararg, arguments.kwarg):
                if argument is not None:
                    argument.annotation = None
            node.returns = None
    # Module-level names only: "NAME: T = value" becomes "NAME = value"; "NAME: T" goes.
    body = []
    for statement in tree.body:
        if isinstance(statement, ast.AnnAssign):
            if statement.value is None:
                continue
            statement = ast.copy_location(
                ast.Assign(targets=[statement.target], value=statement.value), statement
            )
        body.append(statement)
    tree.body = body
    return tree

def write_sourceless(target, code, source):
    os.makedirs(os.path.dirname(target), exist_ok=True)
    # An unchecked hash-based .pyc, as py_compile's UNCHECKED_HASH writes: the header carries
    # no source timestamp to compare (there is no source).
    with open(target, "wb") as file:
        file.write(external._code_to_hash_pyc(code, importlib.util.source_hash(source), False))

for name in job["package"]:
    with open("/src/" + name, "rb") as file:
        source = file.read()
    code = compile(without_annotations(without_docstrings(ast.parse(source, name))), name, "exec", dont_inherit=True)
    write_sourceless("/out/" + name[: -len(".py")] + ".pyc", code, source)

stdlib = []
if job.get("stdlib"):
    import zipfile
    archive = stdlib_archive
    entries = {origin[len(archive) + 1 :]: name for name, origin in imported_at_start}
    for module in job["stdlib"]["modules"]:
        spec = importlib.util.find_spec(module)
        if spec is None or not (spec.origin or "").startswith(archive + "/"):
            raise SystemExit(f"{module}: not a module of this Pyodide's standard library")
        entries[spec.origin[len(archive) + 1 :]] = module
    if not all(entry.endswith(".py") for entry in entries):
        raise SystemExit("the standard library's archive holds other than source")
    with zipfile.ZipFile(archive) as source, zipfile.ZipFile(
        "/out/" + job["stdlib"]["out"], "w", zipfile.ZIP_DEFLATED, compresslevel=9
    ) as compiled:
        for entry in source.infolist():
            data = source.read(entry)
            if entry.filename not in entries:
                compiled.writestr(entry, data, compresslevel=9)
                continue
            code = compile(data, f"{archive}/{entry.filename}", "exec", dont_inherit=True)
            pyc = zipfile.ZipInfo(entry.filename + "c", entry.date_time)
            pyc.compress_type = zipfile.ZIP_DEFLATED
            # An unchecked hash-based .pyc, as py_compile's UNCHECKED_HASH writes: zipimport
            # loads it as it is, with no source beside it to compare.
            compiled.writestr(
                pyc,
                external._code_to_hash_pyc(code, importlib.util.source_hash(data), False),
                compresslevel=9,
            )
            stdlib.append(entries[entry.filename])
    if len(stdlib) != len(entries):
        raise SystemExit("the standard library's archive lacks a module the start imports")
pyscript = []
if job.get("pyscript"):
    # Checked-hash bytecode (PEP 552) where the import system looks for a module's cache:
    # Python uses it only while the source PyScript writes hashes the same, and compiles that
    # source otherwise, as it would with no cache at all.
    sources = job["pyscript"]["sources"]
    for module in job["pyscript"]["modules"]:
        name = module + ".py"
        source = sources[name].encode("utf-8")  # PyScript writes it with write_text(utf-8)
        code = compile(source, "/home/pyodide/pyscript/" + name, "exec", dont_inherit=True)
        path = f"pyscript/__pycache__/{module}.{sys.implementation.cache_tag}.pyc"
        os.makedirs(os.path.dirname("/out/" + path), exist_ok=True)
        with open("/out/" + path, "wb") as file:
            file.write(external._code_to_hash_pyc(code, importlib.util.source_hash(source), True))
        pyscript.append(path)
recorded = None
if job.get("dataclasses"):
    import importlib.machinery, types
    sys.path.insert(0, "/out")
    # The page's module stood in for: importing a module touches no element.
    page = types.ModuleType("pyscript")
    page.document = page.window = None
    sys.modules["pyscript"] = page
    # The recorder is loaded by itself: importing it the usual way would first run
    # yacht/__init__.py, whose imports make the very dataclasses to record.
    name = "yacht.dataclass_code"
    loader = importlib.machinery.SourcelessFileLoader(name, "/out/yacht/dataclass_code.pyc")
    recorder = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader))
    sys.modules[name] = recorder
    loader.exec_module(recorder)
    with recorder.recording() as codes:
        for module in job["dataclasses"]["modules"]:
            importlib.import_module(module)
    with open("/out/" + job["dataclasses"]["out"], "wb") as file:
        file.write(recorder.dumps(codes))
    recorded = len(codes)

json.dumps({
    "python": sys.version.split()[0],
    "dataclasses": recorded,
    "pyscript": pyscript,
    "magic": importlib.util.MAGIC_NUMBER.hex(),
    "cache_tag": sys.implementation.cache_tag,
    "stdlib": sorted(stdlib),
})
`);
console.log(report);
