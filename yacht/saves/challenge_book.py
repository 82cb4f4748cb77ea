"""The challenges this browser knows (``yacht:challenges``): each one's results, and the moves
of the solo game in progress.

A challenge is known by its rules and seed. Its entry keeps this player's own finished game of
those dice and the games received from others (the challenger's, friends' answers), as links,
so a claimed score is kept as claimed and checked whenever it is shown. The moves of the solo
game in progress are kept too: they are what a challenge sent at its end carries.

Version history:
  1 — first format: ``{"playing": link | null, "entries": [{"ruleset", "bonus", "seed",
      "own": link | null, "others": [link, ...]}, ...]}`` (links as payload texts, newest
      entry first).
  2 — ``"aside": {"key": backup key, "playing": link | null} | null``: the game put aside
      when a challenge replaced it (see :mod:`yacht.saves.set_aside`); version 1 had none.

Read and written as :data:`CHALLENGE_BOOK_RECORD`; stored by :class:`ChallengeSlot`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from yacht.errors import ChallengeLinkError, InvalidSaveError
from yacht.game.players import looks_the_same
from yacht.game.replay import PlayedGame
from yacht.rules.rulesets import RuleSet, find_ruleset
from yacht.saves.challenge_link import CHALLENGE_LINK, ChallengeLink, finished_link
from yacht.saves.keys import CHALLENGES_KEY
from yacht.saves.records import Record, expect, expect_seed
from yacht.saves.set_aside import SetAside
from yacht.saves.slots import Notice, Store, _Slot

FORMAT = "yacht-challenges"
VERSION = 2
MAX_CHALLENGES = 20
"""Challenges kept; the oldest is dropped beyond."""
MAX_RESULTS = 12
"""Games received per challenge; the oldest is dropped beyond."""
MAX_BOOK_CHARS = 96 * 1024
"""A full book is about 60 KB (20 challenges of 13 links of at most 180 characters)."""


@dataclass(frozen=True)
class ChallengeEntry:
    """One challenge (rules and seed) and its results."""

    ruleset: RuleSet
    seed: int
    own: PlayedGame | None = None
    """This player's finished game of these dice."""
    others: tuple[ChallengeLink, ...] = ()
    """Games received: the challenger's, and the answers (a fresh challenge has none)."""

    def is_of(self, game: PlayedGame) -> bool:
        """Whether ``game`` was played with this challenge's rules and dice."""
        return (game.ruleset, game.seed) == (self.ruleset, self.seed)


@dataclass(frozen=True)
class ChallengeBook:
    """Every challenge known here, newest first, and the log of the solo game in progress."""

    entries: tuple[ChallengeEntry, ...] = ()
    playing: PlayedGame | None = None
    aside: SetAside | None = None
    """The game a challenge replaced while it was being played, to take back."""

    def entry_for(self, game: PlayedGame) -> ChallengeEntry | None:
        """The challenge ``game`` belongs to, if known."""
        return next((entry for entry in self.entries if entry.is_of(game)), None)


def with_entry(book: ChallengeBook, entry: ChallengeEntry) -> ChallengeBook:
    """``book`` with ``entry`` first (replacing the entry of the same challenge), capped."""
    kept = tuple(e for e in book.entries if (e.ruleset, e.seed) != (entry.ruleset, entry.seed))
    return replace(book, entries=(entry, *kept)[:MAX_CHALLENGES])


def with_own(book: ChallengeBook, game: PlayedGame) -> ChallengeBook:
    """``book`` with this player's finished ``game`` in its challenge (made if unknown)."""
    entry = book.entry_for(game) or ChallengeEntry(game.ruleset, game.seed)
    return with_entry(book, replace(entry, own=game))


def with_received(book: ChallengeBook, link: ChallengeLink) -> ChallengeBook:
    """``book`` with a received game in its challenge: a later game of the same name replaces
    the earlier one; a fresh challenge (no moves) only makes the entry."""
    game = link.game
    entry = book.entry_for(game) or ChallengeEntry(game.ruleset, game.seed)
    if link.claimed is not None:
        others = tuple(o for o in entry.others if not looks_the_same(o.game.name, game.name))
        entry = replace(entry, others=(*others, link)[-MAX_RESULTS:])
    return with_entry(book, entry)


