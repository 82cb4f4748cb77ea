"""The words of the game in the real page: hints and the coach in plain language, numbers and
dates in each language's format, the ending against the player's own past, computer turns on
screen, the R key while the dice fly, and the history from its first game.

Games are planted in storage nearly finished (built here in Python, saved the way the page
saves them), so an ending is one roll and one tap away. Screenshots of the hint, the game-over
dialog and the history at the three screen sizes, light and dark, go to e2e/artifacts/.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_audit import audit
from harness import reload_booted
from planted_games import finished, finished_but, well_played
from playwright.sync_api import Page, expect
from yacht_page import YachtPage, open_menu, resize, set_language

from yacht.game.state import GameState, enter_dice, new_game, roll, score_category
from yacht.i18n import LANGUAGES
from yacht.saves.game_record import GAME_RECORD, SavedGame
from yacht.saves.history import HISTORY_RECORD, History, entry_from_game
from yacht.session.coach_log import CoachEntry, Move
from yacht.strategy import expected_score

SCREENS = [
    ("390x844", {"width": 390, "height": 844}),
    ("360x740", {"width": 360, "height": 740}),
    ("1280x800", {"width": 1280, "height": 800}),
]
DECIMAL = {"en": re.compile(r"\d\.\d"), "other": re.compile(r"\d,\d")}


@pytest.fixture(scope="module")
def booted_context_args() -> dict[str, Any]:
    # axe is injected as a script, which the page's policy rightly forbids; bypass it here.
    return {"bypass_csp": True}


@pytest.fixture
def board(booted_page: Page) -> Iterator[YachtPage]:
    """The shared page, in English, at the usual size, still dice (the tests read them)."""
    booted_page.emulate_media(reduced_motion="reduce", color_scheme="light")
    yield YachtPage(booted_page)
    set_language(booted_page, "en")
    booted_page.set_viewport_size({"width": 1280, "height": 720})
    booted_page.emulate_media(reduced_motion="no-preference", color_scheme="light")


def history_of(*games: GameState) -> History:
    history = History()
    for day, game in enumerate(games, 1):
        entry = entry_from_game(game, f"2026-11-{day:02d}T12:00:00Z", f"2026-11-{day:02d}")
        history = history.with_game(entry)
    return history


def plant(page: Page, game: SavedGame | None, history: History) -> None:
    """Replace the stored game and history, and reload the page to read them."""
    record = None if game is None else GAME_RECORD.encode(game)
    page.evaluate(
        """([game, history]) => {
            localStorage.clear();
            if (game) localStorage.setItem('yacht:game', game);
            localStorage.setItem('yacht:history', history);
        }""",
        [record, HISTORY_RECORD.encode(history)],
    )
    reload_booted(page)


def decimal_of(language: str) -> re.Pattern[str]:
    return DECIMAL["en" if language == "en" else "other"]


def saved_state(board: YachtPage) -> GameState:
    return GAME_RECORD.from_data(board.saved()).state


def finish(board: YachtPage) -> None:
    """Roll and score the one open category; the game-over dialog opens."""
    board.roll()
    board.option("Choice").click()
    expect(board.page.locator("#game-over")).to_be_visible()


# -- the ending --------------------------------------------------------------------------------


def test_the_ending_sets_the_game_against_the_players_past_and_perfect_play(
    board: YachtPage,
) -> None:
    page = board.page
    past = (finished(("Ann",), 1), finished(("Ann",), 2))
    previous = [game.totals()[0].total for game in past]
    plant(page, SavedGame(finished_but(("Ann",), 3)), history_of(*past))
    finish(board)
    total = saved_state(board).totals()[0].total
    dialog = page.locator("#game-over")
    expect(dialog.locator(".standing-line")).to_have_text([f"Ann: {total}"])
    place = 1 + sum(score > total for score in previous)
    notes = dialog.locator(".standing-note")
    if total > max(previous):
        expect(notes.first).to_have_text(
            f"A new personal best! Your best before was {max(previous)}."
        )
        expect(dialog.locator(".standing.record")).to_have_count(1)
    elif total == max(previous):
        expect(notes.first).to_have_text(f"Equals your personal best of {max(previous)}.")
    else:
        average = f"{sum(previous) / 2:.1f}"
        expect(notes.first).to_have_text(
            f"Your best is {max(previous)}; your average before this game, {average}."
        )
    expect(notes.nth(1)).to_have_text(f"Place {place} of your 3 games under these rules.")
    expect(dialog.locator("#perfect-play")).to_have_text(
        f"Perfect play averages {expected_score('traditional'):.1f} points under these rules."
    )

    # In every language the figures are written the language's way.
    for language in LANGUAGES:
        set_language(page, language)
        expect(dialog.locator("#perfect-play")).to_have_text(decimal_of(language))
        if language != "en":
            expect(dialog.locator("#perfect-play")).not_to_have_text(DECIMAL["en"])
    set_language(page, "en")

    # The finished board offers the way on in Roll's place: the ending's choices again.
    dialog.get_by_role("button", name="View scorecard").click()
    expect(dialog).to_be_hidden()
    play_again = page.get_by_role("button", name="Play again…")
    expect(board.roll_button).to_be_hidden()
    play_again.click()
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name="Rematch")).to_be_focused()

    # Undo on the finished board says plainly that it reopens the game.
    dialog.get_by_role("button", name="View scorecard").click()
    undo = page.locator("#undo")
    expect(undo).to_have_text("Reopen game")
    undo.click()
    expect(dialog).to_be_hidden()
    expect(board.option("Choice")).to_be_visible()
    expect(undo).to_have_text("Undo score")
    expect(play_again).to_be_hidden()
    expect(board.roll_button).to_be_visible()
    history = HISTORY_RECORD.decode(str(page.evaluate("localStorage.getItem('yacht:history')")))
    assert len(history.games) == 2, "the reopened game is out of the history again"


OUT_OF_SIGHT_JS = """(selectors) => {
  const dialog = document.querySelector('#game-over').getBoundingClientRect();
  return selectors.filter((selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return box.top < dialog.top || box.bottom > dialog.bottom;
  });
}"""


@pytest.mark.parametrize("language", ["en", "uk"])
def test_a_long_ending_on_a_phone_opens_on_the_winner_with_its_commands_in_sight(
    board: YachtPage, language: str
) -> None:
    """Six players' ending is taller than a phone: it opens at its top (who won), and its
    commands stay at its foot. Before, focusing Rematch at the bottom scrolled the dialog down
    to it, and the winner was out of sight."""
    page = board.page
    page.set_viewport_size({"width": 360, "height": 740})
    names = ("Alexandria-Konstantinova", "Bartholomew", "Cy", "Dmitrij Ivanovich", "Eve", "Fay")
    plant(page, SavedGame(finished_but(names, 3)), History())
    set_language(page, language)
    for _ in names:  # each scores Choice, the last category open
        board.settle()
        page.locator("#roll").click()
        board.wait_for_landing()
        page.locator("#scorecard button.option[data-category='choice']").click()
    dialog = page.locator("#game-over")
    expect(dialog).to_be_visible()
    expect(page.locator("#rematch")).to_be_focused()
    assert dialog.evaluate("d => d.scrollHeight > d.clientHeight"), "the ending fits a phone?"
    commands = ["#close-game-over", "#new-game-from-over", "#rematch"]
    hidden = page.evaluate(OUT_OF_SIGHT_JS, ["#game-over-title", *commands])
    assert hidden == [], f"out of sight in {language}: {hidden}"
    dialog.evaluate("d => { d.scrollTop = d.scrollHeight; }")  # the last standing, read
    assert page.evaluate(OUT_OF_SIGHT_JS, commands) == []
    page.locator("#close-game-over").click()


def test_hints_and_the_coach_write_decimals_each_languages_way(board: YachtPage) -> None:
    page = board.page
    plant(page, SavedGame(finished_but(("Ann",), 5), coach=()), History())
    board.roll()
    for language in LANGUAGES:
        set_language(page, language)
        page.locator("#hint").click()
        value = page.locator("#advice-value")
        expect(value).to_have_text(decimal_of(language))
        if language != "en":
            expect(value).not_to_have_text(DECIMAL["en"])
    set_language(page, "en")
    page.locator("#hint").click()
    expect(page.locator("#advice-title")).to_have_text(re.compile(r" — the best play$"))
    board.option("Choice").click()
    expect(page.locator("#coach-line")).to_have_text(
        re.compile(r"^Coach: (best move\.|a small slip, about \d\.\d points\.|that cost about .*)")
    )
    summary = page.locator("#coach-summary")
    expect(summary).to_contain_text("Ann ")
    # The chart's name is in sight above it, and read once: as the chart's label.
    caption = summary.locator("figcaption")
    expect(caption).to_have_text(re.compile(r"^Points given away per turn, \d+\.\d in all$"))
    expect(caption).to_be_visible()
    expect(caption).to_have_attribute("aria-hidden", "true")
    expect(summary.locator("svg")).to_have_attribute("aria-label", caption.inner_text())
    set_language(page, "pl")
    expect(summary.locator("p").first).to_have_text(re.compile(r"Ann: (idealna gra|około \d+,\d)"))
    expect(caption).to_have_text(re.compile(r"^Punkty oddane w każdej turze, razem \d+,\d$"))


COACH_LINE_JS = """() => {
  const line = document.getElementById('coach-line');
  const drawn = line.querySelector('.held-dice-drawn');
  const written = line.querySelector('.held-dice > .visually-hidden');
  return {
    text: line.textContent,
    drawn: drawn && drawn.checkVisibility()
      ? [...drawn.querySelectorAll('.mini-die')].map((die) => die.dataset.face) : [],
    // Written for the eye, not only for a screen reader (a visually hidden text is 1 px wide).
    written: written.getBoundingClientRect().width > 1 && written.getClientRects().length === 1
      ? written.textContent : null,
  };
}"""
"""The coach's line as the eye sees it: the dice it draws, or the dice it writes when they are
written in one piece (not broken across two lines)."""


def test_the_endings_coach_report_draws_the_costliest_moves_dice(board: YachtPage) -> None:
    page = board.page
    costly = CoachEntry(0, 3, 9.0, Move("hold", (2,)), Move("hold", (6, 6, 6)))
    plant(page, SavedGame(finished_but(("Ann",), 5), coach=(costly,)), History())
    finish(board)
    report = page.locator("#coach-summary p").first
    expect(report).to_contain_text("Costliest: turn 3, Keep 2 and roll 4 dice")
    expect(report).to_contain_text("best was: Keep 6-6-6 and roll 2 dice")
    drawn = report.locator(".held-dice-drawn")
    expect(drawn).to_have_count(2)
    faces = drawn.evaluate_all(
        "(rows) => rows.map((row) => [...row.children].map((die) => +die.dataset.face))"
    )
    assert faces == [[2], [6, 6, 6]]
    page.locator("#close-game-over").click()


class Sixes:
    """Dice that land on 6-6-6-2-3."""

    def __init__(self) -> None:
        self._faces = iter((6, 6, 6, 2, 3))

    def randint(self, low: int, high: int) -> int:
        return next(self._faces)


def test_the_coachs_line_draws_the_best_keep_on_a_wide_screen_and_writes_it_on_a_phone(
    board: YachtPage,
) -> None:
    page = board.page
    # 6-6-6-2-3 scored at once in Choice: keeping the three sixes was worth more.
    plant(page, SavedGame(roll(new_game(["Ann"]), Sixes()), coach=()), History())
    board.option("Choice").click()
    expected = re.compile(r"^Coach: that cost about \d+\.\d points; best was: Keep 6-6-6 and roll")
    expect(page.locator("#coach-line")).to_have_text(expected)
    line = page.evaluate(COACH_LINE_JS)
    assert line["drawn"] == ["6", "6", "6"]
    assert line["written"] is None
    # Whatever the phone's width, and so wherever the line wraps, the dice stay in one piece.
    for language in ("en", "lv"):
        set_language(page, language)
        for width in range(320, 480, 4):
            page.set_viewport_size({"width": width, "height": 740})
            line = page.evaluate(COACH_LINE_JS)
            assert (line["drawn"], line["written"]) == ([], "6-6-6"), (language, width)


# -- moments ---------------------------------------------------------------------------------


class Fours:
    """Dice that always land on four."""

    def randint(self, low: int, high: int) -> int:
        return 4


def test_a_yacht_gets_a_moment_of_its_own_and_none_under_reduced_motion(board: YachtPage) -> None:
    page = board.page
    plant(page, SavedGame(roll(new_game(["Ann"]), Fours())), History())
    page.emulate_media(reduced_motion="no-preference")
    board.option("Yacht").click()
    banner = page.locator("#moment")
    expect(banner).to_have_text("Yacht! 50 points")
    expect(banner).to_have_class(re.compile(r"\bpop-[ab]\b"))
    expect(banner).to_be_visible()
    expect(page.locator("#announcer")).to_have_text(re.compile(r"^Yacht! 50 points Ann scored 50"))
    page.emulate_media(reduced_motion="reduce")
    expect(banner).to_be_hidden()


def test_a_new_personal_best_gets_its_moment_in_the_ending(
    board: YachtPage, save_screenshot: Callable[..., Path]
) -> None:
    page = board.page
    # Past games of a poor player: 1-2-3-4-6 thrown every turn (32 points each).
    poor = new_game(["Ann"], real_dice=True)
    for category in poor.ruleset.categories:
        poor = score_category(enter_dice(poor, (1, 2, 3, 4, 6)), category)
    low = poor.totals()[0].total
    game = finished_but(("Ann",), 21)
    assert game.totals()[0].total + 5 > low, "pick a seed whose game beats the past ones"
    plant(page, SavedGame(game), history_of(poor, poor))
    finish(board)
    record = page.locator("#game-over .standing.record")
    expect(record).to_have_count(1)
    expect(record.locator(".standing-note").first).to_have_text(
        f"A new personal best! Your best before was {low}."
    )
    expect(page.locator("#announcer")).to_contain_text("Ann: A new personal best!")
    page.set_viewport_size({"width": 390, "height": 844})
    save_screenshot(page, "personal-best-390x844-light")
    page.locator("#close-game-over").click()
    save_screenshot(page, "finished-board-390x844-light")


def test_the_last_score_is_drawn_in_its_click_and_the_ending_opens_a_frame_later(
    board: YachtPage,
) -> None:
    page = board.page
    plant(page, SavedGame(finished_but(("Ann",), 5)), History())
    board.roll()
    # What the page shows when the click's own work is done (a window listener, bubbling: it
    # runs after the game's).
    page.evaluate(
        """() => addEventListener('click', () => {
            window.atClickEnd = {
                dialogOpen: document.getElementById('game-over').open,
                openCategories: document.querySelectorAll('#scorecard button.option').length,
                status: document.getElementById('status').textContent,
                total: document.querySelector('#scorecard [data-row=total] td').textContent,
            };
        }, { once: true })"""
    )
    board.option("Choice").click()
    expect(page.locator("#game-over")).to_be_visible()
    expect(page.locator("#rematch")).to_be_focused()
    at_click_end = page.evaluate("window.atClickEnd")
    assert at_click_end["dialogOpen"] is False, "the dialog waits for the final score's frame"
    assert at_click_end["openCategories"] == 0, "the final score is drawn in its click"
    total = saved_state(board).totals()[0].total
    assert at_click_end["status"] == f"Game over. Final score: {total}"
    assert at_click_end["total"] == str(total)
    expect(page.locator("#announcer")).to_have_text(
        re.compile(r"^Ann scored \d+ points in Choice\. Game over")
    )


def test_a_last_score_taken_back_before_the_next_frame_opens_no_ending(board: YachtPage) -> None:
    page = board.page
    plant(page, SavedGame(finished_but(("Ann",), 6)), History())
    board.roll()
    # Both clicks in one task: the score is taken back before the frame that would show the
    # game-over dialog.
    page.evaluate(
        """() => {
            document.querySelector("#scorecard button.option[data-category='choice']").click();
            document.getElementById('undo').click();
        }"""
    )
    board.settle()
    expect(board.option("Choice")).to_be_visible()
    expect(page.locator("#game-over")).to_be_hidden()
    expect(page.locator("#announcer")).to_have_text(re.compile(r"^Score taken back\."))
    assert not saved_state(board).is_over


# -- computer turns ------------------------------------------------------------------------------


def test_a_computers_turn_is_told_on_screen_and_its_seat_marked(board: YachtPage) -> None:
    page = board.page
    game = new_game(["Ann", "Bot"], seed=8, computers=[None, "casual"])
    plant(page, SavedGame(game, coach=()), History())
    header = page.locator("#scorecard thead tr:first-child th").nth(2)
    expect(header).to_have_accessible_name(re.compile(r"^Bot ?, computer, casual$"))
    expect(header.locator(".seat-note")).to_have_text("casual")
    expect(header.locator(".seat-note")).to_be_visible()
    board.roll()
    board.option("Choice").click()
    coach = page.locator("#coach-line")
    expect(coach).to_be_visible()
    line = page.locator("#move-line")
    # Each step of its turn, on screen: the throw, the dice it keeps (when it keeps any).
    expect(line).to_have_text(
        re.compile(
            r"^Bot \(computer, casual\) (rolled \d, \d, \d, \d, \d|keeps [\d-]+"
            r"|takes every die back to roll|scored \d+ points? in [A-Z][a-z ]+)\.$"
        )
    )
    expect(coach).to_be_hidden()  # Ann's verdict went with her turn
    expect(line).to_have_text(
        re.compile(r"^Bot \(computer, casual\) scored \d+ points? in [A-Z][a-z ]+\.$"),
        timeout=20_000,
    )
    expect(line).to_be_visible()
    expect(board.roll_button).to_be_enabled()
    board.roll()  # Ann's own move clears the computer's line
    expect(line).to_be_hidden()


# -- the R key -------------------------------------------------------------------------------


def keys_in_a_new_game(board: YachtPage, motion: str, *keys: str) -> Page:
    """A new solo game with ``motion`` emulated, then ``keys`` pressed as fast as keys go."""
    page = board.page
    page.emulate_media(reduced_motion=motion)
    board.new_game("traditional", ("Ann",))
    page.locator("body").focus()
    for key in keys:
        page.keyboard.press(key)
    return page


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_r_pressed_twice_quickly_rolls_once(board: YachtPage, motion: str) -> None:
    page = keys_in_a_new_game(board, motion, "r", "r")
    page.wait_for_timeout(100)
    assert board.saved()["rolls"] == 1, "R twice threw twice"
    page.wait_for_timeout(800)  # the dice are down
    page.keyboard.press("r")
    page.wait_for_function("JSON.parse(localStorage.getItem('yacht:game')).rolls === 2")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_roll_asked_after_a_hold_is_thrown_however_quickly(board: YachtPage, motion: str) -> None:
    # R, 2, Space: holding a die shows the second throw is meant.
    keys_in_a_new_game(board, motion, "r", "2", "Space")
    board.settle()
    saved = board.saved()
    assert saved["rolls"] == 2, "the throw after the hold was ignored"
    assert saved["held"] == [False, True, False, False, False]


# -- the history -------------------------------------------------------------------------------

WIDTH_JS = """() => {
  const dialog = document.querySelector('#history');
  const edge = dialog.getBoundingClientRect().right;
  const wide = [...dialog.querySelectorAll('*')].filter(
    (e) => e.getClientRects().length && e.getBoundingClientRect().right > edge + 0.5);
  return {scroll: dialog.scrollWidth, client: dialog.clientWidth, viewport: innerWidth,
          right: edge, wide: wide.map((e) => e.tagName + '#' + e.id + '.' + e.className)};
}"""


def open_history(board: YachtPage) -> Any:
    board.menu().get_by_role("button", name="History", exact=True).click()
    expect(board.page.get_by_role("dialog", name="History and statistics")).to_be_visible()
    return board.page.locator("#history")  # (its name changes with the language)


def test_the_history_works_from_the_first_game_and_fits_a_phone(board: YachtPage) -> None:
    page = board.page
    page.set_viewport_size({"width": 360, "height": 740})
    long_name = "Annabelle-Margaret Smith"  # as long as a name can be (24)
    game = finished((long_name,), 4)
    plant(page, None, history_of(game))
    dialog = open_history(board)
    games = dialog.locator("#recent-games li")
    expect(games).to_have_count(1)
    expect(games.first.locator(".game-day")).to_have_text("1 Nov 2026")
    expect(games.first).to_contain_text(f"{long_name}: {game.totals()[0].total}")
    expect(dialog.locator("#stats-summary dt")).to_have_text(
        ["Games played", "Best score", "Average score", "Lowest score"]
    )
    expect(dialog.locator("#stats-charts")).to_be_hidden()  # one game is no chart
    found = page.evaluate(WIDTH_JS)
    assert found["scroll"] <= found["client"], found
    assert found["right"] <= found["viewport"], found
    assert found["wide"] == [], found
    set_language(page, "lv")
    expect(games.first.locator(".game-day")).to_have_text("01.11.2026.")
    expect(dialog.locator("#stats-summary dd").nth(2)).to_have_text(re.compile(r"^\d+(,\d)?$"))
    set_language(page, "en")
    dialog.get_by_role("button", name="Close").click()


CHART_TEXT_JS = """() => [...document.querySelectorAll('#stats-charts svg text')]
  .map((text) => text.getBoundingClientRect().height)"""
# Pairs of texts in one chart whose boxes overlap (more than a pixel each way), and texts that
# stand out of their chart.
CHART_CLASHES_JS = """() => {
  const clashes = [], outside = [];
  for (const svg of document.querySelectorAll('#stats-charts svg')) {
    const frame = svg.getBoundingClientRect();
    const texts = [...svg.querySelectorAll('text')]
      .map((t) => [t.textContent, t.getBoundingClientRect()]);
    for (const [text, box] of texts) {
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5
          || box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5) outside.push(text);
    }
    texts.forEach(([a, p], i) => texts.slice(i + 1).forEach(([b, q]) => {
      const wide = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const tall = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (wide > 1 && tall > 1) clashes.push([svg.id, a, b]);
    }));
  }
  return {clashes, outside};
}"""


STATS_ORDER_JS = """() => ['stats-summary', 'stats-charts', 'stats-categories', 'recent-games']
  .map((id) => [id, document.getElementById(id).getBoundingClientRect().top])"""
"""The parts of the statistics, each with how far down the dialog it starts."""


def test_the_charts_text_is_readable_on_a_phone(
    board: YachtPage, save_screenshot: Callable[..., Path]
) -> None:
    """A phone draws the history's charts at about 0.6 of their size: their ticks and axis
    titles still stand 11 px tall or more (at 360 px they were 8, their type 6-7 px), and none
    runs into another or out of its chart; so too side by side on a wide screen."""
    page = board.page
    page.set_viewport_size({"width": 360, "height": 740})
    games = [finished(("Ann",), 4), finished(("Ann",), 5), well_played(("Ann",), 6)]
    plant(page, None, history_of(*games))
    dialog = open_history(board)
    expect(dialog.locator("#stats-charts")).to_be_visible()
    heights = page.evaluate(CHART_TEXT_JS)
    assert heights, "no text in the charts"
    assert min(heights) >= 11, heights
    # In the larger type, a score's three digits ran into the vertical axis's title.
    assert max(game.totals()[0].total for game in games) >= 100, "no three-digit tick to try"
    assert page.evaluate(CHART_CLASHES_JS) == {"clashes": [], "outside": []}
    # The figures come first, the list of games last: the charts stood below twenty games.
    order = page.evaluate(STATS_ORDER_JS)
    assert order == sorted(order, key=lambda part: part[1]), order
    assert [name for name, _ in order][-1] == "recent-games"
    dialog.locator("#trend-figure").scroll_into_view_if_needed()
    save_screenshot(page, "charts-360x740")
    dialog.get_by_role("button", name="Close").click()
    # Side by side on a wide screen they are drawn at about 0.75: the same holds there.
    page.set_viewport_size({"width": 1280, "height": 800})
    dialog = open_history(board)
    assert min(page.evaluate(CHART_TEXT_JS)) >= 11
    assert page.evaluate(CHART_CLASHES_JS) == {"clashes": [], "outside": []}
    dialog.get_by_role("button", name="Close").click()


SUMMARY_ROWS_JS = """() => {
  const list = document.querySelector('#stats-summary'), edge = list.getBoundingClientRect();
  const rows = new Map();
  for (const card of list.children) {
    const box = card.getBoundingClientRect();
    rows.set(Math.round(box.top), [...(rows.get(Math.round(box.top)) || []), box]);
  }
  return [...rows.values()].map((boxes) => [
    Math.round(boxes[0].left - edge.left), Math.round(edge.right - boxes[boxes.length - 1].right)]);
}"""
# Lines taken by each figure of the category table's last column (a Range's rects: one a line).
ZERO_LINES_JS = """() => [...document.querySelectorAll('#stats-categories tbody td:last-child')]
  .map((cell) => { const range = document.createRange(); range.selectNodeContents(cell);
                   return range.getClientRects().length; })"""


@pytest.mark.parametrize("width", [360, 390])
def test_the_history_figures_fill_a_phone_without_holes(board: YachtPage, width: int) -> None:
    """On a phone, in every language: the five summary cards leave no hole in their rows (the
    fifth sat alone beside an empty cell), and each category's zeros ("6 of 14 (43%)") take
    one line (they took two, and every row of the table with them), all within the dialog."""
    page = board.page
    page.set_viewport_size({"width": width, "height": 740})
    games = [finished(("Ann",), seed) for seed in (4, 5)]
    games.append(finished(("Ann", "Konstantynopolitańczyk"), 6))  # a win or a loss: five cards
    plant(page, None, history_of(*games))
    dialog = open_history(board)
    expect(dialog.locator("#stats-summary dt")).to_have_count(5)
    for language in LANGUAGES:
        set_language(page, language)
        rows = page.evaluate(SUMMARY_ROWS_JS)
        assert len(rows) > 1, (language, rows)
        assert all(left == 0 and right == 0 for left, right in rows), (language, rows)
        assert set(page.evaluate(ZERO_LINES_JS)) == {1}, language
        found = page.evaluate(WIDTH_JS)
        assert found["wide"] == [], (language, found)
        assert found["scroll"] <= found["client"], (language, found)
    set_language(page, "en")
    dialog.get_by_role("button", name="Close").click()


RECENT_ROWS_JS = """() => [...document.querySelectorAll('#recent-games li')].map((li) =>
  li.querySelector('.game-scores').getBoundingClientRect().top
    >= li.querySelector('.game-day').getBoundingClientRect().bottom)"""


@pytest.mark.parametrize("width", [1280, 390])
def test_every_recent_game_reads_alike(board: YachtPage, width: int) -> None:
    """Date and rules, then the scores on a line of their own, in every row, short or long
    (a short game's scores sat on the first line, a long one's under it)."""
    page = board.page
    page.set_viewport_size({"width": width, "height": 800})
    solo = [finished(("Ann",), seed) for seed in (4, 5)]
    duel = finished(("Konstantynopolitańczyk", "Aleksandra Wiśniewska"), 6)
    plant(page, None, history_of(*solo, duel))
    dialog = open_history(board)
    expect(dialog.locator("#recent-games li")).to_have_count(3)
    assert page.evaluate(RECENT_ROWS_JS) == [True] * 3
    dialog.get_by_role("button", name="Close").click()


EXAMPLES_DRAWN_JS = """() => {
  const body = document.getElementById('guide-body').getBoundingClientRect();
  return [...document.querySelectorAll('#guide-body .example')].map((example) => {
    const dice = [...example.querySelectorAll('.mini-die')];
    const points = example.querySelector('.example-points').getBoundingClientRect();
    const box = example.getBoundingClientRect();
    return {
      category: example.closest('.category-rule').querySelector('dt').textContent,
      faces: dice.map((die) => Number(die.dataset.face)),
      bright: dice.map((die) => getComputedStyle(die).opacity === '1'),
      pips: dice.every((die) => getComputedStyle(die).backgroundImage.includes('gradient')),
      rows: new Set([...dice.map((die) => die.getBoundingClientRect().top),
        points.top + points.height / 2]
        .map((y, i, all) => Math.abs(y - all[0]) < 24 ? 0 : Math.round(y))).size,
      inside: box.left >= body.left - 0.5 && box.right <= body.right + 0.5,
      said: example.querySelector('.visually-hidden').textContent,
    };
  });
}"""


def test_the_rules_draw_each_example_as_dice_on_one_line(
    board: YachtPage, save_screenshot: Callable[..., Path]
) -> None:
    """On a phone, in Polish (long words, short lines): each category's examples are five small
    dice with their pips, the dice that score bright and the rest faded, on one line with their
    points and inside the page; a screen reader hears each as a sentence. No throw written in
    words breaks at a hyphen ("1-2-3-4-" over "5"), no figure is left at a line's end without
    its word."""
    page = board.page
    page.set_viewport_size({"width": 360, "height": 740})
    set_language(page, "pl")
    open_menu(page).locator("#show-rules").click()
    guide = page.locator("#guide")
    expect(guide).to_be_visible()
    examples = page.evaluate(EXAMPLES_DRAWN_JS)
    assert len({example["category"] for example in examples}) == 12
    for example in examples:
        assert len(example["faces"]) == 5, example
        assert example["pips"], example
        assert example["rows"] == 1, example
        assert example["inside"], example
        assert "-".join(map(str, example["faces"])) in example["said"], example
    ones = examples[0]
    assert [face for face, bright in zip(ones["faces"], ones["bright"], strict=True) if bright] == [
        1,
        1,
        1,
    ]
    full_houses = [example for example in examples if example["category"] == "Full House"]
    assert [any(example["bright"]) for example in full_houses] == [True, False]
    pieces = page.evaluate(
        """() => [...document.querySelectorAll('#guide-body .unbroken')]
          .map((piece) => [piece.textContent, piece.getClientRects().length])"""
    )
    assert any("-" in text for text, _ in pieces), "the throws are not kept whole"
    assert [text for text, lines in pieces if lines != 1] == []
    page.locator("#guide-body .category-rule").nth(6).scroll_into_view_if_needed()
    save_screenshot(page, "rules-pl-360x740")

    # Wide, two categories to a row (half the scrolling), every example still whole inside.
    resize(page, {"width": 1280, "height": 800})
    tops = page.evaluate(
        """() => [...document.querySelectorAll('#guide-body .category-rule')]
          .map((rule) => Math.round(rule.getBoundingClientRect().top))"""
    )
    assert tops[0::2] == tops[1::2], tops
    wide = page.evaluate(EXAMPLES_DRAWN_JS)
    assert [(example["rows"], example["inside"]) for example in wide] == [(1, True)] * len(wide)
    page.locator("#close-guide").click()
    expect(guide).to_be_hidden()


# -- screenshots ---------------------------------------------------------------------------------


def test_screenshots_of_the_hint_the_ending_and_the_history(
    board: YachtPage, save_screenshot: Callable[..., Path]
) -> None:
    page = board.page
    bot = [None, "casual"]
    past = [well_played(("Ann", "Bot"), seed, computers=bot) for seed in (11, 12, 13)]
    solo = [well_played(("Ann",), seed) for seed in (14, 15)]
    game = well_played(("Ann", "Bot"), 16, computers=bot, turns=11)
    keep, best = Move("hold", (6, 6)), Move("hold", (5, 5, 5))
    log = tuple(
        CoachEntry(0, turn, loss, keep if loss else best, best)
        for turn, loss in enumerate((0.0, 1.3, 0.0, 0.4, 4.2, 0.0, 0.8, 0.0, 2.1, 0.0, 0.3), 1)
    )
    plant(page, SavedGame(game, coach=log), history_of(*solo, *past))
    board.roll()
    page.locator("#hint").click()
    page.get_by_text("Why?", exact=True).click()
    shoot(page, save_screenshot, "hint")
    page.get_by_text("Why?", exact=True).click()
    board.options.first.click()
    board.answer_scratch()
    expect(page.locator("#game-over")).to_be_visible(timeout=30_000)
    shoot(page, save_screenshot, "game-over")
    audit(page, "the game-over dialog")
    page.locator("#close-game-over").click()
    open_history(board)
    shoot(page, save_screenshot, "history")
    audit(page, "the history dialog")
    page.get_by_role("button", name="Close").click()


def shoot(page: Page, save_screenshot: Callable[..., Path], what: str) -> None:
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
        for name, size in SCREENS:
            page.set_viewport_size(size)
            save_screenshot(page, f"{what}-{name}-{scheme}")
    page.emulate_media(color_scheme="light")
