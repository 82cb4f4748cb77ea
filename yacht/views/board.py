"""What the board shows for a game state: a pure view model, free of any browser code.

The browser layer (``yacht.web``) only copies these values into the page, so every label,
accessible name and enabled/disabled rule is decided here and tested on CPython.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from yacht.game.state import ROLLS_PER_TURN, GameState
from yacht.i18n import ENGLISH, Translator
from yacht.rules.categories import Category
from yacht.rules.dice import DICE_COUNT
from yacht.rules.rulesets import RuleSet

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
    zero: bool = False
    """An option that would score nothing: shown unlike a real score at a glance."""
    detail: str = ""
    """Said after the text in smaller type: the bonus's threshold after the upper section's sum
    ("24" and "/ 63"), which goes under the figure where the column is as narrow as a score."""


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
    """Language, rule set, bonus and names: when this changes the scorecard is rebuilt."""
    title: str
    category_heading: str
    names: tuple[str, ...]
    seat_notes: tuple[str, ...]
    """Who plays each seat, in words ("computer, casual"; "" for a person)."""
    seat_marks: tuple[str, ...]
    """Under each name, for the eye: a computer's level alone ("casual"), beside its icon."""
    current: int | None
    status: str
    status_room: str
    """The longest status this game can show in this language: the page keeps room for it, so
    that no turn of the game shifts the board."""
    roll_enabled: bool
    rolls_left_text: str
    undo_enabled: bool
    undo_text: str
    """Undo's label: on a finished board it says plainly that it reopens the game."""
    hint_enabled: bool
    computer_turn: bool
    dice: tuple[DieView, ...]
    rows: tuple[RowView, ...]
    game_over: bool
    headline: str
    placings: tuple[Placing, ...]


ShownView = tuple[GameState, Translator, BoardView]
"""A view as built before: the state and translator it was built from, and the view."""


def board_view(
    state: GameState, tr: Translator = ENGLISH, last: ShownView | None = None
) -> BoardView:
    """The view of ``state``, in the language of ``tr``; ``last`` lends its rows when they
    would come out the same."""
    rules = state.ruleset
    names = tuple(card.name for card in state.players)
    over = state.is_over
    people_move = person_to_move(state)
    notes = seat_notes(state, tr)
    rows = _rows_as_last(state, tr, last)
    if rows is None:
        rows = _rows(state, tr, people_move)
    return BoardView(
        layout=(tr.language, rules.id, str(rules.upper_bonus is not None), *names, *notes),
        title=tr.gettext(rules.title),
        category_heading=tr.gettext("Category"),
        names=names,
        seat_notes=notes,
        seat_marks=tuple(
            "" if card.computer is None else level_name(card.computer, tr) for card in state.players
        ),
        current=None if over else state.current,
        status=_status(state, tr),
        status_room=_status_room(state, tr),
        # With real dice the page never rolls: the faces are entered instead.
        roll_enabled=people_move
        and not state.real_dice
        and state.rolls < ROLLS_PER_TURN
        and not all(state.held),
        rolls_left_text=_rolls_left_text(state, tr),
        undo_enabled=state.can_undo() and _last_scorer_is_a_person(state),
        undo_text=tr.gettext("Reopen game") if over else tr.gettext("Undo score"),
        hint_enabled=people_move and state.dice is not None,
        computer_turn=not over and not people_move,
        dice=_dice(state, tr, people_move),
        rows=rows,
        game_over=over,
        headline=headline(state, tr) if over else "",
        placings=_placings(state) if over else (),
    )


def seat_notes(state: GameState, tr: Translator = ENGLISH) -> tuple[str, ...]:
    """Under each name in the scorecard's header: who plays the seat ("" for a person)."""
    return tuple(
        "" if card.computer is None else computer_label(card.computer, tr) for card in state.players
    )


def level_name(level: str, tr: Translator = ENGLISH) -> str:
    """A computer level's name: "casual"."""
    levels = {
        "beginner": tr.pgettext("computer level", "beginner"),
        "casual": tr.pgettext("computer level", "casual"),
        "strong": tr.pgettext("computer level", "strong"),
        "optimal": tr.pgettext("computer level", "optimal"),
    }
    return levels.get(level, level)


def computer_label(level: str, tr: Translator = ENGLISH) -> str:
    """A computer seat's level in words: "computer, casual"."""
    return tr.gettext("computer, {level}").format(level=level_name(level, tr))


