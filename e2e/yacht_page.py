"""A page object for the game: drives the board the way a player (or screen reader) does.

Everything goes through roles and accessible names (the page's accessibility contract), except
reading values back, which uses the dice's ``data-face`` and the options' ``data-category``.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

SNAPSHOT_JS = """() => ({
  status: document.querySelector('#status').textContent,
  dice: [...document.querySelectorAll('#dice .die')].map(
    d => [d.dataset.face ?? null, d.getAttribute('aria-pressed'), d.disabled]),
  heads: [...document.querySelectorAll('#scorecard thead th')].map(
    th => (th.querySelector('.seat-name') ?? th).textContent
      + (th.classList.contains('current') ? ' *' : '')),
  cells: [...document.querySelectorAll('#scorecard tbody tr')].map(
    tr => [...tr.children].map(c => c.textContent)),
  roll: document.querySelector('#roll').disabled,
  rollsLeft: document.querySelector('#rolls-left').textContent,
  undo: document.querySelector('#undo').disabled,
  // Over once no seat has the turn: at once after the last score. (The game-over dialog opens
  // a frame later, so a loop that read it could roll into a finished game.)
  gameOver: !document.querySelector('#scorecard thead th.current'),
  save: localStorage.getItem('yacht:game'),
})"""


SEAT_HEADINGS_JS = """() => {
  const card = document.querySelector('section.card');
  const shown = [...document.querySelectorAll('#scorecard thead tr:first-child th')].slice(1)
    .map((th) => [...th.querySelectorAll('.seat-name, .seat-short')]
      .find((e) => e.checkVisibility() && e.clientWidth > 1));
  return {
    headings: shown.map((e) => {
      const range = document.createRange();
      range.selectNodeContents(e);
      const text = range.getBoundingClientRect();
      return {text: e.textContent, left: text.left, right: text.right,
              cut: e.scrollWidth > e.clientWidth};
    }),
    sideways: card.scrollWidth - card.clientWidth,
  };
}"""
"""The players' column headings as the eye sees them: each one's text (the name or its short
label, whichever the layout shows), where that text starts and ends, whether it is cut; and how
far the scorecard's card scrolls sideways. Shared by the layout tests and the engines suite."""

LANDED_JS = """() => {
  const roll = document.getElementById('roll');
  return !roll.matches('.airborne-a, .airborne-b')
    && getComputedStyle(roll).pointerEvents !== 'none';
}"""
"""True once the last throw's dice are down: Roll has dropped its airborne animation's class (the
game's own record, which R and Space go by) and takes the pointer again."""


SETTLE_LIMIT_MS = 30_000
"""How long a settle may wait. A move takes milliseconds, a few hundred on a loaded machine:
past this, something is stuck, and the test fails saying what rather than hanging the run."""

SETTLED_JS = """async (limit) => {
  limit ??= LIMIT_MS;  // Playwright passes null, not undefined, when no argument is given
  if (!navigator.locks) return null;
  const started = performance.now();
  const late = () => performance.now() - started > limit;
  const locks = async () => {
    const now = await navigator.locks.query();
    const game = (list) => list.filter((lock) => lock.name === 'yacht:game')
      .map((lock) => `${lock.mode} by client ${lock.clientId}`);
    return `held: [${game(now.held).join(', ')}], pending: [${game(now.pending).join(', ')}]`;
  };
  const waiting = async () =>
    (await navigator.locks.query()).pending.some((lock) => lock.name === 'yacht:game');
  const task = () => new Promise((done) => setTimeout(done, 5));
  do {
    while (await waiting()) {
      if (late()) return `a change still waits for the game's lock after ${limit} ms ` +
        `(${await locks()}; page ${document.visibilityState}, focused: ${document.hasFocus()})`;
      await task();
    }
    await task();  // the grant's own task, should it come after the answer to the query
  } while (await waiting());
  // What a move puts off until it is on screen (the game-over dialog) runs in a task queued
  // from the next frame: this one is queued after it.
  const framed = await Promise.race([
    new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(true), 0))),
    new Promise((done) => setTimeout(() => done(false), limit)),
  ]);
  if (!framed) return `no frame came in ${limit} ms (page ${document.visibilityState}, ` +
    `focused: ${document.hasFocus()}; ${await locks()})`;
  return null;
}""".replace("LIMIT_MS", str(SETTLE_LIMIT_MS))
"""Resolves once no change to the stored game waits for the game's Web Lock: every move and new
game asked before it has been made, stored and shown, with what it put off until after its frame.
(A move of the tab in use is made in its click's own task; one asked while another tab held the
lock, at the grant.) The lock is only looked at, never taken: the tab in use keeps it, as it does
for a player. Resolves to null, or to what is stuck once ``limit`` ms have passed (a client
that both holds the lock and waits for it is a page waiting for itself)."""


def open_menu(page: Page) -> Locator:
    """Open the ☰ menu, where the secondary commands are, if it is closed; returns it."""
    menu = page.locator("#more")
    if not menu.evaluate("details => details.open"):
        menu.locator(":scope > summary").click()
    expect(menu).to_have_attribute("open", "")
    return menu


