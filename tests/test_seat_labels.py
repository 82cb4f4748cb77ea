"""Short labels for the players' columns as narrow as a score (yacht/views/seat_labels.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from yacht.game.graphemes import clusters
from yacht.game.players import MAX_NAME_LENGTH
from yacht.i18n import LANGUAGES, translator
from yacht.views.seat_labels import SHORT, seat_labels, short_label


@pytest.mark.parametrize(
    ("name", "label"),
    [
        ("Ann", "Ann"),
        ("Анна", "Анна"),  # short enough: whole
        ("Player 1", "P1"),
        ("Spēlētājs 2", "S2"),
        ("Player 12", "P12"),  # a seat number stays whole
        ("Anna Karenina", "AK"),
        ("Mary Ann Lee", "ML"),
        ("Konstantin", "Kon."),
        ("Ēriks Ozols", "ĒO"),
        ("🇺🇦🇺🇦🇺🇦🇺🇦🇺🇦", "🇺🇦🇺🇦🇺🇦."),  # a flag is one grapheme of two code points
        ("e\u0301mile", "e\u0301mi."),  # an accent stays on its letter
    ],
)
def test_a_label_is_the_name_its_initials_or_its_first_letters(name: str, label: str) -> None:
    assert short_label(name) == label


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_default_names_of_every_language_are_told_apart(language: str) -> None:
    # The names the setup dialog gives, which most players keep: cut to fit, "Player 1" and
    # "Player 2" would read the same.
    names = [translator(language).gettext("Player {number}").format(number=n) for n in (1, 2, 3)]
    labels = seat_labels(names)
    assert len(set(labels)) == 3
    assert all(len(clusters(label)) <= 2 for label in labels), labels


def test_names_that_would_share_a_label_get_their_seat_numbers() -> None:
    assert seat_labels(["Anna Lee", "Anna Lim", "Ben"]) == ("A1", "A2", "B3")
    assert seat_labels(["Ann", "Ann"]) == ("A1", "A2")
    assert seat_labels(["Ann", "Ben"]) == ("Ann", "Ben")


names = st.text(
    st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=MAX_NAME_LENGTH
).filter(str.strip)


@given(st.lists(names, min_size=1, max_size=6))
def test_labels_are_short_and_all_different(players: list[str]) -> None:
    labels = seat_labels(players)
    assert len(labels) == len(players)
    assert len(set(labels)) == len(labels)
    # At most SHORT graphemes, or a seat number's digits more.
    assert all(len(clusters(label)) <= SHORT + 1 for label in labels), labels
