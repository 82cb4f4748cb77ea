"""History and statistics, real dice, the daily challenge and the feel, in the real page.

Most tests share one booted page (in order: each builds on the history the previous left);
the daily challenge needs browsers whose clocks say a chosen date, so it boots its own.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from axe_audit import audit
from harness import goto_booted, reload_booted
from playwright.sync_api import BrowserContext, Locator, Page, expect
from yacht_page import YachtPage, open_menu

from yacht.game.daily import daily_game, daily_seed, share_text
from yacht.game.state import GameState, roll
from yacht.saves.game_record import GAME_RECORD
from yacht.saves.history import HISTORY_RECORD
from yacht.saves.settings import settings_or_default
from yacht.views.scratch import scratch_text, scratch_warning

# A throw for each traditional category, scoring there (250 in all, no zero asked about).
GOOD = {
    "ones": "11123",
    "twos": "22223",
    "threes": "33312",
    "fours": "44412",
    "fives": "55512",
    "sixes": "66662",
    "full_house": "33355",
    "four_of_a_kind": "66661",
    "little_straight": "12345",
    "big_straight": "23456",
    "choice": "66554",
    "yacht": "44444",
}
GOOD_TOTAL = 250
HOSTILE = "<b>Ann</b> & co"


@pytest.fixture(scope="module")
def booted_context_args() -> dict[str, Any]:
    # axe is injected as a script, which the page's policy rightly forbids; bypass it here.
    return {"bypass_csp": True}


def stored(page: Page, key: str) -> str | None:
    value: str | None = page.evaluate("k => localStorage.getItem(k)", key)
    return value


def state(page: Page) -> GameState:
    return GAME_RECORD.from_data(json.loads(str(stored(page, "yacht:game")))).state


def history_games(page: Page) -> int:
    text = stored(page, "yacht:history")
    return 0 if text is None else len(HISTORY_RECORD.decode(text).games)


def play_out(board: YachtPage) -> int:
    """Roll and score the first open category until the game ends; the final total."""
    for _ in range(14):
        if board.snapshot()["gameOver"]:
            break
        board.roll()
        board.score_first_option()
    game = state(board.page)
    assert game.is_over
    return game.totals()[0].total


def open_history(page: Page) -> Locator:
    open_menu(page)
    page.locator("#show-history").click()
    dialog = page.get_by_role("dialog", name="History and statistics")
    expect(dialog).to_be_visible()
    return dialog


def close_game_over(page: Page) -> None:
    over = page.locator("#game-over")
    if over.evaluate("d => d.open"):
        page.get_by_role("button", name="View scorecard").click()
        expect(over).to_be_hidden()


# -- history and statistics ------------------------------------------------------------------------


def test_finished_games_appear_in_the_history_and_statistics(
    booted_page: Page, save_screenshot: Callable[..., Path]
) -> None:
    page = booted_page
    board = YachtPage(page)
    start = history_games(page)
    totals = []
    for _ in range(3):  # the charts start at the third game
        board.new_game("traditional", (HOSTILE,))
        totals.append(play_out(board))
        assert history_games(page) == start + len(totals)
    close_game_over(page)

    # Undoing the last score takes the game back out (the button says so plainly); scoring
    # again puts it back.
    expect(page.locator("#undo")).to_have_text("Reopen game")
    page.locator("#undo").click()
    expect(page.locator("#game-over")).to_be_hidden()
    expect(page.locator("#undo")).to_have_text("Undo score")  # the game is open again
    assert history_games(page) == start + 2
    board.score_first_option()
    assert history_games(page) == start + 3
    close_game_over(page)

    dialog = open_history(page)
    expect(dialog.locator("#stats-player")).to_contain_text(HOSTILE)
    summary = dialog.locator("#stats-summary")
    expect(summary.locator("dt")).to_have_text(
        ["Games played", "Best score", "Average score", "Lowest score"]  # solo: no "Wins"
    )
    expect(summary.locator("dd").first).to_have_text("3")
    expect(summary.locator("dd").nth(1)).to_have_text(str(max(totals)))
    expect(summary.locator("dd").nth(3)).to_have_text(str(min(totals)))
    expect(dialog.locator("#stats-categories tbody tr")).to_have_count(12)
    expect(dialog.locator("#recent-games li").first).to_contain_text(f"{HOSTILE}: {totals[-1]}")

    # The charts are SVG built from Python; the name stays text (no <b> element anywhere).
    histogram = dialog.locator("#histogram-figure svg")
    expect(histogram).to_have_attribute("role", "img")
    expect(histogram.locator("title").first).to_have_text(f"Final scores of {HOSTILE}")
    # Named in sight too, by a caption screen readers skip (they have the chart's own title).
    caption = dialog.locator("#histogram-figure figcaption")
    expect(caption).to_have_text(f"Final scores of {HOSTILE}")
    expect(caption).to_have_attribute("aria-hidden", "true")
    trend = dialog.locator("#trend-figure figcaption")
    expect(trend).to_have_text(f"Scores of {HOSTILE} over time")
    assert dialog.locator("#histogram-figure svg rect.bar").count() >= 1
    expect(dialog.locator("#trend-figure svg circle.dot")).to_have_count(3)
    assert dialog.locator("b").count() == 0
    assert page.evaluate("document.querySelector('#histogram-figure svg').namespaceURI") == (
        "http://www.w3.org/2000/svg"
    )
    save_screenshot(page, "statistics")
    audit(page, "the statistics page (light)")
    page.emulate_media(color_scheme="dark")
    try:
        save_screenshot(page, "statistics-dark")
        audit(page, "the statistics page (dark)")
    finally:
        page.emulate_media(color_scheme="light")
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()


def test_history_is_exported_cleared_with_confirmation_and_imported(
    booted_page: Page, tmp_path: Path
) -> None:
    page = booted_page
    kept = history_games(page)
    assert kept >= 2
    with page.expect_download() as download:
        open_menu(page)
        page.get_by_role("button", name="Export").click()
    path = tmp_path / "export.json"
    download.value.save_as(path)
    data = json.loads(path.read_text("utf-8"))
    assert data["version"] == 2
    assert len(data["history"]["games"]) == kept

    dialog = open_history(page)
    dialog.get_by_role("button", name="Clear history…").click()
    confirm = page.get_by_role("dialog", name="Clear the history?")
    expect(confirm).to_be_visible()
    expect(confirm.get_by_role("button", name="Cancel")).to_be_focused()
    page.keyboard.press("Escape")  # changed my mind: nothing is lost
    expect(dialog).to_be_visible()
    assert history_games(page) == kept
    dialog.get_by_role("button", name="Clear history…").click()
    confirm.get_by_role("button", name="Clear history", exact=True).click()
    expect(dialog.locator("#history-empty")).to_be_visible()
    # Nothing left to clear: the command goes with the statistics it ends.
    expect(dialog.get_by_role("button", name="Clear history…")).to_be_hidden()
    assert history_games(page) == 0
    dialog.get_by_role("button", name="Close").click()

    page.locator("#import-file").set_input_files(path)
    expect(page.locator("#notice")).to_contain_text(f"{kept} finished games added to the history.")
    assert history_games(page) == kept


# -- the question before a wasted 0 ------------------------------------------------------------


def test_a_wasted_zero_is_questioned_and_can_be_cancelled_by_keyboard(
    booted_page: Page, save_screenshot: Callable[..., Path]
) -> None:
    page = booted_page
    board = YachtPage(page)
    board.new_game("traditional", ("Kim",))
    board.roll()
    game = state(page)
    # Five dice leave some face out, so some category scores 0 while Choice never does.
    zero = next(c for c in game.open_categories() if game.potential_scores()[c] == 0)
    warning = scratch_warning(game, zero)
    assert warning is not None
    option = page.locator(f"#scorecard button.option[data-category='{zero.value}']")
    before = stored(page, "yacht:game")

    option.click()
    question = page.get_by_role("dialog", name=scratch_text(game, warning))
    expect(question).to_be_visible()
    expect(question.get_by_role("button", name="Cancel")).to_be_focused()
    save_screenshot(page, "zero-question")
    page.keyboard.press("Escape")
    expect(question).to_be_hidden()
    expect(option).to_be_focused()
    assert stored(page, "yacht:game") == before

    page.keyboard.press("Enter")  # the focused option again
    expect(question).to_be_visible()
    page.keyboard.press("Tab")
    expect(question.get_by_role("button", name="Score 0")).to_be_focused()
    page.keyboard.press("Enter")
    expect(question).to_be_hidden()
    page.wait_for_function("b => localStorage.getItem('yacht:game') !== b", arg=before)
    assert state(page).players[0].scores[zero] == 0

    # A category that scores points is written at once.
    board.roll()
    previews = board.previews()
    best = max(previews, key=lambda category: previews[category])
    before = stored(page, "yacht:game")
    page.locator(f"#scorecard button.option[data-category='{best}']").click()
    assert not page.locator("#scratch-confirm").evaluate("d => d.open")
    page.wait_for_function("b => localStorage.getItem('yacht:game') !== b", arg=before)


# -- real dice ---------------------------------------------------------------------------------


def enter(page: Page, faces: str) -> None:
    # Moves are made when the game's lock is granted: a click just before (a score) may not be
    # stored yet, and its save is not this throw's.
    YachtPage(page).settle()
    before = stored(page, "yacht:game")
    field = page.get_by_label("Faces thrown")
    field.fill(faces)
    field.press("Enter")
    page.wait_for_function("b => localStorage.getItem('yacht:game') !== b", arg=before)
    YachtPage(page).settle()


def test_real_dice_play_a_whole_game_from_typed_faces(
    booted_page: Page, save_screenshot: Callable[..., Path]
) -> None:
    page = booted_page
    board = YachtPage(page)
    games_before = history_games(page)
    board.new_game("traditional", ("Lou",), real_dice=True)
    expect(board.roll_button).to_be_hidden()
    expect(page.get_by_label("Faces thrown")).to_be_focused()

    # First turn by tapping faces, with a mistake cleared, and three throws in all.
    picks = page.get_by_role("group", name="Add a face")
    for face in "61":
        picks.get_by_role("button", name=face, exact=True).click()
    page.get_by_role("button", name="Clear").click()
    for face in "12346":
        picks.get_by_role("button", name=face, exact=True).click()
    before = stored(page, "yacht:game")
    page.get_by_role("button", name="Enter throw").click()
    page.wait_for_function("b => localStorage.getItem('yacht:game') !== b", arg=before)
    assert state(page).dice == (1, 2, 3, 4, 6)
    assert board.dice() == [1, 2, 3, 4, 6]
    expect(page.get_by_label("Faces thrown")).to_have_value("")  # emptied for the next throw
    expect(page.locator("#rolls-left")).to_have_text("2 rolls left")
    save_screenshot(page, "real-dice")
    enter(page, "1 2 3 4 4")
    enter(page, GOOD["ones"])
    expect(page.get_by_label("Faces thrown")).to_be_disabled()
    expect(page.locator("#rolls-left")).to_have_text("No rolls left")
    assert board.previews()["ones"] == 3

    # Wrong faces are explained and change nothing.
    board.option("Ones").click()
    enter(page, GOOD["twos"])
    before = stored(page, "yacht:game")
    page.get_by_label("Faces thrown").fill("2227")
    page.get_by_label("Faces thrown").press("Enter")
    expect(page.locator("#notice")).to_contain_text("Enter the five faces you threw")
    assert stored(page, "yacht:game") == before
    board.option("Twos").click()

    # A reload keeps the mode.
    reload_booted(page)
    assert state(page).real_dice
    expect(board.roll_button).to_be_hidden()
    expect(page.get_by_label("Faces thrown")).to_be_visible()

    for category, faces in list(GOOD.items())[2:]:
        enter(page, faces)
        previews = board.previews()
        page.locator(f"#scorecard button.option[data-category='{category}']").click()
        assert not board.answer_scratch(), f"{faces} in {category} scores {previews[category]}"
    expect(page.locator("#ranking .standing-line")).to_have_text([f"Lou: {GOOD_TOTAL}"])
    final = state(page)
    assert final.real_dice
    assert final.totals()[0].total == GOOD_TOTAL
    assert history_games(page) == games_before + 1
    latest = HISTORY_RECORD.decode(str(stored(page, "yacht:history"))).games[-1]
    assert latest.real_dice
    assert latest.totals() == (GOOD_TOTAL,)
    close_game_over(page)


# -- sound -------------------------------------------------------------------------------------


def test_sound_is_off_by_default_and_remembered(booted_page: Page) -> None:
    page = booted_page
    open_menu(page)
    sound = page.get_by_role("button", name="Sound")
    expect(sound).to_have_attribute("aria-pressed", "false")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    assert settings_or_default(stored(page, "yacht:settings")).sound
    board = YachtPage(page)
    board.new_game("traditional", ("Mo",))
    board.roll()  # plays through Web Audio; any failure would log and fail the test
    board.toggle(0)
    open_menu(page)
    page.locator("#language").select_option("pl")
    page.locator("#language").select_option("en")
    settings = json.loads(str(stored(page, "yacht:settings")))
    assert (settings["format"], settings["language"], settings["sound"]) == (
        "yacht-settings",
        "en",
        True,
    )
    reload_booted(page)
    open_menu(page)
    expect(sound).to_have_attribute("aria-pressed", "true")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "false")
    assert not settings_or_default(stored(page, "yacht:settings")).sound


# -- the daily challenge ----------------------------------------------------------------------


def at(page: Page, moment: datetime) -> None:
    """Stop the page's clock at ``moment`` (timers keep running)."""
    page.clock.set_fixed_time(moment)


