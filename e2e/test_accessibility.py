"""Accessibility audits (axe-core) and the language switch, in light and dark mode."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from axe_audit import audit
from challenge_links import challenge_dialog, fragment, open_fragment, straight_game
from harness import goto_booted, reload_booted
from playwright.sync_api import Browser, Page, expect
from yacht_page import YachtPage, open_menu

from yacht.game.replay import claimed_total
from yacht.i18n import translator
from yacht.saves.challenge_link import CHALLENGE_LINK, finished_link
from yacht.saves.game_record import GAME_RECORD


@pytest.fixture(scope="module", params=["light", "dark"])
def scheme(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def audited(new_site_context: Callable[..., Any], scheme: str) -> Iterator[tuple[Page, YachtPage]]:
    # The CSP forbids injected scripts; axe is a test tool, so this context bypasses it.
    context = new_site_context(bypass_csp=True, color_scheme=scheme)
    page = context.new_page()
    goto_booted(page, "?seed=11")
    return page, YachtPage(page)


def test_axe_finds_nothing_on_every_screen(audited: tuple[Page, YachtPage], scheme: str) -> None:
    page, board = audited
    audit(page, f"the fresh board ({scheme})")

    page.locator("#new-game").click()
    expect(page.get_by_role("dialog", name="New game")).to_be_visible()
    audit(page, f"the setup screen ({scheme})")
    page.get_by_role("button", name="Cancel").click()

    board.roll()
    board.toggle(1)
    board.roll()
    audit(page, f"the board mid-turn ({scheme})")

    open_menu(page)
    audit(page, f"the board with its menu open ({scheme})")
    page.get_by_role("button", name="Rules").click()
    expect(page.get_by_role("dialog", name="Rules")).to_be_visible()
    audit(page, f"the rules page ({scheme})")
    page.get_by_role("button", name="Close").click()

    open_menu(page).get_by_role("button", name="Tips").click()
    # One section, named once: its heading is the dialog's ("Tips" over "Tips for a higher
    # score" said it twice).
    tips = page.get_by_role("dialog", name="Tips for a higher score")
    expect(tips).to_be_visible()
    expect(tips.get_by_role("heading")).to_have_count(1)
    audit(page, f"the tips page ({scheme})")
    page.get_by_role("button", name="Close").click()

    while not board.snapshot()["gameOver"]:
        board.roll()
        board.score_first_option()
    expect(page.locator("#game-over")).to_be_visible()  # a frame after the last score
    audit(page, f"the game-over screen ({scheme})")


def test_axe_finds_nothing_in_the_challenge_dialogs(
    new_site_context: Callable[..., Any], scheme: str
) -> None:
    context = new_site_context(bypass_csp=True, color_scheme=scheme, service_workers="block")
    page = context.new_page()
    goto_booted(page)
    board, dialog = YachtPage(page), challenge_dialog(page)
    open_menu(page).get_by_role("button", name="Challenge a friend").click()
    expect(dialog).to_contain_text("Start a new solo game")
    audit(page, f"a fresh challenge offered ({scheme})")
    page.keyboard.press("Escape")

    cy = straight_game("Cy", 31337)
    edited = replace(finished_link(cy), claimed=claimed_total(cy) + 40)
    open_fragment(page, "#challenge=" + CHALLENGE_LINK.encode(edited))
    expect(dialog).to_contain_text("the link was edited")
    audit(page, f"an incoming challenge whose claim was edited ({scheme})")
    dialog.get_by_role("button", name="Play the same dice").click()

    board.roll()
    open_menu(page).get_by_role("button", name="Challenge a friend").click()
    expect(dialog.get_by_role("button", name="Share the link")).to_be_visible()
    audit(page, f"the link of the game in progress ({scheme})")
    page.keyboard.press("Escape")

    while not board.snapshot()["gameOver"]:
        board.score_first_option()
        if not board.snapshot()["gameOver"]:
            board.roll()
    page.locator("#game-over").get_by_role("button", name="Compare with the challenger").click()
    expect(dialog.get_by_role("table", name="Results of this challenge")).to_contain_text("Cy")
    audit(page, f"the comparison at the end ({scheme})")
    dialog.get_by_role("button", name="Send your answer").click()
    expect(dialog.get_by_role("textbox", name="Link to send")).to_be_visible()
    audit(page, f"the answer's link, shown ({scheme})")
    page.keyboard.press("Escape")

    open_fragment(page, fragment(straight_game("Dee", 31337), reply=True))
    expect(dialog.get_by_role("table", name="Results of this challenge")).to_contain_text("Dee")
    audit(page, f"the results of the challenge ({scheme})")
    page.keyboard.press("Escape")

    open_fragment(page, "#challenge=ARACxKutWB5XAKEDQW5uDAh6MUnvilaiyZjmktCClYx")
    expect(page.locator("#notice")).to_contain_text("damaged or incomplete")
    audit(page, f"a damaged link's message ({scheme})")


def test_dialogs_trap_and_restore_focus(booted_page: Page) -> None:
    page = booted_page
    menu = open_menu(page)
    opener = page.get_by_role("button", name="Rules")
    opener.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Rules")
    expect(dialog).to_be_visible()
    for _ in range(6):
        page.keyboard.press("Tab")
        inside = page.evaluate("document.querySelector('#guide').contains(document.activeElement)")
        assert inside, "focus left the open dialog"
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # The menu closed behind the command: the focus is back on the menu's button.
    expect(menu.locator(":scope > summary")).to_be_focused()


def test_focus_is_always_visible(booted_page: Page) -> None:
    page = booted_page
    page.locator("body").focus()
    seen = []
    for _ in range(12):
        page.keyboard.press("Tab")
        tag, outline = page.evaluate(
            "[document.activeElement.tagName,"
            " getComputedStyle(document.activeElement).outlineStyle]"
        )
        if tag == "BODY":  # Tab left the page for the browser's own controls
            continue
        seen.append(tag)
        assert outline not in ("none", ""), page.evaluate("document.activeElement.outerHTML")
    assert len(seen) >= 8


def test_touch_targets_are_at_least_44_px(booted_page: Page) -> None:
    board = YachtPage(booted_page)
    board.roll()
    sizes = booted_page.evaluate(
        """() => [...document.querySelectorAll('button, select, summary')]
            .filter(e => e.offsetParent !== null)
            .map(e => { const r = e.getBoundingClientRect();
                        return [e.id || e.className || e.textContent, r.width, r.height]; })"""
    )
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert small == []


def test_reduced_motion_turns_dice_animation_off(booted_page: Page) -> None:
    page = booted_page
    page.emulate_media(reduced_motion="reduce")
    YachtPage(page).roll()
    animation = page.evaluate("getComputedStyle(document.querySelector('.die')).animationName")
    assert animation == "none"
    page.emulate_media(reduced_motion="no-preference")


@pytest.mark.parametrize("width", [320, 360, 640])
def test_no_sideways_scrolling_at_200_percent_zoom_or_phone_width(
    browser: Browser, width: int, new_site_context: Callable[..., Any]
) -> None:
    # 200% zoom of a 1280 px window is a 640 CSS px viewport at device scale 2.
    context = new_site_context(viewport={"width": width, "height": 700}, device_scale_factor=2)
    page = context.new_page()
    goto_booted(page)
    YachtPage(page).roll()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    expect(YachtPage(page).roll_button).to_be_in_viewport()


def test_language_switch_keeps_the_game_and_is_remembered(
    new_site_context: Callable[..., Any], save_screenshot: Callable[..., Path]
) -> None:
    page = new_site_context(locale="en-US").new_page()
    goto_booted(page)
    board = YachtPage(page)
    board.roll()
    board.toggle(0)
    saved = board.saved()
    english_status = board.snapshot()["status"]
    open_menu(page)
    for language in ("ru", "uk", "pl", "lv", "en"):
        page.locator("#language").select_option(language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        assert board.saved() == saved, "switching language changed the game"
        status = board.snapshot()["status"]
        assert (status == english_status) == (language == "en"), language
        expect(page.locator("#roll")).to_have_text(translator(language).gettext("Roll"))
    page.locator("#language").select_option("pl")
    reload_booted(page)
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    assert board.saved() == saved


def _seated(board: YachtPage) -> list[str]:
    return [card.name for card in GAME_RECORD.from_data(board.saved()).state.players]


def _choose(page: Page, language: str) -> None:
    open_menu(page).locator("#language").select_option(language)


def _offered_names(page: Page) -> list[str]:
    """The names the new-game form offers (it is opened and closed again)."""
    page.locator("#new-game").click()
    names = page.locator("#player-names li:not([hidden]) input[name=player]")
    offered = [names.nth(seat).input_value() for seat in range(names.count())]
    page.locator("#setup-cancel").click()
    return offered


def test_seats_left_blank_take_the_language_chosen_before_the_first_throw(
    new_site_context: Callable[..., Any],
) -> None:
    """A first visit opens in the browser's language; a player who picks theirs before the
    first throw plays under its names, not as "Player 1" on a Russian page."""
    page = new_site_context(locale="en-US").new_page()
    goto_booted(page)
    board = YachtPage(page)
    expect(page.locator("#status")).to_contain_text("Player 1")
    _choose(page, "ru")
    expect(page.locator("#status")).to_contain_text("Игрок 1")
    page.wait_for_function("localStorage.getItem('yacht:game').includes('Игрок 1')")
    assert _seated(board) == ["Игрок 1"]
    expect(page.locator("#scorecard thead")).to_contain_text("Игрок 1")
    assert _offered_names(page) == ["Игрок 1"]

    # Once someone has thrown, the game's names are its record; the next game's still follow.
    _choose(page, "pl")
    page.wait_for_function("localStorage.getItem('yacht:game').includes('Gracz 1')")
    page.locator("#roll").click()
    page.wait_for_function("localStorage.getItem('yacht:game').includes('\"rolls\":1')")
    _choose(page, "en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    board.settle()
    assert _seated(board) == ["Gracz 1"]
    expect(page.locator("#status")).to_contain_text("Gracz 1")
    assert _offered_names(page) == ["Player 1"]
    reload_booted(page)
    assert _seated(board) == ["Gracz 1"]
    assert _offered_names(page) == ["Player 1"]


def test_a_typed_name_stays_and_the_blank_seat_beside_it_follows(
    new_site_context: Callable[..., Any],
) -> None:
    page = new_site_context(locale="en-US").new_page()
    goto_booted(page)
    board = YachtPage(page)
    board.new_game("traditional", ("Ann", ""))
    assert _seated(board) == ["Ann", "Player 2"]
    _choose(page, "lv")
    page.wait_for_function("localStorage.getItem('yacht:game').includes('Spēlētājs 2')")
    assert _seated(board) == ["Ann", "Spēlētājs 2"]
    expect(page.locator("#status")).to_contain_text("Ann")


# Every static text and attribute index.html marks for translation: [message id, text] and
# [attribute, message id, value]; but the texts the board writes once the game runs (their
# mark is what shows while it loads).
MARKED_JS = """() => [
  Array.from(
    document.querySelectorAll("[data-i18n]:not(#status, #rolls-left)"),
    (e) => [e.dataset.i18n, e.textContent],
  ),
  ["aria-label", "content"].flatMap((attribute) =>
    Array.from(document.querySelectorAll(`[data-i18n-${attribute}]`), (e) => [
      attribute, e.getAttribute(`data-i18n-${attribute}`), e.getAttribute(attribute),
    ])
  ),
]"""


def test_every_marked_text_and_attribute_follows_the_language(
    new_site_context: Callable[..., Any],
) -> None:
    page = new_site_context(locale="en-US").new_page()
    goto_booted(page, "?seed=5")
    open_menu(page)
    english_texts, english_attributes = page.evaluate(MARKED_JS)
    assert len(english_texts) > 100
    assert len(english_attributes) > 5
    # The message id is the English text, spaces folded, remembered on first use.
    assert all(text == message and message for message, text in english_texts)
    assert all(value == message for _, message, value in english_attributes)
    for language in ("ru", "en"):
        page.locator("#language").select_option(language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        tr = translator(language)
        texts, attributes = page.evaluate(MARKED_JS)
        assert [message for message, _ in texts] == [message for message, _ in english_texts]
        assert [text for _, text in texts] == [tr.gettext(message) for message, _ in texts]
        assert [value for _, _, value in attributes] == [
            tr.gettext(message) for _, message, _ in attributes
        ]
    ru = translator("ru")
    assert sum(ru.gettext(message) != message for message, _ in english_texts) > 100


@pytest.mark.parametrize("language", ["en", "ru", "uk", "pl", "lv"])
def test_board_in_each_language(
    new_site_context: Callable[..., Any], save_screenshot: Callable[..., Path], language: str
) -> None:
    page = new_site_context(viewport={"width": 1000, "height": 900}).new_page()
    goto_booted(page, f"?lang={language}&seed=3")
    expect(page.locator("html")).to_have_attribute("lang", language)
    tr = translator(language)
    board = YachtPage(page)
    page.get_by_role("button", name=tr.gettext("Roll"), exact=True).click()
    page.wait_for_function("localStorage.getItem('yacht:game').includes('\"rolls\":1')")
    first = board.options.first
    expect(first).to_have_attribute("aria-label", _starts_with(tr.pgettext("category", "Ones")))
    save_screenshot(page, f"board-{language}", full_page=True)


def test_browser_language_is_used_on_first_visit(new_site_context: Callable[..., Any]) -> None:
    page = new_site_context(locale="uk-UA").new_page()
    goto_booted(page)
    expect(page.locator("html")).to_have_attribute("lang", "uk")


def _starts_with(text: str) -> Any:
    import re

    return re.compile("^" + re.escape(text))
