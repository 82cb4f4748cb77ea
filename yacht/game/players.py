"""Player names and scorecards."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from yacht.errors import BlankNameError, DuplicateNameError, InvalidSetupError
from yacht.game.graphemes import ZWJ, ZWNJ, clusters
from yacht.rules.categories import Category
from yacht.rules.rulesets import RuleSet

COMPUTER_LEVELS = ("beginner", "casual", "strong", "optimal")
"""How well a computer player plays, weakest first (see ``yacht.strategy.bots``)."""

MIN_PLAYERS = 1
MAX_PLAYERS = 6
MAX_NAME_LENGTH = 24
"""A name's cap, in characters as a reader counts them (grapheme clusters): a family emoji or
a flag is one."""
MAX_CLUSTER_LENGTH = 16
"""Code points kept of one character: the longest emoji sequence has 10; a letter under a pile
of 300 accents keeps its first 15, so a name stays small enough to save."""

# Joiners build emoji and some scripts' letters; every other format character (bidi overrides,
# invisible separators) can disguise a name, so it is dropped — except the tag characters of a
# subdivision flag (England, Scotland, Wales), kept only inside such a flag.
_KEPT_FORMAT_CHARACTERS = {ZWNJ, ZWJ}
_TAG_FLAG = re.compile("\U0001f3f4[\U000e0030-\U000e0039\U000e0061-\U000e007a]{1,6}\U000e007f")

# Letters and symbols that show nothing: the Hangul fillers and the blank braille pattern pass
# as letters or symbols, so a name made of them would look empty (or look like another name
# with a space added). They count as spaces.
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\U0001d159")

# Invisible inside a name: two names that differ only by these look the same.
_INVISIBLE = frozenset({ZWNJ, ZWJ, "\u034f", *map(chr, range(0xFE00, 0xFE10))})


def clean_name(raw: str) -> str:
    """A display-safe player name: no control or disguising characters, spaces folded, capped
    at :data:`MAX_NAME_LENGTH` characters (grapheme clusters, never cut inside one).

    >>> clean_name("  Ann\\u202e  Lee\\n")
    'Ann Lee'
    >>> family = "\\U0001f468\\u200d\\U0001f469\\u200d\\U0001f467"  # one character
    >>> clean_name(family * 30) == family * 24
    True
    """
    if not isinstance(raw, str):
        raise InvalidSetupError(f"a player name is text, not {type(raw).__name__}")
    folded = folded_name(raw)
    characters = [_capped(cluster) for cluster in clusters(folded)[:MAX_NAME_LENGTH]]
    # A cut must not leave a dangling joiner at the end.
    name = "".join(characters).rstrip("".join(_KEPT_FORMAT_CHARACTERS) + " ")
    if not any(_is_visible(char) for char in name):
        blanks = sorted({char for char in raw if char in BLANK_LOOKING})
        if blanks:
            shown = ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, '')}".rstrip() for c in blanks)
            raise BlankNameError(f"a player name needs a visible character ({shown} looks blank)")
        raise BlankNameError("a player name needs at least one visible character")
    return name


def folded_name(raw: str) -> str:
    """``raw`` without control and disguising characters, its spaces folded: the name as
    typed, before the cap."""
    # Drop first, then compose: dropping a character can bring a letter and its accent
    # together, and a name cleaned twice must come out the same (saves store cleaned names).
    flags = {match.start(): match.end() for match in _TAG_FLAG.finditer(raw)}
    kept = []
    index = 0
    while index < len(raw):
        if index in flags:
            kept.append(raw[index : flags[index]])
            index = flags[index]
            continue
        char = raw[index]
        index += 1
        if char.isspace() or char in BLANK_LOOKING:
            kept.append(" ")
        elif unicodedata.category(char) not in _DROPPED or char in _KEPT_FORMAT_CHARACTERS:
            kept.append(char)
    return " ".join(unicodedata.normalize("NFC", "".join(kept)).split())


_DROPPED = ("Cc", "Cf", "Cs", "Co", "Cn")


def _capped(cluster: str) -> str:
    if len(cluster) <= MAX_CLUSTER_LENGTH:
        return cluster
    # Only a made-up character is this long (a letter under hundreds of accents).
    return cluster[:MAX_CLUSTER_LENGTH].rstrip(ZWJ + ZWNJ)


def _is_visible(char: str) -> bool:
    # Letters, digits, symbols and punctuation show; joiners and lone accents do not.
    return unicodedata.category(char)[0] in "LNSP"


def name_length(name: str) -> int:
    """How many characters a reader counts in ``name`` (grapheme clusters)."""
    return len(clusters(name))


def looks_the_same(first: str, second: str) -> bool:
    """Whether two cleaned names would look alike on the scorecard (they differ, if at all,
    only by joiners and variation selectors, which show nothing of their own)."""
    return _appearance(first) == _appearance(second)


def _appearance(name: str) -> str:
    return "".join(char for char in name if char not in _INVISIBLE)


def check_distinct(names: Sequence[str]) -> None:
    """Raise :class:`DuplicateNameError` when two seats have names that look the same: the
    scorecard could not tell them apart, nor could the statistics."""
    seen: dict[str, str] = {}
    for name in names:
        key = _appearance(name)
        if key in seen:
            raise DuplicateNameError(name)
        seen[key] = name


def seat_names(names: Sequence[str]) -> tuple[str, ...]:
    """``names`` with a repeated name told apart by its number: ``Ann``, ``Ann (2)``.

    Games of earlier versions could seat two players of one name; the statistics and a rematch
    know such seats by these names.

    >>> seat_names(["Ann", "Ann", "Ben"])
    ('Ann', 'Ann (2)', 'Ben')
    """
    taken = {_appearance(name) for name in names}
    seen: set[str] = set()
    result = []
    for name in names:
        key = _appearance(name)
        if key not in seen:
            seen.add(key)
            result.append(name)
            continue
        number = 2
        while True:
            suffix = f" ({number})"
            base = "".join(clusters(name)[: MAX_NAME_LENGTH - len(suffix)]).rstrip(ZWJ + ZWNJ + " ")
            candidate = base + suffix
            if _appearance(candidate) not in taken:
                break
            number += 1
        taken.add(_appearance(candidate))
        seen.add(_appearance(candidate))
        result.append(candidate)
    return tuple(result)


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
