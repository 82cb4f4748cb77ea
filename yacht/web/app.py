"""The controller: DOM events in, pure actions on the game state, render, save.

Data flows one way — event -> action -> new state -> render -> save — and every handler runs
inside an error boundary, so a player never sees a traceback.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from typing import Any

from pyscript import document, window

from yacht.actions import Action, Roll, Score, Undo, apply
from yacht.board import BoardView, board_view, roll_announcement, score_announcement
from yacht.categories import Category
from yacht.errors import IllegalActionError, InvalidSaveError, InvalidSetupError
from yacht.game import GameState, toggle_hold
from yacht.game_setup import GameSetup
from yacht.guide import rules_page, tips_page
from yacht.i18n import LANGUAGES, negotiate, translator
from yacht.messages import explain
from yacht.rulesets import RULESETS
from yacht.save import dumps, loads
from yacht.web.page import by_id, closest, listen, query, query_param
from yacht.web.render import Renderer, render_guide, translate_page
from yacht.web.storage import GAME_KEY, SETTINGS_KEY, SETUP_KEY, LocalStore, StorageUnavailable

BACKUP_KEY = GAME_KEY + ":backup"


class App:
    """One game on one page."""

    def __init__(self) -> None:
        self._store = LocalStore()
        self._renderer = Renderer()
        self._warning = ""
        self._tr = translator(self._choose_language())
        self._seed = _seed_from_url()
        self._setup = self._load_setup()
        self.state = self._load_game()

    # -- start-up --------------------------------------------------------------------------

    def start(self) -> None:
        """Wire the controls, draw the game and tell the page (and tests) it is interactive."""
        self._bind()
        self._apply_language()
        roll = by_id("roll")
        roll.classList.remove("loading")
        self._show_notice("")
        if self.state.is_over:
            self._open_game_over()
        document.documentElement.dataset.ready = "true"

    def _load_setup(self) -> GameSetup:
        try:
            text = self._store.read(SETUP_KEY)
            return GameSetup.from_dict(json.loads(text)) if text else GameSetup()
        except (StorageUnavailable, ValueError):
            return GameSetup()

    def _load_game(self) -> GameState:
        try:
            text = self._store.read(GAME_KEY)
        except StorageUnavailable:
            self._warning = self._not_saving()
            return self._setup.start(self._seed)
        if text is None:
            return self._setup.start(self._seed)
        try:
            state = loads(text)
        except InvalidSaveError as error:
            self._keep_backup(text)
            self._warning = self._tr.gettext(
                "Your saved game could not be opened ({reason}). A new game has started; "
                "the old save is kept in this browser as a backup."
            ).format(reason=error)
            return self._setup.start(self._seed)
        if self._seed is not None and state.seed != self._seed:
            # The URL asks for a particular seeded game; keep the other one as a backup.
            self._keep_backup(text)
            return self._setup.start(self._seed)
        return state

    def _keep_backup(self, text: str) -> None:
        try:
            self._store.write(BACKUP_KEY, text)
        except StorageUnavailable:
            self._warning = self._not_saving()

    def _not_saving(self) -> str:
        return self._tr.gettext(
            "This browser is not letting the page save, so progress will not be kept after "
            "you leave."
        )

    def _choose_language(self) -> str:
        forced = query_param("lang")
        if forced in LANGUAGES:
            return str(forced)
        try:
            text = self._store.read(SETTINGS_KEY)
            remembered = json.loads(text).get("language") if text else None
        except (StorageUnavailable, ValueError, AttributeError):
            remembered = None
        if remembered in LANGUAGES:
            return str(remembered)
        return negotiate(str(code) for code in window.navigator.languages)

    # -- events ----------------------------------------------------------------------------

    def _bind(self) -> None:
        on = self._on
        on(by_id("roll"), "click", lambda _: self.act(Roll()))
        on(by_id("undo"), "click", lambda _: self.act(Undo()))
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
            self.act(Score(Category(button.dataset.category)))
            # The clicked button is gone now; the next thing to do is the next player's roll.
            by_id("roll").focus()

    def _on_key(self, event: Any) -> None:
        if event.ctrlKey or event.metaKey or event.altKey or event.repeat:
            return
        if query("dialog[open]") is not None:
            return
        tag = str(event.target.tagName)
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        key = str(event.key)
        if key in ("1", "2", "3", "4", "5"):
            self._toggle(int(key) - 1)
        elif key in ("r", "R") or (key == " " and tag not in ("BUTTON", "SUMMARY", "A")):
            self.act(Roll())
        elif key in ("u", "U"):
            self.act(Undo())
        elif key in ("n", "N"):
            self._open_setup()
        else:
            return
        event.preventDefault()

    # -- actions ---------------------------------------------------------------------------

    def act(self, action: Action) -> None:
        """Apply ``action``; an illegal one is explained and changes nothing."""
        before = self.state
        try:
            after = apply(before, action)
        except IllegalActionError as error:
            self._tell(explain(error, self._tr))
            return
        self._commit(after)
        if isinstance(action, Roll):
            self._renderer.roll_animation([i for i, held in enumerate(before.held) if not held])
            self._announce(roll_announcement(after, self._tr))
        elif isinstance(action, Score):
            self._renderer.flash_latest()
            self._announce(_join(score_announcement(after, self._tr), self._view().status))
            if after.is_over:
                self._open_game_over()
        elif isinstance(action, Undo):
            self._announce(_join(self._tr.gettext("Score taken back."), self._view().status))

    def _toggle(self, index: int) -> None:
        try:
            after = toggle_hold(self.state, index)
        except IllegalActionError as error:
            self._tell(explain(error, self._tr))
            return
        self._commit(after)

    def _commit(self, state: GameState) -> None:
        self.state = state
        self._show_notice("")
        self._render()
        self._save(GAME_KEY, dumps(state))

    def _view(self) -> BoardView:
        return board_view(self.state, self._tr)

    def _render(self) -> None:
        self._renderer.render(self._view())

    def _save(self, key: str, text: str) -> None:
        try:
            self._store.write(key, text)
        except StorageUnavailable:
            if not self._warning:
                self._warning = self._not_saving()
                self._show_notice("")

    # -- language and guide ----------------------------------------------------------------

    def _switch_language(self, language: str) -> None:
        if language not in LANGUAGES:
            return
        self._tr = translator(language)
        self._save(SETTINGS_KEY, json.dumps({"version": 1, "language": language}))
        self._apply_language()
        self._announce(LANGUAGES[language])

    def _apply_language(self) -> None:
        """Translate the static page and redraw everything in the current language."""
        tr = self._tr
        document.documentElement.lang = tr.language
        by_id("language").value = tr.language
        translate_page(tr)
        self._label_seats()
        self._render()
        if by_id("guide").open:
            self._fill_guide(str(by_id("guide").dataset.page))
        if by_id("game-over").open:
            self._renderer.show_ranking(self._view())

    def _label_seats(self) -> None:
        labels = document.querySelectorAll(".seat-label")
        for seat in range(labels.length):
            labels.item(seat).textContent = self._default_name(seat + 1)

    def _default_name(self, number: int) -> str:
        return self._tr.gettext("Player {number}").format(number=number)

    def _open_guide(self, page: str) -> None:
        self._fill_guide(page)
        dialog = by_id("guide")
        if not dialog.open:
            dialog.showModal()

    def _fill_guide(self, page: str) -> None:
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
        self._sync_setup_form()
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
            )
        except InvalidSetupError:
            self._tell(self._tr.gettext("Choose a rule set and 1 to 6 players."))
            return
        by_id("setup").close()
        self._start(setup)

    def _start(self, setup: GameSetup) -> None:
        self._setup = setup
        self._save(SETUP_KEY, json.dumps(setup.to_dict()))
        self._commit(setup.start(self._seed))
        self._announce(
            self._tr.gettext("New game of {rules} for {names}.").format(
                rules=self._tr.gettext(RULESETS[setup.ruleset].title), names=", ".join(setup.names)
            )
        )
        by_id("roll").focus()

    def _rematch(self) -> None:
        by_id("game-over").close()
        self._start(GameSetup.of_game(self.state))

    def _new_game_from_over(self) -> None:
        by_id("game-over").close()
        self._open_setup()

    def _open_game_over(self) -> None:
        self._renderer.show_ranking(self._view())
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
        notice = by_id("notice")
        text = _join(self._warning, transient)
        notice.textContent = text
        notice.hidden = not text


def _seed_from_url() -> int | None:
    raw = query_param("seed")
    if raw is None:
        return None
    try:
        return int(raw)
    except ValueError:
        return None


def _join(*parts: str) -> str:
    return " ".join(part for part in parts if part)
