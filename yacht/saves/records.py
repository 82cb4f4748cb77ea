"""Versioned JSON records: strict decoding, and upgrading older versions one step at a time.

Everything the game stores or exports (the game in progress, the remembered setup, an export
file) is a JSON object tagged with a ``format`` name and a ``version`` number. Reading one goes
through two gates here before a record-specific parser checks the content:

1. :func:`decode_json` turns text into data, refusing what :func:`json.loads` would quietly
   accept: repeated keys (``json.loads`` keeps the last one, so a category "filled twice" would
   load as filled once), ``NaN``/``Infinity``, integers too large to be any count in a game,
   deep nesting, and text far longer than a real record.
2. :meth:`Record.upgrade` checks the tag and version and runs the chain of migrations
   ``v1 -> v2 -> ...`` up to today's version. A version newer than the code is refused with
   :class:`~yacht.errors.UnsupportedSaveVersionError`, so a caller can keep the record intact
   for the newer game that wrote it.

Every refusal is an :class:`~yacht.errors.InvalidSaveError`; :func:`damage_of` sorts it into a
:class:`Damage`, which the page turns into plain words for the player.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from yacht.errors import (
    Damage,
    DamagedRecordError,
    InvalidSaveError,
    InvalidSeedError,
    InvalidSetupError,
    UnsupportedSaveVersionError,
    YachtError,
)
from yacht.game.players import COMPUTER_LEVELS, clean_name
from yacht.rules.dice import MAX_SEED, check_seed

MAX_DEPTH = 16
"""Nesting allowed in any record; real ones go 4 deep (export > game > players > scores)."""

MAX_INT_DIGITS = 16
"""Longest integer literal accepted: every count or score fits, and so does a JS safe integer."""

MAX_SAFE_INTEGER = MAX_SEED
"""The largest integer JavaScript holds exactly; revisions and seeds stay at or below it."""

_T = TypeVar("_T")

Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""Turns a record of version N into one of version N + 1 (returning a new dict)."""


def damage_of(error: InvalidSaveError) -> Damage:
    """Sort any refusal of a record into the kind of damage to explain to the player."""
    if isinstance(error, UnsupportedSaveVersionError):
        return Damage.NEWER
    if isinstance(error, DamagedRecordError):
        return error.damage
    # Every other refusal comes from a content check: a wrong type or an impossible value.
    return Damage.IMPOSSIBLE


# -- decoding --------------------------------------------------------------------------------


class _DuplicateKey(ValueError):
    pass


class _HugeNumber(ValueError):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKey(key)
        result[key] = value
    return result


def _bounded_int(literal: str) -> int:
    # Also keeps clear of CPython's own limit on long digit strings, which raises a bare
    # ValueError (not a JSONDecodeError) from deep inside json.loads.
    if len(literal.lstrip("-")) > MAX_INT_DIGITS:
        raise _HugeNumber(literal[:20])
    return int(literal)


def _no_constant(name: str) -> float:
    raise json.JSONDecodeError(f"{name} is not a JSON value", name, 0)


# A JSON string (skipped whole, so brackets inside names don't count) or a bracket.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def _too_deep(text: str, limit: int) -> bool:
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                return True
        elif token in "]}":
            depth -= 1
    return False


def decode_json(text: object, *, max_chars: int, what: str = "the record") -> object:
    """The data in ``text``, or :class:`DamagedRecordError` saying why it can't be trusted.

    >>> decode_json('{"ones": 3, "ones": 4}', max_chars=100)
    Traceback (most recent call last):
    ...
    yacht.errors.DamagedRecordError: the record has the entry 'ones' twice
    """
    if not isinstance(text, str):
        raise DamagedRecordError(Damage.UNREADABLE, f"{what} is not text")
    if len(text) > max_chars:
        raise DamagedRecordError(
            Damage.TOO_BIG, f"{what} is {len(text):,} characters long, far too big"
        )
    # The C parser recurses per level; refusing deep nesting first keeps a hostile record from
    # testing the stack (which is smaller in WebAssembly than on a desktop).
    if _too_deep(text, MAX_DEPTH):
        raise DamagedRecordError(Damage.UNREADABLE, f"{what} is nested too deeply")
    try:
        return json.loads(
            text,
            object_pairs_hook=_unique_keys,
            parse_int=_bounded_int,
            parse_constant=_no_constant,
        )
    except _DuplicateKey as error:
        raise DamagedRecordError(
            Damage.DUPLICATED, f"{what} has the entry {error.args[0]!r} twice"
        ) from None
    except _HugeNumber as error:
        raise DamagedRecordError(
            Damage.IMPOSSIBLE, f"{what} holds the huge number {error.args[0]}..."
        ) from None
    except (json.JSONDecodeError, RecursionError, ValueError) as error:
        raise DamagedRecordError(Damage.UNREADABLE, f"{what} is not valid JSON ({error})") from None


