"""The "Challenge a friend" dialog: written from what it shows, focused when it opens, and the
focus handed back to the board when it closes.

One dialog serves every moment of a challenge: the invitation of a link opened, the link to
send after a game (or for a fresh one), and the comparison with the results of the challenge.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import document, window

from yacht.errors import ChallengeLinkError, ReplayError
from yacht.game.replay import PlayedGame
from yacht.game.state import GameState
from yacht.i18n import Translator
from yacht.saves.challenge_book import ChallengeBook
from yacht.saves.challenge_link import ChallengeLink
from yacht.session.challenge_compare import compare
from yacht.views import challenge as words
from yacht.web.page import by_id, create, or_none

ACTIONS = ("challenge-play", "challenge-share", "challenge-start", "challenge-resume")
"""The dialog's commands, the one to focus first first (Close comes last, always shown)."""


@dataclass(frozen=True)
class Showing:
    """What the dialog shows."""

    invited: ChallengeLink | None = None
    """A challenge opened from a link, waiting for the player to take it."""
    sending: ChallengeLink | None = None
    """The link the Share button sends."""
    shown: PlayedGame | None = None
    """The game whose comparison and results are shown."""


def in_progress(state: GameState) -> bool:
    """Whether ``state`` is a game being played, which a challenge would put aside."""
    return bool(state.rolls_made) and not state.is_over


class ChallengeDialog:
    """Writes the dialog (its commands are :class:`~yacht.web.challenge_view.ChallengeView`)."""

    def __init__(self) -> None:
        self.element = by_id("challenge-dialog")

    def on_close(self) -> None:
        """When the dialog closed: give the focus back to the board if it went nowhere.

        The browser gives it back to what had it before the dialog opened; that may be gone
        (a link opened with the page, a button of the game-over dialog). Deferred, so the
        menu (static/menu.js) first takes it back to its own button when it opened the dialog.
        """
        window.setTimeout(create_once_callable(_focus_board_if_lost), 0)

    def show(self, showing: Showing, book: ChallengeBook, state: GameState, tr: Translator) -> None:
        """Write the dialog for ``showing`` and open it (focused on its main command)."""
        invited, sending = showing.invited, showing.sending
        # A link received is someone else's challenge: "Challenge a friend" would read as if
        # the player were sending one.
        by_id("challenge-title").textContent = (
            tr.gettext("A challenge from {name}").format(name=invited.game.name)
            if invited is not None
            else tr.gettext("Challenge a friend")
        )
        by_id("challenge-about").textContent = _about(showing, state, tr)
        by_id("challenge-warning").textContent = (
            words.claim_warning(invited, tr) if invited is not None else ""
        )
        by_id("challenge-honest").textContent = words.honesty_note(tr)
        by_id("challenge-play").hidden = invited is None
        by_id("challenge-start").hidden = invited is not None or sending is not None
        by_id("challenge-resume").hidden = invited is not None or book.aside is None
        share = by_id("challenge-share")
        share.hidden = sending is None
        share.textContent = (
            tr.gettext("Send your answer")
            if sending is not None and sending.reply
            else tr.gettext("Share the link")
        )
        by_id("challenge-link").hidden = True
        self._show_comparison(showing.shown, book, tr)
        if not self.element.open:
            self.element.showModal()
        main = next((by_id(i) for i in ACTIONS if not by_id(i).hidden), by_id("challenge-close"))
        main.focus()

    def _show_comparison(
        self, game: PlayedGame | None, book: ChallengeBook, tr: Translator
    ) -> None:
        box, table, turns = (
            by_id("challenge-compare"),
            by_id("challenge-table"),
            by_id("challenge-turns"),
        )
        results = by_id("challenge-results")
        for element in (table, turns, results):
            element.replaceChildren()
        by_id("challenge-summary").textContent = ""
        entry = None if game is None else book.entry_for(game)
        box.hidden = entry is None
        if entry is None or game is None:
            return
        rival = entry.others[-1] if entry.others else None
        if rival is not None:
            with contextlib.suppress(ChallengeLinkError, ReplayError):
                view = words.comparison_view(compare(game, rival.game), game.ruleset, tr)
                _fill_table(table, view.caption, view.header, view.rows)
                by_id("challenge-summary").textContent = view.summary
                for line in view.turns:
                    turns.appendChild(create("li", text=line))
        # The note ("you", "link edited") goes with the name: a column of its own would need
        # a header, and a phone the width.
        rows = [
            (str(r.rank), f"{r.name} ({r.note})" if r.note else r.name, str(r.total))
            for r in words.results(entry, tr)
        ]
        header = (tr.gettext("Rank"), tr.gettext("Player"), tr.gettext("Score"))
        _fill_table(results, tr.gettext("Results of this challenge"), header, rows)


def _about(showing: Showing, state: GameState, tr: Translator) -> str:
    invited, sending = showing.invited, showing.sending
    kept = (
        " "
        + tr.gettext(
            "Your game in progress is kept: you can resume it afterwards from Menu → "
            "Challenge a friend."
        )
        if in_progress(state)
        else ""
    )
    if invited is not None:
        return words.invitation(invited, tr) + kept
    if sending is None and showing.shown is None:
        return (
            tr.gettext(
                "Start a new solo game whose dice a friend can throw too: send the link from "
                "this menu now, or when you have finished."
            )
            + kept
        )
    if sending is not None:
        return tr.gettext(
            "Send this link: your friend plays the same dice, and their answer comes back "
            "as a link to open here."
        )
    return ""


def _fill_table(table: Any, caption: str, header: tuple[str, ...], rows: Any) -> None:
    table.replaceChildren()
    table.appendChild(create("caption", text=caption))
    head = create("tr")
    for text in header:
        cell = create("th", text=text)
        cell.setAttribute("scope", "col")
        head.appendChild(cell)
    table.appendChild(head)
    for row in rows:
        line = create("tr")
        first = create("th", text=row[0])
        first.setAttribute("scope", "row")
        line.appendChild(first)
        for text in row[1:]:
            line.appendChild(create("td", text=text))
        table.appendChild(line)


def _focus_board_if_lost() -> None:
    # Lost: on the page's body, or still on the closed dialog (the browser moves it off a
    # control that is no longer shown only when it next draws the page).
    active = or_none(document.activeElement)
    dialog = by_id("challenge-dialog")
    if active is None or str(active.tagName) == "BODY" or dialog.contains(active):
        roll = by_id("roll")
        (by_id("new-game") if roll.disabled else roll).focus()
