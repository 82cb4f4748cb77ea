"""Hints, the coach and computer players in the page."""

from __future__ import annotations

from typing import Any

import pytest
from harness import goto_booted
from playwright.sync_api import Page, expect
from yacht_page import YachtPage, set_language

import yacht
from yacht.i18n import translator
from yacht.saves.game_record import GAME_RECORD
from yacht.strategy import advise_state
from yacht.views.coaching import hint


def start(page: Page, *, kinds: tuple[str, ...] = ("human",), coach: bool = False) -> YachtPage:
    board = YachtPage(page)
    names = tuple(f"P{seat + 1}" for seat in range(len(kinds)))
    board.new_game("traditional", names)
    page.locator("#new-game").click()
    setup = page.get_by_role("dialog", name="New game")
    for seat, kind in enumerate(kinds):
        setup.get_by_label(f"Player {seat + 1} is played by").select_option(kind)
    setup.get_by_label("Coach", exact=False).set_checked(coach)
    setup.get_by_role("button", name="Start game").click()
    expect(setup).to_be_hidden()
    return board


def state_of(board: YachtPage) -> yacht.GameState:
    return GAME_RECORD.from_data(board.saved()).state


def test_hint_marks_the_solvers_best_move(booted_page: Page) -> None:
    board = start(booted_page)
    expect(booted_page.locator("#hint")).to_be_disabled()
    board.roll()
    booted_page.get_by_role("button", name="Hint").click()
    advice = advise_state(state_of(board))
    panel = booted_page.locator("#advice")
    expect(panel).to_be_visible()
    expect(panel.locator(".advice-title")).to_contain_text("— the best play")
    # The figures are one tap away: the expected final score and what the others cost.
    why = panel.get_by_text("Why?", exact=True)
    expect(panel.locator("li").first).to_be_hidden()
    why.click()
    best = max(
        [option.value for option in advice.keeps if not option.stops]
        + [option.value for option in advice.categories]
    )
    expect(panel.locator("#advice-value")).to_have_text(
        f"Played this way, your final score averages {best:.1f} points."
    )
    expect(panel.locator("li")).to_have_count(3)
    expect(panel.locator("li").first).to_contain_text(" less")
    suggested = booted_page.locator("#dice .die.suggested")
    if advice.should_score:
        category = advice.best_category.category.value
        expect(booted_page.locator(f"button.option.suggested[data-category='{category}']"))
        expect(suggested).to_have_count(0)
    else:
        assert advice.best_keep is not None
        expect(suggested).to_have_count(len(advice.best_keep.positions))
        marked = booted_page.evaluate(
            "[...document.querySelectorAll('#dice .die')].flatMap("
            "(d, i) => d.classList.contains('suggested') ? [i] : [])"
        )
        assert tuple(marked) == advice.best_keep.positions
    board.toggle(0)  # any move clears the hint
    expect(panel).to_be_hidden()


def test_coach_grades_moves_and_sums_them_up(booted_page: Page) -> None:
    board = start(booted_page, coach=True)
    while not board.snapshot()["gameOver"]:
        board.roll()
        board.roll()
        expect(booted_page.locator("#coach-line")).to_contain_text("Coach:")
        board.score_first_option()
    saved = board.saved()
    assert saved["coach"] is not None
    entries = saved["coach"]["entries"]
    assert len(entries) == 24  # a keep and a scoring each turn
    assert sum(entry["loss"] for entry in entries) > 0
    summary = booted_page.locator("#coach-summary")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("points against perfect play, in 24 decisions. Costliest: turn")
    expect(booted_page.locator("#perfect-play")).to_have_text(
        "Perfect play averages 167.0 points under these rules."
    )
    expect(summary.locator("svg rect")).to_have_count(12)
    booted_page.get_by_role("button", name="View scorecard").click()


def test_the_hint_and_the_coachs_line_follow_a_language_switch(booted_page: Page) -> None:
    """Both stayed in the language they were written in (seen in Latvian)."""
    board = start(booted_page, coach=True)
    board.roll()
    board.roll()  # a keep: the coach has a word on it
    expect(booted_page.locator("#coach-line")).to_contain_text("Coach:")
    booted_page.get_by_role("button", name="Hint").click()
    panel = booted_page.locator("#advice")
    panel.get_by_text("Why?", exact=True).click()
    state = state_of(board)
    tr = translator("pl")
    set_language(booted_page, "pl")
    coach = tr.gettext("Coach: best move.").split(":")[0]
    expect(booted_page.locator("#coach-line")).to_contain_text(f"{coach}:")
    expect(booted_page.locator("#coach-line")).not_to_contain_text("Coach:")
    expect(panel.locator(".advice-title")).to_have_text(hint(state, advise_state(state), tr).title)
    expect(panel.locator("li").first).to_be_visible()  # "Why?" stays open
    set_language(booted_page, "en")
    expect(booted_page.locator("#coach-line")).to_contain_text("Coach:")
    board.toggle(0)
    expect(panel).to_be_hidden()


