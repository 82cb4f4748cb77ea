"""The stored form of the new-game choices (:class:`~yacht.game.setup.GameSetup`).

Version history:
  1 — ``{"names": [...], "ruleset": "...", "upper_bonus": false}`` with no tag or version
      (what the first release of the page wrote; still read).
  2 — the same fields, tagged ``"format": "yacht-setup"`` and ``"version": 2`` like every
      other record.
  3 — adds ``computers`` (seat by seat, a computer level or null for a person) and ``coach``.
  4 — adds ``real_dice`` (the players throw real dice and enter the faces).

Read and written as :data:`SETUP_RECORD`. Reading is strict: a damaged record is reported
(and kept as a backup by the caller), never quietly replaced by the default setup.
"""

from __future__ import annotations

from typing import Any

from yacht.errors import InvalidSaveError
from yacht.game.players import MAX_PLAYERS, MIN_PLAYERS
from yacht.game.setup import GameSetup
from yacht.rules.rulesets import RULESETS
from yacht.saves.records import Record, expect, expect_level, expect_name

FORMAT = "yacht-setup"
VERSION = 4
MAX_SETUP_CHARS = 4 * 1024
"""Six names of 24 characters and a rule set fit in well under 1 KB."""


def _is_v1(record: dict[str, Any]) -> bool:
    return "version" not in record and "names" in record


def migrate_v1_to_v2(record: dict[str, Any]) -> dict[str, Any]:
    """Version 1 differs only by its missing tag, which the reader has already added."""
    return {**record, "format": FORMAT, "version": 2}


def migrate_v2_to_v3(record: dict[str, Any]) -> dict[str, Any]:
    """Version 2 seated only people and had no coach."""
    names = record.get("names")
    computers = [None] * len(names) if isinstance(names, list) else None
    return {**record, "version": 3, "computers": computers, "coach": False}


def migrate_v3_to_v4(record: dict[str, Any]) -> dict[str, Any]:
    """Version 3 games all rolled their own dice."""
    return {**record, "version": 4, "real_dice": False}


def _body(setup: GameSetup) -> dict[str, Any]:
    return {
        "names": list(setup.names),
        "ruleset": setup.ruleset,
        "upper_bonus": setup.upper_bonus,
        "computers": list(setup.seats),
        "coach": setup.coach,
        "real_dice": setup.real_dice,
    }


def _parse(record: dict[str, Any]) -> GameSetup:
    names = expect(record.get("names"), list, "names")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise InvalidSaveError(f"{len(names)} players; a game has 1 to {MAX_PLAYERS}")
    for name in names:
        expect_name(name)
    ruleset = expect(record.get("ruleset"), str, "ruleset")
    if ruleset not in RULESETS:
        raise InvalidSaveError(f"unknown rule set {ruleset[:40]!r}")
    bonus = expect(record.get("upper_bonus"), bool, "upper_bonus")
    if bonus and not RULESETS[ruleset].offers_bonus:
        raise InvalidSaveError(f"rule set {ruleset!r} has no upper-section bonus")
    computers = expect(record.get("computers"), list, "computers")
    if len(computers) != len(names):
        raise InvalidSaveError(f"{len(computers)} seat kinds for {len(names)} players")
    seats = tuple(expect_level(level) for level in computers)
    coach = expect(record.get("coach"), bool, "coach")
    real_dice = expect(record.get("real_dice"), bool, "real_dice")
    if real_dice and any(seats):
        raise InvalidSaveError("a computer player cannot throw real dice")
    return GameSetup(tuple(names), ruleset, bonus, seats if any(seats) else (), coach, real_dice)


SETUP_RECORD: Record[GameSetup] = Record(
    FORMAT,
    VERSION,
    "saved game setup",
    MAX_SETUP_CHARS,
    _body,
    _parse,
    {1: migrate_v1_to_v2, 2: migrate_v2_to_v3, 3: migrate_v3_to_v4},
    legacy=_is_v1,
)
