"""Skill told from luck: two games of one challenge compared, and the table of its results."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tests.test_challenge_link import a_bot_game
from yacht.errors import ChallengeLinkError, InvalidSaveError, TableError
from yacht.game.replay import PlayedGame, claimed_total
from yacht.i18n import translator
from yacht.saves.challenge_book import (
    CHALLENGE_BOOK_RECORD,
    MAX_CHALLENGES,
    MAX_RESULTS,
    ChallengeBook,
    ChallengeSlot,
    with_own,
    with_received,
)
from yacht.saves.challenge_link import ChallengeLink, finished_link
from yacht.saves.keys import CHALLENGES_KEY
from yacht.session import challenge_compare
from yacht.session.challenge_compare import compare
from yacht.views.challenge import claim_warning, comparison_view, results


class DictStore:
    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def read(self, key: str) -> str | None:
        return self.items.get(key)

    def write(self, key: str, text: str) -> None:
        self.items[key] = text


def test_the_same_game_differs_nowhere_and_gives_nothing_away_when_optimal() -> None:
    game = a_bot_game(1)
    comparison = compare(game, game)
    assert comparison.differing == ()
    assert comparison.first == comparison.second
    # The optimal bot takes the best option every time: nothing given away.
    assert comparison.first.given_away == 0.0


def test_a_weaker_player_gives_points_away_where_the_decisions_differ() -> None:
    strong, weak = a_bot_game(3), replace(a_bot_game(3, "beginner"), name="Ben")
    comparison = compare(strong, weak)
    assert comparison.first.totals.total == claimed_total(strong)
    assert comparison.second.totals.total == claimed_total(weak)
    assert comparison.differing
    assert all(strong.turns[n - 1] != weak.turns[n - 1] for n in comparison.differing)
    same = set(range(1, 13)) - set(comparison.differing)
    assert all(strong.turns[n - 1] == weak.turns[n - 1] for n in same)
    given = comparison.second.given_away
    assert given is not None
    assert given > 0
    assert given == pytest.approx(sum(t.given_away or 0 for t in comparison.second.turns), 0.01)
    # Turns whose decisions match cost both players the same.
    for number in same:
        first, second = comparison.first.turns[number - 1], comparison.second.turns[number - 1]
        assert (first.dice, first.points) == (second.dice, second.points)


def test_without_the_strategy_table_the_points_given_away_are_left_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_table(*_: object) -> None:
        raise TableError("no table for these rules")

    monkeypatch.setattr(challenge_compare, "grade", no_table)
    game = a_bot_game(2)
    comparison = compare(game, replace(a_bot_game(2, "beginner"), name="Ben"))
    assert comparison.first.given_away is None
    assert comparison.second.given_away is None
    view = comparison_view(comparison, game.ruleset)
    assert not any("given away" in row[0] for row in view.rows)
    assert view.rows[-1][0] == "Total"


def test_only_finished_games_of_the_same_dice_compare() -> None:
    game = a_bot_game(2)
    with pytest.raises(ChallengeLinkError, match="same dice"):
        compare(game, replace(game, seed=game.seed + 1))
    with pytest.raises(ChallengeLinkError, match="finished"):
        compare(game, replace(game, turns=game.turns[:-1]))


def test_the_comparison_reads_in_every_language() -> None:
    comparison = compare(a_bot_game(5), replace(a_bot_game(5, "casual"), name="Ben"))
    english = comparison_view(comparison, a_bot_game(5).ruleset)
    assert english.header == ("Category", "Ann", "Ben")
    assert len(english.turns) == len(comparison.differing)
    assert english.rows[-2][0] == "Total"
    for language in ("ru", "uk", "pl", "lv"):
        view = comparison_view(comparison, a_bot_game(5).ruleset, translator(language))
        assert view.summary != english.summary
        assert view.rows[-2][1:] == english.rows[-2][1:]


# -- the results table -----------------------------------------------------------------------


def test_answers_gather_in_their_challenge_best_first() -> None:
    ann = a_bot_game(7)
    ben = replace(a_bot_game(7, "beginner"), name="Ben")
    cy = replace(a_bot_game(7, "casual"), name="Cy")
    book = with_own(ChallengeBook(), ann)
    book = with_received(book, finished_link(ben, reply=True))
    book = with_received(book, finished_link(cy, reply=True))
    # Ben answers again: his later game replaces the first.
    book = with_received(book, finished_link(ben, reply=True))
    entry = book.entry_for(ann)
    assert entry is not None
    assert len(book.entries) == 1
    rows = results(entry)
    assert rows[0].name == "Ann"
    assert sorted(row.name for row in rows) == ["Ann", "Ben", "Cy"]
    assert [row.total for row in rows] == sorted((row.total for row in rows), reverse=True)
    assert rows[0].note == "you"


def test_an_edited_claim_is_marked_and_scored_by_its_moves() -> None:
    ben = replace(a_bot_game(8, "casual"), name="Ben")
    forged = ChallengeLink(ben, claimed_total(ben) + 40, reply=True)
    book = with_received(ChallengeBook(), forged)
    entry = book.entry_for(ben)
    assert entry is not None
    (row,) = results(entry)
    assert (row.total, row.note) == (claimed_total(ben), "link edited")
    assert "edited" in claim_warning(forged)
    assert claim_warning(finished_link(ben)) == ""


def test_the_book_is_capped() -> None:
    book = ChallengeBook()
    game = a_bot_game(9)
    for seed in range(MAX_CHALLENGES + 3):
        book = with_own(book, replace(game, seed=seed))
    assert len(book.entries) == MAX_CHALLENGES
    assert book.entries[0].seed == MAX_CHALLENGES + 2
    for number in range(MAX_RESULTS + 4):
        book = with_received(book, finished_link(replace(game, name=f"P{number}")))
    assert len(book.entries[0].others) == MAX_RESULTS


def test_the_book_round_trips_and_refuses_damage() -> None:
    ann = a_bot_game(7)
    log = PlayedGame(ann.ruleset, 99, "Ann", ann.turns[:3])
    book = replace(with_own(ChallengeBook(), ann), playing=log)
    book = with_received(book, finished_link(replace(ann, name="Ben"), reply=True))
    text = CHALLENGE_BOOK_RECORD.encode(book)
    assert CHALLENGE_BOOK_RECORD.decode(text) == book
    data = json.loads(text)
    data["entries"][0]["seed"] += 1  # the games no longer belong to it
    with pytest.raises(Exception, match="other dice"):
        CHALLENGE_BOOK_RECORD.decode(json.dumps(data))
    data = json.loads(text)
    data["entries"][0]["seed"] = 2**53  # no game starts with it, so none could be its answer
    with pytest.raises(InvalidSaveError, match="a seed is a whole number from 0 to"):
        CHALLENGE_BOOK_RECORD.decode(json.dumps(data))
    data = json.loads(text)
    data["entries"][0]["others"] = ["junk!"]
    with pytest.raises(Exception, match="damaged"):
        CHALLENGE_BOOK_RECORD.decode(json.dumps(data))


def test_the_slot_backs_up_a_damaged_book_and_keeps_another_tabs_results() -> None:
    store = DictStore()
    store.items[CHALLENGES_KEY] = "{not json"
    slot = ChallengeSlot(store)
    notices = slot.open()
    assert notices
    assert store.items[f"{CHALLENGES_KEY}:backup"] == "{not json"
    ann = a_bot_game(7)
    assert slot.change(lambda book: with_own(book, ann)) == []
    # Another tab adds an answer; this tab's next change keeps it.
    other = ChallengeSlot(store)
    other.open()
    other.change(lambda book: with_received(book, finished_link(replace(ann, name="Ben"))))
    slot.change(lambda book: replace(book, playing=PlayedGame(ann.ruleset, 5, "Ann")))
    stored = CHALLENGE_BOOK_RECORD.decode(store.items[CHALLENGES_KEY])
    assert stored.playing is not None
    entry = stored.entry_for(ann)
    assert entry is not None
    assert [link.game.name for link in entry.others] == ["Ben"]
