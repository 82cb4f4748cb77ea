"""Temporary: a small phone."""
from harness.boot import goto_booted
from yacht_page import YachtPage

def test_small(new_site_context) -> None:
    ctx = new_site_context(service_workers="block", viewport={"width": 320, "height": 568}, color_scheme="light", locale="uk", reduced_motion="reduce")
    page = ctx.new_page()
    goto_booted(page, "")
    board = YachtPage(page)
    page.locator("#roll").click(); board.settle()
    page.wait_for_timeout(300)
    page.screenshot(path="/tmp/shots/small_320.png")
    print("\nSCROLL", page.evaluate("[document.documentElement.scrollHeight, document.documentElement.scrollWidth, innerHeight]"))
