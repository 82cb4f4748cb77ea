"""The value tables: what every state between turns is worth, their file format and loading.

What is stored
    Only states after an even, non-zero number of turns. A state after an odd number of turns
    is one turn away from stored states, so its value is recomputed on demand (one turn solve,
    about 0.2 ms) exactly as the builder computed it; advice needs at most 43 of those per
    turn and remembers them. That halves every table. The start of the game is two turns
    from stored states and is recomputed the same way.

    A rule set without a bonus stores one value per set of filled categories, rounded to
    1/1024 of a point. With the upper-section bonus, the states where the bonus no longer
    matters take the no-bonus table's value (see :mod:`yacht.strategy.states`), and the live
    states store the bonus's worth on top of it, rounded to 1/16 of a point: that part is
    the bulk of the data and does not compress below about three bits a value at a finer
    step.

Quantisation is part of the solution, not an afterthought: the builder rounds a stored value
*before* earlier states use it, so the shipped numbers are exactly what the runtime recomputes
from them, and a test can check any stored state against its successors with ``==``.

File format (``yacht/data/<name>.ytb``)
    ``b"YTBL"``, one format byte, a two-byte little-endian header length, a UTF-8 JSON header
    (rule set, bonus, scale, state count, a CRC of the rules), then a zlib stream of the
    stored integers in a fixed state order, each as the zigzag varint of its difference from
    a prediction made of already decoded neighbours (the same state with a smaller subtotal,
    a state where one filled category is swapped for an earlier one). Python's standard
    library reads it, in Pyodide too.
"""

from __future__ import annotations

import json
import struct
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache

from yacht.errors import TableError
from yacht.rules.rulesets import RuleSet, find_ruleset
from yacht.strategy.states import StateSpace, state_space
from yacht.strategy.table_files import DATA_DIR, missing_table_download, table_name, table_path
from yacht.strategy.turn import turn_value

FORMAT_VERSION = 1
MAGIC = b"YTBL"
BASE_SCALE = 1024
"""Steps per point of the no-bonus tables."""
BONUS_SCALE = 16
"""Steps per point of the bonus's worth in live bonus states."""

_installed: dict[str, bytes] = {}


def shipped_rulesets() -> tuple[RuleSet, ...]:
    """Every rule set and bonus combination that has a table, bases before bonus tables."""
    from yacht.rules.rulesets import RULESETS

    plain = tuple(RULESETS.values())
    return plain + tuple(r.with_upper_bonus(True) for r in plain if r.offers_bonus)


def is_stored(mask: int) -> bool:
    """Whether states with this set of filled categories are in the tables."""
    return mask != 0 and mask.bit_count() % 2 == 0


