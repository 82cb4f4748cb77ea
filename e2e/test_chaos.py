"""A seeded monkey: thousands of random clicks and key presses, with reloads in between.

The monkey runs inside the page in batches (one ``page.evaluate`` each), choosing with a
seeded PRNG among what a player could reach right now: the enabled, visible buttons, check
boxes, radios and menus of the board, or of the open dialog only (a modal dialog hides the
rest); and key presses sent to the focused element. Export and Import are left out (they
open the browser's own download and file-chooser machinery), and so is the service worker's
"New version available: Reload" (a reload on purpose; workers are blocked here anyway, so that
files changing on disk during a run cannot offer one). Every seat stays a person: computer
seats play on by themselves, also right after a reload, which the reload check would race.

Between batches the page is reloaded, and the game shown after the reload must be the game
that was stored, which must be the game shown before it. The harness fails the test on any
console error; the page logs one for every Python exception an event handler raises.

The run's size and time are printed (``pytest -s``) for the README.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from harness import goto_booted, reload_booted
from playwright.sync_api import Page
from yacht_page import SETTLED_JS

import yacht
from yacht.saves.game_record import GAME_RECORD

SEED = 1130
ACTIONS = 5_000
BATCH = 250
RULESETS = sorted(yacht.RULESETS)

MONKEY_JS = """async ([seed, count, rulesetValue]) => {
  // mulberry32: small, fast and good enough to pick buttons.
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6D2B79F5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (items) => items[Math.floor(rand() * items.length)];
  // A move waiting for the game's lock is made at its grant: settling waits until no change
  // waits any more, so each action meets the board the last one left.
  const settle = async () => {
    const stuck = await (SETTLED)();
    if (stuck !== null) throw new Error(`the page did not settle: ${stuck}`);
  };
  const KEYS = ['1', '2', '3', '4', '5', 'r', 'R', ' ', 'u', 'U', 'h', 'n', 'x', 'Enter', 'Tab'];
  const LEFT_OUT = new Set(['export', 'import', 'import-file', 'app-update-reload']);
  const reachable = (el) => !el.disabled && !LEFT_OUT.has(el.id) && el.checkVisibility()
    && !el.matches('select.seat-kind');
  const tally = {clicks: 0, keys: 0, menus: 0, dialogs: 0, gamesOver: 0};
  let seenOver = false;
  // Start this batch in the rule set asked for, through the setup dialog like a player
  // (after closing the game-over dialog a finished game reopens with).
  for (const open of document.querySelectorAll('dialog[open]')) open.close();
  document.querySelector('#new-game').click();
  document.querySelector(`input[name=ruleset][value="${rulesetValue}"]`).click();
  document.querySelector('#setup-start').click();
  // Until `count` actions are made (a draw with nothing to act on is drawn again).
  for (let tries = 0; tally.clicks + tally.keys + tally.menus < count && tries < 10 * count;
       tries++) {
    await settle();
    const dialog = document.querySelector('dialog[open]');
    if (dialog) tally.dialogs += 1;
    if (dialog && dialog.id === 'game-over' && !seenOver) tally.gamesOver += 1;
    seenOver = Boolean(dialog && dialog.id === 'game-over');
    if (!dialog && rand() < 0.3) {
      const target = document.activeElement || document.body;
      const key = pick(KEYS);
      target.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}));
      tally.keys += 1;
      continue;
    }
    const root = dialog || document;
    // Mostly play on (roll, hold, score), so that games also reach their end.
    const selector = !dialog && rand() < 0.75
      ? '#roll, #dice .die, #scorecard button.option'
      : 'button, input[type=radio], input[type=checkbox], select, summary';
    const candidates = [...root.querySelectorAll(selector)].filter(reachable);
    if (candidates.length === 0) continue;
    const element = pick(candidates);
    if (element.tagName === 'SELECT') {
      // A player's choice in a menu always changes its value (no change event otherwise).
      const others = [...element.options].filter((option) => option.value !== element.value);
      if (others.length === 0) continue;
      element.value = pick(others).value;
      element.dispatchEvent(new Event('change', {bubbles: true}));
      tally.menus += 1;
    } else {
      element.focus();
      element.click();
      tally.clicks += 1;
    }
  }
  await settle();
  return tally;
}""".replace("SETTLED", SETTLED_JS)

VIEW_JS = """() => ({
  dice: [...document.querySelectorAll('#dice .die')].map(
    d => [d.dataset.face ?? null, d.getAttribute('aria-pressed'), d.disabled]),
  heads: [...document.querySelectorAll('#scorecard thead th')].map(
    th => (th.querySelector('.seat-name') ?? th).textContent
      + (th.classList.contains('current') ? ' *' : '')),
  cells: [...document.querySelectorAll('#scorecard tbody tr')].map(
    tr => [...tr.children].map(c => c.textContent)),
  status: document.querySelector('#status').textContent,
  roll: document.querySelector('#roll').disabled,
  undo: document.querySelector('#undo').disabled,
  rollsLeft: document.querySelector('#rolls-left').textContent,
  notice: document.querySelector('#notice').textContent,
  gameOver: document.querySelector('#game-over').open,
  lang: document.documentElement.lang,
  save: localStorage.getItem('yacht:game'),
})"""


@pytest.fixture(scope="module")
def booted_context_args() -> dict[str, Any]:
    """No service worker: the monkey plays the game, not the update machinery."""
    return {"service_workers": "block"}


def view(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(VIEW_JS)
    return result


def assert_view_shows(shown: dict[str, Any], state: yacht.GameState, *, booted: bool) -> None:
    """The board shows ``state``: its players, dice and holds (and, just ``booted``, the
    game-over dialog exactly when the game is over; later the player may have closed it)."""
    names = [head.removesuffix(" *") for head in shown["heads"][1:]]
    assert names == [card.name for card in state.players]
    assert shown["heads"][1 + state.current].endswith(" *") or state.is_over
    faces = [face for face, _, _ in shown["dice"]]
    if state.dice is None:
        assert faces == [None] * 5
    else:
        assert faces == [str(face) for face in state.dice]
    assert [pressed == "true" for _, pressed, _ in shown["dice"]] == list(state.held)
    if booted:
        assert shown["gameOver"] == state.is_over
    else:
        assert state.is_over or not shown["gameOver"]


def test_a_monkey_cannot_break_the_game_or_its_saves(booted_page: Page) -> None:
    page = booted_page
    # The dice are the page's own, unseeded ones, as a player gets them; the monkey's own
    # choices are seeded.
    goto_booted(page)
    rng = random.Random(SEED)
    tally = {"clicks": 0, "keys": 0, "menus": 0, "dialogs": 0, "gamesOver": 0}
    started = time.perf_counter()
    reloads = 0
    reload_seconds = 0.0
    games_finished = 0
    for batch in range(ACTIONS // BATCH):
        ruleset = RULESETS[batch % len(RULESETS)]
        counts = page.evaluate(MONKEY_JS, [rng.getrandbits(32), BATCH, ruleset])
        for name, value in counts.items():
            tally[name] += value
        before = view(page)
        assert "Something went wrong" not in before["notice"], before["notice"]
        assert before["save"], "the game was never saved"
        state = GAME_RECORD.decode(before["save"]).state
        games_finished += state.is_over
        assert_view_shows(before, state, booted=False)

        reload_seconds += reload_booted(page)
        reloads += 1
        after = view(page)
        assert after["save"] == before["save"], "loading the game changed its save"
        assert_view_shows(after, state, booted=True)
        for key in ("dice", "heads", "cells", "roll", "undo", "rollsLeft", "lang"):
            assert after[key] == before[key], (batch, key)
        assert after["notice"] == "", after["notice"]
    seconds = time.perf_counter() - started
    actions = tally["clicks"] + tally["keys"] + tally["menus"]
    record = json.loads(view(page)["save"])
    print(
        f"\n  monkey: {actions:,} actions ({tally['clicks']:,} clicks, {tally['keys']:,} key "
        f"presses, {tally['menus']:,} menu choices; {tally['dialogs']:,} inside dialogs) "
        f"and {reloads} reloads in {seconds:.1f} s ({reload_seconds:.1f} s of it reloading); "
        f"{tally['gamesOver']} games played to the end ({games_finished} batches ended on one); "
        f"last save revision "
        f"{record['revision']}"
    )
    assert actions >= ACTIONS
    assert reloads == ACTIONS // BATCH
