"""Statistics of one player under one rule set, computed from the history of finished games.

A player is known by name (as typed at setup) and the statistics never mix rule sets: a score
of 250 means something else with the Extended sheet's bonus than in Traditional Yacht. Two
seats of one game never count as one player: setup refuses a repeated name, and the games of
earlier versions that had one tell its seats apart as "Ann" and "Ann (2)" (as a rematch does).

>>> from yacht.saves.history import History
>>> player_stats(History(), "Ann", find_ruleset("traditional")) is None
True
>>> [(b.low, b.high, b.count) for b in histogram([101, 118, 152, 160], width=25)]
[(100, 124, 2), (125, 149, 0), (150, 174, 2)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from yacht.game.players import seat_names
from yacht.rules.categories import Category
from yacht.rules.rulesets import RULESETS, RuleSet, find_ruleset
from yacht.saves.history import History, HistoryEntry

NICE_WIDTHS = (1, 2, 5, 10, 20, 25, 50, 100)
"""Histogram bar widths a reader takes in at a glance."""
MAX_BINS = 12


@dataclass(frozen=True)
class CategoryStats:
    """How one category went for the player."""

    category: Category
    average: float
    zeros: int
    """Games in which the category was scratched with 0."""
    games: int

    @property
    def zero_rate(self) -> float:
        """The share of games scratched with 0, from 0 to 1."""
        return self.zeros / self.games if self.games else 0.0


@dataclass(frozen=True)
class ScorePoint:
    """One finished game's final score, for the line over time."""

    finished_at: str
    day: str
    total: int


@dataclass(frozen=True)
class PlayerStats:
    """Everything the statistics page shows for one player and rule set."""

    name: str
    ruleset: RuleSet
    games: int
    contests: int
    """Games against at least one other player (solo games have no winner to count)."""
    wins: int
    """Contests finished in first place, a shared first place included."""
    best: int
    worst: int
    average: float
    categories: tuple[CategoryStats, ...]
    scores: tuple[ScorePoint, ...]
    """Final scores in the order the games ended."""

    @property
    def totals(self) -> tuple[int, ...]:
        """The final scores alone."""
        return tuple(point.total for point in self.scores)


@dataclass(frozen=True)
class StatsKey:
    """A player and rule set with games in the history."""

    name: str
    ruleset: RuleSet
    games: int


@dataclass(frozen=True)
class Bin:
    """One histogram bar: scores from ``low`` to ``high`` (both included)."""

    low: int
    high: int
    count: int


def stats_keys(history: History) -> tuple[StatsKey, ...]:
    """Every (player, rule set) with games, most games first, then by name and rule order."""
    counts: Counter[tuple[str, RuleSet]] = Counter()
    for entry in history.games:
        for name in _names(entry):
            counts[name, entry.ruleset] += 1
    order = {rules: n for n, rules in enumerate(_all_rulesets())}
    keys = sorted(counts.items(), key=lambda item: (-item[1], item[0][0], order[item[0][1]]))
    return tuple(StatsKey(name, rules, games) for (name, rules), games in keys)


def _names(entry: HistoryEntry) -> tuple[str, ...]:
    return seat_names([player.name for player in entry.players])


def _all_rulesets() -> list[RuleSet]:
    found = []
    for rules in RULESETS.values():
        found.append(rules)
        if rules.offers_bonus:
            found.append(find_ruleset(rules.id, upper_bonus=True))
    return found


def player_stats(history: History, name: str, ruleset: RuleSet) -> PlayerStats | None:
    """The statistics of ``name`` under ``ruleset``; None when they have no such game."""
    rows = [
        (entry, seat)
        for entry in history.games
        if entry.ruleset == ruleset
        for seat, seat_name in enumerate(_names(entry))
        if seat_name == name
    ]
    if not rows:
        return None
    points = tuple(
        ScorePoint(entry.finished_at, entry.day, entry.totals()[seat]) for entry, seat in rows
    )
    totals = [point.total for point in points]
    contests = [(entry, seat) for entry, seat in rows if len(entry.players) > 1]
    return PlayerStats(
        name=name,
        ruleset=ruleset,
        games=len(rows),
        contests=len(contests),
        wins=sum(seat in entry.winners() for entry, seat in contests),
        best=max(totals),
        worst=min(totals),
        average=sum(totals) / len(totals),
        categories=_categories(ruleset, rows),
        scores=points,
    )


def _categories(
    ruleset: RuleSet, rows: Sequence[tuple[HistoryEntry, int]]
) -> tuple[CategoryStats, ...]:
    result = []
    for category in ruleset.categories:
        points = [entry.players[seat].score_map[category] for entry, seat in rows]
        result.append(
            CategoryStats(
                category, sum(points) / len(points), sum(p == 0 for p in points), len(points)
            )
        )
    return tuple(result)


def bin_width(values: Sequence[int], max_bins: int = MAX_BINS) -> int:
    """The narrowest "nice" width that draws ``values`` in at most ``max_bins`` bars."""
    if not values:
        return NICE_WIDTHS[0]
    for width in NICE_WIDTHS:
        if max(values) // width - min(values) // width + 1 <= max_bins:
            return width
    return NICE_WIDTHS[-1] * (1 + (max(values) - min(values)) // (NICE_WIDTHS[-1] * max_bins))


def histogram(values: Iterable[int], width: int | None = None) -> tuple[Bin, ...]:
    """Counts of ``values`` in bars of ``width`` aligned on its multiples, gaps included."""
    scores = list(values)
    if not scores:
        return ()
    step = width or bin_width(scores)
    counts = Counter(score // step for score in scores)
    first, last = min(counts), max(counts)
    return tuple(
        Bin(n * step, n * step + step - 1, counts.get(n, 0)) for n in range(first, last + 1)
    )
