"""The history of finished games, and its stored form (a versioned ``yacht-history`` record).

Every finished game becomes a :class:`HistoryEntry`: when it ended, by which rules, who played
and each full scorecard, who won, whether it was played with real dice or as the daily
challenge, and (when the coach was on) how many points each player gave away against the best
play. The statistics (:mod:`yacht.views.stats`) are computed from these entries only.

The record also remembers which days' daily challenges were started, so only the first
attempt of a day counts as official, even when the history of games is cleared.

Version history:
  1 — first format: ``{"format": "yacht-history", "version": 1, "games": [...],
      "daily_started": ["YYYY-MM-DD", ...]}``.

Reading is as strict as reading a saved game: every scorecard must be complete and possible,
and the stored totals and winners must agree with the scores. A history that fails is refused
whole (the caller keeps a backup), because a silently dropped game would skew every statistic.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from yacht.errors import (
    InvalidDayError,
    InvalidSaveError,
    TooManyGamesError,
    UnknownCategoryError,
    UnknownRulesetError,
    YachtError,
)
from yacht.game.daily import check_day
from yacht.game.players import MAX_PLAYERS, MIN_PLAYERS
from yacht.game.state import Challenge, GameState
from yacht.rules.categories import Category
from yacht.rules.rulesets import RuleSet, find_ruleset, possible_scores
from yacht.saves.records import Record, expect, expect_level, expect_name
from yacht.session.coach_log import CoachEntry

FORMAT = "yacht-history"
VERSION = 1
MAX_GAMES = 5000
"""The history's limit in games (``bench/history_bench.py``: 5,000 solo games are 1.9 million
characters, 3.9 MB of localStorage, and read in about half a second on CPython)."""
MAX_GAMES_CHARS = 2_500_000
"""The history's limit in stored characters, so that games of many players (six-player games
take about 1,500 characters each) cannot fill the browser's storage, about 5 million."""
SPARE_GAMES = 100
"""Games a history may hold beyond its limit. Nothing is ever dropped without the player's
consent: finished games past the limit are still recorded, and the player is asked to download
the oldest, up to this many; only past it is a finished game not recorded (and the player told)."""
MAX_STORED_GAMES = MAX_GAMES + SPARE_GAMES
MAX_DAILY_DAYS = 62
"""Days whose daily attempt is remembered (only today's matters; a margin for time zones)."""
MAX_HISTORY_CHARS = MAX_GAMES_CHARS + SPARE_GAMES * 2000
"""The longest history read or written: the limit and the spare games of six players."""
ENVELOPE_CHARS = 2000
"""More than the record takes around its games: tag, version and every remembered daily day."""
MAX_STAMP_LENGTH = 40
MAX_COACH_LOSS = 10_000.0
"""Expected points lost in one game cannot exceed every category's maximum; a wide bound."""


@dataclass(frozen=True)
class PlayerResult:
    """One player's finished scorecard."""

    name: str
    scores: tuple[tuple[Category, int], ...]
    """Every category with its points, in scorecard order."""
    computer: str | None = None
    """The computer level that played the seat, or None for a person."""

    @property
    def score_map(self) -> dict[Category, int]:
        """The scores by category."""
        return dict(self.scores)


