"""The game in Firefox and in WebKit (the engine of every iPhone), as well as in Chromium.

One window per engine goes through a player's visit in order: the first (cold) boot, a turn,
the hint, a reload that restores the game from localStorage under the service worker, a reload
with the site gone (offline), and pictures at phone and laptop sizes. The tests share that
window, so each starts from where the one before left the game. Every test also fails on a
console error, an uncaught exception or a failed load (see ``conftest.py``). Boot times are
printed at the end of the run, not asserted.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from harness.engine_page import Board
from harness.pixels import contrast, main_colour
from planted_games import LAST, finished_but
from yacht_page import SEAT_HEADINGS_JS

import yacht
from yacht.rules.categories import Category
from yacht.rules.rulesets import scores_for
from yacht.saves.game_record import GAME_RECORD, SavedGame
from yacht.strategy import advise_state
from yacht.views.seat_labels import seat_labels

# Selenium's own WebKitGTK driver class still passes an address the deprecated way.
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")

RecordBoot = Callable[[str, str, float], None]
ARTIFACTS_DIR = Path(__file__).resolve().parents[1] / "artifacts"
SIZES = [(390, 844), (360, 740), (1280, 800)]
# A phone on its side (the tray beside the scorecard), the smallest one on its side (a slot too
# short for the key to the marks), and an iPad on its side (the wide layout at its narrowest,
# where dice were squeezed out of square).
SIDEWAYS = [(844, 390), (568, 320), (1024, 768)]
KEY_ROOM_PX = 7 * 16
"""Under this height of the hint's slot the key to the marks opens under "Why?" instead (a
container query in static/yacht.css, on phones only)."""
LAYOUT_PROBE_JS = """const box = (e) => e.getBoundingClientRect();
const card = box(document.querySelector('#scorecard'));
const messages = document.querySelector('.table > .messages');
return {viewport: [innerWidth, innerHeight], scrollWidth: document.documentElement.scrollWidth,
        cardRight: card.right, messages: [messages.scrollHeight, messages.clientHeight],
        trayGap: box(document.querySelector('.table')).top
                 - box(document.querySelector('#status')).bottom,
        keyUnderWhy: getComputedStyle(document.querySelector('.why-body > .legend')).display
                     !== 'none',
        dice: [...document.querySelectorAll('#dice .die')].map((d) => {
          const r = box(d); return [r.left, r.width, r.height]; })};"""
# What the pictures are checked against: the game's viewport, and the language menu's place
# and text colour (the menu it sits in, opened for the picture).
PICTURE_PROBE_JS = """document.querySelector('#more').open = true;
const menu = document.querySelector('#language');
const box = menu.getBoundingClientRect();
return {viewport: [innerWidth, innerHeight], ink: getComputedStyle(menu).color,
        menu: [box.left, box.top, box.width, box.height]};"""
REGISTERED_JS = """const done = arguments[arguments.length - 1];
navigator.serviceWorker.getRegistration().then(
  (r) => done(r && r.active ? r.active.state : null), () => done(null));"""


def state_of(board: Board) -> yacht.GameState:
    return GAME_RECORD.from_data(board.saved()).state


def test_a_first_visit_boots_and_installs_the_worker(board: Board, record_boot: RecordBoot) -> None:
    record_boot(board.engine.name, "cold", board.open())
    snapshot = board.snapshot()
    assert snapshot["roll"] is False, "Roll should be enabled once the game is ready"
    assert snapshot["save"] is None, "a fresh profile has no saved game"
    assert board.wait_settled() == "true", "the worker should have made the game playable offline"
    assert board.driver.execute_async_script(REGISTERED_JS) == "activated"


def test_the_suite_hears_console_errors_and_uncaught_exceptions(board: Board) -> None:
    # Every test's clean bill rests on this channel (BiDi in Firefox, the hook in WebKit).
    board.driver.execute_script(
        "console.error('probe: a console error');"
        "setTimeout(() => { throw new Error('probe: an uncaught exception'); });"
    )
    heard: list[str] = []
    for _ in range(50):
        heard += board.problems()
        if len(heard) >= 2:
            break
        time.sleep(0.1)
    assert any("probe: a console error" in line for line in heard), heard
    assert any("probe: an uncaught exception" in line for line in heard), heard


def test_roll_hold_roll_again_and_score(board: Board) -> None:
    board.roll()
    first = board.dice()
    board.toggle(0)
    board.toggle(2)
    held = [die[1] for die in board.snapshot()["dice"]]
    assert held == ["true", "false", "true", "false", "false"]
    board.roll()
    second = board.dice()
    assert (second[0], second[2]) == (first[0], first[2]), "held dice must not change"
    state = state_of(board)
    assert state.rolls == 2
    assert list(state.dice or ()) == second
    assert state.held == (True, False, True, False, False)

    # The engine's Python scores the dice as CPython does.
    previews = board.previews()
    expected = scores_for(tuple(second), state.ruleset)
    assert previews == {category.value: points for category, points in expected.items()}
    category = max(previews, key=lambda name: previews[name])
    board.score(category)
    state = state_of(board)
    assert state.players[0].scores == {Category(category): previews[category]}
    assert state.rolls == 0
    row = board.driver.execute_script(
        f"return document.querySelector('#scorecard tr[data-row={category}] td').textContent"
    )
    assert row == str(previews[category])


def test_the_hint_marks_the_solvers_best_move(board: Board) -> None:
    board.roll()
    board.click("#hint")
    board.wait_for("return !document.querySelector('#advice').hidden", "the hint's panel")
    # The best move is the hint's title; behind "Why?" the three next-best are listed.
    options = board.driver.execute_script("return document.querySelectorAll('#advice li').length")
    assert options == 3
    advice = advise_state(state_of(board))
    if advice.should_score:
        best = advice.best_category.category.value
        marked = board.driver.execute_script(
            "return [...document.querySelectorAll('button.option.suggested')]"
            ".map(b => b.dataset.category)"
        )
        assert marked == [best]
    else:
        assert advice.best_keep is not None
        marked = board.driver.execute_script(
            "return [...document.querySelectorAll('#dice .die')]"
            ".flatMap((d, i) => d.classList.contains('suggested') ? [i] : [])"
        )
        assert tuple(marked) == advice.best_keep.positions


def test_the_focus_follows_a_turn_played_by_keyboard(board: Board) -> None:
    """From the hint's turn on: the last roll moves the focus on to the first open category (a
    disabled Roll would drop it to the page's start), and the score hands it back to Roll."""
    from selenium.webdriver.common.keys import Keys

    driver = board.driver
    driver.execute_script("document.querySelector('#roll').focus()")
    while state_of(board).rolls < 3:
        board.roll_by_key(Keys.ENTER)
    focused = driver.execute_script(
        "const a = document.activeElement;"
        "return a.matches('#scorecard button.option') ? a.dataset.category : a.outerHTML"
    )
    first = driver.execute_script(
        "return document.querySelector('#scorecard button.option').dataset.category"
    )
    assert focused == first
    # The focused option fades the dice it does not count.
    state = state_of(board)
    assert state.dice is not None
    counted = list(state.ruleset.scorers[Category(first)].counted(state.dice))
    board.wait_for(
        "return JSON.stringify([...document.querySelectorAll('#dice .die')]"
        ".map((d) => getComputedStyle(d).opacity === '1')) === "
        + repr(json.dumps(counted, separators=(",", ":"))),
        f"the dice that {first} counts, bright: {counted}",
    )
    board.score_by_key(Keys.ENTER)
    assert Category(first) in state_of(board).players[0].scores
    assert driver.execute_script("return document.activeElement.id") == "roll"
    board.wait_for("return !document.querySelector('#dice').hasAttribute('data-counted')", "none")


