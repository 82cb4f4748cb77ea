"""Translations: gettext ``.po`` catalogs read at run time, no compile step.

English is the source language: its strings are the message ids, so English needs no catalog.
Catalogs live in ``yacht/locale/<lang>.po``, the format every translation tool edits. Reading
them directly (rather than compiled ``.mo`` files) keeps the site playable without a build.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

LOCALE_DIR = Path(__file__).parent / "locale"

LANGUAGES: dict[str, str] = {
    "en": "English",
    "ru": "Русский",
    "uk": "Українська",
    "pl": "Polski",
    "lv": "Latviešu",
}
"""Every shipped language, by code, named in itself (as a language menu shows them)."""

DEFAULT_LANGUAGE = "en"

TRANSLATED_ATTRIBUTES = ("aria-label", "content")
"""Attributes whose English text an element of index.html carries as data-i18n-<attribute>."""

Key = tuple[str | None, str]
"""A message's context (None for none) and its English text."""


@dataclass(frozen=True)
class Translator:
    """Looks up the translations of one language; falls back to English for anything missing."""

    language: str = DEFAULT_LANGUAGE
    messages: dict[Key, tuple[str, ...]] = field(default_factory=dict, repr=False)
    plural_index: Callable[[int], int] = field(default=lambda n: int(n != 1), repr=False)

    def gettext(self, message: str) -> str:
        """The translation of ``message``."""
        return self._lookup((None, message), message, message, 1)

    def pgettext(self, context: str, message: str) -> str:
        """The translation of ``message`` in ``context`` (e.g. "category")."""
        return self._lookup((context, message), message, message, 1)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The translation of the form that fits the number ``n``."""
        return self._lookup((None, singular), singular, plural, n)

    def _lookup(self, key: Key, singular: str, plural: str, n: int) -> str:
        forms = self.messages.get(key)
        if not forms:
            return singular if n == 1 else plural
        index = self.plural_index(n) if len(forms) > 1 else 0
        text = forms[min(index, len(forms) - 1)]
        return text or (singular if n == 1 else plural)


ENGLISH = Translator()


@cache
def translator(language: str) -> Translator:
    """The translator for ``language`` (English for an unknown code)."""
    if language not in LANGUAGES or language == DEFAULT_LANGUAGE:
        return ENGLISH
    catalog = read_po((LOCALE_DIR / f"{language}.po").read_text(encoding="utf-8"))
    return Translator(language, catalog.messages, catalog.plural_index)


DECIMAL_SEPARATORS: dict[str, str] = {"en": ".", "ru": ",", "uk": ",", "pl": ",", "lv": ","}
"""Each language's decimal separator (CLDR): "165.8" in English is "165,8" in the others."""
ENGLISH_MONTHS = (
    *("Jan", "Feb", "Mar", "Apr", "May", "Jun"),
    *("Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
)


def format_decimal(value: float, language: str, digits: int = 1) -> str:
    """``value`` rounded to ``digits`` decimals, written the way ``language`` writes numbers.

    No locale library: the page runs in Pyodide, where none is installed, and the five
    languages differ only in the decimal separator (scores never reach the thousands where
    grouping would start).

    >>> format_decimal(165.84, "en"), format_decimal(165.84, "ru"), format_decimal(-0.04, "pl")
    ('165.8', '165,8', '0,0')
    >>> format_decimal(-4.25, "lv", 2)
    '-4,25'
    """
    text = f"{value:.{digits}f}"
    if text.startswith("-") and not text.strip("-0."):
        text = text[1:]  # rounded to zero, "-0.0" says nothing a plain zero doesn't
    return text.replace(".", DECIMAL_SEPARATORS.get(language, "."))


def format_count(value: int, language: str) -> str:
    """A whole number grouped in thousands the way ``language`` writes it (CLDR): a comma in
    English, a no-break space in the others, and Polish leaves four digits ungrouped.

    >>> format_count(10000, "en"), format_count(5000, "pl"), format_count(10000, "ru")
    ('10,000', '5000', '10\xa0000')
    """
    grouped = f"{value:,}"
    if language == "en":
        return grouped
    if language == "pl" and abs(value) < 10_000:
        return str(value)
    return grouped.replace(",", "\u00a0")


def format_day(day: str, language: str) -> str:
    """A calendar date (``YYYY-MM-DD``) as ``language`` writes a date in a list.

    English as "1 Dec 2026" (the month named, so no reader mistakes 1/12 for 12/1); the others
    with their own numeric form, day first: "01.12.2026" (Latvian ends it with a full stop).
    Anything that is not such a date is returned unchanged.

    >>> [format_day("2026-12-01", language) for language in ("en", "ru", "lv")]
    ['1 Dec 2026', '01.12.2026', '01.12.2026.']
    """
    year, _, rest = day.partition("-")
    month, _, date = rest.partition("-")
    if not (len(year) == 4 and len(month) == len(date) == 2 and (year + month + date).isdigit()):
        return day
    if not 1 <= int(month) <= 12:
        return day
    if language not in DECIMAL_SEPARATORS or language == DEFAULT_LANGUAGE:
        return f"{int(date)} {ENGLISH_MONTHS[int(month) - 1]} {year}"
    return f"{date}.{month}.{year}" + ("." if language == "lv" else "")


def join_sentences(*sentences: str) -> str:
    """Whole sentences side by side, leaving out the empty ones.

    >>> join_sentences("Saved.", "", "Your turn.")
    'Saved. Your turn.'
    """
    return " ".join(s for s in sentences if s)


def negotiate(preferences: Iterable[str]) -> str:
    """The best shipped language for a browser's preference list (``navigator.languages``)."""
    for preference in preferences:
        code = preference.strip().lower().replace("_", "-").split("-")[0]
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


@dataclass(frozen=True)
class Catalog:
    """A parsed ``.po`` file."""

    messages: dict[Key, tuple[str, ...]]
    headers: dict[str, str]
    plural_index: Callable[[int], int]
    plurals: dict[Key, str] = field(default_factory=dict)
    """The English plural of each plural message (msgid_plural)."""


def read_po(text: str) -> Catalog:
    """Parse the text of a ``.po`` file (fuzzy and obsolete entries are ignored)."""
    messages: dict[Key, tuple[str, ...]] = {}
    plurals: dict[Key, str] = {}
    for entry in _entries(text):
        if entry.fuzzy or entry.obsolete or "msgid" not in entry.fields:
            continue
        msgid = entry.fields["msgid"]
        forms = [
            entry.fields[name]
            for name in sorted(
                (n for n in entry.fields if n.startswith("msgstr")), key=_form_number
            )
        ]
        key = (entry.fields.get("msgctxt"), msgid)
        messages[key] = tuple(forms)
        if "msgid_plural" in entry.fields:
            plurals[key] = entry.fields["msgid_plural"]
    header_text = messages.pop((None, ""), ("",))[0]
    headers = {
        name.strip(): value.strip()
        for name, _, value in (line.partition(":") for line in header_text.splitlines())
        if value
    }
    return Catalog(messages, headers, _plural_rule(headers.get("Plural-Forms", "")), plurals)


@dataclass
class _Entry:
    fields: dict[str, str] = field(default_factory=dict)
    fuzzy: bool = False
    obsolete: bool = False


def _entries(text: str) -> list[_Entry]:
    entries = [_Entry()]
    current: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            entries.append(_Entry())
            current = None
            continue
        entry = entries[-1]
        if line.startswith("#~"):
            entry.obsolete = True
        elif line.startswith("#,"):
            entry.fuzzy = entry.fuzzy or "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            if current is None:
                raise ValueError(f"a string continues no field: {raw!r}")
            entry.fields[current] += _unquote(line)
        else:
            starts_entry = line.startswith(("msgid ", "msgctxt "))
            if starts_entry and current is not None and current.startswith("msgstr"):
                # A new entry began without a blank line in between.
                entries.append(_Entry())
                entry = entries[-1]
            name, _, value = line.partition(" ")
            current = name
            entry.fields[name] = _unquote(value.strip())
    return [entry for entry in entries if entry.fields]


def _unquote(token: str) -> str:
    value = ast.literal_eval(token)
    if not isinstance(value, str):
        raise ValueError(f"not a quoted string: {token!r}")
    return value


def _form_number(name: str) -> int:
    return int(name[7:-1]) if name.startswith("msgstr[") else 0


def _plural_rule(header: str) -> Callable[[int], int]:
    for part in header.split(";"):
        name, _, value = part.strip().partition("=")
        if name.strip() == "plural":
            # The stdlib's own converter of gettext's C plural expressions (safe: it parses,
            # it doesn't eval arbitrary code).
            import gettext  # only catalogs need it: English starts without it

            rule: Callable[[int], int] = gettext.c2py(value.strip())
            return rule
    return lambda n: int(n != 1)
