"""The choices made on the new-game screen, remembered for the next game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from yacht.errors import InvalidSetupError
from yacht.game.dice_schemes import DiceScheme, fresh_seed
from yacht.game.players import COMPUTER_LEVELS, MAX_PLAYERS, check_distinct, clean_name, seat_names
from yacht.game.state import GameState, new_game
from yacht.rules.rulesets import DEFAULT_RULESET, RULESETS


@dataclass(frozen=True)
class GameSetup:
    """Who plays (people or computer levels, seat by seat), by which rules, with what help."""

    names: tuple[str, ...] = ("Player 1",)
    ruleset: str = DEFAULT_RULESET
    upper_bonus: bool = False
    computers: tuple[str | None, ...] = ()
    """Seat by seat, a computer level or None for a person; empty means all people."""
    coach: bool = False
    real_dice: bool = False
    """The players throw real dice and enter the faces (people only, no seed)."""

    def __post_init__(self) -> None:
        if self.computers and len(self.computers) != len(self.names):
            raise InvalidSetupError(f"{len(self.computers)} seat kinds for {len(self.names)} names")
        for level in self.computers:
            if level is not None and level not in COMPUTER_LEVELS:
                raise InvalidSetupError(f"unknown computer level {level!r}")

    @property
    def seats(self) -> tuple[str | None, ...]:
        """Seat by seat, the computer level or None, for every seat."""
        return self.computers or (None,) * len(self.names)

    @classmethod
    def from_form(
        cls,
        raw_names: list[str],
        ruleset: str,
        upper_bonus: bool,
        count: int,
        default_name: Callable[[int], str] = lambda number: f"Player {number}",
        kinds: list[str] | None = None,
        coach: bool = False,
        real_dice: bool = False,
    ) -> GameSetup:
        """The setup a player entered; blank names become ``default_name(seat number)``.

        Two seats whose names look the same are refused (:class:`DuplicateNameError`): neither
        the scorecard nor the statistics could tell those players apart.

        ``kinds`` holds, seat by seat, "human" or a computer level. With ``real_dice`` every
        seat is a person: a computer cannot throw real dice.
        """
        if not 1 <= count <= MAX_PLAYERS:
            raise InvalidSetupError(f"choose 1 to {MAX_PLAYERS} players")
        names = []
        for seat in range(count):
            raw = raw_names[seat] if seat < len(raw_names) else ""
            try:
                names.append(clean_name(raw))
            except InvalidSetupError:
                names.append(clean_name(default_name(seat + 1)))
        check_distinct(names)
        if ruleset not in RULESETS:
            raise InvalidSetupError(f"unknown rule set {ruleset!r}")
        bonus = upper_bonus and RULESETS[ruleset].offers_bonus
        chosen = [] if real_dice else (kinds or [])[:count]
        computers = tuple(kind if kind in COMPUTER_LEVELS else None for kind in chosen)
        computers += (None,) * (count - len(computers))
        return cls(
            tuple(names), ruleset, bonus, computers if any(computers) else (), coach, real_dice
        )

    @classmethod
    def of_game(cls, state: GameState, *, coach: bool = False) -> GameSetup:
        """The setup that started ``state`` (for a rematch)."""
        computers = tuple(card.computer for card in state.players)
        return cls(
            tuple(card.name for card in state.players),
            state.ruleset.id,
            state.ruleset.upper_bonus is not None,
            computers if any(computers) else (),
            coach,
            state.real_dice,
        )

    @property
    def challengeable(self) -> bool:
        """Whether its games can be sent as a challenge: one person, the game's own dice."""
        return len(self.names) == 1 and not self.real_dice and not any(self.computers)

    def start(
        self, seed: int | None = None, *, new_seed: Callable[[], int] = fresh_seed
    ) -> GameState:
        """A new game with this setup (a setup remembered from an earlier version may seat two
        players of one name: they are told apart, see :func:`seat_names`).

        A solo game without a ``seed`` gets a fresh one and duplicate dice, so it can be sent
        as a challenge when it ends; a game of a given seed rolls as seeded games always did.
        """
        scheme = DiceScheme.RUNNING
        if seed is None and self.challengeable:
            seed, scheme = new_seed(), DiceScheme.DUPLICATE
        return new_game(
            seat_names(self.names),
            self.ruleset,
            upper_bonus=self.upper_bonus,
            # Real dice are thrown on the table; a seed would have nothing to decide.
            seed=None if self.real_dice else seed,
            computers=self.seats,
            real_dice=self.real_dice,
            dice_scheme=scheme,
        )