def test_a_computers_move_on_the_move_line_follows_a_language_switch(booted_page: Page) -> None:
    page = booted_page
    board = start(page, kinds=("human", "casual"))
    board.roll()
    board.score_first_option()  # the computer's turn: its moves are told on the move line
    line = page.locator("#move-line")
    expect(board.roll_button).to_be_enabled(timeout=20_000)  # back to P1: its last move stays
    expect(line).to_be_visible()
    english = str(line.text_content())
    assert "P2" in english
    set_language(page, "pl")
    expect(line).not_to_have_text(english)
    expect(line).to_contain_text("P2")
    set_language(page, "en")
    expect(line).to_have_text(english)


def test_computer_players_finish_a_game_visibly_and_sped_up(booted_page: Page) -> None:
    page = booted_page
    board = start(page, kinds=("optimal", "casual"))
    expect(page.locator("#status")).to_contain_text("the computer is playing")
    expect(board.roll_button).to_be_disabled()
    page.keyboard.press("r")  # people can't move for the computer
    expect(page.get_by_role("alert")).to_contain_text("the computer is playing")
    # The held dice show before the roll: watch one turn at normal speed.
    page.wait_for_function(
        "document.querySelectorAll('#dice .die[aria-pressed=true]').length > 0"
        " || JSON.parse(localStorage.getItem('yacht:game')).players[0].scores.ones !== undefined",
        timeout=20000,
    )
    faster = page.get_by_role("button", name="Faster")
    faster.click()
    expect(faster).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#game-over")).to_be_visible(timeout=120_000)
    state = state_of(board)
    assert state.is_over
    assert [card.computer for card in state.players] == ["optimal", "casual"]


def test_a_reload_mid_turn_lets_the_computer_carry_on(booted_page: Page) -> None:
    page = booted_page
    board = start(page, kinds=("human", "strong"))
    board.roll()
    board.score_first_option()
    page.reload()
    from harness import wait_booted

    wait_booted(page)
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('yacht:game')).current === 0", timeout=30000
    )
    state: Any = state_of(board)
    assert len(state.players[1].scores) == 1
    expect(board.roll_button).to_be_enabled()


def test_a_hint_before_the_tables_arrive_downloads_them_at_once(site_page: Page) -> None:
    # The page downloads its strategy tables once it is interactive; here that download never
    # finishes, so the hint has to fetch the table itself, there and then.
    requests: list[Any] = []

    def hold_the_first(route: Any) -> None:
        requests.append(route)
        if len(requests) > 1:
            route.continue_()  # the first one is never answered

    site_page.route("**/yacht/data/traditional.ytb", hold_the_first)
    goto_booted(site_page, "?seed=7")
    for _ in range(50):  # route handlers run while Playwright waits
        if requests:
            break
        site_page.wait_for_timeout(100)
    assert len(requests) == 1, "the page should have started its background download"
    YachtPage(site_page).roll()
    site_page.get_by_role("button", name="Hint").click()
    expect(site_page.locator("#advice-title")).to_contain_text("the best play")
    expect(site_page.locator("#advice-options li").first).to_be_attached()
    assert len(requests) == 2, "the hint should have downloaded the table itself"


# Every table fetch answered with ``ANSWER`` (an expression giving a promise): rejected as
# WebKit's fetches cut short by leaving the page were, or refused by the server.
FAIL_TABLE_FETCHES_JS = """(() => {
  const real = window.fetch;
  window.fetch = function (input, init) {
    const url = new URL(String((input && input.url) || input), location.href);
    return url.pathname.includes('/yacht/data/') ? ANSWER : real.call(this, input, init);
  };
})()"""


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ("Promise.reject(undefined)", "the download stopped: undefined"),
        # An Error to `instanceof`, not to Pyodide, which also wants a stack.
        (
            "Promise.reject((() => { const e = new TypeError('Load failed'); delete e.stack;"
            " return e; })())",
            "the download stopped: TypeError: Load failed",
        ),
        (
            "Promise.resolve(new Response('', { status: 404 }))",
            "Error: the server answered HTTP 404",
        ),
    ],
    ids=["no-error", "error-without-stack", "http-error"],
)
def test_a_failed_table_download_is_a_warning_not_an_error(
    site_page: Page, answer: str, said: str
) -> None:
    """Awaited in Python, such a rejection was one Pyodide could not raise: an unhandled
    rejection with its "invalid exception object" traceback in the console (seen in WebKit
    when a test left the page as the game started). The download now fetches in JavaScript,
    where any failure is an Error of its own: the page warns that the tables were not
    downloaded in advance, and a hint still gets them."""
    site_page.add_init_script(FAIL_TABLE_FETCHES_JS.replace("ANSWER", answer))
    warnings: list[str] = []
    site_page.on("console", lambda message: warnings.append(message.text))
    goto_booted(site_page, "?seed=7")
    for _ in range(50):
        if any("strategy tables not downloaded in advance" in text for text in warnings):
            break
        site_page.wait_for_timeout(100)
    assert any(said in text for text in warnings), warnings
    assert not any("stopped: Error" in text for text in warnings), "said once, not wrapped twice"
    board = YachtPage(site_page)
    board.roll()
    site_page.get_by_role("button", name="Hint").click()
    expect(site_page.locator("#advice-title")).to_contain_text("the best play")
