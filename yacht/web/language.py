"""The page's language and its static texts.

The language comes from ``?lang=`` in the address, else the remembered setting, else the
browser's preferences; changing it redraws every text of the page at once.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

from yacht.i18n import LANGUAGES, TRANSLATED_ATTRIBUTES, Translator, negotiate
from yacht.web.batched_writes import BatchedWriter
from yacht.web.page import by_id, query_param


def choose_language(remembered: str | None) -> str:
    """The language to start in: forced by the address, remembered, or the browser's."""
    forced = query_param("lang")
    if forced in LANGUAGES:
        return str(forced)
    if remembered in LANGUAGES:
        return str(remembered)
    return negotiate(str(code) for code in window.navigator.languages)


# Reads the page's translatable texts and attributes in one call into JavaScript, rather than
# some six calls for each of its 131 elements (about 8 ms of every start):
# [elements marked data-i18n, their message ids ("" for none yet), their texts,
#  [[elements marked data-i18n-<attribute>, their message ids], ...] by attribute].
_READ_MARKED_BODY = """
const texts = Array.from(document.querySelectorAll("[data-i18n]"));
return [
  texts,
  texts.map((element) => element.getAttribute("data-i18n") || ""),
  texts.map((element) => element.textContent),
  attributes.map((attribute) => {
    const marked = Array.from(document.querySelectorAll(`[data-i18n-${attribute}]`));
    return [marked, marked.map((element) => element.getAttribute(`data-i18n-${attribute}`))];
  }),
];
"""


@cache
def _marked_reader() -> Any:
    # `new Function` needs 'unsafe-eval', which PyScript needs too (see batched_writes).
    return window.Function.new("attributes", _READ_MARKED_BODY)


def translate_page(tr: Translator) -> None:
    """Put the page in ``tr``'s language: its ``lang``, the language menu, and the static
    texts marked ``data-i18n`` in index.html.

    The English text is the message id; it is remembered in the attribute on first use, so
    switching language again starts from the English, not from the last translation.
    """
    document.documentElement.lang = tr.language
    by_id("language").value = tr.language
    found = _marked_reader()(to_js(TRANSLATED_ATTRIBUTES))
    elements, ids, texts = (found[index].to_py(depth=1) for index in range(3))
    write = BatchedWriter()
    for element, known, text in zip(elements, ids, texts, strict=True):
        message = known or " ".join(str(text).split())
        if not known:
            write.attr(element, "data-i18n", message)
        translated = tr.gettext(message)
        if translated != text:  # not at a start in English: nothing to write then
            write.put_text(element, translated)
    for attribute, marked in zip(TRANSLATED_ATTRIBUTES, found[3].to_py(depth=1), strict=True):
        for element, message in zip(marked[0].to_py(depth=1), marked[1].to_py(), strict=True):
            write.attr(element, attribute, tr.gettext(str(message)))
    write.flush()
