"""Hints and the coach: advice in words, graded decisions, their record in the save."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import yacht
from tests.reference import ScriptedDice
from yacht.game.setup import GameSetup
from yacht.i18n import LANGUAGES, format_decimal, translator
from yacht.saves.coach_log import COACH_LOG_RECORD, check_log_fits
from yacht.saves.game_record import GAME_RECORD, SavedGame
from yacht.saves.setup_record import SETUP_RECORD
from yacht.session.coach_log import CoachEntry, Move
from yacht.session.grading import grade_keep, grade_score
from yacht.strategy import KeepOption, advise_state
from yacht.views.coaching import (
    HeldFaces,
    describe_keep,
    hint,
    summarize,
    text_of,
    verdict,
)


def rolled(*faces: int, ruleset: str = "traditional") -> yacht.GameState:
    return yacht.roll(yacht.new_game(["Ann"], ruleset), ScriptedDice(faces))


def test_a_yacht_is_scored_as_a_yacht() -> None:
    state = rolled(6, 6, 6, 6, 6)
    advice = hint(state, advise_state(state))
    assert advice.category is yacht.Category.YACHT
    assert advice.hold == ()
    assert advice.headline == "Score 50 in Yacht"
    assert advice.options[0].cost == 0


def test_four_sixes_hint_holds_them() -> None:
    state = rolled(6, 6, 2, 6, 6)
    advice = hint(state, advise_state(state))
    assert advice.hold == (0, 1, 3, 4)
    assert advice.headline == "Keep 6-6-6-6 and roll one die"
    assert advice.title == "Keep 6-6-6-6 and roll one die — the best play"
    costs = [line.cost for line in advice.options]
    assert costs == sorted(costs)
    assert len(advice.options) == 4
    # The expected final score and each alternative's cost, in the player's own numbers.
    value = f"{advice.options[0].value:.1f}"
    assert advice.why == f"Played this way, your final score averages {value} points."
    assert advice.options[0].words == ""  # the best play is the headline itself
    for line in advice.options[1:]:
        assert line.words in (
            f"{line.text}: {line.cost:.1f} points less",
            f"{line.text}: just as good",
        )
    russian = hint(state, advise_state(state), translator("ru"))
    assert russian.why.count(value.replace(".", ",")) == 1
    assert "." not in russian.why.rstrip(".")


def test_grades_cost_nothing_for_the_best_move_and_something_for_a_bad_one() -> None:
    state = rolled(6, 6, 2, 6, 6)
    advice = advise_state(state)
    best = yacht.hold(yacht.hold(yacht.hold(yacht.hold(state, 0), 1), 3), 4)
    assert grade_keep(best, advise_state(best)).loss == 0
    keep_nothing = grade_keep(state, advice)
    assert keep_nothing.loss > 1
    assert keep_nothing.chosen == Move("hold", ())
    scratch = grade_score(state, yacht.Category.ONES, advice)
    assert scratch.loss > keep_nothing.loss
    assert scratch.chosen == Move("score", category=yacht.Category.ONES, points=0)
    assert text_of(verdict(scratch, state)) == (
        f"Coach: that cost about {scratch.loss:.1f} points; "
        "best was: Keep 6-6-6-6 and roll one die."
    )
    assert text_of(verdict(grade_keep(best, advise_state(best)), best)) == "Coach: best move."


@pytest.mark.parametrize(
    ("loss", "english", "polish"),
    [
        (0.0, "Coach: best move.", "Trener: najlepszy ruch."),
        (
            0.049,
            "Coach: a tiny slip, less than 0.1 points.",
            "Trener: drobiazg, mniej niż 0,1 pkt.",
        ),
        (0.34, "Coach: a small slip, about 0.3 points.", "Trener: mały błąd, około 0,3 pkt."),
        (0.96, "Coach: a small slip, about 1.0 points.", "Trener: mały błąd, około 1,0 pkt."),
    ],
)
def test_the_coach_says_no_more_than_the_figures_support(
    loss: float, english: str, polish: str
) -> None:
    state = rolled(6, 6, 2, 6, 6)
    move = Move("hold", (6, 6, 6, 6))
    entry = CoachEntry(0, 1, loss, move, move)
    assert text_of(verdict(entry, state)) == english
    assert text_of(verdict(entry, state, translator("pl"))) == polish


def test_a_loss_too_small_to_show_is_not_called_zero() -> None:
    # With exact values "best" means within 1e-9, far below the precision shown.
    state = rolled(6, 6, 2, 6, 6)
    move = Move("hold", (6, 6, 6, 6))
    tiny = CoachEntry(0, 1, 0.001, move, move)
    assert text_of(verdict(tiny, state)) == "Coach: a tiny slip, less than 0.1 points."
    assert text_of(verdict(tiny, state, translator("lv"))).endswith("0,1 punktu.")
    assert text_of(verdict(CoachEntry(0, 1, 0.0, move, move), state)) == "Coach: best move."


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_coachs_verdict_in_pieces_draws_the_best_moves_keep(language: str) -> None:
    tr = translator(language)
    state = rolled(6, 6, 2, 6, 4)
    chosen, best = Move("hold", (6,)), Move("hold", (6, 6, 6))
    costly = verdict(CoachEntry(0, 1, 4.2, chosen, best), state, tr)
    # The words around the dice are the sentence's own: the loss, and the keep's count.
    assert format_decimal(4.2, language) in text_of(costly)
    assert [piece for piece in costly if isinstance(piece, HeldFaces)] == [HeldFaces((6, 6, 6))]
    assert "" not in costly
    # A best move that scores, or a small slip (which names no move), draws no dice.
    scored = Move("score", (), yacht.Category.CHOICE, 24)
    for entry in (CoachEntry(0, 1, 4.2, chosen, scored), CoachEntry(0, 1, 0.4, chosen, best)):
        pieces = verdict(entry, state, tr)
        assert all(isinstance(piece, str) for piece in pieces)


def test_keep_descriptions() -> None:
    assert describe_keep(KeepOption((), (), 1.0)) == "Roll all five dice"
    assert describe_keep(KeepOption((5,), (2,), 1.0)) == "Keep 5 and roll 4 dice"
    assert (
        describe_keep(KeepOption((5, 5, 5, 5), (0, 1, 2, 3), 1.0))
        == "Keep 5-5-5-5 and roll one die"
    )
    assert describe_keep(KeepOption((1, 2, 3, 4, 5), (0, 1, 2, 3, 4), 1.0)) == "Stop and score"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "faces", [(6, 6, 2, 6, 6), (1, 3, 4, 5, 1), (2, 2, 3, 5, 6), (1, 1, 1, 2, 2)]
)
def test_the_hint_in_pieces_is_its_sentence_with_the_faces_kept_as_dice(
    language: str, faces: tuple[int, ...]
) -> None:
    """The pieces the page draws say what the words say, in every language: the same sentence,
    and the faces of each keep (in the order the words give them) once, as dice; a scoring
    names no dice."""
    tr = translator(language)
    state = rolled(*faces)
    advice = hint(state, advise_state(state), tr)
    assert text_of(advice.title_pieces) == advice.title
    assert advice.options[0].pieces == ()
    keeps = 0
    for line in advice.options[1:]:
        assert text_of(line.pieces) == line.words
        held = [piece for piece in line.pieces if isinstance(piece, HeldFaces)]
        assert len(held) <= 1
        if held:
            keeps += 1
            assert str(held[0]) in line.text
            assert not Counter(held[0].faces) - Counter(faces), "keeps dice not thrown"
            assert all(piece != "" for piece in line.pieces)
    best_held = [piece for piece in advice.title_pieces if isinstance(piece, HeldFaces)]
    assert [sorted(piece.faces) for piece in best_held] == (
        [sorted(faces[i] for i in advice.hold)] if advice.category is None and advice.hold else []
    )
    assert keeps, "the Why? of a first throw names keeps"


def test_summary_adds_losses_per_turn_and_picks_the_costliest() -> None:
    move = Move("hold", (6,))
    grades = [
        CoachEntry(0, 1, 2.0, move, move),
        CoachEntry(0, 1, 0.5, move, move),
        CoachEntry(1, 1, 9.0, move, move),
        CoachEntry(0, 3, 4.0, move, move),
        CoachEntry(0, 2, 0.0, move, move),
    ]
    summary = summarize(grades, 0, 4)
    assert summary.total_loss == pytest.approx(6.5)
    assert summary.loss_per_turn == (2.5, 0.0, 4.0, 0.0)
    assert [g.loss for g in summary.costliest] == [4.0, 2.0, 0.5]
    assert summary.decisions == 4


def test_coach_log_and_computers_survive_a_save() -> None:
    state = yacht.new_game(["Ann", "Bot"], computers=[None, "optimal"])
    state = yacht.roll(state, ScriptedDice((1, 2, 3, 4, 5)))
    log = (
        CoachEntry(0, 1, 1.25, Move("hold", (5, 1)), Move("hold", (1, 2))),
        CoachEntry(
            0,
            1,
            0.0,
            Move("score", category=yacht.Category.CHOICE, points=15),
            Move("score", category=yacht.Category.LITTLE_STRAIGHT, points=30),
        ),
    )
    saved = SavedGame(state, 3, None, log)
    assert GAME_RECORD.decode(GAME_RECORD.encode(saved)) == SavedGame(
        state, 3, None, (CoachEntry(0, 1, 1.25, Move("hold", (1, 5)), Move("hold", (1, 2))), log[1])
    )
    assert GAME_RECORD.decode(GAME_RECORD.encode(saved)).state.players[1].computer == "optimal"


@pytest.mark.parametrize(
    "bad",
    [
        "x",
        [1],
        [{"seat": 5, "turn": 1, "loss": 0, "chosen": {"hold": []}, "best": {"hold": []}}],
        [{"seat": 0, "turn": 1, "loss": -1, "chosen": {"hold": []}, "best": {"hold": []}}],
        [{"seat": 0, "turn": 1, "loss": 0, "chosen": {"hold": [7]}, "best": {"hold": []}}],
        [
            {
                "seat": 0,
                "turn": 1,
                "loss": 0,
                "chosen": {"score": "x", "points": 1},
                "best": {"hold": []},
            }
        ],
        [{"seat": True, "turn": 1, "loss": 0, "chosen": {"hold": []}, "best": {"hold": []}}],
    ],
)
def test_a_broken_coach_log_is_refused(bad: object) -> None:
    record = {"format": "yacht-coach-log", "version": 1, "entries": bad}
    with pytest.raises(yacht.InvalidSaveError):
        check_log_fits(COACH_LOG_RECORD.from_data(record), 2, 12)


def test_an_unknown_computer_level_is_refused_in_a_save() -> None:
    record = json.loads(GAME_RECORD.encode(SavedGame(yacht.new_game(["Ann"]))))
    record["players"][0]["computer"] = "grandmaster"
    with pytest.raises(yacht.InvalidSaveError):
        GAME_RECORD.decode(json.dumps(record))


def test_setup_remembers_seats_and_coach() -> None:
    setup = GameSetup.from_form(
        ["Ann", "", "Cy"], "extended", True, 3, kinds=["human", "strong", "weird"], coach=True
    )
    assert setup.seats == (None, "strong", None)
    assert setup.coach
    assert SETUP_RECORD.decode(SETUP_RECORD.encode(setup)) == setup
    game = setup.start(seed=1)
    assert [card.computer for card in game.players] == [None, "strong", None]
    assert GameSetup.of_game(game, coach=True) == setup


def test_entries_round_trip() -> None:
    log = (
        CoachEntry(
            0, 2, 3.5, Move("hold", (2, 2)), Move("score", category=yacht.Category.YACHT, points=50)
        ),
    )
    assert COACH_LOG_RECORD.decode(COACH_LOG_RECORD.encode(log)) == log


def bonus_endgame() -> yacht.GameState:
    """Ones to Fives filled (39), Sixes, Three of a Kind, Big Straight and Yacht open, 2-2-5-1-2
    with no rolls left: scoring 6 in Three of a Kind is best, scratching Yacht only a little
    worse (0.028 points), which tables rounded to 1/16 of a point got the wrong way round."""
    state = yacht.new_game(["Ann"], "extended", upper_bonus=True)
    filled = {
        "ones": (1, 1, 2, 3, 5),
        "twos": (2, 2, 2, 1, 3),
        "threes": (3, 3, 3, 1, 2),
        "fours": (4, 4, 4, 1, 2),
        "fives": (5, 5, 1, 2, 3),
        "small_straight": (1, 2, 3, 4, 6),
        "four_of_a_kind": (6, 6, 6, 6, 1),
        "full_house": (2, 2, 3, 3, 3),
        "choice": (6, 6, 5, 5, 4),
    }
    for category, dice in filled.items():
        state = yacht.score_category(yacht.roll(state, ScriptedDice(dice)), category)
    assert state.current_player.totals(state.ruleset).upper == 39
    for dice in ((2, 2, 5, 1, 2), (2, 2, 5, 1, 2), (2, 2, 5, 1, 2)):
        state = yacht.roll(state, ScriptedDice(dice))
    assert state.rolls_left == 0
    return state


def test_a_small_loss_is_graded_as_a_loss_and_the_best_as_best() -> None:
    state = bonus_endgame()
    advice = advise_state(state)
    assert advice.best_category.category is yacht.Category.THREE_OF_A_KIND
    scratch = grade_score(state, yacht.Category.YACHT, advice)
    assert 0.02 < scratch.loss < 0.04
    assert text_of(verdict(scratch, state)) == "Coach: a tiny slip, less than 0.1 points."
    best = grade_score(state, yacht.Category.THREE_OF_A_KIND, advice)
    assert best.loss == 0
    assert text_of(verdict(best, state)) == "Coach: best move."
    summary = summarize([scratch, best], 0, 13)
    assert summary.costliest == (scratch,)


def test_grading_what_cannot_be_chosen_is_refused() -> None:
    state = bonus_endgame()
    advice = advise_state(state)
    with pytest.raises(yacht.NoRollsLeftError):
        grade_keep(state, advice)
    with pytest.raises(yacht.CategoryFilledError):
        grade_score(state, yacht.Category.ONES, advice)
    with pytest.raises(yacht.UnknownCategoryError):
        grade_score(state, yacht.Category.LITTLE_STRAIGHT, advice)
    held = rolled(3, 3, 3, 3, 3)
    for index in range(5):
        held = yacht.hold(held, index)
    with pytest.raises(yacht.AllDiceHeldError):
        grade_keep(held, advise_state(held))
