"""Exact optimal strategy for solitaire play: value tables, advice for any position, bots.

The solver maximises the expected final score of a one-player game (bonus included). Its value
tables are built once by ``python -m yacht tables --out yacht/data`` and loaded on the first
call that needs them.

>>> from yacht.strategy import advise, expected_score
>>> round(expected_score("traditional"), 1)
167.0
>>> advise([2, 3, 4, 5, 6], 0).best_category.category
<Category.BIG_STRAIGHT: 'big_straight'>

Importing the package is cheap: its names load on first use (PEP 562), so the page can read
:mod:`yacht.strategy.table_files` at start-up without importing the solver.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from yacht.strategy.advice import (
        Advice,
        CategoryOption,
        KeepOption,
        advise,
        advise_state,
        expected_final_score,
        expected_score,
        preload,
    )
    from yacht.strategy.bots import BOT_LEVELS, choose_action
    from yacht.strategy.table_files import table_name
    from yacht.strategy.tables import install_table

_HOMES = {
    "Advice": "advice",
    "CategoryOption": "advice",
    "KeepOption": "advice",
    "advise": "advice",
    "advise_state": "advice",
    "expected_final_score": "advice",
    "expected_score": "advice",
    "preload": "advice",
    "BOT_LEVELS": "bots",
    "choose_action": "bots",
    "install_table": "tables",
    "table_name": "table_files",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'yacht.strategy' has no attribute {name!r}")
    return getattr(importlib.import_module(f"yacht.strategy.{home}"), name)


__all__ = [
    "BOT_LEVELS",
    "Advice",
    "CategoryOption",
    "KeepOption",
    "advise",
    "advise_state",
    "choose_action",
    "expected_final_score",
    "expected_score",
    "install_table",
    "preload",
    "table_name",
]
