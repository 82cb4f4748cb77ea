"""Watch a browser context: keep it hermetic and collect everything that went wrong in it.

A ``Watch`` routes every non-local request of the contexts it is attached to: the pinned CDN
runtime is answered from ``node_modules`` (see ``cdn.py``), anything else is aborted and recorded.
It also records console errors, uncaught page errors and crashes, and reads PyScript's error
banners (``.py-error``) from the open pages. ``problems()`` lists what was seen, minus what the
test allowed; the pytest fixtures fail a test at teardown when that list is not empty.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Request, Route, WebError
from playwright.sync_api import Error as PlaywrightError

from .cdn import CdnMirror
from .crashes import record_crash

LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")

# Everything but the loopback addresses is routed; the test servers all bind to 127.0.0.1. A
# regular expression (unlike a Python callable) is matched inside the browser, so local requests
# never make the round trip to Python.
NON_LOCAL_URL = re.compile(r"^(?!https?://(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?/)")

PY_ERRORS_JS = "() => Array.from(document.querySelectorAll('.py-error'), e => e.textContent)"


def is_local(url: str) -> bool:
    """True for addresses on this machine, which the test servers answer."""
    parts = urlsplit(url)
    return parts.scheme in ("http", "https") and parts.netloc.rsplit(":", 1)[0] in LOCAL_HOSTS


def as_pattern(pattern: str | re.Pattern[str]) -> re.Pattern[str]:
    """A compiled pattern; a string is a regular expression searched anywhere in a problem."""
    return pattern if isinstance(pattern, re.Pattern) else re.compile(pattern)


def unexpected(problems: list[str], allowed: list[re.Pattern[str]]) -> list[str]:
    """The problems that no allowed pattern matches (``re.search``)."""
    return [line for line in problems if not any(p.search(line) for p in allowed)]


def report(problems: list[str], title: str = "the browser reported problems") -> str:
    """A readable, numbered report of problems for an assertion message."""
    lines = [f"{title} ({len(problems)}):"]
    lines += [f"  {n}. {problem}" for n, problem in enumerate(problems, 1)]
    return "\n".join(lines)


def trim_stack(text: str, frames: int = 3) -> str:
    """Keep the first few ``    at ...`` stack lines of a JS error (Pyodide's run to dozens)."""
    lines = text.splitlines()
    at = [n for n, line in enumerate(lines) if line.lstrip().startswith("at ")]
    if len(at) <= frames:
        return text
    dropped = set(at[frames:])
    kept = [line for n, line in enumerate(lines) if n not in dropped]
    return "\n".join([*kept, f"    ... {len(dropped)} more stack frames"])


def describe_console(message: ConsoleMessage) -> str:
    location: Any = message.location
    where = ""
    if location and location.get("url"):
        where = f" (at {location['url']}:{location.get('lineNumber', 0)})"
    return f"console.{message.type}: {trim_stack(message.text)}{where}"


def describe_request(request: Request) -> str:
    origin = ", from the service worker" if getattr(request, "service_worker", None) else ""
    return f"{request.method} {request.url} ({request.resource_type}{origin})"


@dataclass
class Watch:
    """Records of everything that went wrong in the attached browser contexts."""

    mirror: CdnMirror
    allowed: list[re.Pattern[str]] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    mirror_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    mirrored: list[str] = field(default_factory=list)
    contexts: list[BrowserContext] = field(default_factory=list)
    _offline: dict[int, bool] = field(default_factory=dict, repr=False)

    def attach(self, context: BrowserContext, *, offline: bool = False) -> BrowserContext:
        """Route and listen to ``context`` (before any page is opened in it).

        ``offline`` must match the context's ``offline`` option. ``context.set_offline`` is
        wrapped to follow later changes: a fulfilled route would otherwise bypass Playwright's
        offline emulation, and the mirror would make an offline test pass for the wrong reason.
        """
        key = id(context)
        self._offline[key] = offline
        set_offline = context.set_offline

        def set_offline_and_follow(offline: bool) -> None:
            set_offline(offline)
            self._offline[key] = offline

        context.set_offline = set_offline_and_follow  # type: ignore[method-assign]
        context.route(NON_LOCAL_URL, lambda route: self._route(route, key))
        context.on("console", self._on_console)
        context.on("weberror", self._on_web_error)
        context.on("page", self._on_page)
        for page in context.pages:
            self._on_page(page)
        self.contexts.append(context)
        return context

    def allow(self, pattern: str | re.Pattern[str]) -> None:
        """Accept problems matching ``pattern`` (a regular expression, searched)."""
        self.allowed.append(as_pattern(pattern))

    # -- recording -------------------------------------------------------------------------

    def _route(self, route: Route, context_key: int) -> None:
        request = route.request
        try:
            if urlsplit(request.url).scheme not in ("http", "https"):
                route.fallback()
                return
            if self._offline.get(context_key):
                route.abort("internetdisconnected")  # what the emulated offline network does
                return
            answer = self.mirror.resolve(request.url)
            if answer.file is not None:
                self.mirrored.append(request.url)
                route.fulfill(
                    status=200,
                    body=self.mirror.read(answer.file),
                    headers={
                        "content-type": answer.content_type,
                        "access-control-allow-origin": "*",
                        "cache-control": "public, max-age=31536000, immutable",
                    },
                )
            elif answer.error is not None:
                self.mirror_errors.append(f"CDN mirror: {answer.error}")
                route.fulfill(status=404, body=answer.error, content_type="text/plain")
            else:
                self.blocked.append(f"blocked non-local request: {describe_request(request)}")
                route.abort("blockedbyclient")
        except PlaywrightError:
            pass  # the page or context went away while the request was in flight

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(describe_console(message))

    def _on_web_error(self, web_error: WebError) -> None:
        error = web_error.error
        stack = (error.stack or "").strip()
        text = f"pageerror: {error.name}: {error.message}"
        if stack and error.message not in stack[:200]:
            text += f"\n{stack}"
        self.page_errors.append(trim_stack(text))

    def _on_page(self, page: Page) -> None:
        page.on("crash", self._on_crash)

    def _on_crash(self, page: Page) -> None:
        self.page_errors.append(f"page crashed: {page.url}")
        record_crash(page.url)

    # -- reading ---------------------------------------------------------------------------

    def py_errors(self) -> list[str]:
        """Text of every PyScript error banner (``.py-error``) in the open pages."""
        found: list[str] = []
        for context in self.contexts:
            for page in context.pages:
                if page.is_closed():
                    continue
                try:
                    texts = page.evaluate(PY_ERRORS_JS)
                except PlaywrightError as error:  # e.g. closed or navigating right now
                    found.append(f"could not read .py-error from {page.url}: {error.message}")
                    continue
                found += [f".py-error in {page.url}: {text}" for text in texts]
        return found

    def problems(
        self, *, dom: bool = True, extra_allowed: list[re.Pattern[str]] | None = None
    ) -> list[str]:
        """Everything recorded (and, with ``dom``, the ``.py-error`` banners) not allowed."""
        seen = self.blocked + self.mirror_errors + self.console_errors + self.page_errors
        if dom:
            seen = seen + self.py_errors()
        return unexpected(seen, self.allowed + (extra_allowed or []))

    def clear(self) -> None:
        """Forget what was recorded so far (the allow-list stays)."""
        for records in (
            self.blocked,
            self.mirror_errors,
            self.console_errors,
            self.page_errors,
            self.mirrored,
        ):
            records.clear()

    def check(self, extra_allowed: list[re.Pattern[str]] | None = None) -> None:
        """Raise ``AssertionError`` listing the problems, if there are any."""
        problems = self.problems(extra_allowed=extra_allowed)
        if problems:
            raise AssertionError(report(problems))
