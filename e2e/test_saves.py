"""Saves in the browser: damaged and forged records, storage that fails, two tabs, export/import.

Every message checked here is computed with ``yacht.views.save_notices`` (the page's own wording),
so the tests check that the page said the right thing, not just something.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from harness import goto_booted, reload_booted
from playwright.sync_api import BrowserContext, Page, expect
from yacht_page import YachtPage, open_menu

import yacht
from yacht.errors import Damage
from yacht.saves.export import EXPORT_RECORD
from yacht.saves.game_record import GAME_RECORD, VERSION, SavedGame
from yacht.saves.keys import GAME_KEY, SETUP_KEY
from yacht.saves.setup_record import VERSION as SETUP_VERSION
from yacht.saves.slots import Event, Notice
from yacht.views.save_notices import describe, import_failed, imported, not_saving

NewContext = Callable[..., BrowserContext]

BOARD_JS = """() => ({
  dice: [...document.querySelectorAll('#dice .die')].map(
    d => [d.dataset.face ?? null, d.getAttribute('aria-pressed')]),
  heads: [...document.querySelectorAll('#scorecard thead th')].map(
    th => (th.querySelector('.seat-name') ?? th).textContent),
  cells: [...document.querySelectorAll('#scorecard tbody tr')].map(
    tr => [...tr.children].map(c => c.textContent)),
  rollsLeft: document.querySelector('#rolls-left').textContent,
})"""


def board(page: Page) -> dict[str, Any]:
    """What the player sees of the game (no notices, no storage)."""
    result: dict[str, Any] = page.evaluate(BOARD_JS)
    return result


def stored(page: Page, key: str = GAME_KEY) -> str | None:
    value: str | None = page.evaluate("k => localStorage.getItem(k)", key)
    return value


def notice(page: Page) -> str:
    return str(page.locator("#notice").text_content() or "")


def midturn() -> yacht.GameState:
    """Ann has scored once; Ben has rolled twice and holds a die (traditional, seeded)."""
    state = yacht.new_game(["Ann", "Ben"], seed=11)
    state = yacht.score_category(yacht.roll(state), "choice")
    return yacht.roll(yacht.hold(yacht.roll(state), 1))


def midturn_text(**changes: Any) -> str:
    data = json.loads(GAME_RECORD.encode(SavedGame(midturn(), 5, "2026-11-30T12:00:00Z")))
    data.update(changes)
    return json.dumps(data, separators=(",", ":"))


def _with_duplicate() -> str:
    text = midturn_text()
    return text.replace('"choice":', '"chance":0,"choice":0,"choice":', 1)


# (id, stored text, damage): what a damaged or forged record can look like.
# fmt: off
DAMAGED: list[tuple[str, Callable[[], str], Damage]] = [
    ("not JSON", lambda: "Hello, I am not a save", Damage.UNREADABLE),
    ("truncated", lambda: midturn_text()[:90], Damage.UNREADABLE),
    ("binary junk", lambda: random.Random(5).randbytes(200).decode("latin-1"), Damage.UNREADABLE),
    ("a megabyte of junk", lambda: "{" + "x" * 1_000_000, Damage.TOO_BIG),
    ("a category filled twice", _with_duplicate, Damage.DUPLICATED),
    ("a JSON array", lambda: "[1,2,3]", Damage.WRONG_KIND),
    ("another app's record", lambda: '{"format":"chess-game","version":1}', Damage.WRONG_KIND),
    ("wrong types", lambda: midturn_text(rolls="2", held=[0, 1, 0, 0, 0]), Damage.IMPOSSIBLE),
    ("an impossible score", lambda: midturn_text().replace('"choice":', '"choice":99,"x":', 1),
     Damage.IMPOSSIBLE),
    ("an impossible roll count", lambda: midturn_text(rolls=5), Damage.IMPOSSIBLE),
    ("a huge value", lambda: midturn_text(rolls_made=10**40), Damage.IMPOSSIBLE),
    ("a hostile name out of its clean form",
     lambda: midturn_text().replace('"Ann"', '"\\u202e<img src=x onerror=alert(1)>"'),
     Damage.IMPOSSIBLE),
    ("a future version", lambda: midturn_text(version=VERSION + 1), Damage.NEWER),
]
# fmt: on


def plant(page: Page, key: str, text: str) -> None:
    """Replace this site's storage with ``text`` under ``key`` (and nothing else)."""
    page.evaluate("([k, t]) => { localStorage.clear(); localStorage.setItem(k, t); }", [key, text])


