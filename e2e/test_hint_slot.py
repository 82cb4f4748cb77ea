"""The hint in its slot on a phone: the advice, its "Why?" and the key to the marks in sight,
upright and on its side.

The slot of the hint and the notices has a fixed height, so that nothing on the board moves when
a hint comes and goes; on a small phone that is two lines. A game from a seed shows the same
advice in every run, so each case is the same text at every size and in every language.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from yacht_page import YachtPage, resize, set_language

from yacht.i18n import LANGUAGES

SEED = 5
"""Its first throw's advice, "Keep 4-4 and roll 3 dice", is two lines or more on a phone."""

# Where the advice's last line and "Why?" lie, against the slot's visible box, with the status
# and the tray.
PLACES_JS = """() => {
  const box = (selector) => document.querySelector(selector).getBoundingClientRect().toJSON();
  const words = (selector) => {  // the text itself: "Why?" has a taller tap target around it
    const range = document.createRange();
    range.selectNodeContents(document.querySelector(selector));
    return range.getBoundingClientRect().toJSON();
  };
  return {slot: box('.table > .messages'), title: words('#advice-title'),
          why: words('#advice-why > summary'), status: box('#status'), tray: box('.table')};
}"""

# Whether the hint's own sentence shows its dice to keep as written, and as drawn.
WRITTEN_DICE_JS = """() => {
  const title = document.querySelector('#advice-title');
  const width = (selector) => title.querySelector(selector).getBoundingClientRect().width;
  return {written: width('.held-dice > .visually-hidden') > 4,
          drawn: width('.held-dice-drawn') > 0};
}"""

UPRIGHT = [
    ({"width": 360, "height": 740}, ("Ann", "Ben")),
    ({"width": 320, "height": 568}, ("Ann",)),
]
ON_ITS_SIDE = [
    {"width": 844, "height": 390},
    {"width": 740, "height": 360},
    {"width": 640, "height": 360},
    {"width": 568, "height": 320},
]


@pytest.fixture(scope="module")
def booted_path() -> str:
    return f"?seed={SEED}"


@pytest.fixture
def board(booted_page: Page) -> Iterator[YachtPage]:
    booted_page.emulate_media(reduced_motion="reduce")
    yield YachtPage(booted_page)
    set_language(booted_page, "en")
    booted_page.set_viewport_size({"width": 1280, "height": 720})


def hint_after_first_throw(board: YachtPage, size: dict[str, int], names: tuple[str, ...]) -> None:
    page = board.page
    set_language(page, "en")
    page.set_viewport_size(size)
    board.new_game("traditional", names)
    board.roll()
    page.locator("#hint").click()
    expect(page.locator("#advice")).to_be_visible()


def in_sight(page: Page, where: str) -> None:
    """The advice (its last line at least) and "Why?" within the slot's visible box."""
    found = page.evaluate(PLACES_JS)
    slot = found["slot"]
    for name in ("title", "why"):
        box = found[name]
        out = f"{where}: the {name} runs out of the slot: {box} in {slot}"
        assert slot["top"] - 0.5 <= box["top"], out
        assert box["bottom"] <= slot["bottom"] + 0.5, out


@pytest.mark.parametrize(
    ("size", "names"), UPRIGHT, ids=[f"{s['width']}x{s['height']}" for s, _ in UPRIGHT]
)
def test_upright_the_advice_and_its_why_fit_the_slot(
    board: YachtPage, size: dict[str, int], names: tuple[str, ...]
) -> None:
    """ "Why?" took a line of its own under the advice, and the slot (two lines here) hid it,
    half of it at 360 x 740 with two players: it now ends the advice's last line. The advice
    writes its dice to keep, where the Why? sheet draws them."""
    hint_after_first_throw(board, size, names)
    for language in LANGUAGES:
        set_language(board.page, language)
        in_sight(board.page, f"{size['width']}x{size['height']} {language}")
        # The dice to keep written ("4-4"), not drawn: drawn they are wider, and the board's
        # stars show them.
        assert board.page.evaluate(WRITTEN_DICE_JS) == {"written": True, "drawn": False}


# Where the "Why?" sheet stands against the advice it explains, and the screen.
SHEET_JS = """() => ({sheet: document.querySelector('.why-body').getBoundingClientRect().toJSON(),
                     advice: document.querySelector('#advice').getBoundingClientRect().toJSON()})"""


def sheet_over_its_advice(page: Page, where: str) -> None:
    """The open sheet ends just above the advice (its 0.3 rem apart), whole on the screen."""
    found = page.evaluate(SHEET_JS)
    sheet, advice = found["sheet"], found["advice"]
    gap = advice["top"] - sheet["bottom"]
    assert 2 <= gap <= 8, f"{where}: {gap:.1f} px between the sheet and its advice"
    assert sheet["top"] >= 0, f"{where}: the sheet starts off the screen: {sheet}"


