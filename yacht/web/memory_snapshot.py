"""The Python side of the memory snapshot: what it holds, and whether it fits the page's files.

``static/interpreter.mjs`` starts Pyodide from a snapshot of its memory when the release has one.
The snapshot is made in a worker (``static/snapshot-worker.mjs``) by ``prepare``: an interpreter
with the game's modules imported (every module but the page layer's, which needs the page, and
the standard-library modules the page layer imports) and the translations read, and nothing
else, no game and no saves. ``prepare`` also notes, in that memory, a digest of the files it was
made from, and of the standard library's archive it was made with.

A page started from a snapshot calls ``resume`` before anything else: it compares those digests
with the page's own files (PyScript has written them by then) and its standard library, and
readies what must differ from one visit to the next. Made from other files, or with another
standard library (the import system's listing of that archive is in the snapshot's memory), the
snapshot must not run the game; the page then starts again without it. Pure Python without the
page, so it is tested on CPython.
"""

from __future__ import annotations

import ast
import gc
import hashlib
import importlib
import importlib.machinery
import importlib.util
import os
import random
import struct
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import CodeType
from typing import Any

from yacht.i18n import LANGUAGES, translator

SOURCE_ROOT = Path("yacht")
"""Where PyScript writes the package (relative to the interpreter's working directory)."""
PAGE_LAYER = "yacht.web"
NEVER_SHIPPED = ("yacht.tools", "yacht.__main__")
MODULE_SUFFIXES = (".py", ".pyc")
"""A module's file: its source (as ``make play`` serves it) or, on the built site, its bytecode
(a sourceless ``.pyc`` where the source would be, as yacht/tools/build_site.py ships it)."""
SOURCE_SUFFIXES = (*MODULE_SUFFIXES, ".po")
"""The files a snapshot depends on (static/snapshot-maker.mjs sends the worker the same): the
modules and the translations, not the strategy tables the game downloads once it runs."""

PYC_HEADER_BYTES = 16
"""A ``.pyc`` file's header before its marshalled code: magic, flags and two words (PEP 552)."""
ZIP_END = struct.Struct("<4s8xII2x")
"""A zip archive's end of central directory record (with no comment after it): its signature,
and the size and place of the central directory."""
ZIP_END_SIGNATURE = b"PK\x05\x06"

_made_from: str | None = None
"""The digest of the files a snapshot was made from; only ever set in a snapshot's memory."""
_made_with: str | None = None
"""The digest of the standard library's archive a snapshot was made with (see
``stdlib_digest``); set with ``_made_from``."""
_compiled: dict[str, tuple[bytes, CodeType]] = {}
"""The page layer's modules compiled where the snapshot was made (absolute path -> source,
code): they cannot be imported there, but their compiling need not be repeated on every visit."""
_compile_source = importlib.machinery.SourceFileLoader.source_to_code


def source_digest(root: Path = SOURCE_ROOT) -> str:
    """SHA-256 of the source files under ``root``: each one's path, size and bytes, in path
    order."""
    digest = hashlib.sha256()
    for path, name in _files(root):
        data = path.read_bytes()
        digest.update(f"{name}\n{len(data)}\n".encode())
        digest.update(data)
    return digest.hexdigest()


def stdlib_digest() -> str | None:
    """SHA-256 of the central directory of the standard library's archive on ``sys.path`` (every
    entry's name, size, CRC-32 and place in the archive: what the import system lists of it), or
    of the whole archive when it does not end in a plain end record; None without one."""
    archive = next((path for path in sys.path if path.endswith(".zip")), None)
    if archive is None or not os.path.isfile(archive):
        return None
    with open(archive, "rb") as file:
        file.seek(-ZIP_END.size, os.SEEK_END)
        end = file.read(ZIP_END.size)
        signature, size, offset = ZIP_END.unpack(end)
        if signature != ZIP_END_SIGNATURE:
            file.seek(0)
            return hashlib.sha256(file.read()).hexdigest()
        file.seek(offset)
        return hashlib.sha256(file.read(size) + end).hexdigest()


def snapshot_modules(root: Path = SOURCE_ROOT) -> list[str]:
    """The modules a snapshot imports: the package's, but the page layer's, and then the
    standard-library modules the page layer imports."""
    own: list[str] = []
    used_by_page: set[str] = set()
    for path, name in _files(root):
        if not name.endswith(MODULE_SUFFIXES):
            continue
        module = module_name(name)
        if _in(module, NEVER_SHIPPED):
            continue
        if _in(module, (PAGE_LAYER,)):
            used_by_page |= _stdlib_imports(path)
        else:
            own.append(module)
    return own + sorted(used_by_page)


