"""Exact optimal strategy for solitaire play: value tables, advice for any position, bots.

The solver maximises the expected final score of a one-player game (bonus included). Its value
tables are built once by ``python -m yacht tables --out yacht/data`` and loaded on the first
call that needs them.

>>> round(expected_score("traditional"), 1)
167.0
>>> advise([2, 3, 4, 5, 6], 0).best_category.category
<Category.BIG_STRAIGHT: 'big_straight'>
"""

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
from yacht.strategy.tables import TableError, install_table
from yacht.table_files import table_name

__all__ = [
    "BOT_LEVELS",
    "Advice",
    "CategoryOption",
    "KeepOption",
    "TableError",
    "advise",
    "advise_state",
    "choose_action",
    "expected_final_score",
    "expected_score",
    "install_table",
    "preload",
    "table_name",
]
