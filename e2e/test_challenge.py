"""Challenge a friend: Ann plays and sends a link, Ben answers it in another browser with the
same dice, and Ann reads the comparison from Ben's answer."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from challenge_links import challenge_dialog, fragment, link_of, open_fragment, straight_game
from harness import goto_booted, reload_booted
from playwright.sync_api import BrowserContext, Page, expect
from yacht_page import YachtPage, open_menu

from yacht.game.dice_schemes import DiceScheme
from yacht.game.replay import matches
from yacht.i18n import LANGUAGES, Translator, translator
from yacht.saves.challenge_book import CHALLENGE_BOOK_RECORD
from yacht.saves.game_record import GAME_RECORD

NewContext = Callable[..., BrowserContext]
LINK = re.compile(r"https?://\S+#challenge=[A-Za-z0-9_-]+")


def play_out(game: YachtPage, hold_first: bool) -> list[list[int]]:
    """Play a whole solo game; the first throw of every turn."""
    first_throws = []
    for _ in range(12):
        game.roll()
        first_throws.append(game.dice())
        if hold_first:
            game.toggle(0)
            game.roll()
        game.score_first_option()
    return first_throws


def sent_link(page: Page, button: str) -> str:
    dialog = page.get_by_role("dialog", name="Challenge a friend")
    dialog.get_by_role("button", name=button).click()
    field = dialog.get_by_role("textbox", name="Link to send")
    expect(field).to_be_visible()
    match = LINK.search(field.input_value())
    assert match is not None, field.input_value()
    return match.group()


def opened(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    goto_booted(page, url)
    return page


def test_a_challenge_is_answered_in_another_browser_and_compared(
    new_site_context: NewContext, save_screenshot: Callable[..., object]
) -> None:
    ann_context = new_site_context(service_workers="block")
    ann_page = ann_context.new_page()
    goto_booted(ann_page)
    ann = YachtPage(ann_page)
    ann.new_game(names=("Ann",))
    ann_throws = play_out(ann, hold_first=False)
    over = ann_page.locator("#game-over")
    expect(over).to_be_visible()
    over.get_by_role("button", name="Challenge a friend").click()
    dialog = ann_page.get_by_role("dialog", name="Challenge a friend")
    expect(dialog).to_contain_text("same dice")
    link = sent_link(ann_page, "Share the link")
    assert len(link.split("#challenge=")[1]) < 80

    # Ben, in another browser: the link invites him, then the same dice come up every turn.
    # Ben plays on a phone, in the dark scheme (the pictures are kept in e2e/artifacts).
    ben_context = new_site_context(
        service_workers="block", viewport={"width": 390, "height": 844}, color_scheme="dark"
    )
    first = ben_context.new_page()
    goto_booted(first)
    YachtPage(first).new_game(names=("Ben",))
    ben_page = opened(ben_context, link)
    invitation = ben_page.get_by_role("dialog", name="A challenge from Ann")
    expect(invitation).to_contain_text("Ann scored")
    expect(invitation).to_contain_text("cannot prove")
    save_screenshot(ben_page, "challenge-invitation")
    invitation.get_by_role("button", name="Play the same dice").click()
    expect(invitation).to_be_hidden()
    assert "#challenge" not in ben_page.url
    ben = YachtPage(ben_page)
    ben_throws = play_out(ben, hold_first=True)
    assert ben_throws[0] == ann_throws[0]
    over = ben_page.locator("#game-over")
    over.get_by_role("button", name="Compare with the challenger").click()
    compared = ben_page.get_by_role("dialog", name="Challenge a friend")
    table = compared.get_by_role("table", name="Ben and Ann, the same dice")
    expect(table).to_be_visible()
    expect(compared.get_by_role("table", name="Results of this challenge")).to_contain_text("Ann")
    save_screenshot(ben_page, "challenge-compared")
    reply = sent_link(ben_page, "Send your answer")

    # Ann opens Ben's answer: it joins the challenge's results, side by side with her game.
    # (Her finished game's tab is closed first: two Pyodide pages of one context share a
    # renderer, which crashed once here after a whole game, with no service worker involved.)
    ann_page.close()
    ann_again = opened(ann_context, reply)
    results = ann_again.get_by_role("dialog", name="Challenge a friend")
    expect(results.get_by_role("table", name="Results of this challenge")).to_contain_text("Ben")
    expect(results.get_by_role("table", name="Ann and Ben, the same dice")).to_be_visible()
    expect(results).to_contain_text("Expected points given away")


def test_a_damaged_link_is_explained_and_keeps_the_game(new_site_context: NewContext) -> None:
    context = new_site_context(service_workers="block")
    page = context.new_page()
    goto_booted(page)
    game = YachtPage(page)
    game.roll()
    saved = game.snapshot()["save"]
    broken = context.new_page()
    goto_booted(broken, "#challenge=ARACxKutWB5XAKEDQW5uDAh6MUnvilaiyZjmktCClYx")
    expect(broken.locator("#notice")).to_contain_text("damaged or incomplete")
    expect(challenge_dialog(broken)).to_be_hidden()
    assert YachtPage(broken).snapshot()["save"] == saved
    open_menu(broken).get_by_role("button", name="Challenge a friend").click()
    expect(broken.get_by_role("dialog", name="Challenge a friend")).to_contain_text("link")


def test_a_fresh_challenge_from_the_menu_deals_the_same_first_throw(
    new_site_context: NewContext,
) -> None:
    context = new_site_context(service_workers="block")
    page = context.new_page()
    goto_booted(page)
    open_menu(page).get_by_role("button", name="Challenge a friend").click()
    dialog = challenge_dialog(page)
    expect(dialog).to_contain_text("Start a new solo game")
    dialog.get_by_role("button", name="Start a challenge game").click()
    expect(dialog).to_be_hidden()
    board = YachtPage(page)
    state = GAME_RECORD.from_data(board.saved()).state
    assert (len(state.players), state.dice_scheme, state.rolls_made) == (1, DiceScheme.DUPLICATE, 0)
    assert state.seed is not None
    throws = play_out(board, hold_first=False)
    total = GAME_RECORD.from_data(board.saved()).state.totals()[0].total
    page.locator("#game-over").get_by_role("button", name="Challenge a friend").click()
    link = sent_link(page, "Share the link")
    assert (link_of(link).game.seed, link_of(link).claimed) == (state.seed, total)

    friend = opened(new_site_context(service_workers="block"), link)
    challenge_dialog(friend).get_by_role("button", name="Play the same dice").click()
    friend_board = YachtPage(friend)
    friend_board.roll()
    assert friend_board.dice() == throws[0]


def test_the_game_a_challenge_replaces_is_kept_and_comes_back(
    new_site_context: NewContext,
) -> None:
    context = new_site_context(service_workers="block")
    page = context.new_page()
    goto_booted(page)
    board = YachtPage(page)
    board.new_game(names=("Ann", "Ben"))
    board.roll()
    board.toggle(2)
    board.roll()
    before = GAME_RECORD.from_data(board.saved()).state

    open_fragment(page, fragment(straight_game("Cy", 4242)))
    invitation = challenge_dialog(page)
    expect(invitation).to_contain_text("Your game in progress is kept")
    invitation.get_by_role("button", name="Play the same dice").click()
    expect(page.locator("#notice")).to_contain_text("Your previous game is kept")
    board.roll()
    challenge = GAME_RECORD.from_data(board.saved()).state
    assert challenge.seed == 4242
    assert challenge.players[0].name != "Cy"
    # The replaced game sits in the game record's backup slot, as it was stored.
    backup = page.evaluate("localStorage.getItem('yacht:game:backup')")
    assert GAME_RECORD.decode(backup).state == before

    # A reload later, the menu's challenge dialog offers it back.
    reload_booted(page)
    open_menu(page).get_by_role("button", name="Challenge a friend").click()
    challenge_dialog(page).get_by_role("button", name="Resume your previous game").click()
    expect(challenge_dialog(page)).to_be_hidden()
    board.settle()  # the game comes back at the grant of the game's lock
    assert GAME_RECORD.from_data(board.saved()).state == before
    expect(page.locator("#notice")).to_contain_text("Your previous game is kept")
    expect(board.roll_button).to_be_focused()

    # The challenge game, left mid-turn, was put aside in its turn: it comes back too.
    open_menu(page).get_by_role("button", name="Challenge a friend").click()
    challenge_dialog(page).get_by_role("button", name="Resume your previous game").click()
    board.settle()
    assert GAME_RECORD.from_data(board.saved()).state == challenge
    # With its moves: sent as an answer when it is finished.
    book = CHALLENGE_BOOK_RECORD.decode(page.evaluate("localStorage.getItem('yacht:challenges')"))
    assert book.playing is not None
    assert matches(book.playing, challenge)


def focused_id(page: Page) -> str:
    return str(page.evaluate("document.activeElement.id"))


def score_by_keys(page: Page) -> None:
    """Tab to the first category button and press Enter (answering a wasted 0's question)."""
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('option')"):
            break
    else:
        pytest.fail("Tab never reached a category button")
    before = YachtPage(page).snapshot()["save"]
    page.keyboard.press("Enter")
    if page.locator("#scratch-confirm").evaluate("d => d.open"):
        page.keyboard.press("Tab")
        expect(page.locator("#scratch-yes")).to_be_focused()
        page.keyboard.press("Enter")
    page.wait_for_function("b => localStorage.getItem('yacht:game') !== b", arg=before)


def test_a_challenge_by_keyboard_alone(new_site_context: NewContext) -> None:
    context = new_site_context(service_workers="block")
    page = context.new_page()
    board = YachtPage(page)
    invitation = fragment(straight_game("Ann", 777))
    goto_booted(page, invitation)
    dialog = challenge_dialog(page)
    expect(page.get_by_role("dialog", name="A challenge from Ann")).to_be_visible()
    # A screen reader reads the invitation with the dialog's name, as the focus lands in it.
    expect(dialog).to_have_accessible_description(re.compile(r"^Ann scored \d+ in a solo game"))
    expect(dialog.get_by_role("button", name="Play the same dice")).to_be_focused()
    page.keyboard.press("Escape")  # not now: nothing is lost, and the focus goes to the board
    expect(dialog).to_be_hidden()
    expect(board.roll_button).to_be_focused()

    open_fragment(page, invitation)
    expect(dialog.get_by_role("button", name="Play the same dice")).to_be_focused()
    for _ in range(6):  # Tab stays in the dialog
        page.keyboard.press("Tab")
        assert page.evaluate(
            "document.querySelector('#challenge-dialog').contains(document.activeElement)"
        )
    expect(dialog.get_by_role("button", name="Play the same dice")).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(board.roll_button).to_be_focused()

    while not board.snapshot()["gameOver"]:
        before = board.snapshot()["save"]
        page.keyboard.press("r")
        page.wait_for_function("b => localStorage.getItem('yacht:game') !== b", arg=before)
        score_by_keys(page)
    expect(page.locator("#rematch")).to_be_focused()
    compare = page.locator("#game-over").get_by_role("button", name="Compare with the challenger")
    for _ in range(6):
        if focused_id(page) == "challenge-from-over":
            break
        page.keyboard.press("Shift+Tab")
    expect(compare).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog.get_by_role("table", name="Results of this challenge")).to_contain_text("Ann")
    answer = dialog.get_by_role("button", name="Send your answer")
    expect(answer).to_be_focused()
    page.keyboard.press("Enter")
    field = dialog.get_by_role("textbox", name="Link to send")
    expect(field).to_be_visible()
    reply = link_of(field.input_value())
    assert (reply.reply, reply.game.seed) == (True, 777)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # The game is over and its dialog closed: the focus lands on the board's New game.
    expect(page.locator("#new-game")).to_be_focused()


