"""The page at its edges: a CDN that hangs, a deploy with a file missing, a runtime file that was
tampered with, a seed no save could hold, two seats of one name.

Each start-up failure is told in words on the board, which is always painted (static/boot.js);
the game's own refusals are told by Python (yacht/views/messages.py).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from harness import CdnMirror, goto_booted, reload_booted
from planted_games import finished_but
from playwright.sync_api import BrowserContext, Page, Route, expect
from yacht_page import YachtPage

from yacht.errors import InvalidSeedError
from yacht.i18n import translator
from yacht.saves.game_record import GAME_RECORD, SavedGame
from yacht.views.messages import explain

PYODIDE = "https://cdn.jsdelivr.net/pyodide/v314.0.2/full/"
WASM_URL = PYODIDE + "pyodide.asm.wasm"
FAILED_JS = "() => document.documentElement.dataset.ready === 'failed'"
FIRST_PAINT_JS = """() => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return paint ? paint.startTime : null;
}"""
# Counts the WebAssembly instances made from the interpreter (thousands of exports; Pyodide also
# compiles tiny modules of its own to probe the browser), however they are made: from bytes or a
# response (a module and its instance), or from a module compiled first (the instance alone).
COUNT_INTERPRETERS_JS = """
  window.interpreterInstances = 0;
  for (const name of ['instantiate', 'instantiateStreaming']) {
    const original = WebAssembly[name];
    WebAssembly[name] = async function (...args) {
      const result = await original.apply(this, args);
      const instance = result instanceof WebAssembly.Instance ? result : result.instance;
      if (Object.keys(instance.exports).length > 1000) {
        window.interpreterInstances += 1;
      }
      return result;
    };
  }
"""
OFFLINE_WAIT_MS = 60_000


# A custom section (id 0, 5 bytes: the name "yach" and no payload): appended to a module, it
# leaves valid WebAssembly that compiles and instantiates like the original; only its hash
# differs, so only the pin can stop it.
EXTRA_SECTION = b"\x00\x05\x04yach"


def tampered(mirror: CdnMirror, url: str) -> bytes:
    """The mirrored WebAssembly with a section added: still a valid module, another hash."""
    answer = mirror.resolve(url)
    assert answer.file is not None
    return mirror.read(answer.file) + EXTRA_SECTION


def serve(body: bytes) -> Callable[[Route], None]:
    def fulfil(route: Route) -> None:
        route.fulfill(
            status=200,
            body=body,
            headers={"content-type": "application/wasm", "access-control-allow-origin": "*"},
        )

    return fulfil


def wait_watched(page: Page) -> None:
    """Wait (polling from here, past the test clock) until static/boot.js watches the start-up:
    its timer counts from then."""
    deadline = time.monotonic() + 10
    while not page.evaluate("() => !String(window.fetch).includes('[native code]')"):
        assert time.monotonic() < deadline, "boot.js never ran"
        time.sleep(0.05)


def first_paint(page: Page) -> float:
    """The page's first contentful paint, in ms after navigation (polled from here: the page's
    own timers are held by the test clock)."""
    deadline = time.monotonic() + 5
    while (paint := page.evaluate(FIRST_PAINT_JS)) is None:
        assert time.monotonic() < deadline, "nothing was painted"
        time.sleep(0.05)
    return float(paint)


# -- a CDN that never answers ------------------------------------------------------------------


def hanging_cdn_page(new_site_context: Callable[..., BrowserContext]) -> Page:
    """A fresh page (no worker, nothing cached) whose CDN requests are never answered."""
    context = new_site_context(service_workers="block")
    context.route("https://cdn.jsdelivr.net/**", lambda route: None)
    return context.new_page()


def test_a_hanging_cdn_still_paints_the_board_at_once(
    new_site_context: Callable[..., BrowserContext],
) -> None:
    page = hanging_cdn_page(new_site_context)
    page.goto("", wait_until="commit")  # "load" never comes: the runtime never arrives
    # The board is there without anything from the CDN (a generous bound: no timing claim).
    expect(page.locator("#scorecard")).to_be_visible(timeout=5_000)
    expect(page.locator("#dice")).to_be_visible()
    expect(page.locator("#status")).to_have_text("Getting the dice ready…")
    print(f"\nfirst contentful paint with a hanging CDN: {first_paint(page):.0f} ms")
    expect(page.locator("#notice")).to_be_hidden()


def test_the_board_is_in_the_players_language_before_python_starts(
    new_site_context: Callable[..., BrowserContext],
) -> None:
    """A Polish player never sees an English board while the runtime loads (here: never)."""
    page = hanging_cdn_page(new_site_context)
    page.goto("?lang=pl", wait_until="commit")
    tr = translator("pl")
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    expect(page.locator("#language")).to_have_value("pl")
    expect(page.locator("#ruleset-title")).to_have_text(tr.gettext("Traditional Yacht"))
    rows = page.locator("#scorecard tbody th")
    expect(rows.first).to_have_text(tr.pgettext("category", "Ones"))
    expect(rows.last).to_have_text(tr.gettext("Total"))
    seat = tr.gettext("Player {number}").format(number=1)
    expect(page.locator("#scorecard thead th.current")).to_have_text(seat)
    expect(page.get_by_role("button", name=tr.gettext("Hint"), exact=True)).to_be_visible()
    expect(page.get_by_role("group", name=tr.gettext("Dice"))).to_be_visible()
    assert page.evaluate("document.documentElement.dataset.ready") == "false"


def test_a_returning_player_never_sees_a_new_games_card_while_python_starts(
    new_site_context: Callable[..., BrowserContext],
) -> None:
    """index.html's card is a new game ("Player 1", a total of 0): a player with a saved game
    sees the card's place empty until the game draws theirs, then theirs."""
    saved = GAME_RECORD.encode(SavedGame(finished_but(("Ann", "Ben"), seed=5)))
    # Before the page's own scripts (an init script), in the site's documents only.
    literal = json.dumps(saved)
    plant = f"location.protocol === 'http:' && localStorage.setItem('yacht:game', {literal})"
    waiting = hanging_cdn_page(new_site_context)
    waiting.context.add_init_script(plant)
    waiting.goto("", wait_until="commit")
    expect(waiting.locator("#status")).to_have_text("Getting the dice ready…")
    expect(waiting.locator("#dice")).to_be_visible()
    expect(waiting.locator(".card")).to_be_visible()
    expect(waiting.locator("#scorecard")).to_be_hidden()

    context = new_site_context(service_workers="block")
    context.add_init_script(plant)
    page = context.new_page()
    goto_booted(page)
    expect(page.locator("#scorecard")).to_be_visible()
    expect(page.locator("#scorecard thead tr:first-child .seat-name")).to_have_text(["Ann", "Ben"])


