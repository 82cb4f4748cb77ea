"""The rules and tips pages' text, as the page lays it out."""

from __future__ import annotations

import re

import pytest

from yacht.i18n import LANGUAGES, translator
from yacht.rules.rulesets import RULESETS
from yacht.views.guide import line_pieces, rules_page, tips_page


def test_throws_and_counts_are_pieces_kept_whole() -> None:
    text = "Na przykład: 3-3-3-1-5 — 9 punktów; 6-6-6-6-6 — 0 punktów."
    assert line_pieces(text) == (
        ("Na przykład: ", False),
        ("3-3-3-1-5", True),
        (" — ", False),
        ("9 punktów;", True),
        (" ", False),
        ("6-6-6-6-6", True),
        (" — ", False),
        ("0 punktów.", True),
    )
    assert line_pieces("No figures here.") == (("No figures here.", False),)
    assert line_pieces("") == ()


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_no_throw_on_the_guides_can_break_across_lines(language: str, ruleset: str) -> None:
    """Every text of both pages comes back whole from its pieces, and no digit next to a
    hyphen is left where a line may break."""
    tr = translator(language)
    rules = RULESETS[ruleset]
    for section in (*rules_page(rules, tr), *tips_page(rules, tr)):
        for text in (*section.paragraphs, *section.items):
            pieces = line_pieces(text)
            assert "".join(piece for piece, _ in pieces) == text
            loose = "".join(piece for piece, whole in pieces if not whole)
            assert not re.search(r"\d-|-\d", loose), f"{language} {ruleset}: {text!r}"
