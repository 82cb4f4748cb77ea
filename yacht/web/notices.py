"""What the page tells the player: the notice under the board and the screen-reader announcer.

A *lasting* notice (storage full, a save kept as a backup) stays on every notice until the page
is reloaded; a *transient* one explains the last thing that did not happen and goes with the
next move.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

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
        self._announcer = by_id("announcer")
        self._announced = ""

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

    def forget(self, key: str) -> None:
        """Drop the lasting notices of ``key`` (its record was started afresh)."""
        self._lasting = [notice for notice in self._lasting if notice.key != key]
        self.show()

    def announce(self, text: str) -> None:
        """Say ``text`` to screen readers (the live region)."""
        # A live region speaks when its text changes: the same words again are cleared first, so
        # that they are said again (a write more only then; every move announces something).
        if text == self._announced:
            self._announcer.textContent = ""
        self._announcer.textContent = text
        self._announced = text

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

    def advice_unavailable(self, reason: str) -> None:
        """Say that hints and the coach need a table this page could not load."""
        window.console.warn(f"Yacht: no advice: {reason}")
        self.tell(
            self._tr().gettext(
                "Advice needs a file that could not be loaded. Connect to the internet once, "
                "then try again: the game keeps it for offline play from then on."
            )
        )

    def guarded(self, handler: Callable[[Any], object]) -> Callable[[Any], None]:
        """``handler`` inside the error boundary: a failure is logged and told in words, so a
        player never sees a traceback and the game stays as it was."""

        # ``event`` is optional: a timer (setTimeout, Safari's stand-in for idle callbacks)
        # calls its function with no argument at all.
        def guarded(event: Any = None) -> None:
            try:
                handler(event)
            except Exception as error:
                window.console.error("Yacht: unexpected error\n" + traceback.format_exc())
                self.show(
                    self._tr()
                    .gettext(
                        "Something went wrong and that action was not carried out ({reason}). "
                        "Your game is safe; reload the page if the board looks wrong."
                    )
                    .format(reason=type(error).__name__)
                )

        return guarded

    def refresh(self) -> None:
        """Write the notice again (after a change of language)."""
        self._shown = None
        self.show()
