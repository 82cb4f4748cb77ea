"""Seats left blank follow the page's language.

A seat nobody named is called after its number in the page's language ("Player 2"). The first
visit's game is set up in the browser's language; a player who then picks their own would
otherwise play as "Player 1" on a Russian page. So a change of language renames the seats left
blank (:func:`~yacht.views.seat_labels.renamed_blank_seats`): in the setup the next game starts
from, and in the game on the page while nobody has thrown. Once someone has, the names are the
game's record and stay as they are.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from yacht.game.state import rename_players
from yacht.i18n import Translator
from yacht.saves.slots import SetupSlot
from yacht.views.seat_labels import renamed_blank_seats
from yacht.web import moves, transfer
from yacht.web.game_lock import GameLock
from yacht.web.notices import Notices


class Table(moves.Table, transfer.Table, Protocol):
    """What the renaming needs of the App: the session and the setup, and ways to replace them
    (``commit`` as a move does, ``use_setup`` as an import does)."""


class BlankSeats:
    """Renames the seats left blank when the page's language changes."""

    def __init__(self, table: Table, setups: SetupSlot, lock: GameLock, notices: Notices) -> None:
        self._table = table
        self._setups = setups
        self._lock = lock
        self._notices = notices

    def follow(self, before: Translator, after: Translator) -> None:
        """Name the seats left blank in ``before``'s language as ``after`` names them."""
        setup = self._table.setup
        names = renamed_blank_seats(setup.names, before, after)
        if names != setup.names:
            setup = replace(setup, names=names)
            self._table.use_setup(setup)
            self._notices.note(self._setups.save(setup))
        if not self._table.session.game.begun:
            # Stored like a move, and worked out at the lock's grant: another tab may hold the
            # game, and may have thrown meanwhile.
            self._lock.run(lambda: self._rename_game(before, after))

    def _rename_game(self, before: Translator, after: Translator) -> None:
        session = self._table.session
        if session.game.begun:
            return
        names = tuple(card.name for card in session.game.players)
        renamed = renamed_blank_seats(names, before, after)
        if renamed != names:
            self._table.commit(replace(session, game=rename_players(session.game, renamed)))
