"""A game put aside for a challenge: kept in a backup slot of the game record, and taken back.

Playing a challenge while a game is in progress replaces that game. It is first copied, as
stored, to a backup slot of ``yacht:game`` (:func:`~yacht.saves.slots.keep_backup`, the slots
that also keep damaged saves), and the challenge book remembers which slot — with the moves of
that game when they were being kept, so a solo game taken back can still be sent as a
challenge at its end. Taking it back puts the game it replaces aside in turn, if that one is
still being played.
"""

from __future__ import annotations

from dataclasses import dataclass

from yacht.errors import InvalidSaveError, StorageUnavailable
from yacht.game.replay import PlayedGame
from yacht.saves.game_record import GAME_RECORD, SavedGame
from yacht.saves.keys import GAME_KEY
from yacht.saves.slots import GameSlot, Store, backup_keys


@dataclass(frozen=True)
class SetAside:
    """Where the game put aside is kept."""

    key: str
    """The backup key holding its record (one of ``backup_keys(GAME_KEY)``)."""
    log: PlayedGame | None = None
    """Its moves, when it was a solo game of duplicate dice whose moves were being kept."""

    def __post_init__(self) -> None:
        if self.key not in backup_keys(GAME_KEY):
            raise InvalidSaveError(f"{self.key!r} is not a backup of the saved game")


def put_aside(store: Store, log: PlayedGame | None) -> SetAside | None:
    """Copy the stored game to a backup slot; where it went, or None when no copy could be
    made (no game stored, storage failing or every slot taken): the game must then stay."""
    key = GameSlot(store).keep_backup()
    return None if key is None else SetAside(key, log)


def taken_back(store: Store, aside: SetAside) -> SavedGame | None:
    """The game put aside, or None when its backup is gone or can no longer be read."""
    try:
        text = store.read(aside.key)
        return None if text is None else GAME_RECORD.decode(text)
    except (StorageUnavailable, InvalidSaveError):
        return None
