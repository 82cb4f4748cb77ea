"""The scorecard categories every rule set picks from."""

from __future__ import annotations

from enum import StrEnum

from yacht.errors import UnknownCategoryError


class Category(StrEnum):
    """A scorecard line; the value is the stable id used in saves and on the command line."""

    ONES = "ones"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    THREE_OF_A_KIND = "three_of_a_kind"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    LITTLE_STRAIGHT = "little_straight"
    SMALL_STRAIGHT = "small_straight"
    BIG_STRAIGHT = "big_straight"
    CHOICE = "choice"
    YACHT = "yacht"

    @property
    def english_name(self) -> str:
        """The usual English name; a rule set may print another (see ``RuleSet.name_of``)."""
        return _ENGLISH_NAMES[self]

    @property
    def is_upper(self) -> bool:
        """True for Ones to Sixes, the lines that count one face."""
        return self in UPPER_FACES

    @classmethod
    def parse(cls, value: str | Category) -> Category:
        """The category with this id, or :class:`UnknownCategoryError`."""
        try:
            return cls(value)
        except ValueError:
            known = ", ".join(c.value for c in cls)
            raise UnknownCategoryError(
                f"unknown category {value!r}; known categories: {known}"
            ) from None


_ENGLISH_NAMES = {
    Category.ONES: "Ones",
    Category.TWOS: "Twos",
    Category.THREES: "Threes",
    Category.FOURS: "Fours",
    Category.FIVES: "Fives",
    Category.SIXES: "Sixes",
    Category.THREE_OF_A_KIND: "Three of a Kind",
    Category.FOUR_OF_A_KIND: "Four of a Kind",
    Category.FULL_HOUSE: "Full House",
    Category.LITTLE_STRAIGHT: "Little Straight",
    Category.SMALL_STRAIGHT: "Small Straight",
    Category.BIG_STRAIGHT: "Big Straight",
    Category.CHOICE: "Choice",
    Category.YACHT: "Yacht",
}

UPPER_FACES: dict[Category, int] = {
    Category.ONES: 1,
    Category.TWOS: 2,
    Category.THREES: 3,
    Category.FOURS: 4,
    Category.FIVES: 5,
    Category.SIXES: 6,
}
"""The face each upper-section category counts."""
