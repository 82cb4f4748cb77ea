"""Hints and the coach in words: the solver's advice and the coach's grades, as sentences.

The solver values each option as an expected final score; a decision's cost is how much
expectation it gave away against the best option (0 when it was the best). The values are
exact to well under 1e-9 of a point (see :mod:`yacht.strategy.tables`), so a move is called
best only when it is, and a small loss is shown as small rather than rounded away.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from yacht.game.state import GameState
from yacht.i18n import ENGLISH, Translator
from yacht.rules.categories import Category
from yacht.session.coach_log import CoachEntry, Move
from yacht.session.grading import TIE, is_best
from yacht.strategy import Advice, CategoryOption, KeepOption
from yacht.views.board import category_name

TOP_OPTIONS = 4
SMALLEST_SHOWN = 0.001
"""Losses below this are shown as "< 0.001" rather than in scientific notation."""


def format_loss(loss: float) -> str:
    """A loss in points, never rounded to nothing: "2.3", "0.28", "0.0042", "< 0.001".

    Losses from one point show one decimal; smaller ones two significant digits.
    """
    if loss >= 1:
        return f"{loss:.1f}"
    if loss >= SMALLEST_SHOWN:
        return f"{loss:.2g}"
    if loss > TIE:
        return f"< {SMALLEST_SHOWN:g}"
    return "0"


@dataclass(frozen=True)
class OptionLine:
    """One option of a hint: what to do, the expected final score, the cost against the best."""

    text: str
    value: float
    cost: float


@dataclass(frozen=True)
class Hint:
    """What the solver recommends in the current position."""

    headline: str
    hold: tuple[int, ...]
    """Dice positions to hold (empty when the best play is to score)."""
    category: Category | None
    """The category to score, when scoring now is best."""
    options: tuple[OptionLine, ...]


def describe_keep(option: KeepOption, tr: Translator = ENGLISH) -> str:
    """A keep in words: "Hold 6-6-6 and roll 2 dice"."""
    if option.stops:
        return tr.gettext("Stop and score")
    if not option.faces:
        return tr.gettext("Roll all five dice")
    held = "-".join(str(face) for face in option.faces)
    return tr.ngettext(
        "Hold {held} and roll {count} die", "Hold {held} and roll {count} dice", option.rerolled
    ).format(held=held, count=option.rerolled)


def describe_category(option: CategoryOption, state: GameState, tr: Translator = ENGLISH) -> str:
    """A scoring in words: "Score 18 in Three of a Kind"."""
    return tr.gettext("Score {points} in {category}").format(
        points=option.points, category=category_name(state.ruleset, option.category, tr)
    )


def hint(state: GameState, advice: Advice, tr: Translator = ENGLISH) -> Hint:
    """The recommendation for ``state``, with the best few options and what each costs."""
    lines = [
        OptionLine(describe_keep(option, tr), option.value, advice.cost(option))
        for option in advice.keeps
        if not option.stops
    ] + [
        OptionLine(describe_category(option, state, tr), option.value, advice.cost(option))
        for option in advice.categories
    ]
    lines.sort(key=lambda line: -line.value)
    best_keep = advice.best_keep
    if advice.should_score or best_keep is None:
        best = advice.best_category
        return Hint(
            describe_category(best, state, tr), (), best.category, tuple(lines[:TOP_OPTIONS])
        )
    return Hint(describe_keep(best_keep, tr), best_keep.positions, None, tuple(lines[:TOP_OPTIONS]))


def describe_move(move: Move, state: GameState, tr: Translator = ENGLISH) -> str:
    """A recorded decision in words, in the current language."""
    if move.kind == "score" and move.category is not None:
        return tr.gettext("Score {points} in {category}").format(
            points=move.points, category=category_name(state.ruleset, move.category, tr)
        )
    rerolled = 5 - len(move.faces)
    return (
        describe_keep(KeepOption(move.faces, (), 0.0), tr)
        if rerolled
        else tr.gettext("Stop and score")
    )


def verdict(entry: CoachEntry, state: GameState, tr: Translator = ENGLISH) -> str:
    """What the coach says after a decision: "best" only for a best move, else its cost."""
    if is_best(entry.loss):
        return tr.gettext("Coach: best move.")
    return tr.gettext("Coach: that cost {loss} points on average. Best: {best}.").format(
        loss=format_loss(entry.loss), best=describe_move(entry.best, state, tr)
    )


def option_text(line: OptionLine, tr: Translator = ENGLISH) -> str:
    """A hint's option in words: "Hold 6-6 and roll 3 dice: 180.4 expected (costs 0.28)"."""
    text = tr.gettext("{move}: {value} expected").format(move=line.text, value=f"{line.value:.1f}")
    if not is_best(line.cost):
        text += " " + tr.gettext("(costs {cost})").format(cost=format_loss(line.cost))
    return text


@dataclass(frozen=True)
class CoachSummary:
    """The coach's report on one player's game."""

    seat: int
    total_loss: float
    decisions: int
    costliest: tuple[CoachEntry, ...]
    loss_per_turn: tuple[float, ...]


def summarize(grades: Sequence[CoachEntry], seat: int, turns: int) -> CoachSummary:
    """Add up one player's graded decisions: total, the three costliest, loss per turn."""
    own = [grade for grade in grades if grade.seat == seat]
    per_turn = [0.0] * turns
    for grade in own:
        if 1 <= grade.turn <= turns:
            per_turn[grade.turn - 1] += grade.loss
    costliest = sorted((g for g in own if not is_best(g.loss)), key=lambda g: -g.loss)[:3]
    return CoachSummary(seat, sum(g.loss for g in own), len(own), tuple(costliest), tuple(per_turn))


def summary_text(
    name: str, summary: CoachSummary, state: GameState, tr: Translator = ENGLISH
) -> str:
    """The coach's report on one player in a sentence or two, its losses never rounded away."""
    text = tr.gettext("{name}: {loss} points of expectation lost in {count} moves.").format(
        name=name, loss=format_loss(summary.total_loss), count=summary.decisions
    )
    worst = [
        tr.gettext("turn {turn}: {move} (cost {loss})").format(
            turn=entry.turn,
            move=describe_move(entry.chosen, state, tr),
            loss=format_loss(entry.loss),
        )
        for entry in summary.costliest
    ]
    if worst:
        text += " " + tr.gettext("Costliest: {moves}.").format(moves="; ".join(worst))
    return text
