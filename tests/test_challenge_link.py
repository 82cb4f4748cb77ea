"""Challenge links: a game told by its moves, written short, read back strictly, replayed."""

from __future__ import annotations

import base64
import contextlib
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from yacht.errors import (
    ChallengeLinkError,
    ChallengeLinkTooLongError,
    NewerChallengeLinkError,
    ReplayError,
)
from yacht.game.actions import Hold, Roll, Score, Undo, apply
from yacht.game.dice_schemes import DiceScheme
from yacht.game.replay import (
    PlayedGame,
    TurnPlay,
    decisions,
    log_of,
    matches,
    record,
    replay,
    replay_dice,
)
from yacht.game.setup import GameSetup
from yacht.game.state import new_game
from yacht.rules.categories import Category
from yacht.rules.rulesets import find_ruleset
from yacht.saves.challenge_link import (
    CHALLENGE_LINK,
    MAX_PAYLOAD_CHARS,
    ChallengeLink,
    check_claim,
    decode,
    encode,
    finished_link,
    to_bytes,
)
from yacht.strategy.bots import choose_action

RULES = [("traditional", False), ("sum-all", False), ("extended", False), ("extended", True)]
NAMES = st.text(min_size=1, max_size=40).filter(lambda n: any(c.isalnum() for c in n))


@st.composite
def played_games(draw: st.DrawFn, *, finished: bool = True) -> PlayedGame:
    """Any legal game: rerolls, holds and categories drawn freely."""
    ruleset, bonus = draw(st.sampled_from(RULES))
    rules = find_ruleset(ruleset, upper_bonus=bonus)
    name = draw(st.sampled_from(["Ann", "Бен", "Zoë 👩‍👩‍👧", "x" * 24]))
    open_ = list(rules.categories)
    turns_played = len(open_) if finished else draw(st.integers(0, len(open_)))
    turns = []
    for number in range(turns_played):
        holds = tuple(draw(st.lists(st.integers(0, 30), max_size=2)))
        last = not finished and number == turns_played - 1
        if last and draw(st.booleans()):
            turns.append(TurnPlay(holds, None))
            break
        category = draw(st.sampled_from(open_))
        open_.remove(category)
        turns.append(TurnPlay(holds, category))
    return PlayedGame(rules, draw(st.integers(0, 2**53 - 1)), name, tuple(turns))


def a_bot_game(seed: int, level: str = "optimal") -> PlayedGame:
    state = GameSetup(("Ann",)).start(new_seed=lambda: seed)
    log = log_of(state)
    assert log is not None
    rng = random.Random(seed)
    while not state.is_over:
        action = choose_action(state, level, rng)
        log, state = record(log, state, action), apply(state, action)
    return log


# -- round trips ---------------------------------------------------------------------------------


@given(played_games(), st.booleans())
def test_a_finished_game_round_trips(game: PlayedGame, reply: bool) -> None:
    link = finished_link(game, reply=reply)
    text = encode(link)
    assert decode(text) == link
    assert CHALLENGE_LINK.from_data(CHALLENGE_LINK.to_data(link)) == link
    assert len(text) <= MAX_PAYLOAD_CHARS
    assert set(text) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@given(played_games(finished=False))
def test_a_game_in_progress_round_trips_only_as_a_log(game: PlayedGame) -> None:
    link = ChallengeLink(game)
    assert decode(encode(link), partial=True) == link
    if game.turns:
        with pytest.raises(ChallengeLinkError, match="unfinished"):
            decode(encode(link))


def test_a_fresh_challenge_holds_no_moves() -> None:
    link = ChallengeLink(PlayedGame(find_ruleset("extended", upper_bonus=True), 42, "Ann"))
    assert decode(encode(link)) == link
    assert check_claim(link) is None


def test_names_are_cleaned_and_cut_at_a_whole_character() -> None:
    family = "👨‍👩‍👧"  # 18 bytes, one character
    game = a_bot_game(3)
    long = decode(encode(finished_link(PlayedGame(game.ruleset, 3, family * 24, game.turns))))
    assert long.game.name == family * 5  # 90 bytes; a sixth would pass the 96 allowed
    # A name forged into the bytes is cleaned on reading like a typed one.
    raw = bytearray(to_bytes(finished_link(game)))
    assert raw[11:15] == b"\x03Ann"
    raw[11:15] = b"\x03A\x1bn"
    assert decode(_text(bytes(raw))).game.name == "An"


def test_typical_links_are_short() -> None:
    lengths = [len(encode(finished_link(a_bot_game(seed)))) for seed in range(5)]
    assert max(lengths) < 80, lengths


# -- replay and the claim ------------------------------------------------------------------------


def test_the_log_follows_the_game_through_undo() -> None:
    state = new_game(["Ann"], seed=5, dice_scheme=DiceScheme.DUPLICATE)
    log = log_of(state)
    assert log is not None
    for action in [Roll(), Hold(1), Roll(), Score(Category.CHOICE), Undo(), Roll()]:
        log, state = record(log, state, action), apply(state, action)
        assert matches(log, state)
    assert log.turns == (TurnPlay((0b10, 0b10), None),)
    assert replay_dice(log) == (state.dice,)


