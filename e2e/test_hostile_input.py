"""Hostile input and the page's defences, in Chromium.

- Player names carrying HTML and script show as plain text and never run, from the setup
  dialog and from a planted save alike; long names are capped at 24 characters.
- The Content-Security-Policy lets a whole game (and an export, a reload, the service worker)
  run without a single violation, and does block what it should.
- Subresource Integrity stops a tampered ``core.js``.
- Unseeded dice come from ``crypto.getRandomValues``.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

from harness import CdnMirror, goto_booted, reload_booted
from playwright.sync_api import BrowserContext, Page, Route, expect
from yacht_page import YachtPage, open_menu

import yacht
from yacht.saves.game_record import GAME_RECORD, SavedGame

NewContext = Callable[..., BrowserContext]
INDEX = Path(__file__).resolve().parent.parent / "index.html"


def _core_js_url() -> str:
    """The pinned ``core.js`` URL, as index.html loads it."""
    match = re.search(r'src="(https://cdn[^"]+/core\.js)"', INDEX.read_text("utf-8"))
    assert match is not None
    return match.group(1)


CORE_JS = _core_js_url()

# Anything here that ran would set window.__pwned (f is defined by TRAP_JS).
TRAP_JS = """
window.__pwned = false;
window.f = () => { window.__pwned = true; };
window.__violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__violations.push(`${event.effectiveDirective} ${event.blockedURI}`);
});
"""

ELEMENTS_JS = """() => ({
  img: document.querySelectorAll('img').length,
  script: document.querySelectorAll('script').length,
  svg: document.querySelectorAll('svg').length,
  iframe: document.querySelectorAll('iframe').length,
  b: document.querySelectorAll('b').length,
})"""

HOSTILE_NAMES = [
    # (typed, shown): what a player types and what the page must show.
    ("<img src=x onerror=f()>", "<img src=x onerror=f()>"),
    ('"><script>f()</script>', '"><script>f()</script>'),
    ("<svg onload=f()><b>x", "<svg onload=f()><b>x"),
    ("\u202eevil\u202c twin", "evil twin"),
    ("שלום עולם", "שלום עולם"),
    ("\U0001f469\u200d\U0001f4bb \U0001f3b2 dev", "\U0001f469\u200d\U0001f4bb \U0001f3b2 dev"),
]


def trapped_page(new_site_context: NewContext) -> Page:
    context = new_site_context(accept_downloads=True)
    context.add_init_script(TRAP_JS)
    page = context.new_page()
    goto_booted(page)
    return page


def headers(page: Page) -> list[str]:
    return page.locator("#scorecard thead th .seat-name").all_text_contents()


def assert_nothing_ran(page: Page, elements: dict[str, int]) -> None:
    assert page.evaluate("window.__pwned") is False
    assert page.evaluate(ELEMENTS_JS) == elements, "names turned into elements"
    assert page.evaluate("window.__violations") == []


def test_hostile_names_from_the_setup_dialog_stay_text(new_site_context: NewContext) -> None:
    page = trapped_page(new_site_context)
    elements = page.evaluate(ELEMENTS_JS)
    game = YachtPage(page)
    game.new_game("traditional", tuple(typed for typed, _ in HOSTILE_NAMES))
    expect(page.locator("#scorecard thead th")).to_have_count(len(HOSTILE_NAMES) + 1)
    assert headers(page) == [shown for _, shown in HOSTILE_NAMES]
    # The status line, the announcer and the dice labels carry the name as text too.
    expect(page.locator("#status")).to_contain_text("<img src=x onerror=f()>")
    game.roll()
    game.score_first_option()
    expect(page.locator("#status")).to_contain_text('"><script>f()</script>')
    assert_nothing_ran(page, elements)
    saved = GAME_RECORD.from_data(game.saved()).state
    assert [card.name for card in saved.players] == [shown for _, shown in HOSTILE_NAMES]
    # The same names after a reload, from storage.
    reload_booted(page)
    page.evaluate(TRAP_JS)
    assert headers(page) == [shown for _, shown in HOSTILE_NAMES]
    assert_nothing_ran(page, elements)


def test_names_are_capped_even_past_the_inputs_maxlength(new_site_context: NewContext) -> None:
    page = trapped_page(new_site_context)
    game = YachtPage(page)
    page.locator("#new-game").click()
    setup = page.get_by_role("dialog", name="New game")
    field = setup.get_by_label("Player 1", exact=True)
    expect(field).to_have_attribute("maxlength", "24")
    field.fill("")
    field.press_sequentially("A" * 30)
    expect(field).to_have_value("A" * 24)  # the browser's own cap on typing
    # A scripted value (devtools, an extension) skips maxlength; the engine caps it.
    long_payload = "<img src=x onerror=f()>" * 10
    field.evaluate("(input, value) => { input.value = value; }", long_payload)
    setup.get_by_role("button", name="Start game").click()
    expect(setup).to_be_hidden()
    assert headers(page) == [long_payload[:24]]
    assert GAME_RECORD.from_data(game.saved()).state.players[0].name == long_payload[:24]
    assert page.evaluate("window.__pwned") is False


def test_hostile_names_in_a_finished_saved_game_stay_text(new_site_context: NewContext) -> None:
    # A save planted with names that would run as HTML, at game over: the ranking dialog
    # builds its list from the names.
    names = ["<img src=x onerror=f()>", "<iframe srcdoc=x>", "Zoë"]
    rng = random.Random(3)
    state = yacht.new_game(names, "sum-all", seed=3)
    while not state.is_over:
        state = yacht.apply(state, rng.choice(yacht.legal_actions(state)), rng)
    page = trapped_page(new_site_context)
    elements = page.evaluate(ELEMENTS_JS)
    page.evaluate(
        "t => localStorage.setItem('yacht:game', t)", GAME_RECORD.encode(SavedGame(state))
    )
    reload_booted(page)
    page.evaluate(TRAP_JS)
    ranking = page.locator("#ranking .standing-name")
    expect(ranking).to_have_count(3)
    shown = ranking.all_text_contents()
    assert sorted(shown) == sorted(names)
    assert_nothing_ran(page, elements)


# -- Content-Security-Policy ---------------------------------------------------------------------


def test_a_whole_game_runs_without_a_policy_violation(
    new_site_context: NewContext, tmp_path: Path
) -> None:
    page = trapped_page(new_site_context)
    game = YachtPage(page)
    game.new_game("extended", ("Ann", "Ben"), bonus=True)
    for _ in range(26):
        game.roll()
        game.score_first_option()
    expect(page.locator("#game-over")).to_be_visible()
    page.locator("#close-game-over").click()
    with page.expect_download() as download:
        open_menu(page)
        page.get_by_role("button", name="Export").click()
    download.value.save_as(tmp_path / "game.json")
    page.locator("#import-file").set_input_files(tmp_path / "game.json")
    expect(page.locator("#notice")).to_contain_text("imported")
    page.locator("#close-game-over").click()  # the imported game is a finished one
    open_menu(page)
    page.locator("#show-rules").click()
    expect(page.locator("#guide")).to_be_visible()
    page.keyboard.press("Escape")
    reload_booted(page)
    page.wait_for_function(
        "() => document.documentElement.dataset.offlineReady !== undefined", timeout=60_000
    )
    assert page.evaluate("window.__violations") == []
    # The harness fails the test on any console error, which is where violations are logged.


def test_the_policy_blocks_inline_script_and_other_hosts(
    new_site_context: NewContext, allow_console: Callable[[str], None]
) -> None:
    allow_console("Content Security Policy")
    allow_console("Failed to fetch")
    page = trapped_page(new_site_context)
    # Test code (not the game) writes markup with an inline handler: the policy stops it.
    page.evaluate(
        """() => {
        const box = document.createElement('div');
        box.innerHTML = '<img src="static/icons/icon.svg" onload="f()">';
        document.body.append(box);
    }"""
    )
    page.wait_for_function("() => window.__violations.length > 0")
    fetched = page.evaluate(
        "() => fetch('https://example.org/x').then(() => 'fetched', (e) => e.name)"
    )
    assert fetched == "TypeError"
    assert page.evaluate("window.__pwned") is False
    violations = page.evaluate("window.__violations")
    assert any(v.startswith("script-src-attr") for v in violations), violations
    assert any(v.startswith("connect-src https://example.org") for v in violations), violations


# -- Subresource Integrity -------------------------------------------------------------------------


def test_a_tampered_core_js_is_refused(
    new_site_context: NewContext, allow_console: Callable[[str], None], cdn_mirror: CdnMirror
) -> None:
    allow_console("integrity")
    allow_console("core.js")
    context = new_site_context(service_workers="block")
    context.add_init_script("window.__tampered = false")

    original = cdn_mirror.resolve(CORE_JS)
    assert original.file is not None

    def tampered(route: Route) -> None:
        body = cdn_mirror.read(original.file).decode() + "\nwindow.__tampered = true;\n"
        route.fulfill(
            status=200,
            body=body,
            headers={"content-type": "text/javascript", "access-control-allow-origin": "*"},
        )

    context.route(CORE_JS, tampered)
    page = context.new_page()
    page.goto("")
    page.wait_for_function("() => document.documentElement.dataset.ready === 'failed'")
    assert page.evaluate("window.__tampered") is False
    expect(page.locator("#notice")).to_contain_text("could not be downloaded")


# -- the dice's randomness -------------------------------------------------------------------------

COUNT_RANDOM_JS = """
window.__randomCalls = 0;
const realGetRandomValues = crypto.getRandomValues.bind(crypto);
crypto.getRandomValues = (view) => { window.__randomCalls += 1; return realGetRandomValues(view); };
"""


def test_unseeded_dice_come_from_crypto_get_random_values(new_site_context: NewContext) -> None:
    context = new_site_context(service_workers="block")
    context.add_init_script(COUNT_RANDOM_JS)
    page = context.new_page()
    goto_booted(page)
    game = YachtPage(page)
    # Pass-and-play dice are thrown from crypto.getRandomValues, one call or more a roll.
    game.new_game(names=("Ann", "Ben"))
    counts = []
    for _ in range(3):
        before = page.evaluate("window.__randomCalls")
        game.roll()
        counts.append(page.evaluate("window.__randomCalls") - before)
    assert all(count >= 1 for count in counts), counts
    # A solo game's dice follow from a seed drawn from it when the game starts (so the game
    # can be sent as a challenge): the draw, then no call while it rolls.
    before = page.evaluate("window.__randomCalls")
    game.new_game(names=("Ann",))
    assert page.evaluate("window.__randomCalls") > before
    drawn = page.evaluate("window.__randomCalls")
    game.roll()
    assert page.evaluate("window.__randomCalls") == drawn
    # A seeded game's dice come from its seed instead: no call at all.
    goto_booted(page, "?seed=42")
    before = page.evaluate("window.__randomCalls")
    game.new_game()
    game.roll()
    assert page.evaluate("window.__randomCalls") == before
    assert json.loads(page.evaluate("localStorage.getItem('yacht:game')"))["seed"] == 42
