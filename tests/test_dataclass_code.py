"""The dataclasses' methods compiled ahead of time (``yacht/dataclass_code.py``), on CPython.

The same code in the pinned Pyodide, as the build ships it, is tested in test_build_site.py and
in the page by e2e/test_deployed.py.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import marshal
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from yacht import dataclass_code
from yacht.dataclass_code import (
    FORMAT,
    Precompiled,
    digest,
    dumps,
    install,
    install_shipped,
    installed,
    loads,
    recording,
)


@pytest.fixture(autouse=True)
def _dataclasses_as_they_were() -> Iterator[None]:
    before = vars(dataclasses).get(dataclass_code.HOOK)
    yield
    dataclass_code.uninstall()
    if before is not None:
        setattr(dataclasses, dataclass_code.HOOK, before)


def make_point(default_y: int = 0) -> type:
    """A new frozen dataclass, made the way the game's are."""

    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: int = default_y

    return Point


def make_named() -> type:
    @dataclasses.dataclass(frozen=True)
    class Named:
        name: str
        tags: tuple[str, ...] = ()

    return Named


def check_point(point_class: type) -> None:
    point = point_class(1, 2)
    assert repr(point).endswith("Point(x=1, y=2)")
    assert point == point_class(1, 2)
    assert point != point_class(2, 1)
    assert hash(point) == hash(point_class(1, 2))
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 5
    assert point_class(3).y == 0


def recorded(*makers: Any) -> dict[bytes, bytes]:
    """The code the dataclasses of ``makers`` compile, through the file's format."""
    with recording() as codes:
        for make in makers:
            make()
    assert installed() is None  # recording leaves dataclasses as it was
    shipped = loads(dumps(codes))
    assert shipped is not None
    return shipped


def test_a_recorded_class_is_made_from_its_code_and_behaves_the_same() -> None:
    codes = recorded(make_point)
    hook = install(codes)
    assert installed() is hook
    check_point(make_point())
    # One source a class since Python 3.13, one a method before.
    assert (hook.hits, hook.misses) == (len(codes), 0)


def test_a_source_not_recorded_is_compiled_as_before() -> None:
    hook = install(recorded(make_point))
    named = make_named()("a")
    assert repr(named).endswith("Named(name='a', tags=())")
    assert hook.hits == 0
    assert hook.misses > 0


def test_the_code_is_found_by_its_exact_source() -> None:
    codes = recorded(make_point)
    with recording() as again:
        make_point()
    assert set(codes) == set(again)  # the same class writes the same source
    assert all(len(key) == 32 for key in codes)
    assert digest("a") != digest("b")


def test_generated_methods_keep_their_annotations_as_objects() -> None:
    # exec() of a text takes the __future__ flags of the module that calls it: dataclasses has
    # none, the hook's module has "annotations", which would turn the annotations of a
    # generated __init__ (Python 3.11 to 3.13 write them into its source) into strings.
    install({})
    made = dataclasses.make_dataclass("Made", [("x", int)], frozen=True)
    assert typing.get_type_hints(made.__init__) == {"x": int, "return": type(None)}


def test_damaged_code_for_a_known_source_is_compiled_instead() -> None:
    codes = {key: value[: len(value) // 2] for key, value in recorded(make_point).items()}
    hook = install(codes)
    check_point(make_point())
    assert (hook.hits, hook.misses) == (0, len(codes))


def test_code_that_is_not_code_is_compiled_instead() -> None:
    codes = {key: marshal.dumps("not code") for key in recorded(make_point)}
    hook = install(codes)
    check_point(make_point())
    assert (hook.hits, hook.misses) == (0, len(codes))


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda data: data[: len(data) - 40], id="truncated"),
        pytest.param(lambda data: b"", id="empty"),
        pytest.param(lambda data: b"not the format" + data, id="another-format"),
        pytest.param(
            lambda data: data.replace(importlib.util.MAGIC_NUMBER, b"\x00\x00\r\n", 1),
            id="another-interpreter",
        ),
        pytest.param(
            lambda data: FORMAT + importlib.util.MAGIC_NUMBER + marshal.dumps([1, 2]),
            id="not-a-table",
        ),
        pytest.param(
            lambda data: FORMAT + importlib.util.MAGIC_NUMBER + marshal.dumps({"key": b""}),
            id="keys-not-digests",
        ),
    ],
)
def test_a_file_that_is_not_for_this_interpreter_is_not_used(damage: Any) -> None:
    with recording() as codes:
        make_point()
    assert loads(damage(dumps(codes))) is None


def test_without_the_shipped_file_nothing_changes(tmp_path: Path) -> None:
    assert install_shipped(str(tmp_path / "missing.bin")) is None
    assert installed() is None
    assert not Path(dataclass_code.SHIPPED).exists()  # the source tree ships none


def test_the_shipped_file_is_installed(tmp_path: Path) -> None:
    with recording() as codes:
        make_point()
    path = tmp_path / dataclass_code.SHIPPED_NAME
    path.write_bytes(dumps(codes))
    hook = install_shipped(str(path))
    assert isinstance(hook, Precompiled)
    assert installed() is hook
    check_point(make_point())
    assert (hook.hits, hook.misses) == (len(codes), 0)


def test_a_damaged_shipped_file_is_not_installed(tmp_path: Path) -> None:
    path = tmp_path / dataclass_code.SHIPPED_NAME
    path.write_bytes(FORMAT + b"\x01")
    assert install_shipped(str(path)) is None
    assert installed() is None
    check_point(make_point())
