"""Player names: capped by the characters a reader sees, never blank-looking, never two alike."""

from __future__ import annotations

import unicodedata

import pytest
import regex
from hypothesis import example, given
from hypothesis import strategies as st

from yacht.errors import BlankNameError, DuplicateNameError, InvalidSetupError
from yacht.game.graphemes import clusters
from yacht.game.players import (
    BLANK_LOOKING,
    MAX_CLUSTER_LENGTH,
    MAX_NAME_LENGTH,
    clean_name,
    folded_name,
    looks_the_same,
    name_length,
    seat_names,
)
from yacht.game.setup import GameSetup
from yacht.rules.rulesets import find_ruleset
from yacht.saves.history import History, HistoryEntry, PlayerResult
from yacht.views.stats import player_stats, stats_keys

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"
FLAG_UA = "\U0001f1fa\U0001f1e6"
FLAG_ENGLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"
THUMB_DARK = "\U0001f44d\U0001f3ff"
KEYCAP_ONE = "1\ufe0f\u20e3"
HEART_ON_FIRE = "\u2764\ufe0f\u200d\U0001f525"
KISS = "\U0001f469\U0001f3fb\u200d\u2764\ufe0f\u200d\U0001f48b\u200d\U0001f468\U0001f3fc"
E_ACUTE = "e\u0301"
HANGUL_JAMO = "\u1100\u1161\u11a8"  # one syllable written as its three letters

ONE_CHARACTER_EACH = [
    FAMILY,
    FLAG_UA,
    FLAG_ENGLAND,
    THUMB_DARK,
    KEYCAP_ONE,
    HEART_ON_FIRE,
    KISS,
    E_ACUTE,
    HANGUL_JAMO,
    "\u0915\u093f",  # a Devanagari consonant with its vowel sign
    "\u0e01\u0e33",  # Thai, with SARA AM (a spacing mark)
]


# -- grapheme clusters -------------------------------------------------------------------------


@pytest.mark.parametrize("character", ONE_CHARACTER_EACH)
def test_a_character_a_reader_sees_as_one_is_one_cluster(character: str) -> None:
    assert clusters(character) == [character]
    assert clusters(f"a{character}b") == ["a", character, "b"]
    assert clusters(character * 3) == [character] * 3


def test_flags_pair_up_from_the_start_of_a_run() -> None:
    # Ukraine, Poland, then a lone indicator: never "A" + "UP" + ...
    assert clusters("\U0001f1fa\U0001f1e6\U0001f1f5\U0001f1f1\U0001f1f1") == [
        FLAG_UA,
        "\U0001f1f5\U0001f1f1",
        "\U0001f1f1",
    ]


def test_a_joiner_joins_only_an_emoji_to_an_emoji() -> None:
    assert clusters("a\u200db") == ["a\u200d", "b"]
    assert clusters("\u200d\U0001f469") == ["\u200d", "\U0001f469"]


# Characters from the kinds the rules tell apart, all assigned in the Unicode version of both
# this Python and the reference (scripts with Indic conjuncts are left out: see
# yacht.game.graphemes).
MIXED = st.characters(
    codec="utf-8",
    categories=("Lu", "Ll", "Lo", "Mn", "Mc", "Me", "Nd", "So", "Po", "Zs"),
    exclude_characters="".join(chr(c) for c in range(0x0900, 0x0E00)),
    max_codepoint=0x2FFFF,
).filter(lambda char: not (ord(char) >= 0x1F000 and regex.match(r"\p{Cn}", char)))
PIECES = st.sampled_from(
    [
        *ONE_CHARACTER_EACH,
        "\u200d",
        "\u200c",
        "\ufe0f",
        "\U0001f3fb",
        "\U0001f1e6",
        "\U0001f1fa",
        "\U0001f469",
        "\u2764",
        "\U000e0067",
        "\u1100",
        "\u1161",
        "\u11a8",
        "\uac00",
        "\uac01",
        "\u0301",
    ]
)


@given(st.lists(PIECES | MIXED, max_size=30).map("".join))
@example(f"{FAMILY}\u200d{FLAG_UA}\u200d\U0001f469")
@example("\U0001f469\u0301\u200d\U0001f469\u200d\u200d\U0001f469")
def test_clusters_agree_with_a_reference_implementation(text: str) -> None:
    assert clusters(text) == regex.findall(r"\X", text)


# -- the cap, by clusters ----------------------------------------------------------------------


@pytest.mark.parametrize("character", ONE_CHARACTER_EACH)
def test_the_cap_counts_characters_and_never_cuts_one(character: str) -> None:
    name = clean_name(character * 30)
    assert name == unicodedata.normalize("NFC", character) * MAX_NAME_LENGTH
    assert name_length(name) == MAX_NAME_LENGTH


def test_a_flag_of_england_keeps_its_tags_and_loose_tags_are_dropped() -> None:
    assert clean_name(f"Ann {FLAG_ENGLAND}") == f"Ann {FLAG_ENGLAND}"
    # Tag characters outside a flag spell hidden text: dropped.
    assert clean_name("Ann\U000e0068\U000e0069") == "Ann"


