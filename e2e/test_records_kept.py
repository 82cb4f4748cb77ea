"""Nothing lost at the edges, in the real page: the history's limit, records that are not kept.

- An import that would take the history past its limit asks first, says how many of the
  oldest games would not fit, and downloads them (an export file that imports again) before
  leaving them out; cancelling changes nothing. A file of too many games is refused as that.
- A finished game that the history cannot take (a newer version's history) is said at once.
- A 5 MB value in the game, setup or history key is offered as a download, then started afresh
  with the player's consent; the setup's notice names the setup, not the progress.
- A damaged or newer settings record is backed up and never written over unseen.

Every message checked is computed with ``yacht.views.save_notices``, the page's own wording.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from harness import goto_booted, reload_booted
from playwright.sync_api import BrowserContext, Page, expect
from test_saves import midturn_text, notice, stored
from yacht_page import YachtPage, open_menu

import yacht
from yacht.errors import Damage, TooManyGamesError
from yacht.rules.rulesets import find_ruleset, possible_scores
from yacht.saves.export import EXPORT_RECORD, Export
from yacht.saves.game_record import GAME_RECORD, SavedGame
from yacht.saves.history import (
    HISTORY_RECORD,
    MAX_GAMES,
    History,
    HistoryEntry,
    PlayerResult,
)
from yacht.saves.history_slot import NotStored
from yacht.saves.keys import GAME_KEY, HISTORY_KEY, SETTINGS_KEY, SETUP_KEY
from yacht.saves.settings import SETTINGS_RECORD, Settings
from yacht.saves.setup_record import SETUP_RECORD
from yacht.saves.slots import Event, Notice
from yacht.views.save_notices import (
    describe,
    history_merged,
    import_past_limit,
    import_refused,
    made_room,
    make_room_button,
    not_recorded,
    over_limit_page,
)

NewContext = Callable[..., BrowserContext]
TRADITIONAL = find_ruleset("traditional")
OPTIONS = {c: sorted(possible_scores(TRADITIONAL, c)) for c in TRADITIONAL.categories}
FIVE_MB = "{" + "x" * 5_000_000
"""A value the browser stores, with no room left for a copy beside it."""
PHONES = ({"width": 390, "height": 844}, {"width": 360, "height": 740})


def games(count: int, seed: int, first_day: int = 0) -> tuple[HistoryEntry, ...]:
    """``count`` distinct solo games, one a minute from day ``first_day`` of 2025."""
    rng = random.Random(seed)
    result = []
    for n in range(count):
        minute = first_day * 1440 + n
        day = f"2025-{1 + minute // 40320 % 12:02d}-{1 + minute // 1440 % 28:02d}"
        stamp = f"{day}T{minute // 60 % 24:02d}:{minute % 60:02d}:00Z"
        scores = tuple((c, rng.choice(OPTIONS[c])) for c in TRADITIONAL.categories)
        result.append(HistoryEntry(stamp, day, TRADITIONAL, (PlayerResult("Ann", scores),)))
    return tuple(result)


def plant_all(page: Page, items: dict[str, str]) -> None:
    """Replace this site's storage with ``items``."""
    page.evaluate(
        "items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) "
        "localStorage.setItem(k, v); }",
        items,
    )


def stored_history(page: Page) -> History:
    return HISTORY_RECORD.decode(str(stored(page, HISTORY_KEY)))


def pictures(page: Page, save: Callable[..., Path], name: str) -> None:
    """The page as it stands at both phone sizes, light and dark."""
    try:
        for size in PHONES:
            page.set_viewport_size(size)
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                save(page, f"{name}-{size['width']}-{scheme}")
    finally:
        page.emulate_media(color_scheme="light")
        page.set_viewport_size({"width": 1280, "height": 800})


@pytest.fixture
def page(new_site_context: NewContext) -> Page:
    fresh = new_site_context().new_page()
    goto_booted(fresh)
    return fresh


# -- the history's limit -------------------------------------------------------------------------


