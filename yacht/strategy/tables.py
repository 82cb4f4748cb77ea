"""The value tables: what every state between turns is worth, their file format and loading.

What is stored
    Only states after an even, non-zero number of turns. A state after an odd number of turns
    is one turn away from stored states, so its value is recomputed on demand (one turn solve,
    about 0.2 ms) with the builder's own turn solver; advice needs at most 43 of those per
    turn and remembers them. That halves every table. The start of the game is two turns
    from stored states and is recomputed the same way.

    A rule set without a bonus stores one value per set of filled categories. With the
    upper-section bonus, the states where the bonus no longer matters take the no-bonus
    table's value (see :mod:`yacht.strategy.states`), and the live states store the bonus's
    worth on top of it.

Precision
    The builder solves every state in full float64 precision and only then rounds what it
    stores, to a multiple of ``2**-STEP_BITS`` (4.7e-10 of a point): rounding never feeds an
    earlier state. A stored value is within half a step (2.3e-10) of the exact solution, and
    so is every value recomputed from them, because a turn's value is a maximum of averages
    of the values after it, which cannot magnify an error. The difference of two options is
    therefore within one step (4.7e-10) of the exact difference: advice picks the optimal
    option wherever the best two differ by more than 1e-9, and values agree with the exact
    solution to well under 1e-9. The price is size: about 27 bits a stored bonus state once
    predicted (the digits below 1e-3 of a point follow no pattern a cheap predictor finds).

File format (``yacht/data/<name>.ytb``)
    ``b"YTBL"``, one format byte, a two-byte little-endian header length, a UTF-8 JSON header
    (rule set, bonus, step bits, state count, residual width, a CRC of the rules), then a
    zlib stream. The stored integers come in a fixed state order, each as the zigzag code of
    its difference from a prediction made of already decoded neighbours (the same state with
    a smaller subtotal, a state where one filled category is swapped for an earlier one);
    every code has ``width`` little-endian bytes, written byte plane by byte plane (all
    lowest bytes, then all next bytes...), so zlib squeezes the nearly constant high planes
    and the nearly random low ones cost a byte each. Python's standard library reads it,
    in Pyodide too.
"""

from __future__ import annotations

import array
import json
import struct
import sys
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache

from yacht.errors import TableError
from yacht.rules.rulesets import RuleSet, find_ruleset
from yacht.strategy.states import StateSpace, state_space
from yacht.strategy.table_files import DATA_DIR, missing_table_download, table_name, table_path
from yacht.strategy.turn import turn_value