def test_a_returning_players_board_stands_where_the_game_draws_it(
    new_site_context: Callable[..., BrowserContext],
) -> None:
    """A saved game with long names needs a line more of status than index.html's new game:
    the game keeps its status room as the player leaves, and the next start holds it before
    Python runs, so the board does not move down a line when the game is drawn. A kept room
    in another language, or a damaged one, is left alone."""
    names = ("Alexandria-Konstantinova", "Bartholomew Featherstone")
    saved = GAME_RECORD.encode(SavedGame(finished_but(names, seed=5)))
    plant = (
        "location.protocol === 'http:' && localStorage.getItem('yacht:game') === null"
        f" && localStorage.setItem('yacht:game', {json.dumps(saved)})"
    )
    card_top = "() => document.querySelector('.card').getBoundingClientRect().top"
    context = new_site_context(service_workers="block", viewport={"width": 390, "height": 844})
    context.add_init_script(plant)
    page = context.new_page()
    goto_booted(page)
    drawn = page.evaluate(card_top)
    room = page.locator("#status-room").text_content()
    page.goto("about:blank")  # the player leaves: pagehide

    context.route("https://cdn.jsdelivr.net/**", lambda route: None)  # Python never starts
    waiting = context.new_page()
    waiting.goto("", wait_until="commit")
    expect(waiting.locator("#status")).to_have_text("Getting the dice ready…")
    expect(waiting.locator("#status-room")).to_have_text(str(room))
    assert waiting.evaluate(card_top) == drawn

    waiting.goto("?lang=pl", wait_until="commit")
    expect(waiting.locator("#status")).to_have_text(
        translator("pl").gettext("Getting the dice ready…")
    )
    expect(waiting.locator("#status-room")).not_to_contain_text(names[0])
    waiting.evaluate("() => localStorage.setItem('yacht:status-room', '[\"en\", 7')")
    waiting.goto("", wait_until="commit")
    expect(waiting.locator("#status")).to_have_text("Getting the dice ready…")
    expect(waiting.locator("#status-room")).not_to_contain_text(names[0])