def test_a_reload_restores_the_game_under_the_worker(board: Board, record_boot: RecordBoot) -> None:
    before = board.snapshot()
    record_boot(board.engine.name, "warm", board.open())
    assert board.controlled(), "the service worker should serve the second visit"
    after = board.snapshot()
    assert after["save"] == before["save"]
    assert after["dice"] == before["dice"]
    assert after["cells"] == before["cells"]
    assert after["rollsLeft"] == before["rollsLeft"]
    board.wait_settled()  # the update check, before the site goes away


def test_an_offline_reload_plays_on(board: Board, record_boot: RecordBoot) -> None:
    saved = board.saved()
    scored = len(state_of(board).players[0].scores)
    board.site.stop()  # the site and the runtime, both served from there, are gone
    try:
        record_boot(board.engine.name, "offline", board.open())
        assert board.controlled()
        assert board.saved() == saved
        board.roll()
        board.click("#hint")
        board.wait_for("return !document.querySelector('#advice').hidden", "the hint offline")
        category = next(iter(board.previews()))
        board.score(category)
        state = state_of(board)
        assert len(state.players[0].scores) == scored + 1
    finally:
        board.site.start()


def picture_path(board: Board) -> Callable[[int, int], Path]:
    """Where the engine's picture at a size goes: e2e/artifacts/engines-<engine>-<size>.png."""
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    name = board.engine.name
    return lambda width, height: ARTIFACTS_DIR / f"engines-{name}-{width}x{height}.png"


