"""The game model: an immutable state and the pure actions that move it on.

Every action is a function ``state -> new state``. An action the rules don't allow raises a
specific :class:`~yacht.errors.IllegalActionError` and, the state being immutable, changes
nothing.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from yacht.errors import (
    AllDiceHeldError,
    CategoryFilledError,
    DiceModeError,
    GameOverError,
    InvalidDieIndexError,
    InvalidSetupError,
    InvalidStateError,
    NamesFixedError,
    NoRollsLeftError,
    NothingToUndoError,
    NotRolledYetError,
)
from yacht.game.dice_schemes import DiceScheme, duplicate_faces
from yacht.game.players import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Scorecard,
    Totals,
    check_distinct,
    clean_name,
)
from yacht.rules.categories import Category
from yacht.rules.dice import (
    DICE_COUNT,
    Dice,
    DiceSource,
    check_seed,
    system_dice,
    throw,
    validate_dice,
)
from yacht.rules.rulesets import DEFAULT_RULESET, RuleSet, find_ruleset, possible_scores

ROLLS_PER_TURN = 3
NO_HOLDS: tuple[bool, ...] = (False,) * DICE_COUNT
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)


@dataclass(frozen=True)
class LastScore:
    """The turn as it stood just before its scoring, kept so the scoring can be undone."""

    player: int
    category: Category
    dice: Dice
    held: tuple[bool, ...]
    rolls: int


@dataclass(frozen=True)
class Challenge:
    """The shared challenge a game is played as: the daily game of ``date``.

    Everyone's daily game of one date has the same dice (the seed comes from the date, see
    :mod:`yacht.game.daily`). The first attempt of a day is the official one; further attempts know
    the dice in advance, so they are practice.
    """

    date: str
    """The calendar date, YYYY-MM-DD."""
    official: bool = True


@dataclass(frozen=True)
class GameState:
    """Everything about a game in progress. Build one with :func:`new_game`."""

    ruleset: RuleSet
    players: tuple[Scorecard, ...]
    current: int = 0
    """Whose turn it is (index into ``players``)."""
    rolls: int = 0
    """Rolls made in this turn, 0 to 3."""
    dice: Dice | None = None
    """The dice on the table; None until the turn's first roll."""
    held: tuple[bool, ...] = NO_HOLDS
    last_score: LastScore | None = None
    """The scoring that may still be undone (cleared by the next roll)."""
    seed: int | None = None
    """When set, every roll is derived from the seed (as ``dice_scheme`` says): a replayable
    game."""
    rolls_made: int = 0
    """Rolls made in the whole game."""
    real_dice: bool = False
    """The players throw real dice and type the faces in (:func:`enter_dice`): a digital
    scorecard. Such a game never rolls nor holds dice itself."""
    challenge: Challenge | None = None
    """Set when this game is a shared challenge (the daily game)."""
    dice_scheme: DiceScheme = DiceScheme.RUNNING
    """How a seeded game derives its dice (:mod:`yacht.game.dice_schemes`): from the running
    count of rolls (older games, the daily game) or from the turn and roll (challenges)."""

    def __post_init__(self) -> None:
        check_state(self)

    # -- queries ---------------------------------------------------------------------------

    @property
    def current_player(self) -> Scorecard:
        """The scorecard of the player whose turn it is."""
        return self.players[self.current]

    @property
    def begun(self) -> bool:
        """Whether anyone has thrown (or scored: the throws are counted, but a score is the
        surer sign)."""
        return bool(self.rolls_made or self.rolls or any(card.scores for card in self.players))

    @property
    def rolls_left(self) -> int:
        """Rolls still allowed in this turn."""
        return ROLLS_PER_TURN - self.rolls

    @property
    def is_over(self) -> bool:
        """True once every player has filled every category."""
        count = len(self.ruleset.categories)
        return all(len(card.scores) == count for card in self.players)

    @property
    def turn_number(self) -> int:
        """The current round, from 1 to the number of categories (the last one once over)."""
        return min(len(self.current_player.scores) + 1, len(self.ruleset.categories))

    def open_categories(self) -> tuple[Category, ...]:
        """The current player's categories still to fill."""
        return self.current_player.open_categories(self.ruleset)

    def potential_scores(self) -> dict[Category, int]:
        """What the dice would score in each open category (empty before the first roll)."""
        if self.dice is None or self.is_over:
            return {}
        return {c: self.ruleset.scorers[c](self.dice) for c in self.open_categories()}

    def totals(self) -> tuple[Totals, ...]:
        """Every player's sums, in seat order."""
        return tuple(card.totals(self.ruleset) for card in self.players)

    def standings(self) -> tuple[tuple[int, int], ...]:
        """(rank, player index) best first; tied players share a rank (1, 1, 3, ...)."""
        totals = [t.total for t in self.totals()]
        order = sorted(range(len(totals)), key=lambda i: -totals[i])
        return tuple((1 + sum(t > totals[i] for t in totals), i) for i in order)

    def winners(self) -> tuple[int, ...]:
        """The players with the highest total (several when tied); empty until the game ends."""
        if not self.is_over:
            return ()
        return tuple(player for rank, player in self.standings() if rank == 1)

    def can_undo(self) -> bool:
        """Whether the last scoring can still be taken back."""
        return self.last_score is not None


