"""What the player reads of a challenge: the message to send, the comparison, the results.

Pure values in the player's language; :mod:`yacht.web.challenge_dialog` puts them on the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from yacht.errors import ChallengeLinkError, ChallengeLinkTooLongError, NewerChallengeLinkError
from yacht.game.replay import PlayedGame, claimed_total
from yacht.i18n import ENGLISH, Translator, format_decimal
from yacht.rules.rulesets import RuleSet
from yacht.saves.challenge_book import ChallengeEntry
from yacht.saves.challenge_link import ChallengeLink, check_claim
from yacht.session.challenge_compare import Comparison, Side, TurnRecord
from yacht.views.board import category_name


def rules_title(rules: RuleSet, tr: Translator = ENGLISH) -> str:
    """The rule set's name, with the bonus when it is on."""
    title = tr.gettext(rules.title)
    if rules.upper_bonus is None:
        return title
    return tr.gettext("{rules} with the bonus").format(rules=title)


def share_text(link: ChallengeLink, url: str, tr: Translator = ENGLISH) -> str:
    """The message sent with the link."""
    game = link.game
    values = {"name": game.name, "total": link.claimed, "rules": rules_title(game.ruleset, tr)}
    if link.reply:
        text = tr.gettext("{name} answered your Yacht challenge ({rules}) with {total}.")
    elif link.claimed is None:
        text = tr.gettext("{name} challenges you to a game of Yacht ({rules}) with the same dice.")
    else:
        text = tr.gettext(
            "{name} scored {total} at Yacht ({rules}). Same dice, same rules: can you beat it?"
        )
    return f"{text.format(**values)} {url}"


def invitation(link: ChallengeLink, tr: Translator = ENGLISH) -> str:
    """What opening a challenge says before it is played."""
    game = link.game
    values = {"name": game.name, "total": link.claimed, "rules": rules_title(game.ruleset, tr)}
    if link.claimed is None:
        return tr.gettext(
            "{name} challenges you to a solo game of {rules}: you will throw the same dice."
        ).format(**values)
    return tr.gettext(
        "{name} scored {total} in a solo game of {rules}. Play the same dice and see who "
        "decides better."
    ).format(**values)


def honesty_note(tr: Translator = ENGLISH) -> str:
    """What a challenge proves, and what it cannot."""
    return tr.gettext(
        "A challenge guarantees the same dice and the same rules for everyone who takes it. It "
        "cannot prove that nobody played those dice before: a link may come after many tries."
    )


def claim_warning(link: ChallengeLink, tr: Translator = ENGLISH) -> str:
    """A warning when the score a link claims does not follow from its moves ("" when it
    does, or when no score is claimed)."""
    claim = check_claim(link)
    if claim is None or claim.holds:
        return ""
    return tr.gettext(
        "{name}'s link claims {claimed} points, but its moves make {actual}: the link was "
        "edited. The comparison uses the moves."
    ).format(name=link.game.name, claimed=claim.claimed, actual=claim.actual)


def link_error(error: ChallengeLinkError, tr: Translator = ENGLISH) -> str:
    """Why a challenge link could not be used, told to the player."""
    if isinstance(error, ChallengeLinkTooLongError):
        text = tr.gettext("This challenge link is far too long to be a real one.")
    elif isinstance(error, NewerChallengeLinkError):
        text = tr.gettext(
            "This challenge link was made by a newer version of Yacht: reload the page to "
            "update it, then open the link again."
        )
    else:
        text = tr.gettext(
            "This challenge link is damaged or incomplete (perhaps cut short when copied)."
        )
    return f"{text} {tr.gettext('Nothing was changed: your game is as it was.')}"


# -- the comparison -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ComparisonView:
    """The comparison as texts: a scorecard table, a summary, the turns that differed."""

    caption: str
    header: tuple[str, str, str]
    rows: tuple[tuple[str, str, str], ...]
    summary: str
    turns: tuple[str, ...]


def comparison_view(
    comparison: Comparison, rules: RuleSet, tr: Translator = ENGLISH
) -> ComparisonView:
    """Both scorecards side by side, the points given away, and the turns that differed."""
    one, two = comparison.first, comparison.second
    rows = [
        (category_name(rules, c, tr), str(one.card.scores[c]), str(two.card.scores[c]))
        for c in rules.categories
    ]
    if rules.upper_bonus is not None:
        rows.append((tr.gettext("Bonus"), str(one.totals.bonus), str(two.totals.bonus)))
    rows.append((tr.gettext("Total"), str(one.totals.total), str(two.totals.total)))
    if one.given_away is not None and two.given_away is not None:
        rows.append(
            (
                tr.gettext("Expected points given away"),
                _points(one.given_away, tr),
                _points(two.given_away, tr),
            )
        )
    count = len(comparison.differing)
    if count == 0:
        summary = tr.gettext("Every decision was the same, so every die was the same.")
    else:
        summary = tr.ngettext(
            "The decisions differed in {count} turn; the dice of a turn differ only where the "
            "decisions did.",
            "The decisions differed in {count} turns; the dice of a turn differ only where the "
            "decisions did.",
            count,
        ).format(count=count)
    turns = tuple(_turn_line(number, (one, two), rules, tr) for number in comparison.differing)
    return ComparisonView(
        tr.gettext("{first} and {second}, the same dice").format(first=one.name, second=two.name),
        (tr.gettext("Category"), one.name, two.name),
        tuple(rows),
        summary,
        turns,
    )


def _points(value: float, tr: Translator) -> str:
    # The row says "points": the number alone keeps two columns of it on a phone's width.
    return format_decimal(value, tr.language)


def _turn_line(number: int, sides: Sequence[Side], rules: RuleSet, tr: Translator) -> str:
    parts = [_turn_part(side.name, side.turns[number - 1], rules, tr) for side in sides]
    return tr.gettext("Turn {turn}: {first}; {second}").format(
        turn=number, first=parts[0], second=parts[1]
    )


def _turn_part(name: str, turn: TurnRecord, rules: RuleSet, tr: Translator) -> str:
    category = category_name(rules, turn.category, tr)
    if not turn.held:
        text = tr.gettext("{name} scored {points} in {category} without rerolling")
        return text.format(name=name, points=turn.points, category=category)
    held = tr.gettext(", then ").join(
        " ".join(map(str, faces)) if faces else tr.gettext("nothing") for faces in turn.held
    )
    text = tr.gettext("{name} held {held} and scored {points} in {category}")
    return text.format(name=name, held=held, points=turn.points, category=category)


# -- the results table ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ResultRow:
    """One line of a challenge's results: rank, name, score, and a note."""

    rank: int
    name: str
    total: int
    note: str


def results(entry: ChallengeEntry, tr: Translator = ENGLISH) -> tuple[ResultRow, ...]:
    """Everyone's result of one challenge, best first; scores are what the moves make."""
    games: list[tuple[PlayedGame, str]] = []
    if entry.own is not None:
        games.append((entry.own, tr.gettext("you")))
    for link in entry.others:
        claim = check_claim(link)
        edited = claim is not None and not claim.holds
        games.append((link.game, tr.gettext("link edited") if edited else ""))
    scored = [(claimed_total(game), game.name, note) for game, note in games]
    scored.sort(key=lambda row: -row[0])
    return tuple(
        ResultRow(1 + sum(other[0] > total for other in scored), name, total, note)
        for total, name, note in scored
    )
