"""The command line: ``python -m yacht score`` and the terminal game ``yacht.tools.cli.play``."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

from yacht import new_game
from yacht.tools.cli import main, play

ROOT = Path(__file__).resolve().parent.parent


def run_yacht(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "yacht", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )


# -- python -m yacht score -----------------------------------------------------------------


def test_score_four_of_a_kind_sum_all() -> None:
    result = run_yacht("score", "4", "4", "4", "4", "1", "four_of_a_kind", "--ruleset", "sum-all")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "17\n"
    assert result.stderr == ""


def test_score_bad_die() -> None:
    result = run_yacht("score", "4", "4", "4", "4", "7", "fours")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: ")
    assert "1 to 6" in result.stderr
    assert "not 7" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["4", "4", "4", "4", "1", "four_of_a_kind"], "16"),
        (["3", "3", "3", "6", "6", "full_house", "--ruleset", "extended"], "40"),
        (["1", "2", "3", "4", "6", "small_straight", "--ruleset", "extended", "--bonus"], "25"),
        (["6", "6", "6", "6", "6", "yacht"], "50"),
    ],
)
def test_score_in_process(
    args: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", *args]) == 0
    assert capsys.readouterr().out == expected + "\n"


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["1", "2", "3", "4", "0", "ones"], "not 0"),
        (["1", "2", "3", "4", "5", "sevens"], "unknown category 'sevens'"),
        (["1", "2", "3", "4", "5", "small_straight"], "has no category 'small_straight'"),
        (["1", "2", "3", "4", "5", "little_straight", "--ruleset", "extended"], "little_straight"),
        (["1", "2", "3", "4", "5", "choice", "--bonus"], "no upper-section bonus"),
    ],
)
def test_score_errors_in_process(
    args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: ")
    assert fragment in captured.err


@pytest.mark.parametrize(
    "args",
    [
        ["score", "4", "4", "4", "x", "1", "fours"],
        ["score", "4", "4", "4", "1", "fours"],
        ["score", "1", "2", "3", "4", "5", "choice", "--ruleset", "yahtzee"],
    ],
    ids=["not a number", "four dice", "unknown rule set"],
)
def test_argument_errors_exit_2(args: list[str]) -> None:
    result = run_yacht(*args)
    assert result.returncode == 2
    assert "usage:" in result.stderr
    assert "Traceback" not in result.stderr


# -- yacht.tools.cli.play ------------------------------------------------------------------------


class Terminal:
    """Scripted input lines, recorded output."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = list(lines)
        self.asked = 0
        self.output: list[str] = []

    def ask(self, prompt: str) -> str:
        assert prompt == "> "
        if self.asked >= len(self.lines):
            raise AssertionError("the game asked for more input than the script has")
        self.asked += 1
        return self.lines[self.asked - 1]

    def say(self, text: str) -> None:
        assert isinstance(text, str)
        self.output.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.output)


def _run(lines: Iterable[str], players: list[str] | None = None, **options: object) -> Terminal:
    terminal = Terminal(lines)
    state = new_game(players or ["Solo"], seed=3, **options)  # type: ignore[arg-type]
    assert play(state, terminal.ask, terminal.say) == 0
    return terminal


def _full_game(categories: int, seats: int = 1) -> list[str]:
    # Each turn: roll, hold two dice, roll again, then score line 1, 2, ... by its number.
    lines = []
    for line in range(1, categories + 1):
        lines += ["r", "h 1 2", "r", f"s {line}"] * seats
    return lines


def test_play_a_full_solo_game() -> None:
    terminal = _run(_full_game(12))
    assert terminal.asked == 12 * 4
    assert "Game over. Winner: Solo" in terminal.output[-1]
    assert not any(line.startswith("! ") for line in terminal.output)


def test_play_a_two_player_game_by_category_id() -> None:
    categories = new_game(["A"]).ruleset.categories
    lines = [cmd for c in categories for cmd in ("r", f"s {c.value}", "r", f"s {c.value}")]
    terminal = _run(lines, ["Ann", "Ben"])
    assert "Game over. Winner:" in terminal.output[-1]


def test_play_extended_with_bonus_shows_the_bonus_line() -> None:
    terminal = _run(_full_game(13), ruleset="extended", upper_bonus=True)
    final = terminal.output[-1]
    assert "Game over" in final
    assert "Bonus" in final
    assert "Chance" in final


INVALID = [
    ("", None),  # empty line: the help again
    ("xyz", None),
    ("h x", None),
    ("s 1", "roll the dice before choosing a category"),
    ("h 1", "roll first"),
    ("u", "no scoring to undo"),
    ("r", None),
    ("h 9", "positions, 1 to 5"),
    ("s bogus", "unknown category 'bogus'"),
    ("s small_straight", "has no category 'small_straight'"),
    ("s 99", "unknown category '99'"),
    ("r", None),
    ("r", None),
    ("r", "3 rolls already made"),
    ("h 1", "no rolls left"),
]


def test_play_survives_invalid_commands() -> None:
    # The invalid commands leave the first turn with no rolls left: score Ones, then play on.
    lines = [line for line, _ in INVALID] + ["s 1"] + _full_game(12)[4:]
    terminal = _run(lines)
    assert "Game over. Winner: Solo" in terminal.output[-1]
    errors = [line for line in terminal.output if line.startswith("! ")]
    expected = [fragment for _, fragment in INVALID if fragment is not None]
    assert len(errors) == len(expected)
    for error, fragment in zip(errors, expected, strict=True):
        assert fragment in error
    help_shown = sum("commands:" in line for line in terminal.output)
    assert help_shown == 1 + 3  # at the start, and for "", "xyz" and "h x"


def test_play_filled_category_and_undo() -> None:
    # Ones is scored, taken back, and Twos chosen instead; Ones is played last.
    lines = ["r", "s 1", "u", "s 2", "r", "s 2", "s 3", *_full_game(12)[12:], "r", "s 1"]
    terminal = _run(lines)
    errors = [line for line in terminal.output if line.startswith("! ")]
    assert len(errors) == 1
    assert "already filled Twos" in errors[0]
    assert "Game over" in terminal.output[-1]


@pytest.mark.parametrize("word", ["q", "quit"])
def test_play_quit(word: str) -> None:
    terminal = _run(["r", word])
    assert terminal.asked == 2
    assert "Game over" not in terminal.text


def test_play_end_of_input() -> None:
    def ask(prompt: str) -> str:
        raise EOFError

    said: list[str] = []
    assert play(new_game(["Solo"], seed=1), ask, said.append) == 0
    assert "Solo's turn, 3 rolls left" in said[-1]


def test_render_shows_dice_holds_and_preview() -> None:
    terminal = _run(["r", "h 1 3", "q"])
    board = terminal.output[-1]
    assert "Solo's turn, 2 rolls left" in board
    dice_line = next(line for line in board.splitlines() if line.startswith("dice:"))
    assert dice_line.count("[") == 2
    assert "(" in board  # the preview of what the dice would score


def test_play_command_runs_as_a_module() -> None:
    script = "\n".join(_full_game(12)) + "\n"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "yacht", "play", "Solo", "--seed", "5"],
        input=script,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Game over. Winner: Solo" in result.stdout
