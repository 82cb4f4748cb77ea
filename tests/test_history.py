"""The history of finished games and the statistics drawn from it, on a fixed history."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import pytest

from yacht.errors import Damage, InvalidSaveError, UnsupportedSaveVersionError
from yacht.game.state import Challenge, GameState, enter_dice, new_game, roll, score_category
from yacht.rules.categories import Category
from yacht.rules.rulesets import find_ruleset
from yacht.saves.history import (
    HISTORY_RECORD,
    MAX_GAMES,
    History,
    HistoryEntry,
    PlayerResult,
    coach_losses,
    entry_from_game,
    entry_to_dict,
)
from yacht.saves.records import damage_of
from yacht.session.coach_log import CoachEntry, Move
from yacht.views.stats import bin_width, histogram, player_stats, stats_keys

TRADITIONAL = find_ruleset("traditional")
EXTENDED_BONUS = find_ruleset("extended", upper_bonus=True)

# A throw for each traditional category, and what it scores there.
GOOD = {
    Category.ONES: ((1, 1, 1, 2, 3), 3),
    Category.TWOS: ((2, 2, 2, 2, 3), 8),
    Category.THREES: ((3, 3, 3, 1, 2), 9),
    Category.FOURS: ((4, 4, 4, 1, 2), 12),
    Category.FIVES: ((5, 5, 5, 1, 2), 15),
    Category.SIXES: ((6, 6, 6, 6, 2), 24),
    Category.FULL_HOUSE: ((3, 3, 3, 5, 5), 19),
    Category.FOUR_OF_A_KIND: ((6, 6, 6, 6, 1), 24),
    Category.LITTLE_STRAIGHT: ((1, 2, 3, 4, 5), 30),
    Category.BIG_STRAIGHT: ((2, 3, 4, 5, 6), 30),
    Category.CHOICE: ((6, 6, 5, 5, 4), 26),
    Category.YACHT: ((4, 4, 4, 4, 4), 50),
}
GOOD_TOTAL = sum(points for _, points in GOOD.values())
BAD = (1, 2, 3, 4, 6)  # scores 0 in Yacht, Full House, Four of a Kind and both straights


def played(names: Sequence[str], throws: Callable[[int, Category], tuple[int, ...]]) -> GameState:
    """A finished real-dice traditional game: seat ``s`` throws ``throws(s, category)``."""
    game = replace(new_game(list(names)), real_dice=True)
    for category in TRADITIONAL.categories:
        for seat in range(len(names)):
            game = score_category(enter_dice(game, throws(seat, category)), category)
    assert game.is_over
    return game


def good(_seat: int, category: Category) -> tuple[int, ...]:
    return GOOD[category][0]


def bad(_seat: int, _category: Category) -> tuple[int, ...]:
    return BAD


def stamp(n: int) -> str:
    return f"2026-11-{n:02d}T12:00:00Z"


def fixed_history() -> History:
    """Ann's four games: a perfect solo game, a duel won, a duel lost, an all-bad solo game."""
    history = History()
    games = [
        played(["Ann"], good),
        played(["Ann", "Ben"], lambda seat, c: GOOD[c][0] if seat == 0 else BAD),
        played(["Ann", "Ben"], lambda seat, c: BAD if seat == 0 else GOOD[c][0]),
        played(["Ann"], bad),
    ]
    for day, game in enumerate(games, 1):
        history = history.with_game(entry_from_game(game, stamp(day), f"2026-11-{day:02d}"))
    return history


# -- statistics ---------------------------------------------------------------------------------


def test_statistics_of_a_fixed_history() -> None:
    bad_total = 1 + 2 + 3 + 4 + 0 + 6 + 0 + 0 + 0 + 0 + 16 + 0
    stats = player_stats(fixed_history(), "Ann", TRADITIONAL)
    assert stats is not None
    assert stats.games == 4
    assert stats.contests == 2
    assert stats.wins == 1
    assert stats.totals == (GOOD_TOTAL, GOOD_TOTAL, bad_total, bad_total)
    assert (stats.best, stats.worst) == (GOOD_TOTAL, bad_total)
    assert stats.average == pytest.approx((2 * GOOD_TOTAL + 2 * bad_total) / 4)
    by_category = {c.category: c for c in stats.categories}
    yacht = by_category[Category.YACHT]
    assert (yacht.average, yacht.zeros, yacht.games, yacht.zero_rate) == (25.0, 2, 4, 0.5)
    ones = by_category[Category.ONES]
    assert (ones.average, ones.zeros) == ((3 + 3 + 1 + 1) / 4, 0)
    assert [point.day for point in stats.scores] == [f"2026-11-0{d}" for d in (1, 2, 3, 4)]
    assert [c.category for c in stats.categories] == list(TRADITIONAL.categories)