def person_to_move(state: GameState) -> bool:
    """Whether a person (not a computer player) is to act now."""
    return not state.is_over and state.current_player.computer is None


def dice_counted(state: GameState, category: Category) -> tuple[bool, ...] | None:
    """Which dice on the board would make the score of ``category``, the option a player is
    pointing at or has focused (none count for a 0); None when ``category`` is no option now."""
    if state.dice is None or not person_to_move(state):
        return None
    if category not in state.open_categories():
        return None
    return state.ruleset.scorers[category].counted(state.dice)


def _last_scorer_is_a_person(state: GameState) -> bool:
    last = state.last_score
    return last is not None and state.players[last.player].computer is None


def category_name(rules: RuleSet, category: Category, tr: Translator = ENGLISH) -> str:
    """The category's name as ``rules`` print it, translated."""
    return tr.pgettext("category", rules.name_of(category))


def _turn_statuses(tr: Translator) -> dict[str, str]:
    """What the status says during a turn, by its stage ({name}, {turn} and {turns} to fill)."""
    return {
        "computer": tr.gettext("{name}'s turn ({turn} of {turns}): the computer is playing"),
        "first": tr.gettext("{name}'s turn ({turn} of {turns}): roll the dice"),
        "last": tr.gettext("{name}'s turn ({turn} of {turns}): choose a category"),
        "between": tr.gettext(
            "{name}'s turn ({turn} of {turns}): hold dice and roll again, or choose a category"
        ),
    }


def _game_over_statuses(tr: Translator) -> dict[str, str]:
    """What the status says once the game is over ({total} and {name} to fill): the outcome
    stays in sight when the ending's dialog is closed. A tie names no one (six long names
    would take the status's room from the board)."""
    return {
        "solo": tr.gettext("Game over. Final score: {total}"),
        "winner": tr.gettext("Game over. {name} wins with {total}"),
        "tie": tr.gettext("Game over. A tie for first place at {total}"),
    }


def _game_over_status(state: GameState, tr: Translator) -> str:
    winners = state.winners()
    total = state.totals()[winners[0]].total
    outcome = "solo" if len(state.players) == 1 else "winner" if len(winners) == 1 else "tie"
    return _game_over_statuses(tr)[outcome].format(name=state.players[winners[0]].name, total=total)


def _status(state: GameState, tr: Translator) -> str:
    if state.is_over:
        return _game_over_status(state, tr)
    if state.current_player.computer is not None:
        stage = "computer"
    elif state.rolls == 0:
        stage = "first"
    elif state.rolls_left == 0:
        stage = "last"
    else:
        stage = "between"
    return _turn_statuses(tr)[stage].format(
        name=state.current_player.name,
        turn=state.turn_number,
        turns=len(state.ruleset.categories),
    )


def _status_room(state: GameState, tr: Translator) -> str:
    # The longest text of all (in characters): the longest name at the last turn, or winning
    # with a total of three digits.
    name = max((card.name for card in state.players), key=len)
    turns = len(state.ruleset.categories)
    texts = [text.format(name=name, total=888) for text in _game_over_statuses(tr).values()]
    for text in _turn_statuses(tr).values():
        texts.append(text.format(name=name, turn=turns, turns=turns))
    return max(texts, key=len)


def _rolls_left_text(state: GameState, tr: Translator) -> str:
    if state.is_over:
        return ""
    left = state.rolls_left
    if left == 0:
        return tr.gettext("No rolls left")
    return tr.ngettext("{count} roll left", "{count} rolls left", left).format(count=left)


def _dice(state: GameState, tr: Translator, people_move: bool) -> tuple[DieView, ...]:
    can_hold = people_move and not state.real_dice and 0 < state.rolls < ROLLS_PER_TURN
    views = []
    for index in range(DICE_COUNT):
        face = None if state.dice is None else state.dice[index]
        held = state.held[index]
        if face is None:
            label = tr.gettext("Die {number}: not rolled yet").format(number=index + 1)
        elif held:
            label = tr.gettext("Die {number}: {face}, held").format(number=index + 1, face=face)
        else:
            label = tr.gettext("Die {number}: {face}").format(number=index + 1, face=face)
        views.append(DieView(index, face, held, can_hold, label))
    return tuple(views)