def test_the_log_is_only_for_solo_duplicate_games() -> None:
    assert log_of(new_game(["Ann"], seed=5)) is None
    assert log_of(new_game(["Ann", "Ben"], seed=5, dice_scheme=DiceScheme.DUPLICATE)) is None
    game = a_bot_game(9)
    assert not matches(game, game.start())


def test_a_claim_that_does_not_follow_from_the_moves_is_found() -> None:
    game = a_bot_game(4)
    honest = finished_link(game)
    claim = check_claim(honest)
    assert claim is not None
    assert claim.holds
    assert claim.actual == replay(game).totals()[0].total
    forged = decode(encode(ChallengeLink(game, honest.claimed + 30)))  # type: ignore[operator]
    claim = check_claim(forged)
    assert claim is not None
    assert not claim.holds
    assert claim.actual + 30 == claim.claimed


def test_decisions_are_every_reroll_and_scoring() -> None:
    game = a_bot_game(6, "beginner")
    found = list(decisions(game))
    assert sum(isinstance(action, Score) for _, action in found) == 12
    rerolls = sum(len(turn.holds) for turn in game.turns)
    assert sum(isinstance(action, Roll) for _, action in found) == rerolls


def test_impossible_moves_are_refused() -> None:
    rules = find_ruleset("traditional")
    twice = (TurnPlay((), Category.ONES), TurnPlay((), Category.ONES))
    with pytest.raises(ReplayError, match="already filled"):
        replay(PlayedGame(rules, 1, "Ann", twice))
    with pytest.raises(ReplayError, match="holds every die"):
        replay(PlayedGame(rules, 1, "Ann", (TurnPlay((31,), Category.ONES),)))
    # In a link, such moves are refused on reading.
    link = ChallengeLink(PlayedGame(rules, 1, "Ann", twice))
    with pytest.raises(ChallengeLinkError, match="no game can make"):
        decode(encode(link), partial=True)


# -- hostile and damaged links ---------------------------------------------------------------------


def _text(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _edited(change: int, value: int) -> str:
    raw = bytearray(to_bytes(finished_link(a_bot_game(2))))
    raw[change] = value
    return _text(bytes(raw))


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("", ChallengeLinkError, "not a challenge link"),
        ("abc$def", ChallengeLinkError, "not a challenge link"),
        ("A", ChallengeLinkError, "not a challenge link"),
        ("A" * 5000, ChallengeLinkTooLongError, "far too long"),
        (_text(b"\x07"), NewerChallengeLinkError, "newer version"),
        (_text(b"\x00\x00"), ChallengeLinkError, "unknown link format"),
        (_text(b"\x01\x03"), ChallengeLinkError, "unknown rules"),
        (_text(b"\x01\x04" + bytes(7)), ChallengeLinkError, "no bonus"),
        (_text(b"\x01\x00\xff" + bytes(6)), ChallengeLinkError, "seed is out of range"),
        (_text(b"\x01\x00" + bytes(7) + b"\x00"), ChallengeLinkError, "name of 0 bytes"),
        (_text(b"\x01\x00" + bytes(7) + b"\x02\xff\xfe\x00"), ChallengeLinkError, "UTF-8"),
        (_text(b"\x01\x00" + bytes(7) + b"\x01 \x00"), ChallengeLinkError, "cannot be shown"),
        (_text(b"\x01\x00" + bytes(7) + b"\x01A\x0d"), ChallengeLinkError, "13 turns"),
        (_text(b"\x01\x00" + bytes(7) + b"\x01A\x01"), ChallengeLinkError, "cut short"),
        (_text(b"\x01\x00" + bytes(7) + b"\x01A\x01\xc0"), ChallengeLinkError, "four rolls"),
        (_text(b"\x01\x00" + bytes(7) + b"\x01A\x01\x30"), ChallengeLinkError, "category number"),
        (_text(b"\x01\x00" + bytes(7) + b"\x01A\x00\x00"), ChallengeLinkError, "after its moves"),
        (_text(b"\x01\x10" + bytes(7) + b"\x00\x05\x01A\x00"), ChallengeLinkError, "not finished"),
        (_text(b"\x01\x08" + bytes(7) + b"\x01A\x00"), ChallengeLinkError, "answer"),
        (_edited(1, 0b10010), ChallengeLinkError, "not finished"),  # Traditional read as Extended
    ],
)
def test_damaged_links_say_what_is_wrong(
    text: str, error: type[ChallengeLinkError], words: str
) -> None:
    with pytest.raises(error, match=words):
        decode(text)


@given(st.binary(max_size=160))
def test_any_bytes_are_read_or_refused_with_a_link_error(data: bytes) -> None:
    try:
        link = decode(_text(data), partial=True)
    except ChallengeLinkError:
        return
    # What is read is a legal game, and writes back to the same payload.
    replay(link.game)
    assert decode(encode(link), partial=True) == link


@given(st.text(max_size=300))
def test_any_text_is_read_or_refused_with_a_link_error(text: str) -> None:
    with contextlib.suppress(ChallengeLinkError):
        decode(text)


@given(played_games(), st.integers(0, 200), st.integers(0, 7))
def test_a_flipped_bit_is_refused_or_read_as_another_legal_game(
    game: PlayedGame, at: int, bit: int
) -> None:
    raw = bytearray(to_bytes(finished_link(game)))
    raw[at % len(raw)] ^= 1 << bit
    try:
        link = decode(_text(bytes(raw)))
    except ChallengeLinkError:
        return
    replay(link.game)
