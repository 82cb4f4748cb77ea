"""Where the strategy's value tables are kept, and which of them a rule set reads.

Apart from :mod:`yacht.strategy` so that the page can download a game's tables once it is
interactive without importing (and compiling) the solver at start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from yacht.rules.rulesets import RuleSet

DATA_DIR = Path(__file__).resolve().parents[1] / "data"
"""Where the shipped tables live (the page writes the ones it downloads here too)."""

TableDownload = Callable[[str], bytes]
"""Fetches the bytes of the table with this name from elsewhere (the page: from its site)."""

_download: TableDownload | None = None


def table_name(ruleset: RuleSet) -> str:
    """The file stem of the table for ``ruleset``: its id, plus ``-bonus`` with the bonus."""
    return f"{ruleset.id}-bonus" if ruleset.upper_bonus is not None else ruleset.id


FRESH_GAME_AVERAGES: dict[str, float] = {
    "traditional": 166.95506770456538,
    "sum-all": 169.7738890526538,
    "extended": 220.20590762925968,
    "extended-bonus": 238.2224561995823,
}
"""What perfect play averages from a fresh game, for each shipped table: the value the table
gives the empty scorecard (tests/test_strategy_values.py checks each against its table)."""


def fresh_game_average(ruleset: RuleSet) -> float | None:
    """What perfect play averages under ``ruleset`` (None for rules with no shipped table).

    Known here, for the game-over dialog: reading the table and importing the solver to find
    it take 60 ms and more in the browser, which would land on the click that ends a game.
    """
    return FRESH_GAME_AVERAGES.get(table_name(ruleset))


def tables_read_for(ruleset: RuleSet) -> tuple[str, ...]:
    """The tables the solver reads for ``ruleset``: a bonus table builds on its base table."""
    if ruleset.upper_bonus is None:
        return (table_name(ruleset),)
    return (table_name(ruleset.with_upper_bonus(False)), table_name(ruleset))


def table_path(name: str, folder: Path | None = None) -> Path:
    """The file of the table ``name`` in ``folder`` (default :data:`DATA_DIR`)."""
    return (folder or DATA_DIR) / f"{name}.ytb"


def download_missing_with(download: TableDownload | None) -> None:
    """Fetch a table that is not on disk with ``download`` (None: report it missing)."""
    global _download
    _download = download


def missing_table_download() -> TableDownload | None:
    """What :func:`download_missing_with` set."""
    return _download