def new_game(
    names: Sequence[str],
    ruleset: str | RuleSet = DEFAULT_RULESET,
    *,
    upper_bonus: bool = False,
    seed: int | None = None,
    computers: Sequence[str | None] | None = None,
    real_dice: bool = False,
    dice_scheme: DiceScheme = DiceScheme.RUNNING,
) -> GameState:
    """A fresh game for 1 to 6 named players, first player to roll.

    ``computers`` gives, seat by seat, the level of a computer player or None for a person
    (all people when omitted). With ``real_dice`` the players throw their own dice and enter
    the faces (:func:`enter_dice`). ``dice_scheme`` says how a seeded game's dice follow from
    its seed (:class:`~yacht.game.dice_schemes.DiceScheme`).
    """
    if isinstance(names, str):
        raise InvalidSetupError("names must be a list of names, not one string")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise InvalidSetupError(
            f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}"
        )
    if seed is not None:
        check_seed(seed)
    if dice_scheme is DiceScheme.DUPLICATE and (seed is None or real_dice):
        raise InvalidSetupError("duplicate dice need a seed and the game's own dice")
    rules = find_ruleset(ruleset, upper_bonus=upper_bonus)
    levels = list(computers) if computers is not None else [None] * len(names)
    if len(levels) != len(names):
        raise InvalidSetupError(f"{len(levels)} seat kinds for {len(names)} players")
    cards = tuple(
        Scorecard(clean_name(name), computer=level)
        for name, level in zip(names, levels, strict=True)
    )
    check_distinct([card.name for card in cards])
    return GameState(rules, cards, seed=seed, real_dice=real_dice, dice_scheme=dice_scheme)


# -- actions -------------------------------------------------------------------------------


def roll(state: GameState, source: DiceSource | None = None) -> GameState:
    """Throw every die that is not held (all five on the turn's first roll)."""
    _require_playing(state)
    if state.real_dice:
        raise DiceModeError("this game is played with real dice: enter the faces thrown")
    if state.rolls >= ROLLS_PER_TURN:
        raise NoRollsLeftError(f"{ROLLS_PER_TURN} rolls already made this turn: score a category")
    if all(state.held):
        raise AllDiceHeldError("all five dice are held: release at least one to roll")
    if source is None and state.seed is not None and state.dice_scheme is DiceScheme.DUPLICATE:
        # Each free position's face comes from (seed, turn, roll, position) alone.
        free = [i for i in range(DICE_COUNT) if not state.held[i]]
        turn = len(state.current_player.scores) + 1
        thrown = iter(duplicate_faces(state.seed, turn, state.rolls + 1, free))
    else:
        thrown = iter(throw(source or _source_for(state), DICE_COUNT - sum(state.held)))
    old = state.dice
    dice = tuple(
        old[i] if old is not None and state.held[i] else next(thrown) for i in range(DICE_COUNT)
    )
    return replace(
        state,
        dice=validate_dice(dice),
        rolls=state.rolls + 1,
        last_score=None,
        rolls_made=state.rolls_made + 1,
    )


def enter_dice(state: GameState, faces: Iterable[int]) -> GameState:
    """Put the five faces a player threw with real dice on the table; counts as a roll.

    Only in a game with ``real_dice``. Holding happens on the real table, so every entry gives
    all five faces. Faces that are not five numbers from 1 to 6 raise
    :class:`~yacht.errors.InvalidDiceError`.

    >>> game = enter_dice(new_game(["Ann"], real_dice=True), [4, 4, 4, 5, 1])
    >>> game.dice, game.rolls_left
    ((4, 4, 4, 5, 1), 2)
    """
    _require_playing(state)
    if not state.real_dice:
        raise DiceModeError("this game rolls its own dice: faces cannot be entered")
    if state.rolls >= ROLLS_PER_TURN:
        raise NoRollsLeftError(f"{ROLLS_PER_TURN} throws already made this turn: score a category")
    dice = validate_dice(faces)
    return replace(
        state,
        dice=dice,
        rolls=state.rolls + 1,
        last_score=None,
        rolls_made=state.rolls_made + 1,
    )


