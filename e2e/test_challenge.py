"""Challenge a friend: Ann plays and sends a link, Ben answers it in another browser with the
same dice, and Ann reads the comparison from Ben's answer."""

from __future__ import annotations

import re
from collections.abc import Callable

from harness import goto_booted
from playwright.sync_api import BrowserContext, Page, expect
from yacht_page import YachtPage, open_menu

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
    invitation = ben_page.get_by_role("dialog", name="Challenge a friend")
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
    expect(broken.get_by_role("dialog", name="Challenge a friend")).to_be_hidden()
    assert YachtPage(broken).snapshot()["save"] == saved
    open_menu(broken).get_by_role("button", name="Challenge a friend").click()
    expect(broken.get_by_role("dialog", name="Challenge a friend")).to_contain_text("link")
