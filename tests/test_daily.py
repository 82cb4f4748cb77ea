"""The daily challenge: the seed depends on the calendar date alone, and is the same for all."""

from __future__ import annotations

import hashlib

import pytest

from yacht.errors import InvalidDayError
from yacht.game.daily import check_day, daily_game, daily_seed, share_text
from yacht.game.state import Challenge, roll, score_category
from yacht.i18n import translator
from yacht.saves.game_record import GAME_RECORD, SavedGame
from yacht.saves.history import (
    HISTORY_RECORD,
    History,
    entry_from_game,
)
from yacht.saves.records import MAX_SAFE_INTEGER


def test_the_seed_is_a_stable_hash_of_the_date() -> None:
    # Pinned: changing the derivation would change everyone's daily dice mid-day.
    digest = hashlib.sha256(b"yacht-daily-2026-12-01").digest()
    assert daily_seed("2026-12-01") == int.from_bytes(digest[:8], "big") & MAX_SAFE_INTEGER
    assert daily_seed("2026-12-01") == daily_seed("2026-12-01")
    assert 0 <= daily_seed("2026-12-01") <= MAX_SAFE_INTEGER


def test_every_day_of_a_year_has_its_own_seed() -> None:
    days = [f"2027-{m:02d}-{d:02d}" for m in range(1, 13) for d in range(1, 29)]
    assert len({daily_seed(day) for day in days}) == len(days)


def test_the_same_day_deals_the_same_dice() -> None:
    first = roll(daily_game("2026-12-01", "Ann"))
    again = roll(daily_game("2026-12-01", "Someone else"))
    other_day = roll(daily_game("2026-12-02", "Ann"))
    assert first.dice == again.dice
    assert first.dice != other_day.dice


def test_a_daily_game_is_a_solo_traditional_game_tagged_with_its_day() -> None:
    game = daily_game("2026-12-01", "Ann")
    assert game.ruleset.id == "traditional"
    assert game.ruleset.upper_bonus is None
    assert [card.name for card in game.players] == ["Ann"]
    assert game.challenge == Challenge("2026-12-01", official=True)
    assert game.seed == daily_seed("2026-12-01")
    practice = daily_game("2026-12-01", "Ann", official=False)
    assert practice.challenge == Challenge("2026-12-01", official=False)


def test_a_daily_game_survives_a_save() -> None:
    game = roll(daily_game("2026-12-01", "Ann", official=False))
    assert GAME_RECORD.decode(GAME_RECORD.encode(SavedGame(game))).state == game
    assert (
        roll(GAME_RECORD.decode(GAME_RECORD.encode(SavedGame(game))).state).dice == roll(game).dice
    )


@pytest.mark.parametrize(
    "day",
    ["2026-12-1", "2026-02-30", "12/01/2026", " 2026-12-01", "", "\uff12\uff10\uff12\uff16-12-01"],
)
def test_only_real_dates_are_days(day: str) -> None:
    with pytest.raises(InvalidDayError):
        check_day(day)
    with pytest.raises(InvalidDayError):
        daily_seed(day)


def test_one_official_attempt_a_day() -> None:
    history = History()
    history, official = history.start_daily("2026-12-01")
    assert official
    history, official = history.start_daily("2026-12-01")
    assert not official
    history, official = history.start_daily("2026-12-02")
    assert official
    assert HISTORY_RECORD.decode(HISTORY_RECORD.encode(history)).daily_started == (
        "2026-12-01",
        "2026-12-02",
    )


def test_the_official_result_is_found_by_its_day() -> None:
    game = daily_game("2026-12-01", "Ann")
    while not game.is_over:
        game = score_category(roll(game), game.open_categories()[-1])
    history = History().with_game(entry_from_game(game, "2026-12-01T20:00:00Z", "2026-12-01"))
    found = history.official_daily("2026-12-01")
    assert found is not None
    assert found.totals() == (game.totals()[0].total,)
    assert history.official_daily("2026-12-02") is None


def test_share_text() -> None:
    assert share_text("2026-12-01", 212) == "Yacht daily 2026-12-01: 212 — Traditional"
    # The placeholders survive translation (English falls back when not yet translated).
    text = share_text("2026-12-01", 212, translator("pl"))
    assert "2026-12-01" in text
    assert "212" in text
