"""The game in the browser: full games, keyboard play, reloads, previews, the look."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from harness import goto_booted, reload_booted
from playwright.sync_api import BrowserContext, Page, expect
from yacht_page import YachtPage, open_menu, set_language

import yacht
from yacht.i18n import LANGUAGES
from yacht.saves.game_record import GAME_RECORD


@pytest.fixture
def game(booted_page: Page) -> YachtPage:
    """The shared booted page, with a fresh solo game."""
    board = YachtPage(booted_page)
    board.new_game()
    return board


def play_to_the_end(board: YachtPage, *, hold_pattern: bool = True) -> list[str]:
    """Play every turn: roll, sometimes hold and roll again, score the first option."""
    scored = []
    for turn in range(60):
        if board.snapshot()["gameOver"]:
            break
        board.roll()
        if hold_pattern and turn % 2 == 0:
            board.toggle(turn % 5)
            board.roll()
        scored.append(board.score_first_option())
    return scored


@pytest.mark.parametrize(
    ("ruleset", "bonus", "rows"),
    [
        ("traditional", False, 12),
        ("sum-all", False, 12),
        ("extended", False, 13),
        ("extended", True, 13),
    ],
)
def test_full_solo_game_by_mouse(booted_page: Page, ruleset: str, bonus: bool, rows: int) -> None:
    board = YachtPage(booted_page)
    board.new_game(ruleset, ("Solo",), bonus=bonus)
    scored = play_to_the_end(board)

    rules = yacht.find_ruleset(ruleset, upper_bonus=bonus)
    assert sorted(scored) == sorted(rules.categories)
    assert len(scored) == rows
    dialog = booted_page.get_by_role("dialog", name="Final score", exact=False)
    expect(dialog).to_be_visible()
    saved = GAME_RECORD.from_data(board.saved()).state
    assert saved.is_over
    total = saved.totals()[0].total
    expect(booted_page.locator("#ranking .standing-line")).to_have_text([f"Solo: {total}"])
    total_row = board.snapshot()["cells"][-1]
    assert total_row == ["Total", str(total)]
    if bonus:
        assert [row[0] for row in board.snapshot()["cells"]][-3:-1] == [
            "Upper section",
            "Bonus (+35 at 63)",
        ]
    booted_page.get_by_role("button", name="View scorecard").click()
    expect(dialog).to_be_hidden()
    # Nothing left to roll: "Play again…" stands in Roll's place.
    expect(board.roll_button).to_be_hidden()
    expect(booted_page.get_by_role("button", name="Play again…")).to_be_visible()


def test_rematch_keeps_players_and_rules(booted_page: Page) -> None:
    board = YachtPage(booted_page)
    board.new_game("extended", ("Ann", "Ben"), bonus=True)
    play_to_the_end(board, hold_pattern=False)
    booted_page.get_by_role("button", name="Rematch").click()
    board.settle()  # the new game is made at the grant of the game's lock
    state = GAME_RECORD.from_data(board.saved()).state
    assert [card.name for card in state.players] == ["Ann", "Ben"]
    assert state.ruleset == yacht.find_ruleset("extended", upper_bonus=True)
    assert not any(card.scores for card in state.players)
    expect(board.roll_button).to_be_enabled()
    expect(board.roll_button).to_be_focused()


def test_previews_equal_the_engine_in_every_rule_set(booted_page: Page) -> None:
    board = YachtPage(booted_page)
    for ruleset in yacht.RULESETS:
        board.new_game(ruleset)
        for _turn in range(4):
            for _roll in range(3):
                board.roll()
                dice = board.dice()
                expected = {
                    c.value: yacht.score(dice, c, ruleset)
                    for c in yacht.RULESETS[ruleset].categories
                }
                previews = board.previews()
                assert previews == {c: expected[c] for c in previews}, (ruleset, dice)
            board.score_first_option()


def test_accessible_names_follow_the_contract(game: YachtPage) -> None:
    page = game.page
    expect(game.roll_button).to_be_enabled()
    expect(game.dice_buttons).to_have_count(5)
    expect(game.options).to_have_count(0)
    game.roll()
    for index, face in enumerate(game.dice()):
        die = game.dice_buttons.nth(index)
        expect(die).to_have_attribute("aria-pressed", "false")
        assert str(face) in str(die.get_attribute("aria-label"))
    game.toggle(2)
    expect(game.dice_buttons.nth(2)).to_have_attribute("aria-pressed", "true")
    for name in (
        "Ones",
        "Full House",
        "Four of a Kind",
        "Little Straight",
        "Big Straight",
        "Choice",
        "Yacht",
    ):
        expect(game.option(name)).to_have_count(1)
    live = page.locator("#announcer")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_contain_text("Rolled")


def test_held_dice_keep_their_faces_and_undo_works_until_the_next_roll(game: YachtPage) -> None:
    game.roll()
    first = game.dice()
    game.toggle(0)
    game.toggle(3)
    game.roll()
    second = game.dice()
    assert (second[0], second[3]) == (first[0], first[3])
    before_scoring = game.snapshot()
    category = game.score_first_option()
    expect(game.page.locator("#undo")).to_be_enabled()
    game.page.get_by_role("button", name="Undo score").click()
    game.settle()  # the move is made once the game's lock is granted, a moment after the click
    after_undo = game.snapshot()
    for key in ("dice", "cells", "rollsLeft"):
        assert after_undo[key] == before_scoring[key], key
    assert game.score_first_option() == category
    assert game.saved()["last_score"]["category"] == category
    game.roll()
    expect(game.page.locator("#undo")).to_be_disabled()
    assert game.saved()["last_score"] is None


def test_illegal_key_press_is_explained_and_changes_nothing(game: YachtPage) -> None:
    before = game.snapshot()
    game.page.locator("body").press("3")  # hold before the first roll
    notice = game.page.get_by_role("alert")
    expect(notice).to_have_text("Roll the dice first.")
    assert game.snapshot()["save"] == before["save"]


def test_setup_cancel_keeps_the_game(game: YachtPage) -> None:
    game.roll()
    game.toggle(1)
    before = game.snapshot()
    game.page.locator("#new-game").click()
    setup = game.page.get_by_role("dialog", name="New game")
    expect(setup).to_be_visible()
    setup.get_by_label("Number of players").select_option("4")
    setup.get_by_role("button", name="Cancel").click()
    expect(setup).to_be_hidden()
    assert game.snapshot() == before
    game.page.locator("#new-game").click()
    game.page.keyboard.press("Escape")
    expect(setup).to_be_hidden()
    assert game.snapshot() == before


def test_two_player_game_by_keyboard_alone(booted_page: Page) -> None:
    page = booted_page
    board = YachtPage(page)
    page.locator("body").focus()
    page.keyboard.press("n")
    setup = page.get_by_role("dialog", name="New game")
    expect(setup).to_be_visible()
    count = setup.get_by_label("Number of players")
    count.focus()
    page.keyboard.press("ArrowDown")  # 1 -> 2 players
    expect(count).to_have_value("2")
    for seat, name in enumerate(("Kim", "Lee")):
        field = setup.get_by_label(f"Player {seat + 1}", exact=True)
        field.focus()
        page.keyboard.press("Control+A")
        page.keyboard.type(name)
    page.keyboard.press("Enter")
    expect(setup).to_be_hidden()

    # The dialog keeps the rule set of the last game: two players fill all its categories.
    expected_turns = 2 * len(GAME_RECORD.from_data(board.saved()).state.ruleset.categories)
    turns = 0
    while not board.snapshot()["gameOver"]:
        before = board.snapshot()["save"]
        board.wait_for_landing()  # R is ignored while a throw is in the air, as a click is
        page.keyboard.press("r")
        page.wait_for_function("b => localStorage.getItem('yacht:game') !== b", arg=before)
        if turns % 3 == 0:
            page.keyboard.press("2")
            expect(board.dice_buttons.nth(1)).to_have_attribute("aria-pressed", "true")
            board.wait_for_landing()
            page.keyboard.press("Space")
            expect(page.locator("#rolls-left")).to_have_text("1 roll left")
        # Tab to the first category button and press Enter.
        for _ in range(40):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.classList.contains('option')"):
                break
        else:
            pytest.fail("Tab never reached a category button")
        before = board.snapshot()["save"]
        page.keyboard.press("Enter")
        if page.locator("#scratch-confirm").evaluate("d => d.open"):
            # Asked before a wasted 0: focus starts on Cancel; Tab to "Score 0".
            expect(page.locator("#scratch-cancel")).to_be_focused()
            page.keyboard.press("Tab")
            expect(page.locator("#scratch-yes")).to_be_focused()
            page.keyboard.press("Enter")
        page.wait_for_function("b => localStorage.getItem('yacht:game') !== b", arg=before)
        turns += 1
        assert turns <= expected_turns
    assert turns == expected_turns
    state = GAME_RECORD.from_data(board.saved()).state
    assert state.is_over
    assert [card.name for card in state.players] == ["Kim", "Lee"]
    expect(page.get_by_role("dialog", name=None).filter(has_text="Kim")).to_be_visible()
    expect(page.locator("#rematch")).to_be_focused()
    page.keyboard.press("Enter")  # rematch
    expect(page.locator("#game-over")).to_be_hidden()


def test_the_last_roll_by_keyboard_moves_the_focus_on_to_the_scorecard(game: YachtPage) -> None:
    page = game.page
    option_focused = "document.activeElement.matches('#scorecard button.option')"
    # By pointer, the focus stays where it is: moving it would scroll a phone's page.
    page.evaluate("document.activeElement.blur()")
    for _ in range(3):
        game.wait_for_landing()
        game.roll()
    assert not page.evaluate(option_focused)
    game.score_first_option()

    # By keyboard, a disabled Roll would drop the focus to the page's start.
    game.roll_button.focus()
    for _ in range(3):
        game.wait_for_landing()
        expect(game.roll_button).to_be_focused()
        before = game.snapshot()["save"]
        page.keyboard.press("Enter")
        page.wait_for_function("b => localStorage.getItem('yacht:game') !== b", arg=before)
    first = game.options.first
    expect(first).to_be_focused()
    category = first.get_attribute("data-category")
    page.keyboard.press("Enter")
    game.answer_scratch()
    game.settle()
    assert category in GAME_RECORD.from_data(game.saved()).state.players[0].scores
    expect(game.roll_button).to_be_focused()


def test_shortcuts_are_discoverable(game: YachtPage) -> None:
    summary = open_menu(game.page).get_by_text("Keyboard shortcuts")
    summary.click()
    help_list = game.page.locator("#shortcuts dl")
    expect(help_list).to_be_visible()
    expect(help_list).to_contain_text("Roll the dice")
    expect(game.roll_button).to_have_attribute("aria-keyshortcuts", "R Space")


SHORTCUT_LINES_JS = """() => [...document.querySelectorAll('#shortcuts dd')].map((dd) =>
  Math.round(dd.getBoundingClientRect().height / parseFloat(getComputedStyle(dd).lineHeight)))"""


def test_the_shortcuts_read_in_a_line_or_two_on_a_laptop(game: YachtPage) -> None:
    """Where the screen has room the opened list widens the menu: in Latvian, the longest of
    the languages here, no description takes more than two lines (they took up to five)."""
    page = game.page
    page.set_viewport_size({"width": 1280, "height": 800})
    set_language(page, "lv")
    try:
        shortcuts = open_menu(page).locator("#shortcuts")
        if shortcuts.get_attribute("open") is None:
            shortcuts.locator("summary").click()
        expect(shortcuts.locator("dl")).to_be_visible()
        lines = page.evaluate(SHORTCUT_LINES_JS)
        assert len(lines) == 7
        assert max(lines) <= 2, lines
    finally:
        set_language(page, "en")


def test_reload_at_every_step_restores_the_game(booted_page: Page) -> None:
    page = booted_page
    board = YachtPage(page)
    board.new_game("extended", ("Ann", "Ben"), bonus=True)

    def reload_and_compare(step: str) -> None:
        before = board.snapshot()
        reload_booted(page)
        after = board.snapshot()
        assert after == before, step

    reload_and_compare("before the first roll")
    board.roll()
    reload_and_compare("after the first roll")
    board.toggle(0)
    board.toggle(4)
    reload_and_compare("with dice held")
    board.roll()
    reload_and_compare("after the second roll")
    board.score_first_option()
    reload_and_compare("after scoring (undo still possible)")
    expect(page.locator("#undo")).to_be_enabled()
    play_to_the_end(board, hold_pattern=False)
    reload_and_compare("at game over")
    expect(page.locator("#game-over")).to_be_visible()


def test_seed_in_the_url_makes_games_reproducible(
    new_site_context: Callable[..., Any],
) -> None:
    firsts = []
    for _ in range(2):
        page = new_site_context().new_page()
        goto_booted(page, "?seed=2024")
        board = YachtPage(page)
        board.roll()
        firsts.append(board.dice())
        assert board.saved()["seed"] == 2024
    assert firsts[0] == firsts[1]
    expected = yacht.roll(yacht.new_game(["Player 1"], seed=2024)).dice
    assert tuple(firsts[0]) == expected


def test_corrupt_save_starts_cleanly_and_keeps_a_backup(site_page: Page) -> None:
    goto_booted(site_page)
    site_page.evaluate("localStorage.setItem('yacht:game', '{\"format\": \"yacht-game\", ')")
    reload_booted(site_page)
    expect(site_page.get_by_role("alert")).to_contain_text("could not be opened")
    assert site_page.evaluate("localStorage.getItem('yacht:game:backup')").startswith("{")
    YachtPage(site_page).roll()


def test_runtime_load_failure_is_explained(site_page: Page, allow_console: Any) -> None:
    allow_console("Failed to load resource")
    allow_console("core.js")
    site_page.route("**/core.js", lambda route: route.abort())
    site_page.goto("")
    site_page.wait_for_function("document.documentElement.dataset.ready === 'failed'")
    expect(site_page.get_by_role("alert")).to_contain_text("could not be downloaded")
    # The file that failed is named for whoever looks into it, not told to the player.
    failed_file = site_page.evaluate("document.documentElement.dataset.failureFile")
    assert failed_file.endswith("/dist/core.js"), failed_file
    expect(YachtPage(site_page).roll_button).to_be_disabled()
    expect(site_page.locator("#scorecard")).to_be_visible()


FAILED_START_LAYOUT_JS = """() => {
  const box = (selector) => document.querySelector(selector).getBoundingClientRect();
  const messages = document.querySelector('.messages');
  const room = messages.getBoundingClientRect(), notice = box('#notice');
  return {
    inside: notice.top >= room.top - 0.5 && notice.bottom <= room.bottom + 0.5,
    scrolls: messages.scrollHeight > messages.clientHeight + 1,
    rollOnScreen: box('#roll').bottom <= innerHeight,
    pageScrolls: document.documentElement.scrollHeight > innerHeight,
  };
}"""


def test_a_failed_start_on_a_small_phone_shows_its_whole_notice(
    new_site_context: Callable[..., BrowserContext], allow_console: Any
) -> None:
    """The notice says what went wrong, what to do and that the saved games are safe: on the
    smallest phone, in every language, all of it shows without scrolling (the empty scorecard
    gives up its room)."""
    allow_console("Failed to load resource")
    allow_console("core.js")
    # No worker: it would keep core.js for the next language's start.
    context = new_site_context(service_workers="block", viewport={"width": 360, "height": 740})
    context.route("**/core.js", lambda route: route.abort())
    site_page = context.new_page()
    for language in LANGUAGES:
        site_page.goto(f"?lang={language}")
        site_page.wait_for_function("document.documentElement.dataset.ready === 'failed'")
        expect(site_page.get_by_role("alert")).to_be_visible()
        layout = site_page.evaluate(FAILED_START_LAYOUT_JS)
        assert layout == {
            "inside": True,
            "scrolls": False,
            "rollOnScreen": True,
            "pageScrolls": False,
        }, language
        expect(site_page.locator("#scorecard")).to_be_hidden()


def test_saved_record_is_the_engine_format(game: YachtPage) -> None:
    game.roll()
    record = game.saved()
    state = GAME_RECORD.from_data(json.loads(json.dumps(record))).state
    assert list(state.dice or ()) == game.dice()


def test_runtime_load_failure_is_explained_in_the_players_language(
    site_page: Page, allow_console: Any
) -> None:
    allow_console("Failed to load resource")
    allow_console("core.js")
    site_page.route("**/core.js", lambda route: route.abort())
    site_page.goto("?lang=pl")
    site_page.wait_for_function("document.documentElement.dataset.ready === 'failed'")
    expect(site_page.get_by_role("alert")).to_contain_text("Nie udało się pobrać silnika gry")
    expect(site_page.locator("#status")).to_have_text("Nie udało się uruchomić gry.")
