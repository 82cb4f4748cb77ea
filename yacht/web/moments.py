"""What happens at the table, on screen: a computer player's moves told in the message slot,
and the moment a Yacht or a straight gets (a banner over the dice; none with reduced motion).

The words come from :mod:`yacht.views.turns`; the banner's animation is the style sheet's, two
twin classes replayed by switching between them (as the scored cell's flash is).
"""

from __future__ import annotations

from yacht.web.page import by_id

POP = ("pop-a", "pop-b")


class Moments:
    """The move line under the board and the celebration banner over the dice."""

    def __init__(self) -> None:
        self._line = by_id("move-line")
        self._banner = by_id("moment")
        self._shown = ""
        self._popping: str | None = None

    def tell(self, text: str) -> None:
        """Show a computer's move (``""``: clear the line; a person is moving)."""
        if text == self._shown:
            return  # a person's every click clears the line: mostly there is nothing to clear
        self._shown = text
        self._line.textContent = text
        self._line.hidden = not text

    def celebrate(self, text: str) -> None:
        """Play the banner's moment with ``text`` ("Yacht! 50 points")."""
        self._banner.textContent = text
        following = POP[1] if self._popping == POP[0] else POP[0]
        classes = self._banner.classList
        if self._popping is None or not classes.replace(self._popping, following):
            classes.add(following)
        self._popping = following