@pytest.fixture
def page(new_site_context: NewContext) -> Page:
    """A booted game in a fresh context of its own."""
    fresh = new_site_context().new_page()
    goto_booted(fresh)
    return fresh


def test_every_kind_of_damaged_save_starts_cleanly_and_is_kept(page: Page) -> None:
    assert len({name for name, *_ in DAMAGED}) >= 12
    seen_damages = set()
    for name, make, damage in DAMAGED:
        text = make()
        plant(page, GAME_KEY, text)
        reload_booted(page)
        event = Event.NEWER if damage is Damage.NEWER else Event.DAMAGED
        expected = describe(Notice(event, GAME_KEY, damage))
        assert notice(page) == expected, name
        assert stored(page, "yacht:game:backup") == text, f"{name}: backup is not byte for byte"
        # The game starts cleanly and plays.
        board_now = YachtPage(page)
        expect(board_now.roll_button).to_be_enabled()
        board_now.roll_button.click()
        expect(page.locator("#dice .die").first).to_have_attribute(
            "data-face", re.compile("^[1-6]$")
        )
        if damage is Damage.NEWER:
            # Left for the newer version: the page plays on without saving over it.
            assert stored(page) == text, name
        else:
            assert GAME_RECORD.decode(str(stored(page))).state.rolls == 1, name
            # The player's notice stays until they leave; the transient one is replaced.
            assert expected in notice(page)
        seen_damages.add(damage)
    assert seen_damages == set(Damage)


def test_a_damaged_setup_is_kept_and_the_usual_setup_used(page: Page) -> None:
    text = '{"format":"yacht-setup","version":2,"names":["A"],"names":["B"]}'
    plant(page, SETUP_KEY, text)
    reload_booted(page)
    assert notice(page) == describe(Notice(Event.DAMAGED, SETUP_KEY, Damage.DUPLICATED))
    assert stored(page, "yacht:setup:backup") == text
    YachtPage(page).new_game("extended", ("Kim",), bonus=True)
    setup = json.loads(str(stored(page, SETUP_KEY)))
    assert (setup["format"], setup["version"], setup["names"]) == (
        "yacht-setup",
        SETUP_VERSION,
        ["Kim"],
    )


def test_the_first_releases_saves_still_load(page: Page) -> None:
    # Version 1 of the game record and the untagged setup record, as the first release wrote.
    data = json.loads(midturn_text())
    del data["revision"], data["saved_at"]
    data["version"] = 1
    legacy_setup = {"names": ["Ann", "Ben"], "ruleset": "traditional", "upper_bonus": False}
    for key, text in ((GAME_KEY, json.dumps(data)), (SETUP_KEY, json.dumps(legacy_setup))):
        page.evaluate("([k, t]) => localStorage.setItem(k, t)", [key, text])
    reload_booted(page)
    assert notice(page) == ""
    assert board(page)["heads"][1:] == ["Ann", "Ben"]
    faces = [int(face) for face, _ in board(page)["dice"]]
    assert tuple(faces) == midturn().dice
    YachtPage(page).toggle(0)
    upgraded = json.loads(str(stored(page)))
    assert (upgraded["version"], upgraded["revision"]) == (VERSION, 1)


# -- storage that fails --------------------------------------------------------------------------

NO_LOCAL_STORAGE_JS = """
Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
});
"""

QUOTA_JS = """
(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.__storageFull === undefined || window.__storageFull) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return setItem.call(this, key, value);
  };
})();
"""