SIZES = ((390, 844), (360, 740), (1280, 800))
FITS_JS = """() => {
  const dialog = document.querySelector('#challenge-dialog');
  const box = dialog.getBoundingClientRect();
  const wide = [...dialog.querySelectorAll('*')].filter(
      e => e.offsetParent !== null && e.getBoundingClientRect().right > box.right + 1);
  return {inside: box.left >= 0 && box.right <= innerWidth,
          sideways: dialog.scrollWidth > dialog.clientWidth,
          wide: wide.map(e => e.id || e.tagName)};
}"""


# The commands at the dialog's foot: the row they stand in, and each shown one's box.
COMMANDS_JS = """() => {
  const actions = document.querySelector('#challenge-dialog .dialog-actions');
  const row = actions.getBoundingClientRect();
  const style = getComputedStyle(actions);
  const inner = [row.left + parseFloat(style.paddingLeft),
                 row.right - parseFloat(style.paddingRight)];
  const shown = [...actions.children].filter((button) => !button.hidden);
  return {inner, buttons: shown.map((button) => {
    const box = button.getBoundingClientRect();
    return {main: button.classList.contains('primary'), top: box.top, left: box.left,
            right: box.right};
  })};
}"""


def assert_commands_stacked(page: Page, where: str) -> None:
    """On a phone each row of commands spans the dialog's width (no odd widths pushed to the
    right), and the main command is on the top row."""
    found = page.evaluate(COMMANDS_JS)
    left, right = found["inner"]
    rows: dict[int, list[dict[str, Any]]] = {}
    for button in found["buttons"]:
        rows.setdefault(round(button["top"]), []).append(button)
    for top, row in rows.items():
        ends = (min(b["left"] for b in row), max(b["right"] for b in row))
        assert abs(ends[0] - left) < 1.5, (where, top, ends)
        assert abs(ends[1] - right) < 1.5, (where, top, ends)
    mains = [button for button in found["buttons"] if button["main"]]
    assert mains, where
    assert round(mains[0]["top"]) == min(rows), where


