"""The page's language, and the rules and tips pages written in it.

The language comes from ``?lang=`` in the address, else the remembered setting, else the
browser's preferences; changing it redraws every text of the page at once.
"""

from __future__ import annotations

from collections.abc import Callable

from pyscript import window

from yacht.i18n import LANGUAGES, Translator, negotiate
from yacht.rules.rulesets import RuleSet
from yacht.web.page import by_id, query_param
from yacht.web.render import render_guide


def choose_language(remembered: str | None) -> str:
    """The language to start in: forced by the address, remembered, or the browser's."""
    forced = query_param("lang")
    if forced in LANGUAGES:
        return str(forced)
    if remembered in LANGUAGES:
        return str(remembered)
    return negotiate(str(code) for code in window.navigator.languages)


class Guide:
    """The dialog with the rules or the tips of the rule set in play."""

    def __init__(self, tr: Callable[[], Translator], rules: Callable[[], RuleSet]) -> None:
        self._tr = tr
        self._rules = rules

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
        render_guide(by_id("guide-title"), by_id("guide-body"), title, sections)
