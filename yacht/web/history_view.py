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
from yacht.views.save_notices import (
    describe_history_notice,
    history_merged,
    made_room,
    make_room_button,
    not_recorded,
    over_limit,
    over_limit_page,
)
from yacht.web.hooks import Hooks
from yacht.web.page import by_id

if TYPE_CHECKING:
    from yacht.saves.history import History, HistoryEntry, Merge
    from yacht.saves.history_slot import HistoryChange, HistorySlot
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
        self._when_opened: list[Callable[[HistorySlot, Callable[[], list[Notice]]], None]] = []
        self._dialog = by_id("history")
        self._confirm = by_id("clear-history-confirm")
        self._select = by_id("stats-player")
        self._stats_page: StatsPage | None = None
        self._last_download: str | None = None

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
            waiting, self._when_opened = self._when_opened, []
            for then in waiting:
                then(self._opened, self.rewrite)
        return self._opened

    def when_opened(self, then: Callable[[HistorySlot, Callable[[], list[Notice]]], None]) -> None:
        """Call ``then(slot, rewrite)`` once the stored history has been read (at once if it
        has; it is read when the page is idle, not to draw the first board): its slot, and what
        stores the history as this tab knows it."""
        if self._opened is None:
            self._when_opened.append(then)
        else:
            then(self._opened, self.rewrite)

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
        on(by_id("make-room"), "click", lambda _: self._make_room())

    # -- recording -----------------------------------------------------------------------------

    def after_action(
        self, before: GameState, after: GameState, coach: Sequence[CoachEntry] | None
    ) -> None:
        """Record a game that just ended (saying so when it could not be, or when the history
        is past its limit); take it back out when its last scoring is undone."""
        if after.is_over == before.is_over:
            return
        from yacht.saves.history import coach_losses, entry_from_game

        if after.is_over:
            entry = entry_from_game(after, utc_now(), local_day(), coach_losses(after, coach))
            result = self._change(lambda history: history.with_game(entry))
            tr = self._hooks.tr()
            if result.why_not is not None:
                self._hooks.tell(not_recorded(result.why_not, tr))
            elif over := self.history.over_limit():
                self._hooks.tell(over_limit(len(self.history.games), over, tr))
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

    def plan_merge(self, imported: History) -> Merge:
        """What merging ``imported`` would keep and leave out (nothing is changed)."""
        return self.history.merged(imported)

    def merge(self, imported: History, downloaded: Sequence[HistoryEntry] = ()) -> str:
        """Add an imported history to this one; the sentence saying how many games came in.

        Games past the limit that are not among ``downloaded`` (the player was offered those
        before) are downloaded now, so none is left out without a copy.
        """
        merges: list[Merge] = []

        def edit(history: History) -> History:
            merges.append(history.merged(imported))
            return merges[-1].history

        self._change(edit)
        merge = merges[-1]
        offered = set(downloaded)
        unsaved = [entry for entry in merge.dropped if entry not in offered]
        file_name = self.download_games(merge.dropped) if unsaved else None
        if downloaded and merge.dropped:
            file_name = file_name or self._last_download
        return history_merged(merge, file_name, self._hooks.tr())

    def download_games(self, games: Sequence[HistoryEntry]) -> str:
        """Hand ``games`` to the browser's downloads as an export file; its name."""
        from yacht.saves.export import EXPORT_RECORD, MEDIA_TYPE, Export, export_file_name
        from yacht.saves.history import History
        from yacht.web.files import download_text

        now = utc_now()
        name = export_file_name(now).replace("yacht-", "yacht-older-games-", 1)
        contents = Export(None, None, now, History(tuple(games)))
        download_text(name, EXPORT_RECORD.encode(contents), MEDIA_TYPE)
        self._last_download = name
        return name

    def _make_room(self) -> None:
        """Download the games past the limit, then take them out (the button says so)."""
        over = self.history.over_limit()
        if not over:
            return
        oldest = self.history.games[:over]
        name = self.download_games(oldest)
        self._change(lambda history: history.without_oldest(_leading(history, oldest)))
        self._hooks.tell(made_room(over, name, self._hooks.tr()))

    def refresh(self) -> None:
        """Another tab changed the stored history: show its version."""
        # Not read yet: it will be read as it then stands.
        if self._opened is not None and self._opened.refresh() and self._dialog.open:
            self._draw()

    def _change(self, edit: Callable[[History], History]) -> HistoryChange:
        result = self._slot.change(edit)
        # Unreadable storage is already told by the game's slot; a full one is news.
        self._tell_notices(
            [n for n in result.notices if n.event is not Event.UNAVAILABLE or result.full]
        )
        if self._dialog.open:
            self._draw()
        return result

    def rewrite(self) -> list[Notice]:
        """Store the history as this tab knows it (after the player started it afresh)."""
        return self._slot.change(lambda history: history).notices

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
        over = self.history.over_limit()
        by_id("history-over").hidden = not over
        if over:
            tr = self._hooks.tr()
            by_id("history-over-text").textContent = over_limit_page(
                len(self.history.games), over, tr
            )
            by_id("make-room").textContent = make_room_button(over, tr)

    def _page(self) -> StatsPage:
        # Imported on first use: the charts and statistics are not needed to start a game.
        if self._stats_page is None:
            from yacht.web.stats_page import StatsPage

            self._stats_page = StatsPage(self._hooks, self._select)
        return self._stats_page


def _leading(history: History, oldest: Sequence[HistoryEntry]) -> int:
    """How many of ``history``'s first games are ``oldest`` (another tab may have changed it)."""
    count = 0
    for entry, expected in zip(history.games, oldest, strict=False):
        if entry != expected:
            break
        count += 1
    return count
