"""The table as a player holds it: one screen on a phone, nothing that jumps, one throw a tap.

Geometry is read from the real layout (bounding boxes in CSS pixels) at the phone sizes the game
is designed for, in every rule set with one and two players; screenshots of the board are saved
to e2e/artifacts/ for a person to look at.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import reload_booted
from planted_games import finished_but, well_played
from playwright.sync_api import Page, expect
from yacht_page import SEAT_HEADINGS_JS, YachtPage, open_menu, set_language

from yacht.game.players import MAX_NAME_LENGTH
from yacht.i18n import LANGUAGES, translator
from yacht.saves.game_record import GAME_RECORD, SavedGame
from yacht.views.seat_labels import seat_labels

PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
SMALLEST = {"width": 320, "height": 568}
"""The narrowest phone a page must serve without scrolling sideways (WCAG's reflow width)."""
RULES = [("traditional", False), ("sum-all", False), ("extended", False), ("extended", True)]

GEOMETRY_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
                       return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                               width: r.width, height: r.height}; };
  return {
    viewport: {width: innerWidth, height: innerHeight},
    scroll: {x: scrollX, y: scrollY, height: document.documentElement.scrollHeight,
             width: document.documentElement.scrollWidth},
    options: [...document.querySelectorAll('#scorecard button.option')].map(
      (b) => ({category: b.dataset.category, ...box(b)})),
    rows: [...document.querySelectorAll('#scorecard tbody tr')].map(
      (t) => ({row: t.dataset.row, ...box(t)})),
    dice: [...document.querySelectorAll('#dice .die')].map(box),
    roll: box(document.querySelector('#roll')),
    card: box(document.querySelector('#scorecard')),
  };
}"""


@pytest.fixture
def table(booted_page: Page) -> Iterator[YachtPage]:
    """The shared booted page, dice still (reduced motion), given back at the usual size."""
    booted_page.emulate_media(reduced_motion="reduce")
    yield YachtPage(booted_page)
    booted_page.set_viewport_size({"width": 1280, "height": 720})
    booted_page.emulate_media(reduced_motion="no-preference", color_scheme="light")


def geometry(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(GEOMETRY_JS)
    return result


def assert_on_one_screen(found: dict[str, Any], where: str) -> None:
    """The dice, Roll and every open category inside the viewport, the page unscrollable."""
    height, width = found["viewport"]["height"], found["viewport"]["width"]
    assert found["scroll"]["height"] <= height, f"{where}: the page scrolls down"
    assert found["scroll"]["width"] <= width, f"{where}: the page scrolls sideways"
    assert found["scroll"]["y"] == 0, where
    things = [("Roll", found["roll"])] + [(f"die {i + 1}", d) for i, d in enumerate(found["dice"])]
    things += [(option["category"], option) for option in found["options"]]
    for name, box in things:
        assert box["top"] >= 0, f"{where}: {name} above the screen: {box}"
        assert box["bottom"] <= height, f"{where}: {name} below the screen: {box}"
        assert box["left"] >= 0, f"{where}: {name} off the left edge: {box}"
        assert box["right"] <= width, f"{where}: {name} off the right edge: {box}"
        assert min(box["height"], box["width"]) >= 44, f"{where}: {name} too small: {box}"


@pytest.mark.parametrize("players", [("Ann",), ("Ann", "Ben")], ids=["solo", "two"])
@pytest.mark.parametrize(
    ("ruleset", "bonus"), RULES, ids=[f"{r}{'+bonus' if b else ''}" for r, b in RULES]
)
@pytest.mark.parametrize("size", PHONES, ids=["390x844", "360x740"])
def test_a_phone_shows_dice_roll_and_every_open_category_on_one_screen(
    table: YachtPage, size: dict[str, int], ruleset: str, bonus: bool, players: tuple[str, ...]
) -> None:
    page = table.page
    page.set_viewport_size(size)
    table.new_game(ruleset, players, bonus=bonus)
    where = (
        f"{size['width']}x{size['height']} {ruleset}{' +bonus' if bonus else ''} {len(players)}p"
    )
    before = geometry(page)
    table.roll()
    rolled = geometry(page)
    assert_on_one_screen(rolled, where)
    categories = {option["category"] for option in rolled["options"]}
    assert len(categories) == (13 if ruleset == "extended" else 12), where
    # Every row of the card too (totals, bonus lines), and the card keeps its height.
    assert max(row["bottom"] for row in rolled["rows"]) <= size["height"], where
    table.toggle(0)
    held = geometry(page)
    table.score_first_option()
    scored = geometry(page)
    heights = [state["card"]["height"] for state in (before, rolled, held, scored)]
    assert len(set(heights)) == 1, f"{where}: the scorecard changed height: {heights}"
    rolls = [state["roll"] for state in (before, rolled, held, scored)]
    assert all(box == rolls[0] for box in rolls), f"{where}: Roll moved: {rolls}"


# Phones on their side: wide enough for two columns, too short for the tray under the card.
LANDSCAPE = [
    {"width": 844, "height": 390},
    {"width": 740, "height": 360},
    {"width": 640, "height": 360},
    {"width": 932, "height": 430},
    {"width": 568, "height": 320},
]

# What covers the middle of each scorecard cell once it is scrolled to the middle of the screen
# (null when the cell itself, or what is inside it, is hit).
COVERED_CELLS_JS = """() => {
  const cells = [...document.querySelectorAll('#scorecard tbody td')];
  return cells.flatMap((cell) => {
    cell.scrollIntoView({block: 'center', inline: 'nearest'});
    const r = cell.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const by = hit && (hit.id || hit.className);
    return hit && cell.contains(hit) ? [] : [[cell.parentElement.dataset.row, by]];
  });
}"""


@pytest.mark.parametrize("players", [("Ann",), ("Ann", "Ben")], ids=["solo", "two"])
@pytest.mark.parametrize("size", LANDSCAPE, ids=[f"{s['width']}x{s['height']}" for s in LANDSCAPE])
def test_a_phone_on_its_side_shows_the_tray_beside_the_scorecard_covering_none_of_it(
    table: YachtPage, size: dict[str, int], players: tuple[str, ...]
) -> None:
    """Before, the tray (dice, Roll, the messages) kept to the foot of the screen over the card,
    and a scorecard row or two showed between it and the bar."""
    page = table.page
    page.set_viewport_size(size)
    table.new_game("extended", players, bonus=True)
    table.roll()
    for language in ("en", "uk"):
        set_language(page, language)
        where = f"{size['width']}x{size['height']} {len(players)}p {language}"
        assert page.evaluate(COVERED_CELLS_JS) == [], f"{where}: cells under the tray"
        for scrolled in (0, 10_000):  # at the top of the page, and at its end
            page.evaluate("(y) => window.scrollTo(0, y)", scrolled)
            found = geometry(page)
            assert found["scroll"]["width"] <= size["width"], f"{where}: sideways scroll"
            things = [("Roll", found["roll"])]
            things += [(f"die {i + 1}", die) for i, die in enumerate(found["dice"])]
            for name, box in things:
                assert box["top"] >= 0, f"{where}: {name} {box}"
                assert box["bottom"] <= size["height"], f"{where}: {name} {box}"
                assert box["left"] >= 0, f"{where}: {name} {box}"
                assert box["right"] <= size["width"], f"{where}: {name} {box}"
                assert min(box["width"], box["height"]) >= 40, f"{where}: {name} {box}"
            # The tray's column beside the card's: side by side, not one over the other.
            assert found["dice"][0]["left"] >= found["card"]["right"], where
        # The status above the tray, not under it (at 568 x 320 the tray covered its last line).
        page.evaluate("() => window.scrollTo(0, 0)")
        status, tray = page.evaluate(
            "() => ['#status', '.table'].map((s) => document.querySelector(s)"
            ".getBoundingClientRect().toJSON())"
        )
        assert status["bottom"] <= tray["top"] + 0.5, f"{where}: status {status} under {tray}"
        cut = page.evaluate(
            "() => [...document.querySelectorAll('.actions > button, .roll-slot > *')]"
            ".filter((b) => !b.hidden && b.scrollWidth > b.clientWidth + 1).map((b) => b.id)"
        )
        assert cut == [], f"{where}: text cut in {cut}"
    set_language(page, "en")


TRAY_JS = """() => {
  const box = (e) => e.getBoundingClientRect();
  const tray = box(document.querySelector('#dice'));
  return {tray: {left: tray.left, right: tray.right},
          dice: [...document.querySelectorAll('#dice .die')].map((d) => {
            const r = box(d);
            return {left: r.left, right: r.right, width: r.width, height: r.height};
          })};
}"""


@pytest.mark.parametrize(
    "size",
    [*PHONES, LANDSCAPE[2], *({"width": w, "height": 700} for w in (960, 1024, 1100, 1280, 1440))],
    ids=lambda size: f"{size['width']}x{size['height']}",
)
def test_the_dice_are_square_and_side_by_side_in_the_tray(
    table: YachtPage, size: dict[str, int]
) -> None:
    """Five dice of 84 px never quite fitted the tray's column of a wide screen: the row squeezed
    each out of square, to about 62 x 84 px at 960 and 1,024 px (a tall box with the cube's faces
    inside) and 83 x 84 at 1,280 px."""
    page = table.page
    page.set_viewport_size(size)
    table.new_game()
    table.roll()
    found = page.evaluate(TRAY_JS)
    for number, die in enumerate(found["dice"], start=1):
        assert abs(die["width"] - die["height"]) <= 0.5, f"die {number} not square: {die}"
        assert die["width"] >= 40, f"die {number} too small: {die}"
        assert found["tray"]["left"] <= die["left"], f"die {number} out of the tray: {found}"
        assert die["right"] <= found["tray"]["right"], f"die {number} out of the tray: {found}"
    rights = [die["right"] for die in found["dice"][:-1]]
    lefts = [die["left"] for die in found["dice"][1:]]
    assert all(right < left for right, left in zip(rights, lefts, strict=True)), found


TAB_JS = """() => {
  const box = (selector) => document.querySelector(selector).getBoundingClientRect();
  const tab = box('#rolls-left'), hint = box('#hint');
  return {text: document.querySelector('#rolls-left').textContent, left: tab.left,
          right: tab.right, top: tab.top, hintRight: hint.right, hintBottom: hint.bottom,
          width: document.documentElement.clientWidth};
}"""
TAB_SIZES = [SMALLEST, *PHONES, *LANDSCAPE, {"width": 960, "height": 700}]


def test_the_rolls_left_tab_stays_clear_of_hint(table: YachtPage) -> None:
    """The tab on Roll's edge ran over Hint where Roll is narrow: "Залишилося 3 кидки" by 15 px
    on a 360 px phone and by 47 px on one at 640 x 360, "Осталось 3 броска" by 36 px."""
    page = table.page
    table.new_game()
    overlaps = []
    for language in LANGUAGES:
        set_language(page, language)
        for throw in range(4):  # 3, 2, 1 and no rolls left
            if throw:
                page.locator("#roll").click()  # named in the page's language
                table.settle()
            for size in TAB_SIZES:
                page.set_viewport_size(size)
                tab = page.evaluate(TAB_JS)
                beside = tab["top"] < tab["hintBottom"]
                if (beside and tab["left"] < tab["hintRight"]) or tab["right"] > tab["width"]:
                    overlaps.append(f"{size['width']}x{size['height']} {language}: {tab}")
        table.options.first.click()
        table.answer_scratch()
        table.settle()
    set_language(page, "en")
    assert overlaps == []


KEY_JS = """() => {
  const box = (selector) => document.querySelector(selector).getBoundingClientRect();
  const actions = box('.actions'), key = box('.messages > .legend'), advice = box('#advice');
  return {gap: key.top - actions.bottom, height: key.height, adviceBelow: advice.top - key.bottom};
}"""


@pytest.mark.parametrize("width", [960, 1280, 1440])
def test_the_key_to_the_marks_stands_under_the_buttons_on_a_wide_screen(
    table: YachtPage, width: int
) -> None:
    """The key (★, the held bar, the dot) stood at the foot of the hint's room, some 180 px
    under the buttons with no hint showing: a line on its own, far from the dice it explains."""
    page = table.page
    page.set_viewport_size({"width": width, "height": 800})
    table.new_game()
    table.roll()
    found = page.evaluate(KEY_JS)
    assert found["height"] > 0, found
    assert 0 <= found["gap"] <= 24, f"the key is {found['gap']:.0f} px under the buttons"
    page.locator("#hint").click()
    expect(page.locator("#advice")).to_be_visible()
    found = page.evaluate(KEY_JS)
    assert 0 <= found["gap"] <= 24, f"the hint moved the key: {found}"
    assert found["adviceBelow"] >= 0, f"the hint covers the key: {found}"


# Each line of the open "Why?" (the figures and the next best moves): whether a point on its
# last line shows the line itself (not the slot's edge cutting it off), and the dice drawn in it.
WHY_LINES_JS = """() => {
  const drawn = (element) =>
    [...element.querySelectorAll('.mini-die')].map((die) => die.dataset.face).join('-');
  const lines = [document.querySelector('#advice-value'),
                 ...document.querySelectorAll('#advice-options li')];
  return {
    lines: lines.map((line) => {
      const box = line.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + 8, box.bottom - 4);
      return {text: line.textContent, seen: Boolean(hit) && line.contains(hit), dice: drawn(line)};
    }),
    title: drawn(document.querySelector('#advice-title')),
    starred: [...document.querySelectorAll('#dice .die.suggested')]
      .map((die) => die.dataset.face).join('-'),
  };
}"""


def test_the_hints_why_shows_every_line_and_draws_each_keep_as_dice(table: YachtPage) -> None:
    """On a wide screen the open "Why?" is taller than the hint's slot in every language, and
    its last moves were cut off inside it, with no sign that it scrolled. Now each line shows;
    and each move that keeps dice draws them, as the words say them, the hint's own being
    the dice starred on the board (in order of their faces), their pips kept in high contrast.
    (A phone's hint writes its own dice: see test_hint_slot.)"""
    page = table.page
    page.set_viewport_size({"width": 1280, "height": 800})
    table.new_game()
    table.roll()
    page.locator("#hint").click()
    page.locator("#advice-why > summary").click()
    try:
        for language in LANGUAGES:
            set_language(page, language)
            expect(page.locator("#advice-options li")).to_have_count(3)
            found = page.evaluate(WHY_LINES_JS)
            for line in found["lines"]:
                assert line["seen"], f"{language}: cut off: {line['text']}"
                if line["dice"]:
                    assert line["dice"] in line["text"], f"{language}: {line}"
            assert any(line["dice"] for line in found["lines"]), f"{language}: no dice drawn"
            starred = sorted(found["starred"].split("-"))
            assert sorted(found["title"].split("-")) == starred, f"{language}: {found}"
        # The system's colours would paint the pips over (they are background images).
        page.emulate_media(forced_colors="active")
        pips = page.locator("#advice-title .mini-die").first.evaluate(
            "(die) => getComputedStyle(die).backgroundImage"
        )
        assert "gradient" in pips, pips
    finally:
        page.emulate_media(forced_colors="none")
        set_language(page, "en")


@pytest.mark.parametrize(
    "names",
    [("Ann", "Ben"), ("Ann", "Ben", "Cy", "Dee"), tuple(f"Player {n}" for n in range(1, 5))],
    ids=["two", "four-names", "four-labels"],
)
def test_open_cells_keep_their_size_through_a_turn(
    table: YachtPage, names: tuple[str, ...]
) -> None:
    """Four players' table too: the section line's 2 px, shared by the rows on either side of
    it, left them half a pixel short of an option, and they grew with every throw."""
    page = table.page
    page.set_viewport_size(PHONES[1])
    table.new_game("extended", names, bonus=True)
    cells = """() => [...document.querySelectorAll('#scorecard tbody td')].map((c) => {
        const r = c.getBoundingClientRect(); return [r.top, r.left, r.width, r.height]; })"""
    before = page.evaluate(cells)
    table.roll()
    assert page.evaluate(cells) == before
    table.page.locator("#hint").click()
    expect(page.locator("#advice")).to_be_visible()
    assert page.evaluate(cells) == before  # the hint's panel has its slot: nothing moves


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_double_click_or_double_tap_on_roll_throws_once(table: YachtPage, motion: str) -> None:
    page = table.page
    page.emulate_media(reduced_motion=motion)
    table.new_game("traditional", ("Ann",))
    table.roll_button.dblclick()
    page.wait_for_timeout(150)
    assert table.saved()["rolls"] == 1, "a double click threw twice"
    # Two quick taps where a thumb would land, once the dice are down.
    table.roll_button.click(trial=True)  # waits until Roll takes clicks again
    box = table.roll_button.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.mouse.click(x, y)
    page.wait_for_timeout(150)
    assert table.saved()["rolls"] == 2, "two quick taps threw twice"
    # Once the dice are down, Roll takes the next throw.
    table.roll()
    assert table.saved()["rolls"] == 3
    # R pressed twice quickly throws once too, in a new turn.
    table.wait_for_landing()
    table.score_first_option()
    page.keyboard.press("r")
    page.keyboard.press("r")
    page.wait_for_timeout(150)
    assert table.saved()["rolls"] == 1, "R pressed twice threw twice"
    # And R throws as soon as the dice are down (with reduced motion, sooner).
    table.wait_for_landing()
    page.keyboard.press("r")
    page.wait_for_timeout(150)
    assert table.saved()["rolls"] == 2, "R did not throw once the dice were down"


def test_the_third_players_column_scrolls_under_the_category_names(table: YachtPage) -> None:
    page = table.page
    page.set_viewport_size(PHONES[1])
    table.new_game("extended", ("Ann", "Ben", "Cy", "Dee", "Eve", "Flo"), bonus=True)
    card = page.locator("section.card")
    assert card.evaluate("c => c.scrollWidth > c.clientWidth"), "six players fit without scrolling?"
    name = page.locator("#scorecard tbody tr[data-row='ones'] th")
    left = name.evaluate("e => e.getBoundingClientRect().left")
    card.evaluate("c => { c.scrollLeft = c.scrollWidth; }")
    assert name.evaluate("e => e.getBoundingClientRect().left") == left  # the names stay
    last = page.locator("#scorecard tbody tr[data-row='ones'] td").last
    assert last.evaluate("e => e.getBoundingClientRect().right") <= PHONES[1]["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONES[1]["width"]
    expect(table.roll_button).to_be_in_viewport()


def test_the_setup_dialog_shows_one_name_row_per_player(table: YachtPage) -> None:
    page = table.page
    page.locator("#new-game").click()
    setup = page.get_by_role("dialog", name="New game")
    count = setup.get_by_label("Number of players")
    rows = setup.locator("#player-names li")
    for players in (1, 3, 6, 2):
        count.select_option(str(players))
        expect(rows.locator("visible=true")).to_have_count(players)
        for seat in range(6):
            field = setup.get_by_label(f"Player {seat + 1}", exact=True)
            (expect(field).to_be_visible if seat < players else expect(field).to_be_hidden)()
    setup.get_by_role("button", name="Cancel").click()


SEATS_JS = """() => [...document.querySelectorAll('#player-names li:not([hidden])')].map((li) => {
  const name = li.querySelector('input[name=player]'), kind = li.querySelector('.seat-kind');
  const a = name.getBoundingClientRect(), b = kind.getBoundingClientRect();
  return {whole: name.scrollWidth <= name.clientWidth, widths: [name.scrollWidth, name.clientWidth],
          nameBottom: a.bottom, nameTop: a.top,
          kindTop: b.top, kindBottom: b.bottom, under: b.left >= a.left - 0.5};
})"""


@pytest.mark.parametrize("language", ["en", "lv"])
def test_six_long_names_show_whole_on_a_phone_each_with_its_own_player_kind(
    table: YachtPage, language: str
) -> None:
    """Six players of long names at 360 px: every name shows whole in its field, and each
    "played by" sits under its name, nearer to it than to the next player's name."""
    page = table.page
    page.set_viewport_size(PHONES[1])
    set_language(page, language)
    page.locator("#new-game").click()
    setup = page.locator("#setup")
    setup.locator("#player-count").select_option("6")
    names = [
        "Konstantynopolitańczyk",
        "Jānis Bērziņš-Ozoliņš",
        "Олександра Коваленко",
        "Annabelle-Margaret Fox",
        "Mārtiņš",
        "Aleksandra Wiśniewska",
    ]
    for seat, name in enumerate(names):
        setup.locator("input[name=player]").nth(seat).fill(name)
    seats = page.evaluate(SEATS_JS)
    assert [seat["whole"] for seat in seats] == [True] * 6, [seat["widths"] for seat in seats]
    assert all(seat["under"] and seat["kindTop"] > seat["nameBottom"] for seat in seats)
    for seat, following in itertools.pairwise(seats):
        within = seat["kindTop"] - seat["nameBottom"]
        between = following["nameTop"] - seat["kindBottom"]
        assert between > 2 * within, (within, between)
    setup.locator("#setup-cancel").click()
    set_language(page, "en")


CHOICE_BOXES_JS = """() => [...document.querySelectorAll('#setup .choice input')].map((input) => {
  const box = input.getBoundingClientRect();
  return `${input.name} ${input.value}: ${box.width} x ${box.height}`;
})"""


@pytest.mark.parametrize("size", PHONES, ids=["390x844", "360x740"])
def test_every_choice_of_the_setup_dialog_has_a_box_of_one_size(
    table: YachtPage, size: dict[str, int]
) -> None:
    """Radio buttons and checkboxes alike, square, however many lines their label takes in
    any language (a flex item shrinks by default: a long label squeezed its box)."""
    page = table.page
    page.set_viewport_size(size)
    uneven: dict[str, list[str]] = {}
    for language in LANGUAGES:
        set_language(page, language)
        page.locator("#new-game").click()
        boxes: list[str] = page.evaluate(CHOICE_BOXES_JS)
        sizes = {box.split(": ")[1] for box in boxes}
        if len(boxes) < 6 or len(sizes) != 1 or sizes.pop() != "20 x 20":
            uneven[language] = boxes
        page.locator("#setup-cancel").click()
    set_language(page, "en")
    assert not uneven, f"boxes of the setup dialog's choices at {size['width']} px: {uneven}"


OVERLAPS_JS = """([one, others]) => {
  const box = (selector) => document.querySelector(selector).getBoundingClientRect();
  const a = box(one);
  return others.filter((other) => { const b = box(other);
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom; });
}"""


@pytest.mark.parametrize("size", PHONES, ids=["390x844", "360x740"])
def test_with_real_dice_the_rolls_left_stand_where_roll_would(
    table: YachtPage, size: dict[str, int]
) -> None:
    """Roll is hidden when the faces are typed in; its tab of rolls left stays, clear of Hint."""
    page = table.page
    page.set_viewport_size(size)
    table.new_game(real_dice=True)
    expect(page.locator("#roll")).to_be_hidden()
    misplaced: dict[str, Any] = {}
    for language in LANGUAGES:
        set_language(page, language)
        left = translator(language).ngettext("{count} roll left", "{count} rolls left", 3)
        expect(page.locator("#rolls-left")).to_have_text(left.format(count=3))
        tab, hint = (page.locator(s).bounding_box() for s in ("#rolls-left", "#hint"))
        assert tab is not None
        assert hint is not None
        overlaps = page.evaluate(OVERLAPS_JS, ["#rolls-left", ["#undo", "#hint", "#dice-entry"]])
        beside_hint = (
            hint["y"] <= tab["y"] and tab["y"] + tab["height"] <= hint["y"] + hint["height"]
        )
        # A long text ("Залишилося 3 кидки") wraps in the slot rather than off the screen.
        on_screen = (
            hint["x"] + hint["width"] < tab["x"] and tab["x"] + tab["width"] <= size["width"]
        )
        if overlaps or not beside_hint or not on_screen:
            misplaced[language] = {"overlaps": overlaps, "tab": tab, "hint": hint}
    set_language(page, "en")
    table.new_game()
    assert not misplaced, f"the rolls left with real dice at {size['width']} px: {misplaced}"


WIDE_CARD_JS = """() => {
  const card = document.querySelector('.card');
  const heads = '#scorecard thead tr:first-child > :not(:first-child)';
  const seats = [...document.querySelectorAll(heads)];
  // What a heading shows: its name or its short label, whichever is drawn and not clipped.
  const shown = (seat) => [...seat.querySelectorAll('.seat-name, .seat-short')].find((e) => {
    const style = getComputedStyle(e);
    return style.display !== 'none' && style.clipPath === 'none';
  });
  return {card: card.clientWidth, content: card.scrollWidth,
          seats: seats.map((seat) => Math.round(seat.getBoundingClientRect().width)),
          labels: seats.map((seat) => shown(seat).textContent),
          cut: seats.filter((seat) => shown(seat).scrollWidth > shown(seat).clientWidth).length};
}"""


@pytest.mark.parametrize("width", [1280, 960])
def test_five_or_six_players_on_a_wide_screen_see_every_column_at_once(
    table: YachtPage, width: int
) -> None:
    """The scorecard of five or six players fits its card on a wide screen (it scrolled
    sideways a little at 1280 px, a lot at 960, hiding a column's edge under the category
    names): equal columns, each wide enough for a score, headed by labels shown whole and all
    different."""
    page = table.page
    page.set_viewport_size({"width": width, "height": 800})
    names = ("Alexandria-Konstantinova", "Bartholomew", "Cy", "Dmitrij Ivanovich", "Eve")
    crowded: dict[str, Any] = {}
    # Six blank names are six "Player n" (cut to the column, all read "Playe…").
    for seated in (names, (*names, "Francesca Lancaster"), ("",) * 6):
        set_language(page, "en")
        table.new_game("extended", seated, bonus=True)
        for language in LANGUAGES:
            set_language(page, language)
            fit = page.evaluate(WIDE_CARD_JS)
            if (
                fit["content"] > fit["card"]
                or min(fit["seats"]) < 44
                or len(set(fit["seats"])) > 1
                or len(set(fit["labels"])) < len(seated)
                or fit["cut"]
            ):
                crowded[f"{seated[-1] or 'Player'} x {len(seated)}, {language}"] = fit
    set_language(page, "en")
    table.new_game()
    assert not crowded, f"the scorecard at {width} px: {crowded}"


# Gaps between neighbouring cells of a scorecard row (px, where more than half a pixel).
ROW_GAPS_JS = """() => [...document.querySelectorAll('#scorecard tr')].flatMap((row) => {
  const cells = [...row.children].filter((cell) => cell.getClientRects().length);
  return cells.slice(1).map((cell, i) => [row.dataset.row || 'head',
    cell.getBoundingClientRect().left - cells[i].getBoundingClientRect().right])
    .filter(([, gap]) => Math.abs(gap) > 0.5);
})"""


# The corner headings ("Category") shown but cut by their cell (a hidden one is 1 px wide).
CUT_CORNERS_JS = """() => [...document.querySelectorAll('#scorecard .corner-label')]
  .filter((label) => { const box = label.getBoundingClientRect();
    return box.width > 1 && box.right > label.parentElement.getBoundingClientRect().right + 0.5; })
  .map((label) => label.textContent)"""


@pytest.mark.parametrize("width", [1280, 960])
@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_each_scorecard_row_runs_unbroken_on_a_wide_screen(
    table: YachtPage, seats: int, width: int
) -> None:
    """Side by side on a wide screen, every row's cells touch, so its rule runs unbroken from
    the category to the last score (with three or four players, the names stopped 17 px short
    of the scores, and each row's rule with them); and the heading over the category names is
    whole or left to screen readers, in every language (it read "Categor" at 960 px)."""
    page = table.page
    page.set_viewport_size({"width": width, "height": 800})
    table.new_game("traditional", ("Ann", "Ben", "Cy", "Di")[:seats])
    assert page.evaluate(ROW_GAPS_JS) == []
    cut = {}
    for language in LANGUAGES:
        set_language(page, language)
        cut[language] = page.evaluate(CUT_CORNERS_JS)
    set_language(page, "en")
    table.new_game()
    assert cut == {language: [] for language in LANGUAGES}


REAL_DICE_ROOM_JS = """() => {
  const box = (e) => e.getBoundingClientRect();
  const tray = box(document.querySelector('section.table'));
  const form = box(document.querySelector('#dice-entry'));
  const picks = [...document.querySelectorAll('.face-pick')].map(box);
  return {
    rowsInSight: [...document.querySelectorAll('#scorecard tbody tr')]
      .filter((row) => box(row).bottom <= tray.top).length,
    picksTops: [...new Set(picks.map((b) => Math.round(b.top)))],
    smallPicks: picks.filter((b) => b.width < 44 || b.height < 44).length,
    picksOutside: picks.filter((b) => b.left < form.left || b.right > form.right).length,
  };
}"""


@pytest.mark.parametrize("size", PHONES, ids=["390x844", "360x740"])
def test_with_real_dice_the_entry_form_leaves_the_scorecard_in_sight(
    table: YachtPage, size: dict[str, int]
) -> None:
    """The form for typed faces rides in the tray over the scorecard: on a phone its six faces
    share one row of full-size buttons, and at least six of the scorecard's rows stay in sight
    above it (eight at 360 px, where four did when the sixth face went on a row of its own)."""
    page = table.page
    page.set_viewport_size(size)
    table.new_game("traditional", ("Ann", "Ben"), real_dice=True)
    page.evaluate("() => window.scrollTo(0, 0)")
    cramped: dict[str, Any] = {}
    for language in LANGUAGES:
        set_language(page, language)
        room = page.evaluate(REAL_DICE_ROOM_JS)
        if (
            room["rowsInSight"] < 6
            or len(room["picksTops"]) != 1
            or room["smallPicks"]
            or room["picksOutside"]
        ):
            cramped[language] = room
    set_language(page, "en")
    table.new_game()
    assert not cramped, f"the real dice' form at {size['width']} px: {cramped}"


NOTES_OUTSIDE_THEIR_CELL_JS = """() => [...document.querySelectorAll('#scorecard .seat-note')]
  .filter((note) => note.getClientRects().length > 0)
  .map((note) => [note, note.closest('th, td')])
  .filter(([note, cell]) => {
    const n = note.getBoundingClientRect(), c = cell.getBoundingClientRect();
    return n.left < c.left - 0.5 || n.right > c.right + 0.5; })
  .map(([note]) => note.textContent)"""


@pytest.mark.parametrize("size", PHONES, ids=["390x844", "360x740"])
def test_a_computers_level_stays_inside_its_column(table: YachtPage, size: dict[str, int]) -> None:
    """Under a computer's name, its level: cut at the end with an ellipsis where the column is
    narrow, never on both sides."""
    page = table.page
    page.set_viewport_size(size)
    page.locator("#new-game").click()
    page.locator("#player-count").select_option("2")
    page.locator("select.seat-kind").nth(1).select_option("strong")
    page.locator("#setup-start").click()
    table.settle()
    outside: dict[str, list[str]] = {}
    for language in LANGUAGES:
        set_language(page, language)
        if found := page.evaluate(NOTES_OUTSIDE_THEIR_CELL_JS):
            outside[language] = found
    set_language(page, "en")
    table.new_game()
    assert not outside, f"a computer's level out of its column at {size['width']} px: {outside}"


def test_the_menu_holds_the_secondary_commands_and_closes_after_one(table: YachtPage) -> None:
    page = table.page
    page.set_viewport_size(PHONES[0])
    bar = page.locator(".topbar").bounding_box()
    assert bar is not None
    assert bar["height"] <= 60, "the bar is one slim row"
    menu = open_menu(page)
    for name in ("Rules", "Tips", "Daily challenge", "History", "Sound", "Export", "Import"):
        expect(menu.get_by_role("button", name=name, exact=True)).to_be_visible()
    expect(menu.get_by_label("Language")).to_be_visible()
    menu.get_by_role("button", name="Rules", exact=True).click()
    expect(page.get_by_role("dialog", name="Rules")).to_be_visible()
    expect(menu).not_to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(menu.locator(":scope > summary")).to_be_focused()  # back where the player was
    open_menu(page)
    page.keyboard.press("Escape")
    expect(menu).not_to_have_attribute("open", "")


SCREENS = [
    ("390x844", {"width": 390, "height": 844}),
    ("360x740", {"width": 360, "height": 740}),
    ("1280x800", {"width": 1280, "height": 800}),
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("name", "size"), SCREENS, ids=[name for name, _ in SCREENS])
def test_board_screenshots(
    table: YachtPage,
    save_screenshot: Callable[..., Path],
    name: str,
    size: dict[str, int],
    scheme: str,
) -> None:
    page = table.page
    page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
    page.set_viewport_size(size)
    table.new_game("extended", ("Ann", "Ben"), bonus=True)
    save_screenshot(page, f"{name}-{scheme}-fresh")
    table.roll()
    table.toggle(1)
    table.toggle(3)
    table.roll()
    assert_on_one_screen(geometry(page), f"{name} {scheme}")
    save_screenshot(page, f"{name}-{scheme}-held")
    page.locator("#hint").click()
    expect(page.locator("#advice")).to_be_visible()
    save_screenshot(page, f"{name}-{scheme}-hint")
    table.score_first_option()
    save_screenshot(page, f"{name}-{scheme}-scored")
    if name != "1280x800":
        open_menu(page)
        save_screenshot(page, f"{name}-{scheme}-menu")
        page.keyboard.press("Escape")


@pytest.mark.parametrize("size", [PHONES[1], {"width": 1280, "height": 800}], ids=["360", "1280"])
def test_a_tap_on_a_die_holds_that_die(table: YachtPage, size: dict[str, int]) -> None:
    # The cubes are drawn in 3D; a tap must reach the die under the finger, not a neighbour.
    page = table.page
    page.set_viewport_size(size)
    table.new_game("traditional", ("Ann",))
    table.roll()
    for index in range(5):
        box = table.dice_buttons.nth(index).bounding_box()
        assert box is not None
        before = table.snapshot()["save"]
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function("b => localStorage.getItem('yacht:game') !== b", arg=before)
        held = [die[1] == "true" for die in table.snapshot()["dice"]]
        assert held == [i <= index for i in range(5)], f"tapped die {index + 1}, held {held}"


HEADINGS_JS = """() => [...document.querySelectorAll('#scorecard thead tr')]
  .filter((row) => row.getClientRects().length)
  .map((row) => {
    const [category, seat] = row.children;
    const name = seat.querySelector('.seat-name');
    const a = category.getBoundingClientRect(), b = name.getBoundingClientRect();
    // The cells side by side with no gap, so the row's rule runs unbroken under them.
    const cells = [...row.children].map((cell) => cell.getBoundingClientRect());
    const tiled = cells.every((c, i) => i === 0 || Math.abs(c.left - cells[i - 1].right) < 0.5)
      && Math.abs(cells[0].left - row.getBoundingClientRect().left) < 0.5
      && Math.abs(cells.at(-1).right - row.getBoundingClientRect().right) < 0.5;
    return {cut: name.scrollWidth > name.clientWidth, apart: a.right <= b.left,
            inside: b.right <= row.getBoundingClientRect().right + 0.5, tiled};
  })"""


@pytest.mark.parametrize("viewport", [*PHONES, {"width": 1280, "height": 800}])
def test_a_solo_players_name_is_shown_whole_beside_the_category_heading(
    table: YachtPage, viewport: dict[str, int]
) -> None:
    page = table.page
    page.set_viewport_size(viewport)
    for language in LANGUAGES:
        # The name the setup dialog gives a player in that language (Latvian's is the longest).
        name = translator(language).gettext("Player {number}").format(number=1)
        set_language(page, "en")
        table.new_game("traditional", (name,))
        set_language(page, language)
        headings = page.evaluate(HEADINGS_JS)
        assert headings, "no header row shown"
        whole = {"cut": False, "apart": True, "inside": True, "tiled": True}
        assert headings == [whole] * len(headings), f"{viewport['width']} px, {language}: {name!r}"
    set_language(page, "en")
    # A long name is cut with an ellipsis, never over the category heading.
    table.new_game("extended", ("Alexandria Konstantinova",))
    assert all(h["apart"] and h["inside"] for h in page.evaluate(HEADINGS_JS))


@pytest.mark.parametrize(
    "size", [*PHONES, {"width": 1280, "height": 800}], ids=["390x844", "360x740", "1280x800"]
)
def test_the_players_columns_are_told_apart_at_a_glance(
    table: YachtPage, size: dict[str, int]
) -> None:
    """With the names the setup dialog gives, which most players keep: cut to a narrow column,
    "Player 1" and "Player 2" both read "Pl…". Screen readers hear the whole names."""
    page = table.page
    page.set_viewport_size(size)
    for players in (2, 4):
        for language in LANGUAGES:
            tr = translator(language)
            names = tuple(
                tr.gettext("Player {number}").format(number=n + 1) for n in range(players)
            )
            set_language(page, "en")
            table.new_game("traditional", names)
            set_language(page, language)
            seen = page.evaluate(SEAT_HEADINGS_JS)["headings"]
            where = f"{size['width']} px, {players} players, {language}"
            assert len({heading["text"] for heading in seen}) == players, f"{where}: {seen}"
            assert not any(heading["cut"] for heading in seen), f"{where}: {seen}"
            for name in names:
                expect(page.get_by_role("columnheader", name=name, exact=True)).to_have_count(1)
    set_language(page, "en")


# Names of four letters, some of the widest (Cyrillic "Маша" and Latin "Emma" take the column's
# whole width), and longer ones whose short labels keep wide letters ("Мак.").
FOUR_LETTERS = ("Маша", "Emma", "Юлия", "Wout")


@pytest.mark.parametrize(
    "size", [*PHONES, {"width": 1280, "height": 800}], ids=["390x844", "360x740", "1280x800"]
)
def test_a_name_of_four_letters_is_shown_whole(table: YachtPage, size: dict[str, int]) -> None:
    page = table.page
    page.set_viewport_size(size)
    for names in (FOUR_LETTERS[:2], FOUR_LETTERS, ("Максим", "Wolfgang")):
        table.new_game("traditional", names)
        seen = page.evaluate(SEAT_HEADINGS_JS)["headings"]
        where = f"{size['width']} px, {names}"
        assert not any(heading["cut"] for heading in seen), f"{where}: {seen}"
        for name, heading in zip(names, seen, strict=True):
            if len(name) <= 4:
                assert heading["text"] == name, f"{where}: {seen}"


def table_headings(page: Page, names: tuple[str, ...], where: str) -> dict[str, Any]:
    """The headings of ``names``' columns, checked: each player's whole name, or each one's
    short label, never cut, never touching the next; whole names only where the card has room
    for them."""
    seen: dict[str, Any] = page.evaluate(SEAT_HEADINGS_JS)
    headings = seen["headings"]
    texts = tuple(heading["text"] for heading in headings)
    assert texts in (names, seat_labels(names)), f"{where}: {texts}"
    assert not any(heading["cut"] for heading in headings), f"{where}: {headings}"
    gaps = [after["left"] - before["right"] for before, after in itertools.pairwise(headings)]
    assert all(gap >= GAP_PX - 0.5 for gap in gaps), f"{where}: {texts} {gaps}"
    if texts == names and names != seat_labels(names):
        assert seen["sideways"] <= 0, f"{where}: whole names, scrolling {seen['sideways']} px"
    return seen


@pytest.mark.parametrize(
    "size",
    [SMALLEST, *PHONES, LANDSCAPE[0], LANDSCAPE[2]],
    ids=["320x568", "390x844", "360x740", "844x390", "640x360"],
)
def test_three_to_six_players_names_on_a_phone_never_run_together(
    table: YachtPage, size: dict[str, int]
) -> None:
    """With the names the setup dialog gives: the columns grew to the whole names, which ran
    together ("Player 2Player 3Player 4") and made the card scroll sideways, up to 300 px with
    six players in Latvian at 320 px. Whole names where they all fit side by side, else every
    column's short label, with which four players fit any phone, and computers' levels (cut to
    the column) no longer widen it."""
    page = table.page
    page.set_viewport_size(size)
    for players in (3, 4, 6):
        for language in LANGUAGES:
            tr = translator(language)
            names = tuple(
                tr.gettext("Player {number}").format(number=n + 1) for n in range(players)
            )
            set_language(page, "en")
            table.new_game("extended", names, bonus=True)
            set_language(page, language)
            where = f"{size['width']} px, {players} players, {language}"
            seen = table_headings(page, names, where)
            if players <= 4:
                assert seen["sideways"] <= 0, f"{where}: scrolls {seen['sideways']} px"
    set_language(page, "en")
    # Three computers of the longest levels, in Ukrainian ("оптимальний").
    page.locator("#new-game").click()
    setup = page.get_by_role("dialog", name="New game")
    setup.get_by_label("Number of players").select_option("4")
    for seat, level in enumerate(("optimal", "optimal", "strong"), start=1):
        setup.locator("select.seat-kind").nth(seat).select_option(level)
    setup.get_by_role("button", name="Start game").click()
    expect(setup).to_be_hidden()
    set_language(page, "uk")
    tr = translator("uk")
    names = tuple(tr.gettext("Player {number}").format(number=n + 1) for n in range(4))
    where = f"{size['width']} px, three computers, uk"
    seen = table_headings(page, names, where)
    assert seen["sideways"] <= 0, f"{where}: scrolls {seen['sideways']} px"
    set_language(page, "en")
    table.new_game()


def test_the_players_headings_follow_the_phone_turned(table: YachtPage) -> None:
    """Four default names fit a phone on its side whole, and not upright: turned, the headings
    change to the short labels and back (the card's size is watched, not only a new game)."""
    page = table.page
    names = tuple(f"Player {n}" for n in range(1, 5))
    page.set_viewport_size(LANDSCAPE[0])
    table.new_game("traditional", names)
    turns = [(LANDSCAPE[0], names), (PHONES[1], seat_labels(names)), (LANDSCAPE[0], names)]
    for size, expected in turns:
        page.set_viewport_size(size)
        where = f"{size['width']} x {size['height']}"
        page.wait_for_function(
            "expected => JSON.stringify(("
            + SEAT_HEADINGS_JS
            + ")().headings.map((h) => h.text)) === JSON.stringify(expected)",
            arg=list(expected),
        )
        table_headings(page, names, where)
    table.new_game()


# Each player's cell in the upper section's sum row: what it says, and where its text starts and
# ends on the screen.
UPPER_SUMS_JS = """() => [...document.querySelectorAll('#scorecard tr[data-row=upper_total] td')]
  .map((td) => {
    const range = document.createRange();
    range.selectNodeContents(td);
    const text = range.getBoundingClientRect();
    return {text: td.textContent, left: text.left, right: text.right};
  })"""

GAP_PX = 8  # between one player's figures and the next player's: half a letter's width


@pytest.mark.parametrize(
    "size", [*PHONES, {"width": 1280, "height": 800}], ids=["390x844", "360x740", "1280x800"]
)
def test_the_upper_sums_stay_apart(table: YachtPage, size: dict[str, int]) -> None:
    """Each player's "0 / 63", side by side in columns as narrow as a score, came within 2-4 px
    of the next one's ("0 / 630 / 63"); there the threshold now goes under the figure."""
    page = table.page
    page.set_viewport_size(size)
    for players in (1, 2, 4):
        table.new_game("extended", ("Ann", "Ben", "Cy", "Dee")[:players], bonus=True)
        sums = page.evaluate(UPPER_SUMS_JS)
        where = f"{size['width']} px, {players} players"
        assert [cell["text"] for cell in sums] == ["0/ 63"] * players, where
        gaps = [after["left"] - before["right"] for before, after in itertools.pairwise(sums)]
        assert all(gap >= GAP_PX for gap in gaps), f"{where}: {gaps}"


# The status line's box, its text's lines, and what is above and below it on the page.
STATUS_JS = """() => {
  const status = document.getElementById('status');
  const box = status.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(status);
  const text = range.getBoundingClientRect();
  return {
    text: status.textContent, top: box.top, bottom: box.bottom,
    textTop: text.top, textBottom: text.bottom,
    cut: status.scrollHeight > status.clientHeight + 1
      || status.scrollWidth > status.clientWidth + 1,
    header: document.querySelector('header').getBoundingClientRect().bottom,
    card: document.querySelector('.card').getBoundingClientRect().top,
    wide: getComputedStyle(document.querySelector('.board')).gridTemplateAreas
      .includes('status card'),
  };
}"""
LONGEST_NAME = "W" * MAX_NAME_LENGTH  # one word of the widest letter: it must break


def assert_status_whole(status: dict[str, Any], where: str) -> None:
    """Every line of the status inside its box, the box clear of the header and the card."""
    assert not status["cut"], f"{where}: the status is cut: {status}"
    assert status["textTop"] >= status["top"] - 0.5, f"{where}: {status}"
    assert status["textBottom"] <= status["bottom"] + 0.5, f"{where}: {status}"
    assert status["top"] >= status["header"] - 0.5, f"{where}: under the header: {status}"
    if not status["wide"]:  # stacked: the status is above the card
        assert status["bottom"] <= status["card"] + 0.5, f"{where}: under the card: {status}"


@pytest.mark.parametrize(
    "size", [*PHONES, {"width": 1280, "height": 800}], ids=["390x844", "360x740", "1280x800"]
)
def test_the_status_is_never_cut_and_keeps_its_room_through_a_turn(
    table: YachtPage, size: dict[str, int]
) -> None:
    page = table.page
    page.set_viewport_size(size)
    for language in LANGUAGES:
        # A game of one player of the default name in that language (the setup dialog's).
        set_language(page, "en")
        name = translator(language).gettext("Player {number}").format(number=1)
        table.new_game("traditional", (name,))
        set_language(page, language)
        where = f"{size['width']}x{size['height']} {language}"
        before = page.evaluate(STATUS_JS)
        set_language(page, "en")  # the page object finds Roll by its English name
        table.roll()
        table.wait_for_landing()
        set_language(page, language)
        after = page.evaluate(STATUS_JS)
        assert before["text"] != after["text"], where
        assert_status_whole(before, where)
        assert_status_whole(after, where)
        assert (before["top"], before["bottom"]) == (after["top"], after["bottom"]), (
            f"{where}: the status moved or changed size in a turn: {before} -> {after}"
        )
    # The longest name a player can have: the status makes room rather than cut it.
    set_language(page, "en")
    table.new_game("traditional", (LONGEST_NAME,))
    table.roll()
    table.wait_for_landing()
    for language in LANGUAGES:
        set_language(page, language)
        assert_status_whole(page.evaluate(STATUS_JS), f"{size['width']} {language}, long name")
    set_language(page, "en")


# Every text on the board or in the bar that its box clips (overflow hidden, or an ellipsis), and
# every button whose label spills out of it: what a player would see cut. Boxes of a pixel or
# less are the screen-reader-only texts; a die's cube is drawn past its button in 3D.
CUT_TEXTS_JS = """() => [...document.querySelectorAll('header *, .board *')]
  .filter((e) => e.checkVisibility() && e.textContent.trim())
  .filter((e) => e.clientWidth > 1 && e.clientHeight > 1)
  .filter((e) => {
    const style = getComputedStyle(e);
    const clips = (overflow) => overflow === 'hidden' || overflow === 'clip';
    const label = e.tagName === 'BUTTON' && !e.classList.contains('die');
    return ((label || clips(style.overflowX)) && e.scrollWidth > e.clientWidth + 1)
      || ((label || clips(style.overflowY)) && e.scrollHeight > e.clientHeight + 1);
  })
  .map((e) => `${e.tagName.toLowerCase()}.${e.className} "${e.textContent.trim()}"`
    + ` ${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight}`)"""
GAMES = [
    ("traditional", ("Ann",)),
    ("extended", ("Ann", "Ben")),
    ("traditional", ("Ann", "Ben", "Cy")),
    ("extended", ("Ann", "Ben", "Cy", "Dee")),
]


@pytest.mark.parametrize(
    "size",
    [*PHONES, SMALLEST, LANDSCAPE[1], LANDSCAPE[2], LANDSCAPE[4], {"width": 1280, "height": 800}],
    ids=["390x844", "360x740", "320x568", "740x360", "640x360", "568x320", "1280x800"],
)
def test_no_text_on_the_board_is_cut_in_any_language(
    table: YachtPage, size: dict[str, int]
) -> None:
    """Headings, names, options, sums and buttons whole, for one to four players after a roll
    (short names: a long one is cut with an ellipsis on purpose)."""
    page = table.page
    page.set_viewport_size(size)
    cut: dict[str, list[str]] = {}
    for ruleset, names in GAMES:
        set_language(page, "en")
        table.new_game(ruleset, names, bonus=ruleset == "extended")
        table.roll()
        table.wait_for_landing()
        for language in LANGUAGES:
            set_language(page, language)
            if found := page.evaluate(CUT_TEXTS_JS):
                cut[f"{ruleset}, {len(names)} players, {language}"] = found
    set_language(page, "en")
    assert not cut, f"texts cut at {size['width']}x{size['height']}: {cut}"


# Each grand total's text, whether its cell cuts it, and its type size against a score's.
TOTALS_JS = """() => {
  const size = (cell) => parseFloat(getComputedStyle(cell).fontSize);
  const score = size(document.querySelector('#scorecard tr[data-row="ones"] td'));
  return [...document.querySelectorAll('#scorecard tr[data-row="total"] td')].map((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    const text = range.getBoundingClientRect(), box = cell.getBoundingClientRect();
    return {text: cell.textContent, size: size(cell), score,
            whole: text.left >= box.left - 0.5 && text.right <= box.right + 0.5
              && cell.scrollWidth <= cell.clientWidth};
  });
}"""


@pytest.mark.parametrize("size", [PHONES[1], SMALLEST], ids=["360x740", "320x568"])
def test_the_grand_total_is_as_large_as_a_score_and_whole(
    table: YachtPage, size: dict[str, int]
) -> None:
    """With two players or more on a phone the totals had the small type of the sums: the
    figure a game ends on was the smallest on the card. Three digits now fit in a score's size."""
    page = table.page
    page.set_viewport_size(size)
    for names in (("Ann", "Ben"), ("Ann", "Ben", "Cy", "Dee")):
        game = well_played(names, seed=7)
        page.evaluate(
            "(game) => localStorage.setItem('yacht:game', game)",
            GAME_RECORD.encode(SavedGame(game)),
        )
        reload_booted(page)
        totals = page.evaluate(TOTALS_JS)
        where = f"{size['width']} px, {len(names)} players: {totals}"
        expected = [str(seat.total) for seat in game.totals()]
        assert [cell["text"] for cell in totals] == expected, where
        assert any(len(cell["text"]) == 3 for cell in totals), f"no three-digit total: {where}"
        for cell in totals:
            assert cell["whole"], f"a total cut: {where}"
            assert cell["size"] >= cell["score"], f"a total smaller than a score: {where}"


PLAY_AGAIN_JS = """() => {
  const button = document.querySelector('#play-again');
  const box = button.getBoundingClientRect();
  return {cut: button.scrollWidth > button.clientWidth + 1
            || button.scrollHeight > button.clientHeight + 1,
          inside: box.left >= 0 && box.right <= innerWidth && box.bottom <= innerHeight,
          rollShown: document.querySelector('#roll').checkVisibility()};
}"""


def test_play_again_stands_whole_in_rolls_place_in_every_language(table: YachtPage) -> None:
    """A finished game's "Play again…" (longer than Roll's word in every language) fits Roll's
    place at every size, Roll out of sight."""
    page = table.page
    record = GAME_RECORD.encode(SavedGame(finished_but(("Ann", "Ben"), 5)))
    page.evaluate("record => localStorage.setItem('yacht:game', record)", record)
    reload_booted(page)
    for _ in range(2):
        table.roll()
        table.option("Choice").click()
    dialog = page.locator("#game-over")
    expect(dialog).to_be_visible()
    page.locator("#close-game-over").click()
    sizes = [SMALLEST, *PHONES, *LANDSCAPE, {"width": 960, "height": 700}]
    wrong: dict[str, Any] = {}
    for size in sizes:
        page.set_viewport_size(size)
        for language in LANGUAGES:
            set_language(page, language)
            seen = page.evaluate(PLAY_AGAIN_JS)
            if seen != {"cut": False, "inside": True, "rollShown": False}:
                wrong[f"{size['width']}x{size['height']} {language}"] = seen
    set_language(page, "en")
    table.new_game()
    assert not wrong, wrong
