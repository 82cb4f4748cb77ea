"""The players' names as the page shows them: the default name of a seat left blank, and short
labels for scorecard columns as narrow as a score.

A seat left blank is named in the page's language ("Player 2", "Игрок 2"), and renamed when the
language changes (:func:`renamed_blank_seats`): a name nobody typed belongs to the page, not to
the player, until the game's first throw makes it the game's record.

With two players (and with three or four side by side on a wide screen) each player's column is
about four letters wide: "Player 1" and "Player 2" cut to fit would both read "Pl…". There the
column's heading is a short label that tells the players apart, and the full name stays in the
heading for screen readers (and in the status line for everyone).

A label is the name itself when it is short enough; else the initials of its first and last
words, keeping a seat number whole ("Player 2" → "P2", "Anna Karenina" → "AK"); else its first
letters and a full stop ("Konstantin" → "Kon."). Names that would share a label get their
initial and their seat's number instead. Counted in graphemes, so an emoji or an accented
letter is never split.
"""

from __future__ import annotations

from collections.abc import Sequence

from yacht.errors import DuplicateNameError
from yacht.game.graphemes import clusters
from yacht.game.players import check_distinct
from yacht.i18n import Translator

SHORT = 4
"""The most graphemes a column as narrow as a score shows whole."""
NUMBER_DIGITS = 2
"""A last word of up to this many digits is a seat number, kept whole ("Player 12" → "P12")."""


def default_name(tr: Translator, number: int) -> str:
    """The name a seat gets when left blank, in ``tr``'s language: "Player 2"."""
    return tr.gettext("Player {number}").format(number=number)


def renamed_blank_seats(
    names: Sequence[str], before: Translator, after: Translator
) -> tuple[str, ...]:
    """``names`` with each seat named by default in ``before``'s language named as ``after``
    names it; the names as they were if that would seat two players of one name (a player who
    typed "Игрок 2" in the first seat keeps it, and the second seat stays "Player 2").

    >>> from yacht.i18n import ENGLISH, translator
    >>> renamed_blank_seats(["Player 1", "Ann", "Player 3"], ENGLISH, translator("pl"))
    ('Gracz 1', 'Ann', 'Gracz 3')
    """
    renamed = tuple(
        default_name(after, seat) if name == default_name(before, seat) else name
        for seat, name in enumerate(names, start=1)
    )
    try:
        check_distinct(renamed)
    except DuplicateNameError:
        return tuple(names)
    return renamed


def seat_labels(names: Sequence[str]) -> tuple[str, ...]:
    """A short label for each of ``names``, all different."""
    labels = [short_label(name) for name in names]
    if len(set(labels)) == len(labels):
        return tuple(labels)
    return tuple(_initial(name) + str(seat) for seat, name in enumerate(names, start=1))


def short_label(name: str) -> str:
    """``name`` in at most ``SHORT`` graphemes."""
    letters = clusters(name)
    if len(letters) <= SHORT:
        return name
    words = name.split()
    if len(words) > 1:
        last = words[-1]
        number = last.isdigit() and len(last) <= NUMBER_DIGITS
        return _initial(words[0]) + (last if number else _initial(last))
    return "".join(letters[: SHORT - 1]) + "."


def _initial(name: str) -> str:
    letters = clusters(name.strip())
    return letters[0] if letters else ""