def set_language(page: Page, language: str) -> None:
    """Choose ``language`` in the menu's select (also while a dialog covers the menu)."""
    page.evaluate(
        """language => { const select = document.querySelector('#language');
            select.value = language; select.dispatchEvent(new Event('change')); }""",
        language,
    )
    page.wait_for_function("l => document.documentElement.lang === l", arg=language)


def resize(page: Page, size: dict[str, int]) -> None:
    """Give the page ``size`` and wait for the frame that draws it. What the style sheet cannot
    place alone (static/tray-room.js) is placed by resize observers in that frame, before it is
    painted: measured any sooner, the page is one a player never sees."""
    page.set_viewport_size(size)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))")


class YachtPage:
    """The game board in a booted page."""

    def __init__(self, page: Page) -> None:
        self.page = page

    # -- controls by role and name ---------------------------------------------------------

    @property
    def roll_button(self) -> Locator:
        return self.page.get_by_role("button", name="Roll", exact=True)

    @property
    def dice_buttons(self) -> Locator:
        return self.page.get_by_role("group", name="Dice").get_by_role("button")

    @property
    def options(self) -> Locator:
        """The current player's open categories, as buttons."""
        return self.page.locator("#scorecard button.option")

    def option(self, english_name: str) -> Locator:
        return self.page.get_by_role("button", name=english_name + ":")

    def menu(self) -> Locator:
        """The ☰ menu, opened."""
        return open_menu(self.page)

    # -- actions -----------------------------------------------------------------------------

    def settle(self) -> None:
        """Wait until every move and new game asked so far is made and stored."""
        stuck = self.page.evaluate(SETTLED_JS)
        if stuck is not None:
            pytest.fail(f"the page did not settle: {stuck}", pytrace=False)

    def roll(self) -> None:
        self.settle()
        before = self.snapshot()["save"]
        self.roll_button.click()
        self._wait_saved_change(before)

    def wait_for_landing(self) -> None:
        """Wait until the dice have landed: while they fly, Roll takes no click and no key."""
        self.page.wait_for_function(LANDED_JS)

    def toggle(self, index: int) -> None:
        self.settle()
        before = self.snapshot()["save"]
        self.dice_buttons.nth(index).click()
        self._wait_saved_change(before)

    def score_first_option(self) -> str:
        """Score the first open category; returns its id."""
        button = self.options.first
        category = str(button.get_attribute("data-category"))
        self.settle()
        before = self.snapshot()["save"]
        button.click()
        self.answer_scratch()
        self._wait_saved_change(before)
        return category

    def answer_scratch(self, score_zero: bool = True) -> bool:
        """If the page asks before a wasted 0, answer it; whether it asked.

        The question opens within the click that chose the category, so it is open (or not)
        as soon as the click returns.
        """
        dialog = self.page.locator("#scratch-confirm")
        if not dialog.evaluate("d => d.open"):
            return False
        # By id: the page may be in any language.
        dialog.locator("#scratch-yes" if score_zero else "#scratch-cancel").click()
        return True

    def new_game(
        self,
        ruleset: str = "traditional",
        names: tuple[str, ...] = ("Ann",),
        bonus: bool = False,
        real_dice: bool = False,
    ) -> None:
        """Start a game through the setup dialog."""
        page = self.page
        self.settle()  # the game-over dialog opens a frame after the last score
        over = page.locator("#game-over")
        page.locator("#new-game-from-over" if over.evaluate("d => d.open") else "#new-game").click()
        setup = page.get_by_role("dialog", name="New game")
        expect(setup).to_be_visible()
        setup.locator(f"input[name=ruleset][value='{ruleset}']").check()
        bonus_box = setup.get_by_label("Upper-section bonus", exact=False)
        if bonus:
            bonus_box.check()
        elif bonus_box.is_enabled():
            bonus_box.uncheck()
        # The setup dialog remembers the last game's choice: set it either way.
        setup.get_by_label("Real dice", exact=False).set_checked(real_dice)
        setup.get_by_label("Number of players").select_option(str(len(names)))
        for seat, name in enumerate(names):
            setup.get_by_label(f"Player {seat + 1}", exact=True).fill(name)
        setup.get_by_role("button", name="Start game").click()
        expect(setup).to_be_hidden()
        self.settle()

    # -- reading ------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """Everything visible about the game, plus the saved record."""
        result: dict[str, Any] = self.page.evaluate(SNAPSHOT_JS)
        return result

    def dice(self) -> list[int]:
        faces = [die[0] for die in self.snapshot()["dice"]]
        assert None not in faces, f"dice not rolled: {faces}"
        return [int(face) for face in faces]

    def previews(self) -> dict[str, int]:
        """Points the page offers for each open category, by category id."""
        result: dict[str, int] = self.page.evaluate(
            """() => Object.fromEntries([...document.querySelectorAll('#scorecard button.option')]
                .map(b => [b.dataset.category, Number(b.textContent)]))"""
        )
        return result

    def saved(self) -> dict[str, Any]:
        import json

        text = self.snapshot()["save"]
        assert text, "nothing saved"
        data: dict[str, Any] = json.loads(text)
        return data

    def _wait_saved_change(self, before: str | None) -> None:
        self.page.wait_for_function(
            "before => localStorage.getItem('yacht:game') !== before", arg=before, timeout=5000
        )
