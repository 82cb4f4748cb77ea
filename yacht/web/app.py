"""The controller: DOM events in, one reducer step per move, render, save, show the effects.

Data flows one way — event -> action -> :func:`~yacht.session.session.step` -> new session ->
render -> save -> effects — and every handler runs inside an error boundary, so a player never
sees a traceback. This module owns the session; the moves (:mod:`~yacht.web.moves`), the
controls, the dialogs, the other tabs and the game on load live in modules of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document

from yacht.game.setup import GameSetup
from yacht.game.state import GameState
from yacht.i18n import LANGUAGES, Translator, translator
from yacht.rules.rulesets import RULESETS
from yacht.saves.game_record import SavedGame
from yacht.saves.slots import GameSlot, SetupSlot
from yacht.session.session import Session, Step
from yacht.strategy.table_files import download_missing_with
from yacht.views.board import BoardView
from yacht.views.messages import explain
from yacht.web.advisor import Advisor
from yacht.web.computer import ComputerTurns
from yacht.web.controls import bind_board
from yacht.web.effects import EffectsShown
from yacht.web.extras import Extras
from yacht.web.game_lock import GameLock
from yacht.web.game_over import GameOverDialog
from yacht.web.guide import Guide
from yacht.web.hooks import Hooks
from yacht.web.keys import Throws
from yacht.web.language import choose_language, translate_page
from yacht.web.load_game import open_session, seed_from_url
from yacht.web.moves import Moves
from yacht.web.notices import Notices
from yacht.web.page import by_id, listen, when_idle
from yacht.web.preferences import Preferences
from yacht.web.render import Renderer
from yacht.web.setup_dialog import SetupDialog
from yacht.web.storage import LocalStore
from yacht.web.table_downloads import download_for, download_now
from yacht.web.transfer import Transfer
from yacht.web.way_out import WayOut


class App:
    """One game on one page."""

    def __init__(self) -> None:
        self._store = LocalStore()
        self._games = GameSlot(self._store)
        self._setups = SetupSlot(self._store)
        self._renderer = Renderer(self._store)
        self.throws: Throws = self._renderer  # what Roll and the keys ask of the dice in flight
        self._preferences = Preferences(self._store)
        self._tr = translator(choose_language(self._preferences.settings.language))
        self.notices = Notices(lambda: self._tr)
        self.notices.note(self._preferences.notices)
        self._lock = GameLock(self._games, self.notices, self.adopt, lambda: self._tr)
        self._seed, self._seed_refused = seed_from_url()
        self._dialog = SetupDialog(
            lambda: self._tr,
            lambda: self._setup,
            self._start,
            self.notices.tell,
            lambda: self.extras.sync_setup_form(),
        )
        setup, notices = self._setups.open()
        self.notices.note(notices)
        self._setup = setup or GameSetup((self._dialog.default_name(1),))
        self._session = open_session(self._games, self._setup, self._seed, self.notices.note)
        self.advisor = Advisor()
        self._computer = ComputerTurns(
            lambda: self._session.game, lambda action: self.moves.act(action, by_computer=True)
        )
        self.moves = Moves(self, self._lock, self.notices)
        self.extras = Extras(
            Hooks(
                self._store,
                lambda: self._session.game,
                self.moves.act,
                self._begin,
                self._play,
                lambda: self._tr,
                self.notices.tell,
                self.notices.announce,
                self._on,
                lambda: self._setup.names[0],
                self.notices.note,
                self._preferences,
                lambda work: when_idle(self.notices.guarded(lambda _: work())),
                self._lock.run,
            )
        )
        self._guide = Guide(lambda: self._tr, lambda: self._session.game.ruleset)
        slots = (self._games, self._setups)
        self._transfer = Transfer(self, slots, self.notices, self.extras, self._lock)
        self._effects = EffectsShown(self, self._renderer)
        self._game_over = GameOverDialog(self.extras)
        self._way_out = WayOut(self.notices, lambda: self._tr)

    @property
    def session(self) -> Session:
        """The session on the page."""
        return self._session

    @property
    def setup(self) -> GameSetup:
        """The setup the next game starts from."""
        return self._setup

    @property
    def tr(self) -> Translator:
        """The translator of the page's language."""
        return self._tr

    # -- start-up --------------------------------------------------------------------------

    def start(self) -> None:
        """Wire the controls, draw the game and tell the page (and tests) it is interactive."""
        download_missing_with(download_now)
        self._bind()
        self._lock.start(self._on)
        self._apply_language()
        by_id("roll").classList.remove("loading")
        self.notices.show()
        if self._seed_refused is not None:
            self.notices.tell(explain(self._seed_refused, self._tr))
        self.extras.start()
        self._watch_blocked_records()
        if self._session.game.is_over:
            self.open_game_over()
        document.documentElement.dataset.ready = "true"
        self._computer.wake()
        download_for(self._session)

    def _watch_blocked_records(self) -> None:
        """Offer a way out of every record that can be neither read nor backed up."""
        self._way_out.watch_all(
            (self._games, lambda: self._games.save(self.session.game, self.session.coach).notices),
            (self._setups, lambda: self._setups.save(self._setup)),
            (self._preferences.slot, self._preferences.rewrite),
        )
        self._way_out.bind(self._on)
        self.extras.history.when_opened(self._way_out.watch)

    # -- events ----------------------------------------------------------------------------

    def _bind(self) -> None:
        bind_board(self, self._on)
        self._renderer.bind(self._on)
        self._computer.bind(self._on)
        self._guide.bind(self._on)
        self._game_over.bind(self._on, self._rematch, self._dialog.open, self.open_game_over)
        self._dialog.bind(self._on)
        self._transfer.bind(self._on)

    def _on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        """Listen through the error boundary."""
        listen(target, event, self.notices.guarded(handler))

    def open_setup(self) -> None:
        """Show the new-game dialog."""
        self._dialog.open()

    # -- moves -----------------------------------------------------------------------------

    def shown(self, moved: Step) -> None:
        """Show what ``moved`` did."""
        self.extras.after_step(moved)  # records a finished game before its dialog opens
        self._effects.show(moved)

    def wake_computer(self) -> None:
        """Let a computer player move if it has the dice."""
        self._computer.wake()

    def hint(self) -> None:
        """Show the solver's advice for the position on the board."""
        if not self.moves.computers_turn():
            self.advisor.hint(self._session.game, self._tr, self.notices)

    # -- show and save ---------------------------------------------------------------------

    def commit(self, session: Session, *, clear_notice: bool = True) -> bool:
        """Show and save ``session``; False when another tab had moved on and its game is shown."""
        self._session = session
        self.advisor.clear()
        if clear_notice:
            self.notices.show()
        self._render()
        result = self._games.save(session.game, session.coach)
        self.notices.note(result.notices)
        if result.saved:
            self._lock.turns.stored(self._games.revision)
        if result.newer is not None:
            # Another tab moved this game on first: show its game rather than write over it.
            self.adopt(result.newer)
            return False
        return True

    def view(self) -> BoardView:
        """The board's view of the session (one per state and language)."""
        return self._renderer.view_of(self._session.game, self._tr)

    def _render(self) -> None:
        self._renderer.render(self.view())
        self.extras.render(self._session.game)

    def adopt(self, saved: SavedGame) -> None:
        """Show ``saved``, which came from outside this tab (another tab, or an import)."""
        self._lock.turns.follow()
        self._session = Session(saved.state, saved.coach)
        self._render()
        if saved.state.is_over:
            self.open_game_over()
        else:
            self._game_over.close()

    def use_setup(self, setup: GameSetup) -> None:
        """Remember ``setup`` for the next game (another tab's, or an imported one)."""
        self._setup = setup

    # -- language --------------------------------------------------------------------------

    def switch_language(self, language: str) -> None:
        """Redraw the page in ``language`` and remember it; seats left blank take its names."""
        if language not in LANGUAGES:
            return
        before, self._tr = self._tr, translator(language)
        self.notices.note(self._preferences.change(language=language))
        from yacht.web.blank_seats import BlankSeats  # needed at a switch, not at start

        BlankSeats(self, self._setups, self._lock, self.notices).follow(before, self._tr)
        self._apply_language()
        self.notices.announce(LANGUAGES[language])

    def _apply_language(self) -> None:
        """Translate the static page and redraw everything in the current language."""
        translate_page(self._tr)
        # translate_page rewrote texts the renderer also owns: let it write them all again.
        self._renderer.forget_written()
        self._dialog.label_seats()
        self._render()
        self.notices.refresh()
        self._guide.retranslate()
        self._game_over.retranslate(self._tr)
        self._effects.retranslate()
        self.extras.retranslate()
        self._way_out.retranslate()

    # -- new game and game over ------------------------------------------------------------

    def _start(self, setup: GameSetup) -> None:
        self._setup = setup
        self.notices.note(self._setups.save(setup))
        self._begin(
            setup.start(self._seed),
            self._tr.gettext("New game of {rules} for {names}.").format(
                rules=self._tr.gettext(RULESETS[setup.ruleset].title), names=", ".join(setup.names)
            ),
            coach=setup.coach,
        )

    def _begin(self, state: GameState, announcement: str, *, coach: bool = False) -> None:
        """Start ``state``: a game from the setup dialog, or one made elsewhere (the daily)."""
        self._play(Session.start(state, coach=coach), announcement)

    def _play(self, session: Session, announcement: str) -> None:
        """Play ``session`` from here: a game just started, or one taken back."""
        self._computer.stop()
        self.notices.show()  # now: what the caller tells next must outlive the lock's wait
        self._lock.run(lambda: self._play_now(session, announcement))

    def _play_now(self, session: Session, announcement: str) -> None:
        self._computer.stop()
        self._effects.new_game()
        self.commit(session, clear_notice=False)
        self.notices.announce(announcement)
        self.extras.focus_turn()
        self._computer.wake()
        download_for(self._session)

    def _rematch(self) -> None:
        self._start(GameSetup.of_game(self._session.game, coach=self._session.coach is not None))

    def open_game_over(self) -> str | None:
        """Show the final ranking (and the coach's report) in the game-over dialog; returns
        what is worth announcing there (a new personal best), "" for nothing.

        None, with nothing opened, when the game on the page is no longer over: the dialog
        opens a frame after the last score, and the score may be taken back in between.
        """
        if not self._session.game.is_over:
            return None
        return self._game_over.show(self._session, self._tr)