@dataclass(frozen=True)
class HistoryEntry:
    """One finished game."""

    finished_at: str
    """When the game ended, ISO 8601 UTC (sorts in time order)."""
    day: str
    """The player's local calendar date when the game ended, YYYY-MM-DD."""
    ruleset: RuleSet
    players: tuple[PlayerResult, ...]
    real_dice: bool = False
    challenge: Challenge | None = None
    coach: tuple[float | None, ...] | None = None
    """Expected points each player lost against the best play (None: the coach was off, or
    had nothing to say about that player)."""

    def totals(self) -> tuple[int, ...]:
        """Each player's final score, in seat order."""
        return tuple(_total(self.ruleset, player) for player in self.players)

    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total (several when tied)."""
        totals = self.totals()
        best = max(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)

    def same_game(self, other: HistoryEntry) -> bool:
        """Whether both entries record the same scorecards, whenever and however coached."""
        return (self.ruleset, self.players, self.real_dice, self.challenge) == (
            other.ruleset,
            other.players,
            other.real_dice,
            other.challenge,
        )


def _total(ruleset: RuleSet, player: PlayerResult) -> int:
    upper = sum(points for category, points in player.scores if category.is_upper)
    lower = sum(points for category, points in player.scores if not category.is_upper)
    return upper + ruleset.bonus_for(upper) + lower


def coach_losses(
    state: GameState, log: Sequence[CoachEntry] | None
) -> tuple[float | None, ...] | None:
    """Each person's expected points lost, totalled from the coach's log (None: no figure).

    None for the whole game when the coach was off, and for a computer seat (never graded).
    """
    if log is None:
        return None
    return tuple(
        None
        if card.computer is not None
        else round(sum(entry.loss for entry in log if entry.seat == seat), 2)
        for seat, card in enumerate(state.players)
    )


def entry_from_game(
    state: GameState,
    finished_at: str,
    day: str,
    coach: Iterable[float | None] | None = None,
) -> HistoryEntry:
    """The history entry of the finished game ``state``."""
    if not state.is_over:
        raise ValueError("only a finished game goes into the history")
    rules = state.ruleset
    players = tuple(
        PlayerResult(
            card.name,
            tuple((category, card.scores[category]) for category in rules.categories),
            card.computer,
        )
        for card in state.players
    )
    losses = None if coach is None else tuple(coach)
    if losses is not None and len(losses) != len(players):
        raise ValueError(f"{len(losses)} coach figures for {len(players)} players")
    return HistoryEntry(
        finished_at, check_day(day), rules, players, state.real_dice, state.challenge, losses
    )


@dataclass(frozen=True)
class History:
    """The finished games, oldest first, and the days whose daily challenge was started."""

    games: tuple[HistoryEntry, ...] = ()
    daily_started: tuple[str, ...] = field(default=())

    def with_game(self, entry: HistoryEntry) -> History:
        """This history with ``entry`` added (never dropping one: see :meth:`over_limit`)."""
        return replace(self, games=(*self.games, entry))

    def over_limit(self) -> int:
        """How many of the oldest games must go for the rest to fit the limit (0: it fits)."""
        return len(self.games) - _fitting(self.games)

    def fits_storage(self) -> bool:
        """Whether the history may be stored: within its limit and the spare games."""
        # The record around the games (tag, version, the daily days) takes the rest.
        chars = _chars(self.games) + ENVELOPE_CHARS
        return len(self.games) <= MAX_STORED_GAMES and chars <= MAX_HISTORY_CHARS

    def without_oldest(self, count: int) -> History:
        """This history without its ``count`` oldest games (the player downloaded them)."""
        return replace(self, games=self.games[max(0, count) :])

    def without_game(self, entry: HistoryEntry) -> History:
        """This history without its latest record of the same game as ``entry`` (an undo)."""
        for index in range(len(self.games) - 1, -1, -1):
            if self.games[index].same_game(entry):
                return replace(self, games=self.games[:index] + self.games[index + 1 :])
        return self

    def merged(self, other: History) -> Merge:
        """Both histories together (an import): each game once, in time order, within the
        limit; the oldest games that do not fit are handed back, never silently dropped."""
        local = {_identity(entry) for entry in self.games}
        seen = set()
        games = []
        for entry in sorted((*self.games, *other.games), key=lambda e: e.finished_at):
            key = _identity(entry)
            if key not in seen:
                seen.add(key)
                games.append((entry, key in local))
        keep = _fitting(tuple(entry for entry, _ in games))
        cut = len(games) - keep
        days = _days((*self.daily_started, *other.daily_started))
        kept = tuple(entry for entry, _ in games[cut:])
        return Merge(
            History(kept, days),
            added=sum(not was_local for _, was_local in games[cut:]),
            dropped=tuple(entry for entry, _ in games[:cut]),
            dropped_local=sum(was_local for _, was_local in games[:cut]),
        )

    def cleared(self) -> History:
        """No games; the started daily challenges are kept, so today's stays attempted."""
        return History((), self.daily_started)

    def start_daily(self, day: str) -> tuple[History, bool]:
        """Note that ``day``'s challenge was started; whether this attempt is the official one."""
        if day in self.daily_started:
            return self, False
        return replace(self, daily_started=_days((*self.daily_started, check_day(day)))), True

    def official_daily(self, day: str) -> HistoryEntry | None:
        """The recorded official result of ``day``'s challenge, if any."""
        for entry in self.games:
            challenge = entry.challenge
            if challenge is not None and challenge.date == day and challenge.official:
                return entry
        return None