def test_a_new_player_sees_the_new_games_card_while_python_starts(
    new_site_context: Callable[..., BrowserContext],
) -> None:
    page = hanging_cdn_page(new_site_context)
    page.goto("", wait_until="commit")
    expect(page.locator("#scorecard")).to_be_visible()
    expect(page.locator("#scorecard thead th.current")).to_have_text("Player 1")


def test_a_hanging_cdn_is_told_within_20_seconds(
    new_site_context: Callable[..., BrowserContext],
) -> None:
    page = hanging_cdn_page(new_site_context)
    page.clock.install()  # the page's timers run when the test says (it also holds painting)
    page.goto("", wait_until="commit")
    wait_watched(page)
    page.clock.run_for(19_000)
    expect(page.locator("#notice")).to_be_hidden()
    page.clock.run_for(2_000)
    expect(page.get_by_role("alert")).to_contain_text("has not answered for 20 seconds")
    # Still waiting, not given up: the game starts if the CDN answers after all.
    assert page.evaluate("document.documentElement.dataset.ready") == "false"


def test_the_hang_is_told_in_the_players_language(
    new_site_context: Callable[..., BrowserContext],
) -> None:
    page = hanging_cdn_page(new_site_context)
    page.clock.install()
    page.goto("?lang=lv", wait_until="commit")
    wait_watched(page)
    page.clock.run_for(21_000)
    expect(page.get_by_role("alert")).to_contain_text("neatbild jau 20 sekundes")


# -- a broken deploy ---------------------------------------------------------------------------


def test_a_file_missing_from_the_site_is_not_blamed_on_the_connection(
    site_page: Page, allow_console: Callable[[str], None]
) -> None:
    allow_console("status of 404")
    allow_console("dice.py")
    site_page.route(
        "**/yacht/rules/dice.py", lambda route: route.fulfill(status=404, body="Not Found")
    )
    site_page.goto("")
    site_page.wait_for_function(FAILED_JS)
    notice = site_page.get_by_role("alert")
    expect(notice).to_contain_text("This copy of the game is incomplete")
    expect(notice).to_contain_text("yacht/rules/dice.py")
    expect(notice).not_to_contain_text("internet")
    expect(notice).not_to_contain_text("cdn.jsdelivr.net")
    expect(site_page.locator("#status")).to_have_text("The game could not start.")


def test_a_script_missing_from_the_site_is_told_as_a_broken_site(
    site_page: Page, allow_console: Callable[[str], None]
) -> None:
    allow_console("status of 404")
    site_page.route(
        "**/static/runtime-pins.js", lambda route: route.fulfill(status=404, body="Not Found")
    )
    site_page.route("https://cdn.jsdelivr.net/**", lambda route: None)  # keep Python away
    site_page.goto("?lang=ru", wait_until="commit")
    site_page.wait_for_function(FAILED_JS)
    expect(site_page.get_by_role("alert")).to_contain_text("Эта копия игры неполная")
    expect(site_page.get_by_role("alert")).to_contain_text("static/runtime-pins.js")
    site_root = site_page.url.split("?")[0]
    failed_file = site_page.evaluate("document.documentElement.dataset.failureFile")
    assert failed_file == site_root + "static/runtime-pins.js"


# -- a tampered runtime ------------------------------------------------------------------------


def test_a_tampered_wasm_never_runs_and_the_player_is_told(
    new_site_context: Callable[..., BrowserContext],
    cdn_mirror: CdnMirror,
    allow_console: Callable[[str], None],
) -> None:
    allow_console("does not match its pinned SHA-256")
    allow_console("wasm instantiation failed")
    context = new_site_context(service_workers="block")
    context.route(WASM_URL, serve(tampered(cdn_mirror, WASM_URL)))
    page = context.new_page()
    page.add_init_script(COUNT_INTERPRETERS_JS)
    page.goto("")
    page.wait_for_function(FAILED_JS)
    assert page.evaluate("document.documentElement.dataset.failure") == "tampered"
    assert page.evaluate("document.documentElement.dataset.failureFile") == WASM_URL
    notice = page.get_by_role("alert")
    expect(notice).to_contain_text("did not match its published fingerprint, so it was not run")
    expect(YachtPage(page).roll_button).to_be_disabled()
    page.wait_for_timeout(2_000)  # time enough for an interpreter to appear, were one made
    assert page.evaluate("window.interpreterInstances") == 0


