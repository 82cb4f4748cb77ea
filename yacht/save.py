"""The save format: a game state as JSON-safe data, and back, refusing anything inconsistent.

Version history:
  1 — first format.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeVar

from yacht.categories import Category
from yacht.dice import DICE_COUNT, validate_dice
from yacht.errors import InvalidSaveError, UnsupportedSaveVersionError, YachtError
from yacht.game import GameState, LastScore
from yacht.players import Scorecard, clean_name
from yacht.rulesets import find_ruleset

FORMAT = "yacht-game"
VERSION = 1
MAX_SAVE_BYTES = 64 * 1024
"""A real save is about 2 KB; anything far larger is junk, refused before parsing."""

_T = TypeVar("_T")


def game_to_dict(state: GameState) -> dict[str, Any]:
    """``state`` as plain dicts, lists, strings, ints, bools and None."""
    last = state.last_score
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": state.ruleset.id,
        "upper_bonus": state.ruleset.upper_bonus is not None,
        "players": [
            {"name": card.name, "scores": {c.value: p for c, p in card.scores.items()}}
            for card in state.players
        ],
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
    }


def game_from_dict(data: object) -> GameState:
    """The state ``data`` describes, or :class:`InvalidSaveError` saying what is wrong."""
    try:
        return _parse(data)
    except InvalidSaveError:
        raise
    except (YachtError, ValueError, TypeError, KeyError) as error:
        raise InvalidSaveError(f"the saved game is not valid: {error}") from None


def dumps(state: GameState) -> str:
    """``state`` as compact JSON text, ready for storage."""
    return json.dumps(game_to_dict(state), ensure_ascii=False, separators=(",", ":"))


def loads(text: str) -> GameState:
    """The state stored as ``text`` by :func:`dumps`; :class:`InvalidSaveError` if unusable."""
    if len(text) > MAX_SAVE_BYTES:
        raise InvalidSaveError(f"the saved game is {len(text):,} characters long, far too big")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise InvalidSaveError(f"the saved game is not valid JSON ({error})") from None
    return game_from_dict(data)


def _parse(data: object) -> GameState:
    record = _typed(data, dict, "the save")
    if record.get("format") != FORMAT:
        raise InvalidSaveError(f"not a saved Yacht game (format {record.get('format')!r})")
    version = _typed(record.get("version"), int, "version")
    if version > VERSION:
        raise UnsupportedSaveVersionError(
            f"this game was saved by a newer version (format {version}; this one reads "
            f"up to {VERSION})"
        )
    if version < 1:
        raise InvalidSaveError(f"unknown save format version {version}")
    rules = find_ruleset(
        _typed(record.get("ruleset"), str, "ruleset"),
        upper_bonus=_typed(record.get("upper_bonus"), bool, "upper_bonus"),
    )
    players = tuple(
        _card(_typed(entry, dict, "a player"))
        for entry in _typed(record.get("players"), list, "players")
    )
    dice_data = record.get("dice")
    seed = record.get("seed")
    return GameState(
        ruleset=rules,
        players=players,
        current=_typed(record.get("current"), int, "current"),
        rolls=_typed(record.get("rolls"), int, "rolls"),
        dice=None if dice_data is None else validate_dice(_typed(dice_data, list, "dice")),
        held=_flags(record.get("held")),
        last_score=_last_score(record.get("last_score")),
        seed=None if seed is None else _typed(seed, int, "seed"),
        rolls_made=_typed(record.get("rolls_made"), int, "rolls_made"),
    )


def _card(entry: Mapping[str, Any]) -> Scorecard:
    name = _typed(entry.get("name"), str, "a player name")
    if clean_name(name) != name:
        raise InvalidSaveError(f"player name {name[:40]!r} is not in its cleaned form")
    scores = _typed(entry.get("scores"), dict, "scores")
    parsed = {
        Category.parse(_typed(key, str, "a category")): _typed(value, int, f"score of {key}")
        for key, value in scores.items()
    }
    return Scorecard(name, parsed)


def _last_score(data: object) -> LastScore | None:
    if data is None:
        return None
    entry = _typed(data, dict, "last_score")
    return LastScore(
        player=_typed(entry.get("player"), int, "last_score.player"),
        category=Category.parse(_typed(entry.get("category"), str, "last_score.category")),
        dice=validate_dice(_typed(entry.get("dice"), list, "last_score.dice")),
        held=_flags(entry.get("held")),
        rolls=_typed(entry.get("rolls"), int, "last_score.rolls"),
    )


def _flags(data: object) -> tuple[bool, ...]:
    flags = _typed(data, list, "held")
    if len(flags) != DICE_COUNT:
        raise InvalidSaveError(f"held needs {DICE_COUNT} flags, not {len(flags)}")
    return tuple(_typed(flag, bool, "a held flag") for flag in flags)


def _typed(value: object, kind: type[_T], what: str) -> _T:
    # bool is a subclass of int, but a true/false flag is never a count.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidSaveError(f"{what} should be {kind.__name__}, not {type(value).__name__}")
    return value
