"""The history's limit: an import never deletes a game unless the player is told and given it.

Issue: the merge kept the newest 500 games, so 400 local + 300 imported silently lost 200 local
games, and 500 + 500 lost every local one. The merge now keeps what fits the limit and hands
back the rest, so the page can say so first and offer them as a download.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from yacht.errors import Damage, InvalidSaveError, TooManyGamesError
from yacht.rules.rulesets import find_ruleset, possible_scores
from yacht.saves import history as history_module
from yacht.saves.export import EXPORT_RECORD, Export
from yacht.saves.history import (
    HISTORY_RECORD,
    MAX_GAMES,
    MAX_STORED_GAMES,
    History,
    HistoryEntry,
    PlayerResult,
)
from yacht.saves.records import damage_of
from yacht.views.save_notices import import_refused

TRADITIONAL = find_ruleset("traditional")
OPTIONS = {c: sorted(possible_scores(TRADITIONAL, c)) for c in TRADITIONAL.categories}


def games(count: int, seed: int, start: int = 0, players: int = 1) -> tuple[HistoryEntry, ...]:
    """``count`` distinct finished games, the n-th finished at second ``start + n``."""
    rng = random.Random(seed)
    return tuple(
        HistoryEntry(
            f"2026-01-01T{(start + n) // 3600:02d}:{(start + n) // 60 % 60:02d}:"
            f"{(start + n) % 60:02d}Z",
            "2026-01-01",
            TRADITIONAL,
            tuple(
                PlayerResult(
                    f"P{seat}", tuple((c, rng.choice(OPTIONS[c])) for c in TRADITIONAL.categories)
                )
                for seat in range(players)
            ),
        )
        for n in range(count)
    )


def test_400_local_and_300_imported_games_are_all_kept() -> None:
    local, imported = History(games(400, 1)), History(games(300, 2, start=10_000))
    merge = local.merged(imported)
    assert len(merge.history.games) == 700
    assert set(local.games) <= set(merge.history.games)
    assert (merge.added, merge.dropped, merge.dropped_local) == (300, (), 0)


def test_500_local_and_500_imported_games_are_all_kept() -> None:
    local, imported = History(games(500, 1, start=10_000)), History(games(500, 2))
    merge = local.merged(imported)
    assert set(merge.history.games) == set(local.games) | set(imported.games)
    assert merge.dropped == ()


def test_past_the_limit_the_oldest_are_handed_back_and_counted() -> None:
    local = History(games(MAX_GAMES - 10, 1, start=100))
    imported = History(games(30, 2))  # older than every local game
    merge = local.merged(imported)
    assert len(merge.history.games) == MAX_GAMES
    assert merge.dropped == imported.games[:20]
    assert (merge.added, merge.dropped_local) == (10, 0)


def test_many_players_games_are_limited_by_their_size(monkeypatch: pytest.MonkeyPatch) -> None:
    six = games(40, 3, players=6)
    each = len(HISTORY_RECORD.encode(History(six[:1]))) - len(HISTORY_RECORD.encode(History()))
    monkeypatch.setattr(history_module, "MAX_GAMES_CHARS", 10 * each + 5)
    merge = History(six[:20]).merged(History(six[20:]))
    assert len(merge.history.games) == 10
    assert merge.history.games == six[-10:]
    assert merge.dropped == six[:30]
    assert merge.dropped_local == 20


@given(
    st.integers(0, 14),
    st.integers(0, 14),
    st.integers(0, 10),
    st.integers(1, 12),
    st.randoms(use_true_random=False),
)
def test_no_local_game_is_lost_unless_reported(
    local_count: int, imported_count: int, shared: int, limit: int, rng: random.Random
) -> None:
    pool = list(games(30, 7))
    rng.shuffle(pool)
    local = pool[:local_count]
    # The import holds some of the local games (an earlier export) and some of its own.
    imported = rng.sample(local, min(shared, len(local))) + pool[15 : 15 + imported_count]
    old_limit = history_module.MAX_GAMES
    history_module.MAX_GAMES = limit
    try:
        merge = History(tuple(sorted(local, key=lambda e: e.finished_at))).merged(
            History(tuple(imported))
        )
    finally:
        history_module.MAX_GAMES = old_limit
    kept, dropped = merge.history.games, merge.dropped
    # Every game is kept or handed back, once, and the counts match.
    assert sorted(kept + dropped, key=lambda e: e.finished_at) == sorted(
        set(local) | set(imported), key=lambda e: e.finished_at
    )
    assert len(kept) == min(limit, len(set(local) | set(imported)))
    assert merge.dropped_local == len(set(dropped) & set(local))
    assert merge.added == len(set(kept) - set(local))
    assert all(d.finished_at <= k.finished_at for d in dropped for k in kept)
    assert list(kept) == sorted(kept, key=lambda e: e.finished_at)


def test_an_import_file_of_ten_thousand_games_is_refused_as_too_many() -> None:
    text = EXPORT_RECORD.encode(Export(None, None, None, History(games(10_000, 5))))
    with pytest.raises(TooManyGamesError) as raised:
        EXPORT_RECORD.decode(text)
    assert (raised.value.games, raised.value.limit) == (10_000, MAX_GAMES)
    assert damage_of(raised.value) is Damage.TOO_BIG
    message = import_refused(raised.value)
    assert "10,000 finished games" in message
    assert "5,000" in message
    assert "cannot happen" not in message


def test_a_full_history_round_trips_through_an_export_file() -> None:
    history = History(games(MAX_GAMES, 6))
    text = EXPORT_RECORD.encode(Export(None, None, None, history))
    loaded = EXPORT_RECORD.decode(text).history
    assert loaded is not None
    assert loaded.games == history.games


def test_a_stored_history_may_hold_the_spare_games_and_no_more() -> None:
    spare = History(games(MAX_STORED_GAMES, 8))
    assert spare.fits_storage()
    assert HISTORY_RECORD.decode(HISTORY_RECORD.encode(spare)) == spare
    beyond = spare.with_game(games(1, 9, start=99_999)[0])
    assert not beyond.fits_storage()
    with pytest.raises(InvalidSaveError, match="at most"):
        HISTORY_RECORD.decode(HISTORY_RECORD.encode(beyond))


def test_other_refusals_keep_their_reasons() -> None:
    bad = json.loads(HISTORY_RECORD.encode(History(games(1, 1))))
    bad["games"][0]["players"][0]["scores"]["yacht"] = 49
    with pytest.raises(InvalidSaveError) as raised:
        HISTORY_RECORD.from_data(bad)
    assert "cannot happen" in import_refused(raised.value)


def test_whatever_fits_storage_is_read_back(monkeypatch: pytest.MonkeyPatch) -> None:
    # A history just within the characters it may take, with every daily day remembered:
    # what the slot agrees to write, the reader accepts.
    six = games(60, 4, players=6)
    days = tuple(f"2026-{1 + d // 28:02d}-{1 + d % 28:02d}" for d in range(62))
    history = History(six, days)
    size = len(HISTORY_RECORD.encode(history))
    fitting = []
    for limit in (size - 1, size, size + 500, size + 2000):
        monkeypatch.setattr(history_module, "MAX_HISTORY_CHARS", limit)
        record = replace(HISTORY_RECORD, max_chars=limit)
        if history.fits_storage():
            fitting.append(limit)
            assert record.decode(record.encode(history)) == history
    assert fitting == [size + 2000]
