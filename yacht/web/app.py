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
from yacht.board import board_view, roll_announcement, score_announcement
from yacht.categories import Category
from yacht.errors import IllegalActionError, InvalidSaveError, InvalidSetupError
from yacht.game import GameState, toggle_hold
from yacht.game_setup import GameSetup
from yacht.rulesets import RULESETS
from yacht.save import dumps, loads
from yacht.web.page import by_id, closest, listen, query, query_param
from yacht.web.render import Renderer
from yacht.web.storage import GAME_KEY, SETUP_KEY, LocalStore, StorageUnavailable

BACKUP_KEY = GAME_KEY + ":backup"
NOT_SAVING = (
    "This browser is not letting the page save, so progress will not be kept after you leave."
)


class App:
    """One game on one page."""

    def __init__(self) -> None:
        self._store = LocalStore()
        self._renderer = Renderer()
        self._warning = ""
        self._seed = _seed_from_url()
        self._setup = self._load_setup()
        self.state = self._load_game()

    # -- start-up --------------------------------------------------------------------------

    def start(self) -> None:
        """Wire the controls, draw the game and tell the page (and tests) it is interactive."""
        self._bind()
        self._render()
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
            self._warning = NOT_SAVING
            return self._setup.start(self._seed)
        if text is None:
            return self._setup.start(self._seed)
        try:
            state = loads(text)
        except InvalidSaveError as error:
            self._keep_backup(text)
            self._warning = (
                f"Your saved game could not be opened ({error}). A new game has started; "
                "the old save is kept in this browser as a backup."
            )
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
            self._warning = NOT_SAVING

    # -- events ----------------------------------------------------------------------------

    def _bind(self) -> None:
        on = self._on
        on(by_id("roll"), "click", lambda _: self.act(Roll()))
        on(by_id("undo"), "click", lambda _: self.act(Undo()))
        on(by_id("dice"), "click", self._on_die_click)
        on(by_id("scorecard"), "click", self._on_scorecard_click)
        on(by_id("new-game"), "click", lambda _: self._open_setup())
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
                    "Something went wrong and that action was not carried out "
                    f"({type(error).__name__}). Your game is safe; reload the page if the "
                    "board looks wrong."
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
            self._tell(_sentence(str(error)))
            return
        self._commit(after)
        if isinstance(action, Roll):
            self._renderer.roll_animation([i for i, held in enumerate(before.held) if not held])
            self._announce(roll_announcement(after))
        elif isinstance(action, Score):
            self._renderer.flash_latest()
            self._announce(_join(score_announcement(after), board_view(after).status))
            if after.is_over:
                self._open_game_over()
        elif isinstance(action, Undo):
            self._announce("Score taken back. " + board_view(after).status)

    def _toggle(self, index: int) -> None:
        try:
            after = toggle_hold(self.state, index)
        except IllegalActionError as error:
            self._tell(_sentence(str(error)))
            return
        self._commit(after)

    def _commit(self, state: GameState) -> None:
        self.state = state
        self._show_notice("")
        self._render()
        self._save(GAME_KEY, dumps(state))

    def _render(self) -> None:
        self._renderer.render(board_view(self.state))

    def _save(self, key: str, text: str) -> None:
        try:
            self._store.write(key, text)
        except StorageUnavailable:
            if not self._warning:
                self._warning = NOT_SAVING
                self._show_notice("")

    # -- new game and game over ------------------------------------------------------------

    def _open_setup(self) -> None:
        form = by_id("setup-form")
        setup = self._setup
        by_id("player-count").value = str(len(setup.names))
        inputs = form.querySelectorAll("input[name=player]")
        for seat in range(inputs.length):
            inputs.item(seat).value = (
                setup.names[seat] if seat < len(setup.names) else f"Player {seat + 1}"
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
            )
        except InvalidSetupError as error:
            self._tell(_sentence(str(error)))
            return
        by_id("setup").close()
        self._start(setup)

    def _start(self, setup: GameSetup) -> None:
        self._setup = setup
        self._save(SETUP_KEY, json.dumps(setup.to_dict()))
        self._commit(setup.start(self._seed))
        names = ", ".join(setup.names)
        self._announce(f"New game of {RULESETS[setup.ruleset].title} for {names}.")
        by_id("roll").focus()

    def _rematch(self) -> None:
        by_id("game-over").close()
        self._start(GameSetup.of_game(self.state))

    def _new_game_from_over(self) -> None:
        by_id("game-over").close()
        self._open_setup()

    def _open_game_over(self) -> None:
        self._renderer.show_ranking(board_view(self.state))
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


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _join(*parts: str) -> str:
    return " ".join(part for part in parts if part)