def test_a_letter_under_a_pile_of_accents_is_trimmed() -> None:
    name = clean_name("Zalgo" + "\u0301" * 500)
    assert len(clusters(name)[-1]) == MAX_CLUSTER_LENGTH
    assert clean_name(name) == name


NAMES = st.lists(PIECES | MIXED | st.sampled_from([" ", "\u3164", "\u202e", "\t"]), max_size=60)


@given(NAMES.map("".join))
@example(FAMILY * 30)
@example("x" * 23 + " " + FLAG_UA)
def test_a_cleaned_name_is_capped_stable_and_a_prefix_of_what_was_typed(raw: str) -> None:
    try:
        name = clean_name(raw)
    except BlankNameError:
        return
    assert name_length(name) <= MAX_NAME_LENGTH
    assert clean_name(name) == name, "saves keep cleaned names: cleaning again changes nothing"
    typed = clusters(folded_name(raw))
    kept = clusters(name)
    for whole, cut in zip(typed, kept[:-1], strict=False):
        assert cut == whole[:MAX_CLUSTER_LENGTH], "the cap never cuts inside a character"
    # The last one may have lost a trailing joiner (which would dangle).
    assert typed[len(kept) - 1].startswith(kept[-1])


# -- blank-looking names -----------------------------------------------------------------------


@pytest.mark.parametrize("blank", sorted(BLANK_LOOKING))
def test_a_name_of_blank_looking_letters_is_refused_and_says_which(blank: str) -> None:
    with pytest.raises(BlankNameError, match=f"U\\+{ord(blank):04X}"):
        clean_name(blank * 3)


@pytest.mark.parametrize("blank", sorted(BLANK_LOOKING))
def test_a_blank_looking_letter_counts_as_a_space(blank: str) -> None:
    assert clean_name(f"Ann{blank}") == "Ann"
    assert clean_name(f"Ann{blank}{blank}Lee") == "Ann Lee"


def test_each_refusal_names_its_reason() -> None:
    with pytest.raises(BlankNameError, match="at least one visible character"):
        clean_name(" \u200d\u0301 ")
    with pytest.raises(BlankNameError, match="HANGUL FILLER looks blank"):
        clean_name("\u3164")
    with pytest.raises(InvalidSetupError, match="text, not int"):
        clean_name(5)  # type: ignore[arg-type]


# -- two seats of one name ---------------------------------------------------------------------


def test_setup_refuses_two_seats_of_one_name() -> None:
    with pytest.raises(DuplicateNameError, match="Ann") as refusal:
        GameSetup.from_form(["Ann", "Ben", "Ann "], "traditional", False, 3)
    assert refusal.value.name == "Ann"


def test_a_blank_seat_named_by_default_can_clash_too() -> None:
    with pytest.raises(DuplicateNameError, match="Player 2"):
        GameSetup.from_form(["Player 2", ""], "traditional", False, 2)


def test_names_that_differ_only_by_invisible_characters_look_the_same() -> None:
    assert looks_the_same("Ann", "An\u200dn")
    assert not looks_the_same("Ann", "ann")
    with pytest.raises(DuplicateNameError):
        GameSetup.from_form(["Ann", "A\u200cnn"], "traditional", False, 2)


def test_a_remembered_setup_of_two_anns_still_starts_telling_them_apart() -> None:
    # Saved by an earlier version, which allowed it: the game starts, the seats differ.
    state = GameSetup(("Ann", "Ann")).start()
    assert [card.name for card in state.players] == ["Ann", "Ann (2)"]


@given(st.lists(st.sampled_from(["Ann", "Ann (2)", "x" * 24, FAMILY * 24, "Bo"]), max_size=6))
def test_seat_names_are_distinct_clean_and_capped(names: list[str]) -> None:
    told_apart = seat_names(names)
    assert len(told_apart) == len(names)
    assert len(set(told_apart)) == len(told_apart)
    for original, name in zip(names, told_apart, strict=True):
        assert clean_name(name) == name
        assert name_length(name) <= MAX_NAME_LENGTH
        assert name.startswith(original[:3])


def _entry(n: int, *players: tuple[str, int]) -> HistoryEntry:
    rules = find_ruleset("traditional")
    results = tuple(
        PlayerResult(
            name, tuple((c, points if c is rules.categories[0] else 0) for c in rules.categories)
        )
        for name, points in players
    )
    return HistoryEntry(f"2026-01-0{n}T10:00:00Z", f"2026-01-0{n}", rules, results)


def test_statistics_do_not_merge_two_seats_of_one_name() -> None:
    # "Ann vs Ann" from an earlier version: one game for each seat, one win in all.
    history = History((_entry(1, ("Ann", 5), ("Ann", 3)), _entry(2, ("Ann", 1), ("Ben", 2))))
    rules = find_ruleset("traditional")
    ann = player_stats(history, "Ann", rules)
    second = player_stats(history, "Ann (2)", rules)
    assert ann is not None
    assert second is not None
    assert (ann.games, ann.contests, ann.wins, ann.totals) == (2, 2, 1, (5, 1))
    assert (second.games, second.wins, second.totals) == (1, 0, (3,))
    assert {(key.name, key.games) for key in stats_keys(history)} == {
        ("Ann", 2),
        ("Ann (2)", 1),
        ("Ben", 1),
    }