def test_statistics_keep_players_and_rule_sets_apart() -> None:
    history = fixed_history()
    ben = player_stats(history, "Ben", TRADITIONAL)
    assert ben is not None
    assert (ben.games, ben.contests, ben.wins) == (2, 2, 1)
    assert player_stats(history, "Ann", EXTENDED_BONUS) is None
    assert player_stats(history, "ann", TRADITIONAL) is None
    keys = [(k.name, k.ruleset.id, k.games) for k in stats_keys(history)]
    assert keys == [("Ann", "traditional", 4), ("Ben", "traditional", 2)]


def test_a_shared_first_place_is_a_win_for_both() -> None:
    tie = played(["Ann", "Ben"], good)
    history = History().with_game(entry_from_game(tie, stamp(1), "2026-11-01"))
    for name in ("Ann", "Ben"):
        stats = player_stats(history, name, TRADITIONAL)
        assert stats is not None
        assert stats.wins == 1


def test_histogram_bars_and_widths() -> None:
    assert histogram([]) == ()
    bars = histogram([212, 188, 201, 250, 199])
    assert bin_width([212, 188, 201, 250, 199]) == 10
    assert [(b.low, b.high, b.count) for b in bars][:3] == [
        (180, 189, 1),
        (190, 199, 1),
        (200, 209, 1),
    ]
    assert sum(b.count for b in bars) == 5
    assert len(bars) == 8  # 180..259, the empty bands included
    assert bin_width(list(range(0, 400, 7))) == 50
    assert len(histogram(range(0, 2000, 13))) <= 12


# -- entries -------------------------------------------------------------------------------------


def test_an_entry_keeps_everything_about_the_game() -> None:
    game = played(["Ann", "Ben"], lambda seat, c: GOOD[c][0] if seat == 0 else BAD)
    entry = entry_from_game(game, stamp(3), "2026-11-03", coach=[1.5, None])
    assert entry.real_dice
    assert entry.players[0].name == "Ann"
    assert entry.players[0].score_map == {c: p for c, (_, p) in GOOD.items()}
    assert entry.totals() == tuple(t.total for t in game.totals())
    assert entry.winners() == game.winners() == (0,)
    assert entry.coach == (1.5, None)
    data = entry_to_dict(entry)
    assert data["winners"] == [0]
    assert data["players"][0]["total"] == GOOD_TOTAL
    assert data["coach"] == [1.5, None]


def test_only_finished_games_become_entries() -> None:
    with pytest.raises(ValueError, match="finished"):
        entry_from_game(new_game(["Ann"]), stamp(1), "2026-11-01")
    with pytest.raises(ValueError, match="coach"):
        entry_from_game(played(["Ann"], good), stamp(1), "2026-11-01", coach=[1.0, 2.0])


def test_a_finished_game_past_the_limit_is_kept_and_counted_over_it() -> None:
    entry = entry_from_game(played(["Ann"], good), stamp(1), "2026-11-01")
    history = History()
    for n in range(MAX_GAMES + 3):
        history = history.with_game(replace(entry, finished_at=f"2026-11-01T{n:05d}"))
    assert len(history.games) == MAX_GAMES + 3  # nothing dropped without the player's consent
    assert history.over_limit() == 3
    assert history.fits_storage()
    trimmed = history.without_oldest(history.over_limit())
    assert trimmed.games == history.games[3:]
    assert trimmed.over_limit() == 0


def test_an_undone_last_score_takes_the_game_back_out() -> None:
    history = fixed_history()
    last = history.games[-1]
    again = replace(last, finished_at="later", coach=(3.0,))
    assert history.without_game(again).games == history.games[:-1]
    other = entry_from_game(played(["Zoe"], good), stamp(9), "2026-11-09")
    assert history.without_game(other) == history


def test_merging_keeps_each_game_once_in_time_order() -> None:
    history = fixed_history()
    first_two = History(history.games[:2], ("2026-11-01",))
    last_three = History(history.games[1:], ("2026-11-02",))
    merge = last_three.merged(first_two)
    assert merge.history.games == history.games
    assert merge.history.daily_started == ("2026-11-01", "2026-11-02")
    assert (merge.added, merge.dropped, merge.dropped_local) == (1, (), 0)


def test_clearing_forgets_games_but_not_the_daily_attempts() -> None:
    history, official = fixed_history().start_daily("2026-11-30")
    assert official
    cleared = history.cleared()
    assert cleared.games == ()
    assert cleared.start_daily("2026-11-30") == (cleared, False)


# -- the stored record ---------------------------------------------------------------------------


def test_round_trip() -> None:
    history, _ = fixed_history().start_daily("2026-11-04")
    text = HISTORY_RECORD.encode(history)
    assert HISTORY_RECORD.decode(text) == history
    data = json.loads(text)
    assert (data["format"], data["version"]) == ("yacht-history", 1)
    assert HISTORY_RECORD.to_data(history) == data


