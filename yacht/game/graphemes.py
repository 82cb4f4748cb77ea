"""Extended grapheme clusters (Unicode's UAX #29): what a reader sees as one character.

A family emoji is seven code points, a flag two, a letter with an accent two: a name capped at
24 code points could lose people from the family or split a flag in half. The game counts and
cuts names by cluster. Pure Python on :mod:`unicodedata`, since the code also runs in the
browser; the Grapheme_Cluster_Break property is derived from general categories and a few
ranges, which covers emoji (ZWJ sequences, flags, skin tones, keycaps, tag sequences),
combining marks, variation selectors and Hangul. Not covered: the Indic conjunct rule (GB9c,
Unicode 15.1), so a Devanagari conjunct counts as two clusters, and the rare Prepend marks.

>>> [len(c) for c in clusters("🇺🇦👨\u200d👩\u200d👧\u200d👦e\u0301!")]
[2, 7, 2, 1]
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from enum import Enum, auto
from functools import lru_cache


class Break(Enum):
    """The Grapheme_Cluster_Break values the rules tell apart."""

    OTHER = auto()
    CONTROL = auto()
    EXTEND = auto()
    ZWJ = auto()
    REGIONAL_INDICATOR = auto()
    SPACING_MARK = auto()
    L = auto()
    V = auto()
    T = auto()
    LV = auto()
    LVT = auto()


ZWJ = "\u200d"
ZWNJ = "\u200c"

# Extended_Pictographic (emoji-data.txt), as inclusive ranges in code point order. It has been
# the same since Unicode 13 (it reserves whole blocks for future emoji).
_PICTOGRAPHIC = (
    (0x00A9, 0x00A9), (0x00AE, 0x00AE), (0x203C, 0x203C), (0x2049, 0x2049),
    (0x2122, 0x2122), (0x2139, 0x2139), (0x2194, 0x2199), (0x21A9, 0x21AA),
    (0x231A, 0x231B), (0x2328, 0x2328), (0x2388, 0x2388), (0x23CF, 0x23CF),
    (0x23E9, 0x23F3), (0x23F8, 0x23FA), (0x24C2, 0x24C2), (0x25AA, 0x25AB),
    (0x25B6, 0x25B6), (0x25C0, 0x25C0), (0x25FB, 0x25FE), (0x2600, 0x2605),
    (0x2607, 0x2612), (0x2614, 0x2685), (0x2690, 0x2705), (0x2708, 0x2712),
    (0x2714, 0x2714), (0x2716, 0x2716), (0x271D, 0x271D), (0x2721, 0x2721),
    (0x2728, 0x2728), (0x2733, 0x2734), (0x2744, 0x2744), (0x2747, 0x2747),
    (0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755), (0x2757, 0x2757),
    (0x2763, 0x2767), (0x2795, 0x2797), (0x27A1, 0x27A1), (0x27B0, 0x27B0),
    (0x27BF, 0x27BF), (0x2934, 0x2935), (0x2B05, 0x2B07), (0x2B1B, 0x2B1C),
    (0x2B50, 0x2B50), (0x2B55, 0x2B55), (0x3030, 0x3030), (0x303D, 0x303D),
    (0x3297, 0x3297), (0x3299, 0x3299), (0x1F000, 0x1F0FF), (0x1F10D, 0x1F10F),
    (0x1F12F, 0x1F12F), (0x1F16C, 0x1F171), (0x1F17E, 0x1F17F), (0x1F18E, 0x1F18E),
    (0x1F191, 0x1F19A), (0x1F1AD, 0x1F1E5), (0x1F201, 0x1F20F), (0x1F21A, 0x1F21A),
    (0x1F22F, 0x1F22F), (0x1F232, 0x1F23A), (0x1F23C, 0x1F23F), (0x1F249, 0x1F3FA),
    (0x1F400, 0x1F53D), (0x1F546, 0x1F64F), (0x1F680, 0x1F6FF), (0x1F774, 0x1F77F),
    (0x1F7D5, 0x1F7FF), (0x1F80C, 0x1F80F), (0x1F848, 0x1F84F), (0x1F85A, 0x1F85F),
    (0x1F888, 0x1F88F), (0x1F8AE, 0x1F8FF), (0x1F90C, 0x1F93A), (0x1F93C, 0x1F945),
    (0x1F947, 0x1FAFF), (0x1FC00, 0x1FFFD),
)  # fmt: skip
_PICTOGRAPHIC_STARTS = tuple(start for start, _ in _PICTOGRAPHIC)

# Spacing marks that Unicode nevertheless lists as Grapheme_Extend (they continue an emoji
# ZWJ sequence's Extend* run like any other extending mark), and the two letters that are
# SpacingMark (Thai and Lao AM).
_EXTENDING_SPACING_MARKS = frozenset(
    "\u09be\u09d7\u0b3e\u0b57\u0bbe\u0bd7\u0cc2\u0cd5\u0cd6\u0d3e\u0d57\u0dcf\u0ddf"
    "\u1b35\u302e\u302f\U0001d165\U0001d16e\U0001d16f\U0001d170\U0001d171\U0001d172"
)
_SPACING_LETTERS = frozenset("\u0e33\u0eb3")


def is_pictographic(char: str) -> bool:
    """Whether ``char`` is Extended_Pictographic (emoji, and the blocks kept for them)."""
    code = ord(char)
    index = bisect_right(_PICTOGRAPHIC_STARTS, code) - 1
    return index >= 0 and code <= _PICTOGRAPHIC[index][1]


@lru_cache(maxsize=4096)
def break_property(char: str) -> Break:
    """The Grapheme_Cluster_Break value of ``char`` (derived, see the module's docstring)."""
    code = ord(char)
    if char == ZWJ:
        return Break.ZWJ
    if 0x1F1E6 <= code <= 0x1F1FF:
        return Break.REGIONAL_INDICATOR
    if (
        char == ZWNJ
        or 0x1F3FB <= code <= 0x1F3FF  # skin tones
        or 0xE0020 <= code <= 0xE007F  # tags (subdivision flags)
        or char in "\uff9e\uff9f"  # half-width sound marks
        or char in _EXTENDING_SPACING_MARKS
    ):
        return Break.EXTEND
    hangul = _hangul(code)
    if hangul is not None:
        return hangul
    category = unicodedata.category(char)
    if category in ("Mn", "Me"):
        return Break.EXTEND
    if category == "Mc" or char in _SPACING_LETTERS:
        return Break.SPACING_MARK
    if category in ("Cc", "Cf", "Zl", "Zp", "Cs") or char in "\r\n":
        return Break.CONTROL
    return Break.OTHER


def _hangul(code: int) -> Break | None:
    """The break value of a Hangul jamo or syllable (None for any other character)."""
    if 0x1100 <= code <= 0x115F or 0xA960 <= code <= 0xA97C:
        return Break.L
    if 0x1160 <= code <= 0x11A7 or 0xD7B0 <= code <= 0xD7C6:
        return Break.V
    if 0x11A8 <= code <= 0x11FF or 0xD7CB <= code <= 0xD7FB:
        return Break.T
    if 0xAC00 <= code <= 0xD7A3:
        return Break.LV if (code - 0xAC00) % 28 == 0 else Break.LVT
    return None


_HANGUL_JOINS = {
    Break.L: {Break.L, Break.V, Break.LV, Break.LVT},
    Break.LV: {Break.V, Break.T},
    Break.V: {Break.V, Break.T},
    Break.LVT: {Break.T},
    Break.T: {Break.T},
}


def clusters(text: str) -> list[str]:
    """``text`` split into extended grapheme clusters."""
    result: list[str] = []
    start = 0
    previous: Break | None = None
    emoji_run = False
    """The characters before form "pictograph Extend*" (GB11's left side, before the ZWJ)."""
    emoji_joiner = False
    """The previous character is a ZWJ that ends such a run."""
    indicators = 0
    """Regional indicators in a row that end at the previous character (GB12, GB13)."""
    for index, char in enumerate(text):
        current = break_property(char)
        pictograph = is_pictographic(char)
        if previous is not None and _breaks(
            previous, current, pictograph, emoji_joiner, indicators
        ):
            result.append(text[start:index])
            start = index
        emoji_joiner = current is Break.ZWJ and emoji_run
        emoji_run = pictograph or (emoji_run and current is Break.EXTEND)
        indicators = indicators + 1 if current is Break.REGIONAL_INDICATOR else 0
        previous = current
    if start < len(text):
        result.append(text[start:])
    return result


def _breaks(
    previous: Break, current: Break, pictograph: bool, emoji_joiner: bool, indicators: int
) -> bool:
    if Break.CONTROL in (previous, current):
        return True  # GB4, GB5
    if current in _HANGUL_JOINS.get(previous, ()):
        return False  # GB6-GB8
    if current in (Break.EXTEND, Break.ZWJ, Break.SPACING_MARK):
        return False  # GB9, GB9a
    if emoji_joiner and pictograph:
        return False  # GB11: an emoji ZWJ sequence
    if previous is Break.REGIONAL_INDICATOR and current is Break.REGIONAL_INDICATOR:
        return indicators % 2 == 0  # GB12, GB13: indicators pair up from the start of a run
    return True  # GB999
