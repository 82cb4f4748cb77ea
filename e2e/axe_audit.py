"""axe-core audits of the page as it stands (axe from node_modules, the version npm pins)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def audit(page: Page, where: str) -> None:
    """Run axe on the page; fail listing every violation.

    axe is injected as a script, which the page's Content-Security-Policy forbids: audited
    contexts are made with ``bypass_csp=True``.
    """
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result: dict[str, Any] = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", AXE_TAGS
    )
    problems = [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(n["target"][0] if n["target"] else "?" for n in v["nodes"][:5])
        for v in result["violations"]
    ]
    assert problems == [], f"axe violations on {where}:\n" + "\n".join(problems)