def play_a_turn(page: Page) -> None:
    game = YachtPage(page)
    game.roll_button.click()
    game.dice_buttons.nth(2).click()
    expect(game.dice_buttons.nth(2)).to_have_attribute("aria-pressed", "true")
    game.roll_button.click()
    game.options.first.click()
    game.answer_scratch()
    expect(page.locator("#scorecard td.latest")).to_have_count(1)


def test_without_local_storage_the_game_plays_and_says_so(new_site_context: NewContext) -> None:
    context = new_site_context()
    context.add_init_script(NO_LOCAL_STORAGE_JS)
    page = context.new_page()
    goto_booted(page)
    assert (
        page.evaluate("() => { try { localStorage; return 'no'; } catch (e) { return e.name; } }")
        == "SecurityError"
    )
    assert notice(page) == not_saving()
    play_a_turn(page)
    YachtPage(page).new_game("sum-all", ("Kim", "Lee"))
    play_a_turn(page)
    assert not_saving() in notice(page)


def test_a_full_storage_keeps_the_last_save_and_says_so(new_site_context: NewContext) -> None:
    context = new_site_context()
    context.add_init_script(QUOTA_JS)
    page = context.new_page()
    page.add_init_script("window.__storageFull = false")
    goto_booted(page)
    game = YachtPage(page)
    game.roll()
    last_good = stored(page)
    kept = board(page)
    page.evaluate("window.__storageFull = true")
    play_a_turn(page)
    assert notice(page).startswith(not_saving())
    assert stored(page) == last_good
    # Reloading brings back the last game that fitted.
    reload_booted(page)
    assert board(page) == kept


def test_a_storage_full_from_the_start(new_site_context: NewContext) -> None:
    context = new_site_context()
    context.add_init_script(QUOTA_JS)
    page = context.new_page()
    goto_booted(page)
    play_a_turn(page)
    assert notice(page).startswith(not_saving())
    assert stored(page) is None


# -- two tabs ------------------------------------------------------------------------------------

DEAF_JS = """
window.__deaf = false;
window.addEventListener('storage', (event) => {
  if (window.__deaf) event.stopImmediatePropagation();
}, true);
"""


def test_a_second_tab_follows_the_first(new_site_context: NewContext) -> None:
    context = new_site_context()
    first, second = context.new_page(), context.new_page()
    goto_booted(first)
    goto_booted(second)
    YachtPage(first).new_game("extended", ("Ann", "Ben"))
    expect(second.locator("#scorecard thead th")).to_have_text(["Category", "Ann", "Ben"])
    YachtPage(first).roll()
    second.wait_for_function("() => document.querySelector('#dice .die').dataset.face")
    assert board(second) == board(first)
    # And back: the second tab plays on from there, the first follows.
    YachtPage(second).toggle(3)
    YachtPage(second).roll()
    first.wait_for_function(
        "f => document.querySelector('#rolls-left').textContent === f",
        arg=board(second)["rollsLeft"],
    )
    assert board(first) == board(second)
    assert GAME_RECORD.decode(str(stored(first))).revision == 4


def test_a_tab_that_missed_the_news_does_not_write_over_a_newer_game(
    new_site_context: NewContext,
) -> None:
    context = new_site_context()
    context.add_init_script(DEAF_JS)
    first, second = context.new_page(), context.new_page()
    goto_booted(first)
    goto_booted(second)
    second.evaluate("window.__deaf = true")
    YachtPage(first).roll()
    newer = stored(first)
    first_board = board(first)
    assert board(second) != first_board  # the second tab has not heard
    # The second tab acts on its old game: it must not save over the first tab's roll.
    second.locator("#roll").click()
    expect(second.locator("#notice")).to_have_text(describe(Notice(Event.MOVED_ON, GAME_KEY)))
    assert stored(second) == newer
    assert board(second) == first_board
    # Caught up, it plays on normally.
    YachtPage(second).roll()
    assert GAME_RECORD.decode(str(stored(first))).revision == 2


