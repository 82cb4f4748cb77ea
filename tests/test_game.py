"""Playing games: turn structure, holds, undo, illegal actions, setup and seeded dice."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from reference import CATEGORY_ORDER, ScriptedDice, reference_score, reference_totals

from yacht import (
    MAX_NAME_LENGTH,
    AllDiceHeldError,
    Category,
    CategoryFilledError,
    GameOverError,
    GameState,
    Hold,
    IllegalActionError,
    InvalidDieIndexError,
    InvalidSetupError,
    NoRollsLeftError,
    NothingToUndoError,
    NotRolledYetError,
    Release,
    Roll,
    Score,
    Undo,
    UnknownCategoryError,
    UnknownRulesetError,
    apply,
    clean_name,
    hold,
    legal_actions,
    new_game,
    release,
    roll,
    score_category,
    toggle_hold,
    undo_score,
)
from yacht.errors import DuplicateNameError
from yacht.game.actions import Action
from yacht.saves.game_record import GAME_RECORD, SavedGame

# -- helpers -------------------------------------------------------------------------------


def turn(state: GameState, dice: Sequence[int], category: str) -> GameState:
    """One roll that shows exactly ``dice``, then ``category`` scored."""
    source = ScriptedDice(dice)
    state = roll(state, source)
    assert state.dice == tuple(dice)
    return score_category(state, category)


def scores_of(state: GameState, seat: int) -> dict[str, int]:
    return {c.value: p for c, p in state.players[seat].scores.items()}


def play_seeded(state: GameState, rng: random.Random) -> GameState:
    """Play to the end with random holds and choices, checking every step against the rules."""
    categories = CATEGORY_ORDER[state.ruleset.id]
    turns = 0
    while not state.is_over:
        seat = state.current
        assert state.rolls == 0
        assert state.dice is None
        assert state.held == (False,) * 5
        assert state.rolls_left == 3
        for rolls_made in range(1, rng.randint(1, 3) + 1):
            before = state
            state = roll(state)
            assert state.rolls == rolls_made
            assert state.rolls_left == 3 - rolls_made
            assert state.dice is not None
            for i in range(5):
                if before.held[i]:
                    assert before.dice is not None
                    assert state.dice[i] == before.dice[i]
            if state.rolls < 3:
                for i in range(5):
                    state = hold(state, i) if rng.random() < 0.4 else release(state, i)
                if all(state.held):
                    state = release(state, rng.randrange(5))
        open_now = [c for c in categories if c not in scores_of(state, seat)]
        chosen = rng.choice(open_now)
        assert state.dice is not None
        expected = reference_score(state.dice, chosen, state.ruleset.id)
        state = score_category(state, chosen)
        assert scores_of(state, seat)[chosen] == expected
        assert state.current == (seat + 1) % len(state.players)
        turns += 1
    assert turns == len(state.players) * len(categories)
    return state


# -- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["traditional", "sum-all", "extended"])
@pytest.mark.parametrize("players", [1, 2, 6])
def test_seeded_game_to_the_end(players: int, ruleset: str) -> None:
    names = [f"P{i}" for i in range(players)]
    state = new_game(names, ruleset, upper_bonus=ruleset == "extended", seed=players)
    final = play_seeded(state, random.Random(players))
    assert final.is_over
    assert final.current == 0
    assert final.turn_number == len(CATEGORY_ORDER[ruleset])
    for seat, totals in enumerate(final.totals()):
        scores = scores_of(final, seat)
        assert sorted(scores) == sorted(CATEGORY_ORDER[ruleset])
        upper, bonus, total = reference_totals(scores, final.ruleset.upper_bonus is not None)
        assert (totals.upper, totals.bonus, totals.total) == (upper, bonus, total)
    best = max(t.total for t in final.totals())
    assert final.winners() == tuple(
        seat for seat, t in enumerate(final.totals()) if t.total == best
    )
    assert legal_actions(final) == [Undo()]
    assert final.potential_scores() == {}


# Traditional: every category filled at its best; the upper section makes 63.
STRONG = [
    ((1, 1, 3, 1, 2), "ones"),  # 3
    ((2, 4, 2, 5, 2), "twos"),  # 6
    ((3, 1, 3, 2, 3), "threes"),  # 9
    ((4, 4, 1, 4, 2), "fours"),  # 12
    ((5, 2, 5, 1, 5), "fives"),  # 15
    ((6, 6, 6, 1, 2), "sixes"),  # 18
    ((6, 3, 3, 6, 3), "full_house"),  # 21
    ((4, 1, 4, 4, 4), "four_of_a_kind"),  # 16
    ((5, 4, 3, 2, 1), "little_straight"),  # 30
    ((6, 2, 5, 3, 4), "big_straight"),  # 30
    ((1, 2, 2, 4, 6), "choice"),  # 15
    ((6, 6, 6, 6, 6), "yacht"),  # 50
]
STRONG_TOTAL = 3 + 6 + 9 + 12 + 15 + 18 + 21 + 16 + 30 + 30 + 15 + 50  # 225
WEAK = [*STRONG[:-1], ((6, 6, 6, 6, 5), "yacht")]  # the same, but no Yacht: 175


def test_tie_is_shared_and_ranked_one_one_three() -> None:
    state = new_game(["Ann", "Ben", "Cy"])
    plans = [STRONG, WEAK, STRONG]
    for round_number in range(12):
        for seat, plan in enumerate(plans):
            assert state.current == seat
            assert state.turn_number == round_number + 1
            assert state.winners() == ()
            state = turn(state, *plan[round_number])
    assert state.is_over
    assert [t.total for t in state.totals()] == [STRONG_TOTAL, STRONG_TOTAL - 50, STRONG_TOTAL]
    assert STRONG_TOTAL == 225
    assert [t.bonus for t in state.totals()] == [0, 0, 0]  # 63 upper, but no bonus here
    assert state.winners() == (0, 2)
    assert state.standings() == ((1, 0), (1, 2), (3, 1))


def test_single_winner_and_standings() -> None:
    state = new_game(["Ann", "Ben"], "sum-all")
    for round_number in range(12):
        state = turn(state, *WEAK[round_number])
        state = turn(state, *STRONG[round_number])
    assert state.winners() == (1,)
    assert state.standings() == ((1, 1), (2, 0))
    # sum-all: Four of a Kind 4-4-4-4-1 is 17, not 16.
    assert state.players[1].scores[Category.FOUR_OF_A_KIND] == 17
    assert state.totals()[1].total == STRONG_TOTAL + 1


def test_everyone_tied() -> None:
    state = new_game(["A", "B", "C"])
    for round_number in range(12):
        for _ in range(3):
            state = turn(state, *WEAK[round_number])
    assert state.winners() == (0, 1, 2)
    assert state.standings() == ((1, 0), (1, 1), (1, 2))


def test_solo_game_has_one_winner() -> None:
    state = new_game(["Solo"])
    for dice, category in WEAK:
        state = turn(state, dice, category)
    assert state.is_over
    assert state.winners() == (0,)
    assert state.standings() == ((1, 0),)
    assert state.totals()[0].total == 175


EXTENDED_LOWER = [
    ((4, 4, 4, 4, 2), "three_of_a_kind"),  # 12
    ((4, 4, 2, 4, 4), "four_of_a_kind"),  # 16
    ((6, 1, 2, 3, 4), "small_straight"),  # 25
    ((5, 4, 3, 2, 1), "big_straight"),  # 30
    ((3, 6, 3, 6, 3), "full_house"),  # 40
    ((2, 2, 2, 2, 2), "yacht"),  # 50
    ((1, 2, 2, 4, 6), "choice"),  # 15
]
EXTENDED_LOWER_TOTAL = 12 + 16 + 25 + 30 + 40 + 50 + 15  # 188


def extended_upper(ones: int) -> list[tuple[tuple[int, ...], str]]:
    """Three of each face (63), except ``ones`` ones."""
    first = (1,) * ones + (5, 6, 5, 6, 5)[: 5 - ones]
    return [
        (first, "ones"),
        ((2, 2, 2, 5, 6), "twos"),
        ((3, 3, 3, 5, 6), "threes"),
        ((4, 4, 4, 5, 6), "fours"),
        ((5, 5, 5, 4, 6), "fives"),
        ((6, 6, 6, 4, 5), "sixes"),
    ]


@pytest.mark.parametrize(
    ("ones", "bonus_option", "upper", "bonus"),
    [
        pytest.param(3, True, 63, 35, id="63 earns the bonus"),
        pytest.param(2, True, 62, 0, id="62 does not"),
        pytest.param(4, True, 64, 35, id="64 earns it too"),
        pytest.param(3, False, 63, 0, id="63 without the option"),
    ],
)
def test_extended_upper_bonus(ones: int, bonus_option: bool, upper: int, bonus: int) -> None:
    state = new_game(["Solo"], "extended", upper_bonus=bonus_option)
    plan = extended_upper(ones)
    # The lower section first, so the bonus can be watched appearing with the last upper line.
    for dice, category in EXTENDED_LOWER + plan[:-1]:
        state = turn(state, dice, category)
        assert state.totals()[0].bonus == 0
    state = turn(state, *plan[-1])
    assert state.is_over
    totals = state.totals()[0]
    assert (totals.upper, totals.bonus, totals.lower) == (upper, bonus, EXTENDED_LOWER_TOTAL)
    assert totals.total == upper + bonus + EXTENDED_LOWER_TOTAL
    assert EXTENDED_LOWER_TOTAL == 188


def test_bonus_appears_as_soon_as_the_upper_section_reaches_63() -> None:
    state = new_game(["Solo"], "extended", upper_bonus=True)
    plan = extended_upper(3)
    for dice, category in plan[:-1]:
        state = turn(state, dice, category)
    assert state.totals()[0].upper == 45
    assert state.totals()[0].bonus == 0
    state = turn(state, *plan[-1])
    assert state.totals()[0].upper == 63
    assert state.totals()[0].bonus == 35
    assert state.totals()[0].total == 98
    assert not state.is_over


# -- turn structure ------------------------------------------------------------------------


def test_turn_order_and_rolls_left() -> None:
    state = new_game(["A", "B", "C"], seed=3)
    assert (state.current, state.rolls_left, state.turn_number) == (0, 3, 1)
    for expected_current in [0, 1, 2, 0, 1, 2, 0]:
        assert state.current == expected_current
        assert state.current_player.name == "ABC"[expected_current]
        assert state.rolls_left == 3
        for left in (2, 1, 0):
            state = roll(state)
            assert state.rolls_left == left
        state = score_category(state, state.open_categories()[0])
    assert state.turn_number == 3


def test_a_turn_may_stop_after_one_roll() -> None:
    state = roll(new_game(["A", "B"], seed=1))
    state = score_category(state, "choice")
    assert state.current == 1
    assert state.rolls_left == 3


def test_first_roll_throws_all_five_dice() -> None:
    source = ScriptedDice([6, 5, 4, 3, 2])
    state = roll(new_game(["A"]), source)
    assert state.dice == (6, 5, 4, 3, 2)
    assert source.thrown == 5


def test_holds_persist_and_held_dice_never_change() -> None:
    source = ScriptedDice([1, 2, 3, 4, 5])
    state = roll(new_game(["A", "B"]), source)
    state = hold(hold(state, 0), 2)
    assert state.held == (True, False, True, False, False)
    source.add([6, 6, 6])
    state = roll(state, source)
    assert source.thrown == 8  # only the three free dice were thrown
    assert state.dice == (1, 6, 3, 6, 6)
    assert state.held == (True, False, True, False, False)  # holds survive the roll
    # Holds may change before the next roll: release die 0, hold die 4.
    state = hold(release(state, 0), 4)
    assert state.held == (False, False, True, False, True)
    source.add([2, 2, 2])
    state = roll(state, source)
    assert state.dice == (2, 2, 3, 2, 6)
    assert state.held == (False, False, True, False, True)
    assert not source.queue
    state = score_category(state, "twos")
    assert state.players[0].scores[Category.TWOS] == 6
    # The next turn starts clear.
    assert state.current == 1
    assert state.held == (False,) * 5
    assert state.dice is None
    assert state.rolls == 0


def test_releasing_everything_rerolls_all_five() -> None:
    source = ScriptedDice([1, 1, 1, 1, 1])
    state = roll(new_game(["A"]), source)
    for i in range(5):
        state = hold(state, i)
    for i in range(5):
        state = release(state, i)
    source.add([2, 3, 4, 5, 6])
    state = roll(state, source)
    assert state.dice == (2, 3, 4, 5, 6)


def test_toggle_hold() -> None:
    state = roll(new_game(["A"]), ScriptedDice([1, 2, 3, 4, 5]))
    state = toggle_hold(state, 3)
    assert state.held == (False, False, False, True, False)
    state = toggle_hold(state, 3)
    assert state.held == (False,) * 5


def test_seeded_holds_keep_their_faces() -> None:
    rng = random.Random(11)
    state = new_game(["A"], seed=11)
    for _ in range(40):
        state = roll(state)
        assert state.dice is not None
        kept = {i: state.dice[i] for i in range(5) if rng.random() < 0.5}
        for i in kept:
            state = hold(state, i)
        if len(kept) < 5:
            state = roll(state)
            assert state.dice is not None
            assert {i: state.dice[i] for i in kept} == kept
        state = score_category(state, state.open_categories()[0])
        if state.is_over:
            break


def test_potential_scores_preview_open_categories() -> None:
    state = new_game(["A"], "extended")
    assert state.potential_scores() == {}
    state = turn(state, (3, 3, 3, 6, 6), "threes")
    state = roll(state, ScriptedDice([3, 3, 3, 6, 6]))
    preview = {c.value: p for c, p in state.potential_scores().items()}
    assert "threes" not in preview
    assert preview["full_house"] == 40
    assert preview["three_of_a_kind"] == 9
    assert preview["sixes"] == 12
    assert len(preview) == 12


# -- undo ----------------------------------------------------------------------------------


def test_undo_restores_the_turn_exactly() -> None:
    source = ScriptedDice([1, 2, 3, 4, 5, 6, 6])
    state = new_game(["A", "B"])
    state = turn(state, (2, 2, 2, 3, 3), "full_house")
    state = roll(state, source)
    state = hold(hold(hold(state, 2), 3), 4)
    state = roll(state, source)
    before = state
    assert before.current == 1
    assert before.dice == (6, 6, 3, 4, 5)
    scored = score_category(state, "little_straight")
    assert scored.current == 0
    assert scored.can_undo()
    undone = undo_score(scored)
    assert undone == before
    assert GAME_RECORD.to_data(SavedGame(undone)) == GAME_RECORD.to_data(SavedGame(before))
    assert (undone.dice, undone.held, undone.rolls, undone.current) == (
        (6, 6, 3, 4, 5),
        (False, False, True, True, True),
        2,
        1,
    )
    assert not undone.players[1].is_filled(Category.LITTLE_STRAIGHT)
    # The restored turn goes on: one roll left, holds still in force.
    source.add([3, 4])
    assert roll(undone, source).dice == (3, 4, 3, 4, 5)


def test_undo_then_score_elsewhere() -> None:
    state = roll(new_game(["A"]), ScriptedDice([5, 5, 5, 5, 5]))
    wrong = score_category(state, "fives")
    right = score_category(undo_score(wrong), "yacht")
    assert right.players[0].scores == {Category.YACHT: 50}


def test_undo_is_refused_after_the_next_roll() -> None:
    state = turn(new_game(["A", "B"], seed=2), (1, 1, 1, 1, 1), "ones")
    assert state.can_undo()
    state = roll(state)
    assert not state.can_undo()
    with pytest.raises(NothingToUndoError, match="until the next roll"):
        undo_score(state)
    assert Undo() not in legal_actions(state)


def test_undo_only_once() -> None:
    state = turn(new_game(["A"], seed=2), (1, 1, 1, 1, 1), "ones")
    state = undo_score(state)
    with pytest.raises(NothingToUndoError):
        undo_score(state)


def test_undo_at_game_over() -> None:
    state = new_game(["A", "B"])
    for round_number in range(12):
        state = turn(state, *STRONG[round_number])
        before_last = roll(state, ScriptedDice(WEAK[round_number][0]))
        state = score_category(before_last, WEAK[round_number][1])
    assert state.is_over
    assert state.winners() == (0,)
    undone = undo_score(state)
    assert undone == before_last
    assert not undone.is_over
    assert undone.current == 1
    assert undone.winners() == ()
    assert legal_actions(undone)[-1] == Score(Category.YACHT)
    assert score_category(undone, "yacht") == state


# -- illegal actions -----------------------------------------------------------------------


def _fresh() -> GameState:
    return new_game(["Ann", "Ben"], seed=5)


def _rolled(times: int) -> Callable[[], GameState]:
    def build() -> GameState:
        state = _fresh()
        for _ in range(times):
            state = roll(state)
        return state

    return build


def _all_held() -> GameState:
    state = _rolled(1)()
    for i in range(5):
        state = hold(state, i)
    return state


def _ones_filled() -> GameState:
    state = new_game(["Solo"], seed=5)
    state = score_category(roll(state), "ones")
    return roll(state)


def _over() -> GameState:
    state = new_game(["Solo"])
    for dice, category in STRONG:
        state = turn(state, dice, category)
    return state


def _over_without_undo() -> GameState:
    state = _over()
    return GAME_RECORD.from_data(
        {**GAME_RECORD.to_data(SavedGame(state)), "last_score": None}
    ).state


ILLEGAL: list[tuple[str, Callable[[], GameState], Action, type[Exception], str]] = [
    ("4th roll", _rolled(3), Roll(), NoRollsLeftError, "3 rolls"),
    ("score before rolling", _fresh, Score(Category.CHOICE), NotRolledYetError, "roll"),
    ("hold before the first roll", _fresh, Hold(0), NotRolledYetError, "roll first"),
    ("release before the first roll", _fresh, Release(0), NotRolledYetError, "roll first"),
    ("hold after the 3rd roll", _rolled(3), Hold(0), NoRollsLeftError, "no rolls left"),
    ("release after the 3rd roll", _rolled(3), Release(1), NoRollsLeftError, "no rolls left"),
    ("roll with all dice held", _all_held, Roll(), AllDiceHeldError, "release"),
    ("die index 5", _rolled(1), Hold(5), InvalidDieIndexError, "not 5"),
    ("die index -1", _rolled(1), Hold(-1), InvalidDieIndexError, "not -1"),
    ("die index 99", _rolled(2), Release(99), InvalidDieIndexError, "not 99"),
    ("die index True", _rolled(1), Hold(True), InvalidDieIndexError, "not True"),
    ("die index '0'", _rolled(1), Hold("0"), InvalidDieIndexError, "not '0'"),  # type: ignore[arg-type]
    ("die index 1.0", _rolled(1), Hold(1.0), InvalidDieIndexError, "not 1.0"),  # type: ignore[arg-type]
    ("score a filled category", _ones_filled, Score(Category.ONES), CategoryFilledError, "Ones"),
    ("roll after game over", _over, Roll(), GameOverError, "game is over"),
    ("hold after game over", _over, Hold(0), GameOverError, "game is over"),
    ("release after game over", _over, Release(0), GameOverError, "game is over"),
    ("score after game over", _over, Score(Category.YACHT), GameOverError, "game is over"),
    ("roll at game over, no undo", _over_without_undo, Roll(), GameOverError, "game is over"),
    ("undo with nothing (fresh)", _fresh, Undo(), NothingToUndoError, "no scoring to undo"),
    ("undo with nothing (rolled)", _rolled(2), Undo(), NothingToUndoError, "no scoring"),
    ("undo twice at game over", lambda: undo_score(_over()), Undo(), NothingToUndoError, "undo"),
    ("undo with nothing, over", _over_without_undo, Undo(), NothingToUndoError, "undo"),
]


@pytest.mark.parametrize(
    ("build", "action", "error", "fragment"),
    [pytest.param(*row[1:], id=row[0]) for row in ILLEGAL],
)
def test_illegal_action_raises_and_changes_nothing(
    build: Callable[[], GameState], action: Action, error: type[Exception], fragment: str
) -> None:
    state = build()
    before = GAME_RECORD.to_data(SavedGame(state))
    twin = build()
    # By repr: Hold(True) == Hold(1) as dataclasses, but it is not the listed action.
    assert repr(action) not in map(repr, legal_actions(state))
    with pytest.raises(error) as raised:
        apply(state, action, random.Random(0))
    assert type(raised.value) is error
    assert isinstance(raised.value, IllegalActionError)
    assert fragment in str(raised.value)
    assert state == twin
    assert GAME_RECORD.to_data(SavedGame(state)) == before


SPECIFIC_ERRORS = [
    GameOverError,
    NoRollsLeftError,
    NotRolledYetError,
    AllDiceHeldError,
    InvalidDieIndexError,
    CategoryFilledError,
    NothingToUndoError,
]


@pytest.mark.parametrize("error", SPECIFIC_ERRORS, ids=lambda e: e.__name__)
def test_each_illegal_action_has_its_own_error_class(error: type[Exception]) -> None:
    assert issubclass(error, IllegalActionError)
    assert issubclass(error, ValueError)
    # None is a kind of another, so catching one never catches a different mistake.
    assert not any(issubclass(error, other) for other in SPECIFIC_ERRORS if other is not error)


def test_illegal_actions_through_the_functions_too() -> None:
    state = _rolled(3)()
    with pytest.raises(NoRollsLeftError):
        roll(state)
    with pytest.raises(NoRollsLeftError):
        toggle_hold(state, 0)
    with pytest.raises(NotRolledYetError):
        toggle_hold(_fresh(), 0)
    with pytest.raises(InvalidDieIndexError):
        toggle_hold(_rolled(1)(), 5)


@pytest.mark.parametrize(
    "attempt",
    [
        pytest.param(lambda over: hold(over, 9), id="hold 9"),
        pytest.param(lambda over: release(over, -1), id="release -1"),
        pytest.param(lambda over: toggle_hold(over, 0), id="toggle 0"),
        pytest.param(lambda over: toggle_hold(over, 9), id="toggle 9"),
        pytest.param(lambda over: score_category(over, "small_straight"), id="foreign category"),
        pytest.param(lambda over: score_category(over, "nonsense"), id="unknown category"),
        pytest.param(lambda over: roll(over, ScriptedDice()), id="roll"),
    ],
)
def test_every_action_after_game_over_is_game_over(
    attempt: Callable[[GameState], GameState],
) -> None:
    # "Anything after game over" is GameOverError, even with a bad die index or category.
    over = _over()
    with pytest.raises(GameOverError):
        attempt(over)


def test_filled_category_message_names_the_player_and_score() -> None:
    with pytest.raises(CategoryFilledError) as raised:
        score_category(_ones_filled(), "ones")
    message = str(raised.value)
    assert "Solo" in message
    assert "Ones" in message


@pytest.mark.parametrize(
    ("ruleset", "category"),
    [("traditional", "small_straight"), ("extended", "little_straight"), ("sum-all", "bogus")],
)
def test_scoring_a_category_the_game_lacks(ruleset: str, category: str) -> None:
    state = roll(new_game(["A"], ruleset, seed=1))
    before = GAME_RECORD.to_data(SavedGame(state))
    with pytest.raises(UnknownCategoryError, match=category):
        score_category(state, category)
    assert GAME_RECORD.to_data(SavedGame(state)) == before


# -- setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 7, 12])
def test_player_count(count: int) -> None:
    with pytest.raises(InvalidSetupError, match=f"not {count}"):
        new_game([f"P{i}" for i in range(count)])


@pytest.mark.parametrize("count", [1, 6])
def test_player_count_limits_are_allowed(count: int) -> None:
    assert len(new_game([f"P{i}" for i in range(count)]).players) == count


@pytest.mark.parametrize(
    "name",
    ["", " ", "   ", "\t\n", "\u00a0", "\u2003", "\u202e", "\x00\x07", "\u200b", "\ufeff"],
)
def test_empty_names_are_refused(name: str) -> None:
    with pytest.raises(InvalidSetupError, match="visible character"):
        new_game(["Ann", name])


@pytest.mark.parametrize("name", ["\u200d", "\u200c", "\u200d\u200c\u200d", " \u200d "])
def test_names_of_only_joiners_are_refused(name: str) -> None:
    # ENGINE BUG: joiners are kept for emoji, but a name of joiners alone shows nothing.
    with pytest.raises(InvalidSetupError, match="visible character"):
        new_game([name])


def test_names_must_be_a_list() -> None:
    with pytest.raises(InvalidSetupError, match="list of names"):
        new_game("Ann")


@pytest.mark.parametrize("name", [None, 7, b"Ann"])
def test_names_must_be_text(name: object) -> None:
    with pytest.raises(InvalidSetupError, match="text"):
        new_game([name])  # type: ignore[list-item]


def test_unknown_rule_set_at_setup() -> None:
    with pytest.raises(UnknownRulesetError):
        new_game(["A"], "yahtzee")
    with pytest.raises(UnknownRulesetError):
        new_game(["A"], "traditional", upper_bonus=True)


FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        pytest.param("<img src=x onerror=f()>", "<img src=x onerror=f()>", id="markup kept"),
        pytest.param("<script>x</script>", "<script>x</script>", id="script kept"),
        pytest.param("&lt;b&gt;Ann&amp;", "&lt;b&gt;Ann&amp;", id="entities kept"),
        pytest.param(
            "<img src=x onerror=alert(1)>", "<img src=x onerror=alert", id="markup capped as text"
        ),
        pytest.param("Robert'); DROP TABLE--", "Robert'); DROP TABLE--", id="quotes kept"),
        pytest.param("Ann\x00\x07\x1bLee", "AnnLee", id="control characters"),
        pytest.param("Ann\u202eeeL", "AnneeL", id="right-to-left override"),
        pytest.param("\u202dEve\u202c", "Eve", id="left-to-right override"),
        pytest.param("\u2066Max\u2069", "Max", id="isolates"),
        pytest.param("\u200fZoe\u200e", "Zoe", id="direction marks"),
        pytest.param("Li\u200bLi", "LiLi", id="zero-width space"),
        pytest.param("  Ann \n\t Lee  ", "Ann Lee", id="spaces folded"),
        pytest.param(
            "\U0001f469\u200d\U0001f4bb dev", "\U0001f469\u200d\U0001f4bb dev", id="emoji ZWJ"
        ),
        pytest.param(
            "\U0001f468\u200d\U0001f469\u200d\U0001f467",
            "\U0001f468\u200d\U0001f469\u200d\U0001f467",
            id="family emoji",
        ),
        pytest.param("Zoë", "Zoë", id="accents"),
        pytest.param("Zoe\u0308", "Zoë", id="composed"),
        pytest.param("Łukasz", "Łukasz", id="Polish"),
        pytest.param("Ēriks", "Ēriks", id="Latvian"),
        pytest.param("Олександр", "Олександр", id="Ukrainian"),
    ],
)
def test_hostile_and_foreign_names(raw: str, expected: str) -> None:
    state = new_game([raw])
    assert state.players[0].name == expected
    assert clean_name(raw) == expected


@example("e\u200b\u0301")  # a zero-width space between a letter and its accent
@example("e\x07\u0301")
@example("x" * 23 + "e\u0301")  # the cap falls between the letter and its accent
@given(st.text(max_size=40))
def test_clean_name_is_idempotent(raw: str) -> None:
    # ENGINE BUG with the first two examples: clean_name normalises (NFC) before it drops the
    # invisible character, so the accent composes only on a second pass. The loader compares
    # a saved name with clean_name(name), so such a game cannot be reloaded (see test_save.py).
    try:
        once = clean_name(raw)
    except InvalidSetupError:
        return
    assert clean_name(once) == once


def test_long_names_are_capped() -> None:
    assert MAX_NAME_LENGTH == 24
    state = new_game(["A" * 500, "B" * MAX_NAME_LENGTH])
    assert state.players[0].name == "A" * MAX_NAME_LENGTH
    assert state.players[1].name == "B" * MAX_NAME_LENGTH
    # A cut that lands on a space leaves no trailing space.
    assert clean_name("x" * (MAX_NAME_LENGTH - 1) + " yz") == "x" * (MAX_NAME_LENGTH - 1)


def test_same_names_are_refused() -> None:
    # The scorecard and the statistics know players by name: two Anns could not be told apart.
    with pytest.raises(DuplicateNameError, match="Ann"):
        new_game(["Ann", "Ben", "Ann"])
    assert [card.name for card in new_game(["Ann", "ann"]).players] == ["Ann", "ann"]


# -- seeded dice ---------------------------------------------------------------------------


def _dice_sequence(seed: int, rolls: int, restore_at: int | None = None) -> list[tuple[int, ...]]:
    """The dice of ``rolls`` rolls with a fixed pattern of holds and scorings."""
    state = new_game(["A", "B"], "extended", seed=seed)
    seen: list[tuple[int, ...]] = []
    for step in range(rolls):
        if restore_at == step:
            state = GAME_RECORD.from_data(
                json.loads(json.dumps(GAME_RECORD.to_data(SavedGame(state))))
            ).state
        if state.rolls == 3:
            state = score_category(state, state.open_categories()[step % 3])
        if state.rolls == 1:
            state = hold(state, step % 5)
        state = roll(state)
        assert state.dice is not None
        seen.append(state.dice)
    return seen


def test_same_seed_same_dice() -> None:
    assert _dice_sequence(42, 30) == _dice_sequence(42, 30)


def test_successive_seeded_rolls_differ() -> None:
    # Each roll draws afresh: 30 rolls of one seed are not a handful of repeats.
    assert len(set(_dice_sequence(42, 30))) > 20


def test_rolls_made_counts_every_roll() -> None:
    state = new_game(["A", "B"], seed=1)
    for expected in range(1, 4):
        state = roll(state)
        assert state.rolls_made == expected
    state = score_category(state, "choice")
    assert state.rolls_made == 3
    state = undo_score(state)
    assert state.rolls_made == 3
    state = score_category(state, "choice")
    assert roll(state).rolls_made == 4
    assert roll(state, ScriptedDice([1, 2, 3, 4, 5])).rolls_made == 4


def test_different_seed_different_dice() -> None:
    assert _dice_sequence(42, 30) != _dice_sequence(43, 30)


@pytest.mark.parametrize("restore_at", [1, 5, 13, 29])
def test_restored_game_rolls_as_the_uninterrupted_one(restore_at: int) -> None:
    assert _dice_sequence(7, 30, restore_at) == _dice_sequence(7, 30)


def test_seeded_game_after_undo_keeps_rolling_the_same() -> None:
    # Undo does not rewind the dice: the roll after an undo is the roll after the scoring.
    base = roll(new_game(["A", "B"], seed=9))
    scored = score_category(base, "choice")
    redone = score_category(undo_score(scored), "choice")
    assert roll(redone).dice == roll(scored).dice


def test_explicit_source_overrides_the_seed() -> None:
    state = roll(new_game(["A"], seed=1), ScriptedDice([6, 6, 6, 6, 6]))
    assert state.dice == (6, 6, 6, 6, 6)


# -- legal_actions -------------------------------------------------------------------------


def every_candidate_action(state: GameState) -> list[Action]:
    return [
        Roll(),
        Undo(),
        *(Hold(i) for i in range(-1, 6)),
        *(Release(i) for i in range(-1, 6)),
        *(Score(c) for c in Category),
    ]


def is_redundant_hold(state: GameState, action: Action) -> bool:
    """Holding a held die or releasing a free one: a no-op (see the test below)."""
    if not isinstance(action, Hold | Release) or not 0 <= action.index < 5:
        return False
    return state.held[action.index] == isinstance(action, Hold)


def _states_along_games() -> list[GameState]:
    rng = random.Random(2024)
    states = []
    for ruleset in ("traditional", "sum-all", "extended"):
        state = new_game(["A", "B"], ruleset, seed=rng.randrange(1000))
        while True:
            states.append(state)
            if state.is_over:
                break
            options = legal_actions(state)
            state = apply(state, rng.choice(options))
        states.append(undo_score(state))
    return states


def test_legal_actions_match_apply() -> None:
    states = _states_along_games()
    assert any(s.is_over for s in states)
    for state in states:
        listed = legal_actions(state)
        assert len(set(listed)) == len(listed)
        for action in listed:
            apply(state, action, random.Random(1))  # must not raise
        for action in every_candidate_action(state):
            if action in listed or is_redundant_hold(state, action):
                continue
            with pytest.raises((IllegalActionError, UnknownCategoryError)):
                apply(state, action, random.Random(1))


def test_legal_actions_in_known_situations() -> None:
    fresh = _fresh()
    assert legal_actions(fresh) == [Roll()]
    third = _rolled(3)()
    assert Roll() not in legal_actions(third)
    assert not any(isinstance(a, Hold | Release) for a in legal_actions(third))
    assert [a for a in legal_actions(third) if isinstance(a, Score)] == [
        Score(c) for c in third.ruleset.categories
    ]
    held = _all_held()
    assert Roll() not in legal_actions(held)
    assert [a for a in legal_actions(held) if isinstance(a, Hold | Release)] == [
        Release(i) for i in range(5)
    ]
    assert legal_actions(_over()) == [Undo()]
    assert legal_actions(_over_without_undo()) == []


def test_unlisted_hold_and_release_change_nothing() -> None:
    # legal_actions lists what changes something; holding a held die or releasing a free one
    # is accepted as a no-op, so front ends can "hold" without checking first.
    state = hold(_rolled(1)(), 0)
    assert Hold(0) not in legal_actions(state)
    assert Release(1) not in legal_actions(state)
    assert apply(state, Hold(0)) == state
    assert apply(state, Release(1)) == state
