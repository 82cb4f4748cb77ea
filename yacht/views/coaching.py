"""Hints and the coach in words: the solver's advice and the coach's grades, as sentences.

The solver values each option as an expected final score; a decision's cost is how much
expectation it gave away against the best option (0 when it was the best). The values are
exact to well under 1e-9 of a point (see :mod:`yacht.strategy.tables`), so a move is called
best only when it is, and a small loss is shown as small rather than rounded away.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from yacht.game.state import GameState
from yacht.i18n import ENGLISH, Translator, format_decimal
from yacht.rules.categories import Category
from yacht.rules.dice import DICE_COUNT, written
from yacht.session.coach_log import CoachEntry, Move
from yacht.session.grading import is_best
from yacht.views.board import category_name

if TYPE_CHECKING:
    # Only for types: importing the solver at start-up would load it for every game.
    from yacht.strategy.advice import Advice, CategoryOption, KeepOption

TOP_OPTIONS = 4
SHOWN_PRECISION = 0.05
"""Half the last decimal shown: a loss below it reads "0.0", so the coach says "less than 0.1"."""
SMALL_SLIP = 1.0
"""Losses below this many points are a small slip: a point is about one turn's variance."""


@dataclass(frozen=True)
class HeldFaces:
    """The faces a sentence tells the player to keep ("4-6-6"), which the page draws as dice."""

    faces: tuple[int, ...]

    def __str__(self) -> str:
        return written(self.faces)


Pieces = tuple[str | HeldFaces, ...]
"""A sentence in pieces: its words, and the faces to keep where it names them."""


def text_of(pieces: Pieces) -> str:
    """The sentence ``pieces`` make, as a screen reader or the coach's line says it."""
    return "".join(str(piece) for piece in pieces)


_SLOT = "\x00"
"""Marks where a sentence's pieces go while a template is formatted around them."""


def around(template: str, slots: Mapping[str, Pieces], **values: object) -> Pieces:
    """``template`` formatted with each of ``slots``' pieces at its ``{name}``, kept whole.

    >>> around("{move}: {cost} less", {"move": ("Keep ", HeldFaces((6, 6)))}, cost="1.5")
    ('Keep ', HeldFaces(faces=(6, 6)), ': 1.5 less')
    """
    names = list(slots)
    marks = {name: f"{_SLOT}{index}{_SLOT}" for index, name in enumerate(names)}
    # Split at the marks: words at even places, the number of a slot at odd ones.
    parts = template.format(**marks, **values).split(_SLOT)
    pieces: list[str | HeldFaces] = []
    for index, part in enumerate(parts):
        pieces.extend(slots[names[int(part)]] if index % 2 else (part,))
    return tuple(piece for piece in pieces if piece != "")


@dataclass(frozen=True)
class OptionLine:
    """One option of a hint: what to do, the expected final score, the cost against the best."""

    text: str
    value: float
    cost: float
    pieces: Pieces = ()
    """The option with its figures, for the hint's "Why?" (what it costs against the best), in
    pieces: its faces to keep are drawn as dice."""

    @property
    def words(self) -> str:
        """The option with its figures, as a sentence."""
        return text_of(self.pieces)


@dataclass(frozen=True)
class Hint:
    """What the solver recommends in the current position."""

    headline: str
    """The best move in words: "Keep 3-4-5-6 and roll one die"."""
    title_pieces: Pieces
    """The sentence the hint opens with, in pieces: its faces to keep are drawn as dice."""
    why: str
    """What the best play is worth: the expected final score, in the player's own format."""
    hold: tuple[int, ...]
    """Dice positions to hold (empty when the best play is to score)."""
    category: Category | None
    """The category to score, when scoring now is best."""
    options: tuple[OptionLine, ...]

    @property
    def title(self) -> str:
        """The sentence the hint opens with: "Keep 3-4-5-6 and roll one die — the best play"."""
        return text_of(self.title_pieces)


def describe_keep(option: KeepOption, tr: Translator = ENGLISH) -> str:
    """A keep in words: "Keep 6-6-6 and roll two dice"."""
    return text_of(_keep_pieces(option, tr))


def _keep_pieces(option: KeepOption, tr: Translator) -> Pieces:
    if option.stops:
        return (tr.gettext("Stop and score"),)
    return _held_pieces(option.faces, tr)


