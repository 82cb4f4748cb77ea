"""How a finished game ended, in words: the ranking, each person's game against their own past,
perfect play's average for the rules, and what the coach saw.

Pure: the page passes in the history (with this game already recorded in it, or not — a
cleared history is allowed), the coach's log and perfect play's average when its table is at
hand, and gets back the sentences to show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from yacht.game.players import seat_names
from yacht.game.state import GameState
from yacht.i18n import ENGLISH, Translator, format_decimal
from yacht.saves.history import History, entry_from_game
from yacht.session.coach_log import CoachEntry
from yacht.session.grading import is_best
from yacht.views.board import computer_label, headline
from yacht.views.coaching import (
    SHOWN_PRECISION,
    Pieces,
    around,
    move_pieces,
    summarize,
    text_of,
)
from yacht.views.stats import player_stats

ANY_DAY = "2000-01-01"
"""A stand-in date: finding this game in the history compares scorecards, never dates."""


@dataclass(frozen=True)
class Standing:
    """One line of the ranking, with what it means for that player."""

    rank: int
    name: str
    total: int
    who: str
    """Who played the seat when it was a computer ("computer, casual"), else ""."""
    notes: tuple[str, ...]
    """The game against the player's own past: a new best, their best and average, its place."""
    record: bool
    """A new personal best (a celebration is due)."""


@dataclass(frozen=True)
class CoachReport:
    """The coach's word on one person's game."""

    seat: int
    pieces: Pieces
    """What the coach says, in pieces: the faces the costliest move kept, or the best one would
    have, are drawn as dice."""
    loss_per_turn: tuple[float, ...]
    chart_label: str
    bar_titles: tuple[str, ...]
    """Each turn's bar in the chart: "Turn 3: 1.2"."""

    @property
    def text(self) -> str:
        """What the coach says, as a sentence."""
        return text_of(self.pieces)


@dataclass(frozen=True)
class Ending:
    """Everything the game-over dialog says."""

    headline: str
    standings: tuple[Standing, ...]
    shared_note: str
    """Said once under the ranking when it is every person's note: a first game under these
    rules for all of them (six identical notes made a table's first ending a long read)."""
    perfect_play: str
    """Perfect play's average for these rules, as a sentence ("" when its table is missing)."""
    coach: tuple[CoachReport, ...]


def ending(
    state: GameState,
    history: History,
    coach: Sequence[CoachEntry] | None = None,
    perfect_average: float | None = None,
    tr: Translator = ENGLISH,
) -> Ending:
    """The words of the finished game ``state``."""
    if not state.is_over:
        raise ValueError("only a finished game has an ending")
    history = _with_this_game(history, state)
    names = seat_names([card.name for card in state.players])
    totals = state.totals()
    standings = []
    for rank, seat in state.standings():
        card = state.players[seat]
        if card.computer is None:
            notes, record = _against_the_past(state, history, names[seat], seat, tr)
            who = ""
        else:
            notes, record, who = (), False, computer_label(card.computer, tr)
        standings.append(Standing(rank, card.name, totals[seat].total, who, notes, record))
    people = [standing for standing in standings if not standing.who]
    shared = ""
    if len(people) > 1 and all(standing.notes == (_first_game(tr),) for standing in people):
        shared = tr.gettext(
            "A first game under these rules for each of you: every score is the one to beat "
            "next time."
        )
        standings = [replace(standing, notes=()) for standing in standings]
    perfect = (
        ""
        if perfect_average is None
        else tr.gettext("Perfect play averages {points} points under these rules.").format(
            points=format_decimal(perfect_average, tr.language)
        )
    )
    reports = () if coach is None else coach_reports(state, coach, tr)
    return Ending(headline(state, tr), tuple(standings), shared, perfect, reports)


def _with_this_game(history: History, state: GameState) -> History:
    """``history`` with the finished game in it (it is recorded as it ends, unless the history
    could not be stored or was cleared since)."""
    entry = entry_from_game(state, "", ANY_DAY)
    if any(game.same_game(entry) for game in history.games):
        return history
    return history.with_game(entry)


def _against_the_past(
    state: GameState, history: History, name: str, seat: int, tr: Translator
) -> tuple[tuple[str, ...], bool]:
    """Sentences comparing the seat's total with the player's games under these rules."""
    stats = player_stats(history, name, state.ruleset)
    total = state.totals()[seat].total
    if stats is None or stats.games <= 1:
        return (_first_game(tr),), False
    others = list(stats.totals)
    others.remove(total)  # this game is one of them
    previous = max(others)
    average = format_decimal(sum(others) / len(others), tr.language)
    count = stats.games
    place = 1 + sum(score > total for score in stats.totals)
    ranked = tr.ngettext(
        "Place {place} of your {count} game under these rules.",
        "Place {place} of your {count} games under these rules.",
        count,
    ).format(place=place, count=count)
    if total > previous:
        best = tr.gettext("A new personal best! Your best before was {best}.").format(best=previous)
        return (best, ranked), True
    if total == previous:
        best = tr.gettext("Equals your personal best of {best}.").format(best=previous)
    else:
        best = tr.gettext("Your best is {best}; your average before this game, {average}.").format(
            best=previous, average=average
        )
    return (best, ranked), False


def _first_game(tr: Translator) -> str:
    return tr.gettext("Your first game under these rules: the one to beat next time.")


def coach_reports(
    state: GameState, coach: Sequence[CoachEntry], tr: Translator = ENGLISH
) -> tuple[CoachReport, ...]:
    """The coach's word on each person's game: points given away, and the costliest move."""
    turns = len(state.ruleset.categories)
    reports = []
    for seat, card in enumerate(state.players):
        if card.computer is not None:
            continue
        summary = summarize(coach, seat, turns)
        # A loss too small for one decimal keeps three, so it never reads as zero.
        digits = 1 if summary.total_loss >= SHOWN_PRECISION else 3
        loss = format_decimal(summary.total_loss, tr.language, digits)
        if is_best(summary.total_loss):
            text = tr.ngettext(
                "{name} matched perfect play in the {count} decision the coach saw.",
                "{name} matched perfect play in all {count} decisions the coach saw.",
                summary.decisions,
            ).format(name=card.name, count=summary.decisions)
        else:
            text = tr.ngettext(
                "{name} gave away about {loss} points against perfect play, in {count} decision.",
                "{name} gave away about {loss} points against perfect play, in {count} decisions.",
                summary.decisions,
            ).format(name=card.name, loss=loss, count=summary.decisions)
        pieces: Pieces = (text,)
        if summary.costliest:
            worst = summary.costliest[0]
            costliest = around(
                tr.gettext(
                    "Costliest: turn {turn}, {move} (about {loss} points; best was: {best})."
                ),
                {
                    "move": move_pieces(worst.chosen, state, tr),
                    "best": move_pieces(worst.best, state, tr),
                },
                turn=worst.turn,
                loss=format_decimal(worst.loss, tr.language),
            )
            pieces = (text, " ", *costliest)
        label = tr.gettext("Points given away per turn, {total} in all").format(total=loss)
        bars = tuple(
            tr.gettext("Turn {turn}: {loss}").format(
                turn=turn, loss=format_decimal(lost, tr.language)
            )
            for turn, lost in enumerate(summary.loss_per_turn, start=1)
        )
        reports.append(CoachReport(seat, pieces, summary.loss_per_turn, label, bars))
    return tuple(reports)
