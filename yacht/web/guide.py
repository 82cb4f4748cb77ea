"""The rules and tips dialog, written in the page's language for the rule set in play.

The pages themselves are views (:mod:`yacht.views.guide`), imported when first opened: a game
starts without them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from yacht.i18n import Translator
from yacht.rules.rulesets import RuleSet
from yacht.web.mini_dice import mini_dice
from yacht.web.page import Element, by_id, create

if TYPE_CHECKING:  # loaded when first used
    from yacht.views.guide import CategoryRule, Section


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
            dice = mini_dice(example.dice, example.counted, cls="example-dice")
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