FORMAT_VERSION = 2
MAGIC = b"YTBL"
STEP_BITS = 31
"""Stored values are whole multiples of ``2**-STEP_BITS`` points."""
STEPS_PER_POINT = 1 << STEP_BITS
STEP = 1 / STEPS_PER_POINT
"""The size of one stored step, in points."""
ROUNDING = STEP / 2
"""How far a stored or recomputed value may be from the exact solution (float noise aside)."""

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
    steps: dict[int, int] = field(default_factory=dict)
    """The integers the file stores for them (steps above the no-bonus value with a bonus)."""
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

    def steps_of(self, mask: int, exact: float) -> int:
        """The integer a table stores for a state of ``mask`` whose value is ``exact``.

        With a bonus it is the steps above the no-bonus value of the same mask, which is
        itself a whole number of steps (both tables store the same layers).
        """
        steps = round(exact * STEPS_PER_POINT)
        if self.base is None:
            return steps
        return steps - round(self.base.value(mask, 0) * STEPS_PER_POINT)

    def from_steps(self, key: int, steps: int) -> float:
        """The float a stored integer stands for (inverse of :meth:`steps_of`), exactly."""
        if self.base is not None:
            steps += round(self.base.value(key // self.stride, 0) * STEPS_PER_POINT)
        return steps * STEP


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


@dataclass(frozen=True, eq=False)
class Plan:
    """The storage order as positions, for a fast decoding loop: the predictors of the state
    at position ``i`` are at positions ``above[i]``, ``left[i]`` and ``corner[i]`` (position
    ``len(keys)`` is a zero: "no such state")."""

    keys: tuple[int, ...]
    above: tuple[int, ...]
    left: tuple[int, ...]
    corner: tuple[int, ...]


@cache
def storage_plan(space: StateSpace) -> Plan:
    """:func:`storage_order` as positions."""
    order = storage_order(space)
    position = {step[0]: at for at, step in enumerate(order)}
    none = len(order)
    columns = [
        tuple(position.get(step[column], none) if step[column] >= 0 else none for step in order)
        for column in (1, 2, 3)
    ]
    return Plan(tuple(step[0] for step in order), *columns)


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
    codes = []
    for key, a, b, c in storage_order(space):
        delta = steps[key] - (steps.get(a, 0) + steps.get(b, 0) - steps.get(c, 0))
        codes.append(delta * 2 if delta >= 0 else -delta * 2 - 1)
    width = max(1, (max(codes, default=0).bit_length() + 7) // 8)
    if width > _LANE:
        raise TableError(f"a residual needs {width} bytes; the format allows {_LANE}")
    lanes = b"".join(code.to_bytes(_LANE, "little") for code in codes)
    planes = b"".join(lanes[plane::_LANE] for plane in range(width))
    header = json.dumps(
        {
            "ruleset": space.ruleset.id,
            "upper_bonus": space.has_bonus,
            "step_bits": STEP_BITS,
            "states": len(codes),
            "width": width,
            "rules_crc": rules_checksum(space),
        },
        sort_keys=True,
    ).encode()
    return (
        MAGIC
        + bytes([FORMAT_VERSION])
        + struct.pack("<H", len(header))
        + header
        + zlib.compress(planes, 9)
    )


_LANE = 8
"""Bytes of the unsigned integer a residual code is unpacked into."""


def decode(space: StateSpace, data: bytes) -> dict[int, int]:
    """The stored integers of a table file, by state key; :class:`TableError` if unusable."""
    return dict(zip(storage_plan(space).keys, decode_steps(space, data), strict=True))


def decode_steps(space: StateSpace, data: bytes) -> list[int]:
    """The stored integers of a table file in storage order; :class:`TableError` if unusable."""
    name = table_name(space.ruleset)
    try:
        return _decode(space, data)
    except TableError:
        raise
    except (ValueError, IndexError, TypeError, struct.error, zlib.error) as error:
        raise TableError(f"the table for {name!r} is damaged ({error})") from None


def _decode(space: StateSpace, data: bytes) -> list[int]:
    if data[:4] != MAGIC or len(data) < 7:
        raise TableError("not a Yacht value table")
    if data[4] != FORMAT_VERSION:
        raise TableError(f"table format {data[4]} is not {FORMAT_VERSION}: rebuild the tables")
    (length,) = struct.unpack_from("<H", data, 5)
    header = json.loads(data[7 : 7 + length])
    if header.get("rules_crc") != rules_checksum(space) or header.get("step_bits") != STEP_BITS:
        raise TableError(
            f"the table for {table_name(space.ruleset)!r} was built for other rules: "
            "rebuild it with `python -m yacht tables`"
        )
    plan = storage_plan(space)
    count, width = len(plan.keys), header.get("width")
    if header.get("states") != count or not isinstance(width, int) or not 1 <= width <= _LANE:
        raise TableError("its header does not match the rules' states")
    planes = zlib.decompress(data[7 + length :])
    if len(planes) != count * width:
        raise TableError("its length does not match its header")
    # Put the byte planes back side by side: one little-endian 8-byte lane per code.
    lanes = bytearray(count * _LANE)
    for plane in range(width):
        lanes[plane::_LANE] = planes[plane * count : (plane + 1) * count]
    codes = array.array("Q", lanes)
    if sys.byteorder != "little":
        codes.byteswap()
    steps = [0] * (count + 1)  # the last one stays 0: what a missing predictor stands for
    for at, code, a, b, c in zip(
        range(count), codes, plan.above, plan.left, plan.corner, strict=True
    ):
        steps[at] = ((code >> 1) ^ -(code & 1)) + steps[a] + steps[b] - steps[c]
    del steps[count]
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
    """A :class:`StateValues` holding these stored integers (as :meth:`StateValues.from_steps`
    converts them, in one pass)."""
    values = StateValues(space, base)
    values.steps = steps
    if base is None:
        values.stored = {key: count * STEP for key, count in steps.items()}
        return values
    # A no-bonus table has one state per mask, so its keys are the masks.
    floor = base.steps
    stride = values.stride
    values.stored = {key: (count + floor[key // stride]) * STEP for key, count in steps.items()}
    return values


def values_for(ruleset: str | RuleSet = "traditional", *, upper_bonus: bool = False) -> StateValues:
    """The loaded values of a rule set given by id or object."""
    return load_values(find_ruleset(ruleset, upper_bonus=upper_bonus))
