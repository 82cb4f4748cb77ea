"""The page's language, its static texts, and the rules and tips pages written in it.

The language comes from ``?lang=`` in the address, else the remembered setting, else the
browser's preferences; changing it redraws every text of the page at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from pyodide.ffi import to_js
from pyscript import document, window

from yacht.i18n import LANGUAGES, TRANSLATED_ATTRIBUTES, Translator, negotiate
from yacht.rules.rulesets import RuleSet
from yacht.web.batched_writes import BatchedWriter
from yacht.web.page import Element, by_id, create, query_param

if TYPE_CHECKING:  # loaded when first used
    from yacht.views.guide import CategoryRule, Section


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


class Guide:
    """The dialog with the rules or the tips of the rule set in play."""

    def __init__(self, tr: Callable[[], Translator], rules: Callable[[], RuleSet]) -> None:
        self._tr = tr
        self._rules = rules

    def bind(self, on: Callable[[Any, str, Callable[[Any], None]], None]) -> None:
        """Listen to the menu's Rules and Tips and the dialog's Close."""
        on(by_id("show-rules"), "click", lambda _: self.open("rules"))
        on(by_id("show-tips"), "click", lambda _: self.open("tips"))
        on(by_id("close-guide"), "click", lambda _: by_id("guide").close())

    def open(self, page: str) -> None:
        """Show the rules (``"rules"``) or the tips (``"tips"``)."""
        self._fill(page)
        dialog = by_id("guide")
        if not dialog.open:
            dialog.showModal()

    def retranslate(self) -> None:
        """Write the open page again in the current language."""
        if by_id("guide").open:
            self._fill(str(by_id("guide").dataset.page))

    def _fill(self, page: str) -> None:
        # Imported when first opened: the pages are not needed to start a game.
        from yacht.views.guide import rules_page, tips_page

        tr, rules = self._tr(), self._rules()
        title, sections = (
            (tr.gettext("Rules"), rules_page(rules, tr))
            if page == "rules"
            else (tr.gettext("Tips"), tips_page(rules, tr))
        )
        by_id("guide").dataset.page = page
        _render_guide(by_id("guide-title"), by_id("guide-body"), title, sections)


def _render_guide(
    title_element: Element, body: Element, title: str, sections: Sequence[Section]
) -> None:
    """Fill the rules/tips dialog with ``sections`` (plain text only, never parsed as HTML).

    A page of one section (the tips) takes its heading as the dialog's title: "Tips" over
    "Tips for a higher score" said the same thing twice.
    """
    one_section = len(sections) == 1
    title_element.textContent = sections[0].heading if one_section else title
    body.replaceChildren()
    for section in sections:
        if not one_section:
            body.appendChild(create("h3", text=section.heading))
        for paragraph in section.paragraphs:
            body.appendChild(_text_kept_whole(create("p"), paragraph))
        if section.items:
            items = create("ul")
            for item in section.items:
                items.appendChild(_text_kept_whole(create("li"), item))
            body.appendChild(items)
        if section.categories:
            body.appendChild(_category_list(section.categories))


def _category_list(categories: Sequence[CategoryRule]) -> Element:
    """The categories as a list of terms: each name, its rule, and its examples drawn as dice
    (the dice that score bright, the others faded) with their points; a screen reader hears
    each example as a sentence instead."""
    terms = create("dl", cls="category-rules")
    for category in categories:
        entry = create("div", cls="category-rule")
        entry.append(
            create("dt", text=category.name), _text_kept_whole(create("dd"), category.rule)
        )
        examples = create("dd", cls="examples")
        for example in category.examples:
            drawn = create("span", cls="example")
            dice = create("span", cls="example-dice")
            dice.setAttribute("aria-hidden", "true")
            for face, counts in zip(example.dice, example.counted, strict=True):
                die = create("span", cls="mini-die" if counts else "mini-die faded")
                die.dataset.face = str(face)
                dice.append(die)
            points = create("span", text=example.points, cls="example-points")
            points.setAttribute("aria-hidden", "true")
            if not any(example.counted):
                points.classList.add("nothing")
            drawn.append(dice, points, create("span", text=example.sentence, cls="visually-hidden"))
            examples.append(drawn)
        entry.append(examples)
        terms.append(entry)
    return terms


def _text_kept_whole(element: Element, text: str) -> Element:
    """``element`` with ``text`` in it, its throws and counts each in a span no line breaks."""
    from yacht.views.guide import line_pieces

    for piece, whole in line_pieces(text):
        element.append(create("span", text=piece, cls="unbroken") if whole else piece)
    return element
