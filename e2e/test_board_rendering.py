"""How the board is drawn and redrawn: the dice's painted pips, option buttons kept across
rolls, and the animations replayed.

The renderer updates an option button in place rather than building a new one, plays the
dice's tumble as Web Animations, and replays the scored cell's flash by switching between twin
CSS animations (no forced layout). These tests pin what a player sees of that.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from harness import goto_booted
from playwright.sync_api import BrowserContext, Locator, Page, expect
from yacht_page import YachtPage

# Each die's tumble (its own animation and its cube's) while it plays or is still to start, and
# where each starts from (its first keyframe); CSS transitions (a held die's lift) left out.
TUMBLING_JS = """() => [...document.querySelectorAll('#dice .die')].map((die) =>
    die.getAnimations({subtree: true})
      .filter((a) => a.constructor === Animation && a.playState === 'running').map((a) => ({
      on: a.effect.target === die ? 'die' : a.effect.target.className,
      from: a.effect.getKeyframes()[0].transform,
    })))"""

# The cube's transform once every animation has ended: the turn that shows its face.
RESTING_JS = """() => Promise.all(document.getAnimations().map((a) => a.finished)).then(() =>
    [...document.querySelectorAll('#dice .die')].map((die) =>
      [die.dataset.face, getComputedStyle(die.querySelector('.cube')).transform]))"""

# The cube's turn for each face, as the style sheet gives it (data-face) with no animation.
FACE_TURNS_JS = """() => { const die = document.querySelector('#dice .die');
  const cube = die.querySelector('.cube'), face = die.dataset.face, turns = {};
  const blank = die.classList.toggle('blank', false);
  for (const f of ['1', '2', '3', '4', '5', '6']) {
    die.dataset.face = f; turns[f] = getComputedStyle(cube).transform; }
  die.classList.toggle('blank', blank);
  if (face === undefined) delete die.dataset.face; else die.dataset.face = face;
  return turns; }"""

FLASH_JS = """() => {
  const cell = document.querySelector('#scorecard td.latest');
  return cell && getComputedStyle(cell).animationName;
}"""


@pytest.fixture
def game(booted_page: Page) -> YachtPage:
    """The shared booted page, with a fresh solo game and motion allowed."""
    booted_page.emulate_media(reduced_motion="no-preference")
    board = YachtPage(booted_page)
    board.new_game()
    return board


def test_a_press_on_an_option_leaves_the_focus_where_it_was(game: YachtPage) -> None:
    """The option leaves its cell as the score is written: focused, it would make the browser
    lay the page out in the click a second time. The click still scores; the keyboard still
    focuses options (the test below)."""
    page = game.page
    game.roll()
    game.wait_for_landing()
    game.roll_button.focus()
    option = game.options.and_(page.locator("[data-category='choice']"))
    box = option.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    expect(game.roll_button).to_be_focused()
    before = game.snapshot()["save"]
    page.mouse.up()
    page.wait_for_function("(before) => localStorage.getItem('yacht:game') !== before", arg=before)
    game.settle()
    assert game.saved()["players"][0]["scores"].get("choice") is not None
    expect(game.roll_button).to_be_focused()


def test_an_option_keeps_its_button_and_the_focus_while_the_dice_change(game: YachtPage) -> None:
    page = game.page
    game.roll()
    choice = game.options.and_(page.locator("[data-category='choice']"))
    choice.focus()
    choice.evaluate("button => { button.dataset.marked = 'yes'; }")
    before = game.snapshot()["save"]
    game.wait_for_landing()
    page.keyboard.press("r")  # rolls again, the focus staying on the option
    page.wait_for_function("(before) => localStorage.getItem('yacht:game') !== before", arg=before)

    expect(choice).to_have_attribute("data-marked", "yes")  # the same element, updated
    expect(choice).to_be_focused()
    points = str(sum(game.dice()))
    expect(choice).to_have_text(points)
    assert points in str(choice.get_attribute("aria-label"))
    assert game.previews()["choice"] == int(points)


def test_a_scored_option_leaves_and_the_others_come_back_next_turn(game: YachtPage) -> None:
    game.roll()
    offered = set(game.previews())
    scored = game.score_first_option()
    expect(game.options).to_have_count(0)
    expect(game.roll_button).to_be_focused()  # not lost with the button that was clicked
    game.roll()
    assert set(game.previews()) == offered - {scored}
    for category, points in game.previews().items():
        button = game.options.and_(game.page.locator(f"[data-category='{category}']"))
        expect(button).to_have_text(str(points))
        assert button.evaluate("b => b.classList.contains('zero')") == (points == 0)


def test_rerolled_dice_tumble_again_and_held_dice_do_not(game: YachtPage) -> None:
    page = game.page
    game.roll()
    first = page.evaluate(TUMBLING_JS)
    for die in first:  # each die drops, and its cube spins from a turn of its own
        assert sorted(a["on"] for a in die) == ["cube", "die"], first
    assert len({die[1]["from"] if die[0]["on"] == "die" else die[0]["from"] for die in first}) == 5
    game.toggle(0)
    game.roll()
    second = page.evaluate(TUMBLING_JS)
    assert second[0] == []  # held: not thrown, so not tumbling
    for die in second[1:]:
        assert sorted(a["on"] for a in die) == ["cube", "die"], second


def test_the_dice_land_on_the_faces_thrown(game: YachtPage) -> None:
    """The spin's end is the cube's own turn for its face: the die shows what was thrown."""
    page = game.page
    turns = page.evaluate(FACE_TURNS_JS)
    assert len(set(turns.values())) == 6, turns
    for _ in range(3):
        game.roll()
        for face, transform in page.evaluate(RESTING_JS):
            assert transform == turns[face], (face, transform)


def test_the_cell_just_scored_flashes_and_reduced_motion_stills_it(game: YachtPage) -> None:
    page = game.page
    game.roll()
    game.score_first_option()
    assert page.evaluate(FLASH_JS) in ("flash-a", "flash-b")
    page.emulate_media(reduced_motion="reduce")
    try:
        game.roll()
        game.score_first_option()
        assert page.evaluate(FLASH_JS) == "none"
        assert page.evaluate(TUMBLING_JS) == [[]] * 5
    finally:
        page.emulate_media(reduced_motion="no-preference")


FACES_JS = """() => [...document.querySelectorAll('#dice .die')].map((die) => ({
  face: die.dataset.face ?? null,
  faces: [...die.querySelectorAll('.face')].map((face) => {
    const style = getComputedStyle(face);
    return {
      pips: (style.backgroundImage.match(/radial-gradient/g) || []).length,
      colour: style.backgroundColor,
    };
  }),
}))"""


STILL_JS = "() => !document.getAnimations().some((a) => a.playState === 'running')"
# The face nearest the viewer: the cube's transform and then the face's, both about the same
# centre, applied to the face's centre.
FACE_SHOWN_JS = """() => [...document.querySelectorAll('#dice .cube')].map((cube) => {
  const turn = new DOMMatrix(getComputedStyle(cube).transform);
  const depth = (face) => turn.multiply(new DOMMatrix(getComputedStyle(face).transform))
    .transformPoint(new DOMPoint(0, 0, 0)).z;
  const faces = [...cube.querySelectorAll('.face')];
  const front = faces.reduce((best, face) => (depth(face) > depth(best) ? face : best));
  return String(faces.indexOf(front) + 1);
})"""


def test_every_face_carries_its_pips_and_high_contrast_keeps_them(game: YachtPage) -> None:
    """The pips are painted on the cube's six faces (1 to 6 of them, opposite faces adding up to
    seven); a die not rolled yet is blank; forced colours leave the dice their own colours."""
    blank = game.page.evaluate(FACES_JS)
    assert all(die["face"] is None for die in blank)
    assert {face["pips"] for die in blank for face in die["faces"]} == {0}

    game.roll()
    rolled = game.page.evaluate(FACES_JS)
    for die in rolled:
        assert die["face"] in {"1", "2", "3", "4", "5", "6"}
        assert [face["pips"] for face in die["faces"]] == [1, 2, 3, 4, 5, 6]

    # Once the dice are still, each cube shows the die's value to the player.
    game.page.wait_for_function(STILL_JS)
    assert game.page.evaluate(FACE_SHOWN_JS) == [die["face"] for die in rolled]

    game.page.emulate_media(forced_colors="active")
    try:
        assert game.page.evaluate(FACES_JS) == rolled
    finally:
        game.page.emulate_media(forced_colors="none")


DRAWN_MARKS_JS = """() => {
  const page = getComputedStyle(document.body).backgroundColor;
  const zero = document.querySelector('#scorecard button.option.zero');
  const sound = document.querySelector('#sound');
  const was = sound.getAttribute('aria-pressed');
  const soundSwitch = (pressed) => {
    sound.setAttribute('aria-pressed', pressed);
    const drawn = getComputedStyle(sound, '::after');
    return {track: drawn.backgroundColor, knob: drawn.backgroundImage, ring: drawn.boxShadow};
  };
  const marks = {
    page,
    burger: getComputedStyle(document.querySelector('.burger')).backgroundColor,
    dot: zero && getComputedStyle(zero, '::before').backgroundColor,
    soundOn: soundSwitch('true'),
    soundOff: soundSwitch('false'),
  };
  sound.setAttribute('aria-pressed', was);
  return marks;
}"""


def test_high_contrast_keeps_the_menu_bars_the_sound_switch_and_the_dot_of_nothing(
    game: YachtPage,
) -> None:
    """Marks drawn as backgrounds, not written, are painted in the system's colours when the
    system's colours take over (else they take the page's colour and vanish): the menu's bars,
    the dot of an offer of nothing, and the sound switch (its track ringed, its knob moved and
    the track filled when on)."""
    game.roll()  # a throw always offers nothing somewhere: a Yacht, or the straights after one
    game.page.emulate_media(forced_colors="active")
    try:
        marks = game.page.evaluate(DRAWN_MARKS_JS)
    finally:
        game.page.emulate_media(forced_colors="none")
    assert marks["dot"] is not None
    assert marks["burger"] != marks["page"]
    assert marks["dot"] != marks["page"]
    on, off = marks["soundOn"], marks["soundOff"]
    assert off["ring"] != "none"
    assert on["track"] != marks["page"]
    assert on["knob"] != off["knob"]


PHONE = {"width": 390, "height": 844}

BRIGHT_DICE_JS = """(bright) => JSON.stringify([...document.querySelectorAll('#dice .die')]
    .map((die) => getComputedStyle(die).opacity === '1')) === JSON.stringify(bright)"""


def expect_bright(page: Page, bright: list[bool]) -> None:
    """Wait until the dice that are bright (not faded) are ``bright``, die by die."""
    page.wait_for_function(BRIGHT_DICE_JS, arg=bright, timeout=5_000)


def test_an_option_pointed_at_or_focused_fades_the_dice_it_does_not_count(
    game: YachtPage,
) -> None:
    """Pointing at Sixes leaves the sixes bright and fades the rest; Choice keeps them all;
    moving off the options brings them back; a finger passing over fades nothing; a focused
    option shows its dice as well (all faded for a 0), and a score ends it."""
    page = game.page
    game.roll()
    game.wait_for_landing()
    dice = game.dice()

    def option(category: str) -> Locator:
        return page.locator(f"#scorecard button.option[data-category='{category}']")

    option("sixes").hover()
    expect_bright(page, [face == 6 for face in dice])
    option("choice").hover()
    expect_bright(page, [True] * 5)
    option("fives").hover()
    expect_bright(page, [face == 5 for face in dice])
    page.locator("#ruleset-title").hover()
    expect_bright(page, [True] * 5)

    # A finger passing over an option (scrolling, or about to score) fades nothing; a pen does.
    # (The mouse waits in the page's corner, off the scorecard: the browser replays its place
    # after a change to the page, which would end any preview.)
    page.mouse.move(1, 1)
    for kind, fades in (("touch", False), ("pen", True)):
        option("sixes").dispatch_event("pointerover", {"pointerType": kind, "bubbles": True})
        expect_bright(page, [face == 6 or not fades for face in dice])
        option("sixes").dispatch_event(
            "pointerout", {"pointerType": kind, "bubbles": True, "relatedTarget": None}
        )
        expect_bright(page, [True] * 5)

    option("yacht").focus()
    expect_bright(page, [len(set(dice)) == 1] * 5)
    page.locator("#roll").focus()
    expect_bright(page, [True] * 5)

    option("ones").hover()
    expect_bright(page, [face == 1 for face in dice])
    option("ones").click()
    game.answer_scratch()
    expect(page.locator("#dice .die.blank")).to_have_count(5)
    expect(page.locator("#dice")).not_to_have_attribute("data-counted", re.compile(".*"))
    expect_bright(page, [True] * 5)


# Each write of the dice's data-counted, in order (the preview shown, changed or ended).
COUNTED_WRITES_JS = """() => {
  window.countedWrites = [];
  const dice = document.querySelector('#dice');
  new MutationObserver(() => countedWrites.push(dice.dataset.counted ?? null))
    .observe(dice, {attributes: true, attributeFilter: ['data-counted']});
}"""

# What a phone's browser may do at a long press that Chromium's does not: a contextmenu during
# the press, and a click after the lift (made with ``detail``: 1 by a pointer, 0 by a key).
# Returns whether each got through to the page.
PRESS_AS_OTHER_BROWSERS_DO_JS = """async ([category, detail]) => {
  const button = document.querySelector(`#scorecard button.option[data-category='${category}']`);
  const pointer = {pointerType: 'touch', bubbles: true, isPrimary: true, pointerId: 7};
  button.dispatchEvent(new PointerEvent('pointerdown', pointer));
  await new Promise((resolve) => button.addEventListener('yacht:hold', resolve, {once: true}));
  const menu = button.dispatchEvent(
    new MouseEvent('contextmenu', {bubbles: true, cancelable: true}));
  button.dispatchEvent(new PointerEvent('pointerup', pointer));
  const click = button.dispatchEvent(
    new MouseEvent('click', {bubbles: true, cancelable: true, detail}));
  return {menu, click};
}"""


def test_a_long_press_on_an_option_shows_its_dice_and_the_lift_scores_nothing(
    new_site_context: Callable[..., BrowserContext],
) -> None:
    """On a touch screen a finger held on Sixes fades the dice that are not sixes, and lifting
    it brings them back and scores nothing; a tap scores at once and shows nothing on the way.
    Where a browser would open its menu at the long press, or click at the lift, neither
    happens; a key's click on the option still scores."""
    context = new_site_context(has_touch=True, is_mobile=True, viewport=PHONE)
    page = context.new_page()
    goto_booted(page, "?seed=7")
    game = YachtPage(page)
    game.roll()
    game.wait_for_landing()
    dice = game.dice()
    page.evaluate(COUNTED_WRITES_JS)
    cdp = context.new_cdp_session(page)

    def touch(category: str, *, held: bool) -> None:
        box = page.locator(f"#scorecard button.option[data-category='{category}']").bounding_box()
        assert box is not None, f"{category} is not on offer"
        point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        if held:
            expect_bright(page, [face == 6 for face in dice])
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def scored() -> set[str]:
        return {
            category
            for category, points in game.saved()["players"][0]["scores"].items()
            if points is not None
        }

    touch("sixes", held=True)
    expect_bright(page, [True] * 5)
    assert page.evaluate("countedWrites.splice(0)") == [
        "".join(str(i) for i, face in enumerate(dice) if face == 6),
        None,
    ]
    # A tap on Choice scores it; any click of the long press before it would be in by then.
    before = page.evaluate("localStorage.getItem('yacht:game')")
    touch("choice", held=False)
    page.wait_for_function("b => localStorage.getItem('yacht:game') !== b", arg=before)
    assert scored() == {"choice"}
    assert page.evaluate("countedWrites.splice(0)") == [], "a tap showed a preview"

    game.roll()
    game.wait_for_landing()
    other_browser = page.evaluate(PRESS_AS_OTHER_BROWSERS_DO_JS, ["yacht", 1])
    assert other_browser == {"menu": False, "click": False}
    expect_bright(page, [True] * 5)
    assert scored() == {"choice"}
    # A key's click (detail 0) right after a long press is the player's choice: it scores.
    before = page.evaluate("localStorage.getItem('yacht:game')")
    other_browser = page.evaluate(PRESS_AS_OTHER_BROWSERS_DO_JS, ["yacht", 0])
    assert other_browser == {"menu": False, "click": True}
    game.answer_scratch()
    page.wait_for_function("b => localStorage.getItem('yacht:game') !== b", arg=before)
    assert scored() == {"choice", "yacht"}
