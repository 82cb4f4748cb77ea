"""Skill told from luck: two games of the same duplicate dice, side by side.

Both players saw the same first throw every turn and the same faces for the same rerolls, so
where their scores part, their decisions did. For each player: the scorecard, the total, and
— graded by the solver like the coach's grades (:mod:`yacht.session.grading`) — the expected
points each decision gave away against the best play. The turns whose decisions differed are
listed with what each player held and scored.

Without the rule set's strategy table (:class:`~yacht.errors.TableError`) the points given
away are left out (None); everything else is still compared.
"""

from __future__ import annotations

from dataclasses import dataclass

from yacht.errors import ChallengeLinkError, TableError
from yacht.game.actions import Action, Roll, Score
from yacht.game.players import Scorecard, Totals
from yacht.game.replay import PlayedGame, decisions, replay
from yacht.game.state import GameState
from yacht.rules.categories import Category
from yacht.rules.dice import Dice
from yacht.session.grading import grade


@dataclass(frozen=True)
class TurnRecord:
    """One player's turn: the faces held before each reroll, the dice scored and where."""

    turn: int
    held: tuple[tuple[int, ...], ...]
    """Before each reroll, the faces held (in die order)."""
    dice: Dice
    category: Category
    points: int
    given_away: float | None
    """Expected points this turn's decisions cost (None without the strategy table)."""


@dataclass(frozen=True)
class Side:
    """One player's game: name, scorecard, totals, turns and the points given away."""

    name: str
    card: Scorecard
    totals: Totals
    turns: tuple[TurnRecord, ...]
    given_away: float | None


@dataclass(frozen=True)
class Comparison:
    """Two games of one challenge; ``differing`` are the turns where their decisions parted."""

    first: Side
    second: Side
    differing: tuple[int, ...]


def side_of(game: PlayedGame) -> Side:
    """One finished game, turn by turn, graded where the strategy table allows."""
    final = replay(game)
    turns: list[TurnRecord] = []
    held: list[tuple[int, ...]] = []
    cost: float | None = 0.0
    for before, action in decisions(game):
        cost = _add(cost, before, action)
        if isinstance(action, Roll):
            assert before.dice is not None
            held.append(tuple(f for f, on in zip(before.dice, before.held, strict=True) if on))
        elif isinstance(action, Score) and before.dice is not None:
            points = before.ruleset.scorers[action.category](before.dice)
            turns.append(
                TurnRecord(len(turns) + 1, tuple(held), before.dice, action.category, points, cost)
            )
            held, cost = [], (None if cost is None else 0.0)
    card = final.players[0]
    given = [t.given_away for t in turns]
    total_given = None if any(g is None for g in given) else round(sum(g or 0.0 for g in given), 2)
    return Side(card.name, card, card.totals(final.ruleset), tuple(turns), total_given)


def _add(cost: float | None, before: GameState, action: Action) -> float | None:
    if cost is None:
        return None
    try:
        entry = grade(before, action)
    except TableError:
        return None
    return cost if entry is None else cost + entry.loss


def compare(first: PlayedGame, second: PlayedGame) -> Comparison:
    """``first`` and ``second`` side by side; both must be finished games of the same dice."""
    if (first.ruleset, first.seed) != (second.ruleset, second.seed):
        raise ChallengeLinkError("these two games were not played with the same dice")
    if not first.finished or not second.finished:
        raise ChallengeLinkError("only finished games can be compared")
    differing = tuple(
        number
        for number, (one, other) in enumerate(zip(first.turns, second.turns, strict=True), 1)
        if one != other
    )
    return Comparison(side_of(first), side_of(second), differing)
