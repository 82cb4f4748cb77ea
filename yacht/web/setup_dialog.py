"""The new-game dialog: who plays, by which rules, with what help.

The form is filled from the remembered setup when it opens; submitting it hands a checked
:class:`~yacht.game.setup.GameSetup` to the App, which starts the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document

from yacht.errors import DuplicateNameError, InvalidSetupError
from yacht.game.setup import GameSetup
from yacht.i18n import Translator
from yacht.rules.rulesets import RULESETS
from yacht.views.messages import explain
from yacht.views.seat_labels import default_name
from yacht.web.page import Listen, by_id, query


class SetupDialog:
    """Opens, keeps consistent and submits the new-game form."""

    def __init__(
        self,
        tr: Callable[[], Translator],
        remembered: Callable[[], GameSetup],
        start: Callable[[GameSetup], None],
        tell: Callable[[str], None],
        also_sync: Callable[[], None],
    ) -> None:
        self._tr = tr
        self._remembered = remembered
        self._start = start
        self._tell = tell
        self._also_sync = also_sync
        """Keeps the parts of the form other features own in step (real dice: no computers)."""

    def bind(self, on: Listen) -> None:
        """Listen to the form's controls."""
        on(by_id("setup-form"), "submit", self._submit)
        on(by_id("setup-cancel"), "click", lambda _: by_id("setup").close())
        on(by_id("player-count"), "change", lambda _: self.sync())
        for radio in document.querySelectorAll("input[name=ruleset]"):
            on(radio, "change", lambda _: self.sync())

    def default_name(self, number: int) -> str:
        """The name a seat gets when left blank: "Player 2"."""
        return default_name(self._tr(), number)

    def open(self) -> None:
        """Show the form, filled in with the setup of the last game."""
        form = by_id("setup-form")
        setup = self._remembered()
        by_id("player-count").value = str(len(setup.names))
        inputs = form.querySelectorAll("input[name=player]")
        for seat in range(inputs.length):
            inputs.item(seat).value = (
                setup.names[seat] if seat < len(setup.names) else self.default_name(seat + 1)
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
        self.sync()
        by_id("setup-refusal").hidden = True
        by_id("setup").showModal()

    def sync(self) -> None:
        """Show as many seats as players chosen; the bonus only where the rules offer it."""
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
        self._also_sync()

    def label_seats(self) -> None:
        """Name the seats' labels and controls in the current language."""
        tr = self._tr()
        labels = document.querySelectorAll(".seat-label")
        for seat in range(labels.length):
            labels.item(seat).textContent = self.default_name(seat + 1)
        kinds = document.querySelectorAll("select[name=seat-kind]")
        for seat in range(kinds.length):
            kinds.item(seat).setAttribute(
                "aria-label", tr.gettext("Player {number} is played by").format(number=seat + 1)
            )

    def _submit(self, event: Any) -> None:
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
                self.default_name,
                kinds=[str(k.value) for k in form.querySelectorAll("select[name=seat-kind]")],
                coach=bool(by_id("coach").checked),
                real_dice=bool(by_id("real-dice").checked),
            )
        except DuplicateNameError as error:
            # Said inside the dialog, which stays open: the page behind it is inert.
            refusal = by_id("setup-refusal")
            refusal.textContent = explain(error, self._tr())
            refusal.hidden = False
            return
        except InvalidSetupError:
            self._tell(self._tr().gettext("Choose a rule set and 1 to 6 players."))
            return
        by_id("setup").close()
        self._start(setup)