@dataclass(eq=False)
class StateValues:
    """What every state of one rule set is worth: stored values plus memoised recomputation.

    ``value`` is the expected score still to come, bonus included, from the start of a turn.
    """

    space: StateSpace
    base: StateValues | None = None
    """With a bonus: the same rule set's no-bonus values, used wherever the bonus is decided."""
    stored: dict[int, float] = field(default_factory=dict)
    """Values of stored states, by :meth:`key`."""
    computed: dict[int, float] = field(default_factory=dict)
    """Values recomputed from stored ones (or, while building, computed in order)."""
    stride: int = field(init=False)
    """Subtotals per mask in a state key."""

    def __post_init__(self) -> None:
        self.stride = self.space.threshold + 1

    def key(self, mask: int, subtotal: int) -> int:
        """The dictionary key of a state."""
        return mask * self.stride + subtotal

    def is_live(self, mask: int, subtotal: int) -> bool:
        """Whether this state's value depends on the subtotal (always False without a bonus)."""
        return subtotal in self.space.live[mask & self.space.upper_mask]

    def value(self, mask: int, subtotal: int) -> float:
        """Expected points still to come from the start of a turn in this state."""
        key = mask * self.stride + subtotal
        found = self.stored.get(key)
        if found is not None:
            return found
        found = self.computed.get(key)
        if found is not None:
            return found
        if self.base is not None and not self.is_live(mask, subtotal):
            return self.base.value(mask, 0)
        if mask == self.space.full_mask:
            return 0.0
        if is_stored(mask):
            raise TableError(f"the table has no value for state {mask:#x}/{subtotal}")
        found = self.computed[key] = turn_value(self.space, self, mask, subtotal)
        return found

    def stored_value(self, mask: int, subtotal: int, exact: float) -> tuple[int, float]:
        """The integer a table stores for ``exact`` and the float it stands for."""
        if self.base is None:
            steps = round(exact * BASE_SCALE)
            return steps, steps / BASE_SCALE
        floor = self.base.value(mask, 0)
        steps = round((exact - floor) * BONUS_SCALE)
        return steps, floor + steps / BONUS_SCALE

    def from_steps(self, key: int, steps: int) -> float:
        """The float a stored integer stands for (inverse of :meth:`stored_value`)."""
        if self.base is None:
            return steps / BASE_SCALE
        return self.base.value(key // self.stride, 0) + steps / BONUS_SCALE


# -- state order and prediction --------------------------------------------------------------

Step = tuple[int, int, int, int]
"""(state key, and the keys a, b, c predicting it as a + b - c; -1 for "no such state")."""


def _earlier_neighbour(bits: int) -> int:
    """A smaller bit set of the same popcount parity, close to ``bits``; -1 if none.

    The highest set bit moves to the highest free position below it (one category swapped
    for an earlier one); failing that, the two highest set bits go.
    """
    if bits == 0:
        return -1
    top = bits.bit_length() - 1
    free_below = ~bits & ((1 << top) - 1)
    if free_below:
        return bits ^ (1 << top) ^ (1 << (free_below.bit_length() - 1))
    rest = bits ^ (1 << top)
    if rest:
        return rest ^ (1 << (rest.bit_length() - 1))
    return -1


def _deposit(value: int, positions: list[int]) -> int:
    """Spread the bits of ``value`` onto these bit positions."""
    mask = 0
    for bit, position in enumerate(positions):
        if value >> bit & 1:
            mask |= 1 << position
    return mask


@cache
def storage_order(space: StateSpace) -> tuple[Step, ...]:
    """Every stored state of ``space`` in file order, with its predictors."""
    return tuple(_walk(space))


def _walk(space: StateSpace) -> Iterator[Step]:
    if not space.has_bonus:
        for mask in range(1, space.full_mask):
            if is_stored(mask):
                yield mask, _earlier_neighbour(mask), -1, -1
        return
    stride = space.threshold + 1
    uppers = [i for i, face in enumerate(space.upper_face) if face]
    lowers = [i for i, face in enumerate(space.upper_face) if not face]
    lower_masks = [_deposit(bits, lowers) for bits in range(1 << len(lowers))]
    neighbours = [_earlier_neighbour(bits) for bits in range(1 << len(lowers))]
    # Upper part outermost, then the subtotal, then the lower part: the bonus's worth grows
    # smoothly with the subtotal and changes little when one lower category is swapped.
    by_parity = [
        [bits for bits in range(1 << len(lowers)) if bits.bit_count() % 2 == parity]
        for parity in (0, 1)
    ]
    for upper_bits in range(1 << len(uppers)):
        upper = _deposit(upper_bits, uppers)
        previous = -1
        # Only lower parts that make the popcount even are stored (and not the empty card).
        stored_lowers = [b for b in by_parity[upper_bits.bit_count() % 2] if upper or b]
        for subtotal in space.live_subtotals(upper):
            for bits in stored_lowers:
                lower = lower_masks[bits]
                mask = upper | lower
                near = neighbours[bits]
                left = (upper | lower_masks[near]) * stride + subtotal if near >= 0 else -1
                above = mask * stride + previous if previous >= 0 else -1
                corner = (upper | lower_masks[near]) * stride + previous
                yield (
                    mask * stride + subtotal,
                    above,
                    left,
                    corner if near >= 0 and previous >= 0 else -1,
                )
            previous = subtotal


# -- encoding --------------------------------------------------------------------------------


def rules_checksum(space: StateSpace) -> int:
    """A CRC of everything the values depend on: categories, points per throw, bonus."""
    text = json.dumps([list(space.categories), space.points, space.threshold, space.bonus])
    return zlib.crc32(text.encode())


def encode(space: StateSpace, steps: dict[int, int]) -> bytes:
    """The file for a table whose stored integers are ``steps`` (by state key)."""
    out = bytearray()
    for key, a, b, c in storage_order(space):
        delta = steps[key] - (steps.get(a, 0) + steps.get(b, 0) - steps.get(c, 0))
        zigzag = delta * 2 if delta >= 0 else -delta * 2 - 1
        while zigzag >= 0x80:
            out.append(zigzag & 0x7F | 0x80)
            zigzag >>= 7
        out.append(zigzag)
    header = json.dumps(
        {
            "ruleset": space.ruleset.id,
            "upper_bonus": space.has_bonus,
            "scale": BONUS_SCALE if space.has_bonus else BASE_SCALE,
            "states": len(steps),
            "rules_crc": rules_checksum(space),
        },
        sort_keys=True,
    ).encode()
    return (
        MAGIC
        + bytes([FORMAT_VERSION])
        + struct.pack("<H", len(header))
        + header
        + zlib.compress(bytes(out), 9)
    )


def decode(space: StateSpace, data: bytes) -> dict[int, int]:
    """The stored integers of a table file, by state key; :class:`TableError` if unusable."""
    name = table_name(space.ruleset)
    try:
        return _decode(space, data)
    except TableError:
        raise
    except (ValueError, IndexError, struct.error, zlib.error) as error:
        raise TableError(f"the table for {name!r} is damaged ({error})") from None


def _decode(space: StateSpace, data: bytes) -> dict[int, int]:
    if data[:4] != MAGIC or len(data) < 7:
        raise TableError("not a Yacht value table")
    if data[4] != FORMAT_VERSION:
        raise TableError(f"table format {data[4]} is not {FORMAT_VERSION}: rebuild the tables")
    (length,) = struct.unpack_from("<H", data, 5)
    header = json.loads(data[7 : 7 + length])
    expected_scale = BONUS_SCALE if space.has_bonus else BASE_SCALE
    if header.get("rules_crc") != rules_checksum(space) or header.get("scale") != expected_scale:
        raise TableError(
            f"the table for {table_name(space.ruleset)!r} was built for other rules: "
            "rebuild it with `python -m yacht tables`"
        )
    payload = zlib.decompress(data[7 + length :])
    steps: dict[int, int] = {}
    get = steps.get
    at = 0
    for key, a, b, c in storage_order(space):
        byte = payload[at]
        at += 1
        zigzag = byte & 0x7F
        shift = 7
        while byte & 0x80:
            byte = payload[at]
            at += 1
            zigzag |= (byte & 0x7F) << shift
            shift += 7
        delta = -(zigzag + 1) // 2 if zigzag & 1 else zigzag // 2
        steps[key] = delta + get(a, 0) + get(b, 0) - get(c, 0)
    if at != len(payload) or len(steps) != header.get("states"):
        raise TableError("its length does not match its header")
    return steps


# -- loading ---------------------------------------------------------------------------------


def install_table(name: str, data: bytes) -> None:
    """Supply a table's bytes (e.g. fetched by the page after start-up) instead of a file."""
    _installed[name] = data
    load_values.cache_clear()


def table_bytes(name: str) -> bytes:
    """The bytes of the table ``name``: installed ones first, then ``DATA_DIR``, then a download.

    The page downloads its tables after start-up (see :mod:`yacht.strategy.table_files`); a
    table asked for before that finished is downloaded here, at once.
    """
    if name in _installed:
        return _installed[name]
    path = table_path(name, DATA_DIR)
    try:
        return path.read_bytes()
    except OSError as error:
        download = missing_table_download()
        if download is not None:
            try:
                return download(name)
            except OSError as failure:
                raise TableError(f"no value table {name}: {failure}") from None
        raise TableError(
            f"no value table {path} ({error.strerror}): build it with "
            "`python -m yacht tables --out yacht/data`"
        ) from None


@cache
def load_values(ruleset: RuleSet) -> StateValues:
    """The values of ``ruleset``, read on first use and kept for the session."""
    space = state_space(ruleset)
    base = load_values(ruleset.with_upper_bonus(False)) if space.has_bonus else None
    return values_from_steps(space, decode(space, table_bytes(table_name(ruleset))), base)


def values_from_steps(
    space: StateSpace, steps: dict[int, int], base: StateValues | None
) -> StateValues:
    """A :class:`StateValues` holding these stored integers."""
    values = StateValues(space, base)
    convert: Callable[[int, int], float] = values.from_steps
    values.stored = {key: convert(key, count) for key, count in steps.items()}
    return values


def values_for(ruleset: str | RuleSet = "traditional", *, upper_bonus: bool = False) -> StateValues:
    """The loaded values of a rule set given by id or object."""
    return load_values(find_ruleset(ruleset, upper_bonus=upper_bonus))
