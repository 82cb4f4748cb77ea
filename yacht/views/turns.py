"""Moves told on screen: what a computer player just did, and the moments worth a celebration.

A person sees their own move happen under their hands; a computer's move needs saying, on
screen as well as to screen readers ("Player 2 (computer, casual) scored 24 points in
Sixes."). A Yacht and a straight are rare enough to get a moment of their own.
"""

from __future__ import annotations

from yacht.game.state import GameState
from yacht.i18n import ENGLISH, Translator
from yacht.rules.categories import Category
from yacht.rules.dice import written
from yacht.session.session import Effect, Held, Rolled, Scored
from yacht.views.board import category_name, computer_label, score_announcement

STRAIGHTS = frozenset({Category.LITTLE_STRAIGHT, Category.SMALL_STRAIGHT, Category.BIG_STRAIGHT})


def computer_move(
    effect: Effect, before: GameState, after: GameState, tr: Translator = ENGLISH
) -> str:
    """The sentence that shows a computer player's move on screen ("" for a person's move)."""
    seat = effect.player if isinstance(effect, Scored) else before.current
    card = before.players[seat]
    if card.computer is None:
        return ""
    who = tr.gettext("{name} ({computer})").format(
        name=card.name, computer=computer_label(card.computer, tr)
    )
    match effect:
        case Held():
            dice = after.dice or ()
            kept = [face for index, face in enumerate(dice) if after.held[index]]
            if not kept:
                return tr.gettext("{who} takes every die back to roll.").format(who=who)
            return tr.gettext("{who} keeps {faces}.").format(who=who, faces=written(kept))
        case Rolled():
            thrown = ", ".join(str(face) for face in after.dice or ())
            return tr.gettext("{who} rolled {faces}.").format(who=who, faces=thrown)
        case Scored():
            return score_announcement(after, tr, who=who)
    return ""


def celebration(effect: Scored, after: GameState, tr: Translator = ENGLISH) -> str:
    """The words of a rare scoring's moment — a Yacht, a straight — or "" for an everyday one."""
    if effect.points == 0:
        return ""
    name = category_name(after.ruleset, effect.category, tr)
    if effect.category is Category.YACHT:
        return tr.gettext("Yacht! {points} points").format(points=effect.points)
    if effect.category in STRAIGHTS:
        return tr.gettext("{category}!").format(category=name)
    return ""
