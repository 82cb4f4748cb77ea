"""What the board shows for a game state: a pure view model, free of any browser code.

The browser layer (``yacht.web``) only copies these values into the page, so every label,
accessible name and enabled/disabled rule is decided here and tested on CPython.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from yacht.dice import DICE_COUNT
from yacht.game import ROLLS_PER_TURN, GameState

CellKind = Literal["filled", "option", "open", "latest"]


@dataclass(frozen=True)
class DieView:
    """One die: its face (None before the first roll), whether it is held and usable."""

    index: int
    face: int | None
    held: bool
    enabled: bool
    label: str


@dataclass(frozen=True)
class CellView:
    """One scorecard cell of one player."""

    text: str
    kind: CellKind
    label: str
    """Accessible name; for an option it starts with the category's English name."""


@dataclass(frozen=True)
class RowView:
    """One scorecard line across all players."""

    key: str
    name: str
    cells: tuple[CellView, ...]
    section: Literal["upper", "lower", "sum"]


@dataclass(frozen=True)
class Placing:
    """A line of the final ranking."""

    rank: int
    name: str
    total: int


@dataclass(frozen=True)
class BoardView:
    """Everything the page displays for one state."""

    layout: tuple[str, ...]
    """Rule set, bonus and names: when this changes the scorecard is rebuilt, not patched."""
    title: str
    names: tuple[str, ...]
    current: int | None
    status: str
    roll_enabled: bool
    rolls_left_text: str
    undo_enabled: bool
    dice: tuple[DieView, ...]
    rows: tuple[RowView, ...]
    game_over: bool
    headline: str
    placings: tuple[Placing, ...]


def board_view(state: GameState) -> BoardView:
    """The view of ``state``."""
    rules = state.ruleset
    names = tuple(card.name for card in state.players)
    over = state.is_over
    return BoardView(
        layout=(rules.id, str(rules.upper_bonus is not None), *names),
        title=rules.title,
        names=names,
        current=None if over else state.current,
        status=_status(state),
        roll_enabled=not over and state.rolls < ROLLS_PER_TURN and not all(state.held),
        rolls_left_text=_rolls_left_text(state),
        undo_enabled=state.can_undo(),
        dice=_dice(state),
        rows=_rows(state),
        game_over=over,
        headline=_headline(state) if over else "",
        placings=_placings(state) if over else (),
    )


def _status(state: GameState) -> str:
    if state.is_over:
        return "Game over"
    name = state.current_player.name
    turn = f"turn {state.turn_number} of {len(state.ruleset.categories)}"
    if state.rolls == 0:
        return f"{name}'s turn ({turn}): roll the dice"
    if state.rolls_left == 0:
        return f"{name}'s turn ({turn}): choose a category"
    return f"{name}'s turn ({turn}): hold dice and roll again, or choose a category"


def _rolls_left_text(state: GameState) -> str:
    if state.is_over:
        return ""
    left = state.rolls_left
    return "1 roll left" if left == 1 else f"{left} rolls left"


def _dice(state: GameState) -> tuple[DieView, ...]:
    can_hold = not state.is_over and 0 < state.rolls < ROLLS_PER_TURN
    views = []
    for index in range(DICE_COUNT):
        face = None if state.dice is None else state.dice[index]
        held = state.held[index]
        if face is None:
            label = f"Die {index + 1}: not rolled yet"
        else:
            label = f"Die {index + 1}: {face}" + (", held" if held else "")
        views.append(DieView(index, face, held, can_hold, label))
    return tuple(views)


def _rows(state: GameState) -> tuple[RowView, ...]:
    rules = state.ruleset
    preview = state.potential_scores()
    latest = state.last_score
    rows = []
    for category in rules.categories:
        name = rules.name_of(category)
        cells = []
        for seat, card in enumerate(state.players):
            if card.is_filled(category):
                points = card.scores[category]
                is_latest = latest is not None and (latest.player, latest.category) == (
                    seat,
                    category,
                )
                kind: CellKind = "latest" if is_latest else "filled"
                cells.append(CellView(str(points), kind, f"{name}: {card.name} scored {points}"))
            elif seat == state.current and category in preview:
                points = preview[category]
                unit = "point" if points == 1 else "points"
                cells.append(CellView(str(points), "option", f"{name}: score {points} {unit}"))
            else:
                cells.append(CellView("", "open", f"{name}: {card.name}, open"))
        section: Literal["upper", "lower"] = "upper" if category.is_upper else "lower"
        rows.append(RowView(category.value, name, tuple(cells), section))
    rows.extend(_sum_rows(state))
    return tuple(rows)


def _sum_rows(state: GameState) -> list[RowView]:
    totals = state.totals()
    rows = []
    bonus = state.ruleset.upper_bonus
    if bonus is not None:
        rows.append(
            RowView(
                "upper_total",
                "Upper section",
                tuple(
                    CellView(f"{t.upper} / {bonus.threshold}", "filled", f"Upper: {t.upper}")
                    for t in totals
                ),
                "sum",
            )
        )
        rows.append(
            RowView(
                "bonus",
                f"Bonus (+{bonus.points} at {bonus.threshold})",
                tuple(CellView(str(t.bonus), "filled", f"Bonus: {t.bonus}") for t in totals),
                "sum",
            )
        )
    rows.append(
        RowView(
            "total",
            "Total",
            tuple(CellView(str(t.total), "filled", f"Total: {t.total}") for t in totals),
            "sum",
        )
    )
    return rows


def _placings(state: GameState) -> tuple[Placing, ...]:
    totals = state.totals()
    return tuple(
        Placing(rank, state.players[seat].name, totals[seat].total)
        for rank, seat in state.standings()
    )


def _headline(state: GameState) -> str:
    winners = [state.players[seat].name for seat in state.winners()]
    if len(state.players) == 1:
        return f"Final score: {state.totals()[0].total}"
    if len(winners) == 1:
        return f"{winners[0]} wins!"
    return "A tie between " + " and ".join(winners) + "!"


def score_announcement(after: GameState) -> str:
    """What a screen reader hears after a scoring: who scored what where."""
    last = after.last_score
    if last is None:
        return ""
    card = after.players[last.player]
    points = card.scores[last.category]
    return f"{card.name} scored {points} in {after.ruleset.name_of(last.category)}."


def roll_announcement(state: GameState) -> str:
    """What a screen reader hears after a roll: the faces and the rolls left."""
    if state.dice is None:
        return ""
    faces = ", ".join(str(face) for face in state.dice)
    return f"Rolled {faces}. {_rolls_left_text(state).capitalize()}."
