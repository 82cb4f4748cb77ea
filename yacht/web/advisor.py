"""Hints and the coach on the page: the solver's advice shown on the board.

The strategy package and its tables are imported on first use, so a game without hints,
coach or computer players never pays for them at start-up.
"""

from __future__ import annotations

from yacht.errors import TableError
from yacht.game.state import GameState
from yacht.i18n import Translator
from yacht.session.coach_log import CoachEntry
from yacht.web.mini_dice import write_pieces
from yacht.web.notices import Notices
from yacht.web.page import by_id, create


class Advisor:
    """Shows a hint on request and the coach's verdict after each decision."""

    def __init__(self) -> None:
        self._panel = by_id("advice")
        self._title = by_id("advice-title")
        self._options = by_id("advice-options")
        self._why = by_id("advice-value")
        self._details = by_id("advice-why")
        self._coach_line = by_id("coach-line")
        self._marked: list[object] = []
        self._hinted: GameState | None = None
        """The position of the hint shown (None: no hint), to write it again in a new language."""
        self._said: tuple[CoachEntry, GameState] | None = None
        """The move the coach's line is about, and its position (None: the line is empty)."""

    def hint(self, state: GameState, tr: Translator, notices: Notices) -> None:
        """Show the hint for ``state``, or say why there is none."""
        from yacht.game.daily import allows_hints

        if not allows_hints(state):
            notices.tell(
                tr.gettext(
                    "No hints in the daily challenge's official attempt: its result is yours "
                    "alone to share. A practice attempt afterwards can use them."
                )
            )
            return
        if state.is_over or state.dice is None:
            notices.tell(tr.gettext("Roll the dice first: then the hint can advise you."))
            return
        try:
            notices.announce(self.show_hint(state, tr))
        except TableError as error:
            notices.advice_unavailable(str(error))

    def show_hint(self, state: GameState, tr: Translator) -> str:
        """Show the best move, and behind "Why?" its figures; returns the sentence to announce."""
        from yacht.strategy import advise_state
        from yacht.views.coaching import hint

        advice = hint(state, advise_state(state), tr)
        self.clear()
        self._hinted = state
        write_pieces(self._title, advice.title_pieces)
        self._why.textContent = advice.why
        for line in advice.options[1:]:
            self._options.appendChild(write_pieces(create("li"), line.pieces))
        self._panel.hidden = False
        for index in advice.hold:
            self._mark(by_id("dice").querySelectorAll(".die").item(index))
        if advice.category is not None:
            button = by_id("scorecard").querySelector(
                f"button.option[data-category='{advice.category.value}']"
            )
            if button:
                self._mark(button)
        return advice.title

    def clear(self) -> None:
        """Hide the hint and its marks (the position has changed)."""
        if self._panel.hidden and not self._marked:
            return  # every click clears: mostly there is no hint to clear, and no DOM to touch
        self._hinted = None
        self._panel.hidden = True
        self._details.open = False
        self._options.replaceChildren()
        for element in self._marked:
            element.classList.remove("suggested")  # type: ignore[attr-defined]
        self._marked = []

    def say(self, entry: CoachEntry | None, state: GameState, tr: Translator) -> str:
        """Show the coach's verdict on ``entry`` (or nothing); returns it."""
        from yacht.views.coaching import text_of, verdict

        pieces = () if entry is None else verdict(entry, state, tr)
        write_pieces(self._coach_line, pieces)
        text = text_of(pieces)
        self._coach_line.hidden = not text
        self._said = None if entry is None else (entry, state)
        return text

    def retranslate(self, tr: Translator) -> None:
        """Write the hint and the coach's line on the page again in ``tr``'s language."""
        if self._hinted is not None:
            why_open = self._details.open
            self.show_hint(self._hinted, tr)
            self._details.open = why_open
        if self._said is not None:
            self.say(*self._said, tr)

    def turn_of(self, seat: int) -> None:
        """``seat`` is moving now: the coach's word on another player's move is done."""
        if self._said is not None and self._said[0].seat != seat:
            self.quiet()

    def quiet(self) -> None:
        """Clear the coach's line."""
        self._coach_line.textContent = ""
        self._coach_line.hidden = True
        self._said = None

    def _mark(self, element: object) -> None:
        element.classList.add("suggested")  # type: ignore[attr-defined]
        self._marked.append(element)
