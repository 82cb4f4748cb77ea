"""A challenge link's payload: a solo game of duplicate dice, short enough for a chat message.

The payload is base64url (no padding) of a few bytes:

====== ==================================================================================
bytes  content
====== ==================================================================================
1      format version (:data:`LINK_VERSION`)
1      flags: bits 0-1 rule set (:data:`RULESET_CODES`), bit 2 the upper bonus, bit 3 a
       reply, bit 4 a score follows
7      the seed (53 bits, big-endian)
2      the score claimed (only with flag bit 4: a challenge of a finished game)
1 + n  the player's name: its length in UTF-8 bytes (1 to :data:`MAX_NAME_BYTES`), then it
1      how many turns follow (0 to the rule set's number of categories)
rest   the turns as a bit stream, most significant bit first: per turn 2 bits (rerolls, 0 to
       2), 5 bits per reroll (the dice held before it, bit ``i`` die ``i``), 4 bits (the
       category's place on the scorecard, or 15 while the turn is unscored); zero padding
====== ==================================================================================

A Traditional game takes about 60 bytes, about 80 characters. Reading is strict: every refusal
is a :class:`~yacht.errors.ChallengeLinkError` saying what is wrong, and the moves are played
again, so a link naming an impossible game is refused too. A link read cleanly may still
claim a score its moves do not make: :func:`check_claim` says so.

Read and written as :data:`CHALLENGE_LINK` (``encode``/``decode`` between a link and its text,
``to_data``/``from_data`` for the results table that keeps them).
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

from yacht.errors import (
    ChallengeLinkError,
    ChallengeLinkTooLongError,
    InvalidSetupError,
    NewerChallengeLinkError,
    ReplayError,
)
from yacht.game.graphemes import clusters
from yacht.game.players import clean_name
from yacht.game.replay import PlayedGame, TurnPlay, claimed_total, replay
from yacht.rules.categories import Category
from yacht.rules.dice import MAX_SEED
from yacht.rules.rulesets import RuleSet, find_ruleset

LINK_VERSION = 1
RULESET_CODES = ("traditional", "sum-all", "extended")
MAX_NAME_BYTES = 96
"""A name's bytes in a link; a longer name is cut at a whole character."""
MAX_SCORE = 2**16 - 1
UNSCORED = 15
MAX_PAYLOAD_CHARS = 200
"""Longer than any real payload (at most 135 bytes, 180 characters): refused unread."""

_BONUS, _REPLY, _SCORED = 0b100, 0b1000, 0b10000
_KNOWN_FLAGS = 0b11111
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


@dataclass(frozen=True)
class ChallengeLink:
    """A challenge (or the answer to one): the game by its moves, and the score claimed."""

    game: PlayedGame
    claimed: int | None = None
    """The total the sender says the moves make; None for a game not played yet (a fresh
    challenge) or still in progress (the page's own log)."""
    reply: bool = False
    """An answer to a challenge rather than a challenge."""


@dataclass(frozen=True)
class Claim:
    """The score a link claims against the score its moves make."""

    claimed: int
    actual: int

    @property
    def holds(self) -> bool:
        """Whether the claim follows from the moves."""
        return self.claimed == self.actual


def check_claim(link: ChallengeLink) -> Claim | None:
    """The claim of a finished game checked by playing it again (None: no score claimed)."""
    if link.claimed is None:
        return None
    return Claim(link.claimed, claimed_total(link.game))


def finished_link(game: PlayedGame, *, reply: bool = False) -> ChallengeLink:
    """The link of a finished ``game``, claiming the total its moves make."""
    return ChallengeLink(game, claimed_total(game), reply)


# -- writing -----------------------------------------------------------------------------------


class _Bits:
    def __init__(self) -> None:
        self.value = 0
        self.count = 0

    def put(self, number: int, width: int) -> None:
        self.value = self.value << width | number
        self.count += width

    def to_bytes(self) -> bytes:
        pad = -self.count % 8
        return (self.value << pad).to_bytes((self.count + pad) // 8, "big")


def to_bytes(link: ChallengeLink) -> bytes:
    """The link's binary payload."""
    game = link.game
    rules = game.ruleset
    flags = RULESET_CODES.index(rules.id)
    flags |= _BONUS if rules.upper_bonus is not None else 0
    flags |= _REPLY if link.reply else 0
    flags |= _SCORED if link.claimed is not None else 0
    out = bytearray([LINK_VERSION, flags, *game.seed.to_bytes(7, "big")])
    if link.claimed is not None:
        out += link.claimed.to_bytes(2, "big")
    name = _short_name(game.name).encode()
    out += bytes([len(name)]) + name + bytes([len(game.turns)])
    bits = _Bits()
    categories = rules.categories
    for turn in game.turns:
        bits.put(len(turn.holds), 2)
        for mask in turn.holds:
            bits.put(mask, 5)
        bits.put(UNSCORED if turn.category is None else categories.index(turn.category), 4)
    return bytes(out) + bits.to_bytes()


def _short_name(name: str) -> str:
    kept = ""
    for cluster in clusters(name):
        if len((kept + cluster).encode()) > MAX_NAME_BYTES:
            break
        kept += cluster
    return kept


def encode(link: ChallengeLink) -> str:
    """The link's payload as URL-safe text."""
    return base64.urlsafe_b64encode(to_bytes(link)).rstrip(b"=").decode("ascii")


# -- reading -----------------------------------------------------------------------------------


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, count: int, what: str) -> bytes:
        if self.at + count > len(self.data):
            raise ChallengeLinkError(f"the link is cut short (in {what})")
        chunk = self.data[self.at : self.at + count]
        self.at += count
        return chunk

    def number(self, count: int, what: str) -> int:
        return int.from_bytes(self.take(count, what), "big")