def test_the_check_lets_the_real_runtime_through(
    new_site_context: Callable[..., BrowserContext],
) -> None:
    page = new_site_context(service_workers="block").new_page()
    page.add_init_script(COUNT_INTERPRETERS_JS)
    goto_booted(page)
    assert page.evaluate("window.interpreterInstances") == 1
    assert page.evaluate("document.documentElement.dataset.failure") is None


def test_a_first_visit_downloads_no_plugin_the_config_turns_off(
    new_site_context: Callable[..., BrowserContext],
) -> None:
    page = new_site_context(service_workers="block").new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    goto_booted(page)
    config = json.loads((Path(__file__).resolve().parents[1] / "pyscript.json").read_text())
    off = {name.removeprefix("!") for name in config["plugins"] if name.startswith("!")}
    chunks = [
        match.group(1)
        for url in requested
        if (match := re.search(r"/@pyscript/core@[^/]+/dist/([a-z-]+)-[A-Za-z0-9_]+\.js$", url))
    ]
    assert "core" in chunks, requested  # the pattern finds PyScript's own chunks
    assert set(chunks) & off <= {"error"}, chunks


CACHED_WASM_JS = """async ([url, tamper]) => {
  const name = (await caches.keys()).find((key) => key.endsWith(':runtime'));
  const runtime = await caches.open(name);
  const cached = await runtime.match(url);
  if (!cached) return null;
  const bytes = new Uint8Array(await cached.arrayBuffer());
  if (tamper) {
    // A copy kept by an earlier worker, one that did not check: changed, and never checked.
    bytes[bytes.length >> 1] ^= 1;
    await runtime.put(url, new Response(bytes, { headers: cached.headers }));
    const meta = await caches.open((await caches.keys()).find((key) => key.endsWith(':meta')));
    for (const request of await meta.keys()) {
      if (request.url.includes('checked')) await meta.delete(request);
    }
  }
  return bytes[bytes.length >> 1];
}"""


def test_the_worker_never_serves_a_cached_wasm_that_does_not_match(
    new_site_context: Callable[..., BrowserContext],
    cdn_mirror: CdnMirror,
    allow_console: Callable[[str], None],
) -> None:
    allow_console("does not match its pinned SHA-256")
    allow_console("wasm instantiation failed")
    allow_console("status of 502 \\(Integrity check failed\\)")
    context = new_site_context(service_workers="allow")
    page = context.new_page()
    goto_booted(page)
    page.wait_for_function(
        "() => document.documentElement.dataset.offlineReady !== undefined",
        timeout=OFFLINE_WAIT_MS,
    )
    good = page.evaluate(CACHED_WASM_JS, [WASM_URL, False])
    assert good is not None, "the worker keeps the runtime for offline play"
    assert page.evaluate(CACHED_WASM_JS, [WASM_URL, True]) != good

    # The CDN now sends the tampered file too: the worker answers with an error the page tells.
    bad = tampered(cdn_mirror, WASM_URL)
    context.route(WASM_URL, serve(bad))
    page.add_init_script(COUNT_INTERPRETERS_JS)
    page.reload()
    page.wait_for_function(FAILED_JS)
    assert page.evaluate("document.documentElement.dataset.failure") == "tampered"
    assert page.evaluate("window.interpreterInstances") == 0
    assert page.evaluate(CACHED_WASM_JS, [WASM_URL, False]) is None, "the bad copy is gone"

    # The real file again: fetched, checked, cached and run.
    context.unroute(WASM_URL)
    reload_booted(page)
    assert page.evaluate("window.interpreterInstances") == 1
    assert page.evaluate(CACHED_WASM_JS, [WASM_URL, False]) == good


# -- the game's own refusals -------------------------------------------------------------------


