"""The history: finished games kept in storage, and the dialog that shows them.

A finished game is recorded the moment its last category is filled (and taken out again if
that scoring is undone). What the dialog shows is drawn by :mod:`yacht.web.stats_page`. The
stored history is read once the page is idle after start-up (or when first needed): drawing
the board needs none of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pyscript import window

from yacht.game.state import GameState
from yacht.saves.slots import Event, Notice, utc_now
from yacht.views.save_notices import describe_history_notice
from yacht.web.hooks import Hooks
from yacht.web.page import by_id

if TYPE_CHECKING:
    from yacht.saves.history import History
    from yacht.saves.history_slot import HistorySlot
    from yacht.session.coach_log import CoachEntry
    from yacht.web.stats_page import StatsPage


def local_day() -> str:
    """Today's date on the player's calendar, YYYY-MM-DD (never shifted by the time zone)."""
    now = window.Date.new()
    return f"{int(now.getFullYear()):04d}-{int(now.getMonth()) + 1:02d}-{int(now.getDate()):02d}"


class HistoryView:
    """Keeps the history in storage and opens the statistics page (drawn by StatsPage)."""

    def __init__(self, hooks: Hooks) -> None:
        self._hooks = hooks
        self._opened: HistorySlot | None = None
        self._dialog = by_id("history")
        self._confirm = by_id("clear-history-confirm")
        self._select = by_id("stats-player")
        self._stats_page: StatsPage | None = None

    @property
    def history(self) -> History:
        """The history as this tab knows it."""
        return self._slot.history

    @property
    def _slot(self) -> HistorySlot:
        """The stored history, read the first time it is needed."""
        if self._opened is None:
            from yacht.saves.history_slot import HistorySlot

            self._opened = HistorySlot(self._hooks.store)
            # Storage that cannot be read at all is already told by the game's own slot.
            notices = self._opened.open()
            self._tell_notices([n for n in notices if n.event is not Event.UNAVAILABLE])
        return self._opened

    def bind(self) -> None:
        """Listen to the page's controls, and read the stored history once the page is idle."""
        self._hooks.later(lambda: self._slot)
        on = self._hooks.on
        on(by_id("show-history"), "click", lambda _: self.open())
        on(by_id("close-history"), "click", lambda _: self._dialog.close())
        on(self._select, "change", lambda _: self._page().draw_stats(self.history))
        on(by_id("clear-history"), "click", lambda _: self._ask_clear())
        on(by_id("clear-history-yes"), "click", lambda _: self._clear())
        on(by_id("clear-history-cancel"), "click", lambda _: self._confirm.close())
        on(self._confirm, "close", lambda _: self.open())

    # -- recording -----------------------------------------------------------------------------

    def after_action(
        self, before: GameState, after: GameState, coach: Sequence[CoachEntry] | None
    ) -> None:
        """Record a game that just ended; take it back out when its last scoring is undone."""
        if after.is_over == before.is_over:
            return
        from yacht.saves.history import coach_losses, entry_from_game

        if after.is_over:
            entry = entry_from_game(after, utc_now(), local_day(), coach_losses(after, coach))
            self._change(lambda history: history.with_game(entry))
        else:
            gone = entry_from_game(before, "", local_day())
            self._change(lambda history: history.without_game(gone))

    def start_daily(self, day: str) -> bool:
        """Note that today's challenge was started; whether this attempt is the official one.

        Decided on the history as stored now, so an attempt started in another tab counts.
        """
        official = False

        def start(history: History) -> History:
            nonlocal official
            history, official = history.start_daily(day)
            return history

        self._change(start)
        return official

    def merge(self, imported: History) -> str:
        """Add an imported history to this one; the sentence saying how many games came in."""
        before = len(self.history.games)
        self._change(lambda history: history.merged(imported))
        added = len(self.history.games) - before
        if not added:
            return ""
        text = self._hooks.tr().ngettext(
            "{count} finished game added to the history.",
            "{count} finished games added to the history.",
            added,
        )
        return text.format(count=added)

    def refresh(self) -> None:
        """Another tab changed the stored history: show its version."""
        # Not read yet: it will be read as it then stands.
        if self._opened is not None and self._opened.refresh() and self._dialog.open:
            self._draw()

    def _change(self, edit: Callable[[History], History]) -> None:
        result = self._slot.change(edit)
        # Unreadable storage is already told by the game's slot; a full one is news.
        self._tell_notices(
            [n for n in result.notices if n.event is not Event.UNAVAILABLE or result.full]
        )
        if self._dialog.open:
            self._draw()

    def _tell_notices(self, notices: list[Notice]) -> None:
        tr = self._hooks.tr()
        for notice in notices:
            if notice.detail:
                window.console.warn(f"Yacht: {notice.key}: {notice.event.value}: {notice.detail}")
            self._hooks.tell(describe_history_notice(notice, tr))

    # -- the page ------------------------------------------------------------------------------

    def open(self) -> None:
        """Show the history and statistics page."""
        self._draw()
        if not self._dialog.open:
            self._dialog.showModal()
        # The first control, so the page opens at its top (focusing Close would scroll down).
        (by_id("close-history") if not self.history.games else self._select).focus()

    def retranslate(self) -> None:
        """Redraw in the current language, if the page is showing."""
        if self._dialog.open:
            self._draw()

    # -- clearing ------------------------------------------------------------------------------

    def _ask_clear(self) -> None:
        # One modal at a time: the confirmation replaces the page, and closing it brings the
        # page back (see bind), so focus is never trapped in a dialog underneath.
        self._dialog.close()
        self._confirm.showModal()
        by_id("clear-history-cancel").focus()

    def _clear(self) -> None:
        from yacht.saves.history import History

        self._change(History.cleared)
        self._confirm.close()
        self._hooks.tell(self._hooks.tr().gettext("The history was cleared."))

    def _draw(self) -> None:
        self._page().draw(self.history)

    def _page(self) -> StatsPage:
        # Imported on first use: the charts and statistics are not needed to start a game.
        if self._stats_page is None:
            from yacht.web.stats_page import StatsPage

            self._stats_page = StatsPage(self._hooks, self._select)
        return self._stats_page
