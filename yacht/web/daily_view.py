"""The daily challenge on the page: starting today's game, and sharing its result.

"Today" is the player's local calendar date, read from the browser's clock (see
:func:`~yacht.web.history_view.local_day`): the seed depends only on the date the player sees
on their calendar, never on the time zone's offset.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import window

from yacht.errors import InvalidSetupError
from yacht.game.players import clean_name
from yacht.game.state import GameState
from yacht.i18n import format_day
from yacht.web.history_view import HistoryView, local_day
from yacht.web.hooks import Hooks
from yacht.web.page import by_id, or_none


class DailyView:
    """The Daily challenge button, its dialog, and the result shown at the end of the game."""

    def __init__(self, hooks: Hooks, history: HistoryView) -> None:
        self._hooks = hooks
        self._history = history
        self._dialog = by_id("daily-dialog")
        self._name = by_id("daily-name")
        self._day = ""

    def bind(self) -> None:
        """Listen to the menu button, the dialog and the Copy button."""
        on = self._hooks.on
        on(by_id("daily"), "click", lambda _: self.open())
        on(by_id("daily-form"), "submit", self._on_start)
        on(by_id("daily-cancel"), "click", lambda _: self._dialog.close())
        on(by_id("copy-daily"), "click", lambda _: self._copy())

    def open(self) -> None:
        """Offer today's challenge, saying whether this attempt would be the official one."""
        tr = self._hooks.tr()
        self._day = local_day()
        about = tr.gettext(
            "Today's challenge ({date}) is a solo game of Traditional Yacht. Everyone who plays "
            "it today throws the same dice, in the same order."
        ).format(date=format_day(self._day, tr.language))
        if self._day in self._history.history.daily_started:
            rule = tr.gettext(
                "You have already started today's challenge, so this attempt is practice: it "
                "is kept in your history, but not as your official result."
            )
        else:
            rule = tr.gettext(
                "Only your first attempt of the day counts as your official result, and it is "
                "played without hints; later attempts are practice and may use them."
            )
        by_id("daily-about").textContent = about
        by_id("daily-rule").textContent = rule
        self._name.value = self._hooks.default_name()
        self._dialog.showModal()
        by_id("daily-start").focus()

    # yacht.game.daily is imported when a challenge starts or is shown: its seed's hash (hashlib and
    # its C modules) need not load with every game.

    def _on_start(self, event: Any) -> None:
        from yacht.game.daily import daily_game

        event.preventDefault()
        tr = self._hooks.tr()
        try:
            name = clean_name(str(self._name.value))
        except InvalidSetupError:
            name = self._hooks.default_name()
        day = self._day or local_day()
        official = self._history.start_daily(day)
        self._dialog.close()
        self._hooks.begin(
            daily_game(day, name, official=official),
            tr.gettext("Daily challenge of {date} for {name}.").format(
                date=format_day(day, tr.language), name=name
            ),
        )
        if not official:
            self._hooks.tell(
                tr.gettext(
                    "Practice round: you already started today's challenge, so this game will "
                    "not count as your official result."
                )
            )

    def show_result(self, state: GameState) -> None:
        """Fill the game-over dialog's daily part (hidden for any other game)."""
        box = by_id("daily-share")
        challenge = state.challenge
        box.hidden = challenge is None or not state.is_over
        by_id("daily-share-fallback").hidden = True
        if challenge is None or not state.is_over:
            return
        tr = self._hooks.tr()
        by_id("daily-share-note").textContent = (
            tr.gettext("Your official result of today's challenge:")
            if challenge.official
            else tr.gettext("Practice round, not your official result:")
        )
        by_id("daily-share-text").textContent = self._text(state)

    def _text(self, state: GameState) -> str:
        from yacht.game.daily import share_text

        challenge = state.challenge
        day = challenge.date if challenge is not None else local_day()
        return share_text(day, state.totals()[0].total, self._hooks.tr())

    def _copy(self) -> None:
        text = str(by_id("daily-share-text").textContent)
        clipboard = or_none(getattr(window.navigator, "clipboard", None))
        if clipboard is None:
            self._show_fallback(text)
            return
        clipboard.writeText(text).then(
            create_once_callable(lambda *_: self._copied()),
            create_once_callable(lambda *_: self._show_fallback(text)),
        )

    def _copied(self) -> None:
        self._hooks.announce(self._hooks.tr().gettext("Result copied."))
        by_id("daily-share-fallback").hidden = True

    def _show_fallback(self, text: str) -> None:
        # No clipboard access: show the text selected, ready for the player's own copy.
        field = by_id("daily-share-fallback")
        field.value = text
        field.hidden = False
        field.focus()
        field.select()
        self._hooks.announce(
            self._hooks.tr().gettext("Copying was not allowed: the result is selected, copy it.")
        )
