"""Collecting the translatable messages of the code and the page into a ``.pot`` template.

A developer tool (``python -m yacht messages``), not shipped to the browser. The tests use it
to find missing and unused translations.
"""

from __future__ import annotations

import ast
import string
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from yacht.i18n import TRANSLATED_ATTRIBUTES, Key
from yacht.rules.rulesets import RULESETS

PACKAGE = Path(__file__).resolve().parents[1]
ROOT = PACKAGE.parent
TEMPLATE = PACKAGE / "locale" / "messages.pot"


@dataclass
class Message:
    """One message to translate: its key, an English plural if it has one, where it is used."""

    key: Key
    plural: str | None = None
    places: list[str] = field(default_factory=list)


def collect() -> dict[Key, Message]:
    """Every translatable message, in order of first use."""
    found: dict[Key, Message] = {}

    def add(key: Key, place: str, plural: str | None = None) -> None:
        message = found.setdefault(key, Message(key, plural))
        message.plural = message.plural or plural
        message.places.append(place)

    for path in sorted(PACKAGE.rglob("*.py")):
        for key, plural in _python_messages(path):
            # Files, not lines, as references: the template changes only when messages do.
            add(key, plural=plural, place=path.relative_to(ROOT).as_posix())
    # Rule-set data is translated by value (tr.gettext(rules.title)), so list it here.
    for ruleset in RULESETS.values():
        add((None, ruleset.title), "yacht/rules/rulesets.py")
        for category in ruleset.categories:
            add(("category", ruleset.name_of(category)), "yacht/rules/rulesets.py")
    for text in html_messages((ROOT / "index.html").read_text(encoding="utf-8")):
        add((None, text), "index.html")
    return found


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields a message formats."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def template(messages: dict[Key, Message]) -> str:
    """The ``.pot`` text for ``messages``."""
    out = [
        "# Messages of the Yacht game. English is the source language.",
        'msgid ""',
        'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
        "",
    ]
    for message in messages.values():
        context, msgid = message.key
        out.append("#: " + " ".join(dict.fromkeys(message.places)))
        if placeholders(msgid):
            out.append("#, python-brace-format")
        if context is not None:
            out.append(f"msgctxt {po_string(context)}")
        out.append(f"msgid {po_string(msgid)}")
        if message.plural is not None:
            out.append(f"msgid_plural {po_string(message.plural)}")
            out.extend(['msgstr[0] ""', 'msgstr[1] ""'])
        else:
            out.append('msgstr ""')
        out.append("")
    return "\n".join(out)


def po_string(text: str) -> str:
    """``text`` as a quoted string of a ``.po`` file (as :func:`yacht.i18n.read_po` reads it)."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def _python_messages(path: Path) -> list[tuple[Key, str | None]]:
    found: list[tuple[int, int, Key, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        strings = [a.value if isinstance(a, ast.Constant) else None for a in node.args]
        name = node.func.attr
        if name == "gettext" and len(strings) == 1 and isinstance(strings[0], str):
            found.append((node.lineno, node.col_offset, (None, strings[0]), None))
        elif name == "pgettext" and len(strings) == 2 and all(isinstance(s, str) for s in strings):
            found.append((node.lineno, node.col_offset, (str(strings[0]), str(strings[1])), None))
        elif (
            name == "ngettext"
            and len(strings) == 3
            and all(isinstance(s, str) for s in strings[:2])
        ):
            found.append((node.lineno, node.col_offset, (None, str(strings[0])), str(strings[1])))
    return [(key, plural) for _, _, key, plural in sorted(found)]


class _MarkedText(HTMLParser):
    """Reads the texts that index.html marks with ``data-i18n`` / ``data-i18n-<attribute>``."""

    def __init__(self) -> None:
        super().__init__()
        self.messages: list[str] = []
        self._open: list[tuple[str, list[str] | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for attribute in TRANSLATED_ATTRIBUTES:
            marked = values.get(f"data-i18n-{attribute}")
            if marked:
                self.messages.append(marked)
        if tag in ("meta", "link", "input", "br", "img"):
            return
        if "data-i18n" in values:
            explicit = values["data-i18n"]
            if explicit:
                self.messages.append(explicit)
            self._open.append((tag, None if explicit else []))
        else:
            self._open.append((tag, None))

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            open_tag, text = self._open.pop()
            if text is not None:
                self.messages.append(" ".join("".join(text).split()))
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        for _, text in self._open:
            if text is not None:
                text.append(data)


def html_messages(html: str) -> list[str]:
    """The texts index.html marks for translation, in page order (English: the message ids)."""
    parser = _MarkedText()
    parser.feed(html)
    return parser.messages