def test_a_daily_entry_round_trips() -> None:
    game = new_game(["Ann"], seed=5)
    game = replace(game, challenge=Challenge("2026-11-05", official=False))
    while not game.is_over:
        game = score_category(roll(game), game.open_categories()[0])
    entry = entry_from_game(game, stamp(5), "2026-11-05")
    history = History().with_game(entry)
    assert HISTORY_RECORD.decode(HISTORY_RECORD.encode(history)) == history
    assert history.official_daily("2026-11-05") is None


def _record() -> dict[str, Any]:
    data: dict[str, Any] = HISTORY_RECORD.to_data(fixed_history())
    return data


def _game(data: dict[str, Any], n: int = 1) -> dict[str, Any]:
    game: dict[str, Any] = data["games"][n]
    return game


TAMPERING: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("a score no throw makes", lambda d: _game(d)["players"][0]["scores"].update(ones=7), "7"),
    ("a missing category", lambda d: _game(d)["players"][0]["scores"].pop("yacht"), "unfinished"),
    (
        "a category of another rule set",
        lambda d: _game(d)["players"][0]["scores"].update(small_straight=25),
        "no category",
    ),
    ("a total that does not add up", lambda d: _game(d)["players"][0].update(total=999), "totals"),
    ("a wrong winner", lambda d: _game(d).update(winners=[1]), "winners"),
    ("an unknown rule set", lambda d: _game(d).update(ruleset="poker"), "poker"),
    ("a hostile name", lambda d: _game(d)["players"][0].update(name="Ann\u202e"), "cleaned"),
    ("a bad day", lambda d: _game(d).update(day="yesterday"), "YYYY-MM-DD"),
    ("a coach figure of text", lambda d: _game(d).update(coach=["a", None]), "number"),
    ("a negative coach figure", lambda d: _game(d).update(coach=[-1, None]), "impossible"),
    ("coach figures for the wrong seats", lambda d: _game(d).update(coach=[1]), "coach"),
    (
        "a multiplayer daily",
        lambda d: _game(d).update(challenge={"date": "2026-11-02", "official": True}),
        "daily",
    ),
    ("games that are not a list", lambda d: d.update(games={}), "games should be list"),
    ("a daily day that is not a date", lambda d: d.update(daily_started=["2026-13-01"]), "date"),
]


@pytest.mark.parametrize(
    ("tamper", "message"), [(t, m) for _, t, m in TAMPERING], ids=[n for n, _, _ in TAMPERING]
)
def test_a_tampered_history_is_refused(
    tamper: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = _record()
    tamper(data)
    with pytest.raises(InvalidSaveError, match=message) as raised:
        HISTORY_RECORD.decode(json.dumps(data))
    assert damage_of(raised.value) is Damage.IMPOSSIBLE


def test_a_newer_or_foreign_record_is_refused_for_what_it_is() -> None:
    data = _record()
    data["version"] = 2
    with pytest.raises(UnsupportedSaveVersionError):
        HISTORY_RECORD.from_data(data)
    with pytest.raises(InvalidSaveError) as raised:
        HISTORY_RECORD.decode('{"format": "yacht-game", "version": 1}')
    assert damage_of(raised.value) is Damage.WRONG_KIND
    with pytest.raises(InvalidSaveError) as raised:
        HISTORY_RECORD.decode('{"format": "yacht-history", "format": "x"}')
    assert damage_of(raised.value) is Damage.DUPLICATED


def test_names_stay_text() -> None:
    hostile = "<img src=x onerror=alert(1)>"
    game = played([hostile], good)
    entry = entry_from_game(game, stamp(1), "2026-11-01")
    loaded = HISTORY_RECORD.decode(HISTORY_RECORD.encode(History().with_game(entry)))
    assert loaded.games[0].players[0].name == hostile[:24]


def test_entries_compare_by_content() -> None:
    one = HistoryEntry(stamp(1), "2026-11-01", TRADITIONAL, (PlayerResult("A", ()),))
    assert one == HistoryEntry(stamp(1), "2026-11-01", TRADITIONAL, (PlayerResult("A", ()),))


def test_coach_figures_total_each_persons_losses() -> None:
    game = new_game(["Ann", "Bot", "Cy"], computers=[None, "optimal", None])
    move = Move("score", category=Category.CHOICE, points=20)
    log = [CoachEntry(0, 1, 1.25, move, move), CoachEntry(2, 1, 0.5, move, move)]
    log.append(CoachEntry(0, 2, 2.0, move, move))
    assert coach_losses(game, log) == (3.25, None, 0.5)
    assert coach_losses(game, None) is None
    assert coach_losses(game, []) == (0, None, 0)
