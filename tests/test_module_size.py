"""No module of ``yacht/web/`` over 300 lines: the controller stays thin, one concept a module.

A module that grows past the limit is split along its own seams (as ``app.py`` was into the
setup dialog, the transfers, the language, the notices, the controls and the game on load).
"""

from __future__ import annotations

from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "yacht" / "web"
MAX_LINES = 300


def line_count(path: Path) -> int:
    """The file's lines as an editor numbers them (blank lines and comments included)."""
    return len(path.read_text(encoding="utf-8").splitlines())


def web_modules() -> list[Path]:
    return sorted(WEB.rglob("*.py"))


def test_the_count_sees_the_web_package() -> None:
    names = {path.name for path in web_modules()}
    assert {"app.py", "render.py", "main.py"} <= names
    assert line_count(WEB / "app.py") > 100


def test_line_count_counts_every_line(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("x = 1\n\n# why\n\ny = 2", encoding="utf-8")
    assert line_count(sample) == 5


@pytest.mark.parametrize("path", web_modules(), ids=lambda path: path.name)
def test_no_web_module_is_over_the_limit(path: Path) -> None:
    lines = line_count(path)
    assert lines <= MAX_LINES, (
        f"yacht/web/{path.relative_to(WEB)} has {lines} lines (at most {MAX_LINES}): "
        "split it along its own seams"
    )
