"""Challenge a friend on the page: the link sent, the challenge opened, answers compared.

Opening a link never touches the game in progress until the player says so; a link that cannot
be read is explained and changes nothing. Playing a challenge while a game is in progress puts
that game aside in a backup slot (:mod:`yacht.saves.set_aside`), and the dialog offers it back.
The moves of the solo game in progress are kept in the challenge book after every move: they
are what the link sent at the end of the game carries. The dialog itself is written by
:mod:`yacht.web.challenge_dialog`, the address read by :mod:`yacht.web.challenge_address`.
"""

from __future__ import annotations

from dataclasses import replace

from pyscript import window

from yacht.errors import ChallengeLinkError
from yacht.game.dice_schemes import fresh_seed
from yacht.game.replay import PlayedGame, log_of, matches, record
from yacht.game.state import GameState
from yacht.saves.challenge_book import ChallengeBook, ChallengeSlot, with_own, with_received
from yacht.saves.challenge_link import CHALLENGE_LINK, ChallengeLink, finished_link
from yacht.saves.set_aside import SetAside, put_aside, taken_back
from yacht.session.session import Session, Step
from yacht.views import challenge as words
from yacht.web.challenge_address import address_of, forget_link_in_address, link_in_address
from yacht.web.challenge_dialog import ChallengeDialog, Showing, in_progress
from yacht.web.challenge_share import Sharer
from yacht.web.hooks import Hooks
from yacht.web.page import by_id