def prepare(root: Path = SOURCE_ROOT) -> str:
    """Import what a snapshot holds and note the digest of ``root`` in this interpreter's
    memory; returns the digest. Run only in the interpreter a snapshot is made of."""
    global _made_from, _made_with
    for module in snapshot_modules(root):
        try:
            importlib.import_module(module)
        except ImportError:
            # A standard-library module this runtime does not include: the page layer copes
            # without it (it is imported under a guard there), so can the snapshot.
            if module.startswith("yacht"):
                raise
    for language in LANGUAGES:
        translator(language)
    for path, name in _files(root):
        if name.endswith(".py") and _in(module_name(name), (PAGE_LAYER,)):
            source = path.read_bytes()
            code = compile(source, os.path.abspath(path), "exec", dont_inherit=True)
            _compiled[os.path.abspath(path)] = (source, code)
    _made_from = source_digest(root)
    _made_with = stdlib_digest()
    gc.collect()
    return _made_from


def made_from() -> str | None:
    """The digest noted by ``prepare`` when this interpreter started from a snapshot, else None."""
    return _made_from


def resume(root: Path = SOURCE_ROOT) -> bool:
    """Ready an interpreter started from a snapshot for this visit; False when the snapshot was
    made from other files than those under ``root``, or with another standard library (the game
    must not start from it). True at once on a normal start."""
    if _made_from is None:
        return True
    if source_digest(root) != _made_from or stdlib_digest() != _made_with:
        return False
    # The snapshot's memory is the same on every visit: draw fresh randomness (the module's
    # generator was seeded where the snapshot was made), read the time zone of this visit,
    # and forget the directory listings taken before PyScript wrote this page's files. The
    # page layer's modules then import from the code compiled with the snapshot.
    random.seed()
    if hasattr(time, "tzset"):
        time.tzset()
    importlib.invalidate_caches()
    loader = importlib.machinery.SourceFileLoader
    loader.source_to_code = _source_to_code  # type: ignore[method-assign,assignment]
    return True


def _source_to_code(loader: Any, data: Any, path: Any, *args: Any, **kwargs: Any) -> Any:
    """The import system's compile step, answered from ``_compiled`` for a byte-identical file."""
    known = _compiled.get(os.path.abspath(path)) if isinstance(path, str) else None
    if known is not None and known[0] == data:
        return known[1]
    return _compile_source(loader, data, path, *args, **kwargs)


def _files(root: Path) -> Iterator[tuple[Path, str]]:
    found = (
        (path, path.relative_to(root.parent).as_posix())
        for path in root.rglob("*")
        if path.suffix in SOURCE_SUFFIXES and "__pycache__" not in path.parts and path.is_file()
    )
    yield from sorted(found, key=lambda pair: pair[1])


def module_name(name: str) -> str:
    """The module a file of the package is (``yacht/game/__init__.py`` -> ``yacht.game``),
    source or bytecode."""
    parts = name.removesuffix(".pyc").removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _in(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == top or module.startswith(top + ".") for top in packages)


def _stdlib_imports(path: Path) -> set[str]:
    found = _bytecode_imports(path) if path.suffix == ".pyc" else _source_imports(path)
    return {name for name in found if name.partition(".")[0] in sys.stdlib_module_names}


def _source_imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def _bytecode_imports(path: Path) -> set[str]:
    """The modules a ``.pyc`` imports by name. Written by another CPython, its code cannot be
    read here: nothing is found, and the snapshot only lacks a speed-up."""
    # Imported here, not at the top: only the interpreter a snapshot is made in reads bytecode,
    # and every page imports this module at start.
    import dis
    import marshal

    data = path.read_bytes()
    if data[: len(importlib.util.MAGIC_NUMBER)] != importlib.util.MAGIC_NUMBER:
        return set()
    found: set[str] = set()
    pending = [marshal.loads(data[PYC_HEADER_BYTES:])]
    while pending:
        code = pending.pop()
        found.update(
            str(instruction.argval)
            for instruction in dis.get_instructions(code)
            if instruction.opname == "IMPORT_NAME"
        )
        pending.extend(const for const in code.co_consts if isinstance(const, CodeType))
    return found
