"""The players' short labels, for scorecard columns as narrow as a score.

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

from yacht.game.graphemes import clusters
from yacht.i18n import Translator

SHORT = 4
"""The most graphemes a column as narrow as a score shows whole."""
NUMBER_DIGITS = 2
"""A last word of up to this many digits is a seat number, kept whole ("Player 12" → "P12")."""


def default_name(tr: Translator, number: int) -> str:
    """The name a seat gets when left blank, in ``tr``'s language: "Player 2"."""
    return tr.gettext("Player {number}").format(number=number)


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
