"""History and statistics, real dice, the daily challenge and the feel of the game, on the page.

One object the App holds and calls at a few points (start, each render, each action, game over,
keys, storage events, export and import), so the App's own flow stays readable and each feature
lives in its own module:

- :mod:`yacht.web.history_view` — finished games kept, the statistics page, clearing;
- :mod:`yacht.web.daily_view` — today's challenge and its shareable result;
- :mod:`yacht.web.challenge_view` — challenging a friend with the same dice, and the answers
  (loaded when first needed, :mod:`yacht.web.challenge_on_demand`);
- :mod:`yacht.web.dice_entry` — entering the faces thrown with real dice;
- :mod:`yacht.web.scratch_confirm` — the question before a wasted 0;
- :mod:`yacht.web.score_preview` — the dice an option counts, while it is pointed at;
- :mod:`yacht.web.sound` — optional sound effects.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from yacht.game.state import GameState
from yacht.rules.categories import Category
from yacht.saves.keys import HISTORY_KEY
from yacht.session.session import Held, Rolled, Scored, Step
from yacht.web.challenge_on_demand import ChallengeOnDemand
from yacht.web.daily_view import DailyView
from yacht.web.dice_entry import DiceEntry
from yacht.web.history_view import HistoryView
from yacht.web.hooks import Hooks
from yacht.web.page import by_id
from yacht.web.score_preview import ScorePreview
from yacht.web.scratch_confirm import ScratchConfirm
from yacht.web.sound import Sound

if TYPE_CHECKING:  # the history's code loads once the page is idle
    from yacht.saves.history import History, HistoryEntry


class Extras:
    """The features of "a game people come back to", wired to the App."""

    def __init__(self, hooks: Hooks) -> None:
        self._hooks = hooks
        self.history = HistoryView(hooks)
        self._daily = DailyView(hooks, self.history)
        self._challenge = ChallengeOnDemand(hooks)
        self._dice_entry = DiceEntry(hooks)
        self._scratch = ScratchConfirm(hooks, self.focus_turn)
        self._preview = ScorePreview(hooks)
        self._sound = Sound(hooks.preferences.settings.sound)

    def start(self) -> None:
        """Listen to the controls and open the stored history (after the App drew the board)."""
        self.history.bind()
        self._daily.bind()
        self._challenge.bind()
        self._dice_entry.bind()
        self._scratch.bind()
        self._preview.bind()
        self._hooks.on(by_id("sound"), "click", lambda _: self._toggle_sound())
        self._hooks.on(by_id("real-dice"), "change", lambda _: self.sync_setup_form())
        self._show_sound()

    # -- hooks the App calls -----------------------------------------------------------------

    def render(self, state: GameState) -> None:
        """After every render of the board."""
        self._dice_entry.render(state)
        self._preview.render(state)

    def after_step(self, moved: Step) -> None:
        """After a move was made and saved: record a finished game, play the move's sounds."""
        after = moved.session
        self.history.after_action(moved.before.game, after.game, after.coach)
        self._challenge.after_step(moved)
        for effect in moved.effects:
            match effect:
                case Rolled():
                    self._sound.play("roll")
                case Held(held=held):
                    self._sound.play("hold" if held else "release")
                case Scored(points=points):
                    self._sound.play("zero" if points == 0 else "score")

    def score(self, category: Category) -> None:
        """The player chose ``category`` on the scorecard (asked first if it wastes points)."""
        self._scratch.score(category)

    def on_key(self, event: Any) -> bool:
        """A key pressed away from dialogs and fields; whether it was used here."""
        return self._dice_entry.on_key(str(event.key), str(event.target.tagName))

    def focus_turn(self) -> None:
        """Focus what the player does next: the Roll button, or the faces field for real dice."""
        if not self._dice_entry.focus():
            by_id("roll").focus()

    def game_over(self, state: GameState) -> None:
        """When the game-over dialog is filled: the daily result to share, if any."""
        self._daily.show_result(state)
        self._challenge.game_over(state)

    def retranslate(self) -> None:
        """After the language changed."""
        self.history.retranslate()
        self._daily.show_result(self._hooks.state())
        self._challenge.retranslate()
        self._show_sound()

    def storage(self, key: str | None) -> None:
        """Another tab wrote ``key`` (None: storage was cleared)."""
        if key is None or key == HISTORY_KEY:
            self.history.refresh()

    def export_history(self) -> History:
        """The history to put in an export file."""
        return self.history.history

    def import_history(
        self, imported: History | None, downloaded: Sequence[HistoryEntry] = ()
    ) -> str:
        """Merge the history of an imported file (``downloaded``: the games past the limit,
        already handed to the player); what to tell the player ("" for none)."""
        return "" if imported is None else self.history.merge(imported, downloaded)

    def sync_setup_form(self) -> None:
        """Real dice seat only people: the computer choices are off while it is ticked."""
        real = bool(by_id("real-dice").checked)
        kinds = by_id("setup-form").querySelectorAll("select[name=seat-kind]")
        for index in range(kinds.length):
            kind = kinds.item(index)
            kind.disabled = real
            if real:
                kind.value = "human"

    # -- sound -----------------------------------------------------------------------------

    def _toggle_sound(self) -> None:
        self._sound.enabled = not self._sound.enabled
        # Unsaved, the switch still works for this visit; the notice says why it isn't kept.
        self._hooks.note(self._hooks.preferences.change(sound=self._sound.enabled))
        self._show_sound()
        self._sound.play("score")
        tr = self._hooks.tr()
        self._hooks.announce(
            tr.gettext("Sound effects on.") if self._sound.enabled else tr.gettext("Sound off.")
        )

    def _show_sound(self) -> None:
        by_id("sound").setAttribute("aria-pressed", "true" if self._sound.enabled else "false")
