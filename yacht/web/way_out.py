"""The way out of a record that blocks its key, inside the page.

A stored record that can be neither read nor backed up (say a 5 MB value in a storage too full
for a copy) is left untouched, so nothing saves over it, ever. The page then shows a button
under the board: its dialog offers the stored text, byte for byte, as a download, and once it
is downloaded, to start the record afresh, which lets the page write over it again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from yacht.i18n import Translator
from yacht.saves.keys import GAME_KEY, HISTORY_KEY, SETTINGS_KEY, SETUP_KEY
from yacht.saves.slots import Notice, utc_now
from yacht.views.save_notices import way_out
from yacht.web.notices import Notices
from yacht.web.page import by_id

FILE_NAMES = {
    GAME_KEY: "game",
    SETUP_KEY: "setup",
    HISTORY_KEY: "history",
    SETTINGS_KEY: "settings",
}


class Blockable(Protocol):
    """A save slot, as far as its way out goes (see ``yacht.saves.slots``)."""

    key: str
    blocked: str | None
    blocked_notice: Notice | None

    def start_afresh(self) -> bool:
        """Let the next write replace the blocked record; False if it changed meanwhile."""


@dataclass(frozen=True)
class _Watched:
    slot: Blockable
    rewrite: Callable[[], list[Notice]]
    """Write the page's own record over the blocked one (once it may be)."""


class WayOut:
    """The button and dialog that unblock a record, with the player's consent."""

    def __init__(self, notices: Notices, tr: Callable[[], Translator]) -> None:
        self._notices = notices
        self._tr = tr
        self._watched: list[_Watched] = []
        self._offered: _Watched | None = None
        self._dialog = by_id("way-out-dialog")
        self._bound = False

    def watch(self, slot: Blockable, rewrite: Callable[[], list[Notice]]) -> None:
        """Offer a way out when ``slot`` is blocked; ``rewrite`` stores the page's record."""
        self._watched.append(_Watched(slot, rewrite))
        if self._bound:  # a record read after the page started (the history, once idle)
            self.refresh()

    def watch_all(self, *watched: tuple[Blockable, Callable[[], list[Notice]]]) -> None:
        """Watch each (slot, rewrite) pair, as :meth:`watch` does."""
        for slot, rewrite in watched:
            self.watch(slot, rewrite)

    def bind(self, on: Callable[[Any, str, Callable[[Any], None]], None]) -> None:
        """Listen to the button and the dialog, and show the button if a record is blocked."""
        on(by_id("way-out"), "click", lambda _: self._open())
        on(by_id("way-out-download"), "click", lambda _: self._download())
        on(by_id("way-out-restart"), "click", lambda _: self._restart())
        on(by_id("way-out-cancel"), "click", lambda _: self._dialog.close())
        self._bound = True
        self.refresh()

    def refresh(self) -> None:
        """Show the button while some record is blocked."""
        by_id("way-out").hidden = self._first() is None

    def retranslate(self) -> None:
        """Write the dialog again in the current language, if it is showing."""
        if self._dialog.open and self._offered is not None:
            self._fill(self._offered)

    def _first(self) -> _Watched | None:
        return next((w for w in self._watched if w.slot.blocked is not None), None)

    def _open(self) -> None:
        watched = self._first()
        if watched is None:
            self.refresh()
            return
        self._offered = watched
        self._fill(watched)
        by_id("way-out-restart").disabled = True  # only once a copy is downloaded
        self._dialog.showModal()
        by_id("way-out-download").focus()

    def _fill(self, watched: _Watched) -> None:
        notice, text = watched.slot.blocked_notice, watched.slot.blocked
        if notice is not None and text is not None:
            by_id("way-out-text").textContent = way_out(notice, len(text), self._tr())

    def _download(self) -> None:
        from yacht.web.files import download_text  # on first use, not at start-up

        watched = self._offered
        if watched is None or watched.slot.blocked is None:
            return
        stamp = "".join(c for c in utc_now()[:16] if c.isdigit())
        name = f"yacht-{FILE_NAMES.get(watched.slot.key, 'record')}-{stamp}.txt"
        download_text(name, watched.slot.blocked, "text/plain")
        by_id("way-out-restart").disabled = False
        by_id("way-out-restart").focus()

    def _restart(self) -> None:
        watched, self._offered = self._offered, None
        self._dialog.close()
        if watched is None:
            return
        tr = self._tr()
        if not watched.slot.start_afresh():
            self._notices.tell(
                tr.gettext(
                    "The stored record changed in the meantime, so it was not replaced. Open "
                    "the offer again to download what is stored now."
                )
            )
            self.refresh()
            return
        self._notices.forget(watched.slot.key)
        self._notices.note(watched.rewrite())
        self.refresh()
        self._notices.tell(tr.gettext("Started afresh: the page saves this record again."))