@dataclass(frozen=True)
class Merge:
    """The outcome of :meth:`History.merged`: what is kept, and what did not fit the limit."""

    history: History
    added: int
    """Imported games kept that this history did not have."""
    dropped: tuple[HistoryEntry, ...]
    """The oldest games that did not fit the limit (this history's and imported), oldest first."""
    dropped_local: int
    """How many of :attr:`dropped` were in this history before the import."""


@lru_cache(maxsize=2 * MAX_STORED_GAMES)
def _identity(entry: HistoryEntry) -> str:
    # Cached: the limit is checked at every finished game, over every game kept.
    # A text key (entries hold unhashable-looking floats and nested tuples fine, but a text
    # key also treats 1 and 1.0 in coach figures alike, as JSON does); compact like storage,
    # so its length is the entry's stored length.
    return json.dumps(
        entry_to_dict(entry), sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )


def _chars(games: Sequence[HistoryEntry]) -> int:
    """The characters ``games`` take in the stored record (each entry and a comma)."""
    return sum(len(_identity(entry)) + 1 for entry in games)


def _fitting(games: Sequence[HistoryEntry]) -> int:
    """How many of the newest ``games`` fit the limit in games and in characters."""
    total = 0
    for count, entry in enumerate(reversed(games[-MAX_GAMES:])):
        total += len(_identity(entry)) + 1
        if total > MAX_GAMES_CHARS:
            return count
    return min(len(games), MAX_GAMES)


def _days(days: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(set(days)))[-MAX_DAILY_DAYS:]


# -- the stored form ---------------------------------------------------------------------------


def entry_to_dict(entry: HistoryEntry) -> dict[str, Any]:
    """``entry`` as JSON-safe data."""
    totals = entry.totals()
    challenge = entry.challenge
    return {
        "finished_at": entry.finished_at,
        "day": entry.day,
        "ruleset": entry.ruleset.id,
        "upper_bonus": entry.ruleset.upper_bonus is not None,
        "real_dice": entry.real_dice,
        "challenge": None
        if challenge is None
        else {"date": challenge.date, "official": challenge.official},
        "players": [
            {
                "name": player.name,
                "computer": player.computer,
                "scores": {category.value: points for category, points in player.scores},
                "total": total,
            }
            for player, total in zip(entry.players, totals, strict=True)
        ],
        "winners": list(entry.winners()),
        "coach": None if entry.coach is None else list(entry.coach),
    }


def _body(history: History) -> dict[str, Any]:
    return {
        "games": [entry_to_dict(entry) for entry in history.games],
        "daily_started": list(history.daily_started),
    }


def _parse(record: dict[str, Any]) -> History:
    games = expect(record.get("games"), list, "games")
    if len(games) > MAX_STORED_GAMES:
        raise TooManyGamesError(len(games), MAX_GAMES)
    entries = []
    for number, item in enumerate(games, 1):
        try:
            entries.append(entry_from_dict(item))
        except (YachtError, ValueError, TypeError) as error:
            raise InvalidSaveError(f"game {number} of the history: {error}") from None
    days = expect(record.get("daily_started"), list, "daily_started")
    if len(days) > MAX_DAILY_DAYS:
        raise InvalidSaveError(f"{len(days)} daily challenges; at most {MAX_DAILY_DAYS} are kept")
    return History(tuple(entries), _days(_day(expect(d, str, "a day")) for d in days))


HISTORY_RECORD: Record[History] = Record(
    FORMAT, VERSION, "Yacht game history", MAX_HISTORY_CHARS, _body, _parse
)
"""Read and written as ``HISTORY_RECORD.decode(text)`` / ``.encode(history)``."""


