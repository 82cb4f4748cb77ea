"""The methods ``@dataclass`` writes, compiled ahead of time for the deployed site.

The dataclass decorator writes each class's ``__init__``, ``__repr__``, ``__eq__`` and the like as
Python source and compiles it (``exec``) as the class is made. Compiling is most of what the
game's imports cost at a first visit of the page: about 40 ms for the 52 dataclasses of the start
path, in Pyodide on this project's two-core machine, of the 100 ms between the interpreter ready
and the board interactive.

The site's build (yacht/tools/build_site.py) imports every module of the package in the pinned
Pyodide while ``recording``, and ships the code compiled there beside the package's bytecode
(``SHIPPED``, in the package's archive, whose gzip CRC-32 covers it as it covers the bytecode).
``install_shipped``, run by ``yacht/__init__.py`` before anything else, hands the decorator that
code for each source it knows, found by the source's SHA-256, and lets it compile any other
source as before. The source is the standard library's business, not the game's, so nothing
here relies on what it says: a source not in the file is compiled as usual, and a file written
by another interpreter (its bytecode's magic number) or damaged is not used at all. Without the
file (the source tree, ``make play``, CPython) nothing changes.

The hook is the module global ``exec`` of ``dataclasses``, which shadows the built-in there: the
decorator compiles its source with ``exec(source, globals, locals)`` (every Python from 3.11 to
3.14). Should a later one stop doing so, the hook is never called and classes are made as before.
"""

from __future__ import annotations

import builtins
import dataclasses
import hashlib
import importlib.util
import marshal
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from types import CodeType
from typing import Any

SHIPPED_NAME = "dataclass-code.bin"
SHIPPED = os.path.join(os.path.dirname(os.path.abspath(__file__)), SHIPPED_NAME)
"""Where the build puts the compiled code: beside this module, in the package's archive."""
FORMAT = b"yacht dataclass code 1\n"
"""The file's first bytes; the interpreter's bytecode magic number follows, then the code."""
HOOK = "exec"
"""The name ``dataclasses`` compiles its source with; set as a global of that module."""


def digest(source: str) -> bytes:
    """The key of a source's code: its SHA-256."""
    return hashlib.sha256(source.encode("utf-8", "surrogatepass")).digest()


def compile_source(source: str) -> CodeType:
    """The code ``exec(source)`` runs when ``dataclasses`` calls it.

    ``exec`` given a text inherits the ``__future__`` imports of the module that calls it;
    ``dataclasses`` has none, and the hooks below are called in its stead from a module that has
    one (``annotations``, which would turn a generated ``__init__``'s annotations into strings).
    """
    return compile(source, "<string>", "exec", dont_inherit=True)


class Precompiled:
    """``dataclasses``'s ``exec``, running the shipped code of each source it has."""

    def __init__(self, codes: Mapping[bytes, bytes]) -> None:
        self._codes = codes
        self.hits = 0
        """Sources whose code came compiled (one a class since Python 3.13, one a method
        before), read by the deployed site's e2e test."""
        self.misses = 0
        """Sources compiled here, as without the file."""

    def __call__(self, source: str, globals: dict[str, Any], locals: dict[str, Any], /) -> None:
        code = self._code(source)
        if code is None:
            self.misses += 1
            code = compile_source(source)
        else:
            self.hits += 1
        builtins.exec(code, globals, locals)

    def _code(self, source: str) -> CodeType | None:
        # Unmarshalled one by one as classes ask: code for a class never made costs nothing.
        marshalled = self._codes.get(digest(source)) if isinstance(source, str) else None
        if marshalled is None:
            return None
        try:
            code = marshal.loads(marshalled)
        except (EOFError, ValueError, TypeError):
            return None
        return code if isinstance(code, CodeType) else None


def installed() -> Precompiled | None:
    """The shipped code's hook on ``dataclasses``, if it is installed."""
    hook = vars(dataclasses).get(HOOK)
    return hook if isinstance(hook, Precompiled) else None


def dumps(codes: Mapping[bytes, CodeType]) -> bytes:
    """The file's bytes for ``codes`` (source digest -> code), for this interpreter."""
    marshalled = {key: marshal.dumps(code) for key, code in sorted(codes.items())}
    return FORMAT + importlib.util.MAGIC_NUMBER + marshal.dumps(marshalled)


def loads(data: bytes) -> dict[bytes, bytes] | None:
    """The marshalled code in ``data`` by source digest; None when it was written by another
    interpreter or is damaged."""
    header = FORMAT + importlib.util.MAGIC_NUMBER
    if not data.startswith(header):
        return None
    try:
        codes = marshal.loads(data[len(header) :])
    except (EOFError, ValueError, TypeError):
        return None
    if not isinstance(codes, dict) or not all(
        isinstance(key, bytes) and isinstance(value, bytes) for key, value in codes.items()
    ):
        return None
    return codes


def install(codes: Mapping[bytes, bytes]) -> Precompiled:
    """Make ``dataclasses`` run ``codes`` for the sources they were compiled from."""
    hook = Precompiled(codes)
    setattr(dataclasses, HOOK, hook)
    return hook


def uninstall() -> None:
    """``dataclasses`` compiles every source again, with the built-in ``exec``."""
    vars(dataclasses).pop(HOOK, None)


def install_shipped(path: str = SHIPPED) -> Precompiled | None:
    """Install the code the build shipped at ``path``, when it is there and fits this
    interpreter; else leave ``dataclasses`` as it is."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError:
        return None
    codes = loads(data)
    return None if codes is None else install(codes)


@contextmanager
def recording() -> Iterator[dict[bytes, CodeType]]:
    """Within it, every source ``dataclasses`` compiles is kept with its code (for ``dumps``)."""
    codes: dict[bytes, CodeType] = {}

    def record(source: str, globals: dict[str, Any], locals: dict[str, Any], /) -> None:
        code = compile_source(source)
        codes[digest(source)] = code
        builtins.exec(code, globals, locals)

    setattr(dataclasses, HOOK, record)
    try:
        yield codes
    finally:
        uninstall()
