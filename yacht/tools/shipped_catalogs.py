"""The translation catalogs as the deployed site ships them: only what the game reads.

A ``.po`` file in ``yacht/locale/`` is written for translators: each message says where it is
used, and it also holds messages the browser's Python never asks for (the texts of a failed
start, which ``static/boot.js`` carries itself: :mod:`yacht.tools.start_failure_texts`). Every
player downloads those catalogs before the game starts, so the build (``make site``) writes them
without comments and without those messages. The source tree that ``make play`` serves keeps
the files as they are; :func:`yacht.i18n.read_po` reads both the same way.
"""

from __future__ import annotations

from yacht.i18n import Key, read_po
from yacht.tools.messages_catalog import collect, po_string

TOOLS = "yacht/tools/"


def unused_in_the_browser() -> set[Key]:
    """The messages only the developer tools use (none of the game's modules nor the page)."""
    return {
        key
        for key, message in collect().items()
        if all(place.startswith(TOOLS) for place in message.places)
    }


def shipped_catalog(text: str, leave_out: set[Key]) -> str:
    """The ``.po`` ``text`` with no comments, no fuzzy or obsolete entries and no message of
    ``leave_out``: what :func:`read_po` reads of it, and nothing else."""
    catalog = read_po(text)
    header = "".join(f"{name}: {value}\n" for name, value in catalog.headers.items())
    lines = ['msgid ""', f"msgstr {po_string(header)}"]
    for key, forms in catalog.messages.items():
        if key in leave_out:
            continue
        context, msgid = key
        lines.append("")
        if context is not None:
            lines.append(f"msgctxt {po_string(context)}")
        lines.append(f"msgid {po_string(msgid)}")
        if key in catalog.plurals:
            lines.append(f"msgid_plural {po_string(catalog.plurals[key])}")
            lines += [f"msgstr[{n}] {po_string(form)}" for n, form in enumerate(forms)]
        else:
            lines.append(f"msgstr {po_string(forms[0])}")
    return "\n".join(lines) + "\n"
