"""The save format of a game: a game state as JSON-safe data, and back, refusing anything wrong.

Version history (older versions are upgraded on reading, by ``migrate_vN_to_vN+1`` below):
  1 — first format.
  2 — adds ``revision`` (how many times this save was written; lets two tabs on one save see
      that the other moved on instead of overwriting it) and ``saved_at`` (when, ISO 8601 UTC,
      or null).
  3 — adds, per player, ``computer`` (the level of a computer player, or null for a person)
      and ``coach`` (null when the coach is off, else the list of graded decisions).
  4 — adds ``real_dice`` (the players throw real dice and type the faces in) and
      ``challenge`` (null, or ``{"date": "YYYY-MM-DD", "official": bool}`` for the daily game).
  5 — ``coach`` holds a coach's-log record of its own (:mod:`yacht.saves.coach_log`), or null.
  6 — adds ``dice_scheme``: how a seeded game derives its dice (``"running"``, every game
      saved before, or ``"duplicate"``, see :mod:`yacht.game.dice_schemes`).

Read and written as :data:`GAME_RECORD` (``encode``/``decode``, ``to_data``/``from_data``).

A record of a version newer than :data:`VERSION` raises
:class:`~yacht.errors.UnsupportedSaveVersionError`, and is never rewritten by this code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from yacht.errors import InvalidSaveError
from yacht.game.dice_schemes import DiceScheme
from yacht.game.players import Scorecard
from yacht.game.state import Challenge, GameState, LastScore
from yacht.rules.categories import Category
from yacht.rules.dice import DICE_COUNT, validate_dice
from yacht.rules.rulesets import find_ruleset
from yacht.saves.coach_log import COACH_LOG_RECORD, check_log_fits
from yacht.saves.records import (
    MAX_SAFE_INTEGER,
    Record,
    expect,
    expect_level,
    expect_name,
    expect_seed,
)
from yacht.session.coach_log import CoachEntry

FORMAT = "yacht-game"
VERSION = 6
MAX_SAVE_BYTES = 64 * 1024
"""A real save is about 2 KB; anything far larger is junk, refused before parsing."""
MAX_SAVED_AT_LENGTH = 40


@dataclass(frozen=True)
class SavedGame:
    """A game as stored: the state plus the bookkeeping of the record that holds it."""

    state: GameState
    revision: int = 0
    """Writes of this save so far; a tab writes only over the revision it last saw."""
    saved_at: str | None = None
    """When it was written (ISO 8601, UTC), for the player's information only."""
    coach: tuple[CoachEntry, ...] | None = None
    """The coach's graded decisions so far; None when the coach is off."""


