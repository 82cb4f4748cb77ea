"""What the page tells the player: the notice under the board and the screen-reader announcer.

A *lasting* notice (storage full, a save kept as a backup) stays on every notice until the page
is reloaded; a *transient* one explains the last thing that did not happen and goes with the
next move.
"""

from __future__ import annotations

from collections.abc import Callable

from pyscript import window

from yacht.i18n import Translator, join_sentences
from yacht.saves.slots import Event, Notice
from yacht.views.save_notices import describe
from yacht.web.page import by_id


class Notices:
    """The notice area and the live region of one page."""

    def __init__(self, tr: Callable[[], Translator]) -> None:
        self._tr = tr
        self._lasting: list[Notice] = []
        self._shown: str | None = None
        """The notice's text as last written (None: not yet, whatever the page shows)."""

    def note(self, notices: list[Notice]) -> None:
        """Tell the player about trouble with saving (lasting, except another tab's move)."""
        for notice in notices:
            if notice.detail:
                window.console.warn(f"Yacht: {notice.key}: {notice.event.value}: {notice.detail}")
            if notice.event is Event.MOVED_ON:
                self.tell(describe(notice, self._tr()))
            elif notice not in self._lasting:
                self._lasting.append(notice)
                self.show()

    def announce(self, text: str) -> None:
        """Say ``text`` to screen readers (the live region)."""
        announcer = by_id("announcer")
        # Clearing first makes screen readers repeat a message identical to the last one.
        announcer.textContent = ""
        announcer.textContent = text

    def tell(self, text: str) -> None:
        """Explain why something did not happen, on screen and to screen readers."""
        self.show(text)
        self.announce(text)

    def show(self, transient: str = "") -> None:
        """Write the lasting notices and ``transient`` under the board (nothing: hidden)."""
        # Described on demand, so a change of language reaches the lasting notices too.
        lasting = dict.fromkeys(describe(notice, self._tr()) for notice in self._lasting)
        text = join_sentences(*lasting, transient)
        if text == self._shown:
            return  # every click clears the notice: most have nothing to clear
        self._shown = text
        notice = by_id("notice")
        notice.textContent = text
        notice.hidden = not text

    def refresh(self) -> None:
        """Write the notice again (after a change of language)."""
        self._shown = None
        self.show()
