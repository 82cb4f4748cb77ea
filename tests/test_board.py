"""The board's view model: what the page shows for a state, decided on CPython."""

from __future__ import annotations

import random

import pytest

import yacht
from tests.reference import ScriptedDice
from yacht.game.players import MAX_NAME_LENGTH
from yacht.i18n import LANGUAGES, translator
from yacht.strategy import choose_action
from yacht.views.board import board_view, dice_counted, roll_announcement, score_announcement


def rolled(state: yacht.GameState, *faces: int) -> yacht.GameState:
    return yacht.roll(state, ScriptedDice(faces))


def test_fresh_game_shows_blank_dice_and_enabled_roll() -> None:
    view = board_view(yacht.new_game(["Ann", "Ben"]))
    assert view.roll_enabled
    assert view.rolls_left_text == "3 rolls left"
    assert all(die.face is None and not die.enabled for die in view.dice)
    assert view.dice[0].label == "Die 1: not rolled yet"
    assert view.current == 0
    assert view.status.startswith("Ann's turn (1 of 12)")
    assert not any(cell.kind == "option" for row in view.rows for cell in row.cells)


def test_options_name_the_category_first_and_show_the_engines_points() -> None:
    state = rolled(yacht.new_game(["Ann", "Ben"]), 3, 3, 3, 6, 6)
    view = board_view(state)
    rows = {row.key: row for row in view.rows}
    full_house = rows["full_house"].cells[0]
    assert full_house.kind == "option"
    assert full_house.text == "21"
    assert full_house.label == "Full House: score 21 points"
    assert rows["ones"].cells[0].label == "Ones: score 0 points"
    assert rows["full_house"].cells[1].kind == "open"  # not Ben's turn
    assert [die.label for die in view.dice][3] == "Die 4: 6"


def test_extended_calls_choice_chance_and_shows_the_bonus_lines() -> None:
    state = rolled(yacht.new_game(["Ann"], "extended", upper_bonus=True), 6, 6, 6, 6, 2)
    view = board_view(state)
    names = [row.name for row in view.rows]
    assert "Chance" in names
    assert "Choice" not in names
    assert names[-3:] == ["Upper section", "Bonus (+35 at 63)", "Total"]
    state = yacht.score_category(state, "sixes")
    upper = next(row for row in board_view(state).rows if row.key == "upper_total")
    assert (upper.cells[0].text, upper.cells[0].detail) == ("24", "/ 63")


def test_no_bonus_lines_without_the_bonus() -> None:
    for ruleset in ("traditional", "sum-all", "extended"):
        keys = [row.key for row in board_view(yacht.new_game(["A"], ruleset)).rows]
        assert keys[-1] == "total"
        assert "bonus" not in keys


def test_held_die_label_and_roll_disabled_when_all_held() -> None:
    state = rolled(yacht.new_game(["Ann"]), 1, 2, 3, 4, 5)
    for index in range(5):
        state = yacht.hold(state, index)
    view = board_view(state)
    assert not view.roll_enabled
    assert view.dice[2].label == "Die 3: 3, held"
    assert view.dice[2].held


def test_last_roll_leaves_dice_unholdable_and_counts_down() -> None:
    state = yacht.new_game(["Ann"])
    texts = []
    for _ in range(3):
        state = rolled(state, 1, 1, 2, 2, 3)
        texts.append(board_view(state).rolls_left_text)
    assert texts == ["2 rolls left", "1 roll left", "No rolls left"]
    view = board_view(state)
    assert not view.roll_enabled
    assert not any(die.enabled for die in view.dice)
    assert view.status.endswith("choose a category")


def test_latest_score_is_marked_until_the_next_roll() -> None:
    state = yacht.score_category(rolled(yacht.new_game(["Ann"]), 2, 2, 2, 2, 2), "yacht")
    cell = next(row for row in board_view(state).rows if row.key == "yacht").cells[0]
    assert (cell.kind, cell.text) == ("latest", "50")
    assert board_view(state).undo_enabled
    state = rolled(state, 1, 2, 3, 4, 5)
    cell = next(row for row in board_view(state).rows if row.key == "yacht").cells[0]
    assert cell.kind == "filled"
    assert not board_view(state).undo_enabled


def finish(names: list[str], faces_per_player: list[int]) -> yacht.GameState:
    """A game where each player always throws five of the same face and scores Choice first."""
    state = yacht.new_game(names)
    while not state.is_over:
        face = faces_per_player[state.current]
        state = rolled(state, *([face] * 5))
        state = yacht.score_category(state, state.open_categories()[0])
    return state


@pytest.mark.parametrize(
    ("faces", "headline", "ranks", "status"),
    [
        ([6, 2], "Ann wins!", [1, 2], "Game over. Ann wins with {total}"),
        (
            [3, 3],
            "A tie for first place: Ann, Ben!",
            [1, 1],
            "Game over. A tie for first place at {total}",
        ),
    ],
)
def test_game_over_headline_ranking_and_status(
    faces: list[int], headline: str, ranks: list[int], status: str
) -> None:
    view = board_view(finish(["Ann", "Ben"], faces))
    assert view.game_over
    assert view.current is None
    assert view.headline == headline
    assert [p.rank for p in view.placings] == ranks
    # The outcome stays in the status once the ending's dialog is closed.
    assert view.status == status.format(total=view.placings[0].total)
    assert not view.roll_enabled