def test_pictures_at_phone_and_laptop_sizes(board: Board) -> None:
    """A picture per size with the menu open, and on each the language menu readable: its text
    against the colour the engine really painted."""
    name = board.engine.name
    path_for = picture_path(board)
    seen = board.screenshots(SIZES, path_for, PICTURE_PROBE_JS)
    for size in SIZES:
        probe = seen[size]
        assert probe["viewport"] == list(size)
        left, top, width, height = (round(v) for v in probe["menu"])
        inset = 4  # inside the border
        behind = main_colour(
            path_for(*size), left + inset, top + inset, width - 2 * inset, height - 2 * inset
        )
        ink = tuple(int(v) for v in re.findall(r"\d+", probe["ink"])[:3])
        ratio = contrast(ink, behind)  # type: ignore[arg-type]
        assert ratio >= 4.5, (
            f"{name} {size}: the language menu's text {ink} on {behind} (contrast {ratio:.1f})"
        )


def test_a_phone_and_a_tablet_on_their_side(board: Board) -> None:
    """Pictures: no sideways scroll, square dice, no scroll bar by the empty messages slot, and
    on the phone the tray beside the scorecard rather than over it, up to the status."""
    name = board.engine.name
    seen = board.screenshots(SIDEWAYS, picture_path(board), LAYOUT_PROBE_JS)
    for size in SIDEWAYS:
        probe = seen[size]
        assert probe["viewport"] == list(size)
        assert probe["scrollWidth"] <= size[0], f"{name} {size}: sideways scroll"
        # The messages slot, with no message, fits its room: Firefox drew a white scroll bar
        # beside it on a wide screen, for a pixel of rounding.
        content, room = probe["messages"]
        assert content <= room, f"{name} {size}: the messages slot scrolls ({content} in {room})"
        for _left, width, height in probe["dice"]:
            assert abs(width - height) <= 1, f"{name} {size}: a die of {width} x {height}"
        # The container query on the slot's height, in every engine (1024 px is no phone).
        phone = size[0] < 960
        assert probe["keyUnderWhy"] == (phone and room < KEY_ROOM_PX - 0.5), f"{name} {size}"
        if size == SIDEWAYS[0]:
            assert probe["dice"][0][0] >= probe["cardRight"], f"{name}: tray over the card"
            # The tray reaches up to the status (static/tray-room.js): no band of bare felt.
            gap = probe["trayGap"]
            assert 0 <= gap <= 8, f"{name}: {gap:.0f} px between the status and the tray"


def test_four_default_names_on_a_phone_take_their_short_labels(board: Board) -> None:
    """static/seat-headings.js in every engine: four "Player n" do not fit a 360 px phone side
    by side, so each column shows its short label and the card does not scroll sideways; on a
    phone on its side they fit, and are whole."""
    names = tuple(f"Player {n}" for n in range(1, 5))
    record = GAME_RECORD.encode(SavedGame(finished_but(names, 3)))
    board.plant_game(record)
    board.open()
    sizes = [(360, 740), (844, 390)]
    name = board.engine.name
    path_for = picture_path(board)

    def pictures(width: int, height: int) -> Path:
        path = path_for(width, height)
        return path.with_stem(path.stem + "-four-players")

    seen = board.screenshots(sizes, pictures, f"return ({SEAT_HEADINGS_JS})()")
    for size, expected in zip(sizes, (seat_labels(names), names), strict=True):
        texts = tuple(heading["text"] for heading in seen[size]["headings"])
        assert (texts, seen[size]["sideways"]) == (expected, 0), f"{name} {size}"


def test_the_last_score_opens_the_ending(board: Board) -> None:
    """The game-over dialog opens in a task queued from the frame after the last score: in
    every engine it opens, with Rematch in focus."""
    state = finished_but(("Ann",), 7)
    record = GAME_RECORD.encode(SavedGame(state))
    board.plant_game(record)
    board.open()
    board.roll()
    board.score(LAST.value)
    board.wait_for("return document.querySelector('#game-over').open", "the game-over dialog")
    assert board.driver.execute_script("return document.activeElement.id") == "rematch"
    assert state_of(board).is_over