# -- export and import ---------------------------------------------------------------------------


def export_file(page: Page, tmp_path: Path) -> Path:
    with page.expect_download() as download:
        open_menu(page)
        page.get_by_role("button", name="Export").click()
    target = tmp_path / download.value.suggested_filename
    download.value.save_as(target)
    return target


def import_file(page: Page, path: Path) -> None:
    page.locator("#import-file").set_input_files(path)


def test_export_then_import_in_another_browser(
    new_site_context: NewContext, tmp_path: Path
) -> None:
    page = new_site_context().new_page()
    goto_booted(page)
    YachtPage(page).new_game("extended", ("Ann", "<b>Ben</b>"), bonus=True)
    play_a_turn(page)
    YachtPage(page).roll()
    path = export_file(page, tmp_path)
    assert path.name.startswith("yacht-")
    assert path.suffix == ".json"
    data = json.loads(path.read_text("utf-8"))
    assert (data["format"], data["version"]) == ("yacht-export", 2)
    assert data["history"]["format"] == "yacht-history"
    contents = EXPORT_RECORD.decode(path.read_text("utf-8"))
    assert contents.game is not None
    assert contents.game.state == GAME_RECORD.decode(str(stored(page))).state
    assert contents.setup is not None
    assert contents.setup.names == ("Ann", "<b>Ben</b>")
    exported_board = board(page)

    other = new_site_context().new_page()
    goto_booted(other)
    YachtPage(other).roll()
    before_import = stored(other)
    import_file(other, path)
    expect(other.locator("#notice")).to_have_text(imported(True))
    assert board(other) == exported_board
    assert stored(other, "yacht:game:backup") == before_import
    assert GAME_RECORD.decode(str(stored(other))).state == contents.game.state
    assert json.loads(str(stored(other, SETUP_KEY)))["names"] == ["Ann", "<b>Ben</b>"]
    reload_booted(other)
    assert board(other) == exported_board


@pytest.mark.parametrize(
    ("content", "damage"),
    [
        ("not json", Damage.UNREADABLE),
        ('{"format":"yacht-export","version":99}', Damage.NEWER),
        ('{"format":"yacht-game","version":2}', Damage.WRONG_KIND),
        ("TAMPERED", Damage.IMPOSSIBLE),
        ("DUPLICATED", Damage.DUPLICATED),
    ],
)
def test_a_bad_file_is_refused_and_the_game_unchanged(
    booted_page: Page, tmp_path: Path, content: str, damage: Damage
) -> None:
    page = booted_page
    YachtPage(page).new_game()
    YachtPage(page).roll()
    good = export_file(page, tmp_path)
    if content == "TAMPERED":
        data = json.loads(good.read_text("utf-8"))
        data["game"]["rolls"] = 7
        content = json.dumps(data)
    elif content == "DUPLICATED":
        content = good.read_text("utf-8").replace('"rolls": 1,', '"rolls": 1, "rolls": 2,')
    bad = tmp_path / "bad.json"
    bad.write_text(content, "utf-8")
    before, before_board = stored(page), board(page)
    import_file(page, bad)
    expect(page.locator("#notice")).to_have_text(import_failed(damage))
    assert stored(page) == before
    assert board(page) == before_board


def test_a_file_exported_with_a_version_1_game_imports(booted_page: Page, tmp_path: Path) -> None:
    data = json.loads(midturn_text())
    del data["revision"], data["saved_at"]
    data["version"] = 1
    envelope = {"format": "yacht-export", "version": 1, "exported_at": None, "game": data}
    envelope.update(setup=None, history=[])
    path = tmp_path / "old.json"
    path.write_text(json.dumps(envelope), "utf-8")
    import_file(booted_page, path)
    expect(booted_page.locator("#notice")).to_have_text(imported(True))
    assert GAME_RECORD.decode(str(stored(booted_page))).state == midturn()