def migrate_v1_to_v2(record: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had no revision counter nor time stamp: start them at 0 and unknown."""
    return {**record, "version": 2, "revision": 0, "saved_at": None}


def migrate_v2_to_v3(record: dict[str, Any]) -> dict[str, Any]:
    """Version 2 knew only people at the table, and no coach."""
    players = record.get("players")
    if isinstance(players, list):
        players = [
            {**player, "computer": None} if isinstance(player, dict) else player
            for player in players
        ]
    return {**record, "version": 3, "players": players, "coach": None}


def migrate_v3_to_v4(record: dict[str, Any]) -> dict[str, Any]:
    """Version 3 games all rolled their own dice, and none was a daily challenge."""
    return {**record, "version": 4, "real_dice": False, "challenge": None}


def migrate_v4_to_v5(record: dict[str, Any]) -> dict[str, Any]:
    """Version 4 kept the coach's log as a bare list; it is now a record of its own."""
    coach = record.get("coach")
    if isinstance(coach, list):
        coach = {"format": COACH_LOG_RECORD.tag, "version": 1, "entries": coach}
    return {**record, "version": 5, "coach": coach}


def migrate_v5_to_v6(record: dict[str, Any]) -> dict[str, Any]:
    """Version 5 games all derived their seeded dice from the running count of rolls."""
    return {**record, "version": 6, "dice_scheme": DiceScheme.RUNNING.value}


def _body(saved: SavedGame) -> dict[str, Any]:
    state = saved.state
    last = state.last_score
    return {
        "revision": saved.revision,
        "saved_at": saved.saved_at,
        "ruleset": state.ruleset.id,
        "upper_bonus": state.ruleset.upper_bonus is not None,
        "players": [
            {
                "name": card.name,
                "scores": {c.value: p for c, p in card.scores.items()},
                "computer": card.computer,
            }
            for card in state.players
        ],
        "coach": None if saved.coach is None else COACH_LOG_RECORD.to_data(saved.coach),
        "current": state.current,
        "rolls": state.rolls,
        "dice": None if state.dice is None else list(state.dice),
        "held": list(state.held),
        "last_score": None
        if last is None
        else {
            "player": last.player,
            "category": last.category.value,
            "dice": list(last.dice),
            "held": list(last.held),
            "rolls": last.rolls,
        },
        "seed": state.seed,
        "rolls_made": state.rolls_made,
        "real_dice": state.real_dice,
        "challenge": None
        if state.challenge is None
        else {"date": state.challenge.date, "official": state.challenge.official},
        "dice_scheme": state.dice_scheme.value,
    }


def _parse(record: dict[str, Any]) -> SavedGame:
    rules = find_ruleset(
        expect(record.get("ruleset"), str, "ruleset"),
        upper_bonus=expect(record.get("upper_bonus"), bool, "upper_bonus"),
    )
    players = tuple(
        _card(expect(entry, dict, "a player"))
        for entry in expect(record.get("players"), list, "players")
    )
    dice_data = record.get("dice")
    seed = record.get("seed")
    state = GameState(
        ruleset=rules,
        players=players,
        current=expect(record.get("current"), int, "current"),
        rolls=expect(record.get("rolls"), int, "rolls"),
        dice=None if dice_data is None else validate_dice(expect(dice_data, list, "dice")),
        held=_flags(record.get("held")),
        last_score=_last_score(record.get("last_score")),
        seed=None if seed is None else expect_seed(seed),
        rolls_made=expect(record.get("rolls_made"), int, "rolls_made"),
        real_dice=expect(record.get("real_dice"), bool, "real_dice"),
        challenge=_challenge(record.get("challenge")),
        dice_scheme=_dice_scheme(record.get("dice_scheme")),
    )
    # Every filled category took at least one roll of its own turn, and this turn's rolls come
    # on top. (A forged lower count would also let a seeded game throw its dice again.)
    fewest = sum(len(card.scores) for card in state.players) + state.rolls
    if state.rolls_made < fewest:
        raise InvalidSaveError(
            f"rolls_made is {state.rolls_made}, but this game has had at least {fewest} rolls"
        )
    coach = record.get("coach")
    log = None if coach is None else COACH_LOG_RECORD.from_data(coach)
    if log is not None:
        check_log_fits(log, len(state.players), len(rules.categories))
    return SavedGame(
        state, _revision(record.get("revision")), _saved_at(record.get("saved_at")), log
    )


GAME_RECORD: Record[SavedGame] = Record(
    FORMAT,
    VERSION,
    "saved Yacht game",
    MAX_SAVE_BYTES,
    _body,
    _parse,
    {
        1: migrate_v1_to_v2,
        2: migrate_v2_to_v3,
        3: migrate_v3_to_v4,
        4: migrate_v4_to_v5,
        5: migrate_v5_to_v6,
    },
)


def _dice_scheme(data: object) -> DiceScheme:
    value = expect(data, str, "dice_scheme")
    try:
        return DiceScheme(value)
    except ValueError:
        raise InvalidSaveError(f"unknown dice scheme {value[:20]!r}") from None


def _challenge(data: object) -> Challenge | None:
    if data is None:
        return None
    entry = expect(data, dict, "challenge")
    return Challenge(
        expect(entry.get("date"), str, "challenge.date"),
        expect(entry.get("official"), bool, "challenge.official"),
    )


def _revision(data: object) -> int:
    revision = expect(data, int, "revision")
    if not 0 <= revision <= MAX_SAFE_INTEGER:
        raise InvalidSaveError(f"revision {revision} is out of range")
    return revision


def _saved_at(data: object) -> str | None:
    if data is None:
        return None
    text = expect(data, str, "saved_at")
    if len(text) > MAX_SAVED_AT_LENGTH:
        raise InvalidSaveError(f"saved_at is {len(text)} characters long; a time stamp is short")
    return text


def _card(entry: Mapping[str, Any]) -> Scorecard:
    name = expect_name(entry.get("name"))
    scores = expect(entry.get("scores"), dict, "scores")
    parsed = {
        Category.parse(expect(key, str, "a category")): expect(value, int, f"score of {key}")
        for key, value in scores.items()
    }
    return Scorecard(name, parsed, expect_level(entry.get("computer")))


def _last_score(data: object) -> LastScore | None:
    if data is None:
        return None
    entry = expect(data, dict, "last_score")
    return LastScore(
        player=expect(entry.get("player"), int, "last_score.player"),
        category=Category.parse(expect(entry.get("category"), str, "last_score.category")),
        dice=validate_dice(expect(entry.get("dice"), list, "last_score.dice")),
        held=_flags(entry.get("held")),
        rolls=expect(entry.get("rolls"), int, "last_score.rolls"),
    )


def _flags(data: object) -> tuple[bool, ...]:
    flags = expect(data, list, "held")
    if len(flags) != DICE_COUNT:
        raise InvalidSaveError(f"held needs {DICE_COUNT} flags, not {len(flags)}")
    return tuple(expect(flag, bool, "a held flag") for flag in flags)
