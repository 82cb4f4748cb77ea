"""The session: the game and the coach's log as one value, changed only by :func:`step`.

Every move — a person's or a computer's, a roll, a hold or a release, a scoring, an undo —
goes through :func:`step`, which returns the new session and the *effects* of the move: what
the page shows, plays and announces. Whoever moves, the same move has the same effects.

>>> from yacht.game.actions import Hold, Roll
>>> from yacht.game.state import new_game
>>> session = Session.start(new_game(["Ann"], seed=3), coach=False)
>>> moved = step(session, Roll())
>>> moved.effects
(Rolled(positions=(0, 1, 2, 3, 4)),)
>>> step(moved.session, Hold(2)).effects
(Held(index=2, held=True),)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from yacht.errors import TableError
from yacht.game.actions import Action, EnterDice, Hold, Release, Roll, Score, Undo, apply
from yacht.game.state import GameState
from yacht.rules.categories import Category
from yacht.rules.dice import DiceSource
from yacht.session.coach_log import CoachEntry
from yacht.session.grading import grade

CoachLog = tuple[CoachEntry, ...]


@dataclass(frozen=True)
class Session:
    """Everything a move changes: the game, and the coach's log when the coach is on."""

    game: GameState
    coach: CoachLog | None = None
    """The coach's graded decisions so far; None when the coach is off."""

    @classmethod
    def start(cls, game: GameState, *, coach: bool) -> Session:
        """A fresh session of ``game``, with or without the coach."""
        return cls(game, () if coach else None)


# -- effects ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rolled:
    """Dice were thrown (or entered from real dice): ``positions`` are the ones that moved."""

    positions: tuple[int, ...]


@dataclass(frozen=True)
class Held:
    """The die at ``index`` was set aside (``held``) or taken back into the roll."""

    index: int
    held: bool


@dataclass(frozen=True)
class Scored:
    """``player`` wrote ``points`` into ``category``; ``game_over`` when it was the last one."""

    player: int
    category: Category
    points: int
    game_over: bool


@dataclass(frozen=True)
class Undone:
    """The last scoring was taken back."""


@dataclass(frozen=True)
class Graded:
    """The coach judged the move (before it was made)."""

    entry: CoachEntry


@dataclass(frozen=True)
class Ungraded:
    """The coach could not judge the move: the strategy table is not available."""

    reason: str


Effect = Rolled | Held | Scored | Undone | Graded | Ungraded


@dataclass(frozen=True)
class Step:
    """What one move did: the session after it, and its effects in the order they happen."""

    before: Session
    session: Session
    action: Action
    effects: tuple[Effect, ...]


def step(session: Session, action: Action, source: DiceSource | None = None) -> Step:
    """The session after ``action``, with its effects.

    An illegal action raises its :class:`~yacht.errors.IllegalActionError` and changes
    nothing. People's decisions are graded when the coach is on; computer players' are not.
    """
    before = session.game
    after = apply(before, action, source)
    effects: list[Effect] = []
    coach = session.coach
    if coach is not None and before.current_player.computer is None:
        try:
            entry = grade(before, action)
        except TableError as error:
            effects.append(Ungraded(str(error)))
        else:
            if entry is not None:
                coach = (*coach, entry)
                effects.append(Graded(entry))
    if coach and isinstance(action, Undo):
        coach = _without_last_scoring(coach)
    effects.extend(_game_effects(before, after, action))
    return Step(session, replace(session, game=after, coach=coach), action, tuple(effects))


def _without_last_scoring(coach: CoachLog) -> CoachLog:
    """The log without the grade of the scoring an undo took back (the last one written)."""
    return coach[:-1] if coach[-1].chosen.kind == "score" else coach


def _game_effects(before: GameState, after: GameState, action: Action) -> list[Effect]:
    match action:
        case Roll() | EnterDice():
            return [Rolled(tuple(i for i, held in enumerate(before.held) if not held))]
        case Hold(index) | Release(index):
            if after.held[index] == before.held[index]:
                return []  # holding a held die, or releasing a free one, changes nothing
            return [Held(index, after.held[index])]
        case Score(category):
            last = after.last_score
            assert last is not None
            points = after.players[last.player].scores[category]
            return [Scored(last.player, category, points, after.is_over)]
        case Undo():
            return [Undone()]
    return []
