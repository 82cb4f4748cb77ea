"""Challenge links made in Python for the e2e tests, and the dialog they open.

A game that scores each category in order after one throw is a legal game of any seed, so a
test can send itself a challenge (or an answer) without playing one through the page first.
"""

from __future__ import annotations

from playwright.sync_api import Locator, Page

from yacht.game.replay import PlayedGame, TurnPlay
from yacht.rules.rulesets import find_ruleset
from yacht.saves.challenge_link import CHALLENGE_LINK, ChallengeLink, decode, finished_link


def straight_game(name: str, seed: int, ruleset: str = "traditional") -> PlayedGame:
    """One throw a turn, the categories scored in order."""
    rules = find_ruleset(ruleset)
    return PlayedGame(rules, seed, name, tuple(TurnPlay((), c) for c in rules.categories))


def fragment(game: PlayedGame, *, reply: bool = False) -> str:
    """The ``#challenge=`` fragment sending ``game`` (finished) as a challenge or an answer."""
    return "#challenge=" + CHALLENGE_LINK.encode(finished_link(game, reply=reply))


def fresh_fragment(game: PlayedGame) -> str:
    """The fragment of a challenge to a fresh game (no moves, no score)."""
    return "#challenge=" + CHALLENGE_LINK.encode(ChallengeLink(game))


def link_of(url: str) -> ChallengeLink:
    """The challenge a sent address holds."""
    return decode(url.split("#challenge=", 1)[1])


def open_fragment(page: Page, text: str) -> None:
    """Put ``text`` in the address of the booted page (as pasting a link into its tab does)."""
    page.evaluate("text => { location.hash = text; }", text)


def challenge_dialog(page: Page) -> Locator:
    """The challenge dialog, open (its title names the challenger when it is an invitation)."""
    return page.get_by_role("dialog").filter(has=page.locator("#challenge-title"))