def decode(text: object, *, partial: bool = False) -> ChallengeLink:
    """The link whose payload is ``text``, or :class:`ChallengeLinkError` saying why not.

    ``partial`` accepts a game still in progress (the page's own log); a link to share
    always holds a whole game or none.
    """
    return from_bytes(_payload_bytes(text), partial=partial)


def _payload_bytes(text: object) -> bytes:
    if not isinstance(text, str):
        raise ChallengeLinkError("a challenge link is text")
    text = text.strip()
    if len(text) > MAX_PAYLOAD_CHARS:
        raise ChallengeLinkTooLongError(f"the link is {len(text):,} characters long, far too long")
    if not text or not _BASE64URL.fullmatch(text) or len(text) % 4 == 1:
        raise ChallengeLinkError("this is not a challenge link (letters, digits, - and _ only)")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise ChallengeLinkError("this is not a challenge link") from None


def from_bytes(data: bytes, *, partial: bool = False) -> ChallengeLink:
    """The link of a binary payload (see the module's table), checked strictly."""
    read = _Reader(data)
    version = read.number(1, "the version")
    if version > LINK_VERSION:
        raise NewerChallengeLinkError(f"made by a newer version of the game (format {version})")
    if version != LINK_VERSION:
        raise ChallengeLinkError(f"unknown link format {version}")
    flags = read.number(1, "the rules")
    if flags & ~_KNOWN_FLAGS or flags & 0b11 >= len(RULESET_CODES):
        raise ChallengeLinkError(f"unknown rules (flags {flags:#04x})")
    rules = _rules(flags)
    seed = read.number(7, "the seed")
    if seed > MAX_SEED:
        raise ChallengeLinkError("the seed is out of range")
    claimed = read.number(2, "the score") if flags & _SCORED else None
    name = _name(read.take(read.number(1, "the name"), "the name"))
    count = read.number(1, "the turns")
    if count > len(rules.categories):
        raise ChallengeLinkError(f"{count} turns in a game of {len(rules.categories)}")
    turns = _turns(read.data[read.at :], count, rules.categories)
    link = ChallengeLink(PlayedGame(rules, seed, name, turns), claimed, bool(flags & _REPLY))
    _check_whole(link, partial)
    return link


def _rules(flags: int) -> RuleSet:
    ruleset = RULESET_CODES[flags & 0b11]
    try:
        return find_ruleset(ruleset, upper_bonus=bool(flags & _BONUS))
    except ValueError:
        raise ChallengeLinkError(f"{ruleset} has no bonus to switch on") from None


def _name(raw: bytes) -> str:
    if not raw or len(raw) > MAX_NAME_BYTES:
        raise ChallengeLinkError(f"a name of {len(raw)} bytes (1 to {MAX_NAME_BYTES})")
    try:
        return clean_name(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ChallengeLinkError("the name is not UTF-8 text") from None
    except InvalidSetupError as error:
        raise ChallengeLinkError(f"the name cannot be shown: {error}") from None


def _turns(data: bytes, count: int, categories: tuple[Category, ...]) -> tuple[TurnPlay, ...]:
    value, width = int.from_bytes(data, "big"), len(data) * 8
    at = 0

    def take(bits: int) -> int:
        nonlocal at
        if at + bits > width:
            raise ChallengeLinkError("the link is cut short (in the moves)")
        at += bits
        return value >> (width - at) & ((1 << bits) - 1)

    turns = []
    for _ in range(count):
        rerolls = take(2)
        if rerolls == 3:
            raise ChallengeLinkError("a turn of four rolls")
        holds = tuple(take(5) for _ in range(rerolls))
        index = take(4)
        if index >= len(categories) and index != UNSCORED:
            raise ChallengeLinkError(f"category number {index} in a game of {len(categories)}")
        turns.append(TurnPlay(holds, None if index == UNSCORED else categories[index]))
    if width - at >= 8 or value & ((1 << (width - at)) - 1):
        raise ChallengeLinkError("the link has bytes after its moves")
    return tuple(turns)


def _check_whole(link: ChallengeLink, partial: bool) -> None:
    game = link.game
    if link.claimed is not None and not game.finished:
        raise ChallengeLinkError("a score is claimed for a game that is not finished")
    if link.reply and link.claimed is None:
        raise ChallengeLinkError("an answer holds no finished game")
    if link.claimed is None and game.turns and not partial:
        raise ChallengeLinkError("moves of an unfinished game")
    try:
        replay(game)
    except ReplayError as error:
        raise ChallengeLinkError(f"moves no game can make ({error})") from None


@dataclass(frozen=True)
class LinkFormat:
    """The link's format, read and written through the same names as every stored record."""

    tag: str = "yacht-challenge"
    version: int = LINK_VERSION
    what: str = "challenge link"

    def encode(self, link: ChallengeLink) -> str:
        """The link's payload as URL-safe text."""
        return encode(link)

    def decode(self, text: object, *, partial: bool = False) -> ChallengeLink:
        """The link of a payload, refusing anything damaged (:class:`ChallengeLinkError`)."""
        return decode(text, partial=partial)

    def to_data(self, link: ChallengeLink) -> str:
        """The link as JSON-safe data (its payload text) for the results table."""
        return encode(link)

    def from_data(self, data: object, *, partial: bool = False) -> ChallengeLink:
        """The link kept as ``data`` (its payload text)."""
        return decode(data, partial=partial)


CHALLENGE_LINK = LinkFormat()