def _rows_as_last(
    state: GameState, tr: Translator, last: ShownView | None
) -> tuple[RowView, ...] | None:
    """``last``'s rows, when ``state`` differs from its state in nothing the scorecard shows: a
    die held or released, for one, changes no cell (the options are what the dice score).

    By identity, not equality: a move shares the parts of the state it leaves alone, and
    comparing scorecards field by field would cost as much as building the rows (a tenth of
    a hold's time in the page, most of its view).
    """
    if last is None:
        return None
    before, before_tr, view = last
    same = (
        before_tr is tr
        and before.ruleset is state.ruleset
        and before.players is state.players
        and before.current == state.current
        and before.dice is state.dice
        and before.last_score is state.last_score
    )
    return view.rows if same else None


def _rows(state: GameState, tr: Translator, people_move: bool) -> tuple[RowView, ...]:
    rules = state.ruleset
    # Options only while a person is to move (a computer's turn shows no buttons to press).
    preview = state.potential_scores() if people_move else {}
    latest = state.last_score
    rows = []
    for category in rules.categories:
        name = category_name(rules, category, tr)
        cells = []
        for seat, card in enumerate(state.players):
            if card.is_filled(category):
                points = card.scores[category]
                is_latest = latest is not None and (latest.player, latest.category) == (
                    seat,
                    category,
                )
                kind: CellKind = "latest" if is_latest else "filled"
                label = tr.gettext("{category}: {name} scored {points}")
                cells.append(
                    CellView(
                        str(points),
                        kind,
                        label.format(category=name, name=card.name, points=points),
                    )
                )
            elif seat == state.current and category in preview:
                points = preview[category]
                label = tr.ngettext(
                    "{category}: score {count} point", "{category}: score {count} points", points
                )
                cells.append(
                    CellView(
                        str(points),
                        "option",
                        label.format(category=name, count=points),
                        zero=points == 0,
                    )
                )
            else:
                label = tr.gettext("{category}: {name}, open")
                cells.append(CellView("", "open", label.format(category=name, name=card.name)))
        section: Literal["upper", "lower"] = "upper" if category.is_upper else "lower"
        rows.append(RowView(category.value, name, tuple(cells), section))
    rows.extend(_sum_rows(state, tr))
    return tuple(rows)


def _sum_rows(state: GameState, tr: Translator) -> list[RowView]:
    totals = state.totals()
    rows = []
    bonus = state.ruleset.upper_bonus
    if bonus is not None:
        upper = tr.gettext("Upper section")
        rows.append(
            RowView(
                "upper_total",
                upper,
                tuple(
                    CellView(
                        str(t.upper), "filled", f"{upper}: {t.upper}", detail=f"/ {bonus.threshold}"
                    )
                    for t in totals
                ),
                "sum",
            )
        )
        name = tr.gettext("Bonus (+{points} at {threshold})").format(
            points=bonus.points, threshold=bonus.threshold
        )
        rows.append(
            RowView(
                "bonus",
                name,
                tuple(CellView(str(t.bonus), "filled", f"{name}: {t.bonus}") for t in totals),
                "sum",
            )
        )
    total = tr.gettext("Total")
    rows.append(
        RowView(
            "total",
            total,
            tuple(CellView(str(t.total), "filled", f"{total}: {t.total}") for t in totals),
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


def headline(state: GameState, tr: Translator = ENGLISH) -> str:
    """The first line of a finished game's ending: the final score, or who won."""
    winners = [state.players[seat].name for seat in state.winners()]
    if len(state.players) == 1:
        return tr.gettext("Final score: {total}").format(total=state.totals()[0].total)
    if len(winners) == 1:
        return tr.gettext("{name} wins!").format(name=winners[0])
    return tr.gettext("A tie for first place: {names}!").format(names=", ".join(winners))


def score_announcement(after: GameState, tr: Translator = ENGLISH, who: str = "") -> str:
    """What a screen reader hears after a scoring: who (the player's name, or ``who``) scored
    what where."""
    last = after.last_score
    if last is None:
        return ""
    card = after.players[last.player]
    points = card.scores[last.category]
    return tr.ngettext(
        "{name} scored {count} point in {category}.",
        "{name} scored {count} points in {category}.",
        points,
    ).format(
        name=who or card.name,
        count=points,
        category=category_name(after.ruleset, last.category, tr),
    )


def roll_announcement(state: GameState, tr: Translator = ENGLISH) -> str:
    """What a screen reader hears after a roll: the faces and the rolls left."""
    if state.dice is None:
        return ""
    faces = ", ".join(str(face) for face in state.dice)
    left = state.rolls_left
    return tr.ngettext(
        "Rolled {faces}. {count} roll left.", "Rolled {faces}. {count} rolls left.", left
    ).format(faces=faces, count=left)
