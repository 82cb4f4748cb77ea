"""Two tabs of one game acting in the same instant: no move is lost without the player seeing it.

One tab rolls while the other holds a die, both clicks dispatched at the same millisecond, over
and over. After each pair the stored game holds both moves, or exactly one and the tab whose
move was refused says so on screen and shows the stored game. The counts are printed (run with
``-s``).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from harness import goto_booted
from playwright.sync_api import BrowserContext, Page
from yacht_page import YachtPage

from yacht.saves.keys import GAME_KEY
from yacht.saves.slots import Event, Notice
from yacht.views.save_notices import describe, overwritten_by_another_tab

NewContext = Callable[..., BrowserContext]

PAIRS = 24

# The board as drawn against the game as stored, in the page's own view of storage.
SIGHT_JS = """key => {
  const text = localStorage.getItem(key);
  const dice = [...document.querySelectorAll('#dice .die')];
  let drawn = false;
  if (text) {
    const game = JSON.parse(text);
    drawn = dice.every((die, i) => game.dice === null
      ? die.dataset.face === undefined
      : die.dataset.face === String(game.dice[i]) &&
        die.getAttribute('aria-pressed') === String(game.held[i]));
  }
  const landed = getComputedStyle(document.getElementById('roll')).pointerEvents !== 'none';
  return {text, drawn, landed};
}"""

LOCKS_IDLE_JS = """async () => {
  if (!navigator.locks) return true;
  const state = await navigator.locks.query();
  return state.held.length === 0 && state.pending.length === 0;
}"""

# Both clicks at one agreed instant: each page sleeps until just before it, then spins.
CLICK_AT_JS = """([selector, at]) => new Promise(resolve => {
  setTimeout(() => {
    while (Date.now() < at) {}
    document.querySelector(selector).click();
    resolve();
  }, Math.max(0, at - Date.now() - 8));
})"""

REFUSED = {describe(Notice(Event.MOVED_ON, GAME_KEY)), overwritten_by_another_tab()}


def sight(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(SIGHT_JS, GAME_KEY)
    return result


def settle(pages: tuple[Page, Page]) -> dict[str, Any]:
    """Wait until both tabs agree on one stored game, draw it, and have nothing in flight."""
    deadline = time.monotonic() + 15
    last: str | None = None
    while time.monotonic() < deadline:
        sights = [sight(page) for page in pages]
        idle = all(page.evaluate(LOCKS_IDLE_JS) for page in pages)
        text = sights[0]["text"]
        agreed = text is not None and all(s["text"] == text for s in sights)
        if agreed and idle and all(s["drawn"] and s["landed"] for s in sights):
            if text == last:  # the same for two looks in a row: nothing more is coming
                game: dict[str, Any] = json.loads(text)
                return game
            last = text
        else:
            last = None
        time.sleep(0.15)
    raise AssertionError(f"the tabs never agreed on the game: {[sight(p) for p in pages]}")


def notice(page: Page) -> str:
    element = page.locator("#notice")
    return str(element.text_content() or "") if element.is_visible() else ""


def ready_for_a_pair(roller: YachtPage, pages: tuple[Page, Page]) -> dict[str, Any]:
    """Bring the game to a roll with rolls left and die 1 free, as both tabs see it."""
    game = settle(pages)
    while True:
        if game["held"][0]:
            roller.toggle(0)
        elif game["dice"] is None:
            roller.roll()
        elif game["rolls"] >= 3:
            if roller.page.locator("#game-over").evaluate("d => d.open"):
                roller.new_game()
            else:
                roller.score_first_option()
        else:
            return game
        roller.wait_for_landing()
        game = settle(pages)


NO_LOCKS_JS = "delete Navigator.prototype.locks;"
"""A browser without Web Locks (before 2022, or a page not served securely)."""


@pytest.mark.parametrize("locks", [True, False], ids=["web-locks", "no-web-locks"])
def test_two_tabs_acting_at_once_never_lose_a_move_silently(
    new_site_context: NewContext, locks: bool
) -> None:
    context = new_site_context()
    if not locks:
        # The fallback stores a move inside its click, as before the lock; what it adds is that
        # a move written over by the other tab is told (tab_turns.on_news).
        context.add_init_script(NO_LOCKS_JS)
    first, second = context.new_page(), context.new_page()
    goto_booted(first)
    goto_booted(second)
    assert first.evaluate("() => 'locks' in navigator") is locks
    pages = (first, second)
    roller = YachtPage(first)
    roller.roll()  # stores a game; the second tab follows it
    outcomes: Counter[str] = Counter()
    lost: list[str] = []
    for pair in range(PAIRS):
        before = ready_for_a_pair(roller, pages)
        at = int(time.time() * 1000) + 250
        # first rolls, second holds die 1, in the same millisecond
        first.evaluate(f"() => {{ window.__click = ({CLICK_AT_JS})(['#roll', {at}]); }}")
        second.evaluate(
            f"() => {{ window.__click = ({CLICK_AT_JS})(['#dice .die[data-index=\"0\"]', {at}]); }}"
        )
        time.sleep(max(0.0, at / 1000 - time.time()) + 0.05)
        after = settle(pages)
        rolled = after["rolls_made"] == before["rolls_made"] + 1
        held = after["held"][0]
        notes = (notice(first), notice(second))
        revisions = f"{before['revision']} -> {after['revision']}"
        where = f"pair {pair}: revision {revisions}, notices {notes}"
        if rolled and held and after["revision"] == before["revision"] + 2:
            outcomes["both applied"] += 1
        elif (rolled or held) and after["revision"] == before["revision"] + 1:
            # One move is in the store; the other tab must say on screen that its move was not.
            refused = second if rolled else first
            told = notice(refused) in REFUSED
            outcomes["refused with notice" if told else "lost silently"] += 1
            if not told:
                lost.append(where)
        else:
            outcomes["neither stored, or out of order"] += 1
            lost.append(where)
    print(f"\n{PAIRS} simultaneous pairs: {dict(outcomes)}")
    assert not lost, f"{len(lost)} of {PAIRS} pairs lost a move unseen: {lost}"