def test_an_import_past_the_limit_asks_and_downloads_what_is_left_out(
    page: Page, tmp_path: Path, save_screenshot: Callable[..., Path]
) -> None:
    local = games(MAX_GAMES - 5, 1)
    newer = games(20, 2, first_day=200)  # newer than every local game
    plant_all(page, {HISTORY_KEY: HISTORY_RECORD.encode(History(local))})
    reload_booted(page)
    file = tmp_path / "newer.json"
    file.write_text(EXPORT_RECORD.encode(Export(None, None, None, History(newer))), "utf-8")
    plan = History(local).merged(History(newer))
    assert (len(plan.dropped), plan.dropped_local) == (15, 15)

    # Cancelled: nothing changes.
    before = stored(page, HISTORY_KEY)
    page.locator("#import-file").set_input_files(file)
    dialog = page.get_by_role("dialog", name="Past the history's limit")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#import-limit-text")).to_have_text(import_past_limit(plan))
    expect(dialog.get_by_role("button", name="Cancel")).to_be_focused()
    pictures(page, save_screenshot, "import-limit")
    page.keyboard.press("Escape")
    expect(page.locator("#notice")).to_have_text("The import was cancelled: nothing was changed.")
    assert stored(page, HISTORY_KEY) == before

    # Confirmed: the oldest 15 (all from this browser) are downloaded, then left out.
    page.locator("#import-file").set_input_files(file)
    with page.expect_download() as download:
        dialog.get_by_role("button", name="Download them and import").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    left_out = EXPORT_RECORD.decode(saved.read_text("utf-8")).history
    assert left_out is not None
    assert left_out.games == local[:15]
    expect(page.locator("#notice")).to_have_text(
        history_merged(plan, download.value.suggested_filename)
    )
    kept = stored_history(page)
    assert kept.games == local[15:] + newer
    # Every game is in the history or in the file: importing the file back asks again.
    assert set(kept.games) | set(left_out.games) == set(local) | set(newer)


def test_games_past_the_limit_are_downloaded_then_removed_from_the_history_page(
    page: Page, tmp_path: Path, save_screenshot: Callable[..., Path]
) -> None:
    held = games(MAX_GAMES + 3, 4)  # finished games past the limit are kept, not dropped
    plant_all(page, {HISTORY_KEY: HISTORY_RECORD.encode(History(held))})
    reload_booted(page)
    open_menu(page)
    page.locator("#show-history").click()
    dialog = page.get_by_role("dialog", name="History and statistics")
    expect(dialog.locator("#history-over-text")).to_have_text(over_limit_page(MAX_GAMES + 3, 3))
    button = dialog.get_by_role("button", name=make_room_button(3))
    pictures(page, save_screenshot, "history-over-limit")  # told first, at the top
    with page.expect_download() as download:
        button.click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    taken = EXPORT_RECORD.decode(saved.read_text("utf-8")).history
    assert taken is not None
    assert taken.games == held[:3]
    assert stored_history(page).games == held[3:]
    expect(dialog.locator("#history-over")).to_be_hidden()
    expect(page.locator("#notice")).to_have_text(made_room(3, download.value.suggested_filename))


def test_a_file_of_too_many_games_is_refused_as_that(page: Page, tmp_path: Path) -> None:
    file = tmp_path / "ten-thousand.json"
    history = History(games(10_000, 3))
    file.write_text(EXPORT_RECORD.encode(Export(None, None, None, history)), "utf-8")
    YachtPage(page).roll()
    before = stored(page)
    page.locator("#import-file").set_input_files(file)
    expected = import_refused(TooManyGamesError(10_000, MAX_GAMES))
    expect(page.locator("#notice")).to_have_text(expected, timeout=60_000)
    assert "10,000 finished games" in expected
    assert stored(page) == before


# -- a finished game the history cannot take ------------------------------------------------------


def one_score_left() -> yacht.GameState:
    """A solo game with every category but the last filled, rolled once."""
    state = yacht.new_game(["Ann"], seed=5)
    while len(state.open_categories()) > 1:
        state = yacht.roll(state)
        state = yacht.score_category(state, state.open_categories()[0])
    return yacht.roll(state)


