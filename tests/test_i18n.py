"""Translations: complete, unused-free, placeholder-safe catalogs with the right plurals."""

from __future__ import annotations

import ast
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import yacht
from yacht.i18n import ENGLISH, LANGUAGES, LOCALE_DIR, Catalog, negotiate, read_po, translator
from yacht.rules.rulesets import RULESETS
from yacht.tools.messages_catalog import TEMPLATE, collect, placeholders, template
from yacht.tools.page_texts import PAGE_TEXTS, new_board_headings, page_texts
from yacht.tools.start_failure_texts import (
    BOOT_SCRIPT,
    boot_script,
    hung_after_seconds,
    start_failure_texts,
)
from yacht.views.board import board_view

ROOT = Path(__file__).resolve().parents[1]

TRANSLATED = sorted(code for code in LANGUAGES if code != "en")

# Which plural form each number takes, from the CLDR rules of each language.
PLURAL_CASES = {
    "ru": {1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 21: 0, 22: 1, 25: 2, 111: 2, 0: 2},
    "uk": {1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 14: 2, 21: 0, 24: 1, 0: 2},
    "pl": {1: 0, 2: 1, 4: 1, 5: 2, 12: 2, 21: 2, 22: 1, 0: 2, 112: 2},
    "lv": {1: 0, 21: 0, 11: 1, 2: 1, 5: 1, 0: 2},
}


def _catalog(language: str) -> Catalog:
    return read_po(_po_text(language))


def _po_text(language: str) -> str:
    return (LOCALE_DIR / f"{language}.po").read_text(encoding="utf-8")


def test_template_is_up_to_date() -> None:
    assert TEMPLATE.read_text(encoding="utf-8") == template(collect()), (
        "run: python -m yacht messages"
    )


def test_the_page_texts_for_the_browser_are_up_to_date() -> None:
    assert PAGE_TEXTS.read_text(encoding="utf-8") == page_texts(), "run: python -m yacht messages"


def test_the_texts_of_a_failed_start_in_boot_js_are_the_catalogs() -> None:
    assert BOOT_SCRIPT.read_text(encoding="utf-8") == boot_script(), "run: python -m yacht messages"


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_failed_start_is_told_in_the_players_language(language: str) -> None:
    english = start_failure_texts(ENGLISH)
    texts = start_failure_texts(translator(language))
    assert [case for case in texts if texts[case] == english[case]] == []
    # The address boot.js appends, the host a player is asked to allow, and the wait it names.
    assert texts["broken"].endswith(":")
    assert "cdn.jsdelivr.net" in texts["failed"]
    assert "cdn.jsdelivr.net" in texts["hung"]
    assert str(hung_after_seconds()) in texts["hung"]


def test_the_hung_text_names_boot_js_wait() -> None:
    assert f"for {hung_after_seconds()} seconds" in start_failure_texts(ENGLISH)["hung"]


class _StaticBoard(HTMLParser):
    """The scorecard index.html shows before Python draws the game's: its title, the category
    column's headings, the seat's, each row's name by its data-row, and the status's room."""

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.status_room = ""
        self.corners: list[str] = []
        self.seats: list[str] = []
        self.rows: dict[str, str] = {}
        self._row: str | None = None
        self._reading: tuple[str, str] | None = None  # (tag, what) of the text being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "tr":
            self._row = values.get("data-row")
        if values.get("id") == "ruleset-title":
            self._reading = (tag, "title")
        elif values.get("id") == "status-room":
            self._reading = (tag, "status_room")
        elif values.get("class") == "corner-label":
            self.corners.append("")
            self._reading = (tag, "corner")
        elif values.get("class") == "current":
            self.seats.append("")
            self._reading = (tag, "seat")
        elif tag == "th" and self._row is not None:
            self.rows[self._row] = ""
            self._reading = (tag, "row")

    def handle_endtag(self, tag: str) -> None:
        if self._reading is not None and self._reading[0] == tag:
            self._reading = None

    def handle_data(self, data: str) -> None:
        what = self._reading[1] if self._reading else None
        if what == "title":
            self.title += data
        elif what == "status_room":
            self.status_room += data
        elif what == "corner":
            self.corners[-1] += data
        elif what == "seat":
            self.seats[-1] += data
        elif what == "row" and self._row is not None:
            self.rows[self._row] += data


