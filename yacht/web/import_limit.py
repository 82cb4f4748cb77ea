"""The question before an import that would take the history past its limit.

Nothing is left out of the history unseen: the dialog says how many of the oldest games would
not fit (and how many of those are this browser's own), and going ahead downloads them first,
as an export file that can be imported again. Cancelling changes nothing at all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from yacht.i18n import Translator
from yacht.views.save_notices import import_past_limit
from yacht.web.history_view import HistoryView
from yacht.web.page import by_id

if TYPE_CHECKING:  # the history's code loads once the page is idle
    from yacht.saves.history import Merge


class ImportLimitDialog:
    """Asks before the oldest games are left out of an import, and downloads them."""

    def __init__(
        self, history: HistoryView, tr: Callable[[], Translator], tell: Callable[[str], None]
    ) -> None:
        self._history = history
        self._tr = tr
        self._tell = tell
        self._dialog = by_id("import-limit")
        self._go: Callable[[], None] | None = None
        self._plan: Merge | None = None

    def bind(self, on: Callable[[Any, str, Callable[[Any], None]], None]) -> None:
        """Listen to the dialog's buttons (Escape counts as Cancel)."""
        on(by_id("import-limit-yes"), "click", lambda _: self._confirm())
        on(by_id("import-limit-cancel"), "click", lambda _: self._dialog.close())
        on(self._dialog, "close", lambda _: self._closed())

    def ask(self, plan: Merge, go: Callable[[], None]) -> None:
        """Show what would not fit; ``go`` imports once the oldest games are downloaded."""
        self._plan, self._go = plan, go
        self._fill()
        self._dialog.showModal()
        by_id("import-limit-cancel").focus()

    def _fill(self) -> None:
        if self._plan is not None:
            by_id("import-limit-text").textContent = import_past_limit(self._plan, self._tr())

    def _confirm(self) -> None:
        plan, go = self._plan, self._go
        self._plan = self._go = None
        self._dialog.close()
        if plan is not None and go is not None:
            self._history.download_games(plan.dropped)
            go()

    def _closed(self) -> None:
        if self._go is not None:  # closed without going ahead
            self._plan = self._go = None
            self._tell(self._tr().gettext("The import was cancelled: nothing was changed."))
