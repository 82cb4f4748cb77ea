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
:class:`TabTurns` keeps what they need to know of one tab (what it followed, what it wrote)
over its :class:`~yacht.saves.slots.GameSlot`; the page holds the lock and shows the outcome.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from yacht.game.state import GameState
from yacht.saves.game_record import SavedGame
from yacht.saves.slots import GameSlot, Notice, Sighting

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


@dataclass(frozen=True)
class Outcome:
    """A decision, and the stored game to show when it is not this tab's own."""

    verdict: Verdict
    newer: SavedGame | None = None
    """Set when the tab should now show another tab's game."""
    notices: list[Notice] = field(default_factory=list)


class TabTurns:
    """One tab's turns at the stored game, through its game slot."""

    def __init__(self, games: GameSlot) -> None:
        self._games = games
        self.followed = 0
        """How many games this tab has taken from elsewhere (another tab, an import)."""
        self.written: int | None = None
        """The revision of this tab's last stored move since it last followed another game."""

    def admit(self, asked: int) -> Outcome:
        """Inside the lock: may a move asked when :attr:`followed` was ``asked`` be stored?

        When refused, the stored game (if this tab has not shown it yet) comes with it.
        """
        verdict = on_move(self._games.sighting(), asked, self.followed)
        if verdict is Verdict.APPLY:
            return Outcome(verdict)
        newer, notices = self._games.refresh()
        return Outcome(verdict, newer, notices)

    def news(self, shown: GameState) -> Outcome:
        """Another tab wrote the stored game: whether to follow it, and whether that costs this
        tab's last move. ``shown`` is the game on this tab's board."""
        sighting = self._games.sighting()
        newer, notices = self._games.refresh()
        if newer is None:
            return Outcome(Verdict.KEEP, None, notices)
        verdict = on_news(sighting, self.written)
        if verdict is Verdict.ADOPT and newer.state == shown:
            return Outcome(Verdict.KEEP, None, notices)  # the same position: nothing to follow
        # Overwritten even with the same position (two identical rolls): one press was lost.
        return Outcome(verdict, newer, notices)

    def follow(self) -> None:
        """This tab now shows a game from elsewhere: moves asked before it are stale."""
        self.followed += 1
        self.written = None

    def stored(self, revision: int) -> None:
        """This tab stored a move as ``revision``."""
        self.written = revision
