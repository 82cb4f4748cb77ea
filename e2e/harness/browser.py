"""Choose the Chromium the tests run in, and (as a script) make sure there is one.

Order: ``$YACHT_CHROMIUM``; else Playwright's own Chromium if ``playwright install chromium``
put one there (the usual developer laptop); else Debian's ``/usr/bin/chromium``.

``python e2e/harness/browser.py`` exits 0 when a browser is found, and otherwise installs one:
``apt-get install chromium`` when running as root (or with password-less sudo) on Debian/Ubuntu,
else ``playwright install chromium``. It then installs what the engine suite (``e2e/engines/``)
lacks for Firefox and WebKit (``firefox-esr``; ``webkit2gtk-driver`` and ``xvfb``) the same way;
where that cannot be done it says so, and the suite skips that engine, loudly.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Playwright

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


def chromium_launch_options(playwright: Playwright) -> dict[str, Any]:
    """``chromium.launch`` options for a benchmark: headless, the flags above, and the
    executable ``choose_chromium`` picks (Playwright's own when it was downloaded)."""
    own = Path(playwright.chromium.executable_path)
    options: dict[str, Any] = {"headless": True, "args": list(CHROMIUM_FLAGS)}
    executable = choose_chromium(own if own.exists() else None)
    if executable is not None:
        options["executable_path"] = str(executable)
    return options


def _run(command: list[str]) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True)


def _apt_prefix() -> list[str] | None:
    """``[]`` as root, ``["sudo", "-n"]`` with password-less sudo; None without apt-get."""
    if not shutil.which("apt-get"):
        return None
    if os.geteuid() == 0:
        return []
    if shutil.which("sudo"):
        ok = subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode == 0
        return ["sudo", "-n"] if ok else None
    return None


def ensure_browser() -> None:
    """Install a Chromium when none is available, then what Firefox and WebKit need."""
    apt = _apt_prefix()
    updated = False

    def apt_install(packages: list[str]) -> bool:
        nonlocal updated
        assert apt is not None
        try:
            if not updated:
                _run([*apt, "apt-get", "update"])
                updated = True
            _run([*apt, "apt-get", "install", "-y", "--no-install-recommends", *packages])
        except subprocess.CalledProcessError:
            return False
        return True

    try:
        chosen = choose_chromium(playwright_chromium())
    except FileNotFoundError:
        if os.environ.get("YACHT_CHROMIUM"):
            raise SystemExit(
                f"YACHT_CHROMIUM={os.environ['YACHT_CHROMIUM']} does not exist"
            ) from None
        if apt is None:
            _run([sys.executable, "-m", "playwright", "install", "chromium"])
        elif not apt_install(["chromium"]):
            raise SystemExit("apt-get could not install chromium") from None
    else:
        print(f"browser: {chosen or 'Playwright-managed Chromium'}")
    ensure_engines(apt_install if apt is not None else None)


def ensure_engines(apt_install: Callable[[list[str]], bool] | None) -> None:
    """Install the Debian packages of each engine that lacks something here."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from harness.engines import DEBIAN_PACKAGES, ENGINES, missing

    for engine in ENGINES:
        if missing(engine) and apt_install is not None:
            apt_install(DEBIAN_PACKAGES[engine])
        lacking = missing(engine)
        if lacking:
            print(
                f"WARNING: {engine} cannot be installed here (lacking {', '.join(lacking)}); "
                "the engine suite will SKIP it.",
                flush=True,
            )
        else:
            print(f"engine: {engine} ready")


if __name__ == "__main__":
    ensure_browser()
