"""The rules and tips pages' text, as the page lays it out."""

from __future__ import annotations

import re

import pytest

from yacht.i18n import LANGUAGES, translator
from yacht.rules.rulesets import RULESETS
from yacht.views.guide import EXAMPLES, line_pieces, rules_page, tips_page


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
        rules_in_words = (category.rule for category in section.categories)
        for text in (*section.paragraphs, *section.items, *rules_in_words):
            pieces = line_pieces(text)
            assert "".join(piece for piece, _ in pieces) == text
            loose = "".join(piece for piece, whole in pieces if not whole)
            assert not re.search(r"\d-|-\d", loose), f"{language} {ruleset}: {text!r}"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_category_is_drawn_with_examples_the_engine_scores(
    language: str, ruleset: str
) -> None:
    """The rules page lists each category of the rule set once, in the scorecard's order, and
    each example's dice, bright dice, points and sentence are what the scoring engine makes
    of that throw."""
    tr = translator(language)
    rules = RULESETS[ruleset]
    (listed,) = [section for section in rules_page(rules, tr) if section.categories]
    names = [tr.pgettext("category", rules.name_of(category)) for category in rules.categories]
    assert [entry.name for entry in listed.categories] == names
    for category, entry in zip(rules.categories, listed.categories, strict=True):
        scorer = rules.scorers[category]
        assert entry.rule, entry.name
        assert [example.dice for example in entry.examples] == list(EXAMPLES[category])
        for example in entry.examples:
            points = scorer(example.dice)
            assert example.counted == scorer.counted(example.dice)
            assert re.search(rf"(?<!\d){points}(?!\d)", example.points), example.points
            assert "-".join(map(str, example.dice)) in example.sentence
            assert re.search(rf"(?<!\d){points}(?!\d)", example.sentence), example.sentence