def test_solo_game_over_shows_the_final_score() -> None:
    view = board_view(finish(["Ann"], [5]))
    total = view.placings[0].total
    assert view.headline == f"Final score: {total}"
    assert view.status == f"Game over. Final score: {total}"


def test_the_status_room_holds_the_game_over_status_with_the_longest_name() -> None:
    names = ["Ann", "W" * MAX_NAME_LENGTH]
    room = board_view(yacht.new_game(names)).status_room
    over = board_view(finish(names, [2, 6]))
    assert over.status == f"Game over. {names[1]} wins with {over.placings[0].total}"
    assert len(over.status) <= len(room)


def test_layout_changes_with_rules_and_names_only() -> None:
    game = yacht.new_game(["Ann"])
    assert board_view(game).layout == board_view(rolled(game, 1, 2, 3, 4, 5)).layout
    assert board_view(game).layout != board_view(yacht.new_game(["Ann", "Ben"])).layout
    assert board_view(game).layout != board_view(yacht.new_game(["Ann"], "sum-all")).layout


def test_announcements() -> None:
    state = rolled(yacht.new_game(["Ann"]), 4, 4, 1, 2, 6)
    assert roll_announcement(state) == "Rolled 4, 4, 1, 2, 6. 2 rolls left."
    state = yacht.score_category(state, "fours")
    assert score_announcement(state) == "Ann scored 8 points in Fours."


def test_an_option_worth_nothing_is_marked_zero_and_only_an_option() -> None:
    state = rolled(yacht.new_game(["Ann", "Ben"]), 2, 2, 3, 3, 5)
    rows = {row.key: row for row in board_view(state).rows}
    assert rows["ones"].cells[0].zero  # an offer of 0
    assert rows["ones"].cells[0].text == "0"
    assert not rows["twos"].cells[0].zero  # an offer of 4
    assert not rows["ones"].cells[1].zero  # Ben's open cell: no offer at all
    state = yacht.score_category(state, "ones")
    rows = {row.key: row for row in board_view(state).rows}
    assert rows["ones"].cells[0].kind == "latest"
    assert not rows["ones"].cells[0].zero  # a scored 0 is a score, not an offer


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_status_room_is_the_longest_status_of_the_whole_game(language: str) -> None:
    # The page keeps room for it, so that no turn shifts the board: every status the game
    # shows, in every stage of every turn and at its end, must be at most as long.
    tr = translator(language)
    rng = random.Random(7)
    state = yacht.new_game(["Ann", "Maximilian", "Bo"], computers=(None, None, "casual"))
    rooms, longest = set(), 0
    while True:
        view = board_view(state, tr)
        rooms.add(view.status_room)
        longest = max(longest, len(view.status))
        if state.is_over:
            break
        state = yacht.apply(state, choose_action(state, "casual", rng), rng)
    assert len(rooms) == 1, "the room is the game's, the same on every turn"
    (room,) = rooms
    assert len(room) == longest
    assert "Maximilian" in room
    assert f"{len(state.ruleset.categories)}" in room


def test_a_hold_lends_the_last_views_rows_and_anything_they_show_builds_new_ones() -> None:
    """The page builds a view at every move; a die held or released changes no cell, so the
    last view's rows serve again (the renderer then leaves the scorecard alone). Whatever a
    cell shows (the dice, a score, the player, the language) builds them afresh."""
    en = translator("en")
    thrown = rolled(yacht.new_game(["Ann", "Ben"]), 3, 3, 3, 6, 6)
    last = (thrown, en, board_view(thrown, en))
    held = yacht.hold(thrown, 0)
    lent = board_view(held, en, last)
    assert lent.rows is last[2].rows
    assert lent.rows == board_view(held, en).rows
    assert lent.dice != last[2].dice  # the rest of the view is the new state's
    again = rolled(held, 2, 2, 2, 2)
    scored = yacht.score_category(thrown, yacht.Category.FULL_HOUSE)
    for changed, tr in ((again, en), (scored, en), (held, translator("pl"))):
        view = board_view(changed, tr, last)
        assert view.rows is not last[2].rows
        assert view.rows == board_view(changed, tr).rows


def test_an_option_pointed_at_names_the_dice_that_make_its_score() -> None:
    """The dice an option counts, for a person's open category once the dice are thrown; none
    for a 0; nothing to show before a throw, for a filled category or on a computer's turn."""
    fresh = yacht.new_game(["Ann", "Bot"], computers=[None, "casual"])
    assert dice_counted(fresh, yacht.Category.CHOICE) is None
    state = rolled(fresh, 3, 6, 3, 3, 1)
    assert dice_counted(state, yacht.Category.THREES) == (True, False, True, True, False)
    assert dice_counted(state, yacht.Category.CHOICE) == (True,) * 5
    assert dice_counted(state, yacht.Category.YACHT) == (False,) * 5
    assert dice_counted(state, yacht.Category.THREE_OF_A_KIND) is None  # not in these rules
    scored = yacht.score_category(state, "threes")
    assert scored.current == 1  # the computer's turn
    assert dice_counted(rolled(scored, 3, 3, 3, 3, 3), yacht.Category.SIXES) is None
    alone = yacht.score_category(rolled(yacht.new_game(["Ann"]), 3, 6, 3, 3, 1), "threes")
    again = rolled(alone, 3, 3, 3, 2, 2)
    assert dice_counted(again, yacht.Category.THREES) is None  # filled
    assert dice_counted(again, yacht.Category.FULL_HOUSE) == (True,) * 5