def _log_data(game: PlayedGame | None) -> str | None:
    return None if game is None else CHALLENGE_LINK.to_data(ChallengeLink(game))


def _log(data: object) -> PlayedGame | None:
    return None if data is None else CHALLENGE_LINK.from_data(data, partial=True).game


def _body(book: ChallengeBook) -> dict[str, Any]:
    aside = book.aside
    return {
        "playing": _log_data(book.playing),
        "aside": None if aside is None else {"key": aside.key, "playing": _log_data(aside.log)},
        "entries": [
            {
                "ruleset": entry.ruleset.id,
                "bonus": entry.ruleset.upper_bonus is not None,
                "seed": entry.seed,
                "own": None
                if entry.own is None
                else CHALLENGE_LINK.to_data(finished_link(entry.own)),
                "others": [CHALLENGE_LINK.to_data(link) for link in entry.others],
            }
            for entry in book.entries
        ],
    }


def _parse(record: dict[str, Any]) -> ChallengeBook:
    playing = record.get("playing")
    entries = expect(record.get("entries"), list, "entries")
    if len(entries) > MAX_CHALLENGES:
        raise InvalidSaveError(f"{len(entries)} challenges; at most {MAX_CHALLENGES} are kept")
    aside_data = record.get("aside")
    try:
        log = _log(playing)
        parsed = tuple(_entry(expect(entry, dict, "a challenge")) for entry in entries)
        aside = None
        if aside_data is not None:
            aside_data = expect(aside_data, dict, "aside")
            key = expect(aside_data.get("key"), str, "aside key")
            aside = SetAside(key, _log(aside_data.get("playing")))
    except ChallengeLinkError as error:
        raise InvalidSaveError(f"a stored challenge is damaged: {error}") from None
    return ChallengeBook(parsed, log, aside)


def _entry(data: dict[str, Any]) -> ChallengeEntry:
    rules = find_ruleset(
        expect(data.get("ruleset"), str, "ruleset"),
        upper_bonus=expect(data.get("bonus"), bool, "bonus"),
    )
    own_data = data.get("own")
    own = None if own_data is None else CHALLENGE_LINK.from_data(own_data).game
    others = tuple(
        CHALLENGE_LINK.from_data(text) for text in expect(data.get("others"), list, "others")
    )
    entry = ChallengeEntry(rules, expect_seed(data.get("seed")), own, others)
    games = [own] if own is not None else []
    if len(others) > MAX_RESULTS or not all(
        entry.is_of(g) for g in games + [o.game for o in others]
    ):
        raise InvalidSaveError("a challenge holds games of other dice, or too many")
    return entry


def _v1_to_v2(record: dict[str, Any]) -> dict[str, Any]:
    return {**record, "version": 2, "aside": None}


CHALLENGE_BOOK_RECORD: Record[ChallengeBook] = Record(
    FORMAT, VERSION, "table of challenges", MAX_BOOK_CHARS, _body, _parse, {1: _v1_to_v2}
)


class ChallengeSlot(_Slot):
    """The book under ``yacht:challenges``: never destroyed unread (backed up first), changed
    as stored right now so another tab's results are kept; in memory when storage fails."""

    def __init__(self, store: Store, key: str = CHALLENGES_KEY) -> None:
        super().__init__(store, key)
        self.book = ChallengeBook()

    def open(self) -> list[Notice]:
        """Read the stored book into :attr:`book`; what to tell the player."""
        reading = self._read()
        if reading.text is None:
            return reading.notices
        try:
            self.book = CHALLENGE_BOOK_RECORD.decode(reading.text)
        except InvalidSaveError as error:
            return self._refuse(reading.text, error)
        self._seen = reading.text
        return []

    def change(self, edit: Callable[[ChallengeBook], ChallengeBook]) -> list[Notice]:
        """Apply ``edit`` to the book as stored now and store it; what to tell the player."""
        if not self.writable:
            self.book = edit(self.book)
            return []
        reading = self._read()
        notices = reading.notices
        if reading.text is not None and reading.text != self._seen:
            try:
                self.book = CHALLENGE_BOOK_RECORD.decode(reading.text)
            except InvalidSaveError as error:
                notices = self._refuse(reading.text, error)
        self.book = edit(self.book)
        if self.writable and not reading.notices:
            notices += self._write(CHALLENGE_BOOK_RECORD.encode(self.book))
        return notices
