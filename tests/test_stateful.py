"""Random legal and illegal action sequences against a model of the game written from RULES.md.

The machine keeps its own account of the game (whose turn, rolls, holds, dice, scorecards, what
undo would restore) and checks the engine against it after every step.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace

from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from reference import (
    ALL_CATEGORY_IDS,
    CATEGORY_ORDER,
    reference_score,
    reference_totals,
)

from yacht import (
    AllDiceHeldError,
    Category,
    CategoryFilledError,
    GameOverError,
    GameState,
    Hold,
    InvalidDieIndexError,
    NoRollsLeftError,
    NothingToUndoError,
    NotRolledYetError,
    Release,
    Roll,
    Score,
    Undo,
    UnknownCategoryError,
    YachtError,
    apply,
    legal_actions,
    new_game,
)
from yacht.game.actions import Action
from yacht.saves.game_record import GAME_RECORD, SavedGame


@dataclass
class Model:
    """What the game should look like, kept by the test alone."""

    ruleset: str
    bonus: bool
    scores: list[dict[str, int]]
    current: int = 0
    rolls: int = 0
    dice: tuple[int, ...] | None = None
    held: list[bool] = field(default_factory=lambda: [False] * 5)
    undo_to: Model | None = None
    rolls_made: int = 0

    @property
    def categories(self) -> tuple[str, ...]:
        return CATEGORY_ORDER[self.ruleset]

    @property
    def over(self) -> bool:
        return all(len(card) == len(self.categories) for card in self.scores)

    def copy(self) -> Model:
        return Model(
            self.ruleset,
            self.bonus,
            [dict(card) for card in self.scores],
            self.current,
            self.rolls,
            self.dice,
            list(self.held),
            self.undo_to,
            self.rolls_made,
        )

    def expected_error(self, action: Action) -> type[YachtError] | None:
        """The error the rules call for, in the engine's documented order of checks."""
        if isinstance(action, Undo):
            return None if self.undo_to is not None else NothingToUndoError
        if self.over:
            return GameOverError
        if isinstance(action, Roll):
            if self.rolls >= 3:
                return NoRollsLeftError
            return AllDiceHeldError if all(self.held) else None
        if isinstance(action, Hold | Release):
            index = action.index
            if type(index) is not int or not 0 <= index < 5:
                return InvalidDieIndexError
            if self.rolls == 0:
                return NotRolledYetError
            return NoRollsLeftError if self.rolls >= 3 else None
        if self.rolls == 0:
            return NotRolledYetError
        if str(action.category) not in self.categories:
            return UnknownCategoryError
        if str(action.category) in self.scores[self.current]:
            return CategoryFilledError
        return None


RULESETS = st.sampled_from(
    [("traditional", False), ("sum-all", False), ("extended", False), ("extended", True)]
)
CATEGORIES = st.sampled_from([*ALL_CATEGORY_IDS, "bogus"])
INDICES = st.integers(min_value=-2, max_value=7)