def hold(state: GameState, index: int) -> GameState:
    """Set die ``index`` (0 to 4) aside so the next roll keeps it."""
    return _set_held(state, index, True)


def release(state: GameState, index: int) -> GameState:
    """Put die ``index`` back among the dice the next roll throws."""
    return _set_held(state, index, False)


def toggle_hold(state: GameState, index: int) -> GameState:
    """Hold a free die or release a held one."""
    _require_playing(state)
    _check_index(index)
    return _set_held(state, index, not state.held[index])


def score_category(state: GameState, category: str | Category) -> GameState:
    """Fill ``category`` with the current dice and pass the dice to the next player."""
    _require_playing(state)
    if state.dice is None:
        raise NotRolledYetError("roll the dice before choosing a category")
    chosen = state.ruleset.check(category)
    card = state.current_player
    if card.is_filled(chosen):
        raise CategoryFilledError(
            f"{card.name} has already filled {state.ruleset.name_of(chosen)} "
            f"with {card.scores[chosen]}"
        )
    points = state.ruleset.scorers[chosen](state.dice)
    players = list(state.players)
    players[state.current] = card.with_score(chosen, points)
    return replace(
        state,
        players=tuple(players),
        current=(state.current + 1) % len(players),
        rolls=0,
        dice=None,
        held=NO_HOLDS,
        last_score=LastScore(state.current, chosen, state.dice, state.held, state.rolls),
    )


def undo_score(state: GameState) -> GameState:
    """Take back the last scoring; allowed until the next roll."""
    last = state.last_score
    if last is None:
        raise NothingToUndoError("there is no scoring to undo (undo works until the next roll)")
    players = list(state.players)
    players[last.player] = players[last.player].without(last.category)
    return replace(
        state,
        players=tuple(players),
        current=last.player,
        rolls=last.rolls,
        dice=last.dice,
        held=last.held,
        last_score=None,
    )


def rename_players(state: GameState, names: Sequence[str]) -> GameState:
    """``state`` with its seats named ``names``, in order; only before anyone has thrown (then
    :class:`~yacht.errors.NamesFixedError`): the page names the seats left blank in its new
    language, and once play has begun the names are the game's record.

    >>> rename_players(new_game(["Player 1", "Ann"]), ["Gracz 1", "Ann"]).players[0].name
    'Gracz 1'
    """
    if state.begun:
        raise NamesFixedError("the players' names are kept once the first throw is made")
    if len(names) != len(state.players):
        raise InvalidSetupError(f"{len(names)} names for {len(state.players)} seats")
    cleaned = [clean_name(name) for name in names]
    check_distinct(cleaned)
    cards = zip(state.players, cleaned, strict=True)
    return replace(state, players=tuple(replace(card, name=name) for card, name in cards))


def _source_for(state: GameState) -> DiceSource:
    if state.seed is None:
        return system_dice()
    # Derived per roll rather than carried along, so a reloaded save rolls exactly as the
    # original would have.
    return random.Random(f"{state.seed}:{state.rolls_made}")


def _require_playing(state: GameState) -> None:
    if state.is_over:
        raise GameOverError("the game is over: start a new game or a rematch")


def _check_index(index: int) -> None:
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < DICE_COUNT:
        raise InvalidDieIndexError(f"dice are numbered 0 to {DICE_COUNT - 1}, not {index!r}")


def _set_held(state: GameState, index: int, held: bool) -> GameState:
    _require_playing(state)
    _check_index(index)
    if state.real_dice:
        raise DiceModeError("with real dice, dice are held on the table, not on the screen")
    if state.rolls == 0:
        raise NotRolledYetError("roll first: dice can be held only after a roll")
    if state.rolls >= ROLLS_PER_TURN:
        raise NoRollsLeftError("no rolls left this turn: holding changes nothing, score a category")
    flags = list(state.held)
    flags[index] = held
    return replace(state, held=tuple(flags))


# -- consistency ---------------------------------------------------------------------------


