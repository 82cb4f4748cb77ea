"""The game a page opens with: the stored one, or a new one when the address asks for a seed.

``?seed=`` starts that seeded game when the address is opened; a stored game of another seed is
backed up first, and its dice are thrown by the game even when the last setup chose real
dice. A reload keeps the stored game, whatever its seed: a game started on the page
since (real dice, the daily challenge, another seed) is the one the player is playing. A seed
that cannot be used is refused with a reason (the game then draws its own).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from yacht.errors import InvalidSeedError
from yacht.game.setup import GameSetup
from yacht.rules.dice import parse_seed
from yacht.saves.keys import GAME_KEY
from yacht.saves.slots import Event, GameSlot, Notice
from yacht.session.session import Session
from yacht.web.page import query_param, reopened


def seed_from_url() -> tuple[int | None, InvalidSeedError | None]:
    """The seed ``?seed=`` asks for, or the reason it cannot be used (the game then draws a
    seed of its own: a seed a save cannot hold would lose the game at every reload)."""
    raw = query_param("seed")
    if raw is None:
        return None, None
    try:
        return parse_seed(str(raw)), None
    except InvalidSeedError as error:
        return None, error


def open_session(
    games: GameSlot,
    setup: GameSetup,
    seed: int | None,
    note: Callable[[list[Notice]], None],
) -> Session:
    """The stored session, unless ``seed`` asks for another game on a page opened anew (not
    reloaded): then a new one from ``setup``, as when nothing is stored."""
    saved, notices = games.open()
    note(notices)
    if saved is not None and (seed is None or saved.state.seed == seed or reopened()):
        return Session(saved.state, saved.coach)
    if saved is not None:
        # The URL asks for a particular seeded game; keep the other one as a backup.
        _keep_backup(games, note)
    if seed is not None:
        # The address asks for its dice: a remembered real-dice setup would throw none.
        setup = replace(setup, real_dice=False)
    return Session.start(setup.start(seed), coach=setup.coach)


def _keep_backup(games: GameSlot, note: Callable[[list[Notice]], None]) -> None:
    """Back up the stored game before another one is started over it."""
    if games.keep_backup() is None:
        # No copy could be made: leave the stored game alone rather than lose it.
        games.writable = False
        note([Notice(Event.UNAVAILABLE, GAME_KEY, detail="no room for a backup")])