@pytest.mark.parametrize(
    ("size", "names"),
    [({"width": 390, "height": 844}, ("Ann", "Ben")), *UPRIGHT],
    ids=["390x844", *[f"{s['width']}x{s['height']}" for s, _ in UPRIGHT]],
)
def test_upright_why_opens_just_above_its_advice(
    board: YachtPage, size: dict[str, int], names: tuple[str, ...]
) -> None:
    """Placed against the tray's top, the sheet stood apart from its "Why?" where the slot is
    tall: 140 px of bare felt between them at 390 x 844, the sheet over the scorecard's rows."""
    hint_after_first_throw(board, size, names)
    page = board.page
    page.locator("#advice-why > summary").click()
    for language in LANGUAGES:
        set_language(page, language)
        sheet_over_its_advice(page, f"{size['width']}x{size['height']} {language}")
    # Turned and back, still open: the sheet follows the advice.
    resize(page, {"width": size["height"], "height": size["width"]})
    resize(page, size)
    sheet_over_its_advice(page, f"{size['width']}x{size['height']}, turned and back")
    page.locator("#advice-why > summary").click()


@pytest.mark.parametrize(
    "size", ON_ITS_SIDE, ids=[f"{s['width']}x{s['height']}" for s in ON_ITS_SIDE]
)
def test_on_its_side_the_tray_reaches_up_to_the_status(
    board: YachtPage, size: dict[str, int]
) -> None:
    """The tray kept to the foot of the screen as tall as its content: 40 to 65 px of bare felt
    stood between the status and the slot, while the slot hid the advice's end."""
    hint_after_first_throw(board, size, ("Ann",))
    page = board.page
    for language in LANGUAGES:
        set_language(page, language)
        where = f"{size['width']}x{size['height']} {language}"
        found = page.evaluate(PLACES_JS)
        gap = found["tray"]["top"] - found["status"]["bottom"]
        assert 0 <= gap <= 8, f"{where}: {gap:.0f} px between the status and the tray"
        assert found["tray"]["bottom"] <= size["height"] + 0.5, f"{where}: {found['tray']}"
        in_sight(page, where)
        # "Why?" opens its figures on the screen, over the scorecard's column.
        page.locator("#advice-why > summary").click()
        sheet = page.locator(".why-body").bounding_box()
        assert sheet is not None
        assert sheet["y"] >= 0, (where, sheet)
        assert sheet["y"] + sheet["height"] <= size["height"], (where, sheet)
        card = page.locator("#scorecard").bounding_box()
        assert card is not None
        assert sheet["x"] + sheet["width"] <= card["x"] + card["width"] + 8, (where, sheet, card)
        page.locator("#advice-why > summary").click()


# The key to the marks: the slot's own and the copy in the "Why?" sheet, each with whether it
# is shown and where.
KEYS_JS = """() => {
  const place = (selector) => {
    const element = document.querySelector(selector);
    return {shown: getComputedStyle(element).display !== 'none',
            box: element.getBoundingClientRect().toJSON()};
  };
  return {slot: document.querySelector('.table > .messages').getBoundingClientRect().toJSON(),
          inSlot: place('.messages > .legend'), inSheet: place('.why-body > .legend'),
          sheet: document.querySelector('.why-body').getBoundingClientRect().toJSON()};
}"""

# Each size with where its key belongs in every language (None: by the language's lines).
KEY_CASES = [
    ({"width": 390, "height": 844}, ("Ann",), "slot"),
    ({"width": 375, "height": 667}, ("Ann",), "sheet"),
    ({"width": 360, "height": 740}, ("Ann", "Ben"), "sheet"),
    ({"width": 320, "height": 568}, ("Ann",), "sheet"),
    ({"width": 844, "height": 390}, ("Ann",), None),
    ({"width": 640, "height": 360}, ("Ann",), None),
]


def within(inner: dict[str, float], outer: dict[str, float]) -> bool:
    return (
        outer["top"] - 0.5 <= inner["top"]
        and inner["bottom"] <= outer["bottom"] + 0.5
        and outer["left"] - 0.5 <= inner["left"]
        and inner["right"] <= outer["right"] + 0.5
    )


@pytest.mark.parametrize(
    ("size", "names", "home"), KEY_CASES, ids=[f"{s['width']}x{s['height']}" for s, *_ in KEY_CASES]
)
def test_the_key_to_the_marks_is_whole_in_the_slot_or_under_why(
    board: YachtPage, size: dict[str, int], names: tuple[str, ...], home: str | None
) -> None:
    """Under the advice the key (the star, the held bar, the dot) was cut in half, or scrolled
    out of the slot, on phones of 667 px upright and on their side: where the slot is too short
    for both, the key now opens with the figures under "Why?"."""
    hint_after_first_throw(board, size, names)
    page = board.page
    view = {"top": 0, "left": 0, "bottom": size["height"], "right": size["width"]}
    for language in LANGUAGES:
        set_language(page, language)
        where = f"{size['width']}x{size['height']} {language}"
        found = page.evaluate(KEYS_JS)
        assert home != "slot" or found["inSlot"]["shown"], f"{where}: the key left a roomy slot"
        assert home != "sheet" or not found["inSlot"]["shown"], f"{where}: the key in the slot"
        if found["inSlot"]["shown"]:
            assert within(found["inSlot"]["box"], found["slot"]), (where, found)
            continue
        page.locator("#advice-why > summary").click()
        try:
            opened = page.evaluate(KEYS_JS)
            key = opened["inSheet"]
            assert key["shown"], f"{where}: no key in the slot, nor under Why?"
            assert within(key["box"], opened["sheet"]), (where, opened)
            assert within(key["box"], view), (where, opened)
        finally:
            page.locator("#advice-why > summary").click()
