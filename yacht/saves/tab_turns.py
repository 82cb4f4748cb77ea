"""Taking turns at the stored game: whether a tab's move may be stored, or another tab's kept.

Several tabs of the site can show one game. Each change to the stored game is made inside the
game's lock (:data:`GAME_LOCK`, a Web Lock held by one tab at a time): the tab reads the stored
record, decides with :func:`on_move`, and writes — nobody else can write in between. A move
asked on a board that has since been moved on by another tab is refused, never written over
the other tab's move, and its player is told.

The lock cannot make every browser's storage instantly agree, and without Web Locks (older
browsers, pages not served securely) there is no lock at all. So when another tab's write
arrives, :func:`on_news` also tells a plain follow from the one loss the lock exists to
prevent: a write of a revision this tab had written itself, by a tab that had not seen it. That
loss is then shown to the player instead of passing unnoticed.

Both decisions are pure: they take what the tab has seen and return a :class:`Verdict`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

GAME_LOCK = "yacht:game"
"""The name of the Web Lock held while the stored game is read, checked and written."""


class Verdict(enum.Enum):
    """What a tab does with the stored game it finds."""

    APPLY = "apply"
    """Nobody else has moved: make the move and store it."""
    REFUSE = "refuse"
    """Another tab moved first: drop the move, show the stored game, and say so."""
    KEEP = "keep"
    """Nothing new is stored: the board stays as it is."""
    ADOPT = "adopt"
    """Another tab moved the game on after this tab's last move: follow it."""
    OVERWRITTEN = "overwritten"
    """Another tab stored a move over this tab's last one without having seen it: follow the
    stored game, and say that the move made here was not kept."""


@dataclass(frozen=True)
class Sighting:
    """The stored game as a tab finds it."""

    revision: int | None
    """The stored record's revision; None when nothing readable is stored."""
    ours: bool
    """Whether it is exactly the text this tab last read or wrote."""


def on_move(stored: Sighting, asked: int, followed: int) -> Verdict:
    """Whether a move may be stored, decided inside the game's lock.

    ``asked`` and ``followed`` count the games this tab has taken from elsewhere (another tab,
    an import): when the move was asked, and now. A move asked on a board that was since
    replaced was meant for a position that is gone.

    >>> on_move(Sighting(4, ours=True), asked=0, followed=0)
    <Verdict.APPLY: 'apply'>
    >>> on_move(Sighting(5, ours=False), asked=0, followed=0)
    <Verdict.REFUSE: 'refuse'>
    """
    if stored.revision is not None and not stored.ours:
        return Verdict.REFUSE
    if followed != asked:
        return Verdict.REFUSE
    # Nothing stored, or a record that cannot be read: the save slot backs that up and writes.
    return Verdict.APPLY


def on_news(stored: Sighting, written: int | None) -> Verdict:
    """What to do when another tab has written the stored game.

    ``written`` is the revision of this tab's last stored move (None: it has stored none since
    it last followed another tab). Revisions count up with every write, so another tab's record
    at or below it was written by a tab that had not seen this one's move.

    >>> on_news(Sighting(7, ours=False), written=6)
    <Verdict.ADOPT: 'adopt'>
    >>> on_news(Sighting(6, ours=False), written=6)
    <Verdict.OVERWRITTEN: 'overwritten'>
    """
    if stored.ours or stored.revision is None:
        return Verdict.KEEP
    if written is not None and stored.revision <= written:
        return Verdict.OVERWRITTEN
    return Verdict.ADOPT
