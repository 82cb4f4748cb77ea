"""The page's start path imports only what drawing the first board needs.

Each module the page imports at start is fetched, compiled from source and run before the game
is interactive, so the set is pinned here: the challenge links, the ending and its charts, the
statistics, the history, the rules and tips pages, export and import and the solver load when
first used (or once the page is idle). A module added to the start path on purpose is added to
``START_UP`` below; one that crept in through an import at the top of a module fails here.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAIN = ROOT / "yacht" / "web" / "main.py"

# What the start path imports runs under CPython with the page's modules (pyscript, pyodide)
# stood in for: importing touches no element, so stand-ins that accept anything suffice.
PROBE = """
import json, sys, types
from unittest import mock

pyscript = types.ModuleType("pyscript")
pyscript.document = mock.MagicMock()
pyscript.window = mock.MagicMock()
ffi = types.ModuleType("pyodide.ffi")
for name in ("create_once_callable", "create_proxy", "to_js"):
    setattr(ffi, name, mock.MagicMock())
ffi.jsnull = object()
pyodide = types.ModuleType("pyodide")
pyodide.ffi = ffi
sys.modules.update({"pyscript": pyscript, "pyodide": pyodide, "pyodide.ffi": ffi})
for module in json.loads(sys.argv[1]):
    __import__(module)
print(json.dumps(sorted(m for m in sys.modules if m == "yacht" or m.startswith("yacht."))))
"""

START_UP = {
    "yacht",
    "yacht.dataclass_code",
    "yacht.errors",
    "yacht.game",
    "yacht.game.actions",
    "yacht.game.dice_schemes",
    "yacht.game.faces",
    "yacht.game.graphemes",
    "yacht.game.players",
    "yacht.game.setup",
    "yacht.game.state",
    "yacht.i18n",
    "yacht.rules",
    "yacht.rules.categories",
    "yacht.rules.dice",
    "yacht.rules.rulesets",
    "yacht.rules.scoring",
    "yacht.saves",
    "yacht.saves.coach_log",
    "yacht.saves.game_record",
    "yacht.saves.keys",
    "yacht.saves.lock_lease",
    "yacht.saves.records",
    "yacht.saves.settings",
    "yacht.saves.setup_record",
    "yacht.saves.slots",
    "yacht.saves.status_room",
    "yacht.saves.tab_turns",
    "yacht.session",
    "yacht.session.coach_log",
    "yacht.session.grading",
    "yacht.session.session",
    "yacht.strategy",
    "yacht.strategy.table_files",
    "yacht.views",
    "yacht.views.board",
    "yacht.views.messages",
    "yacht.views.save_notices",
    "yacht.views.scratch",
    "yacht.views.seat_labels",
    "yacht.views.turns",
    "yacht.web",
    "yacht.web.advisor",
    "yacht.web.app",
    "yacht.web.batched_writes",
    "yacht.web.challenge_address",
    "yacht.web.challenge_on_demand",
    "yacht.web.computer",
    "yacht.web.controls",
    "yacht.web.daily_view",
    "yacht.web.dice_entry",
    "yacht.web.dice_tumble",
    "yacht.web.effects",
    "yacht.web.extras",
    "yacht.web.game_lock",
    "yacht.web.game_over",
    "yacht.web.guide",
    "yacht.web.history_view",
    "yacht.web.hooks",
    "yacht.web.import_limit",
    "yacht.web.keys",
    "yacht.web.language",
    "yacht.web.load_game",
    "yacht.web.memory_snapshot",
    "yacht.web.mini_dice",
    "yacht.web.moments",
    "yacht.web.moves",
    "yacht.web.notices",
    "yacht.web.option_buttons",
    "yacht.web.page",
    "yacht.web.preferences",
    "yacht.web.render",
    "yacht.web.score_preview",
    "yacht.web.scorecard_headings",
    "yacht.web.scratch_confirm",
    "yacht.web.setup_dialog",
    "yacht.web.sound",
    "yacht.web.storage",
    "yacht.web.table_downloads",
    "yacht.web.transfer",
    "yacht.web.way_out",
}

NEVER_AT_START = {
    # challenge links: loaded when the page is idle, or at once for a link in the address
    "yacht.web.challenge_view",
    "yacht.web.challenge_share",
    "yacht.saves.challenge_link",
    "yacht.saves.challenge_book",
    "yacht.game.replay",
    "yacht.session.challenge_compare",
    "yacht.views.challenge",
    # the end of a game, the statistics and the history
    "yacht.views.ending",
    "yacht.views.charts",
    "yacht.views.stats",
    "yacht.views.coaching",
    "yacht.web.svg",
    "yacht.web.stats_page",
    "yacht.saves.history",
    "yacht.saves.history_slot",
    "yacht.game.daily",
    # the rules and tips, export and import, the solver
    "yacht.views.guide",
    "yacht.saves.export",
    "yacht.web.files",
    "yacht.strategy.turn",
    "yacht.strategy.tables",
    "yacht.strategy.advice",
}


def main_imports() -> list[str]:
    """The yacht modules main.py imports (inside its boot function, where the page starts)."""
    tree = ast.parse(MAIN.read_text(encoding="utf-8"))
    return sorted(
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("yacht")
    )


def imported_at_start() -> set[str]:
    result = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(main_imports())],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return set(json.loads(result.stdout))


def test_main_starts_the_app() -> None:
    assert main_imports() == ["yacht.web.app", "yacht.web.memory_snapshot"]


def test_the_start_path_imports_only_the_pinned_modules() -> None:
    imported = imported_at_start()
    assert not imported & NEVER_AT_START, (
        f"loaded at start, but not needed to draw the board: {sorted(imported & NEVER_AT_START)}"
    )
    assert imported - START_UP == set(), "new at start: import it where it is first used"
    assert START_UP - imported == set(), "no longer imported at start: take it off START_UP"


def test_the_lists_name_real_modules() -> None:
    modules = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in (ROOT / "yacht").rglob("*.py")
    }
    assert modules >= START_UP
    assert modules >= NEVER_AT_START
