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
