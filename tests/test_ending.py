"""The ending: the ranking against each player's own past, perfect play, the coach's report;
and the words of a computer's moves and of a rare scoring."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.test_history import BAD, GOOD, GOOD_TOTAL, good, played, stamp
from yacht.game.actions import Hold, Roll, Score
from yacht.game.state import enter_dice, new_game, score_category
from yacht.i18n import LANGUAGES, format_day, format_decimal, translator
from yacht.rules.categories import Category
from yacht.saves.history import History, entry_from_game
from yacht.session.coach_log import CoachEntry, Move
from yacht.session.session import Held, Rolled, Scored, Session, step
from yacht.views.board import board_view
from yacht.views.coaching import HeldFaces
from yacht.views.ending import ending
from yacht.views.turns import celebration, computer_move


def scratching(*zeros: Category):
    """Throws that score well except a zero in each of ``zeros``."""
    return lambda _seat, category: BAD if category in zeros else GOOD[category][0]


def history_of(*games) -> History:
    history = History()
    for day, game in enumerate(games, 1):
        history = history.with_game(entry_from_game(game, stamp(day), f"2026-11-{day:02d}"))
    return history


YACHT_LOST = played(["Ann"], scratching(Category.YACHT))  # GOOD_TOTAL - 50
STRAIGHTS_LOST = played(["Ann"], scratching(Category.LITTLE_STRAIGHT, Category.BIG_STRAIGHT))


def test_a_first_game_says_so_and_claims_no_record() -> None:
    words = ending(YACHT_LOST, history_of(YACHT_LOST))
    assert words.headline == f"Final score: {GOOD_TOTAL - 50}"
    (ann,) = words.standings
    assert (ann.rank, ann.name, ann.total, ann.who, ann.record) == (
        1,
        "Ann",
        GOOD_TOTAL - 50,
        "",
        False,
    )
    assert ann.notes == ("Your first game under these rules: the one to beat next time.",)
    # The same when the history could not keep the game (or was cleared since).
    assert ending(YACHT_LOST, History()).standings == words.standings


def test_a_tables_first_game_is_said_once_not_under_every_name() -> None:
    table = played(["Ann", "Ben", "Cy"], lambda seat, c: BAD if seat == 1 else GOOD[c][0])
    words = ending(table, history_of(table))
    assert [standing.notes for standing in words.standings] == [(), (), ()]
    assert words.shared_note == (
        "A first game under these rules for each of you: every score is the one to beat next time."
    )
    uk = ending(table, history_of(table), tr=translator("uk"))
    assert uk.shared_note == translator("uk").gettext(words.shared_note) != words.shared_note


def test_a_table_where_someone_has_played_before_keeps_each_players_note() -> None:
    before = played(["Ann"], good)
    table = played(["Ann", "Ben"], good)
    words = ending(table, history_of(before, table))
    assert words.shared_note == ""
    ann, ben = words.standings
    assert ann.notes[1] == "Place 1 of your 2 games under these rules."
    assert ben.notes == ("Your first game under these rules: the one to beat next time.",)


def test_one_person_against_a_computer_keeps_the_note_under_their_name() -> None:
    game = played(["Ann", "Bot"], good)
    game = replace(
        game,
        real_dice=False,
        players=(game.players[0], replace(game.players[1], computer="casual")),
    )
    words = ending(game, History())
    assert words.shared_note == ""
    assert [standing.notes for standing in words.standings] == [
        ("Your first game under these rules: the one to beat next time.",),
        (),
    ]


def test_a_new_personal_best_is_told_with_its_place() -> None:
    best = played(["Ann"], good)
    words = ending(best, history_of(STRAIGHTS_LOST, YACHT_LOST, best))
    (ann,) = words.standings
    assert ann.record
    assert ann.notes == (
        f"A new personal best! Your best before was {GOOD_TOTAL - 50}.",
        "Place 1 of your 3 games under these rules.",
    )


def test_a_middling_game_is_set_against_the_best_and_the_average() -> None:
    history = history_of(played(["Ann"], good), STRAIGHTS_LOST, YACHT_LOST)
    (ann,) = ending(YACHT_LOST, history, tr=translator("ru")).standings
    average = format_decimal((GOOD_TOTAL + GOOD_TOTAL - 60) / 2, "ru")
    assert "," in average
    assert ann.notes == (
        f"Ваш рекорд — {GOOD_TOTAL}; средний счёт до этой игры — {average}.",
        "Место 2 из 3 ваших игр по этим правилам.",
    )
    assert not ann.record
    again = ending(played(["Ann"], good), history_of(played(["Ann"], good), played(["Ann"], good)))
    assert again.standings[0].notes[0] == f"Equals your personal best of {GOOD_TOTAL}."


def test_computers_are_ranked_with_their_level_and_no_past() -> None:
    game = played(["Ann", "Bot"], lambda seat, c: BAD if seat == 0 else GOOD[c][0])
    game = replace(
        game,
        real_dice=False,
        players=(game.players[0], replace(game.players[1], computer="casual")),
    )
    words = ending(game, History(), perfect_average=167.04, tr=translator("pl"))
    bot, ann = words.standings
    assert (bot.rank, bot.name, bot.who, bot.notes) == (1, "Bot", "komputer, amator", ())
    assert (ann.rank, ann.name, ann.who) == (2, "Ann", "")
    assert words.perfect_play == "Idealna gra według tych zasad daje średnio 167,0 pkt."
    assert ending(game, History()).perfect_play == ""  # no table: no figure


def test_the_coach_report_names_the_points_given_away_and_the_costliest_move() -> None:
    keep = Move("hold", (6, 6))
    scratch = Move("score", category=Category.YACHT, points=0)
    best = Move("score", category=Category.CHOICE, points=20)
    log = (
        CoachEntry(0, 1, 0.25, keep, keep),
        CoachEntry(0, 2, 4.21, scratch, best),
        CoachEntry(0, 3, 0.0, keep, keep),
    )
    words = ending(YACHT_LOST, History(), coach=log)
    (report,) = words.coach
    assert report.text == (
        "Ann gave away about 4.5 points against perfect play, in 3 decisions. "
        "Costliest: turn 2, Score 0 in Yacht (about 4.2 points; best was: Score 20 in Choice)."
    )
    assert report.loss_per_turn[:3] == (0.25, 4.21, 0.0)
    assert report.bar_titles[1] == "Turn 2: 4.2"
    clean = ending(YACHT_LOST, History(), coach=(CoachEntry(0, 1, 0.0, keep, keep),)).coach
    assert clean[0].text == "Ann matched perfect play in the 1 decision the coach saw."
    latvian = ending(YACHT_LOST, History(), coach=log, tr=translator("lv")).coach[0]
    assert "4,5" in latvian.text
    assert "4.5" not in latvian.text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_coach_reports_costliest_move_keeps_its_dice_and_the_best_ones_as_dice(
    language: str,
) -> None:
    chosen, best = Move("hold", (2,)), Move("hold", (6, 6, 6))
    log = (CoachEntry(0, 4, 3.5, chosen, best),)
    (report,) = ending(YACHT_LOST, History(), coach=log, tr=translator(language)).coach
    assert [piece for piece in report.pieces if isinstance(piece, HeldFaces)] == [
        HeldFaces((2,)),
        HeldFaces((6, 6, 6)),
    ]
    assert "" not in report.pieces
    assert "6-6-6" in report.text


def test_an_unfinished_game_has_no_ending() -> None:
    with pytest.raises(ValueError, match="finished"):
        ending(new_game(["Ann"]), History())


@pytest.mark.parametrize(
    ("language", "decimal", "day"),
    [
        ("en", "165.8", "1 Dec 2026"),
        ("ru", "165,8", "01.12.2026"),
        ("uk", "165,8", "01.12.2026"),
        ("pl", "165,8", "01.12.2026"),
        ("lv", "165,8", "01.12.2026."),
    ],
)
def test_numbers_and_dates_in_each_languages_format(language: str, decimal: str, day: str) -> None:
    assert format_decimal(165.83, language) == decimal
    assert format_decimal(2.0, language, 0) == "2"
    assert format_day("2026-12-01", language) == day
    assert format_day("not a day", language) == "not a day"
    assert format_day("2026-13-01", language) == "2026-13-01"


# -- moves told on screen ----------------------------------------------------------------------


def test_a_computers_holds_roll_and_score_are_told_a_persons_are_not() -> None:
    game = replace(new_game(["Ann", "Bot"], seed=4), real_dice=False)
    game = replace(game, players=(game.players[0], replace(game.players[1], computer="casual")))
    session = Session.start(game, coach=False)
    ann = step(session, Roll())
    assert computer_move(ann.effects[0], session.game, ann.session.game) == ""
    scored = step(ann.session, Score(Category.CHOICE))
    rolled = step(scored.session, Roll())
    (effect,) = rolled.effects
    assert isinstance(effect, Rolled)
    faces = ", ".join(str(face) for face in rolled.session.game.dice or ())
    before, after = scored.session.game, rolled.session.game
    assert computer_move(effect, before, after) == f"Bot (computer, casual) rolled {faces}."
    held = step(rolled.session, Hold(2))
    assert isinstance(held.effects[0], Held)
    face = after.dice[2] if after.dice else None
    assert computer_move(held.effects[0], after, held.session.game) == (
        f"Bot (computer, casual) keeps {face}."
    )
    done = step(held.session, Score(Category.CHOICE))
    (score,) = done.effects
    assert isinstance(score, Scored)
    points = score.points
    noun = "point" if points == 1 else "points"
    assert computer_move(score, held.session.game, done.session.game) == (
        f"Bot (computer, casual) scored {points} {noun} in Choice."
    )
    view = board_view(done.session.game)
    assert view.seat_notes == ("", "computer, casual")
    assert view.seat_marks == ("", "casual")
    assert board_view(done.session.game, translator("pl")).seat_notes[1] == "komputer, amator"


def test_a_yacht_and_a_straight_get_a_moment_an_everyday_score_does_not() -> None:
    game = replace(new_game(["Ann"]), real_dice=True)
    yacht = score_category(enter_dice(game, (4, 4, 4, 4, 4)), Category.YACHT)
    assert celebration(Scored(0, Category.YACHT, 50, False), yacht) == "Yacht! 50 points"
    assert celebration(Scored(0, Category.YACHT, 0, False), yacht) == ""
    straight = Scored(0, Category.BIG_STRAIGHT, 30, False)
    assert celebration(straight, yacht) == "Big Straight!"
    assert celebration(straight, yacht, translator("ru")).endswith("!")
    assert celebration(Scored(0, Category.CHOICE, 30, False), yacht) == ""


def test_a_finished_board_says_that_undo_reopens_the_game() -> None:
    over = played(["Ann"], good)
    view = board_view(over)
    assert view.undo_enabled
    assert view.undo_text == "Reopen game"
    assert board_view(new_game(["Ann"])).undo_text == "Undo score"