def test_a_seed_no_save_could_hold_is_refused_before_the_game(site_page: Page) -> None:
    seed = "99999999999999999"
    goto_booted(site_page, f"?seed={seed}")
    alert = site_page.get_by_role("alert")
    expect(alert).to_have_text(explain(InvalidSeedError(seed)))
    # It says the address's seed was left out and why, not that the dice are unseeded.
    assert "was not used" in alert.inner_text()
    assert "not seeded" not in alert.inner_text()
    board = YachtPage(site_page)
    board.roll()
    # The refused seed is not used (a solo game draws a fresh seed of its own, for challenges).
    assert board.saved()["seed"] != int(seed)
    # The save reads back: no "changed outside the game", no backup, the same game.
    dice = board.dice()
    reload_booted(site_page)
    expect(site_page.get_by_role("alert")).to_have_text(explain(InvalidSeedError(seed)))
    assert site_page.evaluate("localStorage.getItem('yacht:game:backup')") is None
    assert board.dice() == dice


def test_a_reload_keeps_a_game_started_under_a_seeded_address(site_page: Page) -> None:
    # Real dice have no seed, so a game of them never matches the address's seed: opening the
    # address starts the seeded game, but a reload keeps the game the player is in.
    goto_booted(site_page, "?seed=7")
    board = YachtPage(site_page)
    board.roll()
    assert board.saved()["seed"] == 7
    board.new_game(real_dice=True)
    assert board.saved()["seed"] is None
    entered = board.saved()
    reload_booted(site_page)
    assert board.saved() == entered
    assert site_page.evaluate("localStorage.getItem('yacht:game:backup')") is None
    # A link to the seed followed (a new address: the same one again is a reload to Chromium)
    # starts its game, as asked, with the game's dice though the last setup chose real ones,
    # and keeps the real-dice game as the backup.
    goto_booted(site_page, "?seed=7&lang=en")
    board.roll()
    assert board.saved()["seed"] == 7
    backup = site_page.evaluate("localStorage.getItem('yacht:game:backup')")
    assert GAME_RECORD.decode(backup).state.real_dice


def test_the_seed_refusal_is_in_the_players_language(site_page: Page) -> None:
    goto_booted(site_page, "?seed=-5&lang=pl")
    expected = explain(InvalidSeedError("-5"), translator("pl"))
    assert "Ziarno" in expected
    expect(site_page.get_by_role("alert")).to_have_text(expected)


def test_two_seats_of_one_name_are_refused_in_the_setup_dialog(site_page: Page) -> None:
    goto_booted(site_page)
    page: Any = site_page
    page.locator("#new-game").click()
    setup = page.get_by_role("dialog", name="New game")
    setup.get_by_label("Number of players").select_option("2")
    setup.get_by_label("Player 1", exact=True).fill("Ann")
    setup.get_by_label("Player 2", exact=True).fill("Ann\u3164")  # a blank-looking letter
    setup.get_by_role("button", name="Start game").click()
    expect(setup).to_be_visible()
    expect(setup.get_by_role("alert")).to_contain_text("Two players are called Ann")
    setup.get_by_label("Player 2", exact=True).fill("Ben")
    setup.get_by_role("button", name="Start game").click()
    expect(setup).to_be_hidden()
    names = [card["name"] for card in YachtPage(site_page).saved()["players"]]
    assert names == ["Ann", "Ben"]


# Notes, in page time, each read of a localStorage key and when <html data-ready> turns "true".
READS_JS = """
window.storageReads = [];
const getItem = Storage.prototype.getItem;
Storage.prototype.getItem = function (key) {
  window.storageReads.push([String(key), performance.now()]);
  return getItem.call(this, key);
};
new MutationObserver(() => {
  if (document.documentElement.dataset.ready === "true" && window.readyAt === undefined) {
    window.readyAt = performance.now();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""


def test_the_history_is_read_once_the_board_is_up_not_before(
    new_site_context: Callable[..., BrowserContext],
) -> None:
    # Drawing the first board needs none of it, and a long history takes a while to read.
    context = new_site_context()
    context.add_init_script(READS_JS)
    page = context.new_page()
    page.goto("?seed=5")
    page.wait_for_function(
        "() => window.storageReads.some(([key]) => key === 'yacht:history')", timeout=30_000
    )
    ready_at = page.evaluate("window.readyAt")
    reads = page.evaluate("window.storageReads")
    assert ready_at is not None
    assert any(key == "yacht:game" and at < ready_at for key, at in reads)
    history_reads = [at for key, at in reads if key == "yacht:history"]
    assert min(history_reads) > ready_at
