"""Seats left blank follow the page's language, until the first throw (yacht/views/seat_labels.py,
yacht/game/state.py; the page's part is e2e/test_ending_and_words.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from yacht.errors import DuplicateNameError, NamesFixedError
from yacht.game.setup import GameSetup
from yacht.game.state import GameState, new_game, rename_players, roll, score_category
from yacht.i18n import ENGLISH, LANGUAGES, translator
from yacht.rules.dice import seeded_dice
from yacht.views.seat_labels import default_name, renamed_blank_seats

RUSSIAN, POLISH = translator("ru"), translator("pl")


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_every_language_names_a_blank_seat_in_its_own_words(language: str) -> None:
    after = translator(language)
    names = renamed_blank_seats(["Player 1", "Player 2"], ENGLISH, after)
    assert names == (default_name(after, 1), default_name(after, 2))
    assert names != ("Player 1", "Player 2")
    # And back: the names nobody typed go with every switch.
    assert renamed_blank_seats(names, after, ENGLISH) == ("Player 1", "Player 2")


def test_typed_names_stay_and_a_default_is_known_by_its_own_seat() -> None:
    names = ["Ann", "Player 2", "Player 1", "player 4"]
    # "Player 1" in the third seat was typed: a blank third seat is "Player 3".
    assert renamed_blank_seats(names, ENGLISH, RUSSIAN) == (
        "Ann",
        "Игрок 2",
        "Player 1",
        "player 4",
    )


def test_only_the_language_switched_from_counts() -> None:
    assert renamed_blank_seats(["Gracz 1"], ENGLISH, RUSSIAN) == ("Gracz 1",)
    assert renamed_blank_seats(["Gracz 1"], POLISH, RUSSIAN) == ("Игрок 1",)


def test_a_rename_that_would_seat_two_players_of_one_name_renames_nobody() -> None:
    names = ["Игрок 2", "Player 2"]
    assert renamed_blank_seats(names, ENGLISH, RUSSIAN) == ("Игрок 2", "Player 2")


def test_a_game_nobody_has_thrown_in_takes_new_names_and_nothing_else() -> None:
    game = new_game(["Player 1", "Ann"], "extended", upper_bonus=True, seed=7)
    renamed = rename_players(game, ["Игрок 1", "Ann"])
    assert [card.name for card in renamed.players] == ["Игрок 1", "Ann"]
    assert renamed == replace(game, players=renamed.players)
    # The same dice follow: the names are no part of the seed.
    assert roll(renamed).dice == roll(game).dice


def begun_games() -> list[GameState]:
    game = new_game(["Player 1", "Player 2"], seed=3)
    rolled = roll(game, seeded_dice(1))
    scored = score_category(rolled, "choice")
    # A save of an older version may not count its throws: a score still says play began.
    return [rolled, scored, replace(scored, rolls_made=0)]


@pytest.mark.parametrize(
    "game", begun_games(), ids=["rolled", "scored", "scored, throws uncounted"]
)
def test_once_someone_has_thrown_the_names_are_the_games_record(game: GameState) -> None:
    assert game.begun
    with pytest.raises(NamesFixedError):
        rename_players(game, ["Игрок 1", "Игрок 2"][: len(game.players)])


def test_a_rename_is_checked_like_the_names_of_a_new_game() -> None:
    game = new_game(["Player 1", "Player 2"])
    assert not game.begun
    with pytest.raises(DuplicateNameError):
        rename_players(game, ["Ann", " Ann"])
    with pytest.raises(ValueError, match="3 names for 2 seats"):
        rename_players(game, ["A", "B", "C"])
    assert rename_players(game, [" Ann\u202e ", "Ben"]).players[0].name == "Ann"


def test_a_setup_renamed_keeps_its_seats_kinds_and_rules() -> None:
    setup = GameSetup(("Player 1", "Player 2"), "sum-all", computers=(None, "strong"), coach=True)
    names = renamed_blank_seats(setup.names, ENGLISH, POLISH)
    assert GameSetup(names, "sum-all", computers=(None, "strong"), coach=True).names == (
        "Gracz 1",
        "Gracz 2",
    )
