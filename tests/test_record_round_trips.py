"""Every stored record keeps every field: value -> data -> value, and value -> text -> value.

Hypothesis draws each field of each record (not only the ones a typical page writes), so a
field that a codec forgets — as the old setup reader forgot the seats' computer levels and the
coach — fails here. A final test checks that no record of ``yacht.saves`` escapes this file.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from dataclasses import replace
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import yacht.saves
from tests.test_challenge_link import played_games
from yacht import GameState, apply, legal_actions, new_game
from yacht.game.players import COMPUTER_LEVELS
from yacht.game.setup import GameSetup
from yacht.i18n import LANGUAGES
from yacht.rules.categories import Category
from yacht.rules.rulesets import RULESETS
from yacht.saves.challenge_book import (
    CHALLENGE_BOOK_RECORD,
    ChallengeBook,
    with_own,
    with_received,
)
from yacht.saves.challenge_link import finished_link
from yacht.saves.coach_log import COACH_LOG_RECORD
from yacht.saves.export import EXPORT_RECORD, Export
from yacht.saves.game_record import GAME_RECORD, SavedGame
from yacht.saves.history import HISTORY_RECORD, History, entry_from_game
from yacht.saves.keys import GAME_KEY
from yacht.saves.records import Record
from yacht.saves.set_aside import SetAside
from yacht.saves.settings import SETTINGS_RECORD, Settings
from yacht.saves.setup_record import SETUP_RECORD
from yacht.saves.slots import backup_keys
from yacht.session.coach_log import CoachEntry, Move

NAME = st.sampled_from(["Ann", "Ben", "Zoë", "<b>x</b>", "😀", "Ēriks", "Юля"])
STAMP = st.none() | st.text(max_size=40)
DAY = st.dates().map(lambda d: d.isoformat())
LEVEL = st.none() | st.sampled_from(sorted(COMPUTER_LEVELS))


def _round_trips(record: Record[Any], value: object) -> None:
    assert record.from_data(record.to_data(value)) == value
    assert record.decode(record.encode(value)) == value
    assert record.encode(record.decode(record.encode(value))) == record.encode(value)


@st.composite
def setups(draw: st.DrawFn) -> GameSetup:
    names = tuple(draw(st.lists(NAME, min_size=1, max_size=6, unique=True)))
    ruleset = draw(st.sampled_from(sorted(RULESETS)))
    real_dice = draw(st.booleans())
    seats = () if real_dice else tuple(draw(LEVEL) for _ in names)
    return GameSetup(
        names,
        ruleset,
        RULESETS[ruleset].offers_bonus and draw(st.booleans()),
        seats if any(seats) else (),
        draw(st.booleans()),
        real_dice,
    )


@st.composite
def games(draw: st.DrawFn, *, finished: bool = False) -> GameState:
    setup = draw(setups())
    state = setup.start(draw(st.none() | st.integers(0, 2**53 - 1)))
    if state.real_dice:
        state = new_game(list(setup.names), setup.ruleset, upper_bonus=setup.upper_bonus)
    rng = random.Random(draw(st.integers(0, 2**32)))
    steps = 10_000 if finished else draw(st.integers(0, 200))
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_actions(state)), rng)
    return state


def moves() -> st.SearchStrategy[Move]:
    holds = st.lists(st.integers(1, 6), max_size=5).map(lambda f: Move("hold", tuple(sorted(f))))
    scores = st.builds(
        lambda c, p: Move("score", category=c, points=p),
        st.sampled_from(list(Category)),
        st.integers(0, 50),
    )
    return holds | scores


COACH_LOGS = st.lists(
    st.builds(
        CoachEntry,
        st.integers(0, 5),
        st.integers(1, 12),
        st.floats(0, 1000, allow_nan=False),
        moves(),
        moves(),
    ),
    max_size=8,
).map(tuple)


@st.composite
def saved_games(draw: st.DrawFn) -> SavedGame:
    state = draw(games())
    log = draw(st.none() | COACH_LOGS)
    if log is not None:
        turns = len(state.ruleset.categories)
        log = tuple(e for e in log if e.seat < len(state.players) and e.turn <= turns)
    return SavedGame(state, draw(st.integers(0, 2**53 - 1)), draw(STAMP), log)


@st.composite
def histories(draw: st.DrawFn) -> History:
    entries = []
    for _ in range(draw(st.integers(0, 2))):
        state = draw(games(finished=True))
        coach = draw(
            st.none()
            | st.lists(
                st.none() | st.floats(0, 500, allow_nan=False).map(lambda x: round(x, 2)),
                min_size=len(state.players),
                max_size=len(state.players),
            )
        )
        stamp = draw(st.datetimes()).isoformat() + "Z"
        entries.append(entry_from_game(state, stamp, draw(DAY), coach))
    entries.sort(key=lambda e: e.finished_at)
    days = tuple(sorted(set(draw(st.lists(DAY, max_size=3)))))
    return History(tuple(entries), days)


@given(setups())
def test_setup_round_trips(setup: GameSetup) -> None:
    _round_trips(SETUP_RECORD, setup)


@given(st.builds(Settings, st.none() | st.sampled_from(sorted(LANGUAGES)), st.booleans()))
def test_settings_round_trip(value: Settings) -> None:
    _round_trips(SETTINGS_RECORD, value)


@given(saved_games())
def test_saved_game_round_trips(saved: SavedGame) -> None:
    _round_trips(GAME_RECORD, saved)


@given(COACH_LOGS)
def test_coach_log_round_trips(log: tuple[CoachEntry, ...]) -> None:
    _round_trips(COACH_LOG_RECORD, log)


@settings(max_examples=min(25, settings().max_examples), deadline=None)
@given(histories())
def test_history_round_trips(history: History) -> None:
    _round_trips(HISTORY_RECORD, history)


@settings(max_examples=min(25, settings().max_examples), deadline=None)
@given(st.none() | saved_games(), st.none() | setups(), STAMP, st.none() | histories())
def test_export_round_trips(
    game: SavedGame | None, setup: GameSetup | None, at: str | None, history: History | None
) -> None:
    # An empty export file is refused by design (tested in test_records).
    assume(game is not None or setup is not None or history is not None)
    contents = Export(game, setup, None if at is None else at[:40], history)
    _round_trips(EXPORT_RECORD, contents)


@st.composite
def challenge_books(draw: st.DrawFn) -> ChallengeBook:
    aside = draw(
        st.none()
        | st.builds(
            SetAside,
            st.sampled_from(backup_keys(GAME_KEY)),
            st.none() | played_games(finished=False),
        )
    )
    book = ChallengeBook(playing=draw(st.none() | played_games(finished=False)), aside=aside)
    for game in draw(st.lists(played_games(), max_size=3)):
        book = with_own(book, game) if draw(st.booleans()) else book
        book = with_received(book, finished_link(replace(game, name="Ben"), reply=True))
    return book


@settings(max_examples=min(30, settings().max_examples))
@given(challenge_books())
def test_the_table_of_challenges_round_trips(book: ChallengeBook) -> None:
    _round_trips(CHALLENGE_BOOK_RECORD, book)


COVERED = {
    CHALLENGE_BOOK_RECORD.tag,
    SETUP_RECORD.tag,
    SETTINGS_RECORD.tag,
    GAME_RECORD.tag,
    COACH_LOG_RECORD.tag,
    HISTORY_RECORD.tag,
    EXPORT_RECORD.tag,
}


def test_every_record_of_the_package_is_covered_here() -> None:
    found = set()
    for info in pkgutil.iter_modules(yacht.saves.__path__, "yacht.saves."):
        module = importlib.import_module(info.name)
        found |= {value.tag for value in vars(module).values() if isinstance(value, Record)}
    assert found == COVERED
