"""``python -m yacht``: score a throw, or play a game in the terminal."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from yacht.errors import InvalidDieIndexError, YachtError
from yacht.game.actions import Hold, Release, Roll, Score, Undo, apply, legal_actions
from yacht.game.state import GameState, new_game
from yacht.rules.rulesets import DEFAULT_RULESET, RULESETS, find_ruleset, score

HELP = """commands:
  r            roll the dice that are not held
  h 1 3 ...    hold or release dice by position (1 to 5)
  s CATEGORY   score a category, by id (full_house) or by its line number
  u            undo the last scoring (until the next roll)
  q            quit"""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except YachtError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m yacht", description=__doc__)
    commands = parser.add_subparsers(required=True, metavar="COMMAND")

    scoring = commands.add_parser("score", help="the points five dice score in a category")
    scoring.add_argument("dice", nargs=5, type=int, metavar="DIE", help="five faces, 1 to 6")
    scoring.add_argument("category", help="category id, e.g. full_house")
    _ruleset_options(scoring)
    scoring.set_defaults(run=_run_score)

    play = commands.add_parser("play", help="play a game in the terminal")
    play.add_argument("players", nargs="*", default=["Player"], help="player names (1 to 6)")
    _ruleset_options(play)
    play.add_argument("--seed", type=int, help="seed the dice for a reproducible game")
    play.set_defaults(run=_run_play)

    messages = commands.add_parser(
        "messages",
        help="write the translation template yacht/locale/messages.pot, the page's texts for"
        " the browser (static/page-texts.js) and those of a failed start (static/boot.js)",
    )
    messages.add_argument("--check", action="store_true", help="fail if any is out of date instead")
    messages.set_defaults(run=_run_messages)

    tables = commands.add_parser(
        "tables", help="build the optimal-strategy value tables (about a minute and a half)"
    )
    tables.add_argument("--out", help="directory to write (default: the package's yacht/data)")
    tables.add_argument(
        "--only", action="append", metavar="NAME", help="build only this table (repeatable)"
    )
    tables.set_defaults(run=_run_tables)

    site = commands.add_parser(
        "site-files",
        help="write the shipped-file lists (pyscript.toml, index.html) and pyscript.json",
    )
    site.add_argument("--check", action="store_true", help="fail if they are stale instead")
    site.set_defaults(run=_run_site_files)

    build = commands.add_parser(
        "build-site", help="write the site as deployed (one archive of bytecode) into DIR"
    )
    build.add_argument("dir", help="the folder to write (new or empty)")
    build.add_argument("--no-archive", action="store_true", help="one file per module")
    build.add_argument("--no-bytecode", action="store_true", help="ship the sources")
    build.set_defaults(run=_run_build_site)
    return parser


def _ruleset_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", choices=list(RULESETS), default=DEFAULT_RULESET)
    parser.add_argument(
        "--bonus", action="store_true", help="upper-section bonus (extended rule set only)"
    )


def _run_score(args: argparse.Namespace) -> int:
    print(score(args.dice, args.category, find_ruleset(args.ruleset, upper_bonus=args.bonus)))
    return 0


def _run_tables(args: argparse.Namespace) -> int:
    from pathlib import Path

    from yacht.strategy.table_files import DATA_DIR, table_name
    from yacht.strategy.tables import shipped_rulesets
    from yacht.tools.build_tables import write_tables

    rulesets = shipped_rulesets()
    if args.only:
        unknown = set(args.only) - {table_name(r) for r in rulesets}
        if unknown:
            known = ", ".join(table_name(r) for r in rulesets)
            print(f"error: unknown table {sorted(unknown)}; known: {known}", file=sys.stderr)
            return 2
        rulesets = tuple(r for r in rulesets if table_name(r) in args.only)
    write_tables(Path(args.out) if args.out else DATA_DIR, rulesets)
    return 0


def _run_messages(args: argparse.Namespace) -> int:
    from yacht.tools.messages_catalog import TEMPLATE, collect, template
    from yacht.tools.page_texts import PAGE_TEXTS, page_texts
    from yacht.tools.start_failure_texts import BOOT_SCRIPT, boot_script

    made = {TEMPLATE: template(collect()), PAGE_TEXTS: page_texts(), BOOT_SCRIPT: boot_script()}
    if args.check:
        stale = [
            path
            for path, text in made.items()
            if (path.read_text(encoding="utf-8") if path.exists() else "") != text
        ]
        for path in stale:
            print(f"{path} is out of date: run python -m yacht messages", file=sys.stderr)
        return 1 if stale else 0
    for path, text in made.items():
        path.write_text(text, encoding="utf-8")
    text = made[TEMPLATE]
    print(
        f"wrote {TEMPLATE} ({text.count('msgid ') - 1} messages), {PAGE_TEXTS} and the texts "
        f"of {BOOT_SCRIPT}"
    )
    return 0


def _run_site_files(args: argparse.Namespace) -> int:
    from yacht.tools.site_files import stale_files, write_site_files

    if args.check:
        stale = stale_files()
        for name in stale:
            print(f"{name} lists stale files: run python -m yacht site-files", file=sys.stderr)
        return 1 if stale else 0
    changed = write_site_files()
    print(f"rewrote {', '.join(changed)}" if changed else "the file lists are current")
    return 0


def _run_build_site(args: argparse.Namespace) -> int:
    from pathlib import Path

    from yacht.tools.build_site import BuildError, build_site

    try:
        built = build_site(
            Path(args.dir), archive=not args.no_archive, bytecode=not args.no_bytecode
        )
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    size = sum(path.stat().st_size for path in built.root.rglob("*") if path.is_file())
    listed = (
        ", ".join(built.at_start) if len(built.at_start) < 4 else f"{len(built.at_start)} files"
    )
    print(f"wrote {built.root} ({size:,} bytes); fetched at start-up: {listed}")
    if built.bytecode:
        code = built.bytecode
        print(f"bytecode of Pyodide's Python {code.python} (magic {code.magic}, {code.cache_tag})")
        print(f"the methods of {code.dataclasses} dataclasses compiled with it")
        print(f"the standard library with the {len(code.stdlib)} modules a start imports compiled")
    return 0


def _run_play(args: argparse.Namespace) -> int:
    state = new_game(args.players, args.ruleset, upper_bonus=args.bonus, seed=args.seed)
    return play(state, input, print)


def play(state: GameState, ask: Callable[[str], str], say: Callable[[str], object]) -> int:
    """Play ``state`` to the end, reading commands with ``ask`` and printing with ``say``."""
    say(HELP)
    while True:
        say(render(state))
        if state.is_over:
            return 0
        try:
            line = ask("> ").strip()
        except EOFError:
            return 0
        if line in ("q", "quit"):
            return 0
        try:
            # A command applies whole or not at all ("h 1 9" holds nothing).
            after = state
            for action in _parse_command(line, state):
                after = apply(after, action)
            state = after
        except YachtError as error:
            say(f"! {error}")
        except ValueError:
            say(HELP)


def _parse_command(line: str, state: GameState) -> list[Roll | Hold | Release | Score | Undo]:
    word, _, rest = line.partition(" ")
    if word == "r":
        return [Roll()]
    if word == "u":
        return [Undo()]
    if word == "h":
        positions = [int(p) - 1 for p in rest.split()]
        if not positions or not all(0 <= i < 5 for i in positions):
            raise InvalidDieIndexError("name dice by their positions, 1 to 5 (e.g. h 1 3)")
        return [Release(i) if Release(i) in legal_actions(state) else Hold(i) for i in positions]
    if word == "s":
        choice = rest.strip()
        categories = state.ruleset.categories
        if choice.isdigit() and 1 <= int(choice) <= len(categories):
            return [Score(categories[int(choice) - 1])]
        return [Score(state.ruleset.check(choice))]
    raise ValueError(line)


def render(state: GameState) -> str:
    """The scorecard, the dice and whose turn it is, as text."""
    rules = state.ruleset
    names = [card.name[:10] for card in state.players]
    lines = [f"{rules.title}".ljust(22) + "".join(f"{n:>11}" for n in names)]
    preview = state.potential_scores()
    for number, category in enumerate(rules.categories, start=1):
        cells = []
        for seat, card in enumerate(state.players):
            if card.is_filled(category):
                cells.append(f"{card.scores[category]:>11}")
            elif seat == state.current and category in preview:
                cells.append(f"({preview[category]})".rjust(11))
            else:
                cells.append(" " * 11)
        lines.append(f"{number:>2} {rules.name_of(category):<19}" + "".join(cells))
    totals = state.totals()
    if rules.upper_bonus is not None:
        lines.append(f"{'   Bonus':<22}" + "".join(f"{t.bonus:>11}" for t in totals))
    lines.append(f"{'   Total':<22}" + "".join(f"{t.total:>11}" for t in totals))
    if state.is_over:
        winners = " and ".join(state.players[i].name for i in state.winners())
        lines.append(f"Game over. Winner: {winners}")
    else:
        lines.append(f"{state.current_player.name}'s turn, {state.rolls_left} rolls left")
        if state.dice is not None:
            dice = "  ".join(
                f"[{face}]" if held else f" {face} "
                for face, held in zip(state.dice, state.held, strict=True)
            )
            lines.append(f"dice: {dice}")
    return "\n".join(lines)