def play_daily(page: Page) -> tuple[int, ...]:
    """Start today's challenge from the menu and roll once; the first roll."""
    open_menu(page)
    page.get_by_role("button", name="Daily challenge").click()
    dialog = page.get_by_role("dialog", name="Daily challenge")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Play today's game").click()
    expect(dialog).to_be_hidden()
    YachtPage(page).roll()
    return tuple(YachtPage(page).dice())


def daily_context(
    new_site_context: Callable[..., BrowserContext], zone: str, moment: datetime
) -> Page:
    context = new_site_context(timezone_id=zone, service_workers="block")
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    at(page, moment)
    goto_booted(page)
    return page


def test_the_daily_game_is_the_same_everywhere_on_a_date(
    new_site_context: Callable[..., BrowserContext],
    allow_console: Callable[[str], None],
    save_screenshot: Callable[..., Path],
) -> None:
    allow_console("Service Worker registration blocked")
    # The same calendar date, 1 December 2026, on opposite sides of the world: in UTC these
    # moments fall on different dates (30 November and 2 December).
    auckland = daily_context(
        new_site_context,
        "Pacific/Auckland",
        datetime(2026, 12, 1, 8, 30, tzinfo=timezone(timedelta(hours=13))),
    )
    honolulu = daily_context(
        new_site_context,
        "Pacific/Honolulu",
        datetime(2026, 12, 1, 23, 30, tzinfo=timezone(timedelta(hours=-10))),
    )
    expected = roll(daily_game("2026-12-01", "x")).dice
    assert play_daily(auckland) == expected
    assert play_daily(honolulu) == expected
    game = state(honolulu)
    assert game.seed == daily_seed("2026-12-01")
    assert game.challenge is not None
    assert (game.challenge.date, game.challenge.official) == ("2026-12-01", True)
    # The official attempt is played without hints: asking says why, and advises nothing.
    honolulu.locator("#hint").click()
    expect(honolulu.locator("#notice")).to_contain_text("No hints in the daily challenge")
    expect(honolulu.locator("#advice")).to_be_hidden()

    # The next day deals other dice.
    at(auckland, datetime(2026, 12, 2, 9, 0, tzinfo=timezone(timedelta(hours=13))))
    next_day = play_daily(auckland)
    assert next_day == roll(daily_game("2026-12-02", "x")).dice
    assert next_day != expected

    # A second attempt the same day is practice, and says so before it starts.
    open_menu(auckland)
    auckland.get_by_role("button", name="Daily challenge").click()
    dialog = auckland.get_by_role("dialog", name="Daily challenge")
    expect(dialog).to_contain_text("this attempt is practice")
    save_screenshot(auckland, "daily-practice")
    dialog.get_by_role("button", name="Play today's game").click()
    expect(auckland.locator("#notice")).to_contain_text("Practice round")
    practice = state(auckland)
    assert practice.challenge is not None
    assert not practice.challenge.official
    # Practice may ask for a hint.
    YachtPage(auckland).roll()
    auckland.locator("#hint").click()
    expect(auckland.locator("#advice")).to_be_visible()

    # Finishing the official game shows the result to share, and records it as official.
    board = YachtPage(honolulu)
    while not board.snapshot()["gameOver"]:
        if state(honolulu).rolls == 0:
            board.roll()
        board.score_first_option()
    total = state(honolulu).totals()[0].total
    text = share_text("2026-12-01", total)
    assert re.fullmatch(r"Yacht daily 2026-12-01: \d+ — Traditional", text)
    over = honolulu.locator("#game-over")
    expect(over.locator("#daily-share-text")).to_have_text(text)
    expect(over.locator("#daily-share-note")).to_have_text(
        "Your official result of today's challenge:"
    )
    save_screenshot(honolulu, "daily-result")
    over.get_by_role("button", name="Copy result").click()
    fallback = over.locator("#daily-share-fallback")
    copied = honolulu.evaluate("navigator.clipboard.readText().catch(() => null)")
    if copied is None:  # no clipboard here: the text is shown selected instead
        expect(fallback).to_be_visible()
        expect(fallback).to_have_value(text)
    else:
        assert copied == text
    official = HISTORY_RECORD.decode(str(stored(honolulu, "yacht:history"))).official_daily(
        "2026-12-01"
    )
    assert official is not None
    assert official.totals() == (total,)
