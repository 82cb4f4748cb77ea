"""Player names and scorecards."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from yacht.errors import InvalidSetupError
from yacht.rules.categories import Category
from yacht.rules.rulesets import RuleSet

COMPUTER_LEVELS = ("beginner", "casual", "strong", "optimal")
"""How well a computer player plays, weakest first (see ``yacht.strategy.bots``)."""

MIN_PLAYERS = 1
MAX_PLAYERS = 6
MAX_NAME_LENGTH = 24

# Joiners build emoji and some scripts' letters; every other format character (bidi overrides,
# invisible separators) can disguise a name, so it is dropped.
_KEPT_FORMAT_CHARACTERS = {"\u200c", "\u200d"}


def clean_name(raw: str) -> str:
    """A display-safe player name: no control or disguising characters, spaces folded, capped.

    >>> clean_name("  Ann\\u202e  Lee\\n")
    'Ann Lee'
    """
    if not isinstance(raw, str):
        raise InvalidSetupError(f"a player name is text, not {type(raw).__name__}")
    # Drop first, then compose: dropping a character can bring a letter and its accent
    # together, and a name cleaned twice must come out the same (saves store cleaned names).
    kept = "".join(
        " " if char.isspace() else char
        for char in raw
        if char.isspace()
        or unicodedata.category(char) not in ("Cc", "Cf", "Cs", "Co", "Cn")
        or char in _KEPT_FORMAT_CHARACTERS
    )
    folded = " ".join(unicodedata.normalize("NFC", kept).split())
    # A cut in the middle of an emoji sequence must not leave a dangling joiner.
    name = folded[:MAX_NAME_LENGTH].rstrip("".join(_KEPT_FORMAT_CHARACTERS) + " ")
    if not any(_is_visible(char) for char in name):
        raise InvalidSetupError("a player name needs at least one visible character")
    return name


def _is_visible(char: str) -> bool:
    # Letters, digits, symbols and punctuation show; joiners and lone accents do not.
    return unicodedata.category(char)[0] in "LNSP"


@dataclass(frozen=True)
class Totals:
    """One scorecard's sums."""

    upper: int
    bonus: int
    lower: int

    @property
    def total(self) -> int:
        """The final score."""
        return self.upper + self.bonus + self.lower


@dataclass(frozen=True)
class Scorecard:
    """One player's name, the categories filled so far (in the order they were filled), and
    who plays the seat: a person (``computer`` None) or the computer at one of
    :data:`COMPUTER_LEVELS`."""

    name: str
    scores: Mapping[Category, int] = field(default_factory=lambda: MappingProxyType({}))
    computer: str | None = None

    def __post_init__(self) -> None:
        # Freeze a plain dict handed in by a caller, so a state can never change under us.
        if not isinstance(self.scores, MappingProxyType):
            object.__setattr__(self, "scores", MappingProxyType(dict(self.scores)))
        if self.computer is not None and self.computer not in COMPUTER_LEVELS:
            raise InvalidSetupError(
                f"unknown computer level {self.computer!r}; known: {', '.join(COMPUTER_LEVELS)}"
            )

    def __repr__(self) -> str:
        computer = "" if self.computer is None else f", computer={self.computer!r}"
        return f"Scorecard({self.name!r}, {dict(self.scores)!r}{computer})"

    def is_filled(self, category: Category) -> bool:
        """Whether ``category`` has been used (a 0 counts as used)."""
        return category in self.scores

    def open_categories(self, ruleset: RuleSet) -> tuple[Category, ...]:
        """The categories still to fill, in scorecard order."""
        return tuple(c for c in ruleset.categories if c not in self.scores)

    def with_score(self, category: Category, points: int) -> Scorecard:
        """This card with ``category`` filled."""
        scores = MappingProxyType({**self.scores, category: points})
        return Scorecard(self.name, scores, self.computer)

    def without(self, category: Category) -> Scorecard:
        """This card with ``category`` open again."""
        scores = {c: p for c, p in self.scores.items() if c != category}
        return Scorecard(self.name, MappingProxyType(scores), self.computer)

    def totals(self, ruleset: RuleSet) -> Totals:
        """Upper subtotal, bonus, lower section and grand total under ``ruleset``."""
        upper = sum(p for c, p in self.scores.items() if c.is_upper)
        lower = sum(p for c, p in self.scores.items() if not c.is_upper)
        return Totals(upper=upper, bonus=ruleset.bonus_for(upper), lower=lower)
