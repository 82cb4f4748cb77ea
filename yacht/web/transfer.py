"""Games that come from outside this tab: export and import files, and the other tabs.

Export writes the game, setup and history into one file; import reads one back with every
check of a stored save. Another tab's write arrives as a ``storage`` event, and this tab then
shows what the other one saved instead of ever writing over it.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from pyscript import window

from yacht.errors import Damage, InvalidSaveError
from yacht.game.setup import GameSetup
from yacht.i18n import Translator, join_sentences
from yacht.saves.game_record import SavedGame
from yacht.saves.keys import GAME_KEY, SETUP_KEY
from yacht.saves.slots import GameSlot, SetupSlot, utc_now
from yacht.session.session import Session
from yacht.web.extras import Extras
from yacht.web.game_lock import GameLock
from yacht.web.import_limit import ImportLimitDialog
from yacht.web.notices import Notices
from yacht.web.page import by_id, or_none

if TYPE_CHECKING:
    from yacht.saves.export import Export
    from yacht.saves.history import HistoryEntry


class Table(Protocol):
    """What the transfers need of the App: the session and setup, and a way to replace them."""

    @property
    def session(self) -> Session:
        """The session on the page."""

    @property
    def setup(self) -> GameSetup:
        """The setup the next game starts from."""

    @property
    def tr(self) -> Translator:
        """The translator of the page's language."""

    def use_setup(self, setup: GameSetup) -> None:
        """Remember ``setup`` for the next game."""

    def adopt(self, saved: SavedGame) -> None:
        """Show ``saved``, which came from outside this tab."""


class Transfer:
    """Export, import and the other tabs."""

    def __init__(
        self,
        table: Table,
        slots: tuple[GameSlot, SetupSlot],
        notices: Notices,
        extras: Extras,
        lock: GameLock,
    ) -> None:
        self._table = table
        self._lock = lock
        self._games, self._setups = slots
        self._notices = notices
        self._extras = extras
        self._limit = ImportLimitDialog(extras.history, lambda: table.tr, notices.tell)

    def bind(self, on: Callable[[Any, str, Callable[[Any], None]], None]) -> None:
        """Listen to the export and import controls and to the other tabs."""
        on(window, "storage", self._on_storage)
        on(by_id("export"), "click", lambda _: self._export())
        on(by_id("import"), "click", lambda _: by_id("import-file").click())
        on(by_id("import-file"), "change", self._on_import_file)
        self._limit.bind(on)

    # -- other tabs --------------------------------------------------------------------------

    def _on_storage(self, event: Any) -> None:
        # Fired in every other tab of this site when one writes; a null key means "cleared".
        key = or_none(event.key)
        if key is None or str(key) == GAME_KEY:
            self._lock.heard(self._table.session.game)
        if key is None or str(key) == SETUP_KEY:
            setup = self._setups.refresh()
            if setup is not None:
                self._table.use_setup(setup)
        self._extras.storage(None if key is None else str(key))

    # -- export and import: imported when first used, not at start-up --------------------------

    def _export(self) -> None:
        from yacht.saves.export import EXPORT_RECORD, MEDIA_TYPE, Export, export_file_name
        from yacht.views.save_notices import exported
        from yacht.web.files import download_text

        now = utc_now()
        session = self._table.session
        game = SavedGame(session.game, self._games.revision, now, session.coach)
        name = export_file_name(now)
        contents = Export(game, self._table.setup, now, self._extras.export_history())
        download_text(name, EXPORT_RECORD.encode(contents), MEDIA_TYPE)
        self._notices.tell(exported(name, self._table.tr))

    def _on_import_file(self, event: Any) -> None:
        from yacht.saves.export import MAX_EXPORT_CHARS
        from yacht.views.save_notices import import_failed
        from yacht.web.files import chosen_file, read_text

        picker = event.target
        file = chosen_file(picker)
        if file is None:
            return
        picker.value = ""  # so that choosing the same file again is a change again
        # UTF-8 takes at most 4 bytes a character: a bigger file is refused unread.
        if int(file.size) > 4 * MAX_EXPORT_CHARS:
            self._notices.tell(import_failed(Damage.TOO_BIG, self._table.tr))
            return
        read_text(file, self._import_text, self._import_unreadable)

    def _import_unreadable(self, reason: str) -> None:
        from yacht.views.save_notices import import_failed

        window.console.warn(f"Yacht: import: the file could not be read: {reason}")
        self._notices.tell(import_failed(Damage.UNREADABLE, self._table.tr))

    def _import_text(self, text: str) -> None:
        # Runs in a promise callback, outside the error boundary of the event handlers.
        from yacht.saves.export import EXPORT_RECORD
        from yacht.views.save_notices import import_failed, import_refused

        tr = self._table.tr
        try:
            contents = EXPORT_RECORD.decode(text)
        except InvalidSaveError as error:
            window.console.warn(f"Yacht: import refused: {error}")
            self._notices.tell(import_refused(error, tr))
            return
        except Exception:
            window.console.error("Yacht: import failed\n" + traceback.format_exc())
            self._notices.tell(import_failed(Damage.UNREADABLE, tr))
            return
        if contents.history is not None:
            plan = self._extras.history.plan_merge(contents.history)
            if plan.dropped:
                # Past the history's limit: ask first, and download what would be left out.
                self._limit.ask(plan, lambda: self._apply_import(contents, plan.dropped))
                return
        self._apply_import(contents, ())

    def _apply_import(self, contents: Export, downloaded: Sequence[HistoryEntry]) -> None:
        from yacht.views.save_notices import imported, imported_unsaved

        tr = self._table.tr
        history_note = self._extras.import_history(contents.history, downloaded)
        if contents.setup is not None:
            self._table.use_setup(contents.setup)
            self._notices.note(self._setups.save(contents.setup))
        if contents.game is None:
            settings_note = imported(False, tr) if contents.setup is not None else ""
            self._notices.tell(join_sentences(settings_note, history_note))
            return
        game = contents.game

        def store() -> None:
            result = self._games.replace(game.state, game.coach)
            self._notices.note(result.notices)
            self._table.adopt(game)
            game_note = imported(True, tr) if result.saved else imported_unsaved(tr)
            self._notices.tell(join_sentences(game_note, history_note))

        # Written over the stored game like a move, so no other tab writes in between.
        self._lock.run(store)