def test_a_finished_game_not_recorded_is_told_at_once(page: Page) -> None:
    newer = '{"format":"yacht-history","version":99,"games":[]}'
    game = GAME_RECORD.encode(SavedGame(one_score_left(), 3, "2026-12-01T12:00:00Z"))
    plant_all(page, {GAME_KEY: game, HISTORY_KEY: newer})
    reload_booted(page)
    YachtPage(page).options.first.click()
    YachtPage(page).answer_scratch()
    expect(page.locator("#game-over")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text(not_recorded(NotStored.NEWER))
    assert stored(page, HISTORY_KEY) == newer


# -- a 5 MB record and its way out ----------------------------------------------------------------


@pytest.mark.parametrize("key", [GAME_KEY, SETUP_KEY, HISTORY_KEY])
def test_a_5_mb_record_is_downloaded_and_started_afresh(
    page: Page, tmp_path: Path, key: str, save_screenshot: Callable[..., Path]
) -> None:
    plant_all(page, {key: FIVE_MB})
    reload_booted(page)
    told = describe(Notice(Event.DAMAGED_KEPT, key, Damage.TOO_BIG))
    expect(page.locator("#notice")).to_contain_text(told)
    if key == SETUP_KEY:
        assert "progress" not in told
    assert stored(page, f"{key}:backup") is None  # no room for a copy
    board = YachtPage(page)
    board.roll_button.click()
    expect(page.locator("#dice .die").first).to_have_attribute("data-face", re.compile("^[1-6]$"))
    board.wait_for_landing()
    assert stored(page, key) == FIVE_MB  # left alone: nothing saves over it

    button = page.get_by_role("button", name="Download it and start afresh…")
    expect(button).to_be_visible()
    if key == GAME_KEY:
        pictures(page, save_screenshot, "way-out-button")
    button.click()
    dialog = page.get_by_role("dialog", name="A record that cannot be saved")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(told)
    restart = dialog.get_by_role("button", name="Start afresh")
    expect(restart).to_be_disabled()  # not before the copy is kept
    if key == GAME_KEY:
        pictures(page, save_screenshot, "way-out-dialog")
    with page.expect_download() as download:
        dialog.get_by_role("button", name="Download it").click()
    copy = tmp_path / download.value.suggested_filename
    download.value.save_as(copy)
    assert copy.read_text("utf-8") == FIVE_MB
    expect(restart).to_be_enabled()
    restart.click()
    expect(page.locator("#notice")).to_have_text(
        "Started afresh: the page saves this record again."
    )
    expect(button).to_be_hidden()

    # The page saves that record again, and a reload reads it.
    if key == GAME_KEY:
        assert GAME_RECORD.decode(str(stored(page, key))).state.rolls == 1
    elif key == SETUP_KEY:
        SETUP_RECORD.decode(str(stored(page, key)))
    else:
        assert stored_history(page) == History()
    reload_booted(page)
    assert notice(page) == ""


# -- settings -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ('{"format":"yacht-settings","version":2,"language":"xx","sound":true}', Event.DAMAGED),
        ('{"format":"yacht-settings","version":3,"language":"lv","theme":"sea"}', Event.NEWER),
    ],
    ids=["damaged", "newer"],
)
def test_settings_are_backed_up_and_never_written_over_unseen(
    page: Page, text: str, event: Event
) -> None:
    game = midturn_text()
    plant_all(page, {SETTINGS_KEY: text, GAME_KEY: game})
    reload_booted(page)
    damage = Damage.NEWER if event is Event.NEWER else Damage.IMPOSSIBLE
    expect(page.locator("#notice")).to_contain_text(describe(Notice(event, SETTINGS_KEY, damage)))
    assert stored(page, f"{SETTINGS_KEY}:backup") == text
    open_menu(page)
    page.locator("#sound").click()  # a change of the settings
    if event is Event.NEWER:
        assert stored(page, SETTINGS_KEY) == text
    else:
        assert SETTINGS_RECORD.decode(str(stored(page, SETTINGS_KEY))) == Settings(None, True)
        assert json.loads(str(stored(page, f"{SETTINGS_KEY}:backup")))["language"] == "xx"
