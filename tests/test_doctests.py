"""Run the examples in the engine's docstrings (the same as ``pytest --doctest-modules yacht``)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import yacht


def engine_modules() -> list[str]:
    names = ["yacht"]
    for module in pkgutil.walk_packages(yacht.__path__, "yacht."):
        # __main__ runs the command line on import; yacht.web needs the browser's `js`.
        if module.name == "yacht.__main__" or module.name.startswith("yacht.web"):
            continue
        names.append(module.name)
    return sorted(names)


MODULES = engine_modules()


def test_the_engine_modules_are_found() -> None:
    for expected in (
        "yacht",
        "yacht.rules.rulesets",
        "yacht.game.state",
        "yacht.saves.game_record",
        "yacht.game.players",
    ):
        assert expected in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_the_docstrings_have_examples() -> None:
    attempted = {
        name: doctest.testmod(importlib.import_module(name), report=False).attempted
        for name in MODULES
    }
    assert attempted["yacht"] > 0
    assert attempted["yacht.rules.rulesets"] > 0
    assert sum(attempted.values()) >= 5