def entry_from_dict(data: object) -> HistoryEntry:
    """One game of the history, checked: complete, possible scorecards and matching sums."""
    item = expect(data, dict, "a finished game")
    try:
        rules = find_ruleset(
            expect(item.get("ruleset"), str, "ruleset"),
            upper_bonus=expect(item.get("upper_bonus"), bool, "upper_bonus"),
        )
    except UnknownRulesetError as error:
        raise InvalidSaveError(str(error)) from None
    players_data = expect(item.get("players"), list, "players")
    if not MIN_PLAYERS <= len(players_data) <= MAX_PLAYERS:
        raise InvalidSaveError(f"{len(players_data)} players; a game has 1 to {MAX_PLAYERS}")
    players = tuple(_player(rules, expect(p, dict, "a player")) for p in players_data)
    entry = HistoryEntry(
        finished_at=_stamp(item.get("finished_at")),
        day=_day(item.get("day")),
        ruleset=rules,
        players=players,
        real_dice=expect(item.get("real_dice"), bool, "real_dice"),
        challenge=_challenge(item.get("challenge")),
        coach=_coach(item.get("coach"), len(players)),
    )
    totals = [expect(p.get("total"), int, "total") for p in players_data]
    if tuple(totals) != entry.totals():
        raise InvalidSaveError(f"the totals {totals} do not add up from the scores")
    winners = [expect(w, int, "a winner") for w in expect(item.get("winners"), list, "winners")]
    if tuple(winners) != entry.winners():
        raise InvalidSaveError(f"the winners {winners} are not the highest totals")
    if entry.challenge is not None and (
        rules != find_ruleset("traditional") or len(players) != 1 or entry.real_dice
    ):
        raise InvalidSaveError("a daily challenge is a solo traditional game with virtual dice")
    return entry


def _player(rules: RuleSet, data: Mapping[str, Any]) -> PlayerResult:
    name = expect_name(data.get("name"))
    computer = expect_level(data.get("computer"))
    raw = expect(data.get("scores"), dict, "scores")
    scores = {}
    for key, value in raw.items():
        try:
            category = rules.check(expect(key, str, "a category"))
        except UnknownCategoryError as error:
            raise InvalidSaveError(str(error)) from None
        points = expect(value, int, f"score of {key}")
        if points not in possible_scores(rules, category):
            raise InvalidSaveError(f"{points} in {key} is a score no throw makes")
        scores[category] = points
    missing = [c.value for c in rules.categories if c not in scores]
    if missing:
        raise InvalidSaveError(f"an unfinished scorecard (no {', '.join(missing)})")
    return PlayerResult(name, tuple((c, scores[c]) for c in rules.categories), computer)


def _stamp(data: object) -> str:
    text = expect(data, str, "finished_at")
    if not text or len(text) > MAX_STAMP_LENGTH:
        raise InvalidSaveError("finished_at is not a time stamp")
    return text


def _day(data: object) -> str:
    try:
        return check_day(expect(data, str, "day"))
    except InvalidDayError as error:
        raise InvalidSaveError(str(error)) from None


def _challenge(data: object) -> Challenge | None:
    if data is None:
        return None
    item = expect(data, dict, "challenge")
    return Challenge(_day(item.get("date")), expect(item.get("official"), bool, "official"))


def _coach(data: object, players: int) -> tuple[float | None, ...] | None:
    if data is None:
        return None
    figures = expect(data, list, "coach")
    if len(figures) != players:
        raise InvalidSaveError(f"{len(figures)} coach figures for {players} players")
    result: list[float | None] = []
    for figure in figures:
        if figure is None:
            result.append(None)
            continue
        if isinstance(figure, bool) or not isinstance(figure, int | float):
            raise InvalidSaveError(f"a coach figure is a number, not {type(figure).__name__}")
        if not math.isfinite(figure) or not 0 <= figure <= MAX_COACH_LOSS:
            raise InvalidSaveError(f"a coach figure of {figure} points is impossible")
        result.append(figure)
    return tuple(result)
