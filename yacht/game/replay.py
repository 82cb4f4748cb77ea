"""A solo game of duplicate dice told by its moves alone, and played again from them.

With duplicate dice (:mod:`yacht.game.dice_schemes`) the seed and the decisions fix every die,
so a game is fully told by, turn after turn, which dice were held before each reroll and which
category was scored. That is what a challenge carries, and what the page keeps of the game in
progress: :func:`replay` plays it again, :func:`record` adds a move to it.

>>> from yacht.rules.rulesets import find_ruleset
>>> turn = TurnPlay(holds=(0b00011,), category=Category.CHOICE)  # hold dice 0 and 1, reroll
>>> game = PlayedGame(find_ruleset("traditional"), 7, "Ann", (turn,))
>>> replay(game).players[0].scores[Category.CHOICE] == sum(replay_dice(game)[0])
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from yacht.errors import IllegalActionError, ReplayError
from yacht.game.actions import Action, Hold, Release, Roll, Score, Undo, apply
from yacht.game.dice_schemes import DiceScheme
from yacht.game.players import clean_name
from yacht.game.state import ROLLS_PER_TURN, GameState, new_game
from yacht.rules.categories import Category
from yacht.rules.dice import DICE_COUNT, Dice
from yacht.rules.rulesets import RuleSet

ALL_HELD = (1 << DICE_COUNT) - 1
"""The hold mask of all five dice (no reroll can follow it)."""


@dataclass(frozen=True)
class TurnPlay:
    """One turn's decisions: the dice held before each reroll, then the category scored."""

    holds: tuple[int, ...] = ()
    """Before each reroll (0 to 2 of them), the held positions as bits: bit ``i`` is die ``i``."""
    category: Category | None = None
    """The category scored; None while the turn is still being played."""

    @property
    def rolls(self) -> int:
        """Rolls this turn took."""
        return 1 + len(self.holds)


@dataclass(frozen=True)
class PlayedGame:
    """A solo game of duplicate dice: rules, seed, the player's name and the turns played."""

    ruleset: RuleSet
    seed: int
    name: str
    turns: tuple[TurnPlay, ...] = ()

    @property
    def finished(self) -> bool:
        """Whether every category was scored."""
        count = len(self.ruleset.categories)
        return len(self.turns) == count and all(t.category is not None for t in self.turns)

    def start(self) -> GameState:
        """The game as it was before its first roll."""
        return new_game([self.name], self.ruleset, seed=self.seed, dice_scheme=DiceScheme.DUPLICATE)


def mask_of(held: tuple[bool, ...]) -> int:
    """Held flags as a hold mask."""
    return sum(1 << index for index, on in enumerate(held) if on)


def actions(game: PlayedGame) -> Iterator[Action]:
    """The game's moves as actions, in order (holds set just before the reroll they keep)."""
    for turn in game.turns:
        yield Roll()
        for mask in turn.holds:
            yield from (Hold(i) if mask >> i & 1 else Release(i) for i in range(DICE_COUNT))
            yield Roll()
        if turn.category is not None:
            yield Score(turn.category)


def decisions(game: PlayedGame) -> Iterator[tuple[GameState, Action]]:
    """Every decision with the position it was taken in: each reroll (the dice held before
    it) and each scoring. Raises :class:`ReplayError` at the first move play cannot make."""
    _check_shape(game)
    state = game.start()
    for action in actions(game):
        if isinstance(action, Roll | Score) and state.dice is not None:
            yield state, action
        state = _apply(state, action)


def replay(game: PlayedGame) -> GameState:
    """The game after all its moves; :class:`ReplayError` when a move is not a legal one."""
    _check_shape(game)
    state = game.start()
    for action in actions(game):
        state = _apply(state, action)
    return state


def replay_dice(game: PlayedGame) -> tuple[Dice, ...]:
    """Each turn's dice as they were scored (or lie now, in an unfinished turn)."""
    state = game.start()
    dice: list[Dice] = []
    for action in actions(game):
        if isinstance(action, Score) and state.dice is not None:
            dice.append(state.dice)
        state = _apply(state, action)
    if state.dice is not None:
        dice.append(state.dice)
    return tuple(dice)


def _apply(state: GameState, action: Action) -> GameState:
    try:
        return apply(state, action)
    except IllegalActionError as error:
        raise ReplayError(f"turn {len(state.current_player.scores) + 1}: {error}") from None


def _check_shape(game: PlayedGame) -> None:
    count = len(game.ruleset.categories)
    if len(game.turns) > count:
        raise ReplayError(f"{len(game.turns)} turns in a game of {count}")
    for number, turn in enumerate(game.turns, 1):
        if len(turn.holds) > ROLLS_PER_TURN - 1:
            raise ReplayError(f"turn {number} rerolls {len(turn.holds)} times")
        if any(not 0 <= mask < ALL_HELD for mask in turn.holds):
            raise ReplayError(f"turn {number} holds every die and rolls again")
        if turn.category is None and number != len(game.turns):
            raise ReplayError(f"turn {number} was never scored")


def claimed_total(game: PlayedGame) -> int:
    """The total the moves make (:class:`ReplayError` when they are no legal game)."""
    return replay(game).totals()[0].total


# -- the log of the game in progress -------------------------------------------------------


def log_of(state: GameState) -> PlayedGame | None:
    """An empty log for a solo duplicate game not yet rolled (None for any other game)."""
    if not can_log(state) or state.rolls_made != 0:
        return None
    return PlayedGame(state.ruleset, state.seed or 0, state.players[0].name)


def can_log(state: GameState) -> bool:
    """Whether ``state`` is a game its moves can tell: solo, a person, duplicate dice."""
    return (
        len(state.players) == 1
        and state.players[0].computer is None
        and state.seed is not None
        and state.dice_scheme is DiceScheme.DUPLICATE
        and not state.real_dice
    )


def matches(game: PlayedGame, state: GameState) -> bool:
    """Whether ``game``'s moves lead to ``state`` (same seed, scores, dice and rolls)."""
    if not can_log(state) or (game.ruleset, game.seed) != (state.ruleset, state.seed):
        return False
    try:
        replayed = replay(game)
    except ReplayError:
        return False
    same_name = clean_name(game.name) == state.players[0].name
    return same_name and (replayed.players[0].scores, replayed.dice, replayed.rolls) == (
        state.players[0].scores,
        state.dice,
        state.rolls,
    )


def record(game: PlayedGame, before: GameState, action: Action) -> PlayedGame:
    """``game`` with ``action`` (made in ``before``) added: what a move changes in its log."""
    turns = list(game.turns)
    match action:
        case Roll() if before.rolls == 0:
            turns.append(TurnPlay())
        case Roll():
            turns[-1] = replace(turns[-1], holds=(*turns[-1].holds, mask_of(before.held)))
        case Score(category):
            turns[-1] = replace(turns[-1], category=category)
        case Undo():
            turns[-1] = replace(turns[-1], category=None)
        case _:
            return game  # holds count when the dice are thrown; nothing else is a move
    return replace(game, turns=tuple(turns))
