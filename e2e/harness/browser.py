"""Choose the Chromium the tests run in, and (as a script) make sure there is one.

Order: ``$YACHT_CHROMIUM``; else Playwright's own Chromium if ``playwright install chromium``
put one there (the usual developer laptop); else Debian's ``/usr/bin/chromium``.

``python e2e/harness/browser.py`` exits 0 when a browser is found, and otherwise installs one:
``apt-get install chromium`` when running as root (or with password-less sudo) on Debian/Ubuntu,
else ``playwright install chromium``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

DEBIAN_CHROMIUM = Path("/usr/bin/chromium")

# Flags for a headless run on a small machine without network, GPU or sandbox support.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def playwright_chromium() -> Path | None:
    """Playwright's own Chromium, if it was downloaded."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        path = Path(playwright.chromium.executable_path)
    return path if path.exists() else None


def choose_chromium(playwright_own: Path | None) -> Path | None:
    """The ``executable_path`` to launch, or None to let Playwright use its own build.

    Raises ``FileNotFoundError`` when no browser is available at all.
    """
    override = os.environ.get("YACHT_CHROMIUM")
    if override:
        path = Path(override)
        if not path.exists():
            raise FileNotFoundError(f"YACHT_CHROMIUM={override} does not exist")
        return path
    if playwright_own is not None:
        return None
    if DEBIAN_CHROMIUM.exists():
        return DEBIAN_CHROMIUM
    raise FileNotFoundError(
        "No Chromium found: run `make test` (installs one), `playwright install chromium`, "
        "or set YACHT_CHROMIUM to a Chromium executable."
    )


def _run(command: list[str]) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True)


def ensure_browser() -> None:
    """Install a Chromium when none is available."""
    try:
        chosen = choose_chromium(playwright_chromium())
    except FileNotFoundError:
        pass
    else:
        print(f"browser: {chosen or 'Playwright-managed Chromium'}")
        return
    if os.environ.get("YACHT_CHROMIUM"):
        raise SystemExit(f"YACHT_CHROMIUM={os.environ['YACHT_CHROMIUM']} does not exist")
    sudo: list[str] = []
    if os.geteuid() != 0 and shutil.which("sudo"):
        ok = subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode == 0
        sudo = ["sudo", "-n"] if ok else []
    if shutil.which("apt-get") and (os.geteuid() == 0 or sudo):
        _run([*sudo, "apt-get", "update"])
        _run([*sudo, "apt-get", "install", "-y", "--no-install-recommends", "chromium"])
    else:
        _run([sys.executable, "-m", "playwright", "install", "chromium"])


if __name__ == "__main__":
    ensure_browser()