# How many lines ``name`` takes in the dialog's title.
TITLE_LINES_JS = """(name) => {
  const text = document.querySelector('#challenge-title').firstChild;
  const at = text.data.indexOf(name);
  const range = document.createRange();
  range.setStart(text, at);
  range.setEnd(text, at + name.length);
  return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
}"""


def look_at_the_dialog(
    page: Page, save: Callable[..., object], name: str, sender: str | None = None
) -> None:
    """At each size in light and dark: the dialog fits the width, its commands stacked on a
    phone, the sender's name whole in the title (pictures kept)."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        if width < 640:
            assert_commands_stacked(page, f"{name} at {width}")
        if sender is not None:
            assert page.evaluate(TITLE_LINES_JS, sender) == 1, f"{name} at {width}"
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            fits = page.evaluate(FITS_JS)
            assert fits == {"inside": True, "sideways": False, "wide": []}, (name, width)
            save(page, f"{name}-{width}-{scheme}")


def switch_language(page: Page, language: str) -> Translator:
    open_menu(page).locator("#language").select_option(language)
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.keyboard.press("Escape")
    return translator(language)


def test_the_challenge_dialogs_in_every_language_and_size(
    new_site_context: NewContext, save_screenshot: Callable[..., object]
) -> None:
    page = new_site_context(service_workers="block").new_page()
    goto_booted(page)
    board, dialog = YachtPage(page), page.locator("#challenge-dialog")
    board.new_game(names=("Zofia Wiśniewska",))
    board.roll()
    invitation = fragment(straight_game("Konstantynopolitańczyk", 9001))
    for language in LANGUAGES:
        tr = switch_language(page, language)
        open_fragment(page, invitation)
        title = tr.gettext("A challenge from {name}").format(name="Konstantynopolitańczyk")
        expect(page.get_by_role("dialog", name=title)).to_be_visible()
        play = dialog.get_by_role("button", name=tr.gettext("Play the same dice"))
        expect(play).to_be_focused()
        expect(dialog.locator("#challenge-about")).to_contain_text(
            tr.gettext(
                "Your game in progress is kept: you can resume it afterwards from Menu → "
                "Challenge a friend."
            )
        )
        look_at_the_dialog(
            page, save_screenshot, f"invitation-{language}", sender="Konstantynopolitańczyk"
        )
        page.set_viewport_size({"width": 1280, "height": 800})
        page.keyboard.press("Escape")
    switch_language(page, "en")
    open_fragment(page, invitation)
    dialog.get_by_role("button", name="Play the same dice").click()
    play_out(board, hold_first=False)
    page.locator("#close-game-over").click()
    for language in LANGUAGES:
        tr = switch_language(page, language)
        open_menu(page).locator("#challenge").click()
        results = dialog.get_by_role("table", name=tr.gettext("Results of this challenge"))
        expect(results).to_contain_text("Konstantynopolitańczyk")
        expect(dialog.locator("#challenge-share")).to_have_text(tr.gettext("Send your answer"))
        look_at_the_dialog(page, save_screenshot, f"comparison-{language}")
        page.set_viewport_size({"width": 1280, "height": 800})
        page.keyboard.press("Escape")
