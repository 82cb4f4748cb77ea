"""Challenge a friend on the page: the link sent, the challenge opened, answers compared.

The link's payload travels in the fragment (``#challenge=…``), which no server ever sees;
``?challenge=…`` is read too. Opening one never touches the game in progress until the player
says so; a link that cannot be read is explained and changes nothing. The moves of the solo
game in progress are kept in the challenge book after every move: they are what the link sent
at the end of the game carries.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import Any

from pyscript import window

from yacht.errors import ChallengeLinkError, ReplayError
from yacht.game.dice_schemes import fresh_seed
from yacht.game.replay import PlayedGame, log_of, matches, record
from yacht.game.state import GameState
from yacht.saves.challenge_book import ChallengeSlot, with_own, with_received
from yacht.saves.challenge_link import CHALLENGE_LINK, ChallengeLink, finished_link
from yacht.session.challenge_compare import compare
from yacht.session.session import Step
from yacht.views import challenge as words
from yacht.web.challenge_address import PARAMETER, link_in_address
from yacht.web.challenge_share import Sharer
from yacht.web.hooks import Hooks
from yacht.web.page import by_id, create


class ChallengeView:
    """The "Challenge a friend" commands and their dialog."""

    def __init__(self, hooks: Hooks) -> None:
        self._hooks = hooks
        self._slot = ChallengeSlot(hooks.store)
        self._dialog = by_id("challenge-dialog")
        self._invited: ChallengeLink | None = None
        """A challenge opened from a link, waiting for the player to take it."""
        self._sending: ChallengeLink | None = None
        self._shown: PlayedGame | None = None
        """The game whose comparison or results the dialog shows."""
        self._sharer = Sharer(hooks, by_id("challenge-link"))

    def bind(self) -> None:
        """Listen to the commands, then open a link the page was started with."""
        on = self._hooks.on
        on(by_id("challenge"), "click", lambda _: self.open())
        on(by_id("challenge-from-over"), "click", lambda _: self._from_game_over())
        on(by_id("challenge-play"), "click", lambda _: self._play())
        on(by_id("challenge-start"), "click", lambda _: self._start_fresh())
        on(by_id("challenge-share"), "click", lambda _: self._share())
        on(by_id("challenge-close"), "click", lambda _: self._dialog.close())
        # A link pasted into the address bar of an open tab changes only the fragment.
        on(window, "hashchange", lambda _: self._open_link(link_in_address()))
        self._hooks.note(self._slot.open())
        self._open_link(link_in_address())

    # -- hooks from the App --------------------------------------------------------------------

    def after_step(self, moved: Step) -> None:
        """Keep the moves of a solo game of duplicate dice (and its result once finished)."""
        before, after = moved.before.game, moved.session.game
        log = self._slot.book.playing
        if log is None or not matches(log, before):
            log = log_of(before)
        if log is None and self._slot.book.playing is None:
            return  # not a game its moves can tell: nothing to keep
        if log is not None:
            log = record(log, before, moved.action)
        game = log if log is not None and after.is_over else None
        entry = None if game is None else self._slot.book.entry_for(game)

        def edit(book: Any) -> Any:
            book = replace(book, playing=log)
            return with_own(book, game) if game is not None and entry is not None else book

        self._hooks.note(self._slot.change(edit))

    def game_over(self, state: GameState) -> None:
        """Offer the challenge in the game-over dialog when this game can be sent or compared."""
        game = self._finished(state)
        button = by_id("challenge-from-over")
        button.hidden = game is None
        if game is None:
            return
        entry = self._slot.book.entry_for(game)
        tr = self._hooks.tr()
        answering = entry is not None and any(not o.reply for o in entry.others)
        button.textContent = (
            tr.gettext("Compare with the challenger")
            if answering
            else tr.gettext("Challenge a friend")
        )

    def retranslate(self) -> None:
        """After the language changed: write the open dialog again."""
        self.game_over(self._hooks.state())
        if self._dialog.open:
            self._show()

    # -- commands ------------------------------------------------------------------------------

    def open(self) -> None:
        """The menu's command: send the finished game, or the game in progress, or start one."""
        state = self._hooks.state()
        game = self._finished(state)
        if game is not None:
            self._offer_finished(game)
            return
        log = self._slot.book.playing
        live = log is not None and matches(log, state)
        self._invited = None
        self._shown = None
        self._sending = ChallengeLink(replace(log, turns=())) if live and log else None
        self._show()

    def _from_game_over(self) -> None:
        game = self._finished(self._hooks.state())
        by_id("game-over").close()
        if game is not None:
            self._offer_finished(game)

    def _offer_finished(self, game: PlayedGame) -> None:
        entry = self._slot.book.entry_for(game)
        answering = entry is not None and any(not o.reply for o in entry.others)
        self._invited = None
        self._sending = finished_link(game, reply=answering)
        self._shown = game if entry is not None and entry.others else None
        self._show()

    def _open_link(self, text: str | None) -> None:
        if text is None:
            return
        _forget_link_in_address()
        tr = self._hooks.tr()
        try:
            link = CHALLENGE_LINK.decode(text)
        except ChallengeLinkError as error:
            self._hooks.tell(words.link_error(error, tr))
            return
        self._hooks.note(self._slot.change(lambda book: with_received(book, link)))
        if link.reply:
            own = self._slot.book.entry_for(link.game)
            self._invited, self._sending = None, None
            self._shown = own.own if own is not None and own.own is not None else None
            self._hooks.announce(
                tr.gettext("{name}'s answer was added to the challenge's results.").format(
                    name=link.game.name
                )
            )
        else:
            self._invited, self._sending, self._shown = link, None, None
        self._show()

    def _play(self) -> None:
        link = self._invited
        if link is None:
            return
        self._dialog.close()
        game = replace(link.game, name=self._hooks.default_name(), turns=())
        tr = self._hooks.tr()
        self._hooks.begin(
            game.start(),
            tr.gettext("Challenge from {name}: the same dice, your decisions.").format(
                name=link.game.name
            ),
        )

    def _start_fresh(self) -> None:
        self._dialog.close()
        rules = self._hooks.state().ruleset
        game = PlayedGame(rules, fresh_seed(), self._hooks.default_name())
        self._hooks.note(self._slot.change(lambda book: with_received(book, ChallengeLink(game))))
        tr = self._hooks.tr()
        self._hooks.begin(
            game.start(), tr.gettext("A new challenge game: send the link from the menu.")
        )

    def _finished(self, state: GameState) -> PlayedGame | None:
        log = self._slot.book.playing
        if state.is_over and log is not None and log.finished and matches(log, state):
            return log
        return None

    # -- the dialog ----------------------------------------------------------------------------

    def _show(self) -> None:
        tr = self._hooks.tr()
        invited, sending = self._invited, self._sending
        about = ""
        if invited is not None:
            about = words.invitation(invited, tr)
            if self._hooks.state().rolls_made and not self._hooks.state().is_over:
                about += " " + tr.gettext("Playing it replaces the game in progress.")
        elif sending is None and self._shown is None:
            about = tr.gettext(
                "Start a new solo game whose dice a friend can throw too: send the link from "
                "this menu now, or when you have finished."
            )
        elif sending is not None:
            about = tr.gettext(
                "Send this link: your friend plays the same dice, and their answer comes back "
                "as a link to open here."
            )
        by_id("challenge-about").textContent = about
        by_id("challenge-warning").textContent = (
            words.claim_warning(invited, tr) if invited is not None else ""
        )
        by_id("challenge-honest").textContent = words.honesty_note(tr)
        by_id("challenge-play").hidden = invited is None
        by_id("challenge-start").hidden = invited is not None or sending is not None
        by_id("challenge-share").hidden = sending is None
        by_id("challenge-share").textContent = (
            tr.gettext("Send your answer")
            if sending is not None and sending.reply
            else tr.gettext("Share the link")
        )
        by_id("challenge-link").hidden = True
        self._show_comparison()
        if not self._dialog.open:
            self._dialog.showModal()
        _first_visible("challenge-play", "challenge-share", "challenge-start", "challenge-close")

    def _show_comparison(self) -> None:
        tr = self._hooks.tr()
        box, table, turns = (
            by_id("challenge-compare"),
            by_id("challenge-table"),
            by_id("challenge-turns"),
        )
        results = by_id("challenge-results")
        table.replaceChildren()
        turns.replaceChildren()
        results.replaceChildren()
        game = self._shown
        entry = None if game is None else self._slot.book.entry_for(game)
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
        rows = [(str(r.rank), r.name, str(r.total), r.note) for r in words.results(entry, tr)]
        header = (tr.gettext("Rank"), tr.gettext("Player"), tr.gettext("Score"), "")
        _fill_table(results, tr.gettext("Results of this challenge"), header, rows)

    def _share(self) -> None:
        link = self._sending
        if link is None:
            return
        game = link.game
        if link.claimed is not None and not link.reply:
            self._hooks.note(self._slot.change(lambda book: with_own(book, game)))
        elif link.claimed is None:
            self._hooks.note(self._slot.change(lambda book: with_received(book, link)))
        location = window.location
        url = f"{location.origin}{location.pathname}#{PARAMETER}={CHALLENGE_LINK.encode(link)}"
        self._sharer.share(words.share_text(link, url, self._hooks.tr()))


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


def _first_visible(*ids: str) -> None:
    for element_id in ids:
        element = by_id(element_id)
        if not element.hidden:
            element.focus()
            return


def _forget_link_in_address() -> None:
    # A reload must not open the link again (nor a bookmark carry it).
    params = window.URLSearchParams.new(window.location.search)
    params.delete(PARAMETER)
    search = str(params.toString())
    location = window.location
    address = f"{location.pathname}{'?' + search if search else ''}"
    window.history.replaceState(None, "", address)