# -- versions --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Record(Generic[_T]):
    """One kind of stored record: its tag, version, migrations and codec, all in one place.

    Every record the game stores or exports is one of these, read and written through the same
    four names: :meth:`encode` / :meth:`decode` between a value and its text, and
    :meth:`to_data` / :meth:`from_data` between a value and its JSON-safe form (for records
    nested in another, like the games inside an export file).

    ``migrations[n]`` turns version ``n`` into version ``n + 1``; the oldest readable version
    is the smallest key (today's version when there are none). ``legacy`` recognises records
    written before the kind carried a tag and version; they count as the oldest version.
    ``body`` gives a value's fields (tag and version are added here); ``parse`` checks an
    upgraded record strictly and builds the value, raising :class:`InvalidSaveError`.
    """

    tag: str
    version: int
    what: str
    """How messages name a record of this kind, e.g. "saved Yacht game"."""
    max_chars: int
    """Longest text :meth:`decode` reads: far beyond any real record, refused unread."""
    body: Callable[[_T], Mapping[str, Any]]
    parse: Callable[[dict[str, Any]], _T]
    migrations: Mapping[int, Migration] = field(default_factory=dict)
    legacy: Callable[[dict[str, Any]], bool] | None = None
    indent: int | None = None
    """Indented text for files a player may open; compact for storage."""

    def __post_init__(self) -> None:
        missing = [n for n in range(self.oldest, self.version) if n not in self.migrations]
        if missing or any(n >= self.version for n in self.migrations):
            raise ValueError(f"{self.tag}: migrations must run {self.oldest}..{self.version}")

    @property
    def oldest(self) -> int:
        """The oldest version this code can still read."""
        return min(self.migrations, default=self.version)

    def to_data(self, value: _T) -> dict[str, Any]:
        """``value`` as a record of today's version: tag and version first, for readers."""
        return {"format": self.tag, "version": self.version, **self.body(value)}

    def from_data(self, data: object) -> _T:
        """The value ``data`` holds (of any version this code reads), checked strictly.

        Every refusal is an :class:`InvalidSaveError`; the input is never changed.
        """
        record = self.upgrade(data)
        try:
            return self.parse(record)
        except InvalidSaveError:
            raise
        except (YachtError, ValueError, TypeError, KeyError) as error:
            raise InvalidSaveError(f"the {self.what} is not valid: {error}") from None

    def encode(self, value: _T) -> str:
        """``value`` as JSON text, ready to store or download."""
        record = self.to_data(value)
        if self.indent is None:
            return json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        return json.dumps(record, ensure_ascii=False, indent=self.indent) + "\n"

    def decode(self, text: object) -> _T:
        """The value stored as ``text``, refusing repeated keys, junk and huge values."""
        return self.from_data(decode_json(text, max_chars=self.max_chars, what=f"the {self.what}"))

    def upgrade(self, data: object) -> dict[str, Any]:
        """``data`` as a record of today's version, or :class:`InvalidSaveError` saying why not.

        The input is never changed; migrations build new dicts.
        """
        if not isinstance(data, dict):
            raise DamagedRecordError(
                Damage.WRONG_KIND, f"the {self.what} should be an object, not {type(data).__name__}"
            )
        record: dict[str, Any] = data
        if self.legacy is not None and "format" not in record and self.legacy(record):
            record = {"format": self.tag, "version": self.oldest, **record}
        if record.get("format") != self.tag:
            raise DamagedRecordError(
                Damage.WRONG_KIND,
                f"not a {self.what} (format {str(record.get('format'))[:40]!r})",
            )
        version = expect(record.get("version"), int, "version")
        if version > self.version:
            raise UnsupportedSaveVersionError(
                f"this {self.what} was saved by a newer version (format {version}; this one "
                f"reads up to {self.version})"
            )
        if version < self.oldest:
            raise InvalidSaveError(f"unknown save format version {version}")
        if version < self.version:
            # Migrations may edit what they are given; the caller's data stays as it was.
            record = copy.deepcopy(record)
        for step in range(version, self.version):
            record = self.migrations[step](record)
            if record.get("version") != step + 1:
                raise AssertionError(f"migration {step} -> {step + 1} of {self.tag} is broken")
        return record


def expect(value: object, kind: type[_T], what: str) -> _T:
    """``value`` if it has type ``kind``, else :class:`InvalidSaveError` (bool is no int)."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidSaveError(f"{what} should be {kind.__name__}, not {type(value).__name__}")
    return value


def expect_name(value: object) -> str:
    """A stored player name: text in the cleaned form the game writes (else it was edited)."""
    name = expect(value, str, "a player name")
    try:
        cleaned = clean_name(name)
    except InvalidSetupError as error:
        raise InvalidSaveError(str(error)) from None
    if cleaned != name:
        raise InvalidSaveError(f"player name {name[:40]!r} is not in its cleaned form")
    return name


def expect_seed(value: object) -> int:
    """A stored dice seed: a whole number the game could have started with (see
    :func:`~yacht.rules.dice.check_seed`); a larger one would be written but not read back."""
    try:
        return check_seed(expect(value, int, "seed"))
    except InvalidSeedError as error:
        raise InvalidSaveError(str(error)) from None


def expect_level(value: object) -> str | None:
    """A stored seat kind: a computer level, or None for a person."""
    if value is not None and value not in COMPUTER_LEVELS:
        raise InvalidSaveError(f"unknown computer level {str(value)[:20]!r}")
    return None if value is None else str(value)
