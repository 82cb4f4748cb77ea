"""The in-game rules and tips pages, built from the rule set's own data.

Every example's points come from the scoring engine, so the rules page can never disagree
with the game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from yacht.i18n import ENGLISH, Translator
from yacht.rules.categories import UPPER_FACES, Category
from yacht.rules.dice import Dice, written
from yacht.rules.rulesets import RuleSet
from yacht.rules.scoring import (
    AllSame,
    ExactFaces,
    FaceCount,
    FullHouse,
    OfAKind,
    Run,
    Scorer,
    Total,
)


@dataclass(frozen=True)
class Example:
    """A worked example drawn as dice: which of them make the score, and what it comes to."""

    dice: Dice
    counted: tuple[bool, ...]
    points: str
    """The points as shown beside the dice ("3 points")."""
    sentence: str
    """The example in words, for screen readers ("1-1-4-5-1 scores 3 points")."""


@dataclass(frozen=True)
class CategoryRule:
    """One category of the rules page: its name, its rule in words, its worked examples."""

    name: str
    rule: str
    examples: tuple[Example, ...]


@dataclass(frozen=True)
class Section:
    """A heading with paragraphs, an optional list, and optional categories."""

    heading: str
    paragraphs: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    categories: tuple[CategoryRule, ...] = ()


# Where a line must not break: a throw's faces (a browser breaks "3-3-3-1-5" after any hyphen),
# and a number with the word after it ("9 points", "0 punktów": a figure alone at a line's end
# reads as a stray). Numbers only, so that every language's words are matched alike.
_UNBROKEN = re.compile(r"\d(?:-\d)+|\d+ \S+")


def line_pieces(text: str) -> tuple[tuple[str, bool], ...]:
    """``text`` in pieces, in order, each with whether it must stay on one line."""
    pieces: list[tuple[str, bool]] = []
    start = 0
    for match in _UNBROKEN.finditer(text):
        if match.start() > start:
            pieces.append((text[start : match.start()], False))
        pieces.append((match.group(), True))
        start = match.end()
    if start < len(text):
        pieces.append((text[start:], False))
    return tuple(pieces)


# A throw that scores in each category, and where useful one that shows a 0.
EXAMPLES: dict[Category, tuple[Dice, ...]] = {
    Category.ONES: ((1, 1, 4, 5, 1),),
    Category.TWOS: ((2, 3, 2, 6, 1),),
    Category.THREES: ((3, 3, 3, 1, 5),),
    Category.FOURS: ((4, 2, 4, 6, 4),),
    Category.FIVES: ((5, 5, 5, 2, 1),),
    Category.SIXES: ((6, 6, 1, 2, 3),),
    Category.THREE_OF_A_KIND: ((4, 4, 4, 4, 2), (1, 1, 2, 2, 3)),
    Category.FOUR_OF_A_KIND: ((4, 4, 4, 4, 1), (6, 6, 6, 6, 6)),
    Category.FULL_HOUSE: ((3, 3, 3, 6, 6), (6, 6, 6, 6, 6)),
    Category.LITTLE_STRAIGHT: ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6)),
    Category.SMALL_STRAIGHT: ((1, 2, 3, 4, 6), (1, 2, 3, 5, 6)),
    Category.BIG_STRAIGHT: ((2, 3, 4, 5, 6), (1, 2, 3, 4, 6)),
    Category.CHOICE: ((1, 2, 2, 4, 6),),
    Category.YACHT: ((6, 6, 6, 6, 6), (6, 6, 6, 6, 5)),
}


def rules_page(rules: RuleSet, tr: Translator = ENGLISH) -> tuple[Section, ...]:
    """How to play ``rules``: the turn, every category with examples, the end of the game."""
    count = len(rules.categories)
    turn = Section(
        tr.gettext("How a turn goes"),
        (
            tr.gettext(
                "Each turn you may roll up to three times. The first roll throws all five dice."
            ),
            tr.gettext(
                "After the first and second roll, hold the dice you want to keep and roll the "
                "others again. You can change your mind: held dice may be released, and you may "
                "even roll all five again."
            ),
            tr.gettext(
                "You may stop rolling at any time. Then you must write your dice into one open "
                "category; if they don't fit its rule they score 0 there. A filled category, "
                "even with a 0, cannot be used again."
            ),
        ),
    )
    categories = Section(
        tr.gettext("The categories"),
        (
            tr.gettext(
                "In each example the dice that make the score are bright and the others faded. "
                "In a game you can see the same for your own dice: point at a category's option "
                "on the scorecard, reach it with Tab, or on a touch screen press and hold it (a "
                "long press never scores)."
            ),
        ),
        categories=tuple(_category_rule(rules, category, tr) for category in rules.categories),
    )
    end_paragraphs = [
        tr.ngettext(
            "Everyone plays {count} turn, one per category, in seat order.",
            "Everyone plays {count} turns, one per category, in seat order.",
            count,
        ).format(count=count),
        tr.gettext(
            "When every category is filled, the highest total wins; equal totals share the "
            "win. Playing alone, try to beat your best score."
        ),
    ]
    bonus = rules.upper_bonus
    if bonus is not None:
        end_paragraphs.insert(
            1,
            tr.gettext(
                "Bonus: if Ones to Sixes add up to {threshold} or more, you get {points} extra "
                "points."
            ).format(threshold=bonus.threshold, points=bonus.points),
        )
    elif rules.offers_bonus:
        end_paragraphs.insert(1, tr.gettext("This game is played without the upper-section bonus."))
    else:
        end_paragraphs.insert(1, tr.gettext("There are no bonuses of any kind in this game."))
    end = Section(tr.gettext("End of the game"), tuple(end_paragraphs))
    return (turn, categories, end)


def tips_page(rules: RuleSet, tr: Translator = ENGLISH) -> tuple[Section, ...]:
    """Strategy advice for ``rules``."""
    tips = [
        tr.gettext(
            "Don't chase everything at once: after the first roll, pick the one or two "
            "categories your dice are closest to and hold for them."
        ),
        tr.gettext(
            "Early in the game keep the hard categories (Yacht, straights, Four of a Kind) "
            "open; late in the game take the points you can."
        ),
        tr.gettext(
            "A bad throw is best written where it costs least: a 0 in Ones loses at most "
            "5 points, a 0 in Yacht can lose 50."
        ),
        tr.gettext(
            "Choice (Chance) is your safety net: save it for a high throw that fits nowhere else."
        ),
        tr.gettext(
            "Five of a kind has about a 4.6% chance per turn when you play for it from the "
            "start; a pair after the first roll makes it much likelier."
        ),
    ]
    if rules.upper_bonus is not None:
        tips.insert(
            0,
            tr.gettext(
                "The bonus needs an average of three of each face: three Ones, three Twos, and "
                "so on add up to exactly {threshold}. Four Fives or Sixes make up for a weak "
                "small number."
            ).format(threshold=rules.upper_bonus.threshold),
        )
    four = rules.scorers.get(Category.FOUR_OF_A_KIND)
    if isinstance(four, OfAKind) and four.counts == "all":
        tips.append(
            tr.gettext(
                "In this rule set Four of a Kind counts the fifth die too: with four of a "
                "kind, reroll a low fifth die."
            )
        )
    return (Section(tr.gettext("Tips for a higher score"), (), tuple(tips)),)


def _category_rule(rules: RuleSet, category: Category, tr: Translator) -> CategoryRule:
    scorer = rules.scorers[category]
    return CategoryRule(
        name=tr.pgettext("category", rules.name_of(category)),
        rule=_describe(scorer, tr),
        examples=tuple(_example(scorer, dice, tr) for dice in EXAMPLES[category]),
    )


def _example(scorer: Scorer, dice: Dice, tr: Translator) -> Example:
    points = scorer(dice)
    return Example(
        dice=dice,
        counted=scorer.counted(dice),
        points=tr.ngettext("{count} point", "{count} points", points).format(count=points),
        sentence=tr.ngettext(
            "{dice} scores {count} point", "{dice} scores {count} points", points
        ).format(dice=written(dice), count=points),
    )


def _describe(scorer: Scorer, tr: Translator) -> str:
    match scorer:
        case FaceCount(face):
            return tr.gettext("the sum of the dice showing {face}.").format(face=face)
        case OfAKind(count, "matching"):
            return tr.gettext(
                "at least {count} dice of one face; scores those {count} dice only."
            ).format(count=count)
        case OfAKind(count, "all"):
            return tr.gettext(
                "at least {count} dice of one face; scores the sum of all five dice."
            ).format(count=count)
        case FullHouse(None):
            return tr.gettext(
                "three of one face and two of another; scores the sum of all five dice."
            )
        case FullHouse(points):
            return tr.gettext("three of one face and two of another; scores {points}.").format(
                points=points
            )
        case ExactFaces(faces, points):
            return tr.gettext("exactly {faces}; scores {points}.").format(
                faces=written(faces), points=points
            )
        case Run(length, points):
            return tr.gettext("any {length} faces in a row; scores {points}.").format(
                length=length, points=points
            )
        case Total():
            return tr.gettext("any dice; scores the sum of all five.")
        case AllSame(points):
            return tr.gettext("all five dice show the same face; scores {points}.").format(
                points=points
            )
    raise TypeError(f"no description for {scorer!r}")


__all__ = [
    "EXAMPLES",
    "UPPER_FACES",
    "CategoryRule",
    "Example",
    "Section",
    "line_pieces",
    "rules_page",
    "tips_page",
]