def test_the_board_before_python_is_a_new_games_and_is_translated_row_by_row() -> None:
    """static/page-language.js finds in index.html's scorecard the rows and headings it has a
    translation of: the page's scorecard is the one the game draws for a new game."""
    static = _StaticBoard()
    static.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    english = new_board_headings(ENGLISH)
    assert static.title == english["title"]
    assert static.corners == [english["category"]] * 2  # the heading row and its mirror
    assert static.seats == [english["seat"]] * 2
    assert static.status_room == english["status_room"]
    assert static.rows == english["rows"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalog_has_every_message_and_no_unused_one(language: str) -> None:
    catalog = _catalog(language)
    wanted = set(collect())
    missing = sorted(str(k) for k in wanted - set(catalog.messages))
    unused = sorted(str(k) for k in set(catalog.messages) - wanted)
    assert missing == [], f"{language}: missing translations"
    assert unused == [], f"{language}: translations no longer used"
    empty = sorted(str(k) for k, forms in catalog.messages.items() if not all(forms))
    assert empty == [], f"{language}: empty translations"


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders(language: str) -> None:
    catalog = _catalog(language)
    messages = collect()
    for key, forms in catalog.messages.items():
        if key not in messages:
            continue
        expected = placeholders(key[1])
        plural = messages[key].plural
        if plural is not None:
            expected |= placeholders(plural)
        for form in forms:
            assert placeholders(form) == expected, f"{language}: {key[1]!r} -> {form!r}"
            form.format(**dict.fromkeys(expected, 1))  # a stray brace would raise


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_forms_follow_the_language(language: str) -> None:
    catalog = _catalog(language)
    assert catalog.headers["Language"] == language
    nplurals = int(catalog.headers["Plural-Forms"].split("nplurals=")[1].split(";")[0])
    for number, form in PLURAL_CASES[language].items():
        assert catalog.plural_index(number) == form, f"{language}: {number}"
    messages = collect()
    for key, forms in catalog.messages.items():
        if key in messages and messages[key].plural is not None:
            assert len(forms) == nplurals, f"{language}: {key[1]!r} needs {nplurals} forms"


def test_the_board_speaks_every_language() -> None:
    state = yacht.roll(yacht.new_game(["Ann"], seed=1))
    english = board_view(state)
    for language in TRANSLATED:
        view = board_view(state, translator(language))
        assert view.status != english.status, language
        assert view.rows[-1].name != "Total", language
        assert view.layout[0] == language


def test_negotiate_picks_the_first_shipped_language() -> None:
    assert negotiate(["de-DE", "pl-PL", "en"]) == "pl"
    assert negotiate(["ru_RU"]) == "ru"
    assert negotiate(["fr"]) == "en"
    assert negotiate([]) == "en"
    assert translator("xx") is ENGLISH


def test_read_po_handles_context_plurals_continuations_and_fuzzy() -> None:
    catalog = read_po(
        "\n".join(
            [
                'msgid ""',
                'msgstr ""',
                '"Language: ru\\n"',
                '"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && '
                'n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"',
                "",
                'msgctxt "category"',
                'msgid "Choice"',
                'msgstr "Шанс"',
                "",
                'msgid "{count} die"',
                'msgid_plural "{count} dice"',
                'msgstr[0] "{count} кубик"',
                'msgstr[1] "{count} "',
                '"кубика"',
                'msgstr[2] "{count} кубиков"',
                "",
                "#, fuzzy",
                'msgid "Roll"',
                'msgstr "Бросок?"',
            ]
        )
    )
    assert catalog.messages[("category", "Choice")] == ("Шанс",)
    assert catalog.messages[(None, "{count} die")][1] == "{count} кубика"
    assert (None, "Roll") not in catalog.messages
    assert catalog.plural_index(22) == 1
    assert catalog.plurals[(None, "{count} die")] == "{count} dice"


def test_missing_translation_falls_back_to_english() -> None:
    russian = translator("ru")
    assert russian.gettext("no such message {x}") == "no such message {x}"
    assert russian.ngettext("a {n}", "many {n}", 5) == "many {n}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_headers_declare_utf8_and_a_total_plural_rule(language: str) -> None:
    catalog = _catalog(language)
    assert catalog.headers["Content-Type"] == "text/plain; charset=UTF-8"
    nplurals = int(catalog.headers["Plural-Forms"].split("nplurals=")[1].split(";")[0])
    assert nplurals == 3
    assert {catalog.plural_index(n) for n in range(1000)} == set(range(nplurals)), language


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_fuzzy_or_obsolete_entries(language: str) -> None:
    # read_po ignores both, so a fuzzy entry would silently show English.
    lines = _po_text(language).splitlines()
    assert not [line for line in lines if line.startswith("#,") and "fuzzy" in line]
    assert not [line for line in lines if line.startswith("#~")]


@pytest.mark.parametrize("language", TRANSLATED)
def test_brace_format_flags_follow_the_template(language: str) -> None:
    flagged = set()
    for block in _po_text(language).split("\n\n"):
        match = re.search(r"^msgid (\".*\")$", block, re.MULTILINE)
        if match and "#, python-brace-format" in block:
            flagged.add(ast.literal_eval(match.group(1)))
    wanted = {key[1] for key in collect() if placeholders(key[1])}
    assert flagged == wanted, language


@pytest.mark.parametrize("language", TRANSLATED)
def test_option_labels_name_the_category_first(language: str) -> None:
    # Screen-reader users find a scorecard option by the first word of its name.
    catalog = _catalog(language)
    for key in collect():
        if key[1].startswith("{category}:"):
            for form in catalog.messages[key]:
                assert form.startswith("{category}:"), f"{language}: {form!r}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_category_names_differ_within_each_rule_set(language: str) -> None:
    tr = translator(language)
    for rules in RULESETS.values():
        names = [tr.pgettext("category", rules.name_of(c)) for c in rules.categories]
        assert len(set(names)) == len(names), f"{language}: {rules.id}: {names}"
