"""The feel of the game: the settings record (language, sound) and the question before a 0."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from yacht.game.state import GameState, enter_dice, new_game, score_category
from yacht.i18n import translator
from yacht.rules.categories import Category
from yacht.saves.settings import (
    SETTINGS_RECORD,
    Settings,
    settings_or_default,
)
from yacht.views.scratch import ScratchWarning, scratch_text, scratch_warning


def thrown(faces: tuple[int, ...], ruleset: str = "traditional") -> GameState:
    return enter_dice(replace(new_game(["Ann"], ruleset), real_dice=True), faces)


# -- settings ----------------------------------------------------------------------------------


def test_a_first_release_record_still_reads() -> None:
    assert settings_or_default('{"version": 1, "language": "uk"}') == Settings("uk", sound=False)


def test_settings_round_trip_as_a_tagged_record() -> None:
    for settings in (Settings(), Settings("ru"), Settings(None, sound=True), Settings("pl", True)):
        text = SETTINGS_RECORD.encode(settings)
        assert settings_or_default(text) == settings
        assert json.loads(text)["format"] == "yacht-settings"


def test_version_1_settings_are_upgraded() -> None:
    assert SETTINGS_RECORD.decode('{"version": 1}') == Settings()
    assert SETTINGS_RECORD.decode('{"version": 1, "language": "uk", "sound": true}') == Settings(
        "uk", sound=True
    )


def test_a_first_release_page_reads_the_language_of_a_new_record() -> None:
    # The first release did json.loads(text).get("language") and ignored everything else.
    assert json.loads(SETTINGS_RECORD.encode(Settings("lv", sound=True))).get("language") == "lv"


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "not json",
        "[]",
        '{"version": 2, "language": "ru", "sound": true}',
        '{"version": 1, "language": "xx"}',
        '{"version": 1, "sound": "yes"}',
        '{"version": 1, "language": "ru", "language": "uk"}',
    ],
)
def test_unusable_settings_fall_back_to_the_defaults(text: str | None) -> None:
    assert settings_or_default(text) == Settings()


# -- the question before scoring 0 -------------------------------------------------------------


def test_a_zero_where_the_dice_score_elsewhere_is_questioned() -> None:
    game = thrown((3, 3, 3, 5, 5))
    warning = scratch_warning(game, Category.YACHT)
    assert warning == ScratchWarning(Category.YACHT, Category.FULL_HOUSE, 19)
    assert scratch_text(game, warning) == "Score 0 in Yacht? Full House would score 19."


def test_the_best_alternative_is_named() -> None:
    game = thrown((6, 6, 6, 6, 6))
    warning = scratch_warning(game, Category.ONES)
    assert warning is not None
    assert (warning.alternative, warning.points) == (Category.YACHT, 50)


def test_points_or_nothing_elsewhere_ask_nothing() -> None:
    game = thrown((3, 3, 3, 5, 5))
    assert scratch_warning(game, Category.THREES) is None  # 9 points, not a zero
    # Only zeros left open: no better choice to point at.
    late = game
    for category in game.ruleset.categories:
        if category not in (Category.ONES, Category.TWOS):
            late = score_category(enter_dice(late, (3, 3, 3, 5, 5)), category)
    late = enter_dice(late, (3, 3, 3, 5, 5))
    assert late.open_categories() == (Category.ONES, Category.TWOS)
    assert scratch_warning(late, Category.ONES) is None


def test_a_filled_category_or_no_dice_asks_nothing() -> None:
    fresh = replace(new_game(["Ann"]), real_dice=True)
    assert scratch_warning(fresh, Category.YACHT) is None
    game = score_category(thrown((1, 2, 3, 4, 6)), Category.YACHT)
    game = enter_dice(game, (5, 5, 5, 5, 5))
    assert scratch_warning(game, Category.YACHT) is None


def test_the_question_names_categories_as_the_rule_set_prints_them() -> None:
    game = thrown((6, 6, 5, 5, 4), "extended")
    warning = scratch_warning(game, Category.YACHT)
    assert warning is not None
    assert warning.alternative == Category.CHOICE
    assert scratch_text(game, warning) == "Score 0 in Yacht? Chance would score 26."
    assert "26" in scratch_text(game, warning, translator("ru"))
