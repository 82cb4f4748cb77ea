"""The choices made on the new-game screen, remembered for the next game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from yacht.errors import InvalidSetupError
from yacht.game import GameState, new_game
from yacht.players import MAX_PLAYERS, clean_name
from yacht.rulesets import DEFAULT_RULESET, RULESETS


@dataclass(frozen=True)
class GameSetup:
    """Who plays and by which rules."""

    names: tuple[str, ...] = ("Player 1",)
    ruleset: str = DEFAULT_RULESET
    upper_bonus: bool = False

    @classmethod
    def from_form(
        cls,
        raw_names: list[str],
        ruleset: str,
        upper_bonus: bool,
        count: int,
        default_name: Callable[[int], str] = lambda number: f"Player {number}",
    ) -> GameSetup:
        """The setup a player entered; blank names become ``default_name(seat number)``."""
        if not 1 <= count <= MAX_PLAYERS:
            raise InvalidSetupError(f"choose 1 to {MAX_PLAYERS} players")
        names = []
        for seat in range(count):
            raw = raw_names[seat] if seat < len(raw_names) else ""
            try:
                names.append(clean_name(raw))
            except InvalidSetupError:
                names.append(clean_name(default_name(seat + 1)))
        if ruleset not in RULESETS:
            raise InvalidSetupError(f"unknown rule set {ruleset!r}")
        bonus = upper_bonus and RULESETS[ruleset].offers_bonus
        return cls(tuple(names), ruleset, bonus)

    @classmethod
    def of_game(cls, state: GameState) -> GameSetup:
        """The setup that started ``state`` (for a rematch)."""
        return cls(
            tuple(card.name for card in state.players),
            state.ruleset.id,
            state.ruleset.upper_bonus is not None,
        )

    def start(self, seed: int | None = None) -> GameState:
        """A new game with this setup."""
        return new_game(self.names, self.ruleset, upper_bonus=self.upper_bonus, seed=seed)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form, for remembering the last setup."""
        return {"names": list(self.names), "ruleset": self.ruleset, "upper_bonus": self.upper_bonus}

    @classmethod
    def from_dict(cls, data: object) -> GameSetup:
        """The remembered setup, or the default one when ``data`` is unusable."""
        if not isinstance(data, dict):
            return cls()
        names = data.get("names")
        ruleset = data.get("ruleset")
        bonus = data.get("upper_bonus")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            return cls()
        try:
            return cls.from_form(
                names, ruleset if isinstance(ruleset, str) else "", bonus is True, len(names)
            )
        except InvalidSetupError:
            return cls()
