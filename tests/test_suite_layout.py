"""The two test folders share pytest's module namespace (rootdir-relative imports without
packages), so a test file's name must not appear in both: pytest would refuse to collect the
second one and stop the whole run before a single test."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_no_test_module_name_is_in_both_folders() -> None:
    names = {
        folder: {path.name for path in (ROOT / folder).rglob("test_*.py")}
        for folder in ("tests", "e2e")
    }
    assert names["tests"]
    assert names["e2e"]
    assert names["tests"] & names["e2e"] == set()
