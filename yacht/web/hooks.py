"""What the history, real-dice, daily and feel controllers need from the App, and nothing more.

They get these callables instead of the App itself, so they cannot reach into its internals and
the App stays the one owner of the game state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from yacht.game.actions import Action
from yacht.game.state import GameState
from yacht.i18n import Translator
from yacht.saves.slots import Notice, Store
from yacht.session.session import Session
from yacht.web.preferences import Preferences


@dataclass(frozen=True)
class Hooks:
    """The App's services, as callables."""

    store: Store
    state: Callable[[], GameState]
    """The game as it stands."""
    act: Callable[[Action], None]
    """Apply an action as the player's (explained and ignored when illegal)."""
    begin: Callable[[GameState, str], None]
    """Start this game (not made by the setup dialog), announcing the text."""
    play: Callable[[Session, str], None]
    """Carry on with this session (a game taken back), announcing the text."""
    tr: Callable[[], Translator]
    """The translator of the current language."""
    tell: Callable[[str], None]
    """Show a notice and announce it."""
    announce: Callable[[str], None]
    """Say something to screen readers only."""
    on: Callable[[Any, str, Callable[[Any], None]], None]
    """Listen to a DOM event through the App's error boundary."""
    default_name: Callable[[], str]
    """The first player's name as last set up (for a solo daily game)."""
    note: Callable[[list[Notice]], None]
    """Show what storage had to say (a record backed up, storage full)."""
    preferences: Preferences
    """The language and sound choices, and their slot."""
    later: Callable[[Callable[[], object]], None]
    """Run this once the page is idle (after start-up), inside the error boundary."""
    after_moves: Callable[[Callable[[], None]], None]
    """Run this once every move asked so far is made (a move waits for the game's lock)."""