def check_state(state: GameState) -> None:
    """Raise :class:`InvalidStateError` unless legal play could reach ``state``."""
    rules = state.ruleset
    if not isinstance(rules, RuleSet):
        raise InvalidStateError("the rule set must be a RuleSet")
    players = state.players
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise InvalidStateError(f"{len(players)} players; a game has 1 to {MAX_PLAYERS}")
    if not 0 <= state.current < len(players):
        raise InvalidStateError(f"player {state.current} does not exist")
    _check_turn_in_progress(state)
    _check_mode(state)
    for card in players:
        _check_scores(rules, card)
    _check_turn_order(state)
    if state.last_score is not None:
        _check_last_score(state, state.last_score)


def _check_turn_in_progress(state: GameState) -> None:
    if not 0 <= state.rolls <= ROLLS_PER_TURN:
        raise InvalidStateError(f"{state.rolls} rolls made; a turn has 0 to {ROLLS_PER_TURN}")
    if len(state.held) != DICE_COUNT or not all(isinstance(h, bool) for h in state.held):
        raise InvalidStateError("held must be five true/false flags")
    if state.rolls_made < 0:
        raise InvalidStateError("rolls_made cannot be negative")
    if (state.dice is None) != (state.rolls == 0):
        raise InvalidStateError("dice lie on the table exactly when the turn has rolled")
    if state.dice is not None:
        validate_dice(state.dice)
    if state.rolls == 0 and any(state.held):
        raise InvalidStateError("no die can be held before the turn's first roll")


def _check_mode(state: GameState) -> None:
    if state.real_dice and any(state.held):
        raise InvalidStateError("a real-dice game holds its dice on the table, not in the state")
    if state.real_dice and any(card.computer is not None for card in state.players):
        raise InvalidStateError("a computer player cannot throw real dice")
    if state.challenge is not None:
        _check_challenge(state, state.challenge)
    if not isinstance(state.dice_scheme, DiceScheme):
        raise InvalidStateError("the dice scheme must be a DiceScheme")
    if state.dice_scheme is DiceScheme.DUPLICATE and (state.seed is None or state.real_dice):
        raise InvalidStateError("duplicate dice are derived from a seed and thrown on screen")


def _check_scores(rules: RuleSet, card: Scorecard) -> None:
    for category, points in card.scores.items():
        if category not in rules.scorers:
            raise InvalidStateError(f"rule set {rules.id!r} has no category {category!r}")
        if points not in possible_scores(rules, category):
            raise InvalidStateError(
                f"{card.name} has {points!r} in {category.value}, which no throw can score"
            )


def _check_challenge(state: GameState, challenge: Challenge) -> None:
    if not isinstance(challenge, Challenge) or not isinstance(challenge.official, bool):
        raise InvalidStateError("the challenge must be a Challenge")
    if not isinstance(challenge.date, str) or not _ISO_DATE.fullmatch(challenge.date):
        raise InvalidStateError(f"a challenge date is YYYY-MM-DD, not {challenge.date!r}")
    # Everyone's dice of the day come from the seed; real dice would make it another game.
    if state.seed is None or state.real_dice:
        raise InvalidStateError("a challenge is played with the seeded virtual dice")


def _check_turn_order(state: GameState) -> None:
    # Players fill one category a turn in seat order, so everyone before the current seat is
    # exactly one category ahead of everyone from it on.
    turns = len(state.players[state.current].scores)
    for seat, card in enumerate(state.players):
        expected = turns + 1 if seat < state.current else turns
        if len(card.scores) != expected:
            raise InvalidStateError(
                f"{card.name} has filled {len(card.scores)} categories where turn order "
                f"gives {expected}"
            )
    if state.is_over and state.rolls != 0:
        raise InvalidStateError("a finished game has no roll in progress")


def _check_last_score(state: GameState, last: LastScore) -> None:
    if state.rolls != 0:
        raise InvalidStateError("a scoring can be undone only before the next roll")
    if last.player != (state.current - 1) % len(state.players):
        raise InvalidStateError("the scoring to undo must be the previous player's")
    validate_dice(last.dice)
    if not 1 <= last.rolls <= ROLLS_PER_TURN or len(last.held) != DICE_COUNT:
        raise InvalidStateError("the turn to undo has impossible rolls or holds")
    card = state.players[last.player]
    if card.scores.get(last.category) != state.ruleset.scorers[last.category](last.dice):
        raise InvalidStateError("the scoring to undo does not match its dice")
    if list(card.scores)[-1] != last.category:
        raise InvalidStateError("the scoring to undo must be the player's latest")
