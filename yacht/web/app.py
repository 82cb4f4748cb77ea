"""The controller: DOM events in, pure actions on the game state, render, save.

Data flows one way — event -> action -> new state -> render -> save — and every handler runs
inside an error boundary, so a player never sees a traceback.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from pyscript import document, window

from yacht.errors import (
    DuplicateNameError,
    IllegalActionError,
    InvalidSaveError,
    InvalidSeedError,
    InvalidSetupError,
)
from yacht.game.actions import Action, EnterDice, Roll, Score, Undo, apply
from yacht.game.setup import GameSetup
from yacht.game.state import GameState, toggle_hold
from yacht.i18n import LANGUAGES, Translator, negotiate, translator
from yacht.rules.categories import Category
from yacht.rules.dice import parse_seed
from yacht.rules.rulesets import RULESETS
from yacht.saves.game_record import SavedGame
from yacht.saves.records import Damage, damage_of
from yacht.saves.settings import loads_settings
from yacht.saves.slots import Event, GameSlot, Notice, SetupSlot, utc_now
from yacht.session.coach_log import CoachEntry
from yacht.strategy.table_files import TableError, download_missing_with
from yacht.views.board import BoardView, board_view, roll_announcement, score_announcement
from yacht.views.messages import explain
from yacht.views.save_notices import describe, updated_from_another_tab
from yacht.web.advisor import Advisor
from yacht.web.computer import ComputerTurns
from yacht.web.extras import Extras
from yacht.web.hooks import Hooks
from yacht.web.page import (
    by_id,
    closest,
    keep_focus_inside,
    key_is_tab,
    listen,
    or_none,
    query,
    query_param,
)
from yacht.web.render import Renderer, render_guide, translate_page
from yacht.web.storage import GAME_KEY, SETTINGS_KEY, SETUP_KEY, LocalStore, StorageUnavailable
from yacht.web.table_downloads import download_later, download_now


class App:
    """One game on one page."""

    def __init__(self) -> None:
        self._store = LocalStore()
        self._games = GameSlot(self._store)
        self._setups = SetupSlot(self._store)
        self._renderer = Renderer()
        self._notices: list[Notice] = []
        """Lasting trouble with saving, told on every notice until the page is reloaded."""
        self._notice_shown: str | None = None
        """The notice's text as last written (None: not yet, whatever the page shows)."""
        self._last_view: tuple[GameState, Translator, BoardView] | None = None
        self._tr = translator(self._choose_language())
        self._seed, self._seed_refused = _seed_from_url()
        self._coach: tuple[CoachEntry, ...] | None = None
        """The coach's log of this game; None when the coach is off."""
        self._setup = self._load_setup()
        self.state = self._load_game()
        self._advisor = Advisor()
        self._computer = ComputerTurns(lambda: self.state, self._computer_moves)
        self._extras = Extras(
            Hooks(
                self._store,
                lambda: self.state,
                self.act,
                self._begin,
                lambda: self._tr,
                self._tell,
                self._announce,
                self._on,
                lambda: self._setup.names[0],
            )
        )

    # -- start-up --------------------------------------------------------------------------

    def start(self) -> None:
        """Wire the controls, draw the game and tell the page (and tests) it is interactive."""
        download_missing_with(download_now)
        self._bind()
        self._apply_language()
        roll = by_id("roll")
        roll.classList.remove("loading")
        self._show_notice("")
        if self._seed_refused is not None:
            self._tell(explain(self._seed_refused, self._tr))
        self._extras.start()
        if self.state.is_over:
            self._open_game_over()
        document.documentElement.dataset.ready = "true"
        self._computer.wake()
        self._preload_strategy_later()

    def _preload_strategy_later(self) -> None:
        """Download this game's strategy tables now that the board is interactive, and read
        them at once when the game will need them (the coach, computer players).

        Reading takes a moment (longest for Extended with the bonus); doing both once the
        board is interactive keeps them off the start-up and, mostly, off the first hint.
        """
        rules = self.state.ruleset
        uses_strategy = self._coach is not None or any(
            card.computer is not None for card in self.state.players
        )

        def read_tables() -> None:
            from yacht.strategy import preload

            preload(rules)

        download_later(rules, read_tables if uses_strategy and not self.state.is_over else None)

    def _load_setup(self) -> GameSetup:
        setup, notices = self._setups.open()
        self._note(notices)
        return setup or GameSetup((self._default_name(1),))

    def _load_game(self) -> GameState:
        saved, notices = self._games.open()
        self._note(notices)
        if saved is None:
            self._coach = () if self._setup.coach else None
            return self._setup.start(self._seed)
        if self._seed is not None and saved.state.seed != self._seed:
            # The URL asks for a particular seeded game; keep the other one as a backup.
            self._keep_backup()
            self._coach = () if self._setup.coach else None
            return self._setup.start(self._seed)
        self._coach = saved.coach
        return saved.state

    def _keep_backup(self) -> None:
        """Back up the stored game before another one is started over it."""
        if self._games.keep_backup() is None:
            # No copy could be made: leave the stored game alone rather than lose it.
            self._games.writable = False
            self._note([Notice(Event.UNAVAILABLE, GAME_KEY, detail="no room for a backup")])

    @property
    def _warning(self) -> str:
        # Described on demand, so a change of language reaches these messages too.
        return _join(*dict.fromkeys(describe(n, self._tr) for n in self._notices))

    def _note(self, notices: list[Notice]) -> None:
        """Tell the player about trouble with saving (lasting, except another tab's move)."""
        for notice in notices:
            if notice.detail:
                window.console.warn(f"Yacht: {notice.key}: {notice.event.value}: {notice.detail}")
            if notice.event is Event.MOVED_ON:
                self._tell(describe(notice, self._tr))
            elif notice not in self._notices:
                self._notices.append(notice)
                self._show_notice("")

    def _choose_language(self) -> str:
        forced = query_param("lang")
        if forced in LANGUAGES:
            return str(forced)
        try:
            text = self._store.read(SETTINGS_KEY)
            remembered = loads_settings(text).language
        except StorageUnavailable:
            remembered = None
        if remembered in LANGUAGES:
            return str(remembered)
        return negotiate(str(code) for code in window.navigator.languages)

    # -- events ----------------------------------------------------------------------------

    def _bind(self) -> None:
        on = self._on
        on(by_id("roll"), "click", lambda _: self.act(Roll()))
        on(by_id("undo"), "click", lambda _: self.act(Undo()))
        on(by_id("hint"), "click", lambda _: self._hint())
        on(by_id("faster"), "click", lambda _: self._toggle_faster())
        on(by_id("dice"), "click", self._on_die_click)
        on(by_id("scorecard"), "click", self._on_scorecard_click)
        on(by_id("new-game"), "click", lambda _: self._open_setup())
        on(by_id("show-rules"), "click", lambda _: self._open_guide("rules"))
        on(by_id("show-tips"), "click", lambda _: self._open_guide("tips"))
        on(by_id("close-guide"), "click", lambda _: by_id("guide").close())
        on(by_id("language"), "change", lambda event: self._switch_language(event.target.value))
        on(document, "keydown", self._on_key)
        on(by_id("setup-form"), "submit", self._on_setup_submit)
        on(by_id("setup-cancel"), "click", lambda _: by_id("setup").close())
        on(by_id("player-count"), "change", lambda _: self._sync_setup_form())
        for radio in document.querySelectorAll("input[name=ruleset]"):
            on(radio, "change", lambda _: self._sync_setup_form())
        on(by_id("rematch"), "click", lambda _: self._rematch())
        on(window, "storage", self._on_storage)
        on(by_id("export"), "click", lambda _: self._export())
        on(by_id("import"), "click", lambda _: by_id("import-file").click())
        on(by_id("import-file"), "change", self._on_import_file)
        on(by_id("close-game-over"), "click", lambda _: by_id("game-over").close())
        on(by_id("new-game-from-over"), "click", lambda _: self._new_game_from_over())

    def _on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        """Listen through the error boundary."""

        def guarded(evt: Any) -> None:
            try:
                handler(evt)
            except Exception as error:
                window.console.error("Yacht: unexpected error\n" + traceback.format_exc())
                self._show_notice(
                    self._tr.gettext(
                        "Something went wrong and that action was not carried out ({reason}). "
                        "Your game is safe; reload the page if the board looks wrong."
                    ).format(reason=type(error).__name__)
                )

        listen(target, event, guarded)

    def _on_die_click(self, event: Any) -> None:
        die = closest(event.target, ".die")
        if die is not None and not die.disabled:
            self._toggle(int(die.dataset.index))

    def _on_scorecard_click(self, event: Any) -> None:
        button = closest(event.target, "button.option")
        if button is not None:
            # Asks first when the score would be a wasted 0; focus then moves to the next roll.
            self._extras.score(Category(button.dataset.category))

    def _on_key(self, event: Any) -> None:
        if event.ctrlKey or event.metaKey or event.altKey or event.repeat:
            return
        dialog = query("dialog[open]")
        if dialog is not None:
            if key_is_tab(event):
                keep_focus_inside(dialog, event)
            return
        tag = str(event.target.tagName)
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        if self._extras.on_key(event):
            event.preventDefault()
            return
        key = str(event.key)
        if key in ("1", "2", "3", "4", "5"):
            self._toggle(int(key) - 1)
        elif key in ("r", "R") or (key == " " and tag not in ("BUTTON", "SUMMARY", "A")):
            self.act(Roll())
        elif key in ("u", "U"):
            self.act(Undo())
        elif key in ("h", "H"):
            self._hint()
        elif key in ("n", "N"):
            self._open_setup()
        else:
            return
        event.preventDefault()

    # -- actions ---------------------------------------------------------------------------

    def act(self, action: Action, *, by_computer: bool = False) -> None:
        """Apply ``action``; an illegal one is explained and changes nothing."""
        before = self.state
        if not by_computer and self._computers_turn():
            return
        try:
            after = apply(before, action)
        except IllegalActionError as error:
            self._tell(explain(error, self._tr))
            return
        # A missing strategy table costs the coach's grade, not the move; it is told after the
        # commit, which clears the notice.
        no_advice: TableError | None = None
        try:
            graded = self._grade(before, action) if not by_computer else None
        except TableError as error:
            graded, no_advice = None, error
        if isinstance(action, Undo) and self._coach and self._coach[-1].chosen.kind == "score":
            self._coach = self._coach[:-1]  # the scoring it graded was taken back
        if graded is not None and self._coach is not None:
            self._coach = (*self._coach, graded)
        if not self._commit(after):
            return  # the move was dropped for another tab's newer game: nothing to announce
        if no_advice is not None:
            self._advice_unavailable(no_advice)
        self._extras.after_action(action, before, after, self._coach)
        if graded is not None:
            self._announce(self._advisor.say(graded, before, self._tr))
        if isinstance(action, Roll | EnterDice):
            self._renderer.roll_animation([i for i, held in enumerate(before.held) if not held])
            self._announce(roll_announcement(after, self._tr))
        elif isinstance(action, Score):
            self._renderer.flash_latest()
            self._announce(_join(score_announcement(after, self._tr), self._view().status))
            if after.is_over:
                self._open_game_over()
        elif isinstance(action, Undo):
            self._announce(_join(self._tr.gettext("Score taken back."), self._view().status))
        self._computer.wake()

    def _computer_moves(self, action: Action) -> None:
        self.act(action, by_computer=True)

    def _computers_turn(self) -> bool:
        """True (and the player told so) while a computer player has the dice."""
        if self.state.is_over or self.state.current_player.computer is None:
            return False
        self._tell(self._tr.gettext("Please wait: the computer is playing this turn."))
        return True

    def _grade(self, before: GameState, action: Action) -> CoachEntry | None:
        if self._coach is None or not isinstance(action, Roll | Score):
            return None
        return self._advisor.grade(before, action)

    def _hint(self) -> None:
        if self._computers_turn():
            return
        if self.state.is_over or self.state.dice is None:
            self._tell(self._tr.gettext("Roll the dice first: then the hint can advise you."))
            return
        try:
            self._announce(self._advisor.show_hint(self.state, self._tr))
        except TableError as error:
            self._advice_unavailable(error)

    def _advice_unavailable(self, error: TableError) -> None:
        window.console.warn(f"Yacht: no advice: {error}")
        self._tell(
            self._tr.gettext(
                "Advice needs a file that could not be loaded. Connect to the internet once, "
                "then try again: the game keeps it for offline play from then on."
            )
        )

    def _toggle_faster(self) -> None:
        self._computer.faster = not self._computer.faster
        by_id("faster").setAttribute("aria-pressed", "true" if self._computer.faster else "false")

    def _toggle(self, index: int) -> None:
        if self._computers_turn():
            return
        try:
            after = toggle_hold(self.state, index)
        except IllegalActionError as error:
            self._tell(explain(error, self._tr))
            return
        self._commit(after)
        self._extras.after_hold(after, index)

    def _commit(self, state: GameState) -> bool:
        """Show and save ``state``; False when another tab had moved on and its game is shown."""
        self.state = state
        self._advisor.clear()
        self._show_notice("")
        self._render()
        return self._save_game(state)

    def _view(self) -> BoardView:
        # One view per state and language: a click renders it and then announces from it.
        # (Identity, not equality: comparing two game states field by field costs as much.)
        last = self._last_view
        if last is None or last[0] is not self.state or last[1] is not self._tr:
            last = self._last_view = (self.state, self._tr, board_view(self.state, self._tr))
        return last[2]

    def _render(self) -> None:
        self._renderer.render(self._view())
        self._extras.render(self.state)

    def _save(self, key: str, text: str) -> None:
        """Store a record that needs no guarding (settings)."""
        try:
            self._store.write(key, text)
        except StorageUnavailable as error:
            self._note([Notice(Event.UNAVAILABLE, key, detail=str(error))])

    def _save_game(self, state: GameState) -> bool:
        result = self._games.save(state, self._coach)
        self._note(result.notices)
        if result.newer is not None:
            # Another tab moved this game on first: show its game rather than write over it.
            self._adopt(result.newer.state)
            return False
        return True

    def _adopt(self, state: GameState) -> None:
        """Show ``state``, which came from outside this tab (another tab, or an import)."""
        self.state = state
        self._render()
        over = by_id("game-over")
        if state.is_over:
            self._open_game_over()
        elif over.open:
            over.close()

    # -- other tabs, export and import -----------------------------------------------------

    def _on_storage(self, event: Any) -> None:
        # Fired in every other tab of this site when one writes; a null key means "cleared".
        key = or_none(event.key)
        if key is None or str(key) == GAME_KEY:
            newer, notices = self._games.refresh()
            self._note(notices)
            if newer is not None and newer.state != self.state:
                self._adopt(newer.state)
                self._announce(updated_from_another_tab(self._tr))
        if key is None or str(key) == SETUP_KEY:
            setup = self._setups.refresh()
            if setup is not None:
                self._setup = setup
        self._extras.storage(None if key is None else str(key))

    # Export and import, the guide: imported when first used, not at start-up (see the page
    # benchmark: every module compiled at start delays the first roll).

    def _export(self) -> None:
        from yacht.saves.export import MEDIA_TYPE, Export, dumps_export, export_file_name
        from yacht.views.save_notices import exported
        from yacht.web.files import download_text

        now = utc_now()
        game = SavedGame(self.state, self._games.revision, now)
        name = export_file_name(now)
        contents = Export(game, self._setup, now, self._extras.export_history())
        download_text(name, dumps_export(contents), MEDIA_TYPE)
        self._tell(exported(name, self._tr))

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
            self._tell(import_failed(Damage.TOO_BIG, self._tr))
            return
        read_text(file, self._import_text, self._import_unreadable)

    def _import_unreadable(self, reason: str) -> None:
        from yacht.views.save_notices import import_failed

        window.console.warn(f"Yacht: import: the file could not be read: {reason}")
        self._tell(import_failed(Damage.UNREADABLE, self._tr))

    def _import_text(self, text: str) -> None:
        # Runs in a promise callback, outside the error boundary of the event handlers.
        from yacht.saves.export import loads_export
        from yacht.views.save_notices import import_failed, imported, imported_unsaved

        try:
            contents = loads_export(text)
        except InvalidSaveError as error:
            window.console.warn(f"Yacht: import refused: {error}")
            self._tell(import_failed(damage_of(error), self._tr))
            return
        except Exception:
            window.console.error("Yacht: import failed\n" + traceback.format_exc())
            self._tell(import_failed(Damage.UNREADABLE, self._tr))
            return
        history_note = self._extras.import_history(contents.history)
        if contents.setup is not None:
            self._setup = contents.setup
            self._note(self._setups.save(contents.setup))
        if contents.game is None:
            settings_note = imported(False, self._tr) if contents.setup is not None else ""
            self._tell(_join(settings_note, history_note))
            return
        result = self._games.replace(contents.game.state)
        self._note(result.notices)
        self._adopt(contents.game.state)
        game_note = imported(True, self._tr) if result.saved else imported_unsaved(self._tr)
        self._tell(_join(game_note, history_note))

    # -- language and guide ----------------------------------------------------------------

    def _switch_language(self, language: str) -> None:
        if language not in LANGUAGES:
            return
        self._tr = translator(language)
        self._save(SETTINGS_KEY, self._extras.settings_with_language(language))
        self._apply_language()
        self._announce(LANGUAGES[language])

    def _apply_language(self) -> None:
        """Translate the static page and redraw everything in the current language."""
        tr = self._tr
        document.documentElement.lang = tr.language
        by_id("language").value = tr.language
        translate_page(tr)
        # translate_page rewrote texts the renderer also owns: let it write them all again.
        self._renderer.forget_written()
        self._label_seats()
        self._render()
        if by_id("guide").open:
            self._fill_guide(str(by_id("guide").dataset.page))
        if by_id("game-over").open:
            self._renderer.show_ranking(self._view())
        self._extras.retranslate()

    def _label_seats(self) -> None:
        labels = document.querySelectorAll(".seat-label")
        for seat in range(labels.length):
            labels.item(seat).textContent = self._default_name(seat + 1)
        kinds = document.querySelectorAll("select[name=seat-kind]")
        for seat in range(kinds.length):
            kinds.item(seat).setAttribute(
                "aria-label",
                self._tr.gettext("Player {number} is played by").format(number=seat + 1),
            )

    def _default_name(self, number: int) -> str:
        return self._tr.gettext("Player {number}").format(number=number)

    def _open_guide(self, page: str) -> None:
        self._fill_guide(page)
        dialog = by_id("guide")
        if not dialog.open:
            dialog.showModal()

    def _fill_guide(self, page: str) -> None:
        from yacht.views.guide import rules_page, tips_page

        rules = self.state.ruleset
        title, sections = (
            (self._tr.gettext("Rules"), rules_page(rules, self._tr))
            if page == "rules"
            else (self._tr.gettext("Tips"), tips_page(rules, self._tr))
        )
        by_id("guide").dataset.page = page
        render_guide(by_id("guide-title"), by_id("guide-body"), title, sections)

    # -- new game and game over ------------------------------------------------------------

    def _open_setup(self) -> None:
        form = by_id("setup-form")
        setup = self._setup
        by_id("player-count").value = str(len(setup.names))
        inputs = form.querySelectorAll("input[name=player]")
        for seat in range(inputs.length):
            inputs.item(seat).value = (
                setup.names[seat] if seat < len(setup.names) else self._default_name(seat + 1)
            )
        for radio in form.querySelectorAll("input[name=ruleset]"):
            radio.checked = radio.value == setup.ruleset
        by_id("bonus").checked = setup.upper_bonus
        by_id("coach").checked = setup.coach
        by_id("real-dice").checked = setup.real_dice
        kinds = form.querySelectorAll("select[name=seat-kind]")
        for seat in range(kinds.length):
            level = setup.seats[seat] if seat < len(setup.seats) else None
            kinds.item(seat).value = level or "human"
        self._sync_setup_form()
        by_id("setup-refusal").hidden = True
        by_id("setup").showModal()

    def _sync_setup_form(self) -> None:
        count = int(by_id("player-count").value)
        rows = by_id("player-names").querySelectorAll("li")
        for seat in range(rows.length):
            rows.item(seat).hidden = seat >= count
        chosen = query("input[name=ruleset]:checked")
        bonus = by_id("bonus")
        offers = chosen is not None and RULESETS[str(chosen.value)].offers_bonus
        bonus.disabled = not offers
        if not offers:
            bonus.checked = False
        self._extras.sync_setup_form()

    def _on_setup_submit(self, event: Any) -> None:
        event.preventDefault()
        form = by_id("setup-form")
        inputs = form.querySelectorAll("input[name=player]")
        chosen = query("input[name=ruleset]:checked")
        try:
            setup = GameSetup.from_form(
                [str(inputs.item(i).value) for i in range(inputs.length)],
                str(chosen.value) if chosen is not None else "",
                bool(by_id("bonus").checked),
                int(by_id("player-count").value),
                self._default_name,
                kinds=[str(k.value) for k in form.querySelectorAll("select[name=seat-kind]")],
                coach=bool(by_id("coach").checked),
                real_dice=bool(by_id("real-dice").checked),
            )
        except DuplicateNameError as error:
            # Said inside the dialog, which stays open: the page behind it is inert.
            refusal = by_id("setup-refusal")
            refusal.textContent = explain(error, self._tr)
            refusal.hidden = False
            return
        except InvalidSetupError:
            self._tell(self._tr.gettext("Choose a rule set and 1 to 6 players."))
            return
        by_id("setup").close()
        self._start(setup)

    def _start(self, setup: GameSetup) -> None:
        self._setup = setup
        self._note(self._setups.save(setup))
        self._begin(
            setup.start(self._seed),
            self._tr.gettext("New game of {rules} for {names}.").format(
                rules=self._tr.gettext(RULESETS[setup.ruleset].title), names=", ".join(setup.names)
            ),
            coach=setup.coach,
        )

    def _begin(self, state: GameState, announcement: str, *, coach: bool = False) -> None:
        """Start ``state``: a game from the setup dialog, or one made elsewhere (the daily)."""
        self._computer.stop()
        self._coach = () if coach else None
        self._advisor.say(None, self.state, self._tr)
        self._commit(state)
        self._announce(announcement)
        self._extras.focus_turn()
        self._computer.wake()
        self._preload_strategy_later()

    def _rematch(self) -> None:
        by_id("game-over").close()
        self._start(GameSetup.of_game(self.state, coach=self._coach is not None))

    def _new_game_from_over(self) -> None:
        by_id("game-over").close()
        self._open_setup()

    def _open_game_over(self) -> None:
        self._renderer.show_ranking(self._view())
        lines = (
            []
            if self._coach is None
            else self._advisor.summary_lines(self._coach, self.state, self._tr)
        )
        self._renderer.show_coach_summary(lines, self._tr)
        self._extras.game_over(self.state)
        dialog = by_id("game-over")
        if not dialog.open:
            dialog.showModal()
        by_id("rematch").focus()

    # -- messages --------------------------------------------------------------------------

    def _announce(self, text: str) -> None:
        announcer = by_id("announcer")
        # Clearing first makes screen readers repeat a message identical to the last one.
        announcer.textContent = ""
        announcer.textContent = text

    def _tell(self, text: str) -> None:
        """Explain why something did not happen, on screen and to screen readers."""
        self._show_notice(text)
        self._announce(text)

    def _show_notice(self, transient: str) -> None:
        text = _join(self._warning, transient)
        if text == self._notice_shown:
            return  # every click clears the notice: most have nothing to clear
        self._notice_shown = text
        notice = by_id("notice")
        notice.textContent = text
        notice.hidden = not text


def _seed_from_url() -> tuple[int | None, InvalidSeedError | None]:
    """The seed ``?seed=`` asks for, or the reason it cannot be used (the game then plays
    unseeded: a seed a save cannot hold would lose the game at every reload)."""
    raw = query_param("seed")
    if raw is None:
        return None, None
    try:
        return parse_seed(str(raw)), None
    except InvalidSeedError as error:
        return None, error


def _join(*parts: str) -> str:
    return " ".join(part for part in parts if part)
