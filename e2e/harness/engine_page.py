"""The game board driven through Selenium, for the engines Playwright cannot run here.

The twin of ``e2e/yacht_page.py`` (Playwright), kept to what the engine suite needs: boot, roll,
hold, score, read the board back (the same ``SNAPSHOT_JS``), and screenshots of a given size.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from .boot import PYTHON_FAILURE_MARKERS
from .engine_site import FRAME_PATH, EngineSite
from .engines import EngineDriver

# The page's readiness contract (see boot.py): <html data-ready="true">.
READY_JS = "return document.documentElement.dataset.ready === 'true'"
OFFLINE_READY_JS = "return document.documentElement.dataset.offlineReady || null"
# The worker's update check answered: "true"/"false", or "failed" (twice in a row: sw.js).
UPDATE_CHECKED_JS = (
    "const root = document.documentElement;"
    "return root.dataset.updateAvailable || root.dataset.updateCheck || null"
)
CONTROLLED_JS = "return !!navigator.serviceWorker.controller"
SAVE_JS = "return localStorage.getItem('yacht:game')"
# Two frames after a change: WebKitGTK's driver screenshots the last painted frame.
PAINTED_JS = """const done = arguments[arguments.length - 1];
requestAnimationFrame(() => requestAnimationFrame(() => done(true)));"""
# A file of the site that every engine shows as text: no game on it reads or writes the save.
PLANTING_PATH = "static/yacht.css"
# MiniBrowser's window is never narrower than its toolbar (about 450 px).
FRAME_MIN_WIDTH = 500
POLL_S = 0.1
# Generous: WebKit's cold boot alone takes several times Chromium's on a busy 2-core machine.
BOOT_TIMEOUT_S = 120


# Every animation over, the dice's tumbles with Roll's: a picture shows the dice at rest.
ANIMATIONS_OVER_JS = "document.getAnimations().every((a) => a.playState !== 'running')"


class Board:
    """The game in one engine's window, served by ``site``."""

    def __init__(self, engine: EngineDriver, site: EngineSite) -> None:
        self.engine = engine
        self.driver = engine.driver
        self.site = site
        self.base_url = site.base_url

    # -- waiting ------------------------------------------------------------------------------

    def wait_for(self, script: str, what: str, timeout_s: float = 30) -> Any:
        """Poll ``script`` until it returns something truthy; return that."""
        deadline = time.perf_counter() + timeout_s
        while True:
            value = self.driver.execute_script(script)
            if value:
                return value
            if time.perf_counter() > deadline:
                raise AssertionError(f"{self.engine.name}: timed out waiting for {what}")
            time.sleep(POLL_S)

    def problems(self) -> list[str]:
        """What went wrong in the page since the last call."""
        return self.engine.problems()

    def open(self, path: str = "") -> float:
        """Navigate (through the service worker when it controls the site) and wait until the
        game is interactive; return the seconds it took. Fails early when Python fails.

        ``driver.get`` rather than ``refresh()``: Firefox's refresh bypasses the worker.
        """
        start = time.perf_counter()
        self.driver.get(self.base_url + path)
        deadline = start + BOOT_TIMEOUT_S
        while not self.driver.execute_script(READY_JS):
            failures = [p for p in self.problems() if any(m in p for m in PYTHON_FAILURE_MARKERS)]
            assert not failures, f"{self.engine.name} failed to boot: {failures[0]}"
            assert time.perf_counter() < deadline, f"{self.engine.name}: not ready in time"
            time.sleep(POLL_S)
        return time.perf_counter() - start

    def plant_game(self, record: str) -> None:
        """Store ``record`` as the saved game, for the next :meth:`open` to start from.

        localStorage belongs to a page's origin: a fresh window is on ``about:blank``, where
        writing it throws a SecurityError, so a small file of the site is opened first.
        """
        if not self.driver.current_url.startswith(self.base_url):
            self.driver.get(self.base_url + PLANTING_PATH)
        self.driver.execute_script("localStorage.setItem('yacht:game', arguments[0])", record)

    def wait_settled(self) -> str:
        """Wait for what the worker does after an online boot; return its offline status."""
        status = str(self.wait_for(OFFLINE_READY_JS, "the worker's offline status", BOOT_TIMEOUT_S))
        checked = self.wait_for(UPDATE_CHECKED_JS, "the worker's update check", BOOT_TIMEOUT_S)
        assert checked != "failed", f"{self.engine.name}: the worker's update check failed twice"
        return status

    def controlled(self) -> bool:
        return bool(self.driver.execute_script(CONTROLLED_JS))

    # -- playing ------------------------------------------------------------------------------

    def click(self, selector: str) -> None:
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def press(self, key: str) -> None:
        """Press ``key`` (a Selenium ``Keys`` value or a character) where the focus is."""
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).send_keys(key).perform()

    def _acting(self, act: Callable[[], None], what: str) -> None:
        """Do ``act``, then wait for the game to save the change."""
        before = self.driver.execute_script(SAVE_JS)
        act()
        self.wait_for(
            f"return localStorage.getItem('yacht:game') !== {json.dumps(before)}",
            f"the game to save after {what}",
        )
        # As a player does, wait for the dice to land: while they fly, Roll takes no clicks.
        # Both the game's own record (Roll drops its airborne class in its animationend handler,
        # where a keyboard roll's focus moves on) and every animation over: an animation can
        # read "finished" a moment before its animationend is dispatched (WebKit).
        from yacht_page import LANDED_JS  # the Playwright page object's, shared

        self.wait_for(
            f"return ({LANDED_JS})() && {ANIMATIONS_OVER_JS}", f"the dice to land after {what}"
        )

    def roll(self) -> None:
        self._acting(lambda: self.click("#roll"), "clicking Roll")

    def roll_by_key(self, key: str) -> None:
        """Roll by pressing ``key`` where the focus is (Enter or Space on a focused Roll, R)."""
        self._acting(lambda: self.press(key), f"pressing {key!r}")

    def toggle(self, index: int) -> None:
        die = f"#dice .die[data-index='{index}']"
        self._acting(lambda: self.click(die), f"clicking {die}")

    def score(self, category: str) -> None:
        """Score ``category``, saying "Score 0" if the page asks before a wasted 0."""
        option = f"#scorecard button.option[data-category='{category}']"
        self._scoring(lambda: self.click(option), f"the score in {category}")

    def score_by_key(self, key: str) -> None:
        """Score the category whose option has the focus by pressing ``key`` (Enter, Space)."""
        self._scoring(lambda: self.press(key), f"the score after pressing {key!r}")

    def _scoring(self, act: Callable[[], None], what: str) -> None:
        """Do ``act``, say "Score 0" if the page then asks before a wasted 0, and wait for the
        game to save the score."""
        before = self.driver.execute_script(SAVE_JS)
        act()
        if self.driver.execute_script("return document.querySelector('#scratch-confirm').open"):
            self.click("#scratch-yes")
        self.wait_for(
            f"return localStorage.getItem('yacht:game') !== {json.dumps(before)}",
            f"the game to save {what}",
        )

    # -- reading ------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        from yacht_page import SNAPSHOT_JS  # the Playwright page object's, shared

        result: dict[str, Any] = self.driver.execute_script(f"return ({SNAPSHOT_JS})()")
        return result

    def dice(self) -> list[int]:
        faces = [die[0] for die in self.snapshot()["dice"]]
        assert None not in faces, f"dice not rolled: {faces}"
        return [int(face) for face in faces]

    def previews(self) -> dict[str, int]:
        """Points the page offers for each open category, by category id."""
        result: dict[str, int] = self.driver.execute_script(
            """return Object.fromEntries([...document.querySelectorAll('#scorecard button.option')]
                .map(b => [b.dataset.category, Number(b.textContent)]))"""
        )
        return result

    def saved(self) -> dict[str, Any]:
        text = self.driver.execute_script(SAVE_JS)
        assert text, "nothing saved"
        data: dict[str, Any] = json.loads(text)
        return data

    # -- pictures -----------------------------------------------------------------------------

    def painted(self) -> None:
        self.driver.execute_async_script(PAINTED_JS)

    def screenshots(
        self, sizes: list[tuple[int, int]], path_for: Any, probe_js: str
    ) -> dict[tuple[int, int], Any]:
        """Save a picture of the game at each ``(width, height)`` to ``path_for(width, height)``;
        return, for each size, what ``probe_js`` (run in the game's page) said at that moment.

        Firefox sets the viewport itself (BiDi ``setViewport``). MiniBrowser's window cannot be
        narrower than its toolbar, so in WebKit the game boots once in an iframe on a test page
        of the server, and the frame (the game's viewport) is resized for each picture.
        """
        from selenium.webdriver.common.by import By

        driver = self.driver
        probes: dict[tuple[int, int], Any] = {}
        framed = self.engine.name == "webkit"
        if framed:
            driver.get(self.base_url + FRAME_PATH)
            frame = driver.find_element(By.TAG_NAME, "iframe")
            toolbar = driver.execute_script(
                "return [outerWidth - innerWidth, outerHeight - innerHeight]"
            )
        elif not driver.execute_script(READY_JS):
            self.open()  # a test run on its own: its engine's window has not opened the game yet
        for width, height in sizes:
            if framed:
                # The window's viewport exactly as tall as the frame: WebKitGTK's element
                # screenshot blacks out a band as tall as the difference at the top.
                driver.set_window_size(
                    max(width, FRAME_MIN_WIDTH) + toolbar[0], height + toolbar[1]
                )
                driver.execute_script(
                    "arguments[0].style.width = arguments[1] + 'px';"
                    "arguments[0].style.height = arguments[2] + 'px';",
                    frame,
                    width,
                    height,
                )
                driver.switch_to.frame(frame)
            else:
                driver.browsing_context.set_viewport(
                    context=driver.current_window_handle,
                    viewport={"width": width, "height": height},
                )
            try:
                self.wait_for(READY_JS, "the game to be ready", BOOT_TIMEOUT_S)
                # The page at its new size, and a frame drawn at it before anything is read: a
                # ResizeObserver (static/seat-headings.js) answers a resize in the next frame,
                # which a framed WebKit had not always drawn yet (short headings read at 844 px).
                self.wait_for(
                    f"return innerWidth === {width} && innerHeight === {height}",
                    f"the page to be {width} x {height}",
                )
                self.painted()
                probes[width, height] = driver.execute_script(probe_js)
            finally:
                if framed:
                    driver.switch_to.default_content()
            target = path_for(width, height)
            if framed:
                frame.screenshot(str(target))
            else:
                driver.save_screenshot(str(target))
        if not framed:
            driver.browsing_context.set_viewport(
                context=driver.current_window_handle, viewport=None
            )
        return probes