class ChallengeView:
    """The "Challenge a friend" commands."""

    def __init__(self, hooks: Hooks) -> None:
        self._hooks = hooks
        self._slot = ChallengeSlot(hooks.store)
        self._dialog = ChallengeDialog()
        self._showing = Showing()
        self._sharer = Sharer(hooks, by_id("challenge-link"))

    def bind(self) -> None:
        """Listen to the commands, then open a link the page was started with."""
        on = self._hooks.on
        on(by_id("challenge"), "click", lambda _: self.open())
        on(by_id("challenge-from-over"), "click", lambda _: self._from_game_over())
        on(by_id("challenge-play"), "click", lambda _: self._play())
        on(by_id("challenge-start"), "click", lambda _: self._start_fresh())
        on(by_id("challenge-share"), "click", lambda _: self._share())
        on(by_id("challenge-resume"), "click", lambda _: self._resume())
        on(by_id("challenge-close"), "click", lambda _: self._dialog.element.close())
        on(self._dialog.element, "close", lambda _: self._dialog.on_close())
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

        def edit(book: ChallengeBook) -> ChallengeBook:
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
        if self._dialog.element.open:
            self._show(self._showing)

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
        self._show(Showing(sending=ChallengeLink(replace(log, turns=())) if live and log else None))

    def _from_game_over(self) -> None:
        game = self._finished(self._hooks.state())
        by_id("game-over").close()
        if game is not None:
            self._offer_finished(game)

    def _offer_finished(self, game: PlayedGame) -> None:
        entry = self._slot.book.entry_for(game)
        answering = entry is not None and any(not o.reply for o in entry.others)
        shown = game if entry is not None and entry.others else None
        self._show(Showing(sending=finished_link(game, reply=answering), shown=shown))

    def _open_link(self, text: str | None) -> None:
        if text is None:
            return
        forget_link_in_address()
        tr = self._hooks.tr()
        try:
            link = CHALLENGE_LINK.decode(text)
        except ChallengeLinkError as error:
            self._hooks.tell(words.link_error(error, tr))
            return
        self._hooks.note(self._slot.change(lambda book: with_received(book, link)))
        if not link.reply:
            self._show(Showing(invited=link))
            return
        own = self._slot.book.entry_for(link.game)
        self._hooks.announce(
            tr.gettext("{name}'s answer was added to the challenge's results.").format(
                name=link.game.name
            )
        )
        self._show(Showing(shown=own.own if own is not None else None))

    def _play(self) -> None:
        link = self._showing.invited
        if link is None or not self._put_aside_the_game_in_progress():
            return
        self._dialog.element.close()
        game = replace(link.game, name=self._hooks.default_name(), turns=())
        tr = self._hooks.tr()
        self._hooks.begin(
            game.start(),
            tr.gettext("Challenge from {name}: the same dice, your decisions.").format(
                name=link.game.name
            ),
        )
        self._tell_where_the_game_aside_is()

    def _start_fresh(self) -> None:
        if not self._put_aside_the_game_in_progress():
            return
        self._dialog.element.close()
        rules = self._hooks.state().ruleset
        game = PlayedGame(rules, fresh_seed(), self._hooks.default_name())
        self._hooks.note(self._slot.change(lambda book: with_received(book, ChallengeLink(game))))
        tr = self._hooks.tr()
        self._hooks.begin(
            game.start(), tr.gettext("A new challenge game: send the link from the menu.")
        )
        self._tell_where_the_game_aside_is()

    def _resume(self) -> None:
        """Take back the game a challenge put aside (putting aside the one it replaces)."""
        aside = self._slot.book.aside
        saved = None if aside is None else taken_back(self._hooks.store, aside)
        tr = self._hooks.tr()
        if aside is None or saved is None:
            self._hooks.note(self._slot.change(lambda book: replace(book, aside=None)))
            self._dialog.element.close()
            self._hooks.tell(tr.gettext("Your previous game is no longer kept in this browser."))
            return
        left = self._hooks.state()
        if not self._put_aside_the_game_in_progress(restoring=aside):
            return
        self._dialog.element.close()
        self._hooks.play(
            Session(saved.state, saved.coach), tr.gettext("Your previous game is back.")
        )
        if in_progress(left):
            self._tell_where_the_game_aside_is()

    def _put_aside_the_game_in_progress(self, restoring: SetAside | None = None) -> bool:
        """Before another game replaces the one in progress: keep it in a backup slot, and
        remember where (with its moves, ``restoring``'s becoming the game in progress's).
        False (the player told why) when it cannot be kept: it must then stay."""
        state, book = self._hooks.state(), self._slot.book
        aside = None
        if in_progress(state):
            live = book.playing if book.playing and matches(book.playing, state) else None
            aside = put_aside(self._hooks.store, live)
            if aside is None:
                self._hooks.tell(
                    self._hooks.tr().gettext(
                        "Your game in progress could not be kept (this browser's storage is "
                        "full or switched off), so it was not replaced: finish it first."
                    )
                )
                return False
        playing = book.playing if restoring is None else restoring.log

        def edit(book: ChallengeBook) -> ChallengeBook:
            if restoring is None and aside is None:
                return book  # nothing put aside: an earlier game aside stays on offer
            return replace(book, aside=aside, playing=playing)

        self._hooks.note(self._slot.change(edit))
        return True

    def _tell_where_the_game_aside_is(self) -> None:
        if self._slot.book.aside is not None:
            self._hooks.tell(
                self._hooks.tr().gettext(
                    "Your previous game is kept: resume it from Menu → Challenge a friend."
                )
            )

    def _finished(self, state: GameState) -> PlayedGame | None:
        log = self._slot.book.playing
        if state.is_over and log is not None and log.finished and matches(log, state):
            return log
        return None

    # -- the dialog ----------------------------------------------------------------------------

    def _show(self, showing: Showing) -> None:
        self._showing = showing
        self._dialog.show(showing, self._slot.book, self._hooks.state(), self._hooks.tr())

    def _share(self) -> None:
        link = self._showing.sending
        if link is None:
            return
        game = link.game
        if link.claimed is not None and not link.reply:
            self._hooks.note(self._slot.change(lambda book: with_own(book, game)))
        elif link.claimed is None:
            self._hooks.note(self._slot.change(lambda book: with_received(book, link)))
        self._sharer.share(words.share_text(link, address_of(link), self._hooks.tr()))
