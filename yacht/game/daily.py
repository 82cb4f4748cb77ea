"""The daily challenge: one solo game a day whose dice are the same for everyone.

The seed comes from the player's local calendar date alone (never the time, never the time
zone), through a stable hash, so two players anywhere who both play "2026-12-01" throw the same
dice in the same order: the engine derives every roll from ``(seed, rolls_made)``.

>>> daily_seed("2026-12-01") == daily_seed("2026-12-01") != daily_seed("2026-12-02")
True
>>> share_text("2026-12-01", 212)
'Yacht daily 2026-12-01: 212 — Traditional'
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from yacht.errors import InvalidDayError
from yacht.game.state import Challenge, GameState, new_game
from yacht.i18n import ENGLISH, Translator
from yacht.rules.dice import MAX_SEED

RULESET = "traditional"
"""The daily game is always played by the traditional rules, without bonus."""

_DAY = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)


def check_day(day: str) -> str:
    """``day`` if it is a real date written YYYY-MM-DD, else :class:`InvalidDayError`.

    >>> check_day("2026-02-30")
    Traceback (most recent call last):
    ...
    yacht.errors.InvalidDayError: not a calendar date: '2026-02-30'
    """
    if not isinstance(day, str) or not _DAY.fullmatch(day):
        raise InvalidDayError(f"a day is written YYYY-MM-DD, not {day!r}")
    try:
        date.fromisoformat(day)
    except ValueError:
        raise InvalidDayError(f"not a calendar date: {day!r}") from None
    return day


def daily_seed(day: str) -> int:
    """The seed of ``day``'s challenge: the first bytes of sha256("yacht-daily-<day>").

    Kept within JavaScript's safe integers (53 bits) so the seed survives a save, which
    refuses larger numbers.
    """
    import hashlib  # here, not at the top: the history imports this module at every start

    digest = hashlib.sha256(f"yacht-daily-{check_day(day)}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


def daily_game(day: str, name: str, *, official: bool = True) -> GameState:
    """A fresh daily game of ``day`` for the player ``name``.

    ``official`` is False for a second attempt on the same day, which is practice.
    """
    game = new_game([name], RULESET, seed=daily_seed(day))
    return replace(game, challenge=Challenge(day, official))


def allows_hints(state: GameState) -> bool:
    """Whether the hint may advise in ``state``: not in a day's official attempt, the result a
    player shares and compares (its practice attempts may ask).

    >>> allows_hints(daily_game("2026-12-01", "Ann")), allows_hints(new_game(["Ann"]))
    (False, True)
    """
    return state.challenge is None or not state.challenge.official


def share_text(day: str, total: int, tr: Translator = ENGLISH) -> str:
    """The short line a player copies to share a daily result."""
    return tr.gettext("Yacht daily {date}: {total} — {rules}").format(
        date=day, total=total, rules=tr.gettext("Traditional")
    )