class GameMachine(RuleBasedStateMachine):
    """Throws random actions at one game and checks it against the model."""

    state: GameState
    model: Model
    before_scoring: GameState | None

    @initialize(
        players=st.integers(min_value=1, max_value=6),
        ruleset=RULESETS,
        seed=st.none() | st.integers(min_value=0, max_value=2**32),
    )
    def start(self, players: int, ruleset: tuple[str, bool], seed: int | None) -> None:
        ruleset_id, bonus = ruleset
        names = [f"P{i}" for i in range(players)]
        self.state = new_game(names, ruleset_id, upper_bonus=bonus, seed=seed)
        self.model = Model(ruleset_id, bonus, [{} for _ in names])
        self.before_scoring = None

    # -- acting --------------------------------------------------------------------------

    def attempt(self, action: Action, source: random.Random | None = None) -> bool:
        """Apply ``action``; check the outcome against the model; True if it was accepted."""
        state = self.state
        saved = GAME_RECORD.to_data(SavedGame(state))
        expected = self.model.expected_error(action)
        # By repr: Hold(True) == Hold(1) as dataclasses, but only the int is listed.
        listed = repr(action) in map(repr, legal_actions(state))
        refusal: YachtError | None = None
        try:
            new_state = apply(state, action, source)
        except YachtError as error:
            refusal = error
        if refusal is not None:
            assert expected is not None, f"{action!r} refused: {refusal}"
            assert type(refusal) is expected, f"{action!r}: {type(refusal).__name__}: {refusal}"
            assert not listed, f"{action!r} is listed as legal but raised {refusal}"
            assert str(refusal)
            assert self.state == state
            assert GAME_RECORD.to_data(SavedGame(state)) == saved
            event(f"refused: {type(refusal).__name__}")
            return False
        assert expected is None, f"{action!r} accepted, the rules say {expected.__name__}"
        assert listed or self.redundant_hold(action), f"{action!r} accepted but not listed"
        self.state = new_state
        return True

    def redundant_hold(self, action: Action) -> bool:
        # Holding a held die (releasing a free one) is accepted as a no-op without being listed;
        # tests/test_game.py::test_actions_not_listed_raise covers that case on its own.
        return isinstance(action, Hold | Release) and self.model.held[action.index] == isinstance(
            action, Hold
        )

    @rule(source_seed=st.none() | st.integers(min_value=0, max_value=2**16))
    def roll(self, source_seed: int | None) -> None:
        # Without a game seed the engine would use system entropy: always pass a source then.
        if source_seed is None and self.state.seed is None:
            source_seed = 0
        source = None if source_seed is None else random.Random(source_seed)
        before = self.state
        if self.attempt(Roll(), source):
            model = self.model
            dice = self.state.dice
            assert dice is not None
            assert all(1 <= face <= 6 and type(face) is int for face in dice)
            if before.dice is not None:
                for i in range(5):
                    if model.held[i]:
                        assert dice[i] == before.dice[i], "a held die changed"
            model.dice = dice
            model.rolls += 1
            model.rolls_made += 1
            model.undo_to = None
            self.before_scoring = None

    @rule(index=INDICES)
    def hold(self, index: int) -> None:
        if self.attempt(Hold(index)):
            self.model.held[index] = True

    @rule(index=INDICES)
    def release(self, index: int) -> None:
        if self.attempt(Release(index)):
            self.model.held[index] = False

    @rule()
    def hold_all_five(self) -> None:
        for i in range(5):
            self.hold(i)

    @rule(index=st.sampled_from([True, False, 1.0, "0"]))
    def hold_not_an_int(self, index: object) -> None:
        assert not self.attempt(Hold(index))  # type: ignore[arg-type]

    @rule(category=CATEGORIES)
    def score(self, category: str) -> None:
        self.score_now(category)

    def score_now(self, category: str) -> None:
        before = self.state
        parsed: Category | str = Category(category) if category in ALL_CATEGORY_IDS else category
        if self.attempt(Score(parsed)):  # type: ignore[arg-type]
            model = self.model
            assert model.dice is not None
            undo_to = model.copy()
            undo_to.undo_to = None
            points = reference_score(model.dice, category, model.ruleset)
            model.scores[model.current][category] = points
            model.current = (model.current + 1) % len(model.scores)
            model.rolls = 0
            model.dice = None
            model.held = [False] * 5
            model.undo_to = undo_to
            self.before_scoring = before

    @rule()
    def undo(self) -> None:
        if self.attempt(Undo()):
            assert self.model.undo_to is not None
            assert self.state == self.before_scoring, "undo did not restore the turn exactly"
            # Undo takes back the scoring, not the dice: rolls_made stays.
            self.model = replace(self.model.undo_to, rolls_made=self.model.rolls_made)
            self.before_scoring = None

    @rule(turns=st.integers(min_value=1, max_value=10), choice=st.randoms(use_true_random=False))
    def play_whole_turns(self, turns: int, choice: random.Random) -> None:
        """Legal play, to reach the late game and its end within the step budget."""
        for _ in range(turns):
            if self.model.over:
                break
            if self.model.rolls == 3 or all(self.model.held):
                for i in range(5):
                    self.release(i)
            if self.model.rolls < 3:
                self.roll(choice.randrange(1000))
            card = self.model.scores[self.model.current]
            self.score_now(choice.choice([c for c in self.model.categories if c not in card]))

    # -- invariants ----------------------------------------------------------------------

    @invariant()
    def matches_the_model(self) -> None:
        state, model = self.state, self.model
        if model.over:
            event("game over reached")
        assert state.ruleset.id == model.ruleset
        assert (state.ruleset.upper_bonus is not None) == model.bonus
        assert state.current == model.current
        assert state.rolls == model.rolls
        assert state.rolls_made == model.rolls_made
        assert state.rolls_left == 3 - model.rolls
        assert state.dice == model.dice
        assert list(state.held) == model.held
        assert state.can_undo() == (model.undo_to is not None)
        assert state.is_over == model.over
        for card, expected in zip(state.players, model.scores, strict=True):
            # Each category at most once, in the order filled, with the rules' points.
            assert [(c.value, p) for c, p in card.scores.items()] == list(expected.items())

    @invariant()
    def turn_order(self) -> None:
        filled = [len(card) for card in self.model.scores]
        current = self.model.current
        assert all(n == filled[current] + 1 for n in filled[:current])
        assert all(n == filled[current] for n in filled[current:])

    @invariant()
    def totals(self) -> None:
        for totals, card in zip(self.state.totals(), self.model.scores, strict=True):
            upper, bonus, total = reference_totals(card, self.model.bonus)
            assert (totals.upper, totals.bonus, totals.total) == (upper, bonus, total)
        if self.model.over:
            best = max(t.total for t in self.state.totals())
            assert self.state.winners() == tuple(
                i for i, t in enumerate(self.state.totals()) if t.total == best
            )
        else:
            assert self.state.winners() == ()

    @invariant()
    def save_round_trips(self) -> None:
        data = GAME_RECORD.to_data(SavedGame(self.state))
        assert GAME_RECORD.from_data(data).state == self.state
        assert GAME_RECORD.from_data(json.loads(json.dumps(data))).state == self.state

    @invariant()
    def legal_actions_are_legal(self) -> None:
        listed = legal_actions(self.state)
        assert len(set(listed)) == len(listed)
        for action in listed:
            assert self.model.expected_error(action) is None, f"{action!r} listed"
            apply(self.state, action, random.Random(0))
        expected_roll = not self.model.over and self.model.rolls < 3 and not all(self.model.held)
        assert (Roll() in listed) == expected_roll
        assert (Undo() in listed) == (self.model.undo_to is not None)
        scores = {a.category.value for a in listed if isinstance(a, Score)}
        if self.model.over or self.model.rolls == 0:
            assert scores == set()
        else:
            card = self.model.scores[self.model.current]
            assert scores == {c for c in self.model.categories if c not in card}


# As many examples as the profile asks (100 by default; fewer in make check).
GameMachine.TestCase.settings = settings(stateful_step_count=60, deadline=None, database=None)
TestGame = GameMachine.TestCase