def _held_pieces(faces: tuple[int, ...], tr: Translator) -> Pieces:
    if not faces:
        return (tr.gettext("Roll all five dice"),)
    held = (HeldFaces(faces),)
    rerolled = DICE_COUNT - len(faces)
    if rerolled == 1:
        return around(tr.gettext("Keep {held} and roll one die"), {"held": held})
    template = tr.ngettext(
        "Keep {held} and roll {count} die", "Keep {held} and roll {count} dice", rerolled
    )
    return around(template, {"held": held}, count=rerolled)


def describe_category(option: CategoryOption, state: GameState, tr: Translator = ENGLISH) -> str:
    """A scoring in words: "Score 18 in Three of a Kind"."""
    return tr.gettext("Score {points} in {category}").format(
        points=option.points, category=category_name(state.ruleset, option.category, tr)
    )


def _option_pieces(move: Pieces, cost: float, tr: Translator) -> Pieces:
    """An option of the hint with what it gives away: "Score 8 in Fours: 4.2 points less"."""
    if cost < SHOWN_PRECISION:
        return around(tr.gettext("{move}: just as good"), {"move": move})
    template = tr.gettext("{move}: {cost} points less")
    return around(template, {"move": move}, cost=format_decimal(cost, tr.language))


def hint(state: GameState, advice: Advice, tr: Translator = ENGLISH) -> Hint:
    """The recommendation for ``state``, with the best few options and what each costs."""
    options: list[tuple[Pieces, float, float]] = [
        (_keep_pieces(option, tr), option.value, advice.cost(option))
        for option in advice.keeps
        if not option.stops
    ] + [
        ((describe_category(option, state, tr),), option.value, advice.cost(option))
        for option in advice.categories
    ]
    options.sort(key=lambda option: -option[1])
    lines = tuple(
        _option_line(move, value, cost, tr, shown=rank > 0)
        for rank, (move, value, cost) in enumerate(options[:TOP_OPTIONS])
    )
    best_keep = advice.best_keep
    scores = advice.should_score or best_keep is None
    headline: Pieces = (
        (describe_category(advice.best_category, state, tr),)
        if scores or best_keep is None
        else _keep_pieces(best_keep, tr)
    )
    title = around(tr.gettext("{move} — the best play"), {"move": headline})
    why = tr.gettext("Played this way, your final score averages {value} points.").format(
        value=format_decimal(lines[0].value, tr.language)
    )
    return Hint(
        text_of(headline),
        title,
        why,
        () if scores or best_keep is None else best_keep.positions,
        advice.best_category.category if scores else None,
        lines,
    )


def _option_line(
    move: Pieces, value: float, cost: float, tr: Translator, *, shown: bool
) -> OptionLine:
    """An option of the hint; ``shown`` in the "Why?" with its cost (not the best play, which is
    the hint's own sentence)."""
    return OptionLine(text_of(move), value, cost, _option_pieces(move, cost, tr) if shown else ())


def move_pieces(move: Move, state: GameState, tr: Translator = ENGLISH) -> Pieces:
    """A recorded decision in pieces: the faces it keeps are drawn as dice."""
    if move.kind == "score" and move.category is not None:
        return (
            tr.gettext("Score {points} in {category}").format(
                points=move.points, category=category_name(state.ruleset, move.category, tr)
            ),
        )
    if len(move.faces) == DICE_COUNT:
        return (tr.gettext("Stop and score"),)
    return _held_pieces(move.faces, tr)


def verdict(entry: CoachEntry, state: GameState, tr: Translator = ENGLISH) -> Pieces:
    """What the coach says after a decision, no more than the figures support, in pieces: the
    faces the best move kept are drawn as dice.

    A loss is an average over every way the game can go on, so it is said as "about"; one too
    small to show with a decimal is "less than 0.1", never "0.0".
    """
    if is_best(entry.loss):
        return (tr.gettext("Coach: best move."),)
    if entry.loss < SHOWN_PRECISION:
        return (
            tr.gettext("Coach: a tiny slip, less than {tenth} points.").format(
                tenth=format_decimal(0.1, tr.language)
            ),
        )
    loss = format_decimal(entry.loss, tr.language)
    if entry.loss < SMALL_SLIP:
        return (tr.gettext("Coach: a small slip, about {loss} points.").format(loss=loss),)
    template = tr.gettext("Coach: that cost about {loss} points; best was: {best}.")
    return around(template, {"best": move_pieces(entry.best, state, tr)}, loss=loss)


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
